"""Random legal Spanish Main games: the engine's own move generator and a simulated captain.

`legal_moves` proposes entries a level-1 log could hold in this state — set-up entries
with the sample fleets, and in play every ship's moves (with stated facts), shots, explorations,
repairs and free actions — and keeps those the engine accepts. The captain in `choose`
plays like people: fetch treasure from wild islands, bring it home, shoot what is in
range, and end the turn when nothing is left to do. `choose_lazily` makes the same choice
without the full list: it makes the candidates a kind at a time, the most wanted first, and
asks the engine about them one by one, drawn at random, until one is legal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from referee.games.spanish_main import shooting
from referee.games.spanish_main.engine import SpanishMainEngine
from referee.games.spanish_main.notation import DEAL, Event, event
from referee.shuffle import SeededChoices

FLEETS = (
    ("s1=s-gull", "s2=s-sloop", "s3=s-heron", "c1=c-ada@s1", "c2=c-bo@s1", "e1=e-squall"),
    ("s1=s-bulwark", "s2=s-heron", "s3=s-gull", "c1=c-cole@s2", "c2=c-ada@s3", "f1=f-watch"),
)
MAX_TURNS = 120
"""A simulated captain who cannot win by then (every ship sunk or stuck) resigns."""
TREASURE = (("t-1", "t-1", "t-1", "t-2", "t-2", "t-2", "t-3", "t-3"),
            ("t-map", "t-1", "t-1", "t-2", "t-2", "t-3", "t-3", "t-3"))


def _items(specs: tuple[str, ...]) -> list[dict[str, Any]]:
    items = []
    for spec in specs:
        name, _, rest = spec.partition("=")
        card, _, at = rest.partition("@")
        items.append({"name": name, "card": card, "at": at or None})
    return items


def _accepted(engine: SpanishMainEngine, candidates: list[tuple[str, Event]]) -> list[tuple[str, Event]]:
    return [(player, action) for player, action in candidates if engine.accepts(player, action)]


def legal_moves(engine: SpanishMainEngine) -> list[tuple[str, Any]]:
    if engine.over:
        return []
    if engine.stage != "play":
        return _accepted(engine, _setup_candidates(engine))
    return _accepted(engine, _turn_candidates(engine))


def _setup_candidates(engine: SpanishMainEngine) -> list[tuple[str, Event]]:
    players = engine.players
    stage = engine.stage
    if stage in ("fleet", "treasure"):
        player = next(p for p in players if p not in engine.stage_done[stage])
        index = players.index(player)
        if stage == "fleet":
            return [(player, _made(("fleet", index), lambda: event("fleet", items=_items(FLEETS[index]))))]
        return [(player, _made(("treasure", index), lambda: event("treasure", items=[
            {"name": f"t{n + 1}", "card": card} for n, card in enumerate(TREASURE[index])])))]
    if stage == "roll":
        player = players[len(engine.rolls) % 2]
        return [(player, _made(("roll", d), lambda: event("roll", die=d))) for d in range(1, 7)]
    if stage == "island":
        player = engine.placer
        place = f"I{len(engine.islands) + 1}"
        return [(player, _made(("island", place), lambda: event("island", place=place)))]
    if stage in ("terrain", "home"):
        out: list[tuple[str, Event]] = []
        if stage == "terrain" and len(engine.terrain) < 4:
            player = engine.placer
            number = len(engine.terrain) + 1
            out += [(player, _made(("terrain", number), lambda: event("reef", place=f"R{number}"))),
                    (player, _made(("sargasso", number), lambda: event("sargasso", place=f"G{number}"))),
                    (player, _made(("fog", number), lambda: event("fog", place=f"F{number}"))),
                    (player, _made(("iceberg", number), lambda: event("iceberg", place=f"B{number}", gold=4)))]
        free = [i for i in engine.islands if engine.islands[i].home_of is None]
        for player in players:
            for owner in players:
                for place in (free[0], free[-1]):
                    out.append((player, _made(("home", owner, place), lambda: event("home", player=owner, place=place))))
        return out
    wild = [i for i in engine.placement if i in engine.islands and engine.islands[i].home_of is None]
    tokens = sorted(engine.tokens)
    deals = []
    for shift in range(3):
        order = tokens[shift * 5:] + tokens[:shift * 5]
        deals.append((DEAL, _made(("deal", tuple(wild), tuple(order)), lambda: event(
            "deal", islands=[{"place": place, "tokens": order[4 * n:4 * n + 4]} for n, place in enumerate(wild)]))))
    deals.append((DEAL, HIDDEN_DEAL))
    return deals


HIDDEN_DEAL = event("deal", hidden=True)


END = event("end")
RESIGN = event("resign")


def _turn_candidates(engine: SpanishMainEngine) -> list[tuple[str, Event]]:
    player = engine.turn_player
    assert player is not None
    forced = _forced(engine, player)
    if forced is not None:
        return forced
    out: list[tuple[str, Event]] = [(player, END)] + _follow_ups(engine, player) + _after_explore(engine, player)
    for ship in _fleet(engine, player):
        out += _ship_candidates(engine, player, ship)
    return out + _fort_shots(engine, player) + _builds(engine, player)


def _forced(engine: SpanishMainEngine, player: str) -> list[tuple[str, Event]] | None:
    """The turn's only candidates when they are few: resigning past MAX_TURNS, the start step's
    iceberg roll, and its drifts; None when the turn is open."""
    if engine.turn >= MAX_TURNS:
        return [(player, RESIGN)]
    if engine.icebergs_due:
        return [(player, _made(("icebergs", d), lambda: event("icebergs", die=d))) for d in range(1, 7)]
    if not engine.drifts_due:
        return None
    name = engine.drifts_due[0]
    out = [(player, _made(("drift", name, d), lambda: event("drift", iceberg=name, die=d))) for d in (1, 4)]
    for ship in engine.ships.values():
        if ship.afloat and not ship.lost and not ship.wreck:
            mast = ship.standing[0] if ship.standing else None
            out.append((player, _made(("drift", name, 3, ship.id, mast),
                                      lambda: event("drift", iceberg=name, die=3, stops=ship.id, mast=mast))))
    out += [(player, _made(("drift", name, 2, i), lambda: event("drift", iceberg=name, die=2, stops=i)))
            for i in list(engine.islands)[:2]]
    return out


def _fleet(engine: SpanishMainEngine, player: str) -> list[Any]:
    return [ship for ship in engine.ships.values() if ship.controller == player and not ship.sunk and not ship.wreck]


def _follow_ups(engine: SpanishMainEngine, player: str) -> list[tuple[str, Event]]:
    """After a move: each ram, boarding and tow it allows."""
    after = engine.after
    if after is None:
        return []
    out: list[tuple[str, Event]] = []
    mover = engine.ships[after["ship"]]
    for target in sorted(mover.bow):
        for die in (2, 5):
            other = engine.ships[target]
            out.append((player, event("ram", ship=mover.id, target=target, die=die,
                                      mast=other.standing[-1] if other.standing else None)))
            out.append((player, event("ram", ship=mover.id, target=target, die=die)))
    if "rammed" in after:
        rammed = engine.ships[after["rammed"]]
        takeable = [t for t in rammed.tokens if not t.startswith("?")]
        if not takeable and rammed.tokens:  # only face-down treasure: taken blind, named by the log (S-HIDDEN)
            takeable = sorted(t for t, token in engine.tokens.items() if token.where == "pool")[:1]
        out.append((player, event("board", rolls=[{"player": player, "die": 6},
                                                  {"player": rammed.controller, "die": 1}],
                                  result="takes" if takeable else ("kills" if rammed.crew else None),
                                  item=(takeable or rammed.crew or [None])[0])))
        out.append((player, event("board", rolls=[{"player": player, "die": 3},
                                                  {"player": rammed.controller, "die": 3}])))
    for target in sorted(mover.contacts | mover.bow):
        if target in engine.ships:
            out.append((player, event("tow", ship=mover.id, target=target)))
    return out


def _after_explore(engine: SpanishMainEngine, player: str) -> list[tuple[str, Event]]:
    """After a move: exploring where it docked (free on a marked island)."""
    after = engine.after
    if after is None:
        return []
    mover = engine.ships[after["ship"]]
    return [(player, _explore(engine, mover))]


def _fort_shots(engine: SpanishMainEngine, player: str) -> list[tuple[str, Event]]:
    out: list[tuple[str, Event]] = []
    for fort in engine.forts.values():
        if fort.owner == player and fort.built and fort.flags:
            targets = _targets(engine, player)
            for target in targets[:2]:
                out.append((player, event("shoot", ship=fort.id, fires=[
                    {"weapon": "flag", "mast": fort.flags[0], "target": target, "range": "S", "die": 6,
                     "lose": _loss(engine, target)}])))
    return out


def _builds(engine: SpanishMainEngine, player: str) -> list[tuple[str, Event]]:
    """Each fort not built yet and paid for by the gold at home, on each wild island the player has
    explored and a ship of theirs is docked at."""
    out: list[tuple[str, Event]] = []
    for fort in engine.forts.values():
        if fort.owner == player and fort.island is None and engine.gold[player] >= (fort.card.cost or 0):
            for ship in engine.ships.values():
                island = engine.islands.get(ship.docked or "")
                if (ship.controller == player and ship.afloat and island is not None and island.home_of is None
                        and island.fort is None and player in island.explored_by):
                    out.append((player, _made(("build", fort.id, island.name),
                                              lambda: event("build", fort=fort.id, place=island.name))))
    return out


MADE_AT_MOST = 20_000
"""How many candidate entries `_made` keeps before it starts afresh (memory stays bounded)."""
_MADE: dict[tuple[Any, ...], Event] = {}


def _made(key: tuple[Any, ...], make: Callable[[], Event]) -> Event:
    """The candidate entry `key` names, made once: the same candidates recur from position to
    position and from game to game, and an entry made once is also read once by the rules
    (`Event.records`, `Event.derived`)."""
    found = _MADE.get(key)
    if found is None:
        if len(_MADE) >= MADE_AT_MOST:
            _MADE.clear()
        found = _MADE[key] = make()
    return found


def _takeable(engine: SpanishMainEngine, ship: Any) -> list[str]:
    island = engine.islands.get(ship.docked or "")
    if island is None or not island.tokens:
        return []
    room = engine.cargo_of(ship) - engine.load_of(ship)
    uniques = [t for t in island.tokens if engine.tokens[t].unique]
    plain = sorted((t for t in island.tokens if not engine.tokens[t].unique),
                   key=lambda t: -engine.tokens[t].gold)
    return uniques + plain[:max(0, room)]


def _explore(engine: SpanishMainEngine, ship: Any) -> Event:
    """Exploring where the ship is docked, taking the most gold that fits."""
    takes = tuple(_takeable(engine, ship))
    key = ("explore", ship.id, takes)
    found = _MADE.get(key)  # made already, mostly: looked up before anything is built
    if found is not None:
        return found
    return _made(key, lambda: event("explore", ship=ship.id, takes=takes))


def _targets(engine: SpanishMainEngine, player: str) -> list[str]:
    return [s.id for s in engine.ships.values() if s.controller != player and s.afloat and not s.lost
            and not s.wreck and s.docked != engine.homes.get(s.controller)]


def _enemy_forts(engine: SpanishMainEngine, player: str) -> list[str]:
    return [f.id for f in engine.forts.values() if f.owner != player and f.built]


def _coin_name(engine: SpanishMainEngine, player: str) -> str:
    number = 1
    while f"{player}.k{number}" in engine.tokens:
        number += 1
    return f"{player}.k{number}"


def _fort_treasure(engine: SpanishMainEngine, player: str, ship: Any) -> list[tuple[str, Event]]:
    """Gold into a fort of the player's on the island the ship is docked at, or a coin out of it."""
    out: list[tuple[str, Event]] = []
    for fort in engine.forts.values():
        if fort.owner != player or not fort.built or fort.island != ship.docked:
            continue
        gold = [t for t in ship.tokens if not t.startswith("?") and engine.tokens[t].gold > 0
                and engine.tokens[t].card.id != "coin"]
        if gold:
            out.append((player, event("unload", ship=ship.id, fort=fort.id, tokens=gold)))
        spare = fort.gold - (fort.card.cost or 0)
        if spare > 0:
            out.append((player, event("load", ship=ship.id, fort=fort.id,
                                      coins=[{"name": _coin_name(engine, player), "gold": spare}])))
    return out


def _loss(engine: SpanishMainEngine, target: str) -> int | None:
    ship = engine.ships.get(target)
    if ship is not None:
        return ship.standing[0] if ship.standing else None
    fort = engine.forts[target]
    return fort.flags[0] if fort.flags else None


def _ship_candidates(engine: SpanishMainEngine, player: str, ship: Any) -> list[tuple[str, Event]]:
    return (_home_move(engine, player, ship) + _island_moves(engine, player, ship) + _fact_moves(engine, player, ship)
            + _ship_shots(engine, player, ship) + _explores(engine, player, ship) + _mends(engine, player, ship))


def _move_base(ship: Any) -> tuple[str, int | None, tuple[str, ...]]:
    """A move's ship, fog exit roll and segments: its full move (straight when towing)."""
    return ship.id, 3 if ship.lost else None, ("S",) if ship.towing else tuple(ship.card.move)


def _move(base: tuple[str, int | None, tuple[str, ...]], *facts: tuple[Any, ...]) -> Event:
    """The move of `_move_base` stating these facts, each (fact, target, die, masts)."""
    key = ("move", *base, *facts)
    found = _MADE.get(key)  # most moves are made already: looked up before anything is built
    if found is not None:
        return found

    def make() -> Event:
        stated = [{"fact": fact, "target": list(target) if isinstance(target, tuple) else target, "die": die,
                   "masts": list(masts) if masts else None} for fact, target, die, masts in facts]
        name, exit_die, segments = base
        return event("move", ship=name, exit=exit_die, segments=list(segments), facts=stated)
    return _made(key, make)


def _home_move(engine: SpanishMainEngine, player: str, ship: Any) -> list[tuple[str, Event]]:
    """Sailing home, naming any face-down tokens aboard (S-HIDDEN)."""
    base = _move_base(ship)
    reveal = [t for t in ship.tokens if t.startswith("?")]
    facts: list[tuple[Any, ...]] = []
    if reveal:
        unknown = sorted(t for t, token in engine.tokens.items() if token.where == "pool")
        facts.append(("reveal", tuple(unknown[:len(reveal)]), None, None))
    facts.append(("dock", engine.homes[player], None, None))
    return [(player, _move(base, *facts))]


def _island_moves(engine: SpanishMainEngine, player: str, ship: Any,
                  worth: int | None = None) -> list[tuple[str, Event]]:
    """Sailing to each island open to any ship (no home, no fort); those of this `score` only,
    when given."""
    base = _move_base(ship)
    carrying = _carrying(engine, ship) if worth is not None else False
    return [(player, _move(base, ("dock", name, None, None))) for name, island in engine.islands.items()
            if island.home_of is None and island.fort is None
            and (worth is None or _docking_worth(engine, ship, name, carrying) == worth)]


def _fact_moves(engine: SpanishMainEngine, player: str, ship: Any, plain: bool = True,
                targets: list[str] | None = None) -> list[tuple[str, Event]]:
    """Sailing with no contact stated (unless not `plain`), into each reef, sargasso sea and fog
    bank, bow to each enemy ship (`targets`, when read already), touching each derelict."""
    base = _move_base(ship)
    out = [(player, _move(base))] if plain else []
    for name, piece in engine.terrain.items():
        if piece.kind == "reef":
            value = engine.sea_values.get(name)
            die = None if value is not None else 3
            loss = max(0, (ship.card.masts or 0) - (value or 3))
            masts = ship.standing[:loss] if loss <= len(ship.standing) else ship.standing
            out.append((player, _move(base, ("reef", name, die, tuple(masts)))))
        elif piece.kind == "sargasso":
            out.append((player, _move(base, ("sargasso", name, None if name in engine.sea_values else 2, None))))
        elif piece.kind == "fog":
            out.append((player, _move(base, ("fog", name, None, None))))
    for target in _targets(engine, player) if targets is None else targets:
        out.append((player, _move(base, ("bow", target, None, None))))
    for other in engine.ships.values():
        if other.derelict and not other.sunk and not other.wreck and other.id != ship.id:
            out.append((player, _move(base, ("touch", other.id, None, None))))
    return out


def _shot(ship: str, mast: int, target: str, reach: str, die: int, lose: int | None) -> Event:
    key = ("shoot", ship, mast, target, reach, die, lose)
    found = _MADE.get(key)
    if found is not None:
        return found
    return _made(key, lambda: event("shoot", ship=ship, fires=[
        {"weapon": "mast", "mast": mast, "target": target, "range": reach, "die": die, "lose": lose}]))


def _ship_shots(engine: SpanishMainEngine, player: str, ship: Any,
                targets: list[str] | None = None) -> list[tuple[str, Event]]:
    """Each of the first two masts at each of the first three enemy ships (`targets`, when read
    already), missing or hitting their first mast; the first mast at an enemy fort. Made once for
    what they depend on: the same shots recur from turn to turn."""
    if targets is None:
        targets = _targets(engine, player)[:3]
    if not targets and not engine.forts:
        return []
    cannons = ship.card.cannons
    guns = tuple((mast, None if (cannon := cannons[mast - 1]) is None else (cannon.range, cannon.rank))
                 for mast in ship.standing[:2])
    key = (player, ship.id, guns, tuple((target, _loss(engine, target)) for target in targets),
           tuple((fort, _loss(engine, fort)) for fort in _enemy_forts(engine, player)[:1]))
    found = _SHOTS.get(key)
    if found is None:
        if len(_SHOTS) >= MADE_AT_MOST:
            _SHOTS.clear()
        found = _SHOTS[key] = _shots_made(*key)
    return found


_SHOTS: dict[tuple[Any, ...], list[tuple[str, Event]]] = {}
"""`_ship_shots` by what they depend on (memory stays bounded as `_MADE`'s)."""


def _shots_made(player: str, name: str, guns: tuple[tuple[int, tuple[str, int] | None], ...],
                targets: tuple[tuple[str, int | None], ...],
                forts: tuple[tuple[str, int | None], ...]) -> list[tuple[str, Event]]:
    """`_ship_shots` of ship `name` whose first two masts standing carry these guns (range and
    rank, None for none), at targets whose first mast is the loss given."""
    out: list[tuple[str, Event]] = []
    for mast, gun in guns:
        if gun is None:
            continue
        reach, rank = gun
        for target, loss in targets:
            for die in (1, 4, 6):
                out.append((player, _shot(name, mast, target, reach, die,
                                          loss if shooting.hits(die, 0, rank) else None)))
    for fort, loss in forts:
        for mast, gun in guns[:1]:
            if gun is not None:
                out.append((player, _shot(name, mast, fort, gun[0], 6, loss)))
    return out


def _explores(engine: SpanishMainEngine, player: str, ship: Any) -> list[tuple[str, Event]]:
    """Where the ship is docked: exploring, gold into or out of a fort there, the gold a
    destroyed fort left, face-down tokens."""
    if not ship.docked:
        return []
    out = [(player, _explore(engine, ship))]
    if engine.forts:
        out += _fort_treasure(engine, player, ship)
    heap = engine.islands[ship.docked].gold if ship.docked in engine.islands else 0
    if heap and engine.cargo_of(ship) > engine.load_of(ship):
        coin = _coin_name(engine, player)
        out.append((player, _made(("explore", ship.id, coin, heap), lambda: event(
            "explore", ship=ship.id, coins=[{"name": coin, "gold": heap}]))))
    island = engine.islands.get(ship.docked)
    if island is not None and island.hidden:
        count = max(0, min(engine.cargo_of(ship) - engine.load_of(ship), island.hidden))
        out.append((player, _made(("explore", ship.id, count), lambda: event("explore", ship=ship.id, count=count))))
    return out


def _mends(engine: SpanishMainEngine, player: str, ship: Any) -> list[tuple[str, Event]]:
    """Repairing the first missing mast, freeing, scuttling, releasing a tow."""
    out: list[tuple[str, Event]] = []
    missing = [m for m in range(1, (ship.card.masts or 0) + 1) if m not in ship.standing]
    name = ship.id
    if missing:
        mast = missing[0]
        out.append((player, _made(("repair", name, mast), lambda: event("repair", ship=name, mast=mast))))
    if ship.entangled:
        out += [(player, _made(("free", name, d), lambda: event("free", ship=name, die=d))) for d in (2, 6)]
    if ship.derelict:
        out += [(player, _made(("scuttle", name, d), lambda: event("scuttle", ship=name, die=d))) for d in (2, 6)]
    if ship.towing:
        out.append((player, _made(("release", name), lambda: event("release", ship=name))))
    return out


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
        return _docking_worth(engine, ship, docks, _carrying(engine, ship))
    return 0


def _carrying(engine: SpanishMainEngine, ship: Any) -> bool:
    """Whether the ship carries gold, or face-down tokens that may be gold."""
    return any(t.startswith("?") or engine.tokens[t].gold > 0 for t in ship.tokens)


def _docking_worth(engine: SpanishMainEngine, ship: Any, docks: str, carrying: bool) -> int:
    """`score` of a move docking there: home with gold, or to fetch treasure from another island."""
    if docks == engine.homes.get(ship.controller):
        return 8 if carrying else 0
    island = engine.islands[docks]
    has = bool(island.tokens or island.hidden or island.gold)
    return 6 if has and not carrying and ship.docked != docks else 0


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
    """The candidates of `_setup_candidates` or `_turn_candidates`, by kind, the kinds a captain
    wants most first, and the end of the turn apart (None where it is no candidate). In the
    turn, a captain does not try what it knows the rules refuse: it gives no other action to a
    ship that has had its action this turn (the simulated fleets have no keyword that grants a
    second), sails and shoots only with ships that have a mast standing, repairs a ship docked
    at home, and explores at once on docking only an island it has marked."""
    if engine.stage != "play":
        return [(1, lambda: _setup_candidates(engine), False)], None
    player = engine.turn_player
    assert player is not None
    forced = _forced(engine, player)
    if forced is not None:
        return [(5, lambda: forced, False)], None  # type: ignore[return-value]
    fleet = [ship for ship in _fleet(engine, player) if ship.id not in engine.acted]
    home = engine.homes[player]

    def each(make: Callable[[SpanishMainEngine, str, Any], list[tuple[str, Event]]],
             masted: bool = True) -> list[tuple[str, Event]]:
        return [move for ship in fleet if ship.standing or not masted for move in make(engine, player, ship)]

    def explores() -> list[tuple[str, Event]]:
        after = engine.after
        island = engine.islands.get(engine.ships[after["ship"]].docked or "") if after is not None else None
        marked = _after_explore(engine, player) if island is not None and player in island.marks else []
        return marked + each(_explores, masted=False)

    def mends() -> list[tuple[str, Event]]:
        return [move for move in each(_mends, masted=False)
                if move[1].verb != "repair" or engine.ships[move[1].get("ship")].docked == home]

    dockings: dict[int, list[tuple[str, Event]]] = {}
    masted = [ship for ship in fleet if ship.standing]
    known: list[Any] = []

    def docking(worth: int) -> list[tuple[str, Event]]:
        """The moves home and to islands of this `score` (`_docking_worth`), ship by ship, each
        ship's way home first: the captain's first wishes, made apart from the others, which are
        wanted only when nothing else is legal, not even the end."""
        found = dockings.get(worth)
        if found is not None:
            return found
        if not known:  # what every wish reads, read once a move
            known.append([_carrying(engine, ship) for ship in masted])
            known.append([(name, bool(island.tokens or island.hidden or island.gold))
                          for name, island in engine.islands.items() if island.home_of is None and island.fort is None])
        out: list[tuple[str, Event]] = []
        for ship, carrying in zip(masted, known[0]):
            if worth == (8 if carrying else 0):
                out += _home_move(engine, player, ship)
            if worth == 8:
                continue
            base = _move_base(ship)
            docked = ship.docked
            for name, has in known[1]:
                if name == home:
                    wish = 8 if carrying else 0
                else:
                    wish = 6 if has and not carrying and docked != name else 0
                if wish == worth:
                    out.append((player, _move(base, ("dock", name, None, None))))
        dockings[worth] = out
        return out

    def stated() -> list[tuple[str, Event]]:
        targets = _targets(engine, player)
        return [move for ship in masted for move in _fact_moves(engine, player, ship, False, targets)]

    def shots() -> list[tuple[str, Event]]:
        targets = _targets(engine, player)[:3]
        return [move for ship in masted for move in _ship_shots(engine, player, ship, targets)] + _fort_shots(
            engine, player)

    def aimless() -> list[tuple[str, Event]]:
        """The moves a captain wants least: home empty-handed, to islands with nothing to fetch,
        and sailing with no contact stated."""
        return docking(0) + [(player, _move(_move_base(ship))) for ship in fleet if ship.standing]

    return [(9, explores, False),
            (8, lambda: docking(8), True),
            (7, lambda: mends() + _builds(engine, player), False),
            (6, lambda: docking(6), True),
            (3, shots, False),
            (2, lambda: _follow_ups(engine, player), False),
            (1, stated, True),
            (0, aimless, True)], (player, END)


def choose_lazily(engine: SpanishMainEngine, chooser: SeededChoices,
                  notes: Counter[str]) -> tuple[str, Any] | None:
    """`choose`'s choice made without listing every legal move: candidates are made a kind at a
    time, the most wanted first (`_tiers`), and of the level wanted most they are drawn at random
    and asked about one by one (`engine.accepts`) until one is legal, so the choice is uniform
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
        if engine.accepts(*move):
            return move
        left[index] = left[-1]
        left.pop()
    return None


def illegal_moves(engine: SpanishMainEngine) -> list[tuple[str, str, Any]]:
    """Entries that break exactly the named rule in this state (for corpora that test a referee)."""
    if engine.over or engine.stage != "play" or engine.turn_player is None or engine.turn_ended:
        return []
    player = engine.turn_player
    other = engine.opponent(player)
    moves: list[tuple[str, str, Any]] = [("S-TURN", other, event("end"))]
    for ship in engine.ships.values():
        if ship.controller == player and ship.afloat and not ship.wreck and not ship.derelict:
            if engine.icebergs_due:
                break
            if engine.acted.get(ship.id):
                moves.append(("S-ACTION-ONE", player, event("repair", ship=ship.id, mast=1)))
            elif not ship.lost and not ship.entangled and engine.pinned_by(ship) is None and not ship.towing:
                moves.append(("S-MOVE", player, event("move", ship=ship.id, segments=["L", "L", "L"])))
            break
    return moves
