"""Pirates & Perroquets rulings that samples alone do not pin down: the step language,
the ships' order and its tie-breaks, losses and the values a player names, hidden
cards, claims, and the end of the game."""

from __future__ import annotations

import pytest

from referee.games import GAMES
from referee.games.perroquets.data import default_data
from referee.games.perroquets.geometry import direction_vector, format_steps, parse_manoeuvre, parse_square
from referee.games.perroquets.resolve import lanes_of
from referee.pipeline.replay import check_text

from .perroquets_logs import header, meeting, opening, stuck_meeting


def judged(text: str):
    report = check_text("t.perroquets", text)
    (game,) = report.games
    return game


def errors(text: str) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in judged(text).diagnostics if d.is_error]


# -- P-STEPS --------------------------------------------------------------------------

@pytest.mark.parametrize("heading, direction, expected", [
    ("S", "F", (0, -1)), ("S", "L", (1, 0)), ("S", "R", (-1, 0)), ("S", "B", (0, 1)),
    ("N", "L", (-1, 0)), ("E", "L", (0, 1)), ("W", "FR", (-1, 1)), ("N", "BR", (1, -1)),
])
def test_steps_turn_with_the_wind(heading, direction, expected):
    assert direction_vector(direction, heading) == expected


def test_runs_merge_in_canonical_form_and_long_runs_split():
    assert format_steps(parse_manoeuvre("F F L").steps) == "F2 L"
    assert format_steps(parse_manoeuvre("F9 F3").steps) == "F9 F3"
    assert parse_manoeuvre("F0") is None and parse_manoeuvre("Q") is None


def test_the_worked_examples_sea_squares():
    board = default_data().board
    lanes = lanes_of(board)
    entered, crossed, edge = lanes.course(parse_square("e8"), parse_manoeuvre("F2 L"), "S")
    assert crossed == 2 and entered[-1][0] == parse_square("f6") and not edge
    assert lanes.course(parse_square("b5"), parse_manoeuvre("F3"), "W") == (((parse_square("a5"), True),), 1, True)


def test_a_canonical_log_writes_merged_steps_and_pile_letters():
    text = opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw 3 1  X: draw 1 2  X: take 1 green F F\n"
    report = check_text("t.perroquets", text, canonical=True)
    (game,) = report.games
    assert game.verdict == "legal"
    assert "take A green F2" in game.canonical.values()
    assert "draw C A" in game.canonical.values()


# -- order, meetings, losses ----------------------------------------------------------

def test_the_order_breaks_ties_by_sea_squares_then_seat():
    def log(wind: int, claim: str) -> str:
        return opening() + (f"2. parrots: 3/1 2 2 2  wind: {wind}  Y: draw A=A1 A=A2  X: draw B B  X: take A2 green  "
                            f"Y: take A1 green  claim: order {claim}\n")

    # wind 4 heads east: X's F enters the island c3 (no sea square), Y's enters c5 (one)
    assert judged(log(4, "X Y")).verdict == "legal"
    # wind 3 heads north: one sea square each; Y, round 2's first player, is nearest
    assert judged(log(3, "Y X")).verdict == "legal"
    notes = judged(log(3, "X Y")).diagnostics[0].notes
    assert notes[0] == "1. Y: weight 1, 1 sea square, seat 0 from the first player"
    assert notes[1] == "2. X: weight 1, 1 sea square, seat 1 from the first player"


def test_a_meeting_lets_the_lighter_take_and_the_giver_choose():
    assert errors(meeting() + "claim: X holds 2  claim: Y holds 0\n") == []
    assert errors(meeting() + "Y: lose 2\n") == []
    assert errors(meeting() + "Y: lose 1\n")[0][0] == "P-LOSE"  # Y holds a 2, not a 1


def test_a_stuck_ship_counts_as_weight_zero():
    assert errors(stuck_meeting() + "claim: Y loses 1  claim: X loses 1  claim: Y holds 1\n") == []


def test_named_lost_values_decide_sum_values():
    text = header("Anna Ben", "Anna", "sum-values") + (
        "0. Anna: ship k11  Ben: ship b5  parrots: 4/2 1 2 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1\n"
        "1. parrots: 4/2 1 3 1  wind: 1  Anna: draw A B  Ben: draw A B  Anna: none  Ben: none\n"
        "2. parrots: 1/1 2 2 2  wind: 2  Ben: draw B=B8 A  Anna: draw A C  Anna: none  Ben: take B8 green\n")
    lowest = judged(text + "claim: Ben holds 0\n")
    assert lowest.verdict == "legal"
    assert errors(text + "Ben: lose 3\n")[0][0] == "P-LOSE"  # two lost: both must be named
    chosen = judged(text + "Ben: lose 3 2  claim: Ben holds 0\n")
    assert chosen.verdict == "legal"
    assert chosen.engine.gone[3] == 1 and chosen.engine.gone[2] == 1
    twice = errors(text + "Ben: lose 2 3  Ben: lose 2 3\n")
    assert twice[0][0] == "P-LOSE"


def test_conservation_after_a_round_with_losses():
    game = judged(meeting())
    engine = game.engine
    total = sum(engine.bag.values()) + len(engine.parrots) + sum(sum(h.values()) for h in engine.holds.values()) \
        + sum(engine.gone.values())
    assert total == default_data().bag_total


# -- hidden cards (P-HIDDEN) ----------------------------------------------------------

def test_a_reveal_must_match_the_draws():
    base = opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C=C2 A  X: draw A B\n"
    assert errors(base + "reveal: Y C2 A1 / X A2 B1\n") == []
    assert errors(base + "reveal: Y C3 A1 / X A2 B1\n")[0][0] == "P-REVEAL"
    assert errors(base + "reveal: Y C2 A1 / X A1 B1\n")[0][0] == "P-REVEAL"  # shown twice
    assert errors(base + "reveal: Y C2 A1\n")[0][0] == "P-REVEAL"  # X's are missing
    revealed = base + "reveal: Y C2 A1 / X A2 B1\n"
    assert errors(revealed + "X: take C5 green\n")[0][0] == "P-CHOOSE"


def test_decisions_by_path_must_fit_distinct_cards():
    base = opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A B  X: draw C B\n"
    assert errors(base + "X: take A green F  Y: take C green F3\n") == []
    assert errors(base + "X: take A green F  Y: take A green F\n")[0][0] == "P-HIDDEN"  # one A drawn
    assert errors(base + "X: take A green F9\n")[0][0] == "P-CHOOSE"
    assert errors(base + "X: take D green F4\n")[0][0] == "P-HIDDEN"  # nobody drew from D


def test_named_and_unnamed_decisions_share_the_draws():
    base = opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A B  X: draw C B\n"
    assert errors(base + "X: take A1 green  Y: take A2 green\n")[0][0] == "P-HIDDEN"


# -- claims and the end -----------------------------------------------------------------

@pytest.mark.parametrize("claim, legal", [
    ("first Y", True), ("first X", False), ("colour black", True), ("colour white", False),
    ("X at b5", True), ("Y at b8", True), ("Y picks up b6", False), ("X picks up b4", False),
    ("X loses 0", True), ("Y loses 1", True), ("order X Y", True), ("X captures b5", False),
])
def test_claims_are_checked_after_the_decisions(claim, legal):
    found = errors(meeting() + f"claim: {claim}\n")
    assert (found == []) == legal, found


def test_a_claim_before_the_decisions_is_out_of_phase():
    text = opening() + "2. parrots: 3/1 2 2 2  wind: 3  claim: first Y\n"
    assert errors(text)[0][0] == "P-ROUND"


def test_an_unfinished_log_names_no_winner_and_a_claimed_result_is_false():
    game = judged(meeting())
    assert not game.outcome.finished and game.outcome.winners == []
    claimed = meeting().replace('[Data "default"]', '[Data "default"]\n[Result "X=2 Y=0"]')
    assert [d.code for d in judged(claimed).diagnostics] == ["P-END"]


def test_every_report_says_the_default_board_is_reconstructed():
    game = judged(meeting())
    view = game.engine.view()
    assert view["data"]["reconstructed"] is True
    text = "\n".join(GAMES["perroquets"].render_view(view))
    assert "reconstructed" in text and "not the publisher's" in text


def test_entries_after_the_set_up_wait_for_round_one():
    text = opening().split("1. parrots")[0].rstrip() + "  wind: 2\n"
    found = errors(text)
    assert found and found[0][0] == "P-ROUND" and "the end of the set-up" in found[0][1]


def test_an_imported_claim_that_cannot_be_written_is_refused_cleanly(tmp_path):
    import json

    from click.testing import CliRunner

    from referee.cli import cli

    exported = CliRunner().invoke(cli, ["export", "-"], input=meeting()).stdout
    document = json.loads(exported)
    document["games"][0]["rounds"][-1]["turns"].append(
        {"player": "claim", "action": {"kind": "claim", "claim": "holds", "player": "X", "value": "abc"}})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    result = CliRunner().invoke(cli, ["import", str(path)])
    assert result.exit_code == 1
    assert "this claim cannot be written as a log" in result.output and "int()" not in result.output


def test_the_quick_entry_checks_agree_with_the_grammar():
    """Every body the regular expressions accept is one the grammar reads, and the other way
    round: on every entry of the samples and on mutations of each."""
    import random
    from pathlib import Path

    import pyparsing as pp

    from referee.games.perroquets.notation import _PLAIN, PLAYER_WORDS, TABLE_ENTRIES, _grammars, _plain
    from referee.notation.reader import read_games

    bodies: set[tuple[str, str]] = set()
    for path in (Path(__file__).resolve().parent.parent / "samples" / "perroquets").glob("*/*.perroquets"):
        for read in read_games(str(path), path.read_text(encoding="utf-8").splitlines()):
            if read.record is None:
                continue
            for turn in read.record.turns():
                kind = turn.player if turn.player in TABLE_ENTRIES else turn.text.split(" ")[0]
                bodies.add((kind, turn.text))
    rng = random.Random(7)
    extra = ["A", "7", "e5", "green", "/", "up", "leave", "f6=2", "F3", "white", "x", "A1=B", "99", "picks"]
    for kind, text in list(bodies):
        words = text.split(" ")
        for _ in range(6):
            changed = list(words)
            spot = rng.randrange(len(changed) + 1)
            choice = rng.random()
            if choice < 0.4 and len(changed) > 1:
                del changed[min(spot, len(changed) - 1)]
            elif choice < 0.8:
                changed.insert(spot, rng.choice(extra))
            else:
                changed[min(spot, len(changed) - 1)] = rng.choice(extra)
            bodies.add((kind, " ".join(changed)))
    checked = 0
    for kind, text in bodies:
        if kind not in _PLAIN or not text:
            continue
        try:
            _grammars()[kind].parse_string(text, parse_all=False)
            reads = True
        except pp.ParseBaseException:
            reads = False
        assert (_plain(kind).fullmatch(text) is not None) == reads, (kind, text)
        checked += 1
    assert checked > 2000 and set(PLAYER_WORDS) <= {kind for kind, _ in bodies} | {"lose"}
