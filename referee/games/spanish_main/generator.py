"""The entries a Spanish Main state could hold, as the engine's own generator makes them.

`legal_moves` proposes entries a level-1 log could hold in this state — set-up entries with the
sample fleets, and in play every ship's moves (with stated facts), shots, explorations, repairs
and free actions — and keeps those the engine accepts; `illegal_moves` makes entries that break
a named rule. The simulated captains (`captains`) choose among these candidates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games.spanish_main import shooting
from referee.games.spanish_main.engine import SpanishMainEngine
from referee.games.spanish_main.notation import DEAL, Event, event

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


def _legal(engine: SpanishMainEngine, proposed: list[tuple[str, Event]]) -> list[tuple[str, Event]]:
    return [(player, action) for player, action in proposed if engine.is_legal(player, action)]


def legal_moves(engine: SpanishMainEngine) -> list[tuple[str, Any]]:
    if engine.over:
        return []
    if engine.stage != "play":
        return _legal(engine, _setup_candidates(engine))
    return _legal(engine, _turn_candidates(engine))


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
