"""Phases 4 (end) to 6 of a round: losses of stuck players, the parrots' flights, the
ships' order and manoeuvres with every encounter (P-STUCK … P-END).

Nothing here is a choice a player writes down, so nothing here can be illegal: the
referee computes it and keeps a square-by-square account, which claims are checked
against and diagnostics quote. Hold *counts* never depend on which parrots a player
chose to lose, so the course of a round is computed once; the values are settled
afterwards by `settle_holds` from the events in order.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import NamedTuple

from referee.games.perroquets.data import Board
from referee.games.perroquets.geometry import OPPOSITE, VECTORS, Heading, Manoeuvre, Square, square_name

STUCK_LOSS, EDGE_LOSS, ISLAND_LOSS = 3, 2, 1


@dataclass(slots=True)
class Parrot:
    value: int
    heading: Heading
    square: Square
    on_dot: bool = True
    """On its dot (margin or edge), not yet flown."""
    calm: CalmFlight | None = field(default=None, compare=False, repr=False)
    """Its `Lanes.calm` flight, kept once looked up, the one thing ever set on a parrot after it
    is made: the flight follows from the fields above and the board's shape alone, so the parrot
    a calm flight leaves at rest (a template the lanes share) carries the same flight into every
    game, and hands it to each parrot of the board made from it (`_at_rest`). Most parrots on the
    board are the ones a calm flight left at rest, met again round after round."""

    @property
    def side(self) -> Heading:
        """The side it came from."""
        return OPPOSITE[self.heading]


@dataclass(slots=True)
class Event:
    """A change of holds, in the order it happened: a gain of one parrot of `value`, or
    a loss of `count` (to `receiver` when given at a meeting)."""

    kind: str  # "gain" | "lose"
    player: str
    rule: str
    square: Square | None = None
    value: int = 0
    count: int = 0
    receiver: str | None = None
    rulings: tuple[str, ...] = ()
    """Rulings besides `rule` that decided it: P-FLY-ORDER for a crowd that the counts of
    the moment decided, P-STEP-ORDER for a meeting that the step's pickup or island changed."""


@dataclass(slots=True)
class Flight:
    value: int
    start: Square
    on_dot: bool
    squares: list[Square]
    outcome: str  # "captured", "gone", "rests"
    rule: str
    by: str | None = None
    counts: dict[str, int] = field(default_factory=dict)
    """On a crowded square: each owner's count that decided it."""
    crowds: list[tuple[Square, dict[str, int]]] = field(default_factory=list)
    """Crowded squares it flew on past, with the tied counts."""
    rulings: tuple[str, ...] = ()
    """P-FLY-ORDER when a crowd's counts would differ had another capture of this 5a counted
    first (or, sequential-flight, did differ because one counted first)."""


@dataclass(slots=True)
class PathSquare:
    square: Square
    sea: bool
    happened: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Voyage:
    player: str
    start: Square
    weight: int
    crossed: int
    length: int
    path: tuple[tuple[Square, bool], ...] = ()
    """The squares entered, each with whether it is sea; or, stopped by the edge before its
    first step, the square it stays on."""
    notes: dict[int, list[str]] = field(default_factory=dict)
    """What happened on squares of `path`, by their index there."""
    edge: bool = False
    stuck: bool = False
    manoeuvre: Manoeuvre | None = None
    """The path it sails, for claims to test what another wind or reading would give."""

    @property
    def squares(self) -> list[PathSquare]:
        """The path square by square with what happened on each: made when asked for, as most
        rounds' accounts are never read."""
        return [PathSquare(square, sea, list(self.notes.get(index, ())))
                for index, (square, sea) in enumerate(self.path)]

    @property
    def end(self) -> Square:
        return self.path[-1][0] if self.path else self.start


@dataclass(slots=True)
class RoundReport:
    """What phases 4 to 6 did, for claims, views and diagnostics."""

    number: int
    flights: list[Flight] = field(default_factory=list)
    order: list[Voyage] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    ended: str | None = None
    """Where the game ended in this round: "after the flights", "after X's step to e6", …"""

    def voyage(self, player: str) -> Voyage | None:
        return next((v for v in self.order if v.player == player), None)


Leave = tuple[Square, int, Heading | None]
"""A parrot a ship leaves (optional-pickup): square, value, and the way its beak points where
the log says."""


@dataclass(slots=True)
class Decision:
    player: str
    weight: int
    path: Manoeuvre | None  # None: stuck
    leaves: tuple[Leave, ...] = ()
    """The parrots the ship leaves (optional-pickup), in the order the log writes them."""


@dataclass(slots=True)
class Table:
    """The part of the state a round's resolution moves."""

    board: Board
    lanes: Lanes
    """The board's `lanes_of`."""
    players: list[str]
    first: int
    ships: dict[str, Square]
    parrots: list[Parrot]
    counts: dict[str, int]
    bag_empty: bool
    gone: list[int] = field(default_factory=list)
    """The values of the parrots that flew off the board, in the order they flew."""
    encounters: list[Encounter] | None = None
    """Where given, every parrot a ship meets over a sea square it enters is noted here, taken
    or left: what `pickup_choices` builds the pickup choices from."""
    faults: list[LeaveError] | None = None
    """Where given, a leave found wrong is noted here and the round goes on, rather than refused
    at once: `pickup_choices` asks what other choices would make of it."""


class Encounter(NamedTuple):
    """A parrot over a sea square a ship enters (`step`: the index of the square in its course)."""

    player: str
    step: int
    square: Square
    value: int
    heading: Heading
    left: bool


class LeaveError(Exception):
    """An optional-pickup `leave` that names no parrot the ship picks up there, or does not
    say which of two it could be."""

    def __init__(self, player: str, index: int, message: str, notes: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.player, self.index, self.message, self.notes = player, index, message, notes


def clockwise(table: Table) -> list[str]:
    """The players from the first clockwise (the first player himself first)."""
    return table.players[table.first:] + table.players[:table.first]


def is_over(table: Table) -> bool:
    return table.bag_empty and not table.parrots


FlightPath = tuple[tuple[Square, ...], frozenset[Square], bool]
"""A parrot's straight flight on an empty board: the squares it enters (on the grid), the sea
squares among them, and whether its last step leaves the board."""
Course = tuple[tuple[tuple[Square, bool], ...], int, bool]
"""A ship's manoeuvre from a square: each square entered with whether it is sea, the sea
squares crossed, and whether the next step would leave the board (P-EDGE)."""


def calm_key(parrot: Parrot) -> tuple[Square, str, int, bool]:
    """All a parrot's flight over a calm sea depends on."""
    return parrot.square, parrot.heading, parrot.value, parrot.on_dot


class CalmFlight(NamedTuple):
    """A parrot's flight when no ship stands under it, with its `FlightPath`."""

    sea: frozenset[Square]
    flight: Flight
    rests_as: Parrot | None
    """Where it comes to rest, as a parrot that no board holds (each parrot that flies this
    flight comes to rest as a copy of its own); None when it leaves the board."""
    squares: tuple[Square, ...]
    off: bool


_CALM_LIMIT = 1 << 13
"""Flights a board's lanes keep before starting afresh: a few thousand on any
printed board, and memory stays flat on any data."""


class Lanes:
    """The flights and courses of one board's shape: they depend only on the grid and its
    islands, and stepping square by square was most of a round's work.

    A parrot flies from one of a few hundred squares, so its flights are worked out once
    and looked up after; what ships it meets on the way is still judged each round, by
    `_fly`. What is kept is shared by every round and game on the board, so a flight once made
    is only read (a parrot it leaves at rest learns its own next flight, `Parrot.calm`, which
    is the same for all), and a round replaces the parrots it moves. A ship's course is
    measured once a round, for both the order and the voyage."""

    __slots__ = ("width", "height", "islands", "cells", "calm_flights")

    def __init__(self, width: int, height: int, islands: frozenset[Square]) -> None:
        self.width, self.height, self.islands = width, height, islands
        self.cells = {(x, y): ((x, y), (x, y) not in islands) for x in range(width) for y in range(height)}
        """Each square of the grid -> (the square, whether it is sea): what a course is made of."""
        self.calm_flights: dict[tuple[Square, str, int, bool], CalmFlight] = {}
        """`calm` by `calm_key`: a new parrot flies as one before it from the same place did."""

    def flight(self, start: Square, heading: Heading, value: int) -> FlightPath:
        """A parrot's straight flight of `value` squares from `start`, stepped."""
        dx, dy = VECTORS[heading]
        x, y = start
        entered = []
        for _ in range(value):
            x, y = x + dx, y + dy
            if not (0 <= x < self.width and 0 <= y < self.height):
                return tuple(entered), frozenset(s for s in entered if s not in self.islands), True
            entered.append((x, y))
        return tuple(entered), frozenset(s for s in entered if s not in self.islands), False

    def calm(self, parrot: Parrot) -> CalmFlight:
        """`parrot`'s flight over a sea without ships: the same in every round, so its `Flight`
        and where it leaves the parrot at rest (a template, of which each parrot that flies it
        is given a copy of its own, `_at_rest`) are made once and shared."""
        key = calm_key(parrot)
        found = self.calm_flights.get(key)
        if found is None:
            if len(self.calm_flights) >= _CALM_LIMIT:
                self.calm_flights.clear()
            squares, sea, off = self.flight(parrot.square, parrot.heading, parrot.value)
            flight, square = _flight_over_ships(parrot, squares, off, self.islands, {}, {})
            rests_as = None if flight.outcome == "gone" else Parrot(parrot.value, parrot.heading, square, False)
            found = self.calm_flights[key] = CalmFlight(sea, flight, rests_as, squares, off)
        return found

    def course(self, start: Square, path: Manoeuvre, heading: Heading) -> Course:
        """The squares a manoeuvre enters from `start`, each with whether it is sea; the sea
        squares crossed; and whether the next step would leave the board (P-EDGE)."""
        cells = self.cells
        x, y = start
        entered = []
        crossed = 0
        for dx, dy in path.offsets(heading):
            cell = cells.get((x + dx, y + dy))
            if cell is None:
                return tuple(entered), crossed, True
            crossed += cell[1]
            entered.append(cell)
        return tuple(entered), crossed, False


@lru_cache(maxsize=16)
def _lanes(width: int, height: int, islands: frozenset[Square]) -> Lanes:
    return Lanes(width, height, islands)


def lanes_of(board: Board) -> Lanes:
    """The lanes of a board's shape, shared by every game played on it."""
    return _lanes(board.width, board.height, board.islands)


def resolve(table: Table, number: int, heading: Heading, decisions: list[Decision],
            variants: frozenset[str]) -> RoundReport:
    """Phases 4 (losses of the stuck) to 5c on `table`, in place: its ships move and its lists
    of parrots are replaced, but no parrot given is changed (where one comes to rest is another)."""
    report = RoundReport(number)
    for decision in decisions:
        if decision.path is None:
            report.stuck.append(decision.player)
            _lose(table, report, decision.player, STUCK_LOSS, "P-STUCK", None, None)
    _fly(table, report, variants)
    if is_over(table) and "end-of-round" not in variants:
        report.ended = "after the parrots flew"
        return report
    _sail(table, report, heading, decisions, variants)
    if report.ended is None and is_over(table):
        report.ended = "at the end of the round"
    return report


def pickup_choices(table_of: Callable[[], Table], number: int, heading: Heading, decisions: list[Decision],
                   variants: frozenset[str], player: str) -> list[tuple[Leave, ...]]:
    """optional-pickup: every way `player`'s ship can take or leave the parrots it meets this
    round that the rules accept with the other `decisions`, as the leaves a log writes for it,
    none first (it takes them all), then by the number left. `table_of` gives a fresh table of the
    round as it stands before 5a, and `player`'s decision is taken to be written without leaves
    (a stuck one has only that choice, when the round accepts it).

    Each choice is found by sailing the round: from a choice, each parrot its ship takes after the
    last one it leaves may be left instead, so every set of parrots left is reached once, in the
    order they are met (a parrot left may be met again on a later pass, or stand where the game
    would have ended). A choice another decision's leave finds wrong is not one, but the choices
    made from it may be: leaving the parrot that leave names is one. Parrots alike in value and
    beak are interchangeable, so a choice is its list of leaves; a leave gives the beak where
    parrots of its value over the square differ in theirs, as `_left_here` asks."""
    at = next(index for index, decision in enumerate(decisions) if decision.player == player)
    queued: set[tuple[Leave, ...]] = {()}
    waiting: deque[tuple[Leave, ...]] = deque([()])
    found: list[tuple[Leave, ...]] = []
    while waiting:
        leaves = waiting.popleft()
        table = table_of()
        table.encounters, table.faults = [], []
        trial = [*decisions[:at], replace(decisions[at], leaves=leaves), *decisions[at + 1:]]
        resolve(table, number, heading, trial, variants)
        if not table.faults:
            found.append(leaves)
        met = [encounter for encounter in table.encounters if encounter.player == player]
        last = max((index for index, encounter in enumerate(met) if encounter.left), default=-1)
        for index in range(last + 1, len(met)):
            encounter = met[index]
            # the parrots of its value the leave could name: those taken with it, and those taken
            # on an earlier pass over the square, where the leave would be met first
            beaks = {other.heading for other in met if other.value == encounter.value and not other.left and (
                other.step == encounter.step or (other.square == encounter.square and other.step < encounter.step))}
            beak = encounter.heading if len(beaks) > 1 else None
            choice = (*leaves, (encounter.square, encounter.value, beak))
            if choice not in queued:
                queued.add(choice)
                waiting.append(choice)
    return found


def _lose(table: Table, report: RoundReport, player: str, count: int, rule: str, square: Square | None,
          receiver: str | None, rulings: tuple[str, ...] = ()) -> int:
    lost = min(count, table.counts[player])
    report.events.append(Event("lose", player, rule, square, count=lost, receiver=receiver, rulings=rulings))
    table.counts[player] -= lost
    if receiver is not None:
        table.counts[receiver] += lost
    return lost


def flight_order(table: Table, parrots: list[Parrot]) -> list[int]:
    """sequential-flight: the parrots' indices by side number, then clockwise by line, then
    furthest on first."""
    board = table.board

    def key(index: int) -> tuple[int, int, int]:
        parrot = parrots[index]
        x, y = parrot.square
        side = parrot.side
        line = {"N": x, "E": -y, "S": -x, "W": y}[side]  # clockwise round the board
        progress = {"S": -y, "N": y, "E": x, "W": -x}[parrot.heading]
        return board.side_number(side), line, -progress

    return sorted(range(len(parrots)), key=key)


def _fly(table: Table, report: RoundReport, variants: frozenset[str]) -> None:
    """P-FLY: every parrot flies its value ahead. All at once (P-FLY-ORDER) the counts at the
    start of 5a decide every crowd and the captures count after; in turn (sequential-flight)
    each capture counts at once."""
    sequential = "sequential-flight" in variants
    lanes = table.lanes
    counts = table.counts
    owners: dict[Square, list[str]] = {}
    for player, at in table.ships.items():
        owners.setdefault(at, []).append(player)
    ship_squares = set(owners)  # a set, which a flight's sea squares are checked against at once
    parrots = table.parrots
    resting: list[Parrot] = []  # in the table's order: each parrot that comes to rest, where it rests
    landed: dict[int, Parrot] = {}  # the same by the index of the parrot that flew, when flown in another order
    flights = report.flights
    gone = table.gone
    gains: list[Event] = []
    takers: dict[str, int] = {}  # captures of this 5a by player, for P-FLY-ORDER (a dict: made every round)
    crowded: list[tuple[Flight, Event]] = []
    for index in flight_order(table, parrots) if sequential else range(len(parrots)):
        parrot = parrots[index]
        calm = parrot.calm
        if calm is None:
            calm = parrot.calm = lanes.calm(parrot)
        sea, flight, rests_as, squares, off = calm
        if not sea.isdisjoint(ship_squares):  # a ship under its path
            flight, square = _flight_over_ships(parrot, squares, off, lanes.islands, owners, counts)
            if flight.outcome == "captured":
                assert flight.by is not None
                flights.append(flight)
                event = Event("gain", flight.by, flight.rule, square, value=parrot.value)
                if flight.counts and sequential and any(takers.get(p) for p in flight.counts):
                    flight.rulings = event.rulings = ("P-FLY-ORDER",)  # an earlier capture counted
                elif flight.counts:
                    crowded.append((flight, event))
                takers[flight.by] = takers.get(flight.by, 0) + 1
                if sequential:
                    counts[flight.by] += 1
                    report.events.append(event)
                else:
                    gains.append(event)
                continue
            rests_as = None if flight.outcome == "gone" else Parrot(parrot.value, parrot.heading, square, False)
        elif rests_as is not None:
            rests_as = _at_rest(lanes, rests_as)
        flights.append(flight)
        if rests_as is None:
            gone.append(parrot.value)
        elif sequential:
            landed[index] = rests_as
        else:
            resting.append(rests_as)
    if not sequential:
        for flight, event in crowded:
            if any(takers.get(p, 0) - (p == flight.by) for p in flight.counts):
                # another capture of this 5a went to the crowd: only the counts of its start decide
                flight.rulings = event.rulings = ("P-FLY-ORDER",)
    for event in gains:
        counts[event.player] += 1
        report.events.append(event)
    table.parrots = [landed[index] for index in sorted(landed)] if sequential else resting


def _at_rest(lanes: Lanes, template: Parrot) -> Parrot:
    """A parrot of its own where a calm flight leaves one at rest: `template`, the flight's, is
    shared by every parrot that flies it, and two parrots of one value and beak that come to
    rest over one square are two parrots, one of which a ship may take and the other leave
    (P-PICKUP). The new parrot carries the template's next flight, looked up once for all."""
    after = template.calm
    if after is None:
        after = template.calm = lanes.calm(template)
    return Parrot(template.value, template.heading, template.square, False, after)


def _flight_over_ships(parrot: Parrot, squares: tuple[Square, ...], off: bool, islands: frozenset[Square],
                       owners: dict[Square, list[str]], counts: dict[str, int]) -> tuple[Flight, Square]:
    """A flight with a ship under its path, square by square: the first sea square with
    a single ship captures it, or with several the one of fewest parrots (P-FLY-CROWD)
    unless they tie; and the square where it ended."""
    flight = Flight(parrot.value, parrot.square, parrot.on_dot, [], "rests", "P-FLY")
    square = parrot.square
    for square in squares:
        flight.squares.append(square)
        if square in islands:
            continue
        here = owners.get(square, [])
        if len(here) == 1:
            flight.outcome, flight.rule, flight.by = "captured", "P-FLY-SHIP", here[0]
            return flight, square
        if len(here) >= 2:
            tally = {p: counts[p] for p in here}
            fewest = min(tally.values())
            if list(tally.values()).count(fewest) == 1:
                flight.outcome, flight.rule = "captured", "P-FLY-CROWD"
                flight.by = next(p for p, c in tally.items() if c == fewest)
                flight.counts = tally
                return flight, square
            flight.crowds.append((square, tally))
    if off:
        flight.outcome, flight.rule = "gone", "P-FLY-EDGE"
    return flight, square


def courses(table: Table, heading: Heading, decisions: list[Decision]) -> dict[str, Course]:
    """The course of each ship that sails this round, from where it stands."""
    course = table.lanes.course
    measured = {}
    for decision in decisions:
        if decision.path is not None:
            measured[decision.player] = course(table.ships[decision.player], decision.path, heading)
    return measured


def ship_order(table: Table, heading: Heading, decisions: list[Decision],
               variants: frozenset[str], measured: dict[str, Course] | None = None) -> list[Voyage]:
    """P-SHIP-ORDER: lightest first; then fewest sea squares crossed (or, with
    order-by-length, fewest printed steps); then nearest the first player clockwise.
    `measured`: the ships' `courses`, when they are known already."""
    if measured is None:
        measured = courses(table, heading, decisions)
    by_length = "order-by-length" in variants
    seats = clockwise(table)
    ranked = []
    for decision in decisions:
        path = decision.path
        if path is None:
            continue
        player = decision.player
        crossed = measured[player][1]
        length = len(path.steps)
        # the seat breaks every tie, so the sort never compares what follows it
        ranked.append((decision.weight, length if by_length else crossed, seats.index(player), crossed, length,
                       player, path))
    ranked.sort()
    ships = table.ships
    return [Voyage(player, ships[player], weight, crossed, length, manoeuvre=path)
            for weight, _, _, crossed, length, player, path in ranked]


def _sail(table: Table, report: RoundReport, heading: Heading, decisions: list[Decision],
          variants: frozenset[str]) -> None:
    board = table.board
    measured = courses(table, heading, decisions)
    report.order = ship_order(table, heading, decisions, variants, measured)
    at_end = "meet-at-end" in variants
    optional = "optional-pickup" in variants
    outside = board.dot_position == "outside"
    # the squares where a ship may pick up a parrot: elsewhere `_pick_up` would find none
    perches = {p.square for p in table.parrots if not (p.on_dot and outside)}
    ships = table.ships
    may_end = table.bag_empty and "end-of-round" not in variants  # nothing in a round fills the bag
    written_leaves = {d.player: d.leaves for d in decisions if d.leaves}
    for voyage in report.order:
        player = voyage.player
        # each leave with where the log writes it: two alike are two parrots, used up one by one
        leaves = list(enumerate(written_leaves[player])) if player in written_leaves else []
        entered, _, edge = measured[player]
        # the other ships stand still while this one sails (its own square is no meeting)
        occupied = set() if at_end else set(ships.values())
        square = voyage.start
        steps = 0  # squares entered so far
        for square, sea in entered:
            met = square in occupied
            before = table.counts[player] if met else 0  # a meeting asks what the step's pickup changed
            if not sea:
                lost = _lose(table, report, player, ISLAND_LOSS, "P-ISLAND", square, None)
                voyage.notes[steps] = [f"island: loses {lost}"]
            elif square in perches:
                _pick_up(table, report, player, square, steps, voyage.notes.setdefault(steps, []), leaves,
                         optional)
            if met:
                _meet_on_the_way(table, report, player, square, voyage.notes.setdefault(steps, []), decisions,
                                 variants, before)
            steps += 1
            if may_end and not table.parrots:  # is_over(table)
                report.ended = f"after {player}'s step to {square_name(square)}"
                break
        else:
            if edge:
                voyage.edge = True
                lost = _lose(table, report, player, EDGE_LOSS, "P-EDGE", square, None)
                note = f"the next step leaves the board: stops, loses {lost}"
                if steps:
                    voyage.notes.setdefault(steps - 1, []).append(note)
                else:
                    entered, steps = ((square, not board.is_island(square)),), 1
                    voyage.notes[0] = ["stays", note]
        voyage.path = entered[:steps]
        ships[player] = square  # where it stopped: nothing on the way looks at where ships stand
        if leaves:
            index, (where, value, beak) = leaves[0]
            what = f"of value {value}" + (f" with its beak to {beak}" if beak else "")
            _fault(table, LeaveError(player, index, f"{player}'s ship picks up no parrot {what} "
                                     f"on {square_name(where)}: there is none to leave"))
        if report.ended:
            return
    if at_end:
        _meet_at_end(table, report, decisions, variants)


def _fight_terms(decisions: list[Decision], variants: frozenset[str]) -> tuple[dict[str, int], set[str]]:
    """Each ship's weight in a fight (a stuck one's is 0), and the stuck that do not fight
    (stuck-no-fight)."""
    weights = {d.player: (d.weight if d.path is not None else 0) for d in decisions}
    unfought = {d.player for d in decisions if d.path is None} if "stuck-no-fight" in variants else set()
    return weights, unfought


def _meet_on_the_way(table: Table, report: RoundReport, mover: str, square: Square, happened: list[str],
                     decisions: list[Decision], variants: frozenset[str], before: int) -> None:
    """P-MEET: the sailing ship meets each other ship standing on the square it enters, in seat order.
    `before`: the mover's count as it entered, ahead of the step's pickup or island loss."""
    weights, unfought = _fight_terms(decisions, variants)
    for other in clockwise(table):
        if other == mover or table.ships.get(other) != square:
            continue
        if other in unfought:
            happened.append(f"meets {other} (stuck: no fight)")
            continue
        happened.append(_meet(table, report, mover, other, weights, square, before))


def _meet_at_end(table: Table, report: RoundReport, decisions: list[Decision], variants: frozenset[str]) -> None:
    """meet-at-end: once every ship has sailed, each pair on one square meets, in seat order."""
    weights, unfought = _fight_terms(decisions, variants)
    players = [p for p in clockwise(table) if p in table.ships]
    for i, one in enumerate(players):
        for other in players[i + 1:]:
            if table.ships[one] != table.ships[other]:
                continue
            if one in unfought or other in unfought:
                continue
            _meet(table, report, one, other, weights, table.ships[one])


def _pick_up(table: Table, report: RoundReport, player: str, square: Square, step: int, happened: list[str],
             leaves: list[tuple[int, Leave]], optional: bool) -> None:
    """P-PICKUP: the ship takes every parrot over the square, but those its player leaves
    (optional-pickup: `leaves`, each with its place in the log's list, used up as they are met).
    The parrots are told apart by where they stand in the table's list, never by what they
    show: two of one value and beak over one square are two parrots."""
    outside = table.board.dot_position == "outside"
    parrots = table.parrots
    here = [index for index, parrot in enumerate(parrots)
            if parrot.square == square and not (parrot.on_dot and outside)]
    left = _left_here(table, player, square, here, leaves) if optional and leaves else frozenset()
    noted = table.encounters
    for index in here:
        parrot = parrots[index]
        if index in left:
            happened.append(f"leaves a {parrot.value}")
        else:
            table.counts[player] += 1
            report.events.append(Event("gain", player, "P-PICKUP", square, value=parrot.value))
            happened.append(f"picks up a {parrot.value}")
        if noted is not None:
            noted.append(Encounter(player, step, square, parrot.value, parrot.heading, index in left))
    if len(left) < len(here):
        taken = set(here).difference(left)
        table.parrots = [parrot for index, parrot in enumerate(parrots) if index not in taken]


def _left_here(table: Table, player: str, square: Square, here: list[int],
               leaves: list[tuple[int, Leave]]) -> set[int]:
    """The parrots over `square` (`here`: their places in the table's list) that the `leaves`
    naming it leave there, each leave used up; a leave that names no beak where parrots of its
    value differ in theirs says too little."""
    parrots = table.parrots
    left: set[int] = set()
    for leave in [leave for leave in leaves if leave[1][0] == square]:
        written, (_, value, beak) = leave
        fits = [index for index in here if index not in left and parrots[index].value == value
                and (beak is None or parrots[index].heading == beak)]
        if not fits:
            continue  # none here: perhaps on another pass over the square, else wrong once the ship stops
        beaks = {parrots[index].heading for index in fits}
        if beak is None and len(beaks) > 1:
            _fault(table, LeaveError(
                player, written, f"{len(fits)} parrots of value {value} over {square_name(square)} differ in their "
                f"beaks ({' '.join(sorted(beaks))}): the log must say which one {player}'s ship leaves",
                (f"write e.g. 'leave {square_name(square)}={value}{parrots[fits[0]].heading}', with "
                 "the way the parrot's beak points",)))
            continue  # a trial's: the leave stays unused
        left.add(fits[0])
        leaves.remove(leave)
    return left


def _fault(table: Table, error: LeaveError) -> None:
    """A leave found wrong: the round is refused, or in a trial (`Table.faults`) noted."""
    if table.faults is None:
        raise error
    table.faults.append(error)


def _meet(table: Table, report: RoundReport, mover: str, other: str, weights: dict[str, int],
          square: Square, before: int | None = None) -> str:
    """`before`: the mover's count ahead of this step's pickup or island loss, where the meeting
    is on the way: a heavier mover gives what P-STEP-ORDER leaves him, which may differ."""
    if weights[mover] == weights[other]:
        return f"meets {other}: equal weights {weights[mover]}, nothing happens"
    light, heavy = (mover, other) if weights[mover] < weights[other] else (other, mover)
    changed = heavy == mover and before is not None and (before > 0) != (table.counts[mover] > 0)
    given = _lose(table, report, heavy, 1, "P-MEET", square, light, ("P-STEP-ORDER",) if changed else ())
    return (f"meets {other}: {light} (weight {weights[light]}) takes {given} from {heavy} "
            f"(weight {weights[heavy]})")


def settle_holds(before: dict[str, Counter[int]], events: list[Event],
                 choices: dict[str, list[int]]) -> tuple[dict[str, Counter[int]], list[int], str | None]:
    """Holds after a round's events, each loser giving what `choices` names (in order)
    or else his lowest values; (holds, values gone, the player whose choice does not fit).

    A hold is never changed in place: one that an event changes is copied first, and the
    others are the very ones given (most players gain or lose nothing in a round)."""
    holds = dict(before)
    copied: set[str] = set()
    pending = {player: list(values) for player, values in choices.items()} if choices else {}
    gone: list[int] = []
    for event in events:
        player = event.player
        if player not in copied:
            holds[player] = _copy_hold(holds[player])
            copied.add(player)
        hold = holds[player]
        if event.kind == "gain":
            hold[event.value] += 1
            continue
        receiver = event.receiver
        if receiver is not None and receiver not in copied:
            holds[receiver] = _copy_hold(holds[receiver])
            copied.add(receiver)
        for _ in range(event.count):
            wanted = pending.get(player)
            if wanted:
                value = wanted.pop(0)
                if hold[value] <= 0:
                    return holds, gone, player
            else:
                value = min(value for value, count in hold.items() if count > 0)  # the lowest held
            hold[value] -= 1
            if receiver is not None:
                holds[receiver][value] += 1
            else:
                gone.append(value)
    for player, values in pending.items():
        if values:
            return holds, gone, player
    return holds, gone, None


def _copy_hold(hold: Counter[int]) -> Counter[int]:
    """`Counter(hold)`: a hold's counts are taken as they are, not checked and counted again."""
    copy: Counter[int] = Counter.__new__(Counter)
    dict.update(copy, hold)
    return copy
