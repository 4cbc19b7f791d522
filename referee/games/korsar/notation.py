"""Korsar notation: the grammar of a turn's body and of Korsar's tag values.

    body     = { capture } action [ chase ]
    capture  = "x" galleon                    a galleon the writer says was captured
    action   = "draw" [ card ]                draw (optionally showing the card)
             | "discard" card
             | card "@" galleon               pirate, captain or admiral on a galleon
             | card                           a galleon placed
    chase    = "~" card                       the character the writer says was chased
    galleon  = player value [ "/" round ]     e.g. A3, or A3/5 when A has two 3s out
    card     = "$" digits | colour digits | colour "C" | "AD"

The grammar accepts any card-like code so that the rules engine, not the
parser, can say which card does not exist (K-CARDS). A body seen once is
parsed once: results are cached by text. A body written the plain way (single
spaces) is read by one regular expression equal to the grammar on such bodies;
pyparsing is imported and the grammar built only for the others, which it explains.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from referee.games.base import ParsedTurn, TurnSyntaxError
from referee.games.tagvalues import (
    PLAYER_ID, PLAYERS_TAG, SEED_TAG, SPACE, Grammars, TagGrammar, check_value, words,
)

if TYPE_CHECKING:
    import pyparsing as pp

ActionKind = Literal["draw", "discard", "galleon", "play"]

CARD = r"\$[0-9]{1,3}|[A-Z](?:[0-9]{1,3}|C)|AD"
KEYWORDS = frozenset({"draw", "discard"})


@dataclass(frozen=True, slots=True)
class GalleonRef:
    """A galleon on the table, named by who placed it and its gold."""

    owner: str
    value: int
    round: int | None = None

    def __str__(self) -> str:
        suffix = f"/{self.round}" if self.round is not None else ""
        return f"{self.owner}{self.value}{suffix}"


@dataclass(frozen=True, slots=True)
class KorsarAction:
    """One turn: the action, plus what the writer claims happened around it.

    `captures` lists the galleons the writer says the capture phase took (empty:
    nothing stated); `chased` the character the writer says was chased.
    """

    kind: ActionKind
    card: str | None = None
    target: GalleonRef | None = None
    captures: tuple[GalleonRef, ...] = ()
    chased: str | None = None


def _ref(groups: dict[str, str], prefix: str = "") -> GalleonRef:
    round_ = groups.get(prefix + "round")
    return GalleonRef(groups[prefix + "owner"], int(groups[prefix + "value"]),
                      int(round_) if round_ else None)


@dataclass(frozen=True, slots=True)
class _Piece:
    kind: str
    start: int
    end: int
    groups: dict[str, str]


def _piece(kind: str, pattern: str) -> "pp.ParserElement":
    """A token of the body that remembers its kind, place and named groups."""
    import pyparsing as pp

    element = pp.Regex(pattern)

    def located(text: str, loc: int, tokens: "pp.ParseResults") -> _Piece:
        groups = {key: value for key, value in tokens.as_dict().items() if isinstance(value, str)}
        return _Piece(kind, loc, loc + len(tokens[0]), groups)

    return element.set_parse_action(located).set_name(kind)


def _ref_pattern(prefix: str = "") -> str:
    return (rf"(?P<{prefix}owner>{PLAYER_ID})(?P<{prefix}value>[0-9]{{1,3}})"
            rf"(?:/(?P<{prefix}round>[0-9]{{1,6}}))?")


@lru_cache(maxsize=1)
def _grammar() -> "pp.ParserElement":
    import pyparsing as pp

    end = r"(?![^\s])"
    capture = _piece("capture", "x" + _ref_pattern() + end)
    draw = _piece("draw", rf"draw(?:\s+(?P<card>{CARD}))?" + end)
    discard = _piece("discard", rf"discard\s+(?P<card>{CARD})" + end)
    play_on = _piece("play", rf"(?P<card>{CARD})@" + _ref_pattern() + end)
    galleon = _piece("galleon", rf"(?P<card>{CARD})" + end)
    chase = _piece("chase", rf"~(?P<card>{CARD})" + end)
    return (pp.ZeroOrMore(capture) + (draw | discard | play_on | galleon)
            + pp.Opt(chase) + pp.StringEnd())


_PLAIN_PIECES = re.compile(
    rf"(?P<capture>x{_ref_pattern()})"
    rf"|(?P<draw>draw(?: (?P<draw_card>{CARD}))?)"
    rf"|(?P<discard>discard (?P<discard_card>{CARD}))"
    rf"|(?P<play>(?P<play_card>{CARD})@{_ref_pattern('on_')})"
    rf"|(?P<galleon>{CARD})"
    rf"|(?P<chase>~(?P<chase_card>{CARD}))")
"""Each piece of a plainly written body, as the grammar's tokens read it."""

_PLAIN_BODY = re.compile(
    rf"(?:x{_ref_pattern('c_')} )*"
    rf"(?:draw(?: (?:{CARD}))?|discard (?:{CARD})|(?:{CARD})@{_ref_pattern('p_')}|(?:{CARD}))"
    rf"(?: ~(?:{CARD}))?")
"""The body grammar over single-spaced words: a body it matches is one the grammar
reads, into the pieces `_PLAIN_PIECES` finds between the spaces."""


@lru_cache(maxsize=1 << 16)
def parse_body(text: str) -> ParsedTurn:
    """Parse a turn body; the result is shared between equal texts, so it is immutable."""
    if _PLAIN_BODY.fullmatch(text):
        pieces = _plain_pieces(text)
    else:
        import pyparsing as pp

        try:
            # parse_all would add its own end check: the grammar ends in StringEnd already
            pieces = list(_grammar().parse_string(text, parse_all=False))
        except pp.ParseBaseException:
            raise _explain(text) from None
    parts: dict[str, tuple[int, int]] = {}
    captures: list[GalleonRef] = []
    kind: ActionKind = "draw"
    card: str | None = None
    target: GalleonRef | None = None
    chased: str | None = None
    for piece in pieces:
        if piece.kind == "capture":
            parts[f"capture:{len(captures)}"] = (piece.start, piece.end)
            captures.append(_ref(piece.groups))
        elif piece.kind == "chase":
            chased = piece.groups["card"]
            parts["chase"] = (piece.start, piece.end)
        else:
            kind = piece.kind  # type: ignore[assignment]
            card = piece.groups.get("card")
            parts["action"] = (piece.start, piece.end)
            if card is not None:
                card_start = text.index(card, piece.start) if kind != "play" else piece.start
                parts["card"] = (card_start, card_start + len(card))
            if kind == "play":
                target = _ref(piece.groups)
                parts["target"] = (piece.start + len(card or "") + 1, piece.end)
    return ParsedTurn(KorsarAction(kind, card, target, tuple(captures), chased), parts)


def _plain_pieces(text: str) -> list[_Piece]:
    """The pieces of a body `_PLAIN_BODY` matches, with the groups the grammar's own
    tokens would name."""
    pieces = []
    position = 0
    while position < len(text):
        match = _PLAIN_PIECES.match(text, position)
        assert match is not None and match.lastgroup is not None
        kind = match.lastgroup  # the piece's own group: it closes after those inside it
        groups = {key: value for key, value in match.groupdict().items() if value is not None}
        if kind == "capture":
            groups = {key: groups[key] for key in ("owner", "value", "round") if key in groups}
        elif kind == "play":
            groups = {"card": groups["play_card"], "owner": groups["on_owner"], "value": groups["on_value"],
                      **({"round": groups["on_round"]} if "on_round" in groups else {})}
        elif kind in ("draw", "discard", "chase"):
            card = groups.get(f"{kind}_card")
            groups = {"card": card} if card is not None else {}
        else:
            groups = {"card": match.group()}
        pieces.append(_Piece(kind, match.start(), match.end(), groups))
        position = match.end() + 1
    return pieces


_SHAPES = (
    ("capture", re.compile("x" + _ref_pattern())),
    ("draw", re.compile("draw")),
    ("discard", re.compile("discard")),
    ("play", re.compile(rf"(?:{CARD})@" + _ref_pattern())),
    ("card", re.compile(CARD)),
    ("chase", re.compile(rf"~(?:{CARD})")),
)


def _explain(text: str) -> TurnSyntaxError:
    """Find the first token that does not fit and say what was expected there."""
    if not text:
        return TurnSyntaxError("the turn is empty", 0, "write what the player did, e.g. 'draw'")
    offset = 0
    stage = "captures"
    tokens = text.split(" ")
    index = 0
    while index < len(tokens):
        token = tokens[index]
        shape = _shape(token)
        if stage == "captures" and shape == "capture":
            pass  # any number of captures may come first
        elif stage == "captures" and shape in ("draw", "discard", "card", "play"):
            stage = "chase"
            if shape == "discard" or (shape == "draw" and index + 1 < len(tokens)
                                      and _shape(tokens[index + 1]) == "card"):
                if shape == "discard" and (index + 1 >= len(tokens) or _shape(tokens[index + 1]) != "card"):
                    return TurnSyntaxError("'discard' needs the card discarded", offset,
                                           "write e.g. 'discard Y2'")
                offset += len(token) + 1
                index += 1
                token = tokens[index]
        elif stage == "chase" and shape == "chase":
            stage = "end"
        else:
            return TurnSyntaxError(f"cannot read '{_clip(token)}'", offset, _hint(token, stage))
        offset += len(token) + 1
        index += 1
    if stage == "captures":
        return TurnSyntaxError("the turn ends before its action", len(text),
                               "after captures ('xA3') comes the action: a card, 'draw' or 'discard CARD'")
    return TurnSyntaxError(f"cannot read '{_clip(text)}'", 0, _hint(text, "captures"))


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shape(token: str) -> str:
    for name, pattern in _SHAPES:
        if pattern.fullmatch(token):
            return name
    return "unknown"


def _hint(token: str, stage: str) -> str:
    if token.lower() in KEYWORDS and token not in KEYWORDS:
        return f"keywords are lower case: '{token.lower()}'"
    import difflib

    close = difflib.get_close_matches(token.lower(), sorted(KEYWORDS), n=1, cutoff=0.6)
    if close and token.isalpha():
        return f"did you mean '{close[0]}'?"
    if stage in ("chase", "end") and _shape(token) in ("draw", "discard", "card", "play"):
        return "a turn holds one action"
    if stage in ("chase", "end") and _shape(token) == "capture":
        return "captures are written before the action, as in 'xA3 draw'"
    if stage == "end":
        return "nothing may follow the chased character"
    if any(ch.islower() for ch in token) and not token.startswith(("x", "draw", "discard")):
        return "cards are written in capitals: Y2, RC, AD, $5"
    if "@" in token:
        return "a card on a galleon is written CARD@GALLEON, e.g. R2@A3 (no spaces)"
    if token.startswith("~"):
        return "a chased character is written ~AD or ~YC"
    return ("a turn is: optional captures (xA3), then 'draw [CARD]', 'discard CARD', "
            "a galleon ($3) or CARD@GALLEON (R2@A3), then optionally ~CHARACTER")


def format_body(action: KorsarAction) -> str:
    words = [f"x{ref}" for ref in action.captures]
    if action.kind == "draw":
        words.append("draw" if action.card is None else f"draw {action.card}")
    elif action.kind == "discard":
        words.append(f"discard {action.card}")
    elif action.kind == "play":
        words.append(f"{action.card}@{action.target}")
    else:
        words.append(str(action.card))
    if action.chased is not None:
        words.append(f"~{action.chased}")
    return " ".join(words)


# -- tag values --------------------------------------------------------------------

_SIDE_SCORE_RE = re.compile(rf"(?P<side>{PLAYER_ID}(?:\+{PLAYER_ID})?)=(?P<score>-?[0-9]{{1,4}})")
_SIDE_SCORE_PLAIN = _SIDE_SCORE_RE.pattern.replace("(?P<side>", "(?:").replace("(?P<score>", "(?:")
_RESULT_RE = rf"\*|{_SIDE_SCORE_PLAIN}(?:{SPACE}+{_SIDE_SCORE_PLAIN})*"
_HAND_RE = rf"{PLAYER_ID}{SPACE}*:(?:{SPACE}*-|{SPACE}*{words(CARD)})?"


def _card_token() -> "pp.ParserElement":
    import pyparsing as pp

    return pp.Regex(CARD)


def _teams_grammar() -> "pp.ParserElement":
    import pyparsing as pp

    return pp.OneOrMore(pp.Regex(rf"{PLAYER_ID}\+{PLAYER_ID}")) + pp.StringEnd()


def _hands_grammar() -> "pp.ParserElement":
    import pyparsing as pp

    card = _card_token()
    hand = pp.Group(pp.Regex(PLAYER_ID) + pp.Suppress(":") + pp.Group(pp.Suppress("-") | pp.ZeroOrMore(card)))
    return pp.DelimitedList(hand, delim="/") + pp.StringEnd()


def _deck_grammar() -> "pp.ParserElement":
    import pyparsing as pp

    return pp.ZeroOrMore(_card_token()) + pp.StringEnd()


def _result_grammar() -> "pp.ParserElement":
    import pyparsing as pp

    return pp.Regex(_RESULT_RE) + pp.StringEnd()


_TEAMS = TagGrammar(words(rf"{PLAYER_ID}\+{PLAYER_ID}"), _teams_grammar,
                    "partners joined by '+', teams in seat order, e.g. \"A+B C+D\"")
_HANDS = TagGrammar(words(_HAND_RE, f"{SPACE}*/{SPACE}*"), _hands_grammar,
                    "each player's six cards, e.g. \"A: $3 Y2 R4 B1 GC AD / B: ...\"")
_END_HANDS = TagGrammar(_HANDS.fits.pattern, _hands_grammar,
                        "each player's cards at the end, '-' for none, e.g. \"A: - / B: $3\"")
_DECK = TagGrammar(f"(?:{words(CARD)})?", _deck_grammar, "the deck's cards, top first")
_RESULT = TagGrammar(_RESULT_RE, _result_grammar,
                     "'*' for an unfinished game, or each side's score: \"A=6 B=2 C=-3\"")

TAG_GRAMMARS: Grammars = {
    "Players": PLAYERS_TAG,
    "Teams": _TEAMS,
    "Seed": SEED_TAG,
    "Hands": _HANDS,
    "Deck": _DECK,
    "EndHands": _END_HANDS,
    "Result": _RESULT,
}


def parse_teams(value: str) -> list[tuple[str, str]]:
    return list(_teams(value))


@lru_cache(maxsize=1024)
def _teams(value: str) -> tuple[tuple[str, str], ...]:
    found = value.split() if _TEAMS.fits.fullmatch(value) else _TEAMS.parse(value)
    teams = []
    for word in found:
        first, second = word.split("+")
        teams.append((first, second))
    return tuple(teams)


def parse_hands(value: str) -> list[tuple[str, list[str]]]:
    if _HANDS.fits.fullmatch(value):
        hands = []
        for hand in value.split("/"):
            player, _, cards = hand.partition(":")
            listed = cards.split()
            hands.append((player.strip(), [] if listed == ["-"] else listed))
        return hands
    return [(group[0], list(group[1])) for group in _HANDS.parse(value)]


def parse_deck(value: str) -> list[str]:
    if _DECK.fits.fullmatch(value):
        return value.split()
    return list(_DECK.parse(value))


def parse_result(value: str) -> list[tuple[str, int]] | None:
    """None for '*', else (side, claimed score) in the order written."""
    if value.strip() == "*":
        return None
    return [(match["side"], int(match["score"])) for match in _SIDE_SCORE_RE.finditer(value)]


def format_hands(hands: list[tuple[str, list[str]]]) -> str:
    return " / ".join(f"{player}: {' '.join(cards) if cards else '-'}" for player, cards in hands)


def check_tag_value(name: str, value: str) -> TurnSyntaxError | None:
    return check_value(TAG_GRAMMARS, name, value)

