"""P-VARIANTS: each variant read both ways — a log legal under one reading and caught
under the other, with the rule each reading cites."""

from __future__ import annotations

import pytest

from referee.games import GAMES
from referee.pipeline.replay import check_text
from referee.simulate import random_game
from referee.notation.writer import format_game

from .perroquets_logs import header, meeting, opening, shared_square, stuck_meeting


def findings(text: str) -> list[str]:
    report = check_text("t.perroquets", text)
    return [d.code for d in report.all_diagnostics() if d.is_error]


def decided(text: str) -> list[str]:
    report = check_text("t.perroquets", text)
    return [d.facts.get("decided_by", d.code) for d in report.all_diagnostics() if d.is_error]


def _repeat_sides(variants: str) -> str:
    return header(variants=variants) + ("0. X: ship b3  Y: ship b5  parrots: 4/2 2 2 1  parrots: 4/1 1 1 1  "
                                        "parrots: 3/3 1 1 1\n")


def _order(variants: str, claim: str) -> str:
    return opening(variants) + ("2. parrots: 3/1 2 2 2  wind: 4  Y: draw A=A1 B  X: draw A=A6 B  "
                                f"X: take A6 green  Y: take A1 green  claim: order {claim}\n")


def _draw_rounds(variants: str) -> str:
    return opening(variants).replace("X: draw A B  Y: draw A B", "X: draw A  Y: draw A  X: draw B  Y: draw B")


def _pickup(variants: str, leave: str) -> str:
    return header("Anna Ben", "Anna", variants) + (
        "0. Anna: ship e7  Ben: ship a1  parrots: 1/2 1 3 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1\n"
        f"1. parrots: 3/1 1 1 1  wind: 3  Anna: draw A=A6 B  Ben: draw A B  Anna: take A6 green {leave}\n"
        "   Ben: none  claim: Anna holds 0\n")


def _discard(variants: str) -> str:
    return opening(variants).replace("X: draw A B", "X: draw A=A1 B") + \
        "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A=A1 B\n"


CASES = [
    # (variant, log under the variant's name, rules found without it, rules found with it)
    ("setup-repeat-sides", _repeat_sides, ["P-SETUP-PARROTS"], []),
    ("wind-toward", lambda v: meeting(v) + "claim: Y at b8\n", [], ["P-SHIP-PATH"]),
    ("wind-toward", lambda v: meeting(v) + "claim: Y at b2\n", ["P-SHIP-PATH"], []),
    ("draw-rounds", _draw_rounds, ["P-DRAW-ORDER"], []),
    ("sequential-flight", lambda v: shared_square(v) + "claim: Y holds 2\n", [], ["P-FLY-CROWD"]),
    ("sequential-flight", lambda v: shared_square(v) + "claim: Y holds 1\n", ["P-FLY-CROWD"], []),
    ("order-by-length", lambda v: _order(v, "X Y"), [], ["P-SHIP-ORDER"]),
    ("order-by-length", lambda v: _order(v, "Y X"), ["P-SHIP-ORDER"], []),
    ("optional-pickup", lambda v: _pickup(v, "leave e9=3"), ["P-PICKUP"], []),
    ("optional-pickup", lambda v: _pickup(v, "leave e8=3"), ["P-PICKUP"], ["P-PICKUP"]),
    ("meet-at-end", lambda v: meeting(v) + "claim: Y holds 0\n", [], ["P-SCORE"]),
    ("meet-at-end", lambda v: meeting(v) + "claim: Y holds 1\n", ["P-MEET"], []),
    ("stuck-no-fight", lambda v: stuck_meeting(v) + "claim: X holds 0\n", [], ["P-SCORE"]),
    ("stuck-no-fight", lambda v: stuck_meeting(v) + "claim: X holds 1\n", ["P-MEET"], []),
    ("discard-piles", _discard, [], ["P-DRAW"]),  # a card known to lie in a discard is not available
]


@pytest.mark.parametrize("variant, build, without, with_it", CASES,
                         ids=[f"{case[0]}-{index}" for index, case in enumerate(CASES)])
def test_each_variant_changes_the_verdict_as_its_ruling_says(variant, build, without, with_it):
    assert decided(build("")) == without
    assert decided(build(variant)) == with_it


def test_a_variant_given_on_the_command_line_applies_to_logs_that_name_none():
    from referee.pipeline.datafiles import judge_options

    options = judge_options([], ["wind-toward"])
    report = check_text("t.perroquets", meeting() + "claim: Y at b2\n", options=options)
    assert report.ok
    named = check_text("t.perroquets", meeting("-") + "claim: Y at b2\n", options=options)
    assert [d.code for d in named.all_diagnostics()] == ["P-CLAIM"]  # the header's choice wins


def test_end_of_round_plays_the_last_round_out():
    rules = GAMES["perroquets"]
    record, engine = random_game(rules, ["X", "Y"], False, "end0")
    assert engine.end_reason == "in round 17, after the parrots flew"
    text = "".join(line for line in format_game(record, rules).splitlines(keepends=True)
                   if not line.startswith("[Result"))
    stayed = text + "claim: X at f1\n"
    assert findings(stayed) == []
    played_out = stayed.replace('[Data "default"]', '[Data "default"]\n[Variants "end-of-round"]')
    assert decided(played_out) == ["P-SHIP-PATH"]
    assert findings(played_out.replace("claim: X at f1", "claim: X at e5")) == []


def test_sum_values_scores_the_values():
    from pathlib import Path

    sample = Path(__file__).resolve().parent.parent / "samples" / "perroquets" / "legal" / "variant-sum-values.perroquets"
    text = sample.read_text(encoding="utf-8")
    assert findings(text) == []
    assert findings(text.replace('[Variants "sum-values"]\n', "")) == ["P-SCORE"]
