"""A Perroquets data file shown to the person who made it (`referee data show`): the board
with every entry dot where its data puts it, in its formation's colour, as text and as a
picture, and one card by its id."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.games.perroquets.data import default_data
from referee.games.perroquets.datashow import (CELL, FORMATION_COLOURS, FORMATION_CORNERS, RING, data_lines, data_svg,
                                               dot_places)
from referee.pipeline.datafiles import load_data_file

ROOT = Path(__file__).resolve().parent.parent
LAGOON = ROOT / "samples" / "perroquets" / "boards" / "lagoon-9.json"
SVG = "{http://www.w3.org/2000/svg}"


def lagoon():
    return load_data_file(str(LAGOON))[1]


def test_the_text_grid_puts_each_formation_beside_its_entry_square():
    data = lagoon()
    lines = data_lines(data)
    grid = {line[:3].strip(): line for line in lines[1:13]}
    # W side, row 2: formations 1 and 4 enter at a2 (lagoon-9's formation 4 repeats 1)
    assert grid["2"].split()[1] == "14"
    assert grid["9"].split()[1] == "3" and grid["9"].split()[-1] == "3"  # a9 and i9: W 3 and E 3
    top = lines[2].split()  # the margin row above row 9: the N formations, column by column
    assert top == ["3", "14", "2", "2", "14", "3", "2", "14", "3"]
    assert "  N (side 1): 1: b9 e9 h9; 2: c9 d9 g9; 3: a9 f9 i9; 4: b9 e9 h9" in lines
    assert "wind die: 1 blows toward S ↓, 2 blows toward W ←, 3 blows toward N ↑, 4 blows toward E →" in lines
    assert "pile A (number 1 on its back, 6 cards):" in lines and "  A4: weight 1, green F L, black F R" in lines
    assert any("the printed dots stand on the edge squares" in line for line in lines)


def test_one_card_is_shown_by_its_id_and_an_unknown_one_is_refused():
    assert data_lines(lagoon(), "B3") == ["B3: weight 2, green F L F, black F R F (pile B, number 2 on its back)"]
    shown = CliRunner().invoke(cli, ["data", "show", str(LAGOON), "Z9"])
    assert shown.exit_code == 2 and "holds no card 'Z9'" in shown.output


def dots(svg: str) -> list[ElementTree.Element]:
    root = ElementTree.fromstring(svg)
    return [element for element in root.iter(f"{SVG}g") if element.get("class") == "dot"]


@pytest.mark.parametrize("loaded", [default_data, lagoon], ids=["margin", "on-edge"])
def test_the_picture_draws_every_entry_dot_where_the_data_puts_it(loaded):
    data = loaded()
    board = data.board
    svg = data_svg(data)
    root = ElementTree.fromstring(svg)
    classes = [element.get("class") for element in root.iter()]
    assert classes.count("island") == len(board.islands)
    assert classes.count("sea") == board.width * board.height - len(board.islands)
    drawn = sorted((d.get("data-side"), int(d.get("data-formation")), d.get("data-square")) for d in dots(svg))
    wanted = sorted((side, formation, f"{chr(97 + x)}{y + 1}") for side, by_formation in board.dots.items()
                    for formation, squares in by_formation.items() for x, y in squares)
    assert drawn == wanted
    margin = 2 * RING
    for dot in dots(svg):
        circle = dot.find(f"{SVG}circle")
        cx, cy = float(circle.get("cx")), float(circle.get("cy"))
        assert circle.get("fill") == FORMATION_COLOURS[int(dot.get("data-formation"))]
        square = dot.get("data-square")
        x, y = ord(square[0]) - 97, int(square[1:]) - 1
        left, top = margin + CELL * x, margin + CELL * (board.height - 1 - y)
        if board.dot_position == "on-edge":  # on the entry square itself
            assert left < cx < left + CELL and top < cy < top + CELL
        else:  # in the margin's inner ring, beside its square
            side = dot.get("data-side")
            inside = margin <= cx <= margin + CELL * board.width and margin <= cy <= margin + CELL * board.height
            assert not inside
            if side in "NS":
                assert left < cx < left + CELL and RING < min(cy, 2 * margin + CELL * board.height - cy) < margin
            else:
                assert top < cy < top + CELL and RING < min(cx, 2 * margin + CELL * board.width - cx) < margin
    sides = {t.get("data-side"): t.text for t in root.iter(f"{SVG}text") if t.get("data-side")}
    assert sides == {side: f"side {number} ({side})" for number, side in board.sides.items()}


@pytest.mark.parametrize("which", ["default", "lagoon-9"])
def test_no_dot_hides_another(which):
    """lagoon-9's corner squares are entered by formation 3 from two sides: both dots show."""
    svg = data_svg(default_data() if which == "default" else lagoon())
    circles = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
               for dot in dots(svg) for c in [dot.find(f"{SVG}circle")]]
    for index, (x, y, r) in enumerate(circles):
        for other_x, other_y, other_r in circles[index + 1:]:
            assert (x - other_x) ** 2 + (y - other_y) ** 2 >= (r + other_r) ** 2, (x, y, other_x, other_y)


def test_a_formation_keeps_its_corner_and_a_second_dot_of_it_moves_toward_its_own_side():
    assert dot_places([("N", 1), ("N", 4)]) == [(*FORMATION_CORNERS[1], 8.0), (*FORMATION_CORNERS[4], 8.0)]
    # a9 on an on-edge board: the west 3 keeps its corner (lower left), the north 3 goes up
    assert dot_places([("W", 3), ("N", 3)]) == [(-9, 9, 8.0), (-9, -9, 8.0)]
    assert dot_places([("S", 3), ("W", 3)]) == [(-9, 9, 8.0), (-9, -9, 8.0)]  # west: leftward, up the left side
    assert dot_places([("W", 3), ("S", 3)]) == [(-9, 9, 8.0), (9, 9, 8.0)]  # south: along the bottom
    assert dot_places([("E", 4), ("N", 4)]) == [(9, 9, 8.0), (9, -9, 8.0)]
    assert dot_places([("N", 5)]) == [(9, 9, 8.0)]  # no colour nor corner of its own: the nearest free one
    crowded = dot_places([("N", f) for f in (1, 2, 3)] + [("W", f) for f in (1, 2, 3)])
    assert len(set((x, y) for x, y, _ in crowded)) == 6 and all(r < 8 for _, _, r in crowded)


def test_the_picture_renders_with_each_dot_in_its_formation_colour(tmp_path):
    cairosvg = pytest.importorskip("cairosvg", reason="cairosvg renders SVG in tests where it is installed")
    from PIL import Image

    svg = data_svg(default_data())
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    for dot in dots(svg):
        circle = dot.find(f"{SVG}circle")
        # beside the digit, inside the circle: the fill shows
        x, y = round(float(circle.get("cx"))) - 5, round(float(circle.get("cy"))) - 4
        colour = FORMATION_COLOURS[int(dot.get("data-formation"))]
        wanted = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        assert all(abs(a - b) <= 12 for a, b in zip(image.getpixel((x, y)), wanted)), (dot.attrib, image.getpixel((x, y)))


def test_data_show_writes_the_picture_and_refuses_one_of_a_single_card(tmp_path):
    target = tmp_path / "lagoon.svg"
    result = CliRunner().invoke(cli, ["data", "show", str(LAGOON), "--format", "svg", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert len(dots(target.read_text(encoding="utf-8"))) == 48
    card = CliRunner().invoke(cli, ["data", "show", str(LAGOON), "A1", "--format", "svg"])
    assert card.exit_code == 2 and "give no ID" in card.output
    text = CliRunner().invoke(cli, ["data", "show", str(LAGOON)])
    assert text.exit_code == 0 and text.stdout.startswith("lagoon-9: board 9 × 9, 5 islands\n")
    # how a log names it, as data check says: the tag with the file's digest
    check = CliRunner().invoke(cli, ["data", "check", str(LAGOON)])
    said = " ".join(check.stdout.split())  # lines broken at 100 columns, joined
    named = said[said.index("a log names it"):said.index("--data FILE") + len("--data FILE")]
    assert " ".join(text.stdout.split()).startswith(f"lagoon-9: board 9 × 9, 5 islands {named}")
    assert 'Data "lagoon-9 sha256:' in named
    default = CliRunner().invoke(cli, ["data", "show", str(ROOT / "referee" / "games" / "perroquets" / "default.json")])
    assert default.exit_code == 0 and default.stdout.splitlines()[1] == 'a log names it [Data "default"]'


def test_data_show_of_a_faulty_board_says_where_the_fault_is(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(LAGOON.read_text(encoding="utf-8").replace('"width": 9', '"width": "nine"'), encoding="utf-8")
    result = CliRunner().invoke(cli, ["data", "show", str(bad)])
    assert result.exit_code == 2 and f"{bad}: /board/width: " in result.output
