"""The Pirates & Perroquets engine's shortcuts give what the plain steps give: flights and
courses looked up per board (`Lanes`) match stepping square by square, holds and parrots
shared between rounds are never changed in place (so no copy is needed), what the engine
keeps beside its state (cards seen drawn, hold sizes, draw orders, pile tables) agrees with
the state, and the shipped data read without the schema is the data the schema-checked
reader gives."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from referee.games import GAMES
from referee.games.perroquets.data import Board, default_data, load
from referee.games.perroquets.engine import PerroquetsEngine
from referee.games.perroquets.geometry import HEADINGS, VECTORS, Heading, Manoeuvre, Square, step
from referee.games.perroquets.resolve import CalmFlight, Event, Flight, Lanes, Parrot, lanes_of, settle_holds
from referee.games.perroquets.resolve import _at_rest, _copy_hold, _flight_over_ships
from referee.games.perroquets.setup import VARIANT_NAMES
from referee.notation.chunks import split_games
from referee.notation.reader import read_chunk
from referee.simulate import random_game

ROOT = Path(__file__).resolve().parent.parent
RULES = GAMES["perroquets"]
LAGOON = ROOT / "samples" / "perroquets" / "boards" / "lagoon-9.json"


def _boards() -> list[Board]:
    return [default_data().board, load(json.loads(LAGOON.read_text(encoding="utf-8"))).board]


@pytest.mark.parametrize("board", _boards(), ids=["default", "lagoon"])
def test_flights_looked_up_are_the_flights_stepped(board: Board) -> None:
    lanes = lanes_of(board)
    for x in range(-1, board.width + 1):
        for y in range(-1, board.height + 1):
            for heading in HEADINGS:
                for value in range(1, 5):
                    square, stepped, gone = (x, y), [], False
                    for _ in range(value):
                        square = step(square, VECTORS[heading])
                        if not board.on_grid(square):
                            gone = True
                            break
                        stepped.append(square)
                    sea = {s for s in stepped if not board.is_island(s)}
                    assert lanes.flight((x, y), heading, value) == (tuple(stepped), sea, gone)


@pytest.mark.parametrize("board", _boards(), ids=["default", "lagoon"])
def test_calm_flights_are_the_flights_stepped_over_an_empty_sea(board: Board) -> None:
    """A parrot's flight with no ship under it, looked up, is what stepping it gives; and the
    flight and the parrot it leaves at rest are made once."""
    lanes = lanes_of(board)
    for x in range(-1, board.width + 1):
        for y in range(-1, board.height + 1):
            for heading in HEADINGS:
                for value in range(0, 5):
                    for on_dot in (True, False):
                        parrot = Parrot(value, heading, (x, y), on_dot)
                        stepped, sea, off = lanes.flight((x, y), heading, value)
                        outcome, rule = ("gone", "P-FLY-EDGE") if off else ("rests", "P-FLY")
                        calm = lanes.calm(parrot)
                        assert calm.flight == Flight(value, (x, y), on_dot, list(stepped), outcome, rule)
                        assert (calm.sea, calm.squares, calm.off) == (sea, stepped, off)
                        rests = None if off else Parrot(value, heading, stepped[-1] if stepped else (x, y), False)
                        assert calm.rests_as == rests
                        assert lanes.calm(Parrot(value, heading, (x, y), on_dot)) is calm


def test_a_parrot_a_calm_flight_leaves_at_rest_is_a_parrot_of_its_own() -> None:
    """Two parrots alike that fly one calm flight come to rest as two parrots, equal to the
    flight's template and carrying its next flight, but neither of them the template."""
    board = default_data().board
    lanes = lanes_of(board)
    first, second = Parrot(1, "S", (2, 11), True), Parrot(1, "S", (2, 11), True)
    calm = lanes.calm(first)
    assert lanes.calm(second) is calm and calm.rests_as is not None
    rested = [_at_rest(lanes, calm.rests_as) for _ in range(2)]
    assert rested[0] == rested[1] == calm.rests_as
    assert len({id(calm.rests_as), *map(id, rested)}) == 3
    assert rested[0].calm is rested[1].calm is calm.rests_as.calm is lanes.calm(calm.rests_as)


def _crossing(board: Board, start: Square, path: Manoeuvre, heading: Heading) -> tuple[int, list[Square], bool]:
    """A manoeuvre stepped square by square: (sea squares entered, squares entered, stopped at the edge)."""
    square, entered, sea = start, [], 0
    for vector in path.vectors(heading):
        target = step(square, vector)
        if not board.on_grid(target):
            return sea, entered, True
        square = target
        entered.append(square)
        sea += not board.is_island(square)
    return sea, entered, False


@pytest.mark.parametrize("board", _boards(), ids=["default", "lagoon"])
def test_courses_measure_what_stepping_measures(board: Board) -> None:
    lanes = lanes_of(board)
    paths = {card.path(colour) for card in default_data().cards.values() for colour in ("green", "black")}
    for path in paths:
        for heading in HEADINGS:
            for square in board.squares():
                entered, crossed, edge = lanes.course(square, path, heading)
                assert (crossed, [s for s, _ in entered], edge) == _crossing(board, square, path, heading)
                assert all(sea == (not board.is_island(s)) for s, sea in entered)


def _settled_with_copies(before: dict[str, Counter[int]], events: list[Event],
                         choices: dict[str, list[int]]) -> tuple[Any, ...]:
    """`settle_holds` as it was written first: every hold copied before anything happens."""
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


@pytest.mark.parametrize("choices", [{}, {"A": [3]}, {"A": [1, 1]}, {"B": [2]}, {"C": [9]}])
def test_holds_are_settled_without_changing_the_holds_given(choices: dict[str, list[int]]) -> None:
    before = {"A": Counter({1: 2, 3: 1}), "B": Counter({2: 2}), "C": Counter(), "D": Counter({1: 1})}
    kept = copy.deepcopy(before)
    events = [Event("gain", "C", "P-FLY-SHIP", (1, 1), value=2), Event("lose", "A", "P-ISLAND", (2, 2), count=1),
              Event("lose", "B", "P-MEET", (3, 3), count=1, receiver="C"), Event("lose", "A", "P-EDGE", count=2)]
    found = settle_holds(before, events, {p: list(v) for p, v in choices.items()})
    assert found == _settled_with_copies(before, events, {p: list(v) for p, v in choices.items()})
    assert before == kept and all(before[p] is not found[0][p] for p in ("A", "B", "C"))
    assert found[0]["D"] is before["D"]  # untouched: the very hold given


def test_a_hold_copied_is_the_counter_of_the_hold() -> None:
    hold = Counter({1: 2, 3: 0, 2: 1})
    copied = _copy_hold(hold)
    assert type(copied) is Counter and copied == Counter(hold) and copied is not hold
    copied[1] -= 1
    assert hold[1] == 2 and copied[4] == 0


def _records() -> list[tuple[str, Any]]:
    """Every sample game that reads, and random games with variants."""
    found = []
    for path in sorted((ROOT / "samples" / "perroquets").glob("*/*.perroquets")):
        lines = path.read_text(encoding="utf-8").split("\n")
        for chunk in split_games(lines):
            for read in read_chunk(str(path), chunk):
                if read.record is not None and read.rules is RULES and not read.malformed:
                    found.append((path.name, read.record))
    variants = [v for v in VARIANT_NAMES if v != "optional-pickup"]
    for index, seed in enumerate(("eq-1", "eq-2", "eq-3", "eq-4")):
        chosen = " ".join(sorted(variants[index::4]))
        record, _ = random_game(RULES, ["A", "B", "C"][: 2 + index % 2], False, seed,
                                extra_tags=(("Variants", chosen),))
        found.append((seed, record))
    return found


@pytest.mark.parametrize("name,record", _records(), ids=lambda value: value if isinstance(value, str) else "")
def test_what_a_round_leaves_behind_never_changes_after(name: str, record: Any) -> None:
    """Holds, parrots and a round's account outlive the entry that made them unchanged (the
    engine shares them instead of copying), and a refused entry changes nothing."""
    engine = RULES.new_engine(record)
    if not isinstance(engine, PerroquetsEngine):
        return
    kept: list[tuple[Any, str]] = []
    refused = None
    for round_ in record.rounds:
        if refused is not None or engine.start_round(round_.number) is not None:
            break
        for turn in round_.turns:
            view = engine.view()
            refused = engine.play(turn.player, turn.action)
            if refused is not None:
                assert engine.view() == view, name
                break
            for thing in (engine.holds, list(engine.parrots), engine.round.report, engine.round.holds_before):
                kept.append((thing, repr(thing)))
    engine.finish()
    for thing, seen in kept:
        assert repr(thing) == seen, name


def test_a_refused_pickup_leaves_the_parrots_where_they_were() -> None:
    path = ROOT / "samples" / "perroquets" / "illegal" / "p-pickup-leave.perroquets"
    (chunk,) = split_games(path.read_text(encoding="utf-8").split("\n"))
    (read,) = read_chunk(str(path), chunk)
    engine = RULES.new_engine(read.record)
    assert isinstance(engine, PerroquetsEngine)
    refused = None
    for round_ in read.record.rounds:
        assert engine.start_round(round_.number) is None
        for turn in round_.turns:
            parrots = [(p, copy.copy(p)) for p in engine.parrots]
            ships, holds = dict(engine.ships), engine.holds
            refused = engine.play(turn.player, turn.action)
            if refused is not None:
                assert all(p == before for p, before in parrots) and [p for p, _ in parrots] == engine.parrots
                assert engine.ships == ships and engine.holds is holds
                break
    assert refused is not None and refused.rule == "P-PICKUP"


def _views(record: Any) -> list[Any]:
    """The view after every entry of a legal record."""
    engine = RULES.new_engine(record)
    assert isinstance(engine, PerroquetsEngine)
    views = []
    for round_ in record.rounds:
        assert engine.start_round(round_.number) is None
        for turn in round_.turns:
            assert engine.play(turn.player, turn.action) is None
            views.append(engine.view())
    return views


def _pickup_records() -> list[Any]:
    """Games with optional-pickup whose decisions leave parrots, two alike among them."""
    from .test_perroquets_properties import _pickup_game

    path = ROOT / "samples" / "perroquets" / "legal" / "variant-optional-pickup-alike.perroquets"
    (chunk,) = split_games(path.read_text(encoding="utf-8").split("\n"))
    (read,) = read_chunk(str(path), chunk)
    return [read.record] + [_pickup_game(f"eq-pick-{n}", 2 + n, variants)[0]
                            for n, variants in enumerate(("optional-pickup", "optional-pickup sequential-flight"))]


def test_rounds_resolved_without_the_calm_flights_kept_are_the_rounds_resolved_with_them(monkeypatch) -> None:
    """A calm flight looked up, and the parrot it leaves at rest shared as a template, gives what
    working the flight out afresh for each parrot gives, parrots taken and left alike."""
    records = _pickup_records()
    quick = [_views(record) for record in records]

    def afresh(lanes: Any, parrot: Parrot) -> CalmFlight:
        squares, sea, off = lanes.flight(parrot.square, parrot.heading, parrot.value)
        flight, square = _flight_over_ships(parrot, squares, off, lanes.islands, {}, {})
        rests_as = None if flight.outcome == "gone" else Parrot(parrot.value, parrot.heading, square, False)
        return CalmFlight(sea, flight, rests_as, squares, off)

    monkeypatch.setattr(Lanes, "calm", afresh)
    assert [_views(record) for record in records] == quick


def test_the_shipped_data_read_without_the_schema_is_the_checked_data() -> None:
    document = json.loads((ROOT / "referee" / "games" / "perroquets" / "default.json").read_text(encoding="utf-8"))
    assert default_data() == load(document)


def test_parrots_that_fly_are_new_ones() -> None:
    """resolve replaces the parrots that come to rest: the ones a view or an earlier round
    holds keep their squares."""
    record, _ = random_game(RULES, ["A", "B"], False, "eq-fly")
    engine = RULES.new_engine(record)
    assert isinstance(engine, PerroquetsEngine)
    earlier: list[tuple[Parrot, Parrot]] = []
    for round_ in record.rounds:
        assert engine.start_round(round_.number) is None
        earlier.extend((p, copy.copy(p)) for p in engine.parrots)
        for turn in round_.turns:
            assert engine.play(turn.player, turn.action) is None
    assert earlier and all(p == seen for p, seen in earlier)


@pytest.mark.parametrize("name,record", _records(), ids=lambda value: value if isinstance(value, str) else "")
def test_what_the_engine_keeps_beside_its_state_agrees_with_it(name: str, record: Any) -> None:
    """The cards seen drawn are the draws' cards known, each hold's size is what its counts add
    up to, no parrot is on the board twice, and the next drawer is the one the seats give, after
    every entry, refused or not."""
    engine = RULES.new_engine(record)
    if not isinstance(engine, PerroquetsEngine):
        return
    for round_ in record.rounds:
        if engine.start_round(round_.number) is not None:
            break
        for turn in round_.turns:
            refused = engine.play(turn.player, turn.action)
            state = engine.round
            assert state.known == {slot.card for slot in state.slots if slot.card}, name
            assert engine.counts == {p: sum(engine.holds[p].values()) for p in engine.players}, name
            # a calm flight's parrot at rest is shared by every parrot that flies it: each on the
            # board is a copy of its own, so two alike over one square are still two
            assert len({id(parrot) for parrot in engine.parrots}) == len(engine.parrots), name
            n, count = len(engine.players), len(state.slots)
            seat = count % n if "draw-rounds" in engine.variants else count // 2
            expected = engine.players[(engine.first + seat) % n] if count < 2 * n else None
            assert engine._next_drawer() == expected, name
            if refused is not None:
                return


@pytest.mark.parametrize("data", [default_data(), load(json.loads(LAGOON.read_text(encoding="utf-8")))],
                         ids=["default", "lagoon"])
def test_the_pile_tables_are_what_the_cards_and_piles_say(data: Any) -> None:
    def letter_written(written: str) -> str | None:
        if written in data.piles:
            return written
        return next((letter for letter, number in data.piles.items() if str(number) == written), None)

    for written in [*data.piles, *map(str, data.piles.values()), "Z", "0", "99", "", "a"]:
        assert data.pile_letter(written) == letter_written(written)
    assert data.pile_sizes == {letter: len(data.pile_cards(letter)) for letter in data.piles}
