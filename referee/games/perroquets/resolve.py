"""Phases 4 (end) to 6 of a round: losses of stuck players, the parrots' flights, the
ships' order and manoeuvres with every encounter (P-STUCK … P-END).

Nothing here is a choice a player writes down, so nothing here can be illegal: the
referee computes it and keeps a square-by-square account, which claims are checked
against and diagnostics quote. Hold *counts* never depend on which parrots a player
chose to lose, so the course of a round is computed once; the values are settled
afterwards by `settle_holds` from the events in order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

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
    squares: list[PathSquare] = field(default_factory=list)
    edge: bool = False
    stuck: bool = False

    @property
    def end(self) -> Square:
        return self.squares[-1].square if self.squares else self.start


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


@dataclass(slots=True)
class Decision:
    player: str
    weight: int
    path: Manoeuvre | None  # None: stuck
    leaves: tuple[tuple[Square, int], ...] = ()


@dataclass(slots=True)
class Table:
    """The part of the state a round's resolution moves."""

    board: Board
    players: list[str]
    first: int
    ships: dict[str, Square]
    parrots: list[Parrot]
    counts: dict[str, int]
    bag_empty: bool
    gone: int = 0


class LeaveError(Exception):
    """An optional-pickup `leave` that names no parrot the ship picks up there."""

    def __init__(self, player: str, index: int, message: str) -> None:
        super().__init__(message)
        self.player, self.index, self.message = player, index, message


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

_FLIGHTS_LIMIT = 1 << 13
"""Flights a board's lanes keep before starting afresh: a few thousand on any printed board,
and memory stays flat on any data."""


class Lanes:
    """The flights and courses of one board's shape: they depend only on the grid and its
    islands, and stepping square by square was most of a round's work.

    A parrot flies from one of a few hundred squares, so its flights are worked out once
    and looked up after; what ships it meets on the way is still judged each round, by
    `_fly`. A ship's course is measured once a round, for both the order and the voyage."""

    __slots__ = ("width", "height", "islands", "_flights")

    def __init__(self, width: int, height: int, islands: frozenset[Square]) -> None:
        self.width, self.height, self.islands = width, height, islands
        self._flights: dict[tuple[Square, str, int], FlightPath] = {}

    def flight(self, start: Square, heading: Heading, value: int) -> FlightPath:
        key = (start, heading, value)
        found = self._flights.get(key)
        if found is None:
            if len(self._flights) >= _FLIGHTS_LIMIT:
                self._flights.clear()
            found = self._flights[key] = self._flight(start, heading, value)
        return found

    def _flight(self, start: Square, heading: Heading, value: int) -> FlightPath:
        dx, dy = VECTORS[heading]
        x, y = start
        entered = []
        for _ in range(value):
            x, y = x + dx, y + dy
            if not (0 <= x < self.width and 0 <= y < self.height):
                return tuple(entered), frozenset(s for s in entered if s not in self.islands), True
            entered.append((x, y))
        return tuple(entered), frozenset(s for s in entered if s not in self.islands), False

    def course(self, start: Square, path: Manoeuvre, heading: Heading) -> Course:
        """The squares a manoeuvre enters from `start`, each with whether it is sea; the sea
        squares crossed; and whether the next step would leave the board (P-EDGE)."""
        x, y = start
        entered = []
        crossed = 0
        for dx, dy in path.vectors(heading):
            x, y = x + dx, y + dy
            if not (0 <= x < self.width and 0 <= y < self.height):
                return tuple(entered), crossed, True
            sea = (x, y) not in self.islands
            crossed += sea
            entered.append(((x, y), sea))
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
    of parrots are replaced, but no parrot given is changed (a parrot that flies is a new one)."""
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


def _lose(table: Table, report: RoundReport, player: str, count: int, rule: str, square: Square | None,
          receiver: str | None) -> int:
    lost = min(count, table.counts[player])
    report.events.append(Event("lose", player, rule, square, count=lost, receiver=receiver))
    table.counts[player] -= lost
    if receiver is not None:
        table.counts[receiver] += lost
    return lost


def flight_order(table: Table, parrots: list[Parrot]) -> list[Parrot]:
    """sequential-flight: by side number, then clockwise by line, then furthest on first."""
    board = table.board

    def key(parrot: Parrot) -> tuple[int, int, int]:
        x, y = parrot.square
        side = parrot.side
        line = {"N": x, "E": -y, "S": -x, "W": y}[side]  # clockwise round the board
        progress = {"S": -y, "N": y, "E": x, "W": -x}[parrot.heading]
        return board.side_number(side), line, -progress

    return sorted(parrots, key=key)


def _fly(table: Table, report: RoundReport, variants: frozenset[str]) -> None:
    sequential = "sequential-flight" in variants
    lanes = lanes_of(table.board)
    counts = dict(table.counts)  # P-FLY-ORDER: the counts at the start of 5a decide every crowd
    owners: dict[Square, list[str]] = {}
    for player, at in table.ships.items():
        owners.setdefault(at, []).append(player)
    resting: list[Parrot] = []  # in the table's order: each parrot that comes to rest, where it rests
    landed: dict[int, Parrot] = {}  # the same by the id of the parrot that flew, when flown in another order
    flying = flight_order(table, table.parrots) if sequential else table.parrots
    flights = report.flights
    gains: list[Event] = []
    for parrot in flying:
        value = parrot.value
        squares, sea, off = lanes.flight(parrot.square, parrot.heading, value)
        if sea.isdisjoint(owners):  # no ship under its path: it leaves the board or comes to rest
            if off:
                flights.append(Flight(value, parrot.square, parrot.on_dot, list(squares), "gone", "P-FLY-EDGE"))
                table.gone += 1
                continue
            flights.append(Flight(value, parrot.square, parrot.on_dot, list(squares), "rests", "P-FLY"))
            square = squares[-1] if squares else parrot.square
        else:
            flight, square = _flight_over_ships(parrot, squares, off, lanes.islands, owners, counts)
            flights.append(flight)
            if flight.outcome == "captured":
                assert flight.by is not None
                event = Event("gain", flight.by, flight.rule, square, value=value)
                if sequential:
                    counts[flight.by] += 1
                    table.counts[flight.by] += 1
                    report.events.append(event)
                else:
                    gains.append(event)
                continue
            if flight.outcome == "gone":
                table.gone += 1
                continue
        if sequential:
            landed[id(parrot)] = Parrot(value, parrot.heading, square, False)
        else:
            resting.append(Parrot(value, parrot.heading, square, False))
    for event in gains:
        table.counts[event.player] += 1
        report.events.append(event)
    table.parrots = [landed[id(p)] for p in table.parrots if id(p) in landed] if sequential else resting


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
    lanes = lanes_of(table.board)
    return {d.player: lanes.course(table.ships[d.player], d.path, heading) for d in decisions if d.path is not None}


def ship_order(table: Table, heading: Heading, decisions: list[Decision],
               variants: frozenset[str], measured: dict[str, Course] | None = None) -> list[Voyage]:
    """P-SHIP-ORDER: lightest first; then fewest sea squares crossed (or, with
    order-by-length, fewest printed steps); then nearest the first player clockwise.
    `measured`: the ships' `courses`, when they are known already."""
    if measured is None:
        measured = courses(table, heading, decisions)
    voyages = []
    for decision in decisions:
        if decision.path is None:
            continue
        _, crossed, _ = measured[decision.player]
        voyages.append(Voyage(decision.player, table.ships[decision.player], decision.weight, crossed,
                              len(decision.path.steps)))
    by_length = "order-by-length" in variants
    seat = {player: distance for distance, player in enumerate(clockwise(table))}
    voyages.sort(key=lambda v: (v.weight, v.length if by_length else v.crossed, seat[v.player]))
    return voyages


def _sail(table: Table, report: RoundReport, heading: Heading, decisions: list[Decision],
          variants: frozenset[str]) -> None:
    board = table.board
    measured = courses(table, heading, decisions)
    report.order = ship_order(table, heading, decisions, variants, measured)
    weights = {d.player: (d.weight if d.path is not None else 0) for d in decisions}
    stuck = {d.player for d in decisions if d.path is None}
    paths = {d.player: d for d in decisions}
    at_end = "meet-at-end" in variants
    optional = "optional-pickup" in variants
    outside = board.dot_position == "outside"
    # the squares where a ship may pick up a parrot: elsewhere `_pick_up` would find none
    perches = {p.square for p in table.parrots if not (p.on_dot and outside)}
    ships = table.ships
    bag_empty = table.bag_empty  # nothing in a round fills the bag
    in_seat_order = [p for p in clockwise(table) if p in ships]
    for voyage in report.order:
        player = voyage.player
        decision = paths[player]
        assert decision.path is not None
        leaves = list(decision.leaves)
        entered, _, edge = measured[player]
        # the other ships stand still while this one sails: where they stand, in seat order
        standing: dict[Square, list[str]] = {}
        if not at_end:
            for other in in_seat_order:
                if other != player:
                    standing.setdefault(ships[other], []).append(other)
        square = voyage.start
        path = voyage.squares
        for square, sea in entered:
            here = PathSquare(square, sea, [])
            path.append(here)
            if not sea:
                lost = _lose(table, report, player, ISLAND_LOSS, "P-ISLAND", square, None)
                here.happened.append(f"island: loses {lost}")
            elif square in perches:
                _pick_up(table, report, player, square, here, leaves, optional)
            if square in standing:
                for other in standing[square]:
                    if "stuck-no-fight" in variants and other in stuck:
                        here.happened.append(f"meets {other} (stuck: no fight)")
                        continue
                    here.happened.append(_meet(table, report, player, other, weights, square))
            if bag_empty and not table.parrots and "end-of-round" not in variants:  # is_over(table)
                report.ended = f"after {player}'s step to {square_name(square)}"
                break
        else:
            if edge:
                voyage.edge = True
                lost = _lose(table, report, player, EDGE_LOSS, "P-EDGE", square, None)
                note = f"the next step leaves the board: stops, loses {lost}"
                if voyage.squares:
                    voyage.squares[-1].happened.append(note)
                else:
                    voyage.squares.append(PathSquare(square, not board.is_island(square), ["stays", note]))
        ships[player] = square  # where it stopped: nothing on the way looks at where ships stand
        if leaves:
            where, value = leaves[0]
            index = list(decision.leaves).index(leaves[0])
            raise LeaveError(player, index, f"{player}'s ship picks up no parrot of value {value} "
                             f"on {square_name(where)}: there is none to leave")
        if report.ended:
            return
    if at_end:
        players = in_seat_order
        for i, one in enumerate(players):
            for other in players[i + 1:]:
                if table.ships[one] != table.ships[other]:
                    continue
                if "stuck-no-fight" in variants and (one in stuck or other in stuck):
                    continue
                _meet(table, report, one, other, weights, table.ships[one])


def _pick_up(table: Table, report: RoundReport, player: str, square: Square, here: PathSquare,
             leaves: list[tuple[Square, int]], optional: bool) -> None:
    kept = []
    for parrot in table.parrots:
        if parrot.square != square or (parrot.on_dot and table.board.dot_position == "outside"):
            kept.append(parrot)
            continue
        if optional and (square, parrot.value) in leaves:
            leaves.remove((square, parrot.value))
            here.happened.append(f"leaves a {parrot.value}")
            kept.append(parrot)
            continue
        table.counts[player] += 1
        report.events.append(Event("gain", player, "P-PICKUP", square, value=parrot.value))
        here.happened.append(f"picks up a {parrot.value}")
    table.parrots = kept


def _meet(table: Table, report: RoundReport, mover: str, other: str, weights: dict[str, int],
          square: Square) -> str:
    if weights[mover] == weights[other]:
        return f"meets {other}: equal weights {weights[mover]}, nothing happens"
    light, heavy = (mover, other) if weights[mover] < weights[other] else (other, mover)
    given = _lose(table, report, heavy, 1, "P-MEET", square, light)
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
    pending = {player: list(values) for player, values in choices.items()}
    gone: list[int] = []
    for event in events:
        player = event.player
        if player not in copied:
            holds[player] = Counter(holds[player])
            copied.add(player)
        hold = holds[player]
        if event.kind == "gain":
            hold[event.value] += 1
            continue
        receiver = event.receiver
        if receiver is not None and receiver not in copied:
            holds[receiver] = Counter(holds[receiver])
            copied.add(receiver)
        for _ in range(event.count):
            wanted = pending.get(player)
            if wanted:
                value = wanted.pop(0)
                if hold[value] <= 0:
                    return holds, gone, player
            else:
                value = min(hold.elements())
            hold[value] -= 1
            if receiver is not None:
                holds[receiver][value] += 1
            else:
                gone.append(value)
    for player, values in pending.items():
        if values:
            return holds, gone, player
    return holds, gone, None
