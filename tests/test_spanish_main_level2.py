"""Pirates of the Spanish Main at level 2: the levels' precedence, `--level 1`, the install
without shapely, lines of fire and what blocks them, and random segments from a pose."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.base import JudgeOptions
from referee.games.spanish_main.geometry import circle
from referee.games.spanish_main.notation import parse_entry
from referee.pipeline.replay import check_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "spanish-main"
sys.path.insert(0, str(SAMPLES))

import table  # noqa: E402

SHORT = (SAMPLES / "legal" / "level2-short-game.spanish-main").read_text(encoding="utf-8")
SETUP = table.header() + table.setup()
ABOUT = SETUP + "1. Anna: about Anna.s1  Anna: end\n2. Ben: end\n"
"""Anna's gull has come about: bow tip at (284, 450), heading 0, open water ahead."""


def errors(text: str, **settings: str) -> list[tuple[str, str]]:
    report = check_text("l2.spanish-main", text, options=JudgeOptions(settings=settings))
    return [(d.code, d.message) for d in report.all_diagnostics() if d.is_error]


def engine_after(text: str):
    (game,) = check_text("l2.spanish-main", text).games
    assert game.verdict == "legal", [(d.code, d.message) for d in game.diagnostics]
    return game.engine


def test_level_1_judges_a_level_2_log_on_its_word():
    """`--level 1` sets the positions aside: a sweep through an island is no longer measured,
    and the facts the log states count as accepted, not checked."""
    through = (SAMPLES / "illegal" / "s-geo-move-through-island.spanish-main").read_text(encoding="utf-8")
    assert [c for c, _ in errors(through)] == ["S-GEO-MOVE"]
    assert errors(through, level="1") == []
    at_level_2 = check_text("a", SHORT).games[0].outcome.summary
    at_level_1 = check_text("a", SHORT, options=JudgeOptions(settings={"level": "1"})).games[0].outcome.summary
    assert at_level_2["accepted_not_checked"] == 0
    assert at_level_1["accepted_not_checked"] > 10
    assert at_level_1["checked_events"] + at_level_1["accepted_not_checked"] == at_level_2["checked_events"]


def test_level_1_finds_its_violation_first():
    """S-LEVELS: a sloop's move S+L breaks S-MOVE whatever its geometry (here also too long)."""
    text = SETUP + "1. Anna: about Anna.s2  Anna: end\n2. Ben: end\n3. Anna: move Anna.s2 S@400,900,0+L@600,900,0\n"
    assert [c for c, _ in errors(text)] == ["S-MOVE"]


def test_a_level_2_log_without_shapely_gets_advice_not_a_crash(monkeypatch):
    monkeypatch.setitem(sys.modules, "shapely", None)
    report = check_text("l2.spanish-main", SHORT)
    (diagnostic,) = report.all_diagnostics()
    assert diagnostic.code == "S-LEVELS" and "shapely" in diagnostic.message
    assert any("--level 1" in note for note in diagnostic.notes)
    monkeypatch.delitem(sys.modules, "shapely")
    assert errors(SHORT) == []


def test_a_level_1_log_never_imports_the_geometry():
    engine = check_text("l1.spanish-main", (SAMPLES / "legal" / "short-game.spanish-main").read_text()).games[0].engine
    assert engine.geometry is None


# -- lines of fire ---------------------------------------------------------------------------------

BEFORE_SHOTS = SHORT[:SHORT.index("15. Anna")]
SHOT = "shoot Anna.s1 mast 1 at Ben.s3 S 5 lose 1"


def shot_with(put) -> str | None:
    """The first shot of the short game, after `put` changed the table; its violation or None."""
    engine = engine_after(BEFORE_SHOTS)
    put(engine)
    assert engine.start_round(15) is None
    violation = engine.play("Anna", parse_entry("Anna", SHOT).action)
    return None if violation is None else f"{violation.rule}: {violation.message}"


def between() -> tuple[float, float]:
    """A point on the line from Anna's mast 1 to the nearest point of Ben's gull."""
    engine = engine_after(BEFORE_SHOTS)
    judge = engine.geometry
    from referee.games.spanish_main.geometry import mast_point

    mast = mast_point(judge.hull(engine.ships["Anna.s1"]), engine.ships["Anna.s1"].pose, 1)
    target = judge.shape(engine.ships["Ben.s3"])
    from shapely.geometry import Point
    from shapely.ops import nearest_points

    _, near = nearest_points(Point(mast), target)
    return ((mast[0] + near.x) / 2, (mast[1] + near.y) / 2)


def test_the_shot_as_played_is_in_range_and_in_sight():
    assert shot_with(lambda engine: None) is None


def test_a_fog_bank_between_blocks_the_shot():
    x, y = between()

    def fog(engine):
        engine.terrain["F1"].shape = circle(x, y, 30)
    found = shot_with(fog)
    assert found is not None and found.startswith("S-GEO-SHOT") and "crosses F1" in found


def test_an_island_between_blocks_the_shot():
    x, y = between()

    def island(engine):
        engine.islands["I4"].shape = circle(x, y, 30)
    found = shot_with(island)
    assert found is not None and "crosses I4" in found


def test_a_fort_fires_over_ships_and_islands_but_not_through_fog():
    """S-FORT-SHOOT, S-GEO-SHOT: from its flag, only fog banks block a fort."""
    fort = (SAMPLES / "legal" / "level2-fort.spanish-main").read_text(encoding="utf-8")
    engine = engine_after(fort)
    engine.ships["Anna.s1"].pose = (1349, 120, 0)  # south of I5, within L of flag 1 at (1350, 180)
    engine.ships["Anna.s1"].docked = None
    engine.islands["I4"].shape = circle(1349.5, 150, 5)  # an island in the way: no matter
    assert engine.start_round(engine.turn + 1) is None
    for _ in range(2):
        if engine.turn_player != "Ben":
            assert engine.play(engine.turn_player, parse_entry(engine.turn_player, "end").action) is None
            assert engine.start_round(engine.turn + 1) is None
    entry = parse_entry("Ben", "shoot Ben.f1 flag 1 at Anna.s1 L 5 lose 1").action
    probe = engine.copy()
    assert probe.play("Ben", entry) is None
    engine.terrain["F1"].shape = circle(1328, 152, 26)  # across every line from the flag to the gull
    violation = engine.play("Ben", entry)
    assert violation is not None and violation.rule == "S-GEO-SHOT" and "F1" in violation.message


# -- random segments ----------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(heading=st.floats(-50, 20), travel=st.floats(0, 62.9))
def test_a_segment_within_its_length_in_open_water_is_accepted_and_two_epsilon_more_is_not(heading, travel):
    """S-GEO-MOVE: from (284, 450) heading 0, open water east of Anna's home; a segment S of
    any heading in this arc and any length up to S is legal; the same segment 2 mm longer
    (2ε) is not, for its length."""
    def move(length: float) -> str:
        rad = math.radians(heading)
        pose = (284 + length * math.cos(rad), 450 + length * math.sin(rad), heading % 360)
        return ABOUT + f"3. Anna: move Anna.s1 S@{pose[0]:.3f},{pose[1]:.3f},{pose[2]:.3f}\n"
    assert errors(move(travel)) == []
    found = errors(move(63 + 2))
    assert [c for c, _ in found] == ["S-GEO-MOVE"] and "more than S's 63 mm" in found[0][1]


@settings(max_examples=25, deadline=None)
@given(turn=st.floats(2, 170))
def test_a_heading_other_than_the_course_is_refused(turn):
    """The bow tip goes where the ship heads: a segment of 60 mm east ending with any other
    heading than 0 (beyond what ε allows sideways) is refused."""
    text = ABOUT + f"3. Anna: move Anna.s1 S@344,450,{turn:.3f}\n"
    assert [c for c, _ in errors(text)] == ["S-GEO-MOVE"]


def test_the_swept_path_and_the_first_contact_end_the_move():
    """S-GEO-MOVE: sailing west, back onto its own home island, the gull stops where it first
    touches; written one segment further it would overlap, and a segment after the touch
    breaks S-STOP."""
    touching = ABOUT + "3. Anna: move Anna.s1 S@221,450,180\n"
    assert errors(touching) == []
    assert [c for c, _ in errors(ABOUT + "3. Anna: move Anna.s1 L@196,450,180\n")] == ["S-GEO-MOVE"]
    after = ABOUT + "3. Anna: move Anna.s1 L@200,450,180+S@200,450,90 dock I1\n"
    assert [c for c, _ in errors(after)] == ["S-STOP"]


@pytest.mark.parametrize("name", ["level2-short-game", "level2-fog", "level2-iceberg", "level2-sargasso",
                                  "level2-fort"])
def test_level_2_samples_replay_as_legal_at_both_levels(name):
    text = (SAMPLES / "legal" / f"{name}.spanish-main").read_text(encoding="utf-8")
    assert errors(text) == []
    assert errors(text, level="1") == []


# -- the picture -------------------------------------------------------------------------------------

def picture(path: Path, move: int | None, tmp_path: Path) -> tuple[int, str]:
    from click.testing import CliRunner

    from referee.cli import cli

    target = tmp_path / "table.svg"
    args = ["show", str(path), "--format", "svg", "-o", str(target)] + (["--move", str(move)] if move else [])
    result = CliRunner().invoke(cli, args)
    return result.exit_code, target.read_text(encoding="utf-8") if target.exists() else result.output


def test_the_table_is_drawn_to_scale_with_every_piece(tmp_path):
    import xml.etree.ElementTree as ElementTree

    code, svg = picture(SAMPLES / "legal" / "level2-short-game.spanish-main", None, tmp_path)
    assert code == 0
    root = ElementTree.fromstring(svg)
    ns = {"s": "http://www.w3.org/2000/svg"}
    assert root.get("viewBox") == "0 0 1560 1030"  # 1500 × 900 mm of table, margins and key
    pieces = {e.get("data-piece") for e in root.iter() if e.get("data-piece")}
    assert {"I1", "I2", "I3", "I4", "I5", "I6", "R1", "G1", "F1"} <= pieces
    assert {"Anna.s1", "Anna.s2", "Anna.s3", "Ben.s1", "Ben.s2", "Ben.s3"} <= pieces
    assert [t.text for t in root.iterfind(".//s:text[@class='rim']", ns)] == ["1", "2", "3", "4", "5", "6"]
    # Ben's gull lost masts 1 and 2: one sail is drawn for it, and two crosses
    ben = next(e for e in root.iter() if e.get("data-piece") == "Ben.s3" and e.tag.endswith("g"))
    assert len(ben.findall("s:polyline[@class='sail']", ns)) == 1
    assert len(ben.findall("s:path[@class='lost-mast']", ns)) == 2


def test_a_disputed_shot_is_drawn_with_its_line_of_fire_and_the_sail_in_the_way(tmp_path):
    import xml.etree.ElementTree as ElementTree

    code, svg = picture(SAMPLES / "illegal" / "s-geo-shot-through-sail.spanish-main", 54, tmp_path)
    assert code == 1
    root = ElementTree.fromstring(svg)
    classes = [e.get("class") for e in root.iter() if e.get("class")]
    assert {"line-of-fire", "range", "blocker", "at", "close-up"} <= set(classes)
    blocker = next(e for e in root.iter() if e.get("class") == "blocker")
    assert blocker.get("data-piece") == "Anna.s1 sail 1"


def test_a_disputed_move_is_drawn_with_its_swept_path_and_the_island_it_crosses(tmp_path):
    import xml.etree.ElementTree as ElementTree

    code, svg = picture(SAMPLES / "illegal" / "s-geo-move-through-island.spanish-main", 38, tmp_path)
    assert code == 1
    root = ElementTree.fromstring(svg)
    assert any(e.get("class") == "swept" for e in root.iter())
    assert next(e for e in root.iter() if e.get("class") == "blocker").get("data-piece") == "I2"


def test_the_picture_renders_to_png(tmp_path):
    cairosvg = pytest.importorskip("cairosvg", reason="cairosvg renders SVG in tests where it is installed")
    _, svg = picture(SAMPLES / "illegal" / "s-geo-shot-through-sail.spanish-main", 54, tmp_path)
    target = tmp_path / "table.png"
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(target))
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert target.stat().st_size > 30_000


def test_a_level_1_log_has_no_table_to_draw(tmp_path):
    code, output = picture(SAMPLES / "legal" / "short-game.spanish-main", None, tmp_path)
    assert code == 2 and "gives no positions" in output


def test_the_position_document_holds_the_table_and_validates(tmp_path):
    import json

    from click.testing import CliRunner

    from referee.cli import cli
    from referee.validation import validator

    result = CliRunner().invoke(cli, ["show", str(SAMPLES / "illegal" / "s-geo-shot-through-sail.spanish-main"),
                                      "--move", "54", "--format", "json"])
    document = json.loads(result.output)
    assert list(validator("position").iter_errors(document)) == []
    focus = document["state"]["table"]["focus"]
    assert focus["kind"] == "shot" and focus["blocker"] == "Anna.s1 sail 1" and focus["range_mm"] == 88
