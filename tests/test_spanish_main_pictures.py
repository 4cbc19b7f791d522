"""The Spanish Main table picture (`referee show --format svg`): names beside their pieces and
legible, the refused pose of a placement or come-about drawn with a close-up around it, an
iceberg's stop and what it stops against marked, forts named with numbered flags."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

pytest.importorskip("shapely", reason="level 2 needs shapely")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "spanish-main"
NS = {"s": "http://www.w3.org/2000/svg"}


def picture(sample: str, move: int | None, tmp_path: Path) -> ElementTree.Element:
    from click.testing import CliRunner

    from referee.cli import cli

    target = tmp_path / "table.svg"
    args = ["show", str(SAMPLES / sample), "--format", "svg", "-o", str(target)]
    args += ["--move", str(move)] if move is not None else []
    CliRunner().invoke(cli, args)
    return ElementTree.fromstring(target.read_text(encoding="utf-8"))


def classes(element: ElementTree.Element) -> set[str]:
    return {token for e in element.iter() for token in (e.get("class") or "").split()}


def points(element: ElementTree.Element) -> list[tuple[float, float]]:
    return [tuple(float(v) for v in pair.split(",")) for pair in element.get("points", "").split()]  # type: ignore[misc]


def label_boxes(root: ElementTree.Element, group: str = "names") -> dict[str, tuple[float, float, float, float]]:
    """Each name of a view with the box it covers, from its position and size (a generous
    estimate of the text's width)."""
    layer = next(g for g in root.iter(f"{{{NS['s']}}}g") if g.get("class") == group)
    boxes = {}
    for label in layer.iterfind("s:g", NS):
        text = next(t for t in label.iterfind("s:text", NS) if t.get("class") != "halo")
        x, y, size = float(text.get("x")), float(text.get("y")), float(text.get("font-size"))
        boxes[f'{label.get("data-label")}|{text.text}'] = (x, y - 0.8 * size, x + 0.6 * size * len(text.text), y + 0.2 * size)
    return boxes


def inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    x, y = point
    found = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            found = not found
    return found


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def hulls(root: ElementTree.Element) -> dict[str, list[tuple[float, float]]]:
    ships = next(g for g in root.iter(f"{{{NS['s']}}}g") if g.get("class") == "ships")
    return {g.get("data-piece"): points(g.find("s:polygon[@class='hull']", NS)) for g in ships.iterfind("s:g", NS)}


@pytest.mark.parametrize("sample, move", [("legal/level2-fort.spanish-main", 65),
                                          ("legal/level2-short-game.spanish-main", None),
                                          ("illegal/s-geo-iceberg-stop.spanish-main", 30),
                                          ("illegal/s-geo-shot-through-fog.spanish-main", 34)])
def test_a_ship_is_named_beside_its_hull_not_over_it(tmp_path, sample, move):
    root = picture(sample, move, tmp_path)
    boxes = label_boxes(root)
    outlines = hulls(root)
    assert outlines
    for name, hull in outlines.items():
        key = next(k for k in boxes if k.startswith(name + "|"))
        x0, y0, x1, y1 = boxes[key]
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        assert not inside(centre, hull), name
        corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
        assert sum(inside(corner, hull) for corner in corners) <= 1, name
    # a ship lying along the x axis: its name clears the hull's box entirely
    if sample.endswith("level2-fort.spanish-main"):
        hull = outlines["Anna.s1"]
        box = (min(p[0] for p in hull), min(p[1] for p in hull), max(p[0] for p in hull), max(p[1] for p in hull))
        assert overlap(next(b for k, b in boxes.items() if k.startswith("Anna.s1|")), box) == 0


def test_the_names_are_set_with_a_halo_and_do_not_cover_each_other(tmp_path):
    root = picture("illegal/s-geo-iceberg-stop.spanish-main", 30, tmp_path)
    for group in ("names", "close-up-names"):
        boxes = list(label_boxes(root, group).items())
        assert boxes
        for i, (one, a) in enumerate(boxes):
            for other, b in boxes[i + 1:]:
                assert overlap(a, b) < 0.1 * min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1])), \
                    (group, one, other)
    halos = [t for t in root.iter(f"{{{NS['s']}}}text") if t.get("class") == "halo"]
    assert halos and all(t.get("stroke") == t.get("fill") for t in halos)


def test_the_close_up_sets_its_names_and_numbers_again_inside_its_frame(tmp_path):
    root = picture("illegal/s-geo-iceberg-stop.spanish-main", 30, tmp_path)
    close_up = next(g for g in root.iter(f"{{{NS['s']}}}g") if g.get("class") == "close-up")
    frame = close_up.find("s:rect", NS)
    fx0, fy0 = float(frame.get("x")), float(frame.get("y"))
    fx1, fy1 = fx0 + float(frame.get("width")), fy0 + float(frame.get("height"))
    boxes = label_boxes(root, "close-up-names")
    assert any(k.startswith("Anna.s3|") for k in boxes) and any(k.startswith("B1|") for k in boxes)
    for name, (x0, y0, x1, y1) in boxes.items():
        assert fx0 <= x0 and x1 <= fx1 + 2 and fy0 <= y0 and y1 <= fy1, name
    # the terrain's numbers are drawn once on the table, once again in the close-up
    assert [t.text for t in root.iterfind(".//s:text[@class='rim']", NS)] == ["1", "2", "3", "4", "5", "6"]
    assert len(root.findall(".//s:text[@class='rim-near']", NS)) == 6
    # the names and numbers are not part of the drawing that the close-up enlarges
    scene = next(g for g in root.iter(f"{{{NS['s']}}}g") if (g.get("id") or "").startswith("scene-"))
    assert not list(scene.iter(f"{{{NS['s']}}}text"))


def test_a_drift_check_marks_where_the_iceberg_stops_and_what_it_stops_against(tmp_path):
    root = picture("illegal/s-geo-iceberg-stop.spanish-main", 30, tmp_path)
    assert {"drift", "drift-stop", "drift-hit", "drift-touch", "close-up"} <= classes(root)
    hit = next(e for e in root.iter() if e.get("class") == "drift-hit")
    assert hit.get("data-piece") == "Anna.s1"
    stop = points(next(e for e in root.iter() if e.get("class") == "drift-stop"))
    iceberg = points(next(e for e in root.iter() if e.get("data-piece") == "B1"))
    assert min(y for _, y in stop) < min(y for _, y in iceberg)  # 60 mm up the table: up the picture
    legal = picture("legal/level2-iceberg.spanish-main", 30, tmp_path)
    assert {"drift-start", "drift-stop", "drift-hit"} <= classes(legal)
    assert next(e for e in legal.iter() if e.get("class") == "drift-hit").get("data-piece") == "Anna.s1"


def test_a_come_about_check_draws_the_refused_pose_with_a_close_up(tmp_path):
    root = picture("illegal/s-geo-come-about-into-tow.spanish-main", 65, tmp_path)
    refused = next(e for e in root.iter() if e.get("class") == "refused")
    assert refused.get("data-ship") == "Anna.s1"
    hull = refused.find("s:polygon[@class='hull']", NS)
    assert hull.get("stroke-dasharray") and hull.get("fill") == "none"
    assert {"close-up", "blocker", "at"} <= classes(root)
    # turned about its middle: the refused bow tip lies the hull's length from the old one, at
    # the old stern's end
    old = hulls(root)["Anna.s1"]
    new = points(hull)
    length = max(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in old for b in old)
    assert abs(new[0][0] - old[0][0]) + abs(new[0][1] - old[0][1]) > 0.8 * length
    key = " ".join(t.text or "" for t in root.iterfind(".//s:g[@class='key']//s:text", NS))
    assert "Anna.s1 where the entry puts it" in key


@pytest.mark.parametrize("sample, move, ship", [("illegal/s-geo-setup-bow-off.spanish-main", 19, "Anna.s1"),
                                                ("illegal/s-geo-exit-stern.spanish-main", 33, "Ben.s3"),
                                                ("illegal/s-geo-fact-dock-short.spanish-main", 38, "Anna.s1")])
def test_a_placement_exit_or_short_move_gets_its_refused_pose_and_a_close_up(tmp_path, sample, move, ship):
    root = picture(sample, move, tmp_path)
    assert "close-up" in classes(root)
    refused = next(e for e in root.iter() if e.get("class") == "refused")
    assert refused.get("data-ship") == ship
    assert any(k.startswith(f"{ship} refused|") or "refused" in k for k in label_boxes(root))


def test_a_legal_position_draws_no_refused_pose(tmp_path):
    root = picture("legal/level2-short-game.spanish-main", None, tmp_path)
    assert "refused" not in classes(root)


def test_a_fort_is_named_with_numbered_flags_standing_outside_it(tmp_path):
    root = picture("legal/level2-fort.spanish-main", 65, tmp_path)
    texts = {(t.get("class"), t.text) for t in root.iter(f"{{{NS['s']}}}text")}
    assert ("fort-name", "Ben.f1") in texts
    assert {("flag-number", "1"), ("flag-number", "2")} <= texts
    fort = points(next(e for e in root.iter() if e.get("data-piece") == "Ben.f1"))
    x0, y0 = min(p[0] for p in fort), min(p[1] for p in fort)
    x1, y1 = max(p[0] for p in fort), max(p[1] for p in fort)
    for flag in root.iterfind(".//s:path[@class='flag']", NS):
        corners = [tuple(float(v) for v in part[1:].split(",")) for part in flag.get("d").split()]
        # the pole's foot is on the fort's edge; every other point stands outside the fort
        assert all(not (x0 + 0.5 < x < x1 - 0.5 and y0 + 0.5 < y < y1 - 0.5) for x, y in corners), flag.get("d")
    # the island's name is not under the fort
    boxes = label_boxes(root)
    x, ya, xb, yb = next(b for k, b in boxes.items() if k.startswith("I5|"))
    assert overlap((x, ya, xb, yb), (x0, y0, x1, y1)) == 0


def test_the_pictures_render_to_png(tmp_path):
    cairosvg = pytest.importorskip("cairosvg", reason="cairosvg renders SVG in tests where it is installed")
    for sample, move in [("illegal/s-geo-come-about-into-tow.spanish-main", 65),
                         ("illegal/s-geo-iceberg-stop.spanish-main", 30), ("legal/level2-fort.spanish-main", 65)]:
        root = picture(sample, move, tmp_path)
        target = tmp_path / "table.png"
        cairosvg.svg2png(bytestring=ElementTree.tostring(root), write_to=str(target), output_width=1200)
        assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert target.stat().st_size > 20_000
