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

from referee.games.perroquets.data import Board
from referee.games.perroquets.geometry import OPPOSITE, VECTORS, Heading, Manoeuvre, Square, square_name, step

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


def seat_distance(table: Table, player: str) -> int:
    """Clockwise distance from the first player (the first player himself is 0)."""
    return (table.players.index(player) - table.first) % len(table.players)


def is_over(table: Table) -> bool:
    return table.bag_empty and not table.parrots


def crossing(board: Board, start: Square, path: Manoeuvre, heading: Heading) -> tuple[int, list[Square], bool]:
    """(sea squares entered, squares entered, stopped at the edge) for a manoeuvre."""
    square, entered, sea = start, [], 0
    for vector in path.vectors(heading):
        target = step(square, vector)
        if not board.on_grid(target):
            return sea, entered, True
        square = target
        entered.append(square)
        sea += not board.is_island(square)
    return sea, entered, False


def resolve(table: Table, number: int, heading: Heading, decisions: list[Decision],
            variants: frozenset[str]) -> RoundReport:
    """Phases 4 (losses of the stuck) to 5c on `table`, in place."""
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
    board = table.board
    counts = dict(table.counts)  # P-FLY-ORDER: the counts at the start of 5a decide every crowd
    owners = {square: [p for p, s in table.ships.items() if s == square] for square in table.ships.values()}
    remaining: list[Parrot] = []
    flying = flight_order(table, table.parrots) if sequential else list(table.parrots)
    gains: list[Event] = []
    for parrot in flying:
        flight = Flight(parrot.value, parrot.square, parrot.on_dot, [], "rests", "P-FLY")
        vector = VECTORS[parrot.heading]
        square = parrot.square
        for _ in range(parrot.value):
            square = step(square, vector)
            if not board.on_grid(square):
                flight.outcome, flight.rule = "gone", "P-FLY-EDGE"
                break
            flight.squares.append(square)
            if board.is_island(square):
                continue
            here = owners.get(square, [])
            if len(here) == 1:
                flight.outcome, flight.rule, flight.by = "captured", "P-FLY-SHIP", here[0]
                break
            if len(here) >= 2:
                tally = {p: counts[p] for p in here}
                fewest = min(tally.values())
                if list(tally.values()).count(fewest) == 1:
                    flight.outcome, flight.rule = "captured", "P-FLY-CROWD"
                    flight.by = next(p for p, c in tally.items() if c == fewest)
                    flight.counts = tally
                    break
                flight.crowds.append((square, tally))
        report.flights.append(flight)
        if flight.outcome == "captured":
            assert flight.by is not None
            event = Event("gain", flight.by, flight.rule, square, value=parrot.value)
            if sequential:
                counts[flight.by] += 1
                table.counts[flight.by] += 1
                report.events.append(event)
            else:
                gains.append(event)
        elif flight.outcome == "gone":
            table.gone += 1
        else:
            parrot.square, parrot.on_dot = square, False
            remaining.append(parrot)
    for event in gains:
        table.counts[event.player] += 1
        report.events.append(event)
    kept = {id(p) for p in remaining}
    table.parrots = [p for p in table.parrots if id(p) in kept]


def ship_order(table: Table, heading: Heading, decisions: list[Decision],
               variants: frozenset[str]) -> list[Voyage]:
    """P-SHIP-ORDER: lightest first; then fewest sea squares crossed (or, with
    order-by-length, fewest printed steps); then nearest the first player clockwise."""
    voyages = []
    for decision in decisions:
        if decision.path is None:
            continue
        start = table.ships[decision.player]
        crossed, _, _ = crossing(table.board, start, decision.path, heading)
        voyages.append(Voyage(decision.player, start, decision.weight, crossed, len(decision.path.steps)))
    by_length = "order-by-length" in variants
    voyages.sort(key=lambda v: (v.weight, v.length if by_length else v.crossed, seat_distance(table, v.player)))
    return voyages


def _sail(table: Table, report: RoundReport, heading: Heading, decisions: list[Decision],
          variants: frozenset[str]) -> None:
    board = table.board
    report.order = ship_order(table, heading, decisions, variants)
    weights = {d.player: (d.weight if d.path is not None else 0) for d in decisions}
    stuck = {d.player for d in decisions if d.path is None}
    paths = {d.player: d for d in decisions}
    at_end = "meet-at-end" in variants
    for voyage in report.order:
        decision = paths[voyage.player]
        assert decision.path is not None
        leaves = list(decision.leaves)
        square = voyage.start
        for vector in decision.path.vectors(heading):
            target = step(square, vector)
            if not board.on_grid(target):
                voyage.edge = True
                lost = _lose(table, report, voyage.player, EDGE_LOSS, "P-EDGE", square, None)
                where = voyage.squares[-1] if voyage.squares else None
                note = f"the next step leaves the board: stops, loses {lost}"
                if where is None:
                    voyage.squares.append(PathSquare(square, not board.is_island(square), [note]))
                    voyage.squares[-1].happened.insert(0, "stays")
                else:
                    where.happened.append(note)
                break
            square = target
            table.ships[voyage.player] = square
            here = PathSquare(square, not board.is_island(square))
            voyage.squares.append(here)
            if here.sea:
                _pick_up(table, report, voyage.player, square, here, leaves, "optional-pickup" in variants)
            else:
                lost = _lose(table, report, voyage.player, ISLAND_LOSS, "P-ISLAND", square, None)
                here.happened.append(f"island: loses {lost}")
            if not at_end:
                for other in sorted((p for p, s in table.ships.items() if s == square and p != voyage.player),
                                    key=lambda p: seat_distance(table, p)):
                    if "stuck-no-fight" in variants and other in stuck:
                        here.happened.append(f"meets {other} (stuck: no fight)")
                        continue
                    here.happened.append(_meet(table, report, voyage.player, other, weights, square))
            if is_over(table) and "end-of-round" not in variants:
                report.ended = f"after {voyage.player}'s step to {square_name(square)}"
                break
        if leaves:
            where, value = leaves[0]
            index = list(decision.leaves).index(leaves[0])
            raise LeaveError(voyage.player, index, f"{voyage.player}'s ship picks up no parrot of value {value} "
                             f"on {square_name(where)}: there is none to leave")
        if report.ended:
            return
    if at_end:
        players = sorted(table.ships, key=lambda p: seat_distance(table, p))
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
    or else his lowest values; (holds, values gone, the player whose choice does not fit)."""
    holds = {player: Counter(hold) for player, hold in before.items()}
    pending = {player: list(values) for player, values in choices.items()}
    gone: list[int] = []
    for event in events:
        hold = holds[event.player]
        if event.kind == "gain":
            hold[event.value] += 1
            continue
        for _ in range(event.count):
            wanted = pending.get(event.player)
            if wanted:
                value = wanted.pop(0)
                if hold[value] <= 0:
                    return holds, gone, event.player
            else:
                value = min(hold.elements())
            hold[value] -= 1
            if event.receiver is not None:
                holds[event.receiver][value] += 1
            else:
                gone.append(value)
    for player, values in pending.items():
        if values:
            return holds, gone, player
    return holds, gone, None
