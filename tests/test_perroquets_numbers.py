"""Pirates & Perroquets: every number the grammar of referee-notation(5) writes is read,
zero and leading zeros included, and judged by the rules. A square, a pile or a value
the data does not have is P-BOARD, P-CARDS or P-BAG, and a die result outside 1 to 4
P-DICE, whether it is 0 or 12, never a syntax error (N-SYNTAX). A square is named as the
board names it (a0 and a05 name no square); a number is a number (01 is 1)."""

from __future__ import annotations

import pytest

from referee.games import GAMES
from referee.pipeline.fastpath import judge_plain
from referee.notation.chunks import split_games
from referee.pipeline.replay import check_text

from .perroquets_logs import header, opening

SETUP = "0. X: ship b3  Y: ship b5  parrots: 4/2 2 2 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1\n"
ROUND = "1. parrots: 3/1 1 1 1  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none\n"


def first_error(text: str) -> tuple[str, str]:
    (game,) = check_text("n.perroquets", text).games
    found = [d for d in game.diagnostics if d.is_error]
    assert found, "the log is illegal"
    return found[0].code, found[0].message


# Each: the entry as the rules' example writes a number the data lacks, and the same
# entry with a zero in its place; both are judged under the same ruling.
UNKNOWN = {
    "a square": (header() + "0. X: ship a12\n", header() + "0. X: ship a0\n", "P-BOARD",
                 "a0 is not a square of this 11 × 11 board"),
    "a square with a leading zero": (header() + "0. X: ship a12\n", header() + "0. X: ship b05\n", "P-BOARD",
                                     "b05 is not a square of this 11 × 11 board"),
    "a pile": (header() + SETUP + "1. parrots: 3/1 1 1 1  wind: 1  X: draw 6 B\n",
               header() + SETUP + "1. parrots: 3/1 1 1 1  wind: 1  X: draw 0 B\n", "P-CARDS", "there is no pile 0"),
    "a pile of a decision": (
        opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C A  X: draw A B  X: take 6 green F\n",
        opening() + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C A  X: draw A B  X: take 0 green F\n",
        "P-CARDS", "there is no pile 0"),
    "a parrot's value": (header() + SETUP + "1. parrots: 3/1 1 4 1\n", header() + SETUP + "1. parrots: 3/1 1 0 1\n",
                         "P-BAG", "the bag holds no parrot of value 0"),
    "a die": (header() + SETUP + "1. parrots: 3/1 1 1 1  wind: 6\n",
              header() + SETUP + "1. parrots: 3/1 1 1 1  wind: 0\n", "P-DICE", "a d4 shows 1 to 4, not 0"),
    "a number longer than any": (header() + SETUP + "1. parrots: 3/1 1 4 1\n",
                                 header() + SETUP + "1. parrots: 3/1 1 " + "9" * 30 + " 1\n", "P-BAG",
                                 f"the bag holds no parrot of value {'9' * 30}"),
}


@pytest.mark.parametrize("what", sorted(UNKNOWN))
def test_a_zero_is_judged_by_the_rules_like_any_number_the_data_lacks(what: str) -> None:
    example, zero, rule, message = UNKNOWN[what]
    assert first_error(example)[0] == rule
    assert first_error(zero) == (rule, message)


def test_leading_zeros_are_numbers_and_the_game_is_legal() -> None:
    """Values 01, a wind of 001 and piles 01 and 02 mean 1, 1 and piles A and B: the game
    is legal, read the quick way as the full way, and fmt writes each number plainly."""
    written = header() + SETUP + "1. parrots: 3/1 01 1 1  wind: 001  X: draw 01 02  Y: draw A B  X: none  Y: none\n"
    plain = header() + SETUP + ROUND
    report = check_text("n.perroquets", written, canonical=True)
    (game,) = report.games
    assert game.verdict == "legal" and game.diagnostics == []
    (expected,) = check_text("n.perroquets", plain).games
    assert game.engine.view() == expected.engine.view()
    chunk = next(iter(split_games(written.split("\n"))))
    quick = judge_plain("n.perroquets", 1, chunk)
    assert quick is not None and quick.engine.view() == expected.engine.view()
    rules = GAMES["perroquets"]
    assert rules.format_turn(rules.parse_turn("X", "draw 01 02").action) == "draw 1 2"
    assert rules.format_turn(rules.parse_turn("parrots", "03/0004 01 2").action) == "3/4 1 2"
