"""Corsari notation: the grammar of an entry's body and of Corsari's tag values.

A round starts with its number and, where the log gives it, its deal:

    deal     = segment { "/" segment }
    segment  = player card{12}             a hand
             | "quay" card+                the quay as laid, the exposed card last
             | "pile" card                 the card turned up to start the discard pile
             | "deck" card*                the deck, top first

A player's entry is a sequence of steps, judged by the rules engine:

    step     = take | discard | fill | raise | dismiss | stow
    take     = ("deck" | "pile" | "quay") [ "=" card ]     take one card
    discard  = "-" card                                     discard one card
    fill     = "fill" card+                                 complete the fastest captain's crew
    raise    = "raise" card*                                raise anchor, naming the crew
    dismiss  = "dismiss" card*                              the dismissed, as the writer sees them
    stow     = "stow" card*                                 the stowaways, as the writer sees them
    card     = letter digits                                R7, B11

The grammar reads any sequence of steps so that the engine, not the parser,
says which step is missing or out of place (C-TURN, C-TAKE, C-DISCARD, C-RAISE).

Bodies, deals and tag values written the plain way are read by regular expressions
equal to the grammar on such texts; pyparsing is imported, and the grammar built, only
to read or explain the others, so a one-log check does not pay for it at start-up.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from referee.games.base import ParsedTurn, TurnSyntaxError
from referee.games.tagvalues import (
    PLAYER_ID, SEED_TAG, Grammars, check_value, players_tag, regex_tag,
)

if TYPE_CHECKING:
    import pyparsing as pp

CARD = r"[A-Z][0-9]{1,3}"
STEP_WORDS = ("fill", "raise", "dismiss", "stow")
SOURCES = ("deck", "pile", "quay")
RESERVED = frozenset(("deal",) + SOURCES + STEP_WORDS)

StepKind = Literal["take", "discard", "fill", "raise", "dismiss", "stow"]


@dataclass(frozen=True, slots=True)
class Step:
    kind: StepKind
    cards: tuple[str, ...] = ()
    source: str | None = None  # for a take: deck, pile or quay


@dataclass(frozen=True, slots=True)
class CorsariTurn:
    steps: tuple[Step, ...]
    reading: tuple[Any, ...] | None = field(default=None, init=False, repr=False, compare=False)
    """The rules engine's reading of the steps, made when the turn is first played and kept
    with it (a log's turns share their parsed text): no part of the turn's value."""
    text: str | None = field(default=None, init=False, repr=False, compare=False)
    """The turn's body as `format_body` writes it, kept once written (a simulated player plays
    the same few turn objects over and over): no part of the turn's value either."""


@dataclass(frozen=True, slots=True)
class CorsariDeal:
    """A round's deal; hands and deck are None when the log hides them (C-HIDDEN)."""

    hands: tuple[tuple[str, tuple[str, ...]], ...] | None
    quay: tuple[str, ...]
    pile: str | None
    deck: tuple[str, ...] | None


@lru_cache(maxsize=1)
def _body_grammar() -> "pp.ParserElement":
    import pyparsing as pp

    card = pp.Regex(CARD + r"(?![^\s])")  # a word of its own: R1R2 is no two cards
    take = pp.Regex(rf"(?P<source>deck|pile|quay)(?:=(?P<card>{CARD}))?(?![^\s])")
    discard = pp.Regex(rf"-(?P<card>{CARD})(?![^\s])")
    keyword = {word: pp.Keyword(word) for word in STEP_WORDS}
    listed = pp.Group(pp.ZeroOrMore(card))
    step = (take("take") | discard("discard")
            | pp.Group(keyword["fill"] + pp.Group(pp.OneOrMore(card)))
            | pp.Group(keyword["raise"] + listed)
            | pp.Group(keyword["dismiss"] + listed)
            | pp.Group(keyword["stow"] + listed))
    return pp.OneOrMore(step) + pp.StringEnd()


@lru_cache(maxsize=1)
def _deal_grammar() -> "pp.ParserElement":
    import pyparsing as pp

    segment_name = pp.Regex(rf"(?:(?:quay|pile|deck)(?![A-Za-z_])|{PLAYER_ID})(?![^\s/])")
    card = pp.Regex(CARD + r"(?![^\s/])")  # each a word of its own, or the last before a '/'
    segment = pp.Group(segment_name + pp.Group(pp.ZeroOrMore(card)))
    return pp.DelimitedList(segment, delim="/") + pp.StringEnd()


_STEP = rf"(?:(?:deck|pile|quay)(?:={CARD})?|-{CARD}|fill(?: {CARD})+|(?:raise|dismiss|stow)(?: {CARD})*)"
_FITS_BODY = re.compile(rf"{_STEP}(?: {_STEP})*")
"""The body grammar as one regular expression over a body's single-spaced words: a body it
matches is one the grammar reads, so pyparsing is asked only about the others, and
explains what it cannot read."""
_PLAIN_DEAL = re.compile(rf"{PLAYER_ID}(?: {CARD})*(?: ?/ ?{PLAYER_ID}(?: {CARD})*)*")
"""The deal grammar over single-spaced words: each segment a name and its cards."""
_TAKE = re.compile(rf"(?P<source>deck|pile|quay)(?:=(?P<card>{CARD}))?")
_DISCARD = re.compile(rf"-(?P<card>{CARD})")
_CARD = re.compile(CARD)
_WORD_AT = re.compile(r"\S+")


_WORD_LIMIT = 1 << 14
_WORDS: dict[str, tuple[str, Any]] = {}
"""word -> what it is in a body: ("open", kind) for a step word that cards follow,
("step", Step) for a take or a discard (a Step is immutable: bodies share it), or
("card", word) for any other word, the one copy of it that every body shares (a
fast path's table keeps thousands of bodies). Words are few (cards, and takes and
discards of them), so each is matched against the grammar once; bounded all the same."""


def _word(word: str) -> tuple[str, Any]:
    """What `word` is in a body, by the same tests, in the same order, as ever."""
    known = _WORDS.get(word)
    if known is not None:
        return known
    take = _TAKE.fullmatch(word)
    discard = _DISCARD.fullmatch(word)
    found: tuple[str, Any]
    if word in STEP_WORDS:
        found = ("open", word)  # type: ignore[assignment]
    elif take:
        found = ("step", Step("take", (take["card"],) if take["card"] else (), take["source"]))
    elif discard:
        found = ("step", Step("discard", (discard["card"],)))
    else:
        found = ("card", word)
    if len(_WORDS) >= _WORD_LIMIT:
        _WORDS.clear()
    _WORDS[word] = found
    return found


@lru_cache(maxsize=1 << 11)
def parse_body(text: str) -> ParsedTurn:
    """A body's steps, and where each step and each card of a step stands.

    Cached, but only so far: the fast path keeps its own table of the bodies it has
    read, and most raises are written once in a whole archive — a cache as large as
    the archive's bodies held tens of MiB of positions nobody asked for again."""
    if _FITS_BODY.fullmatch(text) is None:
        import pyparsing as pp

        try:
            # parse_all would add its own end check: the grammar ends in StringEnd already
            _body_grammar().parse_string(text, parse_all=False)
        except pp.ParseBaseException:
            raise _explain(text) from None
    return _parse_words(text)


_STEP_AT = re.compile(rf"(?P<open>fill|raise|dismiss|stow)(?P<cards>(?: {CARD})*)|(?P<word>[^ ]+)")
"""One step of a body `_FITS_BODY` takes: a step word with the cards after it, or a take
or a discard."""
_CARD_COPIES: dict[str, str] = {}


def read_body(text: str) -> CorsariTurn:
    """A body's steps without the places of its parts: the quick reader shows no caret.
    A raise's cards are cut from the body in one call rather than word by word."""
    if _FITS_BODY.fullmatch(text) is None:
        return parse_body(text).action  # type: ignore[no-any-return]
    steps: list[Step] = []
    for match in _STEP_AT.finditer(text):
        kind = match["open"]
        if kind is None:
            steps.append(_word(match["word"])[1])
            continue
        cards = match["cards"].split()
        if len(_CARD_COPIES) >= _WORD_LIMIT:
            _CARD_COPIES.clear()
        steps.append(Step(kind, tuple(map(_CARD_COPIES.setdefault, cards, cards))))
    return CorsariTurn(tuple(steps))


def _parse_words(text: str) -> ParsedTurn:
    """A body the grammar reads, word by word: the cards of a step word are the words
    that follow it up to the next step. Words are found wherever the blanks between
    them fall, as the grammar skips any run of them."""
    steps: list[Step] = []
    parts: dict[str, tuple[int, int]] = {}
    kind: StepKind | None = None  # the step whose cards are being listed
    cards: list[str] = []
    opened = last_end = 0
    for found in _WORD_AT.finditer(text):
        word, start, end = found[0], found.start(), found.end()
        sort, what = _word(word)
        if sort == "card":
            assert kind is not None
            parts[f"card:{len(steps)}:{len(cards)}"] = (start, end)
            cards.append(what)
            last_end = end
            continue
        if kind is not None:
            parts[f"step:{len(steps)}"] = (opened, last_end)
            steps.append(Step(kind, tuple(cards)))
            kind = None
        if sort == "open":
            kind, cards, opened = what, [], start
        else:
            parts[f"step:{len(steps)}"] = (start, end)
            steps.append(what)
        last_end = end
    if kind is not None:
        parts[f"step:{len(steps)}"] = (opened, last_end)
        steps.append(Step(kind, tuple(cards)))
    return ParsedTurn(CorsariTurn(tuple(steps)), parts)


def _deal_segments(text: str) -> list[tuple[str, list[str]]]:
    """A deal's segments as (name, cards), the way the grammar groups them."""
    if _PLAIN_DEAL.fullmatch(text):
        return [(named[0], named[1:]) for named in (segment.split() for segment in text.split("/"))]
    import pyparsing as pp

    try:
        # parse_all would add its own end check: the grammar ends in StringEnd already
        return [(name, list(cards)) for name, cards in _deal_grammar().parse_string(text, parse_all=False)]
    except pp.ParseBaseException as error:
        raise TurnSyntaxError("cannot read this deal", error.loc,
                              "a deal is 'A card... / B card... / quay card... / pile card / deck card...'") from None


@lru_cache(maxsize=1024)
def parse_deal(text: str) -> ParsedTurn:
    segments = _deal_segments(text)
    hands: list[tuple[str, tuple[str, ...]]] = []
    quay: tuple[str, ...] = ()
    pile: str | None = None
    deck: tuple[str, ...] | None = None
    parts: dict[str, tuple[int, int]] = {}
    position = 0
    for segment in text.split("/"):
        stripped = segment.strip()
        start = position + segment.index(stripped[:1]) if stripped else position
        parts[f"segment:{stripped.split(' ')[0] if stripped else ''}"] = (start, start + len(stripped))
        position += len(segment) + 1
    names = [name for name, _ in segments]
    for name in names:
        if names.count(name) > 1:
            start = parts.get(f"segment:{name}", (0, 0))[0]
            raise TurnSyntaxError(f"the '{name}' segment is given twice", start,
                                  "a deal gives each hand, the quay, the pile and the deck once")
    for name, cards in segments:
        cards = tuple(cards)
        if name == "quay":
            quay = cards
        elif name == "pile":
            if len(cards) != 1:
                raise TurnSyntaxError("the pile segment names the one card turned up",
                                      parts.get("segment:pile", (0, 0))[0], "write e.g. 'pile Y2'")
            pile = cards[0]
        elif name == "deck":
            deck = cards
        else:
            hands.append((name, cards))
    return ParsedTurn(CorsariDeal(tuple(hands) if hands else None, quay, pile, deck), parts)


def _explain(text: str) -> TurnSyntaxError:
    position = 0
    words = text.split(" ")
    for index, word in enumerate(words):
        if _CARD.fullmatch(word) and index and _TAKE.fullmatch(words[index - 1]) and "=" not in words[index - 1]:
            source = words[index - 1]
            return TurnSyntaxError(f"'{word}' follows '{source}' with a blank", position,
                                   f"write '{source}={word}' to state the card taken, or '-{word}' to discard it")
        if word == "fill" and (index + 1 == len(words) or not _CARD.fullmatch(words[index + 1])):
            return TurnSyntaxError("'fill' needs the cards it puts into the crew", position,
                                   "write e.g. 'fill R7 G9 raise ...'")
        fits = (word in STEP_WORDS or _TAKE.fullmatch(word) or _DISCARD.fullmatch(word)
                or _CARD.fullmatch(word))
        if not fits:
            close = difflib.get_close_matches(word.lower(), list(STEP_WORDS) + list(SOURCES), n=1, cutoff=0.6)
            if close and word.isalpha():
                hint = f"did you mean '{close[0]}'?"
            elif re.fullmatch(r"(?:deck=|pile=|quay=|-)?[a-z][0-9]{1,3}", word):
                hint = "cards are written with a capital colour letter: R7, B11"
            else:
                hint = ("steps are: deck|pile|quay[=CARD] to take, -CARD to discard, fill CARDS, "
                        "raise CARDS, dismiss CARDS, stow CARDS")
            shown = word if len(word) <= 40 else word[:39] + "…"
            return TurnSyntaxError(f"cannot read '{shown}'", position, hint)
        position += len(word) + 1
    return TurnSyntaxError("a card must follow a step word", 0,
                           "cards come after 'fill', 'raise', 'dismiss' or 'stow', e.g. 'raise R1 R2'")


def format_body(turn: CorsariTurn | CorsariDeal) -> str:
    if isinstance(turn, CorsariDeal):
        return format_deal(turn)
    if turn.text is not None:
        return turn.text
    words: list[str] = []
    for step in turn.steps:
        if step.kind == "take":
            words.append(f"{step.source}={step.cards[0]}" if step.cards else str(step.source))
        elif step.kind == "discard":
            words.append(f"-{step.cards[0]}")
        else:
            words.append(" ".join((step.kind,) + step.cards))
    text = " ".join(words)
    object.__setattr__(turn, "text", text)  # frozen: a memo, like `reading`
    return text


def format_deal(deal: CorsariDeal) -> str:
    segments = [f"{player} {' '.join(cards)}" for player, cards in deal.hands or ()]
    segments.append("quay " + " ".join(deal.quay))
    if deal.pile is not None:
        segments.append(f"pile {deal.pile}")
    if deal.deck is not None:
        segments.append(("deck " + " ".join(deal.deck)).rstrip())
    return " / ".join(segments)


# -- tag values --------------------------------------------------------------------

_CLAIM_RE = re.compile(rf"(?P<player>{PLAYER_ID})=(?P<cards>[0-9]{{1,3}})(?P<master>!?)")
_CLAIM = re.sub(r"\(\?P<\w+>", "(?:", _CLAIM_RE.pattern)

TAG_GRAMMARS: Grammars = {
    "Players": players_tag("player ids in clockwise seat order, e.g. \"A B C\""),
    "First": regex_tag(PLAYER_ID, "the first round's first player, e.g. \"B\""),
    "Seed": SEED_TAG,
    "Result": regex_tag(rf"\*|{_CLAIM}(?:[ \t]+{_CLAIM})*",
                        "'*' for an unfinished game, or each player's penalty cards, '!' marking a "
                        "grand master: \"A=12 B=9 C=0!\""),
}




def parse_result(value: str) -> list[tuple[str, int, bool]] | None:
    if value.strip() == "*":
        return None
    return [(m["player"], int(m["cards"]), bool(m["master"])) for m in _CLAIM_RE.finditer(value)]


def check_tag_value(name: str, value: str) -> TurnSyntaxError | None:
    return check_value(TAG_GRAMMARS, name, value)

