"""Pirates & Perroquets notation: the grammar of each entry's body (P-LOG).

A round is a sequence of entries, each `name: body`; the name is a player, or one
of the table's own entries (`parrots`, `wind`, `reveal`, `claim`):

    set-up (round 0)
      PLAYER: ship SQUARE                         a ship placed, in placing order
      parrots: SIDE/FORMATION VALUE{1,3} [COLOUR] a wave: the two rolls, the values in zone order
    a round (1, 2, …)
      parrots: SIDE/FORMATION VALUE{1,3} [COLOUR] phase 1, while the bag holds parrots
      wind: ROLL                                  phase 2
      PLAYER: draw PILE[=CARD] [PILE[=CARD]]      phase 3, the pile by letter or number
      reveal: PLAYER CARD CARD { / PLAYER CARD CARD }   phase 4, optional
      PLAYER: take CARD COLOUR { leave LEFT }     a decision: the card and green or black
      PLAYER: take PILE COLOUR STEP{ STEP} { leave LEFT }   … when the card's id was not noted (P-HIDDEN)
      PLAYER: none                                no decision in time (P-STUCK)
      PLAYER: lose VALUE{ VALUE}                  which parrots the player gave or lost this round
      claim: CLAIM                                what the writer believes happened (P-CLAIM)

    CLAIM  = PLAYER captures SQUARE | PLAYER picks up SQUARE | PLAYER loses N
           | PLAYER at SQUARE | PLAYER holds N | first PLAYER | colour COLOUR
           | order PLAYER{ PLAYER}
    STEP   = ("F"|"B"|"L"|"R"|"FL"|"FR"|"BL"|"BR") [2-9]       (P-STEPS)
    LEFT   = SQUARE=VALUE[BEAK]   a parrot the ship leaves (optional-pickup); BEAK, one of
             N E S W, the way its beak points, tells it from others of its value there
    COLOUR = green | black   for a decision;   white | black   for parrots

The grammar reads the shape only; whether a square is on the board, a card in a
pile or a value in the bag is the engine's to judge (it knows the data). A body
written the plain way (single spaces) is read by one regular expression equal to the
grammar on such bodies; pyparsing is imported and the grammar built only for the
others, which it explains: the two would otherwise be most of a short check's start.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from referee.games.base import ParsedTurn, TurnSyntaxError
from referee.games.perroquets.geometry import STEP_TEXT, format_steps, parse_manoeuvre

if TYPE_CHECKING:
    import pyparsing as pp

PARROTS, WIND, REVEAL, CLAIM = "parrots", "wind", "reveal", "claim"
TABLE_ENTRIES = (PARROTS, WIND, REVEAL, CLAIM)
CLAIM_WORDS = ("first", "colour", "order")
RESERVED = frozenset(TABLE_ENTRIES + CLAIM_WORDS + ("none",))
"""Names no player may take: they open the table's entries and claims."""

NUMBER = r"[0-9]+"
"""ASCII digits only, any number of them, 0 included: a number the data has not, or a die
result outside 1 to 4, is the rules' to report (P-BAG, P-CARDS, P-DICE), not a syntax error."""
SQUARE = r"[a-z][0-9]{1,2}"
"""A column and one or two digits: a0 and a05 fit the grammar and name no square (P-BOARD)."""
CARD = r"[A-Z][A-Za-z0-9]{0,7}"
PILE = rf"[A-Z]|{NUMBER}"
VALUE = NUMBER
PLAYER = r"[A-Za-z][A-Za-z_]*"
BEAK = r"[NESW]"


@dataclass(frozen=True, slots=True)
class PlaceShip:
    square: str


@dataclass(frozen=True, slots=True)
class PlaceParrots:
    side: int
    formation: int
    values: tuple[int, ...]
    colour: str | None = None


@dataclass(frozen=True, slots=True)
class RollWind:
    roll: int


@dataclass(frozen=True, slots=True)
class DrawSlot:
    pile: str
    """As written: a pile's letter or its number."""
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    draws: tuple[DrawSlot, ...]


@dataclass(frozen=True, slots=True)
class Reveal:
    hands: tuple[tuple[str, tuple[str, ...]], ...]


class Leave(NamedTuple):
    """A parrot a ship leaves (optional-pickup): its square and value, and where two of that
    value there differ in their beaks, the way this one's points (N, E, S or W)."""

    square: str
    value: int
    beak: str | None = None


@dataclass(frozen=True, slots=True)
class Decide:
    """A decision: `card`, or (when its id was not noted) `pile` and `path`; None
    for both with colour None is no decision (P-STUCK)."""

    card: str | None
    colour: str | None
    pile: str | None = None
    path: str | None = None
    leaves: tuple[Leave, ...] = ()

    @property
    def stuck(self) -> bool:
        return self.colour is None


@dataclass(frozen=True, slots=True)
class Lose:
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Claim:
    """`kind`: captures, picks-up, loses, at, holds, first, colour or order."""

    kind: str
    subject: str | None
    value: str


Action = PlaceShip | PlaceParrots | RollWind | Draw | Reveal | Decide | Lose | Claim

_COLOUR_WORDS = {"green", "black"}


@lru_cache(maxsize=1)
def _grammars() -> dict[str, "pp.ParserElement"]:
    """Each kind of entry's grammar, built the first time a body does not read plainly."""
    import pyparsing as pp

    square = pp.Regex(SQUARE + r"(?![^\s])")
    value = pp.Regex(VALUE + r"(?![^\s])")
    player = pp.Regex(PLAYER + r"(?![^\s])")
    step = pp.Regex(r"(?:FL|FR|BL|BR|F|B|L|R)[2-9]?(?![^\s])")
    card = pp.Regex(CARD + r"(?![^\s])")
    colour = pp.Regex(r"(?:green|black)(?![^\s])")
    leaves = pp.ZeroOrMore(pp.Keyword("leave") + pp.Regex(_LEFT + r"(?![^\s])"))
    end = pp.StringEnd()
    rolls = pp.Regex(rf"{NUMBER}/{NUMBER}(?![^\s])")
    return {
        "ship": pp.Keyword("ship") + square + end,
        "parrots": rolls + value + pp.Opt(value) + pp.Opt(value) + pp.Opt(pp.one_of("white black")) + end,
        "wind": pp.Regex(rf"{NUMBER}(?![^\s])") + end,
        "draw": pp.Keyword("draw") + pp.Regex(rf"(?:{PILE})(?:=(?:{CARD}))?(?![^\s])")[1, 2] + end,
        # "/" is a word of its own between hands (referee-notation(5)): never part of a name
        "reveal": pp.DelimitedList(player + card + card, delim=pp.Regex(r"/(?![^\s])")) + end,
        "take": pp.Keyword("take") + (  # a card and what it leaves; or a pile (not a card), its path, what it leaves
            (card + colour + leaves + end)
            | (pp.Regex(rf"(?:{PILE})(?![^\s])") + colour + pp.OneOrMore(step) + leaves + end)),
        "none": pp.Keyword("none") + end,
        "lose": pp.Keyword("lose") + pp.OneOrMore(value) + end,
        "claim": ((player + pp.one_of("captures at") + square)
                  | (player + pp.Keyword("picks") + pp.Keyword("up") + square)
                  | (player + pp.one_of("loses holds") + pp.Regex(rf"{NUMBER}(?![^\s])"))
                  | (pp.Keyword("first") + player)
                  | (pp.Keyword("colour") + pp.one_of("white black"))
                  | (pp.Keyword("order") + pp.OneOrMore(player))) + end,
    }


_STEP = r"(?:FL|FR|BL|BR|F|B|L|R)[2-9]?"
_LEFT = rf"{SQUARE}={VALUE}{BEAK}?"
_DRAWN = rf"(?:{PILE})(?:=(?:{CARD}))?"
_HAND = rf"{PLAYER} {CARD} {CARD}"
_PLAIN: dict[str, str] = {
    "ship": rf"ship {SQUARE}",
    "parrots": rf"{NUMBER}/{NUMBER}(?: {VALUE}){{1,3}}(?: (?:white|black))?",
    "wind": NUMBER,
    "draw": rf"draw {_DRAWN}(?: {_DRAWN})?",
    "reveal": rf"{_HAND}(?: / {_HAND})*",
    "take": rf"take (?:{CARD} (?:green|black)|(?:{PILE}) (?:green|black)(?: {_STEP})+)(?: leave {_LEFT})*",
    "none": r"none",
    "lose": rf"lose {VALUE}(?: {VALUE})*",
    "claim": (rf"{PLAYER} (?:captures|at) {SQUARE}|{PLAYER} picks up {SQUARE}|{PLAYER} (?:loses|holds) "
              rf"{NUMBER}|first {PLAYER}|colour (?:white|black)|order {PLAYER}(?: {PLAYER})*"),
}
"""Each grammar as one regular expression over a body's single-spaced words: a body it
matches is one the grammar reads, so pyparsing is asked only about the others, and
explains what it cannot read (a test holds the two to the same answers)."""


@lru_cache(maxsize=None)
def _plain(kind: str) -> re.Pattern[str]:
    """A kind's `_PLAIN` expression, compiled on first use: most logs hold only a few kinds."""
    return re.compile(_PLAIN[kind])


_SHAPES = {
    "ship": "ship SQUARE, e.g. 'ship e8'",
    "parrots": "SIDE/FORMATION then one to three values, e.g. 'parrots: 1/4 3 2 1'",
    "wind": "the wind roll, e.g. 'wind: 2'",
    "draw": "draw PILE[=CARD] [PILE[=CARD]], e.g. 'draw A=A3 C'",
    "reveal": "each player's two cards, e.g. 'reveal: Anna A3 C4 / Ben B1 B7'",
    "take": "take CARD green|black, or take PILE green|black PATH, then any 'leave SQUARE=VALUE', e.g. 'take C4 green'",
    "none": "none",
    "lose": "lose VALUE..., e.g. 'lose 1 3'",
    "claim": ("PLAYER captures|at SQUARE, PLAYER picks up SQUARE, PLAYER loses|holds N, first PLAYER, "
              "colour white|black, or order PLAYER..."),
}
PLAYER_WORDS = ("ship", "draw", "take", "none", "lose")


@lru_cache(maxsize=1 << 14)
def parse_entry(name: str, text: str) -> ParsedTurn:
    """The body of an entry named `name` (a player, or one of the table's entries)."""
    words = text.split(" ")
    offsets = _offsets(words)
    if name in (PARROTS, WIND, REVEAL, CLAIM):
        kind = name
    else:
        kind = words[0]
        if kind not in PLAYER_WORDS:
            raise _unknown_word(words[0], name)
    if _plain(kind).fullmatch(text) is None:
        import pyparsing as pp

        try:
            _grammars()[kind].parse_string(text, parse_all=False)
        except pp.ParseBaseException as error:
            raise TurnSyntaxError(f"cannot read this {kind} entry", error.loc, f"write {_SHAPES[kind]}") from None
    return _READERS[kind](words, offsets)


def _offsets(words: list[str]) -> list[tuple[int, int]]:
    spans, position = [], 0
    for word in words:
        spans.append((position, position + len(word)))
        position += len(word) + 1
    return spans


def _unknown_word(word: str, name: str) -> TurnSyntaxError:
    import difflib  # only a body that does not read needs it: kept off the start of every run

    close = difflib.get_close_matches(word.lower(), list(PLAYER_WORDS) + list(TABLE_ENTRIES), n=1, cutoff=0.6)
    hint = (f"did you mean '{close[0]}'?" if close else
            "a player's entry is ship, draw, take, none or lose; the table's are parrots:, wind:, reveal:, claim:")
    shown = word if len(word) <= 40 else word[:39] + "…"
    return TurnSyntaxError(f"'{shown}' does not start an entry of {name}", 0, hint)


def _read_ship(words: list[str], spans: list[tuple[int, int]]) -> ParsedTurn:
    return ParsedTurn(PlaceShip(words[1]), {"square": spans[1]})


def _read_parrots(words: list[str], spans: list[tuple[int, int]]) -> ParsedTurn:
    side, formation = (int(part) for part in words[0].split("/"))
    rest = words[1:]
    colour = rest.pop() if rest[-1] in ("white", "black") else None
    parts = {"side": (spans[0][0], spans[0][0] + words[0].index("/")),
             "formation": (spans[0][0] + words[0].index("/") + 1, spans[0][1])}
    for index in range(len(rest)):
        parts[f"value:{index}"] = spans[1 + index]
    if colour is not None:
        parts["colour"] = spans[-1]
    return ParsedTurn(PlaceParrots(side, formation, tuple(int(v) for v in rest), colour), parts)


def _read_wind(words: list[str], spans: list[tuple[int, int]]) -> ParsedTurn:
    return ParsedTurn(RollWind(int(words[0])), {"roll": spans[0]})


def _read_draw(words: list[str], spans: list[tuple[int, int]]) -> ParsedTurn:
    slots = []
    parts = {}
    for index, word in enumerate(words[1:]):
        pile, _, card = word.partition("=")
        slots.append(DrawSlot(pile_written(pile), card or None))
        parts[f"draw:{index}"] = spans[1 + index]
    return ParsedTurn(Draw(tuple(slots)), parts)


def _read_reveal(words: list[str], spans: list[tuple[int, int]]) -> ParsedTurn:
    hands = []
    parts = {}
    cleaned = [(w, s) for w, s in zip(words, spans) if w != "/"]
    for index in range(0, len(cleaned), 3):
        (player, first), (one, s1), (two, s2) = cleaned[index], cleaned[index + 1], cleaned[index + 2]
        parts[f"hand:{player}"] = (first[0], s2[1])
        parts[f"card:{one}"] = s1
        parts.setdefault(f"card:{two}", s2)
        hands.append((player, (one, two)))
    return ParsedTurn(Reveal(tuple(hands)), parts)


def _read_take(words: list[str], spans: list[tuple[int, int]]) -> ParsedTurn:
    first, colour = words[1], words[2]
    parts = {"card": spans[1], "colour": spans[2]}
    steps = 3
    while steps < len(words) and words[steps] != "leave":
        steps += 1
    path = None
    if steps > 3:
        path = format_steps(parse_manoeuvre(" ".join(words[3:steps])).steps)  # type: ignore[union-attr]
        parts["path"] = (spans[3][0], spans[steps - 1][1])
    leaves = []
    for index in range(steps, len(words), 2):
        square, _, left = words[index + 1].partition("=")
        beak = left[-1] if left[-1] in "NESW" else None
        parts[f"leave:{len(leaves)}"] = (spans[index][0], spans[index + 1][1])
        leaves.append(Leave(square, int(left[:-1] if beak else left), beak))
    if path is not None:
        return ParsedTurn(Decide(None, colour, pile_written(first), path, tuple(leaves)), parts)
    return ParsedTurn(Decide(first, colour, leaves=tuple(leaves)), parts)


def pile_written(pile: str) -> str:
    """A pile as its entry means it: its letter, or its number as a number (01 is pile 1)."""
    return str(int(pile)) if pile[0] in "0123456789" else pile


def _read_none(words: list[str], spans: list[tuple[int, int]]) -> ParsedTurn:
    return ParsedTurn(Decide(None, None), {})


def _read_lose(words: list[str], spans: list[tuple[int, int]]) -> ParsedTurn:
    return ParsedTurn(Lose(tuple(int(v) for v in words[1:])),
                      {f"value:{i}": span for i, span in enumerate(spans[1:])})


def _read_claim(words: list[str], spans: list[tuple[int, int]]) -> ParsedTurn:
    head = words[0]
    if head in CLAIM_WORDS and len(words) >= 2 and (head != "first" or len(words) == 2):
        if head == "order":
            return ParsedTurn(Claim("order", None, " ".join(words[1:])), {"value": (spans[1][0], spans[-1][1])})
        return ParsedTurn(Claim(head, None, words[1]), {"value": spans[1]})
    verb = "picks-up" if words[1] == "picks" else words[1]
    return ParsedTurn(Claim(verb, head, words[-1]), {"subject": spans[0], "value": spans[-1]})


_READERS = {"ship": _read_ship, "parrots": _read_parrots, "wind": _read_wind, "draw": _read_draw,
            "reveal": _read_reveal, "take": _read_take, "none": _read_none, "lose": _read_lose,
            "claim": _read_claim}


def format_entry(action: Action) -> str:
    match action:
        case PlaceShip(square):
            return f"ship {square}"
        case PlaceParrots(side, formation, values, colour):
            return " ".join([f"{side}/{formation}", *map(str, values)] + ([colour] if colour else []))
        case RollWind(roll):
            return str(roll)
        case Draw(draws):
            return "draw " + " ".join(s.pile + (f"={s.card}" if s.card else "") for s in draws)
        case Reveal(hands):
            return " / ".join(f"{player} {' '.join(cards)}" for player, cards in hands)
        case Decide(card, colour, pile, path, leaves):
            if colour is None:
                return "none"
            head = f"take {pile} {colour} {path}" if card is None else f"take {card} {colour}"
            return " ".join([head] + [f"leave {sq}={v}{beak or ''}" for sq, v, beak in leaves])
        case Lose(values):
            return "lose " + " ".join(map(str, values))
        case Claim(kind, subject, value):
            if subject is None:
                return f"{kind} {value}"
            return f"{subject} {'picks up' if kind == 'picks-up' else kind} {value}"
    raise TypeError(f"not a Perroquets action: {action!r}")


def entry_name(action: Action, player: str) -> str:
    """The name an action is written under: the player, or the table's entry."""
    match action:
        case PlaceParrots():
            return PARROTS
        case RollWind():
            return WIND
        case Reveal():
            return REVEAL
        case Claim():
            return CLAIM
    return player


_ = (STEP_TEXT, re)
