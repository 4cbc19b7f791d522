"""Tag values are checked by a regular expression first (a game's own `TagGrammar`, or
the single Regex of a grammar such as a Result); pyparsing is asked only about the
rest. A value the shortcut takes must be one pyparsing reads, for any value."""

from __future__ import annotations

import pyparsing as pp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.corsari.notation import TAG_GRAMMARS as CORSARI
from referee.games.korsar.notation import TAG_GRAMMARS as KORSAR
from referee.games.korsar.notation import parse_deck, parse_hands, parse_teams
from referee.games.tagvalues import TagGrammar, _fits_single_regex, check_value, parse_players

GRAMMARS = [("korsar", name) for name in KORSAR] + [("corsari", name) for name in CORSARI]
VALUES = st.text(alphabet="AB_+=-*! 0123456789.:\t\nxé$YCD/", max_size=14)


def grammar_of(entry):
    return entry.grammar if isinstance(entry, TagGrammar) else entry[0]


def shortcut_says(entry, value: str) -> bool:
    if isinstance(entry, TagGrammar):
        return entry.fits.fullmatch(value) is not None
    return _fits_single_regex(entry[0], value)


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
    entry = (KORSAR if game == "korsar" else CORSARI)[name]
    if shortcut_says(entry, value):
        assert pyparsing_says(grammar_of(entry), value)


@pytest.mark.parametrize("name,value", [
    ("Players", "A B C"), ("Players", " Anna_B  Ben "), ("Teams", "A+B C+D"), ("Deck", "$3 Y2 RC AD"),
    ("Deck", ""), ("Hands", "A: $3 Y2 R4 B1 GC AD / B: Y12 $5"), ("EndHands", "A: - / B: $3"),
    ("EndHands", "A:/B:-"), ("Seed", "club-7:12")])
def test_plain_values_are_read_without_pyparsing_and_as_pyparsing_reads_them(name, value):
    entry = KORSAR[name]
    assert isinstance(entry, TagGrammar) and entry.fits.fullmatch(value)
    read = {"Players": parse_players, "Teams": parse_teams, "Deck": parse_deck, "Hands": parse_hands,
            "EndHands": parse_hands, "Seed": str.strip}[name](value)
    tokens = entry.parse(value)
    if name in ("Hands", "EndHands"):
        assert read == [(group[0], list(group[1])) for group in tokens]
    elif name == "Teams":
        assert read == [tuple(word.split("+")) for word in tokens]
    else:
        assert read == list(tokens) or read == tokens[0]


@pytest.mark.parametrize("value", ["A=6 B=2", " A=6  B=-3 ", "*", "A+B=12 C+D=0"])
def test_results_and_seeds_take_the_shortcut(value):
    assert shortcut_says(KORSAR["Result"], value)
    assert shortcut_says(KORSAR["Seed"], "bench-7:12")
    assert _fits_single_regex(grammar_of(KORSAR["Result"]), value)
    assert not _fits_single_regex(grammar_of(KORSAR["Players"]), "A B")  # not one Regex: pyparsing decides


def test_a_rejected_value_is_still_explained_by_pyparsing():
    problem = check_value(KORSAR, "Result", "A=6 B")
    assert problem is not None and problem.message == "malformed Result tag" and problem.offset == 4
