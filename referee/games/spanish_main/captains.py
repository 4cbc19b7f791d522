"""The simulated Spanish Main captains: which of the candidate entries (`generator`) they play.

The captain in `choose` plays like people: fetch treasure from wild islands, bring it home, shoot
what is in range, and end the turn when nothing is left to do. `choose_lazily` makes the same
choice without the full list: it makes the candidates a kind at a time, the most wanted first, and
asks the engine about them one by one, drawn at random, until one is legal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from referee.games.spanish_main import generator
from referee.games.spanish_main.engine import SpanishMainEngine
from referee.games.spanish_main.notation import Event
from referee.shuffle import SeededChoices


def score(engine: SpanishMainEngine, move: tuple[str, Event]) -> int:
    """How much a captain wants a move: follow-ups and unloading first, then treasure, then
    shots, then the end (see `choose`)."""
    _, action = move
    verb = action.verb
    if engine.stage != "play":
        if verb == "home" and engine.stage == "terrain" and len(engine.terrain) % 2:
            return 0  # players place terrain in equal numbers, as the rules mean them to (S-TERRAIN-PLACE)
        return 1
    worth = _WORTH.get(verb)
    if worth is not None:
        return worth
    if verb == "explore":
        return 9 if action.get("takes") or action.get("count") or action.get("coins") else 0
    ship = engine.ships.get(action.get("ship") or "")
    if verb == "move" and ship is not None:
        facts = action.records("facts")
        docks = next((f["target"] for f in facts if f["fact"] == "dock"), None)
        if docks is None:
            return 1 if facts else 0
        return generator._docking_worth(engine, ship, docks, generator._carrying(engine, ship))
    return 0


_WORTH = {"unload": 8, "repair": 7, "free": 7, "build": 7, "icebergs": 5, "drift": 5, "shoot": 3, "ram": 2,
          "board": 2, "tow": 2, "load": 1, "end": 1}
"""What `score` gives every entry of these kinds in play."""


def choose(engine: SpanishMainEngine, moves: list[tuple[str, Any]], chooser: SeededChoices,
           notes: Counter[str]) -> tuple[str, Any]:
    """A captain's choice: follow-ups and unloading first, then treasure, then shots, then the end."""
    scores = [score(engine, m) for m in moves]
    return _chosen(moves, scores, chooser, notes)


def _chosen(moves: list[tuple[str, Any]], scores: list[int], chooser: SeededChoices,
            notes: Counter[str]) -> tuple[str, Any]:
    best = max(scores)
    if best <= 1 and any(m[1].verb == "end" for m in moves):
        pool = [m for m, worth in zip(moves, scores) if m[1].verb == "end" or worth == 1]
        if chooser.below(4):
            pool = [m for m in moves if m[1].verb == "end"]
    else:
        pool = [m for m, worth in zip(moves, scores) if worth == best]
    choice = pool[chooser.below(len(pool))]
    notes[choice[1].verb] += 1
    return choice


Tier = tuple[int, Callable[[], list[tuple[str, Event]]], bool]
"""Candidates of a kind, made only when asked for, with the most `score` gives any of them, and
whether `score` gives every one of them that much (then it is not asked)."""


def _tiers(engine: SpanishMainEngine) -> tuple[list[Tier], tuple[str, Event] | None]:
    """The candidates of `generator._setup_candidates` or `generator._turn_candidates`, by kind,
    the kinds a captain wants most first, and the end of the turn apart (None where it is no candidate). In the
    turn, a captain does not try what it knows the rules refuse: it gives no other action to a
    ship that has had its action this turn (the simulated fleets have no keyword that grants a
    second), sails and shoots only with ships that have a mast standing, repairs a ship docked
    at home, and explores at once on docking only an island it has marked."""
    if engine.stage != "play":
        return [(1, lambda: generator._setup_candidates(engine), False)], None
    player = engine.turn_player
    assert player is not None
    forced = generator._forced(engine, player)
    if forced is not None:
        return [(5, lambda: forced, False)], None  # type: ignore[return-value]
    fleet = [ship for ship in generator._fleet(engine, player) if ship.id not in engine.acted]
    home = engine.homes[player]

    def each(make: Callable[[SpanishMainEngine, str, Any], list[tuple[str, Event]]],
             masted: bool = True) -> list[tuple[str, Event]]:
        return [move for ship in fleet if ship.standing or not masted for move in make(engine, player, ship)]

    def explores() -> list[tuple[str, Event]]:
        after = engine.after
        island = engine.islands.get(engine.ships[after["ship"]].docked or "") if after is not None else None
        marked = generator._after_explore(engine, player) if island is not None and player in island.marks else []
        return marked + each(generator._explores, masted=False)

    def mends() -> list[tuple[str, Event]]:
        return [move for move in each(generator._mends, masted=False)
                if move[1].verb != "repair" or engine.ships[move[1].get("ship")].docked == home]

    dockings: dict[int, list[tuple[str, Event]]] = {}
    masted = [ship for ship in fleet if ship.standing]
    known: list[Any] = []

    def docking(worth: int) -> list[tuple[str, Event]]:
        """The moves home and to islands of this `score` (`generator._docking_worth`), ship by ship, each
        ship's way home first: the captain's first wishes, made apart from the others, which are
        wanted only when nothing else is legal, not even the end."""
        found = dockings.get(worth)
        if found is not None:
            return found
        if not known:  # what every wish reads, read once a move
            known.append([generator._carrying(engine, ship) for ship in masted])
            known.append([(name, bool(island.tokens or island.hidden or island.gold))
                          for name, island in engine.islands.items() if island.home_of is None and island.fort is None])
        out: list[tuple[str, Event]] = []
        for ship, carrying in zip(masted, known[0]):
            if worth == (8 if carrying else 0):
                out += generator._home_move(engine, player, ship)
            if worth == 8:
                continue
            base = generator._move_base(ship)
            docked = ship.docked
            for name, has in known[1]:
                if name == home:
                    wish = 8 if carrying else 0
                else:
                    wish = 6 if has and not carrying and docked != name else 0
                if wish == worth:
                    out.append((player, generator._move(base, ("dock", name, None, None))))
        dockings[worth] = out
        return out

    def stated() -> list[tuple[str, Event]]:
        targets = generator._targets(engine, player)
        return [move for ship in masted for move in generator._fact_moves(engine, player, ship, False, targets)]

    def shots() -> list[tuple[str, Event]]:
        targets = generator._targets(engine, player)[:3]
        return [move for ship in masted for move in generator._ship_shots(engine, player, ship, targets)] + \
            generator._fort_shots(engine, player)

    def aimless() -> list[tuple[str, Event]]:
        """The moves a captain wants least: home empty-handed, to islands with nothing to fetch,
        and sailing with no contact stated."""
        return docking(0) + [(player, generator._move(generator._move_base(ship))) for ship in fleet if ship.standing]

    return [(9, explores, False),
            (8, lambda: docking(8), True),
            (7, lambda: mends() + generator._builds(engine, player), False),
            (6, lambda: docking(6), True),
            (3, shots, False),
            (2, lambda: generator._follow_ups(engine, player), False),
            (1, stated, True),
            (0, aimless, True)], (player, generator.END)


def choose_lazily(engine: SpanishMainEngine, chooser: SeededChoices,
                  notes: Counter[str]) -> tuple[str, Any] | None:
    """`choose`'s choice made without listing every legal move: candidates are made a kind at a
    time, the most wanted first (`_tiers`), and of the level wanted most they are drawn at random
    and asked about one by one (`engine.is_legal`) until one is legal, so the choice is uniform
    among the legal moves of the best level, as `choose`'s is. When nothing above a level of 1 is
    legal, the end is chosen three times in four, else any legal move of level 1 or the end;
    only when the end is refused, a move of level 0. The seeded words drawn differ from
    `choose`'s: one a move asked about (none when only one is left to ask about), and one for
    the end's three in four.

    The moves of kinds the rules seldom refuse (`PLAYED_AT_ONCE`) are asked about by playing them
    (`engine.plays`): the move chosen is then played already, and the caller's `engine.play` of it
    only records it. When the rules refuse one, the state is brought back as it was, and the
    choice is made again (the candidates read the state anew) without the moves refused.
    """
    refused: set[tuple[str, Event]] = set()
    while True:
        try:
            return _choose_lazily(engine, chooser, notes, refused)
        except _Refused as refusal:
            refused.add(refusal.move)


PLAYED_AT_ONCE = frozenset({"end", "move", "explore", "icebergs", "drift", "repair", "build", "fleet", "treasure",
                            "roll", "island", "reef", "sargasso", "fog", "iceberg", "deal"})
"""The kinds of entry a simulated captain asks about by playing them (`choose_lazily`): those the
rules almost never refuse it, as it makes them."""


class _Refused(Exception):
    """A move played at once (`PLAYED_AT_ONCE`) the rules refused: the state was brought back."""

    def __init__(self, move: tuple[str, Event]) -> None:
        super().__init__()
        self.move = move


def _choose_lazily(engine: SpanishMainEngine, chooser: SeededChoices, notes: Counter[str],
                   refused: set[tuple[str, Event]]) -> tuple[str, Any] | None:
    """`choose_lazily` with the moves refused so far."""
    if engine.over:
        return None
    tiers, end = _tiers(engine)
    by_level: dict[int, list[tuple[str, Event]]] = {}
    fixed = _WORTH if engine.stage == "play" else {}  # what `score` gives these kinds, read at once
    made = 0
    for made, tier in enumerate(tiers):
        most = tier[0]
        if most <= 1:
            break
        _sort_in(engine, tier, by_level, fixed)
        below = tiers[made + 1][0] if made + 1 < len(tiers) else 1
        for level in range(most, below, -1):
            if level in by_level:
                chosen = _first_legal(engine, by_level[level], chooser, refused)
                if chosen is not None:
                    notes[chosen[1].verb] += 1
                    return chosen
    else:
        made = len(tiers)
    if end is not None and (not refused or end not in refused):  # the end is asked about by playing it, when chosen
        if chooser.below(4):
            if not engine.plays(*end):
                raise _Refused(end)
            notes["end"] += 1
            return end
    else:
        end = None
    for tier in tiers[made:]:
        if tier[0] < 1:
            break
        _sort_in(engine, tier, by_level, fixed)
        made += 1
    if end is not None:
        chosen = _first_legal(engine, [end] + by_level.get(1, []), chooser, refused)
    else:
        chosen = _first_legal(engine, by_level.get(1, []), chooser, refused)
        if chosen is None:
            for tier in tiers[made:]:
                _sort_in(engine, tier, by_level, fixed)
            chosen = _first_legal(engine, by_level.get(0, []), chooser, refused)
    if chosen is not None:
        notes[chosen[1].verb] += 1
    return chosen


def _sort_in(engine: SpanishMainEngine, tier: Tier, by_level: dict[int, list[tuple[str, Event]]],
             fixed: dict[str, int]) -> None:
    """The tier's candidates made and put with the others of their `score` in `by_level`, in order."""
    most, make, exact = tier
    if exact:
        moves = make()
        if moves:
            if most in by_level:
                by_level[most] += moves
            else:
                by_level[most] = moves
        return
    for move in make():
        worth = fixed.get(move[1].verb)
        if worth is None:
            worth = score(engine, move)
        if worth in by_level:
            by_level[worth].append(move)
        else:
            by_level[worth] = [move]


def _first_legal(engine: SpanishMainEngine, moves: list[tuple[str, Event]],
                 chooser: SeededChoices, refused: set[tuple[str, Event]]) -> tuple[str, Event] | None:
    """A move drawn at random among `moves` and asked about, again among the rest while the rules
    refuse it: uniform among the legal ones. None when none is legal. A move of `PLAYED_AT_ONCE`
    is asked about by playing it; one the rules refuse raises `_Refused`; those `refused` already
    are known illegal."""
    left = [move for move in moves if move not in refused] if refused else list(moves)
    while left:
        index = chooser.below(len(left)) if len(left) > 1 else 0
        move = left[index]
        if move[1].verb in PLAYED_AT_ONCE:
            if engine.plays(*move):
                return move
            raise _Refused(move)
        if engine.is_legal(*move):
            return move
        left[index] = left[-1]
        left.pop()
    return None
