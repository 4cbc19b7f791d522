"""The pictures explain themselves: a Perroquets board with a legend, its letters against the
board, its phase in words and no mark over another; a Spanish Main table that says what was
checked, with its figures, at a size that fits a screen; a board of the fleets for a log that
gives no positions. Every picture renders with cairosvg and escapes the names it is given."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from itertools import combinations
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.games import GAMES
from referee.games.perroquets.view import PHASES
from referee.pipeline.replay import check_text

ROOT = Path(__file__).resolve().parent.parent
PERROQUETS = ROOT / "samples" / "perroquets"
SPANISH = ROOT / "samples" / "spanish-main"
MEETING = PERROQUETS / "legal" / "p-example-4-meeting.perroquets"
THREE = PERROQUETS / "legal" / "game-3-players.perroquets"
TOW = SPANISH / "legal" / "tow-and-fog.spanish-main"
NS = "{http://www.w3.org/2000/svg}"
Box = tuple[float, float, float, float]


def view_after(path: Path, move: int | None = None) -> dict:
    report = check_text(str(path), path.read_text(encoding="utf-8"), stop_after=move)
    return report.games[0].engine.view()


def svg_of(path: Path, move: int | None, tmp_path: Path) -> tuple[int, ElementTree.Element, str]:
    target = tmp_path / "picture.svg"
    args = ["show", str(path), "--format", "svg", "-o", str(target)] + (["--move", str(move)] if move is not None else [])
    result = CliRunner().invoke(cli, args)
    text = target.read_text(encoding="utf-8")
    return result.exit_code, ElementTree.fromstring(text), text


def with_class(root: ElementTree.Element, name: str) -> list[ElementTree.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def texts(element: ElementTree.Element) -> str:
    return " ".join(t.text or "" for t in element.iter(f"{NS}text"))


def renders(svg: str, tmp_path: Path) -> None:
    cairosvg = pytest.importorskip("cairosvg", reason="cairosvg renders SVG in tests where it is installed")
    target = tmp_path / "picture.png"
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(target))
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and target.stat().st_size > 10_000


# -- Pirates & Perroquets ---------------------------------------------------------------------------------

def mark_box(mark: ElementTree.Element) -> Box:
    """Everything a ship or parrot draws: circles by centre and radius, polygons and paths by
    their points, rectangles and lines by their corners."""
    xs: list[float] = []
    ys: list[float] = []
    for part in mark.iter():
        if part.tag == f"{NS}circle":
            x, y, r = (float(part.get(k)) for k in ("cx", "cy", "r"))
            xs += [x - r, x + r]
            ys += [y - r, y + r]
        elif part.tag == f"{NS}polygon":
            for pair in part.get("points").split():
                x, y = pair.split(",")
                xs.append(float(x))
                ys.append(float(y))
        elif part.tag == f"{NS}rect":
            x, y, w, h = (float(part.get(k)) for k in ("x", "y", "width", "height"))
            xs += [x, x + w]
            ys += [y, y + h]
        elif part.tag == f"{NS}line":
            xs += [float(part.get("x1")), float(part.get("x2"))]
            ys += [float(part.get("y1")), float(part.get("y2"))]
        elif part.tag == f"{NS}path":
            absolute = re.match(r"M([-\d.]+),([-\d.]+)((?: L[-\d.]+,[-\d.]+)+) z", part.get("d"))
            if absolute:  # a hull: absolute corners only
                pairs = [(absolute[1], absolute[2])] + re.findall(r"L([-\d.]+),([-\d.]+)", absolute[3])
                xs += [float(x) for x, _ in pairs]
                ys += [float(y) for _, y in pairs]
    return min(xs), min(ys), max(xs), max(ys)


def overlaps(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.01 and min(a[3], b[3]) - max(a[1], b[1]) > 0.01


def square_boxes(root: ElementTree.Element) -> dict[tuple[str, str], Box]:
    """Each square of the board and of its margin, by its column and row counted from 0."""
    found = {}
    for rect in root.iter(f"{NS}rect"):
        if (rect.get("class") or "") in ("sea", "island", "dot-square"):
            x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
            name = rect.get("data-square")
            at = (str(ord(name[0]) - 97), str(int(name[1:]) - 1)) if name else (rect.get("data-x"), rect.get("data-y"))
            found[at] = (x, y, x + w, y + h)
    return found


def assert_marks_apart(root: ElementTree.Element, view: dict) -> None:
    squares = square_boxes(root)
    parrots = with_class(root, "parrot")
    ships = with_class(root, "ship")
    assert len(parrots) == len(view["parrots"]) and len(ships) == sum(1 for s in view["ships"].values() if s)
    boxes = []
    for parrot in parrots:
        box = mark_box(parrot)
        x0, y0, x1, y1 = squares[(parrot.get("data-x"), parrot.get("data-y"))]
        assert x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1, "a parrot stays in its square"
        boxes.append(("parrot", box))
    for ship in ships:
        x, y = ship.get("data-square")[0], ship.get("data-square")[1:]
        box = mark_box(ship)
        x0, y0, x1, y1 = squares[(str(ord(x) - 97), str(int(y) - 1))]
        assert x0 <= box[0] and box[2] <= x1 and y0 <= box[1] and box[3] <= y1, "a ship stays in its square"
        boxes.append(("ship", box))
    for (kind, one), (other_kind, other) in combinations(boxes, 2):
        assert not overlaps(one, other), f"a {kind} and a {other_kind} overlap: {one} {other}"


@pytest.mark.parametrize("path, move", [(MEETING, None), (THREE, 5), (THREE, 30), (THREE, 60)])
def test_no_parrot_or_ship_covers_another_and_each_stays_in_its_square(path, move):
    """Today's crowded squares (j2 and e2 after the fourth example's round 2), parrots waiting on
    their dots outside the board, ships meeting."""
    view = view_after(path, move)
    root = ElementTree.fromstring(GAMES["perroquets"].render_svg(view))
    assert_marks_apart(root, view)


def test_a_square_crowded_with_ships_and_parrots_still_keeps_them_apart():
    view = view_after(MEETING)
    here = dict(view["parrots"][0])
    square = view["ships"]["X"]
    here["at"] = {"x": ord(square[0]) - 97, "y": int(square[1:]) - 1}
    here["square"] = square
    view["ships"]["Y"] = square
    view["parrots"] = view["parrots"] + [dict(here, value=v % 3 + 1, heading="NESW"[v % 4]) for v in range(9)]
    root = ElementTree.fromstring(GAMES["perroquets"].render_svg(view))
    assert_marks_apart(root, view)


def test_the_board_has_a_legend_its_phase_in_words_and_letters_against_it():
    view = view_after(MEETING)
    root = ElementTree.fromstring(GAMES["perroquets"].render_svg(view))
    # a legend: ships by player (with their holds), parrots by value, the wind, every other mark
    holds = with_class(root, "hold")
    assert [h.get("data-player") for h in holds] == view["players"]
    assert all(with_class(h, "legend-ship") for h in holds)
    values = {p["value"] for p in view["parrots"]} | {int(v) for v in view["bag"]}
    assert {int(e.get("data-value")) for e in with_class(root, "legend-parrot")} == values
    assert with_class(root, "wind")[0].get("data-heading") == view["wind"]
    for mark in ("legend-island", "legend-path", "legend-meeting", "legend-dot"):
        assert with_class(root, mark), mark
    panel = texts(with_class(root, "panel")[0])
    assert "die 3: blows toward" in panel and "the north" in panel and "X at b5: 2 parrots" in panel
    # the ship is a hull with a square sail, not an arrowhead
    ship = with_class(root, "ship")[0]
    assert with_class(ship, "sail")[0].tag == f"{NS}rect" and with_class(ship, "hull")
    # the meeting of round 2 on b5, framed
    assert [m.get("data-square") for m in with_class(root, "meeting")] == ["b5"]
    # the phase in words, not the engine's code
    phase = with_class(root, "phase")[0].text
    assert phase == PHASES["after"] and "after" not in phase.split()
    # letters just above and below the board, numbers just beside it
    squares = [b for (x, y), b in square_boxes(root).items() if 0 <= int(x) < 11 and 0 <= int(y) < 11]
    top, bottom = min(b[1] for b in squares), max(b[3] for b in squares)
    left, right = min(b[0] for b in squares), max(b[2] for b in squares)
    columns = with_class(root, "column")
    assert sorted({c.text for c in columns}) == list("abcdefghijk")
    for letter in columns:
        y = float(letter.get("y"))
        assert 0 < top - y < 20 or 0 < y - bottom < 20, "a letter stands against the board"
    for number in with_class(root, "row"):
        x = float(number.get("x"))
        assert 0 < left - x < 20 or 0 < x - right < 20, "a number stands against the board"


def test_a_phase_before_the_flights_is_said_in_words_on_the_picture_and_in_text():
    view = view_after(THREE, 8)
    root = ElementTree.fromstring(GAMES["perroquets"].render_svg(view))
    assert with_class(root, "phase")[0].text == PHASES[view["phase"]]
    assert PHASES[view["phase"]] in GAMES["perroquets"].render_view(view)[1]


def renamed(view: dict, old: str, new: str) -> dict:
    return json.loads(json.dumps(view).replace(json.dumps(old), json.dumps(new)))


def test_the_board_escapes_the_names_it_draws(tmp_path):
    hostile = '<script>alert("x")</script>&'
    view = renamed(view_after(MEETING), "X", hostile)
    svg = GAMES["perroquets"].render_svg(view)
    root = ElementTree.fromstring(svg)
    assert not list(root.iter(f"{NS}script")) and "<script>" not in svg
    assert hostile in texts(root)
    renders(svg, tmp_path)
    view["data"]["id"] = "reef & lagoon <1>"
    note = with_class(ElementTree.fromstring(GAMES["perroquets"].render_svg(view)), "data-note")[0].text
    assert note.startswith("data: reef & lagoon <1> — "), "escaped once, read as written"


def test_the_board_renders_to_png(tmp_path):
    renders(GAMES["perroquets"].render_svg(view_after(THREE, 30)), tmp_path)


# -- Pirates of the Spanish Main: the table ----------------------------------------------------------------

geometry = pytest.mark.skipif(__import__("importlib").util.find_spec("shapely") is None, reason="level 2 needs shapely")


@geometry
def test_the_table_says_what_was_checked_with_its_figures_and_fits_a_screen(tmp_path):
    code, root, svg = svg_of(SPANISH / "illegal" / "s-geo-shot-through-sail.spanish-main", 54, tmp_path)
    assert code == 1
    key = texts(with_class(root, "key")[0])
    checked = with_class(root, "checked")[0].text
    assert "S-GEO-SHOT" in checked and "breaks" in checked
    assert "85.7 mm" in key and "88 mm" in key and "crosses Anna.s1 sail 1" in key
    for mark in ("key-fire", "key-range", "key-blocker", "key-at", "key-player", "key-mast", "key-lost-mast"):
        assert with_class(root, mark), mark
    assert "the nearest line of fire, 85.7 mm" in key and "the range, 88 mm" in key and "in the way: Anna.s1 sail 1" in key
    width, height = float(root.get("width")), float(root.get("height"))
    _, _, box_w, box_h = (float(v) for v in root.get("viewBox").split())
    assert width <= 1280 and abs(width / height - box_w / box_h) < 0.01
    renders(svg, tmp_path)


@geometry
def test_a_check_that_held_is_said_with_its_figures(tmp_path):
    log = SPANISH / "legal" / "level2-short-game.spanish-main"
    code, root, _ = svg_of(log, 54, tmp_path)
    assert code == 0
    checked = with_class(root, "checked")[0].text
    assert checked.startswith("Last check:") and "held" in checked
    assert " mm" in " ".join(t.text or "" for t in with_class(root, "figures"))


# -- Pirates of the Spanish Main: the fleets, for a level-1 log ---------------------------------------------

def test_a_level_1_log_gets_a_board_of_its_fleets(tmp_path):
    view = view_after(TOW, 30)
    code, root, svg = svg_of(TOW, 30, tmp_path)
    assert code == 0 and float(root.get("width")) <= 1280
    cards = {c.get("data-ship"): c for c in with_class(root, "fleet-ship")}
    ships = [ship for fleet in view["fleets"].values() for ship in fleet]
    assert set(cards) == {ship["id"] for ship in ships}
    for ship in ships:
        card = cards[ship["id"]]
        assert len(with_class(card, "standing")) == sum(m["standing"] for m in ship["masts"])
        assert len(with_class(card, "lost")) == sum(not m["standing"] for m in ship["masts"])
        hold = with_class(card, "hold")[0]
        assert (int(hold.get("data-load")), int(hold.get("data-cargo"))) == (ship["load"], ship["cargo"])
        assert len(with_class(card, "cargo-slot")) >= ship["cargo"]
        assert len(with_class(card, "crew")) == len(ship["crew"])
        assert len(with_class(card, "treasure")) == len(ship["treasure"])
        badges = [b.get("data-state") for b in with_class(card, "state")]
        assert badges == ([s.split()[0] for s in ship["state"]] or ["at sea"])
    assert {"towing", "towed", "derelict", "lost", "docked"} <= {b.get("data-state") for b in with_class(root, "state")}
    assert [g.get("data-player") for g in with_class(root, "fleet")] == list(view["fleets"])
    assert len(with_class(root, "island")) == len(view["islands"])
    assert len(with_class(root, "legend-item")) >= 5
    assert "gives no positions" in texts(root)
    renders(svg, tmp_path)


def test_the_fleets_board_shows_treasure_face_down_and_escapes_names(tmp_path):
    view = view_after(SPANISH / "legal" / "game-sm-2.spanish-main", 33)
    hostile = '<script>alert("x")</script>&'
    view = renamed(view, "Black Gull", hostile)
    svg = GAMES["spanish-main"].render_svg(view)
    root = ElementTree.fromstring(svg)
    assert not list(root.iter(f"{NS}script")) and "<script>" not in svg and hostile in texts(root)
    coins = [t.text for c in with_class(root, "treasure") for t in c.iter(f"{NS}text")]
    assert "?" in coins
