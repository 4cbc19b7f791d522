"""Tag-value grammar every game shares: player ids, the Players and Seed tags, and
checking a value against a game's table of grammars."""

from __future__ import annotations

from functools import lru_cache

import pyparsing as pp

from referee.games.base import TurnSyntaxError

PLAYER_ID = r"[A-Za-z][A-Za-z_]*"
"""A player id: letters and '_' only, so that a game may write an id and a number
together (Korsar's galleon A3)."""

ID = pp.Regex(PLAYER_ID)
PLAYERS = pp.OneOrMore(ID) + pp.StringEnd()
SEED = pp.Regex(r"[A-Za-z0-9_.:-]{1,64}") + pp.StringEnd()
SEED_SHAPE = "up to 64 letters, digits and . _ : -"

Grammars = dict[str, tuple[pp.ParserElement, str]]


def check_value(grammars: Grammars, name: str, value: str) -> TurnSyntaxError | None:
    """Whether `value` fits the grammar `grammars` gives for tag `name` (None: no grammar)."""
    entry = grammars.get(name)
    if entry is None:
        return None
    grammar, shape = entry
    key = (id(grammar), value)
    if key in _FITTING or _fits_single_regex(grammar, value):
        return None
    try:
        grammar.parse_string(value, parse_all=True)
    except pp.ParseBaseException as error:
        return TurnSyntaxError(f"malformed {name} tag", error.loc, f"{name} holds {shape}")
    if len(_FITTING) >= 10_000:
        _FITTING.clear()
    _FITTING.add(key)
    return None


def _fits_single_regex(grammar: pp.ParserElement, value: str) -> bool:
    """For a grammar that is one Regex then the end of the value (Seed, a Result), the
    answer pyparsing would give, by the same regular expression: values such as seeds
    are new in every game, and pyparsing's own overhead would be paid per game. False
    means "not known to fit": pyparsing then decides and explains."""
    if not (isinstance(grammar, pp.And) and len(grammar.exprs) == 2
            and isinstance(grammar.exprs[0], pp.Regex) and isinstance(grammar.exprs[1], pp.StringEnd)):
        return False
    regex = grammar.exprs[0]
    skip = regex.whiteChars
    start = len(value) - len(value.lstrip("".join(skip))) if skip else 0
    match = regex.re.match(value, start)
    return match is not None and match.end() > start and not value[match.end():].strip("".join(skip))


_FITTING: set[tuple[int, str]] = set()
"""Values already found to fit a grammar: archives repeat the same Players tag."""


def parse_players(value: str) -> list[str]:
    return list(_players(value))


@lru_cache(maxsize=1024)
def _players(value: str) -> tuple[str, ...]:
    return tuple(PLAYERS.parse_string(value, parse_all=True))
