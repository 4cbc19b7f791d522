"""Tag values new in every game (Seed, Result) are checked by their grammar's own
regular expression; the answer must be pyparsing's, for any value."""

from __future__ import annotations

import pyparsing as pp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.corsari.notation import TAG_GRAMMARS as CORSARI
from referee.games.korsar.notation import TAG_GRAMMARS as KORSAR
from referee.games.tagvalues import _fits_single_regex, check_value

GRAMMARS = [("korsar", name) for name in KORSAR] + [("corsari", name) for name in CORSARI]
VALUES = st.text(alphabet="AB_+=-*! 0123456789.:\t\nxé", max_size=14)


def pyparsing_says(grammar: pp.ParserElement, value: str) -> bool:
    try:
        grammar.parse_string(value, parse_all=True)
    except pp.ParseBaseException:
        return False
    return True


@pytest.mark.parametrize("game,name", GRAMMARS)
@settings(max_examples=300, deadline=None)
@given(value=VALUES)
def test_the_shortcut_never_accepts_what_pyparsing_rejects(game, name, value):
    grammar = (KORSAR if game == "korsar" else CORSARI)[name][0]
    if _fits_single_regex(grammar, value):
        assert pyparsing_says(grammar, value)


@pytest.mark.parametrize("value", ["A=6 B=2", " A=6  B=-3 ", "*", "A+B=12 C+D=0"])
def test_results_and_seeds_take_the_shortcut(value):
    assert _fits_single_regex(KORSAR["Result"][0], value)
    assert _fits_single_regex(KORSAR["Seed"][0], "bench-7:12")
    assert not _fits_single_regex(KORSAR["Players"][0], "A B")  # not one Regex: pyparsing decides


def test_a_rejected_value_is_still_explained_by_pyparsing():
    problem = check_value(KORSAR, "Result", "A=6 B")
    assert problem is not None and problem.message == "malformed Result tag" and problem.offset == 4
