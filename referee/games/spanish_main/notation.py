"""Pirates of the Spanish Main notation, level 1 (S-L1): the grammar of each entry's body.

A log's round 0 is the set-up (S-SETUP); round N is the game's turn N. Each entry is
`name: body`, the name a player (or `deal`, the table's entry for the treasure deal),
the body one event — an action with its stated facts and dice, a free action, a
declared ability or its effect. Pieces are named by their owner: `Anna.s1` is the
ship Anna's fleet entry calls `s1`; islands and terrain by the names they are placed
under (`I1`, `F1`). Dice are written as their values, where they are rolled.

    set-up (round 0)
      fleet NAME=CARD[@NAME|@home] …     ships, crew (where each starts), events, forts held
      treasure NAME=CARD …               this player's treasure contribution
      roll DIE                           the roll for first player (ties: both roll again)
      island PLACE                       an island placed, in turn from the first player
      fog|sargasso|reef PLACE            a terrain piece placed the same way
      iceberg PLACE=GOLD                 an iceberg and its gold number
      home PLAYER=PLACE                  a home island chosen (S-HOME)
      deal: PLACE=TOKEN,TOKEN,… …        an open deal, 4 tokens a wild island
      deal: hidden                       a deal nobody wrote down (S-HIDDEN)
    a turn (1, 2, …)
      icebergs DIE                       the start-of-turn roll (S-ICEBERG)
      drift PLACE DIE [stops PLACE|SHIP [mast M]]
      move SHIP [exit DIE] SEGMENTS FACT…          SEGMENTS: S, L, L+S …; '-' for none
      about SHIP FACT…                   coming about (S-COME-ABOUT)
      ram SHIP TARGET DIE [mast M] USE…
      board PLAYER=DIE PLAYER=DIE [takes TOKEN|kills CREW] USE…   the sender first
      tow SHIP DERELICT | release SHIP
      explore SHIP [SHIP] USE… [takes ITEM,…|takes N] [gives ITEM,…]
                                         ITEM: a token, or COIN=N from gold lying on the island (S-GOLD)
      shoot SHIP|FORT USE… FIRE…         FIRE: mast|flag M at TARGET S|L DIE [lose M]
      repair SHIP M | scuttle SHIP DIE | free SHIP DIE CONTACT…
      land SHIP CREW,… | embark SHIP CREW,… | transfer SHIP SHIP CREW,…
      load SHIP FORT COIN=N,…            gold out of a fort as coins the log names (S-FORT-TREASURE)
      unload SHIP FORT TOKEN,…           treasure aboard into a fort
      reveal SHIP|PLACE TOKEN,…          face-down tokens aboard or on an island, named when they matter (S-HIDDEN)
      build FORT PLACE                   at the end of the turn (S-FORT-BUILD)
      end                                the turn's end (a new turn number ends it too)
      ability SOURCE "TEXT" [overrides RULE,…]   a printed ability (S-ABILITY-DECLARED)
      event EVENT "TEXT" [overrides RULE,…]      an event card played (S-EVENT)
      effect lose SHIP M | effect restore SHIP M | effect kill CREW
      effect gold PLAYER N | effect action SHIP | effect move TOKEN SHIP|ISLAND
      effect value TOKEN N | effect reroll DIE
      resign
    level 2 (S-GEO) adds positions, which level 1 reads and sets aside:
      island PLACE SHAPE, KIND PLACE SHAPE [rim P P P P P P]   SHAPE: circle X,Y R | poly X,Y X,Y X,Y …
      place SHIP @X,Y,H                  a ship's pose at the start (after the homes, before the deal)
      move SHIP [exit DIE@X,Y,H] L@X,Y,H+S@X,Y,H [tows @X,Y,H] FACT…    the pose after each segment
      free SHIP DIE @X,Y,H CONTACT… | tow SHIP DERELICT @X,Y,H
      build FORT PLACE corners X,Y X,Y X,Y X,Y flags X,Y …
    FACT = CONTACT | dock PLACE | fog PLACE | reveal TOKEN,…
         | reef PLACE [DIE] [lose M,…] | sargasso PLACE [DIE]
         | towed reef PLACE [DIE] | towed sargasso PLACE [DIE]     met by the derelict it tows only
    CONTACT = touch PLACE|PIECE | bow SHIP
    USE  = with KEYWORD of SOURCE        a keyword declared (S-KEYWORDS), e.g. with cannon=+1 of Anna.c2

The grammar reads the shape only; the engine judges what the names and numbers mean.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from referee.games.base import ParsedTurn, TurnSyntaxError
from referee.games.spanish_main import quickgrammar as g
from referee.games.spanish_main.quickgrammar import Element, Reader, compile_grammar

DEAL = "deal"
RESERVED = frozenset({DEAL, "home", "none"})

PLAYER = r"[A-Za-z][A-Za-z_]*"
NAME = r"[a-z][a-z0-9]{0,15}"
PIECE = rf"{PLAYER}\.{NAME}"
PLACE = r"[A-Z][A-Za-z0-9]{0,15}"
CARD = r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}"
DIE = r"[0-9]{1,2}"
NUMBER = r"[0-9]{1,3}"
COIN = rf"{PIECE}=[0-9]{{1,3}}"
KEYWORD = r"[a-z][a-z-]*(?:=[+]?[A-Za-z0-9]+)?"
RULE = r"S-[A-Z0-9-]+"
NUM = r"-?[0-9]{1,5}(?:\.[0-9]{1,3})?"
POINT = rf"{NUM},{NUM}"
POSE = rf"@{NUM},{NUM},{NUM}"
"""Level 2 (S-GEO-MODEL): a point in millimetres; a ship's bow tip and heading in degrees."""


@dataclass(frozen=True, slots=True)
class Event:
    """One entry: its verb and its fields, as plain data (tuples for lists, so it is hashable)."""

    verb: str
    fields: tuple[tuple[str, Any], ...] = ()
    get: Callable[..., Any] = field(init=False, repr=False, compare=False)
    """`get(name, default=None)`: the field of that name, or the default. An entry is parsed once
    and its fields read at every judging, so this is a lookup table's own `get`, built here."""
    read_records: dict[str, tuple[dict[str, Any], ...]] = field(init=False, repr=False, compare=False)
    """What `records` made so far."""
    derived: dict[str, Any] = field(init=False, repr=False, compare=False)
    """What a reader worked out from the fields alone (the engine's shape of a move, say), kept
    for the next game that plays the same entry: derived from the fields, never changed."""

    def __post_init__(self) -> None:
        named: dict[str, Any] = {}
        for key, value in self.fields:
            named.setdefault(key, value)  # the first of a name, as a scan of `fields` finds it
        object.__setattr__(self, "get", named.get)
        object.__setattr__(self, "read_records", {})
        object.__setattr__(self, "derived", {})

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self.verb, self.fields))  # what is derived from them is made again

    def records(self, name: str) -> tuple[dict[str, Any], ...]:
        """A field holding a list of records (facts, fires, items, …), each as a dict; () when absent.
        Made once for the entry, which is judged in every game that plays it: read them, never change them."""
        found = self.read_records.get(name)
        if found is None:
            found = self.read_records[name] = tuple(dict(record) for record in self.get(name, ()))
        return found

    def as_dict(self) -> dict[str, Any]:
        return dict(self.fields)


def event(verb: str, **fields: Any) -> Event:
    return Event(verb, tuple((k, _frozen(v)) for k, v in fields.items() if v is not None and v != () and v != []))


def _frozen(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items() if v is not None)
    return value


RECORD_LISTS = ("items", "islands", "facts", "rolls", "uses", "fires", "coins")
"""Fields holding a list of records (written in JSON as a list of objects)."""


RECORDS = ("shape",)
"""Fields holding one record (an object in JSON)."""


def _thawed(value: Any) -> Any:
    return [_thawed(v) for v in value] if isinstance(value, tuple) else value


def to_json(action: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": action.verb}
    for key, value in action.fields:
        if key in RECORD_LISTS:
            out[key] = [{k: _thawed(v) for k, v in record} for record in value]
        elif key in RECORDS:
            out[key] = {k: _thawed(v) for k, v in value}
        else:
            out[key] = _thawed(value)
    return out


def from_json(data: dict[str, Any]) -> Event:
    """An entry from its JSON, made canonical by writing and reading it again (so that an
    object's key order cannot make two equal entries differ); ValueError if no log could
    hold it."""
    fields = {k: v for k, v in data.items() if k != "kind"}
    verb = data["kind"]
    written = format_entry(event(verb, **fields))
    try:
        return parse_entry(DEAL if verb == DEAL else "player", written).action
    except TurnSyntaxError as error:
        raise ValueError(f"this {verb} entry cannot be written as a log: {error.message}") from None


# -- the grammar: validation and labelled words ------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Word:
    label: str
    text: str
    start: int


def _labelled(label: str) -> g.Action:
    """The action that makes a matched word a `_Word` labelled `label`."""
    def tag(text: str, loc: int, tokens: Any) -> _Word:
        return _Word(label, tokens[0], loc)

    return tag


def _w(pattern: str, label: str) -> g.Word:
    """A word of its own: the whole pattern, every alternative of it, ends where white space
    or the body does ('mast1' is no 'mast' and a 1)."""
    return g.Word(f"(?:{pattern})" + r"(?![^\s])", label, _labelled(label))


def _k(word: str) -> g.Word:
    return _w(word, word)


def _build() -> dict[str, Element]:
    end = g.End()
    piece, place, die = _w(PIECE, "piece"), _w(PLACE, "place"), _w(DIE, "die")
    target = _w(rf"{PIECE}|{PLACE}", "target")
    mast = _w(r"[0-9]{1,2}", "mast")
    masts = _w(r"[0-9]{1,2}(?:,[0-9]{1,2})*", "masts")
    items = _w(rf"{PIECE}(?:,{PIECE})*", "items")
    coins = _w(rf"{COIN}(?:,{COIN})*", "coins")
    takes = _w(rf"(?:{PIECE}|{COIN})(?:,(?:{PIECE}|{COIN}))*", "items")
    use = _k("with") + _w(KEYWORD, "keyword") + _k("of") + _w(PIECE, "source")
    text = g.Word(r'"[^"]*"(?![^\s])', "quoted text", _labelled("text"))
    overrides = g.Opt(_k("overrides") + _w(rf"{RULE}(?:,{RULE})*", "rules"))
    contact = (_k("touch") + target) | (_k("bow") + target)
    fact = (contact | (_k("dock") + place) | (_k("fog") + place)
            | (_k("reveal") + items)
            | (_k("reef") + place + g.Opt(die) + g.Opt(_k("lose") + masts))
            | (_k("sargasso") + place + g.Opt(die))
            | (_k("towed") + ((_k("reef") + place + g.Opt(die)) | (_k("sargasso") + place + g.Opt(die)))))
    fire = (_w("mast|flag", "weapon") + mast + _k("at") + target + _w("[SL]", "range") + die
            + g.Opt(_k("lose") + mast.with_action(_labelled("lost"))))
    point = _w(POINT, "point")
    shape = ((_k("circle") + _w(POINT, "centre") + _w(NUM, "radius"))
             | (_k("poly") + point + point + g.OneOrMore(point)))
    rim = _k("rim") + point * 6
    pose = _w(POSE, "pose")
    placed = g.Opt(shape + g.Opt(rim))
    fleet_item = _w(rf"{NAME}={CARD}(?:@(?:{NAME}|home))?", "item")
    return {
        "fleet": _k("fleet") + g.OneOrMore(fleet_item) + end,
        "treasure": _k("treasure") + g.OneOrMore(_w(rf"{NAME}={CARD}", "item")) + end,
        "roll": _k("roll") + die + end,
        "island": _k("island") + place + g.Opt(shape) + end,
        "fog": _k("fog") + place + placed + end,
        "sargasso": _k("sargasso") + place + placed + end,
        "reef": _k("reef") + place + placed + end,
        "iceberg": _k("iceberg") + _w(rf"{PLACE}=[0-9]{{1,2}}", "item") + placed + end,
        "place": _k("place") + piece + pose + end,
        "home": _k("home") + _w(rf"{PLAYER}={PLACE}", "item") + end,
        "deal": (_k("hidden") | g.OneOrMore(_w(rf"{PLACE}=(?:{PIECE}(?:,{PIECE})*)?", "item"))) + end,
        "icebergs": _k("icebergs") + die + end,
        "drift": _k("drift") + place + die + g.Opt(_k("stops") + target + g.Opt(_k("mast") + mast)) + end,
        "move": (_k("move") + piece + g.ZeroOrMore(use) + g.Opt(_k("exit") + _w(rf"{DIE}(?:{POSE})?", "exit"))
                 + _w(rf"-|[SL](?:{POSE})?(?:\+[SL](?:{POSE})?){{0,7}}", "segments")
                 + g.Opt(_k("tows") + _w(POSE, "towed")) + g.ZeroOrMore(fact) + end),
        "about": _k("about") + piece + g.ZeroOrMore(fact) + end,
        "ram": _k("ram") + piece + target + die + g.Opt(_k("mast") + mast) + g.ZeroOrMore(use) + end,
        "board": (_k("board") + _w(rf"{PLAYER}={DIE}", "roll") + _w(rf"{PLAYER}={DIE}", "roll")
                  + g.Opt((_k("takes") | _k("kills")) + piece) + g.ZeroOrMore(use) + end),
        "tow": _k("tow") + piece + piece + g.Opt(pose) + end,
        "release": _k("release") + piece + end,
        "explore": (_k("explore") + piece + g.Opt(_w(PIECE, "other")) + g.ZeroOrMore(use)
                    + g.Opt(_k("takes") + (_w(r"[0-9]{1,2}", "count") | takes))
                    + g.Opt(_k("gives") + items.with_action(_labelled("gives")))
                    + end),
        "shoot": _k("shoot") + piece + g.ZeroOrMore(use) + g.OneOrMore(fire) + end,
        "repair": _k("repair") + piece + mast + end,
        "scuttle": _k("scuttle") + piece + die + end,
        "free": _k("free") + piece + die + g.Opt(pose) + g.ZeroOrMore(contact) + end,
        "land": _k("land") + piece + items + end,
        "embark": _k("embark") + piece + items + end,
        "transfer": _k("transfer") + piece + piece + items + end,
        "load": _k("load") + piece + _w(PIECE, "fort") + coins + end,
        "unload": _k("unload") + piece + _w(PIECE, "fort") + items + end,
        "build": (_k("build") + piece + place
                  + g.Opt(_k("corners") + point * 4 + _k("flags") + g.OneOrMore(point)) + end),
        "ability": _k("ability") + piece + text + overrides + end,
        "event": _k("event") + piece + text + overrides + end,
        "effect": _k("effect") + ((_k("lose") + piece + mast) | (_k("restore") + piece + mast)
                                  | (_k("kill") + piece) | (_k("gold") + _w(PLAYER, "player") + _w(NUMBER, "amount"))
                                  | (_k("action") + piece)
                                  | (_k("move") + piece + _w(rf"{PIECE}|{PLACE}", "place"))
                                  | (_k("value") + piece + _w(NUMBER, "amount"))
                                  | (_k("reroll") + die)) + end,
        "reveal": _k("reveal") + (piece | place) + items + end,
        "end": _k("end") + end,
        "resign": _k("resign") + end,
    }


_GRAMMARS = _build()
_QUICK: dict[str, Reader] = {}
"""The grammars read without pyparsing, for the entries they can read; pyparsing (each grammar's
`pyparsing()`) reads the rest, and gives every error. Each is compiled when its verb is first
read: a log uses a few of the thirty, and compiling them all was a tenth of a start."""


def _quick(verb: str) -> Reader:
    reader = _QUICK.get(verb)
    if reader is None:
        reader = _QUICK[verb] = compile_grammar(_GRAMMARS[verb])
    return reader


SETUP_VERBS = ("fleet", "treasure", "roll", "island", "fog", "sargasso", "reef", "iceberg", "home", "place")
TERRAIN_KINDS = ("fog", "sargasso", "reef", "iceberg")
TURN_VERBS = ("icebergs", "drift", "move", "about", "ram", "board", "tow", "release", "explore", "shoot",
              "repair", "scuttle", "free", "land", "embark", "transfer", "load", "unload", "build", "ability", "event", "effect",
              "reveal", "end", "resign")
PLAYER_VERBS = SETUP_VERBS + TURN_VERBS
_SHAPES = {
    "fleet": "fleet NAME=CARD[@SHIP|@home] …, e.g. 'fleet s1=s-gull c1=c-ada@s1'",
    "treasure": "treasure NAME=CARD …, e.g. 'treasure t1=t-2 t2=t-3'",
    "roll": "roll DIE, e.g. 'roll 5'",
    "island": "island PLACE [circle X,Y R | poly X,Y X,Y X,Y …], e.g. 'island I1' or 'island I1 circle 300,200 60'",
    "fog": "fog PLACE [SHAPE [rim X,Y ×6]]", "sargasso": "sargasso PLACE [SHAPE]", "reef": "reef PLACE [SHAPE]",
    "iceberg": "iceberg PLACE=GOLD [SHAPE rim X,Y ×6], e.g. 'iceberg G1=3'",
    "place": "place SHIP @X,Y,H, e.g. 'place Anna.s1 @120,80,90'",
    "home": "home PLAYER=PLACE, e.g. 'home Anna=I2'",
    "deal": "PLACE=TOKEN,TOKEN,… for each wild island, or 'hidden'",
    "icebergs": "icebergs DIE",
    "drift": "drift ICEBERG DIE [stops PLACE|SHIP [mast M]]",
    "move": "move SHIP [with KEYWORD of SOURCE] [exit DIE[@X,Y,H]] SEGMENTS [tows @X,Y,H] FACT…, "
            "e.g. 'move Anna.s1 L+S dock I3' or 'move Anna.s1 L@200,80,0+S@260,80,0'",
    "about": "about SHIP FACT…",
    "ram": "ram SHIP TARGET DIE [mast M] [with KEYWORD of SOURCE]",
    "board": "board PLAYER=DIE PLAYER=DIE [takes TOKEN|kills CREW], the sender first",
    "tow": "tow SHIP DERELICT [@X,Y,H]", "release": "release SHIP",
    "explore": "explore SHIP [SHIP] [takes ITEM,…|takes N] [gives ITEM,…] (ITEM: a token, or COIN=N)",
    "shoot": "shoot SHIP [with KEYWORD of SOURCE] mast M at TARGET S|L DIE [lose M] …",
    "repair": "repair SHIP MAST", "scuttle": "scuttle SHIP DIE", "free": "free SHIP DIE [@X,Y,H] [touch TARGET|bow SHIP]…",
    "land": "land SHIP CREW,…", "embark": "embark SHIP CREW,…", "transfer": "transfer SHIP SHIP CREW,…",
    "load": "load SHIP FORT COIN=N,…, e.g. 'load Anna.s1 Anna.f1 Anna.k1=3'",
    "unload": "unload SHIP FORT TOKEN,…, e.g. 'unload Anna.s1 Anna.f1 Bert.t2'",
    "build": "build FORT PLACE [corners X,Y X,Y X,Y X,Y flags X,Y …]",
    "ability": 'ability SOURCE "TEXT" [overrides RULE,…]',
    "event": 'event EVENT "TEXT" [overrides RULE,…]',
    "effect": "effect lose|restore SHIP M, effect kill CREW, effect gold PLAYER N, effect action SHIP, "
              "effect move TOKEN SHIP|ISLAND, effect value TOKEN N or effect reroll DIE",
    "reveal": "reveal SHIP|PLACE TOKEN,… (the face-down tokens aboard a ship or on an island, named)",
    "end": "end", "resign": "resign",
}


@lru_cache(maxsize=1 << 14)
def parse_entry(name: str, text: str) -> ParsedTurn:
    """The body of an entry named `name` (a player, or `deal`)."""
    if name == DEAL:
        verb = DEAL
    else:
        verb = text.split(" ", 1)[0]
        if verb not in PLAYER_VERBS:
            raise _unknown_word(verb, name)
    words = _quick(verb)(text)
    if words is None:
        import pyparsing

        try:
            words = _GRAMMARS[verb].pyparsing().parse_string(text, parse_all=True).as_list()
        except pyparsing.ParseBaseException as error:
            raise TurnSyntaxError(f"cannot read this {verb} entry", error.loc, f"write {_SHAPES[verb]}") from None
    return _READERS.get(verb, _read_generic)(verb, words)


def _unknown_word(word: str, name: str) -> TurnSyntaxError:
    import difflib

    close = difflib.get_close_matches(word.lower(), list(PLAYER_VERBS), n=1, cutoff=0.6)
    hint = f"did you mean '{close[0]}'?" if close else "an entry starts with a verb: " + ", ".join(PLAYER_VERBS)
    shown = word if len(word) <= 40 else word[:39] + "…"
    return TurnSyntaxError(f"'{shown}' does not start an entry of {name}", 0, hint)


def _span(word: _Word) -> tuple[int, int]:
    return (word.start, word.start + len(word.text))


class _Reader:
    """Walks the labelled words of one entry, collecting fields and where each stands."""

    def __init__(self, words: list[_Word]) -> None:
        self.words = [w for w in words if isinstance(w, _Word)]
        self.at = 1  # past the verb
        self.parts: dict[str, tuple[int, int]] = {}

    def peek(self) -> _Word | None:
        return self.words[self.at] if self.at < len(self.words) else None

    def take(self, part: str | None = None) -> str:
        word = self.words[self.at]
        self.at += 1
        if part is not None:
            self.parts.setdefault(part, _span(word))
        return word.text

    def next_is(self, label: str) -> bool:
        word = self.peek()
        return word is not None and word.label == label

    def uses(self) -> list[dict[str, str]]:
        found = []
        while self.next_is("with"):
            self.take()
            index = len(found)
            keyword = self.take(f"use:{index}")
            self.take()
            found.append({"keyword": keyword, "source": self.take(f"source:{index}")})
        return found


_PLAIN = {"roll": ("die",), "icebergs": ("die",), "release": ("ship",),
          "repair": ("ship", "mast"), "scuttle": ("ship", "die"),
          "land": ("ship", "crew"), "embark": ("ship", "crew"), "transfer": ("ship", "target", "crew"),
          "unload": ("ship", "fort", "tokens"),
          "end": (), "resign": ()}
"""Entries whose words are named fields in order."""


def _read_generic(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    fields: dict[str, Any] = {}
    for name in _PLAIN[verb]:
        value = reader.take(name)
        if name in ("die", "mast"):
            fields[name] = int(value)
        elif name in ("crew", "tokens"):
            fields[name] = value.split(",")
        else:
            fields[name] = value
    return ParsedTurn(event(verb, **fields), reader.parts)


def _read_fleet(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    items = []
    while reader.peek() is not None:
        index = len(items)
        text = reader.take(f"item:{index}")
        name, _, rest = text.partition("=")
        card, _, at = rest.partition("@")
        items.append({"name": name, "card": card, "at": at or None})
    return ParsedTurn(event(verb, items=items), reader.parts)


def number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


def _point(text: str) -> list[int | float]:
    return [number(v) for v in text.lstrip("@").split(",")]


def _placed(reader: _Reader, fields: dict[str, Any]) -> None:
    """A piece's shape and rim, where the log gives them (level 2)."""
    if reader.next_is("circle"):
        reader.take()
        centre = _point(reader.take("shape"))
        fields["shape"] = {"circle": [*centre, number(reader.take())]}
    elif reader.next_is("poly"):
        reader.take()
        start = reader.peek().start  # type: ignore[union-attr]
        points = []
        while reader.next_is("point"):
            points.append(_point(reader.take()))
        reader.parts.setdefault("shape", (start, _span(reader.words[reader.at - 1])[1]))
        fields["shape"] = {"poly": points}
    if reader.next_is("rim"):
        reader.take()
        fields["rim"] = [_point(reader.take("rim" if n == 0 else None)) for n in range(6)]


def _read_placed(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    fields: dict[str, Any] = {}
    if verb == "iceberg":
        place, _, gold = reader.take("place").partition("=")
        fields.update(place=place, gold=int(gold))
    else:
        fields["place"] = reader.take("place")
    _placed(reader, fields)
    return ParsedTurn(event(verb, **fields), reader.parts)


def _read_posed(verb: str, words: list[_Word]) -> ParsedTurn:
    """place, tow and free: names and a die, then the pose the entry leaves (level 2)."""
    reader = _Reader(words)
    fields: dict[str, Any] = {"ship": reader.take("ship")}
    if verb == "tow":
        fields["target"] = reader.take("target")
    if verb == "free":
        fields["die"] = int(reader.take("die"))
    if reader.next_is("pose"):
        fields["pose"] = _point(reader.take("pose"))
    if verb == "free":
        fields["facts"] = _facts(reader)
    return ParsedTurn(event(verb, **fields), reader.parts)


def _read_reveal(verb: str, words: list[_Word]) -> ParsedTurn:
    """reveal SHIP TOKEN,… (aboard) or reveal PLACE TOKEN,… (lying on an island)."""
    reader = _Reader(words)
    holder = "place" if reader.next_is("place") else "ship"
    fields: dict[str, Any] = {holder: reader.take(holder)}
    fields["tokens"] = reader.take("tokens").split(",")
    return ParsedTurn(event(verb, **fields), reader.parts)


def _read_build(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    fields: dict[str, Any] = {"fort": reader.take("fort"), "place": reader.take("place")}
    if reader.next_is("corners"):
        reader.take()
        fields["corners"] = [_point(reader.take("corners" if n == 0 else None)) for n in range(4)]
        reader.take()
        flags = []
        while reader.peek() is not None:
            flags.append(_point(reader.take(f"flag:{len(flags)}")))
        fields["flags"] = flags
    return ParsedTurn(event(verb, **fields), reader.parts)


def _read_home(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    player, _, place = reader.take("place").partition("=")
    return ParsedTurn(event(verb, player=player, place=place), reader.parts)


def _read_deal(verb: str, words: list[_Word]) -> ParsedTurn:
    if words[0].text == "hidden":
        return ParsedTurn(event(verb, hidden=True), {})
    islands, parts = [], {}
    for index, word in enumerate(words):
        place, _, tokens = word.text.partition("=")
        islands.append({"place": place, "tokens": tokens.split(",") if tokens else []})
        parts[f"island:{place}"] = _span(word)
    return ParsedTurn(event(verb, islands=islands), parts)


def _read_drift(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    fields: dict[str, Any] = {"iceberg": reader.take("iceberg"), "die": int(reader.take("die"))}
    if reader.next_is("stops"):
        reader.take()
        fields["stops"] = reader.take("stops")
        if reader.next_is("mast"):
            reader.take()
            fields["mast"] = int(reader.take("mast"))
    return ParsedTurn(event(verb, **fields), reader.parts)


def _facts(reader: _Reader) -> list[dict[str, Any]]:
    facts: list[dict[str, Any]] = []
    while reader.peek() is not None:
        index = len(facts)
        towed = reader.next_is("towed")
        start = reader.peek().start  # type: ignore[union-attr]
        if towed:
            reader.take()
        kind = reader.take(f"fact:{index}")
        fact: dict[str, Any] = {"fact": kind, "target": reader.take(f"target:{index}")}
        if towed:
            fact["towed"] = True
            reader.parts[f"fact:{index}"] = (start, reader.parts[f"fact:{index}"][1])
        if kind == "reveal":
            fact["target"] = fact["target"].split(",")
        if kind in ("reef", "sargasso") and reader.next_is("die"):
            fact["die"] = int(reader.take(f"die:{index}"))
        if kind == "reef" and reader.next_is("lose"):
            reader.take()
            fact["masts"] = [int(m) for m in reader.take(f"masts:{index}").split(",")]
        facts.append(fact)
    return facts


def _read_move(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    fields: dict[str, Any] = {"ship": reader.take("ship")}
    fields["uses"] = reader.uses()
    if verb == "move":
        if reader.next_is("exit"):
            reader.take()
            die, _, pose = reader.take("exit").partition("@")
            fields["exit"] = int(die)
            if pose:
                fields["exit_pose"] = _point(pose)
        segments = [] if reader.peek().text == "-" else reader.peek().text.split("+")  # type: ignore[union-attr]
        reader.take("segments")
        fields["segments"] = [segment[0] for segment in segments]
        if any("@" in segment for segment in segments):
            fields["poses"] = [_point(segment[1:]) if "@" in segment else None for segment in segments]
        if reader.next_is("tows"):
            reader.take()
            fields["towed_pose"] = _point(reader.take("towed"))
    fields["facts"] = _facts(reader)
    return ParsedTurn(event(verb, **fields), reader.parts)


def _read_ram(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    fields: dict[str, Any] = {"ship": reader.take("ship"), "target": reader.take("target"),
                              "die": int(reader.take("die"))}
    if reader.next_is("mast"):
        reader.take()
        fields["mast"] = int(reader.take("mast"))
    fields["uses"] = reader.uses()
    return ParsedTurn(event(verb, **fields), reader.parts)


def _read_board(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    rolls = []
    for index in range(2):
        player, _, die = reader.take(f"roll:{index}").partition("=")
        rolls.append({"player": player, "die": int(die)})
    fields: dict[str, Any] = {"rolls": rolls}
    if reader.next_is("takes") or reader.next_is("kills"):
        fields["result"] = reader.take()
        fields["item"] = reader.take("item")
    fields["uses"] = reader.uses()
    return ParsedTurn(event(verb, **fields), reader.parts)


def _read_explore(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    fields: dict[str, Any] = {"ship": reader.take("ship")}
    if reader.next_is("other"):
        fields["other"] = reader.take("other")
    fields["uses"] = reader.uses()
    if reader.next_is("takes"):
        reader.take()
        if reader.next_is("count"):
            fields["count"] = int(reader.take("takes"))
        else:
            items = reader.take("takes").split(",")
            fields["takes"] = [i for i in items if "=" not in i]
            fields["coins"] = _coins([i for i in items if "=" in i])
    if reader.next_is("gives"):
        reader.take()
        fields["gives"] = reader.take("gives").split(",")
    return ParsedTurn(event(verb, **fields), reader.parts)


def _coins(items: list[str]) -> list[dict[str, Any]]:
    return [{"name": name, "gold": int(gold)} for name, _, gold in (i.partition("=") for i in items)]


def _read_load(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    fields: dict[str, Any] = {"ship": reader.take("ship"), "fort": reader.take("fort")}
    fields["coins"] = _coins(reader.take("coins").split(","))
    return ParsedTurn(event(verb, **fields), reader.parts)


def _read_shoot(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    fields: dict[str, Any] = {"ship": reader.take("ship"), "uses": reader.uses()}
    fires = []
    while reader.peek() is not None:
        index = len(fires)
        start = reader.peek().start  # type: ignore[union-attr]
        fire: dict[str, Any] = {"weapon": reader.take(), "mast": int(reader.take(f"mast:{index}"))}
        reader.take()
        fire["target"] = reader.take(f"target:{index}")
        fire["range"] = reader.take(f"range:{index}")
        fire["die"] = int(reader.take(f"die:{index}"))
        if reader.next_is("lose"):
            reader.take()
            fire["lose"] = int(reader.take(f"lose:{index}"))
        end = reader.words[reader.at - 1]
        reader.parts[f"fire:{index}"] = (start, _span(end)[1])
        fires.append(fire)
    fields["fires"] = fires
    return ParsedTurn(event(verb, **fields), reader.parts)


def _read_declared(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    fields: dict[str, Any] = {"source": reader.take("source"), "text": reader.take("text")[1:-1]}
    if reader.next_is("overrides"):
        reader.take()
        fields["overrides"] = reader.take("overrides").split(",")
    return ParsedTurn(event(verb, **fields), reader.parts)


def _read_effect(verb: str, words: list[_Word]) -> ParsedTurn:
    reader = _Reader(words)
    kind = reader.take("effect")
    fields: dict[str, Any] = {"effect": kind}
    if kind == "gold":
        fields["player"] = reader.take("player")
        fields["amount"] = int(reader.take("amount"))
    elif kind == "reroll":
        fields["die"] = int(reader.take("die"))
    else:
        fields["target"] = reader.take("target")
        if kind in ("lose", "restore"):
            fields["mast"] = int(reader.take("mast"))
        elif kind == "move":
            fields["place"] = reader.take("place")
        elif kind == "value":
            fields["amount"] = int(reader.take("amount"))
    return ParsedTurn(event(verb, **fields), reader.parts)


_READERS = {"fleet": _read_fleet, "treasure": _read_fleet, "home": _read_home,
            "island": _read_placed, "fog": _read_placed, "sargasso": _read_placed, "reef": _read_placed,
            "iceberg": _read_placed, "place": _read_posed, "tow": _read_posed, "free": _read_posed,
            "build": _read_build,
            "deal": _read_deal, "drift": _read_drift, "move": _read_move, "about": _read_move,
            "ram": _read_ram, "board": _read_board, "explore": _read_explore, "shoot": _read_shoot,
            "load": _read_load, "ability": _read_declared, "event": _read_declared, "effect": _read_effect,
            "reveal": _read_reveal}


# -- writing ---------------------------------------------------------------------------------


def _uses(uses: tuple[Any, ...]) -> list[str]:
    return [f"with {dict(u)['keyword']} of {dict(u)['source']}" for u in uses]


def written_number(value: int | float) -> str:
    """A figure as a log writes it, to at most three decimals: a figure finer than that (from
    JSON) cannot be written without changing it, and is refused rather than rounded."""
    if float(value).is_integer():
        return str(int(value))
    from decimal import Decimal  # only a figure with decimals needs it

    text = f"{value:.3f}".rstrip("0").rstrip(".")
    if Decimal(text) != (value if isinstance(value, Decimal) else Decimal(repr(value))):
        raise ValueError(f"the figure {value} has more than the 3 decimals a log's figures have")
    return text


def _xy(point: tuple[Any, ...]) -> str:
    return ",".join(written_number(v) for v in point)


def _written_placed(f: dict[str, Any]) -> str:
    out = ""
    shape = dict(f["shape"]) if "shape" in f else None
    if shape is not None and "circle" in shape:
        x, y, radius = shape["circle"]
        out += f" circle {_xy((x, y))} {written_number(radius)}"
    elif shape is not None:
        out += " poly " + " ".join(_xy(p) for p in shape["poly"])
    if "rim" in f:
        out += " rim " + " ".join(_xy(p) for p in f["rim"])
    return out


def _written_coins(coins: tuple[Any, ...]) -> list[str]:
    return [f"{dict(c)['name']}={dict(c)['gold']}" for c in coins]


def _written_facts(f: dict[str, Any]) -> list[str]:
    parts = []
    for fact in f.get("facts", ()):
        fact = dict(fact)
        target = fact["target"]
        parts.append(("towed " if fact.get("towed") else "") + f"{fact['fact']} "
                     + (",".join(target) if isinstance(target, tuple) else target))
        if "die" in fact:
            parts.append(str(fact["die"]))
        if "masts" in fact:
            parts.append("lose " + ",".join(map(str, fact["masts"])))
    return parts


def written_fire(weapon: str, mast: int, target: str, reach: str, die: int, lose: int | None) -> str:
    """One fire of a shot as the notation writes it (`mast 2 at B.s1 S 5 lose 3`)."""
    return f"{weapon} {mast} at {target} {reach} {die}" + (f" lose {lose}" if lose is not None else "")


def format_entry(action: Event) -> str:
    """The canonical body of an entry."""
    f = action.as_dict()
    verb = action.verb
    match verb:
        case "fleet" | "treasure":
            items = [dict(i) for i in f["items"]]
            return " ".join([verb] + [f"{i['name']}={i['card']}" + (f"@{i['at']}" if i.get("at") else "")
                                      for i in items])
        case "iceberg":
            return f"iceberg {f['place']}={f['gold']}" + _written_placed(f)
        case "island" | "fog" | "sargasso" | "reef":
            return f"{verb} {f['place']}" + _written_placed(f)
        case "place":
            return f"place {f['ship']} @{_xy(f['pose'])}"
        case "tow" | "free":
            out = f"{verb} {f['ship']} " + (f["target"] if verb == "tow" else str(f["die"]))
            return " ".join([out + (f" @{_xy(f['pose'])}" if "pose" in f else ""), *_written_facts(f)])
        case "reveal":
            return f"reveal {f['ship'] if 'ship' in f else f['place']} " + ",".join(f["tokens"])
        case "build":
            out = f"build {f['fort']} {f['place']}"
            if "corners" in f:
                out += " corners " + " ".join(_xy(p) for p in f["corners"])
                out += " flags " + " ".join(_xy(p) for p in f["flags"])
            return out
        case "home":
            return f"home {f['player']}={f['place']}"
        case "deal":
            if f.get("hidden"):
                return "hidden"
            return " ".join(f"{dict(i)['place']}=" + ",".join(dict(i).get("tokens", ())) for i in f["islands"])
        case "drift":
            out = f"drift {f['iceberg']} {f['die']}"
            if "stops" in f:
                out += f" stops {f['stops']}" + (f" mast {f['mast']}" if "mast" in f else "")
            return out
        case "move" | "about":
            parts = [verb, f["ship"], *_uses(f.get("uses", ()))]
            if verb == "move":
                if "exit" in f:
                    parts.append(f"exit {f['exit']}" + (f"@{_xy(f['exit_pose'])}" if "exit_pose" in f else ""))
                poses = f.get("poses") or [None] * len(f.get("segments", ()))
                parts.append("+".join(segment + (f"@{_xy(pose)}" if pose else "")
                                      for segment, pose in zip(f.get("segments", ()), poses)) or "-")
                if "towed_pose" in f:
                    parts.append(f"tows @{_xy(f['towed_pose'])}")
            return " ".join(parts + _written_facts(f))
        case "ram":
            parts = [f"ram {f['ship']} {f['target']} {f['die']}"]
            if "mast" in f:
                parts.append(f"mast {f['mast']}")
            return " ".join(parts + _uses(f.get("uses", ())))
        case "board":
            parts = ["board"] + [f"{dict(r)['player']}={dict(r)['die']}" for r in f["rolls"]]
            if "result" in f:
                parts.append(f"{f['result']} {f['item']}")
            return " ".join(parts + _uses(f.get("uses", ())))
        case "explore":
            parts = ["explore", f["ship"]]
            if "other" in f:
                parts.append(f["other"])
            parts += _uses(f.get("uses", ()))
            if "count" in f:
                parts.append(f"takes {f['count']}")
            elif "takes" in f or "coins" in f:
                parts.append("takes " + ",".join([*f.get("takes", ()), *_written_coins(f.get("coins", ()))]))
            if "gives" in f:
                parts.append("gives " + ",".join(f["gives"]))
            return " ".join(parts)
        case "shoot":
            parts = ["shoot", f["ship"], *_uses(f.get("uses", ()))]
            for fire in f["fires"]:
                fire = dict(fire)
                parts.append(written_fire(fire["weapon"], fire["mast"], fire["target"], fire["range"], fire["die"],
                                          fire.get("lose")))
            return " ".join(parts)
        case "load":
            return f"load {f['ship']} {f['fort']} " + ",".join(_written_coins(f["coins"]))
        case "ability" | "event":
            out = f'{verb} {f["source"]} "{f["text"]}"'
            return out + (" overrides " + ",".join(f["overrides"]) if "overrides" in f else "")
        case "effect":
            if f["effect"] == "gold":
                return f"effect gold {f['player']} {f['amount']}"
            if f["effect"] == "reroll":
                return f"effect reroll {f['die']}"
            if f["effect"] in ("move", "value"):
                return f"effect {f['effect']} {f['target']} {f['place'] if f['effect'] == 'move' else f['amount']}"
            return f"effect {f['effect']} {f['target']}" + (f" {f['mast']}" if "mast" in f else "")
    return " ".join([verb] + [",".join(f[n]) if n in ("crew", "tokens") else str(f[n]) for n in _PLAIN[verb]])


def entry_name(action: Event, player: str) -> str:
    return DEAL if action.verb == DEAL else player
