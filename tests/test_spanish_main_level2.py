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
    assert diagnostic.code == "N-INSTALL" and "shapely" in diagnostic.message
    assert any("--level 1" in note for note in diagnostic.notes)
    from click.testing import CliRunner

    from referee.cli import cli

    path = SAMPLES / "legal" / "level2-short-game.spanish-main"
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 2 and "error[N-INSTALL]" in result.output
    assert CliRunner().invoke(cli, ["check", "--level", "1", str(path)]).exit_code == 0
    monkeypatch.delitem(sys.modules, "shapely")
    assert errors(SHORT) == []


@pytest.mark.parametrize("tolerance, readable", [("0", False), ("0.05", False), ("0.1", True), ("2.5", True)])
def test_a_tolerance_finer_than_the_figures_is_refused(tolerance, readable):
    text = SHORT.replace('[Result "', f'[Tolerance "{tolerance}"]\n[Result "', 1)
    codes = [d.code for d in check_text("l2.spanish-main", text).all_diagnostics() if d.is_error]
    assert ("N-TAG" not in codes) == readable


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


@pytest.mark.parametrize("thickness, blocked", [(1.5, False), (3.0, True)])
def test_a_line_of_fire_that_clears_a_shape_only_within_epsilon_is_accepted_with_a_notice(thickness, blocked):
    """A wall across every line of fire, thinner than 2ε: each line is inside it by less than ε,
    so the shot holds within the tolerance (S-GEO-MARGIN); twice as thick, it blocks."""
    from shapely.geometry import LineString

    from referee.games.spanish_main.geometry import mast_point

    engine = engine_after(BEFORE_SHOTS)
    mast = mast_point(engine.geometry.hull(engine.ships["Anna.s1"]), engine.ships["Anna.s1"].pose, 1)
    x, y = between()
    across = (y - mast[1], mast[0] - x)  # square to the line of fire
    scale = 300 / math.hypot(*across)
    wall = LineString([(x - across[0] * scale, y - across[1] * scale), (x + across[0] * scale, y + across[1] * scale)]
                      ).buffer(thickness / 2, cap_style="flat")
    engine.islands["I4"].shape = wall
    assert engine.start_round(15) is None
    violation = engine.play("Anna", parse_entry("Anna", SHOT).action)
    notices = [n.rule for n in engine.take_notices()]
    if blocked:
        assert violation is not None and violation.rule == "S-GEO-SHOT" and "crosses I4" in violation.message
        assert "mm long" in violation.message and "(63 mm)" in violation.message
    else:
        assert violation is None and notices == ["S-GEO-MARGIN"]


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
    """S-GEO-MOVE: sailing west, back onto its own home island, the gull stops where its bow
    first touches; written further it overlaps the island by as much as the bow tip went in,
    and a segment after the touch breaks S-STOP."""
    assert errors(ABOUT + "3. Anna: move Anna.s1 L@200,450,180 dock I1\n") == []
    ((code, message),) = errors(ABOUT + "3. Anna: move Anna.s1 L@197.5,450,180 dock I1\n")
    assert code == "S-GEO-MOVE" and "overlaps I1 by 2.5 mm" in message
    ((code, message),) = errors(ABOUT + "3. Anna: move Anna.s1 L@196,450,180 dock I1\n")
    assert code == "S-GEO-MOVE" and "overlaps I1 by 4 mm" in message
    after = ABOUT + "3. Anna: move Anna.s1 L@200,450,180+S@200,450,90 dock I1\n"
    assert [c for c, _ in errors(after)] == ["S-STOP"]


def test_a_bow_within_epsilon_inside_an_island_is_accepted_with_a_notice():
    report = check_text("l2.spanish-main", ABOUT + "3. Anna: move Anna.s1 L@199.4,450,180 dock I1\n")
    (game,) = report.games
    assert game.verdict == "legal"
    (notice,) = [d for d in game.diagnostics if d.code == "S-GEO-MARGIN"]
    assert "enters I1 by 0.6 mm" in notice.message


FOG_BESIDE = (table.header() + table.setup(
    "   Anna: reef R1 circle 350,600 40  Ben: sargasso G1 circle 750,450 40\n"
    f"   Anna: fog F1 circle 284,469.3 10 rim {table._rim(284, 469.3, 10)}\n" + table.REEF_R2)
    + "1. Anna: about Anna.s1  Anna: end\n2. Ben: end\n")
"""A small fog bank just off the gull's side once it has come about: a segment L east grazes
it (0.3 mm) between where the bow starts and where the stern ends."""


def test_a_fog_bank_met_during_a_segment_ends_the_move_there():
    ((code, message),) = errors(FOG_BESIDE + "3. Anna: move Anna.s1 L@372,450,0 fog F1\n")
    assert code == "S-GEO-MOVE" and "meets F1 during segment 1 but ends 9 mm beyond it" in message
    ((code, message),) = errors(FOG_BESIDE + "3. Anna: move Anna.s1 L@372,450,0\n")
    assert code == "S-GEO-MOVE" and "meets F1 during segment 1" in message


THIN_ICEBERG = (table.header() + table.setup(
    "   Anna: reef R1 circle 350,600 40  Ben: sargasso G1 circle 750,450 40\n"
    "   Anna: iceberg B1=4 poly 264,435 284,435 284,437 264,437 rim 284,436 274,437 266,437 264,436 274,435 282,435\n"
    + table.REEF_R2) + "1. Anna: icebergs 2  Anna: end\n")
"""A 2 mm thin iceberg just off the bow of Anna's gull, which lies across its drift toward 2."""


def test_an_iceberg_cannot_drift_through_a_ship():
    ((code, message),) = errors(THIN_ICEBERG + "2. Ben: icebergs 5  Ben: drift B1 2  Ben: end\n")
    assert code == "S-GEO-ICEBERG" and "its first touch is Anna.s1, after 3 mm" in message
    engine = engine_after(THIN_ICEBERG + "2. Ben: icebergs 5  Ben: drift B1 2 stops Anna.s1 mast 1  Ben: end\n")
    assert engine.terrain["B1"].shape.bounds[3] == pytest.approx(440, abs=0.1)


def test_an_iceberg_resting_against_a_ship_drifts_away_from_it():
    away = table.iceberg_game() + "   Anna: drift B1 5  Anna: end\n"
    engine = engine_after(away.replace("3. Anna: icebergs 1", "3. Anna: icebergs 6"))
    assert engine.ships["Anna.s1"].standing == [2, 3]
    back = table.iceberg_game().replace("3. Anna: icebergs 1", "3. Anna: icebergs 6") + "   Anna: drift B1 2\n"
    ((code, message),) = errors(back)
    assert code == "S-GEO-ICEBERG" and "first touch is Anna.s1, after 0 mm" in message


def test_the_table_edge_stops_a_drifting_iceberg():
    text = (table.header() + table.setup(
        "   Anna: reef R1 circle 350,600 40  Ben: sargasso G1 circle 750,450 40\n"
        f"   Anna: iceberg B1=4 circle 250,880 15 rim {table._rim(250, 880, 15)}\n" + table.REEF_R2)
        + "1. Anna: icebergs 5  Anna: drift B1 2  Anna: end\n")
    engine = engine_after(text)
    assert engine.terrain["B1"].shape.bounds[3] == pytest.approx(900, abs=0.01)


@pytest.mark.parametrize("name", ["level2-short-game", "level2-fog", "level2-iceberg", "level2-sargasso",
                                  "level2-fort"])
def test_level_2_samples_replay_as_legal_at_both_levels(name):
    text = (SAMPLES / "legal" / f"{name}.spanish-main").read_text(encoding="utf-8")
    assert errors(text) == []
    assert errors(text, level="1") == []


# -- what the swept shape overlaps, meets and states -------------------------------------------------

def test_a_hull_side_cutting_into_an_island_overlaps_it_by_the_depth_of_the_cut():
    """S-GEO-MOVE: the gull's side cuts a chord through I1 with every corner of its hull all
    but outside the island; the overlap is the depth of the cut (10.3 mm), not that of a corner.
    Half a millimetre in is within ε, and accepted with a notice."""
    ((code, message),) = errors(table.side_swipe(410.3))
    assert code == "S-GEO-MOVE" and "overlaps I1 by 10.3 mm" in message
    report = check_text("l2.spanish-main", table.side_swipe(400.5))
    assert [(d.code, d.message) for d in report.all_diagnostics()] == [
        ("S-GEO-MARGIN", "Anna.s1's swept path enters I1 by 0.5 mm: within the tolerance of 1 mm, the log's "
                         "statement is accepted")]


def test_a_hull_sweeping_across_another_ship_overlaps_it_by_the_depth_it_reaches_into_it():
    """The same measure between ships: the gull's path crosses the heron's hull 10 mm deep where
    no corner of either lies inside the other."""
    ((code, message),) = errors(table.side_swipe(400.5, heron_aside=False))
    assert code == "S-GEO-MOVE" and "overlaps Anna.s3 by 10 mm" in message


@pytest.mark.parametrize("depth", [3.0, 10.3, 25.0])
def test_the_overlap_of_a_hull_and_a_circle_is_the_depth_of_the_chord_cut(depth):
    from shapely.geometry import box

    engine = engine_after(SHORT)
    hull = box(0, 0, 60, 18)
    island = circle(30, 18 + 50 - depth, 50)
    assert engine.geometry.overlap(hull, island) == pytest.approx(depth, abs=0.05)  # the circle is drawn
    assert engine.geometry.overlap(island, hull) == pytest.approx(depth, abs=0.05)


def test_a_sharp_point_driven_into_a_hull_overlaps_it_as_deep_as_it_goes():
    """Either shape may enter the other: a thin spit of an island 8 mm into a hull's side
    overlaps it by 8 mm, though the common part is a sliver 1 mm wide."""
    from shapely.geometry import Polygon, box

    engine = engine_after(SHORT)
    spit = Polygon([(29.5, -40), (30.5, -40), (30, 8)])
    assert engine.geometry.overlap(box(0, 0, 60, 18), spit) == pytest.approx(8, abs=0.01)


@pytest.mark.parametrize("log", [table.fog_again, table.sargasso_again])
def test_a_ship_that_began_touching_a_fog_bank_or_sea_and_meets_it_again_stops_at_its_edge(log):
    """S-GEO-MOVE: out of the fog with its stern on number 3 (freed from the sea with its stern on
    its edge), the gull turns back and meets it again elsewhere: a new contact, which ends the
    move where it touches, within ε; 2.9 mm in is refused, as it is for a ship that did not begin
    touching it."""
    assert errors(log(0.0)) == []
    assert errors(log(0.5)) == []
    ((code, message),) = errors(log(2.9))
    assert code == "S-GEO-MOVE" and "ends 2.9 mm inside" in message


def test_a_move_ending_inside_a_fog_bank_it_does_not_state_breaks_s_geo_move_first():
    """The rulings' precedence: the move's own geometry (S-GEO-MOVE) before what the log states
    of it (S-GEO-FACT)."""
    ((code, message),) = errors(table.fog_again(2.9, stated=""))
    assert code == "S-GEO-MOVE" and "ends 2.9 mm inside F1" in message
    ((code, message),) = errors(table.fog_again(0.0, stated=""))
    assert code == "S-GEO-FACT" and "meets fog F1, which the move does not state" in message


def test_a_fog_bank_touched_only_where_the_move_began_is_not_met():
    """S-GEO-FACT: a stated touch must happen. Leaving the fog bank with its stern on its rim, the
    gull does not meet it again: stating it is refused, and leaving it unstated is legal."""
    ((code, message),) = errors(table.fog_left())
    assert code == "S-GEO-FACT" and "touches it only where the move began" in message
    assert errors(table.fog_left("")) == []


def test_an_iceberg_the_path_passes_over_is_stated_with_a_touch():
    """S-GEO-FACT speaks of what the swept shape touches: the gull sails over a small iceberg and
    ends clear of it; 'touch B1' holds, and leaving it unstated does not."""
    assert errors(table.iceberg_passed()) == []
    ((code, message),) = errors(table.iceberg_passed(""))
    assert code == "S-GEO-FACT" and "meets iceberg B1, which the move does not state ('touch B1')" in message


def test_an_iceberg_resting_against_a_ship_stops_at_once_when_it_drifts_along_into_it():
    """S-GEO-ICEBERG: resting against the gull's side, the iceberg drifts toward its number 1,
    10° off the side: it would run 11 mm into the hull, so it stops at once."""
    ((code, message),) = errors(table.iceberg_glancing() + "\n")
    assert code == "S-GEO-ICEBERG" and "its first touch is Anna.s1, after 0 mm" in message
    engine = engine_after(table.iceberg_glancing() + " stops Anna.s1 mast 2\n")
    assert engine.ships["Anna.s1"].standing == [3]


def test_a_come_about_overlaps_no_terrain_and_states_the_fog_bank_it_turns_onto():
    """S-GEO-COME-ABOUT: the result overlaps nothing, terrain included; S-GEO-FACT: turned onto a
    fog bank's edge, the come-about states it (and the ship is lost)."""
    ((code, message),) = errors(table.fog_at_the_stern(288, 6) + "1. Anna: about Anna.s1 fog F1\n")
    assert code == "S-GEO-COME-ABOUT" and "overlaps F1 by 2 mm" in message
    touching = table.fog_at_the_stern(289.5, 5)
    assert engine_after(touching + "1. Anna: about Anna.s1 fog F1  Anna: end\n").ships["Anna.s1"].lost == "F1"
    ((code, message),) = errors(touching + "1. Anna: about Anna.s1  Anna: end\n")
    assert code == "S-GEO-FACT" and "meets fog F1, which the move does not state" in message


def test_a_towed_ship_entangled_on_the_way_ends_no_more_than_epsilon_inside_the_sea():
    """S-GEO-MOVE: a towed ship's path is not measured, but where it ends is: caught by a sargasso
    sea on its tower's move, it lies at the sea's edge, not 3 mm in. (The gull caught in G1 stands
    in for a towed derelict, which the sea had not caught before the move.)"""
    import copy

    from referee.games.spanish_main.level2 import GeoIllegal

    text = table.sargasso_game()
    engine = engine_after(text[:text.index("5. Anna")])
    caught, tower = engine.ships["Anna.s1"], engine.ships["Anna.s2"]
    before = copy.copy(caught)
    before.entangled = None
    engine.before = {"ships": {caught.id: before}}
    x, y, heading = caught.pose
    engine.geometry._towed_lies(tower, caught, caught.pose, "towed")
    deeper = (x + 3 * math.cos(math.radians(heading)), y + 3 * math.sin(math.radians(heading)), heading)
    with pytest.raises(GeoIllegal) as refused:
        engine.geometry._towed_lies(tower, caught, deeper, "towed")
    assert refused.value.violation.rule == "S-GEO-MOVE" and "inside G1, which entangles it" in \
        refused.value.violation.message


def test_a_come_about_into_an_overlap_breaks_s_geo_come_about_whatever_it_states():
    ((code, _),) = errors(table.towing_about().rstrip("\n") + " touch I2\n")
    assert code == "S-GEO-COME-ABOUT"


LEVEL_2_SAMPLES = sorted((SAMPLES / "legal").glob("level2-*.spanish-main"))


def test_every_entry_listed_after_every_move_of_the_level_2_samples_is_legal_on_a_copy():
    """`moves` at level 2: after each entry of each bundled level-2 sample, every entry listed
    is accepted by a copy of the engine, and trying it on the copy leaves the engine's own
    pieces where they were (the copy measures its own). A few hundred entries in all."""
    from referee.notation.reader import read_games

    tried = 0
    for path in LEVEL_2_SAMPLES:
        (read,) = read_games(str(path), path.read_text(encoding="utf-8").splitlines())
        rules, record = read.rules, read.record
        engine = rules.new_engine(record)

        def every_listed_entry_is_legal() -> int:
            entries = rules.legal_entries(engine)
            poses = {name: ship.pose for name, ship in engine.ships.items()}
            for player, text in zip((entry.player for entry in entries), entries.texts):
                trial = rules.trial_copy(engine)
                due = trial.round_due()
                assert due is None or trial.start_round(due) is None
                found = trial.play(player, rules.parse_action(player, text))
                assert found is None, (path.name, player, text, found)
            assert {name: ship.pose for name, ship in engine.ships.items()} == poses
            return len(entries)

        for round_ in record.rounds:
            for turn in round_.turns:
                tried += every_listed_entry_is_legal()
                if engine.round_due() is not None:
                    assert engine.start_round(round_.number) is None
                assert engine.play(turn.player, turn.action) is None
        tried += every_listed_entry_is_legal()
    assert tried > 200


@pytest.mark.parametrize("form", ["text", "json"])
def test_the_moves_command_lists_a_level_2_position(form):
    from click.testing import CliRunner

    from referee.cli import cli

    path = SAMPLES / "legal" / "level2-short-game.spanish-main"
    result = CliRunner().invoke(cli, ["moves", str(path), "--move", "53", "--format", form])
    assert result.exit_code == 0, result.output
    assert "shoot Anna.s1 mast 1 at Ben.s3" in result.output


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
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    assert width == 1560 and height > 960  # 1500 × 900 mm of table and its margins, then the key under it
    table = root.find(".//s:rect[@class='table']", ns)
    assert (table.get("width"), table.get("height")) == ("1500", "900")
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


def test_a_level_1_log_has_no_table_but_a_board_of_its_fleets(tmp_path):
    code, svg = picture(SAMPLES / "legal" / "short-game.spanish-main", None, tmp_path)
    assert code == 0 and "gives no positions" in svg
    assert 'class="table"' not in svg and 'class="fleet-ship"' in svg


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


def test_a_pose_finer_than_a_log_can_write_is_refused_on_import_not_rounded(tmp_path):
    import json

    from click.testing import CliRunner

    from referee.cli import cli

    runner = CliRunner()
    exported = runner.invoke(cli, ["export", str(SAMPLES / "legal" / "level2-short-game.spanish-main")])
    assert exported.exit_code == 0
    document = json.loads(exported.output)
    assert runner.invoke(cli, ["import", "-"], input=exported.output).output == SHORT

    def first_pose(node):
        if isinstance(node, dict):
            if "pose" in node:
                return node
            node = list(node.values())
        if isinstance(node, list):
            for item in node:
                found = first_pose(item)
                if found is not None:
                    return found
        return None

    first_pose(document)["pose"][0] = 200.12345
    path = tmp_path / "finer.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = runner.invoke(cli, ["import", str(path)])
    assert result.exit_code == 1 and "the figure 200.12345 has more than the 3 decimals" in result.output


@pytest.mark.parametrize("sample, figures", [
    ("s-geo-fort-corners", "is 22.8 mm off it at most (corners off by 0 mm, 22.8 mm, 22.8 mm, 0 mm)"),
    ("s-geo-model-off-table", "leaves the table (1300 mm × 900 mm) by 100 mm"),
    ("s-geo-shot-out-of-range", "beyond L (88 mm)"),
    ("s-geo-margin-beyond", "more than S's 63 mm"),
])
def test_a_geometric_diagnostic_says_the_numbers(sample, figures):
    text = (SAMPLES / "illegal" / f"{sample}.spanish-main").read_text(encoding="utf-8")
    ((_, message),) = errors(text)
    assert figures in message
