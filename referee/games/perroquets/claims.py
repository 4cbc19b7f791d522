"""P-CLAIM: what a log's writer believes happened, checked against the round's account.

A false claim is illegal; the diagnostic names P-CLAIM, the rule that decides the
real outcome (`decided_by`), and the part of the account that shows it: a ship's
path square by square, a parrot's flight with the counts of a crowd, the ships'
order with its tie-breaks. The finding's rulings are `decided_by` and those of the
events the account shows: what a reader needs to see why the claim fails.
"""

from __future__ import annotations

from referee.diagnostics import Violation
from referee.games.perroquets.geometry import HEADINGS, VECTORS, Heading, Manoeuvre, Square, parse_square, square_name
from referee.games.perroquets.notation import Claim
from referee.games.perroquets.resolve import Flight, RoundReport, Voyage
from referee.games.perroquets.state import PerroquetsState



def check_claim(state: PerroquetsState, claim: Claim) -> Violation | None:
    report = state.round.report
    if claim.subject is not None and claim.subject not in state.players:
        return Violation("P-PLAYERS", f"'{claim.subject}' is not seated at this table", part="subject")
    if claim.kind == "first":
        actual = state.players[state.first]
        if claim.value not in state.players:
            return Violation("P-PLAYERS", f"'{claim.value}' is not seated at this table", part="value")
        return None if claim.value == actual else _false(
            f"{actual} is this round's first player, not {claim.value}", "P-NEXT", "value",
            ("the first player passes clockwise each round",))
    if claim.kind == "colour":
        actual = state.colour()
        return None if claim.value == actual else _false(
            f"the parrots show {actual} in round {state.round_number}, not {claim.value}", "P-FLIP", "value",
            ("white in odd rounds (and the set-up), black in even ones",))
    assert report is not None
    if claim.kind == "order":
        return _order(state, report, claim.value.split())
    subject = claim.subject
    assert subject is not None
    if claim.kind in ("loses", "holds"):
        return _count(state, report, subject, claim.kind, int(claim.value))
    square = parse_square(claim.value)
    if square is None or not state.board.on_grid(square):
        return Violation("P-BOARD", f"{claim.value} is not a square of this board", part="value",
                         rulings=state.data_rulings())
    if claim.kind == "at":
        return _at(state, report, subject, square)
    if claim.kind == "captures":
        return _captures(state, report, subject, square)
    return _picks_up(state, report, subject, square)


def _false(message: str, decided_by: str, part: str, notes: tuple[str, ...] = (),
           rulings: tuple[str, ...] = ()) -> Violation:
    """A false claim; `rulings`: those besides `decided_by` that the account quoted shows at work."""
    return Violation("P-CLAIM", f"the claim does not hold: {message} ({decided_by})",
                     {"decided_by": decided_by}, part=part, notes=notes, rulings=(decided_by, *rulings))


EVENT_RULINGS = {"P-FLY-ORDER": "the crowd decided by the counts the flights' order gives",
                 "P-STEP-ORDER": "after this step's pickup or island loss"}
"""How a note words a ruling that decided an event besides its own rule."""


def path_lines(voyage: Voyage) -> tuple[str, ...]:
    """A ship's path square by square, with what happened on each."""
    lines = [f"{voyage.player} sails from {square_name(voyage.start)} (weight {voyage.weight}, "
             f"{voyage.crossed} sea square{'s' if voyage.crossed != 1 else ''} crossed)"]
    for step in voyage.squares:
        kind = "sea" if step.sea else "island"
        what = "; ".join(step.happened) or "nothing"
        lines.append(f"  {square_name(step.square)} ({kind}): {what}")
    return tuple(lines)


def flight_lines(flight: Flight) -> tuple[str, ...]:
    where = (f"the {square_name(flight.squares[0])} dot" if flight.on_dot and flight.squares
             else "its dot" if flight.on_dot else square_name(flight.start))
    over = " ".join(square_name(s) for s in flight.squares) or "nothing"
    line = f"a {flight.value} flies from {where} over {over}: "
    if flight.outcome == "captured":
        line += f"captured by {flight.by} ({flight.rule})"
        if flight.counts:
            line += " — counts " + ", ".join(f"{p} {c}" for p, c in flight.counts.items())
    elif flight.outcome == "gone":
        line += "leaves the board (P-FLY-EDGE)"
    else:
        line += f"rests over {square_name(flight.squares[-1]) if flight.squares else where}"
    lines = [line]
    for square, tally in flight.crowds:
        lines.append(f"  on {square_name(square)} the fewest tie ("
                     + ", ".join(f"{p} {c}" for p, c in tally.items()) + "): it flies on (P-FLY-CROWD)")
    return tuple(lines)


def order_lines(state: PerroquetsState, report: RoundReport) -> tuple[str, ...]:
    by_length = "order-by-length" in state.variants
    table = _table_seats(state)
    lines = []
    for place, voyage in enumerate(report.order, 1):
        second = (f"{voyage.length} step{'s' if voyage.length != 1 else ''}" if by_length
                  else f"{voyage.crossed} sea square{'s' if voyage.crossed != 1 else ''}")
        lines.append(f"{place}. {voyage.player}: weight {voyage.weight}, {second}, seat {table[voyage.player]} "
                     "from the first player")
    if report.stuck:
        lines.append("stuck, not in the order: " + " ".join(report.stuck))
    return tuple(lines)


def _table_seats(state: PerroquetsState) -> dict[str, int]:
    return {p: (state.players.index(p) - state.first) % len(state.players) for p in state.players}


def _order(state: PerroquetsState, report: RoundReport, named: list[str]) -> Violation | None:
    actual = [v.player for v in report.order]
    for player in named:
        if player not in state.players:
            return Violation("P-PLAYERS", f"'{player}' is not seated at this table", part="value")
    if named == actual:
        return None
    return _false(f"the ships move in the order {' '.join(actual) or '(none)'}, not {' '.join(named)}",
                  "P-SHIP-ORDER", "value", order_lines(state, report))


def _count(state: PerroquetsState, report: RoundReport, player: str, kind: str, claimed: int) -> Violation | None:
    events = [e for e in report.events
              if player in (e.player, e.receiver) and (e.kind == "gain" or e.count or e.rulings)]
    if kind == "loses":
        counted = [e for e in events if e.kind == "lose" and e.player == player]
        actual = sum(e.count for e in counted)
        verb = "gave or lost"
    else:
        counted = events
        actual = sum(state.holds[player].values())
        verb = "holds"
    rules = [e.rule for e in counted]
    if actual == claimed:
        return None
    notes = tuple(f"{e.rule}" + (f" on {square_name(e.square)}" if e.square else "") + ": "
                  + (f"{player} gains a {e.value}" if e.kind == "gain"
                     else f"{player} takes {e.count} from {e.player}" if e.receiver == player
                     else f"{player} loses {e.count}" + (f" to {e.receiver}" if e.receiver else ""))
                  + "".join(f" ({EVENT_RULINGS[r]}, {r})" for r in e.rulings)
                  for e in events)
    decided = rules[0] if rules else ("P-LOSE" if kind == "loses" else "P-SCORE")
    voyage = report.voyage(player)
    extra = path_lines(voyage) if voyage else ()
    return _false(f"{player} {verb} {actual}" + (" this round" if kind == "loses" else "") + f", not {claimed}",
                  decided, "value", notes + extra, tuple(r for e in counted for r in (e.rule, *e.rulings)))


def _at(state: PerroquetsState, report: RoundReport, player: str, square: tuple[int, int]) -> Violation | None:
    actual = state.ships[player]
    if actual == square:
        return None
    voyage = report.voyage(player)
    if player in report.stuck:
        return _false(f"{player} was stuck and stays on {square_name(actual)}", "P-STUCK", "value")
    message = f"{player}'s ship ends on {square_name(actual)}, not {square_name(square)}"
    lines = path_lines(voyage) if voyage else ()
    if voyage is None:
        return _false(message, "P-SHIP-PATH", "value")
    if voyage.edge:
        return _false(message, "P-EDGE", "value", lines)
    if square == voyage.start:
        return _false(f"{player}'s ship makes its manoeuvre: it ends on {square_name(actual)}, not where it "
                      "set out", "P-SHIP-PATH", "value", lines, ("P-SHIP",))
    misread = _misread(state, voyage, square)
    if misread is not None:
        rule, note = misread
        return _false(message, "P-SHIP-PATH", "value", (*lines, note), (rule,))
    return _false(message, "P-SHIP-PATH", "value", lines)


MIRRORED = str.maketrans("LR", "RL")
"""A step with left and right taken the other way: R for L, FR for FL, …"""


def _misread(state: PerroquetsState, voyage: Voyage, square: Square) -> tuple[str, str] | None:
    """Where the claimed square is the end of the voyage's manoeuvre under another wind
    (P-WIND), or with left and right seen against the red arrow (P-STEPS): the ruling that
    tells the real course from the claimed one, and a note saying so."""
    heading = state.round.wind
    path = voyage.manoeuvre
    if heading is None or path is None:
        return None
    for other in HEADINGS:
        if other != heading and _end(state, voyage.start, path, other) == square:
            return "P-WIND", (f"the manoeuvre would end on {square_name(square)} were the red arrow heading "
                              f"{other}; this round's wind turns it {heading}")
    mirrored = Manoeuvre(tuple(step.translate(MIRRORED) for step in path.steps))
    if mirrored != path and _end(state, voyage.start, mirrored, heading) == square:
        return "P-STEPS", (f"{square_name(square)} is where {mirrored} would end: in {path}, L and R are to the "
                           "left and right seen along the red arrow")
    return None


def _end(state: PerroquetsState, start: Square, path: Manoeuvre, heading: Heading) -> Square:
    """Where a manoeuvre from `start` ends under `heading`, stopped by the edge (P-EDGE)."""
    entered, _, _ = state.lanes.course(start, path, heading)
    return entered[-1][0] if entered else start


def _captures(state: PerroquetsState, report: RoundReport, player: str,
              square: tuple[int, int]) -> Violation | None:
    over = [f for f in report.flights if square in f.squares]
    if any(f.outcome == "captured" and f.by == player and f.squares[-1] == square for f in over):
        return None
    notes = tuple(line for f in over for line in flight_lines(f))
    name = square_name(square)
    if not over:
        astray = [f for f in report.flights if _within_reach(f, square)]
        if astray:
            return _false(f"no parrot flies over {name} this round: a parrot keeps the heading its beak was "
                          "given on its dot", "P-FLY", "value",
                          tuple(line for f in astray for line in flight_lines(f)), ("P-PARROT",))
        return _false(f"no parrot flies over {name} this round", "P-FLY", "value")
    other = next((f for f in over if f.outcome == "captured" and f.squares[-1] == square), None)
    if other is not None:
        return _false(f"{other.by} captures the parrot on {name}, not {player}", other.rule, "value", notes,
                      other.rulings)
    if state.board.is_island(square):
        return _false(f"{name} is an island: no parrot is captured over it", "P-FLY-ISLAND", "value", notes)
    if any(sq == square for f in over for sq, _ in f.crowds):
        return _false(f"the fewest tie on {name}: the parrot flies on", "P-FLY-CROWD", "value", notes)
    return _false(f"{player}'s ship is not on {name} when the parrots fly", "P-FLY-SHIP", "value", notes)


def _picks_up(state: PerroquetsState, report: RoundReport, player: str,
              square: tuple[int, int]) -> Violation | None:
    if any(e.kind == "gain" and e.rule == "P-PICKUP" and e.player == player and e.square == square
           for e in report.events):
        return None
    name = square_name(square)
    voyage = report.voyage(player)
    notes = path_lines(voyage) if voyage else ()
    if state.board.is_island(square):
        return _false(f"{name} is an island: parrots over it cannot be picked up", "P-PICKUP", "value", notes)
    if voyage is None or all(step.square != square for step in voyage.squares):
        rule = "P-EDGE" if voyage and voyage.edge else ("P-STUCK" if player in report.stuck else "P-SHIP-PATH")
        return _false(f"{player}'s ship does not enter {name}", rule, "value", notes)
    if any(step.square == square and any(note.startswith("leaves a ") for note in step.happened)
           for step in voyage.squares):
        return _false(f"{player}'s ship leaves every parrot over {name}: the decision names each one it leaves "
                      "(optional-pickup)", "P-PICKUP", "value", notes)
    outside = state.board.dot_position == "outside"
    left = [f for f in report.flights if f.start == square and not (f.on_dot and outside)]
    if left:
        flown = tuple(line for f in left for line in flight_lines(f))
        gone = [f.value for f in left if f.outcome == "gone"]
        what = "the parrots over it flew" if len(left) > 1 else "the parrot over it flew"
        off = ", ".join(f"the {value}" for value in gone)
        return _false(f"no parrot is over {name} when {player}'s ship enters it: {what} before the ships moved"
                      + (f", {off} off the board" if gone else ""),
                      "P-FLY-EDGE" if gone else "P-FLY", "value", notes + flown, ("P-FLY",) if gone else ())
    return _false(f"no parrot is over {name} when {player}'s ship enters it", "P-PICKUP", "value", notes)


def _within_reach(flight: Flight, square: Square) -> bool:
    """Whether `square` is within the flight's value of its start, straight ahead in another
    heading than the one its beak gave it (P-PARROT)."""
    if not flight.squares:
        return False
    ahead = (flight.squares[0][0] - flight.start[0], flight.squares[0][1] - flight.start[1])
    x, y = flight.start
    return any((x + dx * k, y + dy * k) == square
               for dx, dy in VECTORS.values() if (dx, dy) != ahead for k in range(1, flight.value + 1))
