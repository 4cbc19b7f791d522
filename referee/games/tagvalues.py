"""Tag-value grammar every game shares: player ids, the Players and Seed tags, and
checking a value against a game's table of grammars.

pyparsing is imported, and a grammar built, only when a value needs it: importing
pyparsing and building grammars would otherwise be most of a one-log check's start.
A `TagGrammar` answers the values people write with a regular expression and asks
its pyparsing grammar only about the rest, which it then also explains.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Union

from referee.games.base import TurnSyntaxError

if TYPE_CHECKING:
    import pyparsing as pp

PLAYER_ID = r"[A-Za-z][A-Za-z_]*"
"""A player id: letters and '_' only, so that a game may write an id and a number
together (Korsar's galleon A3)."""

SEED_RE = r"[A-Za-z0-9_.:-]{1,64}"
SEED_SHAPE = "up to 64 letters, digits and . _ : -"

SPACE = "[ \t]"
"""Blanks a value's regular expression allows: some of what pyparsing skips, so that a
value the expression takes is one the grammar reads (the converse need not hold)."""


def words(token: str, separator: str = f"{SPACE}+") -> str:
    """One or more `token`s apart, as a regular expression."""
    return f"(?:{token})(?:{separator}(?:{token}))*"


class TagGrammar:
    """A tag value's grammar: `fits`, a regular expression over the whole value, says
    yes to the values people write; the pyparsing grammar `build` makes decides the
    others and says where one goes wrong."""

    def __init__(self, fits: str, build: Callable[[], "pp.ParserElement"], shape: str) -> None:
        self.fits = re.compile(f"{SPACE}*(?:{fits}){SPACE}*")
        self.build = build
        self.shape = shape

    @cached_property
    def grammar(self) -> "pp.ParserElement":
        return self.build()

    def parse(self, value: str) -> "pp.ParseResults":
        return self.grammar.parse_string(value, parse_all=True)


Grammars = dict[str, Union[TagGrammar, tuple["pp.ParserElement", str]]]
"""Tag name -> its grammar; a plain (pyparsing grammar, shape) pair is still taken."""


def _id() -> "pp.ParserElement":
    import pyparsing as pp

    return pp.Regex(PLAYER_ID)


def _players() -> "pp.ParserElement":
    import pyparsing as pp

    return pp.OneOrMore(_id()) + pp.StringEnd()


def regex_tag(pattern: str, shape: str) -> TagGrammar:
    """A tag whose value is one regular expression, and its grammar that same expression."""
    def build() -> "pp.ParserElement":
        import pyparsing as pp

        return pp.Regex(pattern) + pp.StringEnd()

    return TagGrammar(pattern, build, shape)


def players_tag(shape: str) -> TagGrammar:
    """The Players tag, its shape said in a game's own words."""
    return TagGrammar(words(PLAYER_ID), _players, shape)


VARIANT_NAME = r"[a-z-]+"


def _variants() -> "pp.ParserElement":
    import pyparsing as pp

    return pp.OneOrMore(pp.Regex(VARIANT_NAME)) + pp.StringEnd()


PLAYERS_TAG = players_tag("player ids in seat order, letters and '_', e.g. \"A B C\"")
VARIANTS_TAG = TagGrammar(words(VARIANT_NAME), _variants, "variant names separated by spaces, or '-'")
"""The Variants tag of the games that have variants (read by `games.common.read_variants`)."""
SEED_TAG = regex_tag(SEED_RE, SEED_SHAPE)

_LAZY: dict[str, Callable[[], Any]] = {"ID": _id, "PLAYERS": lambda: PLAYERS_TAG.grammar,
                                       "SEED": lambda: SEED_TAG.grammar}


def __getattr__(name: str) -> Any:
    """ID, PLAYERS and SEED, the pyparsing elements games build their grammars from,
    made when first asked for."""
    if name in _LAZY:
        value = _LAZY[name]()
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def check_value(grammars: Grammars, name: str, value: str) -> TurnSyntaxError | None:
    """Whether `value` fits the grammar `grammars` gives for tag `name` (None: no grammar)."""
    entry = grammars.get(name)
    if entry is None:
        return None
    if isinstance(entry, TagGrammar):
        if entry.fits.fullmatch(value):
            return None
        grammar, shape = entry.grammar, entry.shape
    else:
        grammar, shape = entry
    key = (id(grammar), value)
    if key in _FITTING or _fits_single_regex(grammar, value):
        return None
    import pyparsing as pp

    try:
        grammar.parse_string(value, parse_all=True)
    except pp.ParseBaseException as error:
        return TurnSyntaxError(f"malformed {name} tag", error.loc, f"{name} holds {shape}")
    if len(_FITTING) >= 10_000:
        _FITTING.clear()
    _FITTING.add(key)
    return None


def _fits_single_regex(grammar: "pp.ParserElement", value: str) -> bool:
    """For a grammar that is one Regex then the end of the value (Seed, a Result), the
    answer pyparsing would give, by the same regular expression: values such as seeds
    are new in every game, and pyparsing's own overhead would be paid per game. False
    means "not known to fit": pyparsing then decides and explains."""
    import pyparsing as pp

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
    return list(_parse_players(value))


@lru_cache(maxsize=1024)
def _parse_players(value: str) -> tuple[str, ...]:
    if PLAYERS_TAG.fits.fullmatch(value):
        return tuple(value.split())
    return tuple(PLAYERS_TAG.parse(value))
