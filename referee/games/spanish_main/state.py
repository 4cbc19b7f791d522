"""The state a Spanish Main game keeps at level 1: its pieces (plain data) and the
`GameState` that holds them, with the set-up's progress, the turn's bookkeeping and the
questions every section of the rules asks.

Every piece is a named instance (`Anna.s1`) of a card; where it lies is a string
(`ship:Anna.s1`, `island:I3`, `home:Anna`, `fort:Anna.f1`, `gone`). A face-down token
whose name the log has not given yet (S-HIDDEN) is a placeholder `?I3` (the island it
came from) until a `reveal` names it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, TypeVar

from referee.diagnostics import Violation
from referee.games.spanish_main.cards import Card, sample_cards
from referee.games.spanish_main.illegal import Illegal, fail
from referee.games.spanish_main.setup import Setup

P = TypeVar("P")
Mark = dict[str, Any]
"""The state's attributes at a mark (`GameState.mark`), as `undo` puts them back."""


@cache
def _cloner(kind: type) -> Callable[[Any], Any]:
    """A function that copies a piece of this type: its fields given to its constructor in order,
    those holding a list or set copied (the rest, cards and strings, shared). It is written out
    once per type, as a dataclass writes its constructor: a Ship is copied in 0.7 µs this way,
    in 1.7 µs by the best plain function (its fields read with one `attrgetter`, the containers
    copied, the constructor called) and in 4.7 µs by `copy.copy`; a game's entries copy pieces by
    the thousand (`Marked`)."""
    assert all(f.init for f in fields(kind)) and not hasattr(kind, "__post_init__")  # the constructor only stores
    values = ", ".join(f"piece.{f.name}.copy()" if str(f.type).startswith(("list[", "set[")) else f"piece.{f.name}"
                       for f in fields(kind))
    namespace: dict[str, Any] = {"kind": kind}
    exec(f"def clone(piece):\n    return kind({values})\n", namespace)
    return namespace["clone"]  # type: ignore[no-any-return]


def clone(piece: P) -> P:
    """A copy of a piece that shares nothing mutable with it (its lists and sets are copied; its
    card, immutable, is shared): the one way a piece is copied, for a change that may be undone
    (`Marked`) as for a copy of the whole game (`GameState.copied`)."""
    return _cloner(type(piece))(piece)  # type: ignore[no-any-return]


_read = dict.__getitem__
"""A piece read from its table to be read only: after a mark, the piece as it is now, copied or
not (`Marked`), and not copied for the reading. Nothing read so may be changed."""
_peek = dict.get
"""`_read`, None for a name the table lacks."""


class Marked(dict[str, Any]):
    """A table of pieces since a mark (`GameState.mark`): each piece is copied (`clone`) the
    first time it is read, by name or by going through the table, and the copy takes its place
    here. The sections of the rules change pieces in place, and every one they change they have
    read first: so the piece the table was made from is never changed, and it is the piece's old
    value, which `GameState.undo` puts back by going back to the table the mark kept. Pieces
    added since the mark are this table's own. Everything that reads a piece goes through the
    methods below; the rules read a table no other way (never `dict(table)` nor `{**table}`)."""

    _own: set[str] | None = None
    """The names of the pieces copied or added so far; made at the first (a mark makes seven
    tables and an entry reads few of them, so making one costs only dict's own constructor)."""

    def _owned(self) -> set[str]:
        own = self._own
        if own is None:
            own = self._own = set()
        return own

    def _mine(self, key: str) -> Any:
        piece = dict.__getitem__(self, key)
        own = self._own
        if own is None:
            own = self._own = set()
        elif key in own:
            return piece
        own.add(key)
        piece = _cloner(type(piece))(piece)
        dict.__setitem__(self, key, piece)
        return piece

    def _all_mine(self) -> None:
        own = self._owned()
        for key in list(self):
            if key not in own:
                self._mine(key)

    def __getitem__(self, key: str) -> Any:
        return self._mine(key)

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        own = self._own
        if own is not None and key in own:  # copied already (or added, or taken out)
            return dict.get(self, key, default)
        return self._mine(key) if key in self else default

    def values(self) -> Any:
        self._all_mine()
        return dict.values(self)

    def items(self) -> Any:
        self._all_mine()
        return dict.items(self)

    def __setitem__(self, key: str, piece: Any) -> None:
        self._owned().add(key)
        dict.__setitem__(self, key, piece)

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key in self:
            return self._mine(key)
        self[key] = default
        return default

    def pop(self, key: str, *default: Any) -> Any:
        if key in self:
            piece = self._mine(key)
            dict.__delitem__(self, key)
            return piece
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[str, Any]:
        key = next(reversed(self))
        return key, self.pop(key)

    def update(self, *others: Any, **more: Any) -> None:
        for key, piece in dict(*others, **more).items():
            self[key] = piece

    def copy(self) -> dict[str, Any]:  # type: ignore[override]
        return dict(self.items())

    def __or__(self, other: Any) -> Any:
        return self.copy() | other

    def __ior__(self, other: Any) -> "Marked":
        self.update(other)
        return self


@dataclass(slots=True)
class Ship:
    id: str
    card: Card
    owner: str
    controller: str
    standing: list[int]
    """Mast numbers (1 = bow) still standing."""
    crew: list[str] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    docked: str | None = None
    docked_turn: int = 0
    """The turn the ship docked: it may explore from the next turn on (S-EXPLORE)."""
    explored_here: tuple[str, str] | None = None
    """(island, player): the island this ship explored where it lies docked, and the player it
    explored for, whose mark goes on that island when the ship leaves it, by whatever move takes
    it away — its own, or its tower's (S-MARK)."""
    contacts: set[str] = field(default_factory=set)
    """What the log last stated it touches (S-L1-CONTACT): islands, terrain, pieces."""
    bow: set[str] = field(default_factory=set)
    """Ships its bow was last stated to touch (S-RAM, S-PIN)."""
    ended: set[str] = field(default_factory=set)
    """What it was stated to touch before a move ended the contact (S-L1-CONTACT): a ram, tow or
    exploration refused for want of a contact says why it has none."""
    placed_apart: set[str] = field(default_factory=set)
    """Among `ended`, those whose contact ended because one of the two was placed anew (S-L1-PLACED)."""
    lost: str | None = None
    entangled: str | None = None
    moves_from: int = 0
    """The first turn it may be given a move action (freed from a sargasso sea: the next one)."""
    towing: str | None = None
    towed_by: str | None = None
    wreck: bool = False
    sunk: bool = False
    scuttled: bool = False
    scuttle_turn: int = 0
    pose: tuple[float, float, float] | None = None
    """Level 2: the bow tip (x, y) in mm and the heading in degrees (S-GEO-MODEL)."""

    @property
    def derelict(self) -> bool:
        return not self.standing

    @property
    def afloat(self) -> bool:
        return not self.sunk


@dataclass(slots=True)
class Crew:
    id: str
    card: Card
    owner: str
    where: str
    face_up: bool = False


@dataclass(slots=True)
class Token:
    id: str
    card: Card
    owner: str
    where: str = "pool"
    value: int | None = None
    """A unique's value once a declared ability sets it (S-ABILITY-DECLARED)."""

    @property
    def gold(self) -> int:
        return self.value if self.value is not None else self.card.gold or 0

    @property
    def unique(self) -> bool:
        return self.card.unique


@dataclass(slots=True)
class Island:
    name: str
    placer: str
    tokens: list[str] = field(default_factory=list)
    hidden: int = 0
    """Face-down tokens whose names the log has not given (a hidden deal)."""
    home_of: str | None = None
    fort: str | None = None
    explored_by: set[str] = field(default_factory=set)
    marks: set[str] = field(default_factory=set)
    gold: int = 0
    """Gold left by a destroyed fort, as an amount (S-GOLD)."""
    shape: Any = None
    """Level 2: its outline on the table (a shapely polygon)."""


@dataclass(slots=True)
class Terrain:
    name: str
    kind: str
    placer: str
    gold: int | None = None
    """An iceberg's gold number."""
    frozen: bool = False
    shape: Any = None
    """Level 2: its outline on the table (a shapely polygon)."""
    rim: tuple[tuple[float, float], ...] = ()
    """Level 2: where the printed numbers 1 to 6 stand on a fog bank's or an iceberg's outline."""


@dataclass(slots=True)
class Fort:
    id: str
    card: Card
    owner: str
    island: str | None = None
    flags: list[int] = field(default_factory=list)
    gold: int = 0
    tokens: list[str] = field(default_factory=list)
    destroyed: bool = False
    shape: Any = None
    """Level 2: its footprint on the table."""
    flag_points: tuple[tuple[float, float], ...] = ()

    @property
    def built(self) -> bool:
        return self.island is not None and not self.destroyed

    @property
    def abandoned(self) -> bool:
        return self.built and not self.flags


@dataclass(slots=True)
class EventCard:
    id: str
    card: Card
    owner: str
    used: int = 0


def keyword_of(card: Card, name: str) -> str | None:
    """The card's keyword of this name in notation spelling (`cannon=+1`), or None."""
    return card.written_keywords.get(name)


def _cargo_keyword(card: Card) -> int:
    """What the card's cargo keyword adds (`cargo=+1`), 0 without one."""
    found = keyword_of(card, "cargo")
    return 0 if found is None else int(found.split("=")[1])


class GameState:
    """Everything the referee knows of one game at level 1: the pieces, the set-up's progress,
    the turn's bookkeeping and the judging's counts, with the questions every section of the
    rules asks of them (a piece by name, a ship's cargo, a contact, the gold). The engine is a
    GameState; the sections of the rules (`setup_entries`, `turn`, `moving`, …) change it, and
    level 2 and the view read it."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.players = setup.players
        self.cards = setup.cards.cards
        self.variants = setup.variants
        self.ships: dict[str, Ship] = {}
        self.crew: dict[str, Crew] = {}
        self.tokens: dict[str, Token] = {}
        self.forts: dict[str, Fort] = {}
        self.events: dict[str, EventCard] = {}
        self.islands: dict[str, Island] = {}
        self.terrain: dict[str, Terrain] = {}
        self.icebergs: list[str] = []
        """The icebergs among the terrain, in the order placed: the start step asks after them at every entry."""
        self.placement: list[str] = []
        self.gold = {p: 0 for p in self.players}
        self._scuttling = False
        """Whether a ship was ever scuttled: until one is, no turn starts with a sinking (S-SCUTTLE)."""
        self._ships_touch = False
        """Whether a ship was ever stated to touch another ship (or towed one): until one is, no ship's
        contacts name a ship, so none has a ship that moves or sinks to forget (S-L1-CONTACT)."""
        self._gold_moved = True
        """Whether gold may have reached or left a home island or a fort since S-WIN was last judged:
        only then can the judging find a winner it did not find before, so only then is it done."""
        self.homes: dict[str, str] = {}
        self.stage = "fleet"
        self.stage_done: dict[str, set[str]] = {"fleet": set(), "treasure": set()}
        self.rolls: list[tuple[str, int]] = []
        self.first: str | None = None
        self.hidden_deal = False
        self.distributed = 0
        self.started = False
        self.turn = 0
        self.turn_player: str | None = None
        self.turn_ended = False
        self.acted: dict[str, list[str]] = {}
        self.forts_shot: set[str] = set()
        self.after: dict[str, Any] | None = None
        """The action whose free actions may still follow (S-ACTION-ORDER)."""
        self.sea_values: dict[str, int] = {}
        self.keywords_used: set[tuple[str, str]] = set()
        self.icebergs_rolled: int | None = None
        self.drifts_due: list[str] = []
        self.building = False
        self.waiver: dict[str, Any] | None = None
        self.granted: set[str] = set()
        self.winner: str | None = None
        self.end_reason: str | None = None
        self.over = False
        self.checked = 0
        """Entries judged whose every rule was checked."""
        self.unchecked = 0
        """Entries accepted, not checked: resting on a stated geometric fact at level 1, or on a
        declared ability or an unnamed token (S-LEVELS)."""
        self.on_word = False
        """Whether the entry being judged rests on a declared ability or an unnamed token (S-LEVELS)."""
        self.on_geo = False
        """Whether it rests on a stated geometric fact: taken on the log's word at level 1 only."""
        self.declared: list[str] = []
        self.notices: list[Violation] = []
        """Findings that do not make an entry illegal (S-GEO-MARGIN), until the replay takes them."""
        self.before: Mark = {}
        """Level 2: the state before the entry being judged, the mark it is judged after (the
        geometry reads where a ship was lost or caught); empty between entries."""
        self.measured = setup.geometry is not None
        """Level 2: the geometry a log states is measured, not taken on its word (S-LEVELS)."""

    _PIECES = ("ships", "crew", "tokens", "forts", "events", "islands", "terrain")
    _CONTAINERS = ("placement", "icebergs", "gold", "homes", "rolls", "forts_shot", "sea_values", "keywords_used",
                   "drifts_due", "granted", "declared")
    _PLAIN = ("stage", "first", "hidden_deal", "distributed", "started", "turn", "turn_player", "turn_ended",
              "icebergs_rolled", "building", "winner", "end_reason", "over", "checked", "unchecked")

    # -- changes that may be undone, and copies ----------------------------------------------------
    # A change that may be undone (a trial of an entry, a level-2 entry, an entry a waiver may set
    # aside) is made after a mark: the state is given a dictionary of attributes of its own, with
    # copies of the containers an entry may change and tables of pieces that copy each piece the
    # first time it is read (`Marked`); so nothing in the dictionary the mark kept is ever changed.
    # `undo` takes that dictionary back; `keep` makes the changes the state's own.

    def mark(self, trial: bool = False) -> Mark:
        """Begin a change `undo` can take back: returns the state's attributes as they are, which no
        change from here on reaches. A `trial` keeps its notices to itself; otherwise a change undone
        (an entry refused) leaves the notices it gave, as a refusal leaves them."""
        kept = self.__dict__
        state = kept.copy()
        for name in self._PIECES:
            table = kept[name]
            state[name] = Marked(table) if table else {}  # an empty table has no piece to copy
        if kept["stage"] == "play":  # the containers entries in play change (`_TURN_CONTAINERS`)
            state["gold"] = kept["gold"].copy()
            state["forts_shot"] = kept["forts_shot"].copy()
            state["sea_values"] = kept["sea_values"].copy()
            state["keywords_used"] = kept["keywords_used"].copy()
            state["drifts_due"] = kept["drifts_due"].copy()
            state["granted"] = kept["granted"].copy()
            state["declared"] = kept["declared"].copy()
            acted, after, waiver = kept["acted"], kept["after"], kept["waiver"]
            state["acted"] = {ship: kinds.copy() for ship, kinds in acted.items()} if acted else {}
            if after is not None:
                state["after"] = dict(after, used=set(after["used"]))
            if waiver is not None:
                state["waiver"] = dict(waiver)
        else:
            state.update(self._containers_copied(kept))
        if trial:
            state["notices"] = list(kept["notices"])
        self.__dict__ = state
        return kept

    def undo(self, mark: Mark) -> None:
        """The state at `mark`, exactly, whatever was done since."""
        self.__dict__ = mark

    def keep(self) -> None:
        """The changes since the outermost mark made the state's own: its tables plain again, so
        that reading a piece copies nothing until the next mark."""
        attributes = self.__dict__
        for name in self._PIECES:
            table = attributes[name]
            if type(table) is Marked:
                attributes[name] = dict(table)  # the pieces copied, and those left alone

    def copied(self) -> dict[str, Any]:
        """Everything an entry may change, copied so that no later change reaches the copy (for a
        copy of the whole game, or a state saved to go back to): piece by piece rather than
        deeply, as cards and strings are shared, never changed."""
        return self._copied(vars(self))

    @classmethod
    def _copied(cls, state: dict[str, Any]) -> dict[str, Any]:
        """`copied` of a state's attributes, or of a copy of them."""
        saved: dict[str, Any] = {name: {key: clone(piece) for key, piece in state[name].items()}
                                 for name in cls._PIECES}
        saved.update(cls._containers_copied(state))
        saved.update({name: state[name] for name in cls._PLAIN})
        return saved

    @classmethod
    def _containers_copied(cls, state: dict[str, Any]) -> dict[str, Any]:
        """A copy of every container of `state` (its tables of pieces and plain values aside): the
        lists, sets and dicts of the set-up's progress and the turn's bookkeeping."""
        saved = {name: state[name].copy() for name in cls._CONTAINERS}
        saved["stage_done"] = {stage: names.copy() for stage, names in state["stage_done"].items()}
        acted = state["acted"]
        saved["acted"] = {ship: kinds.copy() for ship, kinds in acted.items()} if acted else {}
        after, waiver = state["after"], state["waiver"]
        saved["after"] = None if after is None else dict(after, used=set(after["used"]))
        saved["waiver"] = None if waiver is None else dict(waiver)
        return saved

    _TURN_CONTAINERS = ("gold", "forts_shot", "sea_values", "keywords_used", "drifts_due", "granted", "declared")
    """The containers entries in play change: the others (placement, icebergs, homes, rolls,
    stage_done) only set-up entries change (`setup_entries`), and in play they stay as the set-up
    left them."""
    assert set(_CONTAINERS) == {*_TURN_CONTAINERS, "placement", "icebergs", "homes", "rolls"}
    assert _TURN_CONTAINERS == ("gold", "forts_shot", "sea_values", "keywords_used", "drifts_due", "granted",
                                "declared")  # as `mark` copies them

    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]


    def piece(self, name: str, part: str = "action") -> Any:
        found = (self.ships.get(name) or self.crew.get(name) or self.tokens.get(name) or self.forts.get(name)
                 or self.events.get(name))  # a piece is never false
        if found is not None:
            return found
        raise fail("S-DATA-UNKNOWN", f"{name} is no piece of this game", part,
                   notes=("pieces are named in the set-up's fleet and treasure entries",))


    def no_card(self, card: str, part: str) -> Illegal:
        """S-DATA-UNKNOWN for a card the data lacks: with the bundled sample cards in use, what that
        file holds (S-DATA-SAMPLES) decided it."""
        bundled = self.setup.cards is sample_cards()
        where = "the bundled sample cards" if bundled else "the card data"
        return fail("S-DATA-UNKNOWN", f"no card {card} in {where}", part,
                    rulings=("S-DATA-SAMPLES",) if bundled else ())


    def ship(self, name: str, part: str = "ship") -> Ship:
        found = self.ships.get(name)  # where `piece` looks first
        if found is None:
            self.piece(name, part)  # S-DATA-UNKNOWN for a name of no piece at all
            raise fail("S-DATA-UNKNOWN", f"{name} is not a ship", part)
        if found.sunk:
            raise fail("S-SINK", f"{name} has sunk", part)
        return found


    def own(self, player: str, name: str, part: str = "ship") -> Ship:
        ship = self.ships.get(name)
        if ship is None or ship.sunk:
            ship = self.ship(name, part)  # which says why not
        if ship.controller != player:
            raise fail("S-OWN", f"{name} is in {ship.controller}'s fleet, not {player}'s", part)
        return ship


    def cargo_of(self, ship: Ship) -> int:
        """S-LINK: printed cargo, +1 a linked pair of crew aboard, +1 a crew linked to the ship,
        plus cargo keywords of the ship and of crew able to use abilities aboard."""
        links, bonus = self._cargo_added(ship)
        return (ship.card.cargo or 0) + links + bonus


    def _cargo_added(self, ship: Ship) -> tuple[int, int]:
        """What the links of the crew aboard add to the printed cargo (S-LINK), and what cargo
        keywords add."""
        card = ship.card
        links = 0
        bonus = max(0, _cargo_keyword(card))
        aboard: list[Card] = []  # loops, not comprehensions: judged for every crew placed and every exploration
        crew = self.crew
        for name in ship.crew:
            one = _read(crew, name).card
            if card.id in one.links or one.id in card.links:
                links += 1
            for other in aboard:  # each pair once
                if one.id in other.links or other.id in one.links:
                    links += 1
            if one.nationality == card.nationality:
                bonus = max(bonus, _cargo_keyword(one))
            aboard.append(one)
        return links, bonus


    def over_cargo(self, ship: Ship, message: str, part: str, **facts: Any) -> Illegal:
        """S-CARGO; a cargo its crew's links enlarged was counted by S-LINK's reading, cited with it."""
        linked = self._cargo_added(ship)[0] > 0
        return fail("S-CARGO", message, part, rulings=("S-LINK",) if linked else (), **facts)


    def load_of(self, ship: Ship) -> int:
        load = len(ship.crew)
        tokens = self.tokens
        for name in ship.tokens:
            if name.startswith("?") or not _read(tokens, name).card.unique:
                load += 1
        return load


    def crew_cost(self, ship: Ship) -> int:
        cost = 0
        crew = self.crew
        for name in ship.crew:
            cost += _read(crew, name).card.cost or 0
        return cost


    def touches(self, one: str, other: str) -> bool:
        """S-L1-CONTACT: a contact either piece was last stated to have."""
        ships = self.ships
        a, b = _peek(ships, one), _peek(ships, other)
        return bool((a and (other in a.contacts or other in a.bow)) or (b and (one in b.contacts or one in b.bow)))


    def unstated(self, one: str, other: str) -> tuple[str, ...]:
        """The rulings that decide a contact the log does not state: at level 1 the log's statement
        is all there is (S-L1); a contact stated once and ended by a move is gone (S-L1-CONTACT), also
        when the move placed one of the two anew (S-L1-PLACED)."""
        ships = self.ships
        a, b = _peek(ships, one), _peek(ships, other)
        ended = bool((a and other in a.ended) or (b and one in b.ended))
        placed = bool((a and other in a.placed_apart) or (b and one in b.placed_apart))
        return ((("S-L1",) if not self.measured else ()) + (("S-L1-CONTACT",) if ended else ())
                + (("S-L1-PLACED",) if placed else ()))


    def bad_fact(self, message: str, part: str, notes: tuple[str, ...] = ()) -> Illegal:
        """S-L1-FACTS. At level 1 the geometry a fact states is trusted (S-L1) and what it names is
        checked like everything else (S-LEVELS): that reading is why the name is what is refused."""
        return fail("S-L1-FACTS", message, part, notes,
                    rulings=("S-L1", "S-LEVELS") if not self.measured else ())


    def pinned_by(self, ship: Ship) -> str | None:
        """S-PIN: the opponent ship its bow touches, while that ship is a non-derelict afloat and not lost."""
        if not ship.bow:
            return None  # a bow touching nothing, as most do
        for name in sorted(ship.bow):
            other = _peek(self.ships, name)
            if (other is not None and other.afloat and not other.derelict and not other.lost and not other.wreck
                    and other.controller != ship.controller):
                return name
        return None


    def total_gold(self, player: str) -> int:
        """Gold at home and in the player's built forts (with fort-paid-only, a fort counts its cost)."""
        return self.gold_totals()[player]


    def gold_totals(self) -> dict[str, int]:
        """Every player's `total_gold`, in one pass over the forts: judged after every entry (S-WIN)."""
        totals = self.gold.copy()
        if self.forts:
            paid_only = "fort-paid-only" in self.variants
            for fort in dict.values(self.forts):  # read only: nothing copied (`Marked`)
                if fort.built:
                    totals[fort.owner] += (fort.card.cost or 0) if paid_only else fort.gold
        return totals
