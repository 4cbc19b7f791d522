"""Random legal Spanish Main games: the engine's own move generator and a simulated captain.

`legal_moves` proposes entries a level-1 log could hold in this state — set-up entries
with the sample fleets, and in play every ship's moves (with stated facts), shots, explorations,
repairs and free actions — and keeps those the engine accepts. The captain in `choose`
plays like people: fetch treasure from wild islands, bring it home, shoot what is in
range, and end the turn when nothing is left to do.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

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
            return [(player, event("fleet", items=_items(FLEETS[index])))]
        return [(player, event("treasure", items=[{"name": f"t{n + 1}", "card": card}
                                                 for n, card in enumerate(TREASURE[index])]))]
    if stage == "roll":
        player = players[len(engine.rolls) % 2]
        return [(player, event("roll", die=d)) for d in range(1, 7)]
    if stage == "island":
        player = engine.placer
        return [(player, event("island", place=f"I{len(engine.islands) + 1}"))]
    if stage in ("terrain", "home"):
        out: list[tuple[str, Event]] = []
        if stage == "terrain" and len(engine.terrain) < 4:
            player = engine.placer
            number = len(engine.terrain) + 1
            out += [(player, event("reef", place=f"R{number}")), (player, event("sargasso", place=f"G{number}")),
                    (player, event("fog", place=f"F{number}")),
                    (player, event("iceberg", place=f"B{number}", gold=4))]
        free = [i for i in engine.islands if engine.islands[i].home_of is None]
        for player in players:
            for owner in players:
                for place in (free[0], free[-1]):
                    out.append((player, event("home", player=owner, place=place)))
        return out
    wild = [i for i in engine.placement if i in engine.islands and engine.islands[i].home_of is None]
    tokens = sorted(engine.tokens)
    deals = []
    for shift in range(3):
        order = tokens[shift * 5:] + tokens[:shift * 5]
        deals.append((DEAL, event("deal", islands=[{"place": place, "tokens": order[4 * n:4 * n + 4]}
                                                   for n, place in enumerate(wild)])))
    deals.append((DEAL, event("deal", hidden=True)))
    return deals


def _turn_candidates(engine: SpanishMainEngine) -> list[tuple[str, Event]]:
    player = engine.turn_player
    assert player is not None
    if engine.turn >= MAX_TURNS:
        return [(player, event("resign"))]
    out: list[tuple[str, Event]] = [(player, event("end"))]
    if engine.icebergs_due:
        return [(player, event("icebergs", die=d)) for d in range(1, 7)]
    if engine.drifts_due:
        name = engine.drifts_due[0]
        out = [(player, event("drift", iceberg=name, die=d)) for d in (1, 4)]
        for ship in engine.ships.values():
            if ship.afloat and not ship.lost and not ship.wreck:
                masts = ship.standing[:1]
                out.append((player, event("drift", iceberg=name, die=3, stops=ship.id,
                                          mast=masts[0] if masts else None)))
        out += [(player, event("drift", iceberg=name, die=2, stops=i)) for i in list(engine.islands)[:2]]
        return out
    after = engine.after
    if after is not None:
        mover = engine.ships[after["ship"]]
        for target in sorted(mover.bow):
            for die in (2, 5):
                other = engine.ships[target]
                out.append((player, event("ram", ship=mover.id, target=target, die=die,
                                          mast=other.standing[-1] if other.standing else None)))
                out.append((player, event("ram", ship=mover.id, target=target, die=die)))
        if "rammed" in after:
            rammed = engine.ships[after["rammed"]]
            out.append((player, event("board", rolls=[{"player": player, "die": 6},
                                                      {"player": rammed.controller, "die": 1}],
                                      result="takes" if rammed.tokens else ("kills" if rammed.crew else None),
                                      item=(rammed.tokens or rammed.crew or [None])[0])))
            out.append((player, event("board", rolls=[{"player": player, "die": 3},
                                                      {"player": rammed.controller, "die": 3}])))
        for target in sorted(mover.contacts | mover.bow):
            if target in engine.ships:
                out.append((player, event("tow", ship=mover.id, target=target)))
        out.append((player, event("explore", ship=mover.id, takes=_takeable(engine, mover))))
    for ship in list(engine.ships.values()):
        if ship.controller != player or ship.sunk or ship.wreck:
            continue
        out += _ship_candidates(engine, player, ship)
    for fort in engine.forts.values():
        if fort.owner == player and fort.built and fort.flags:
            targets = _targets(engine, player)
            for target in targets[:2]:
                out.append((player, event("shoot", ship=fort.id, fires=[
                    {"weapon": "flag", "mast": fort.flags[0], "target": target, "range": "S", "die": 6,
                     "lose": _loss(engine, target)}])))
    for fort in engine.forts.values():
        if fort.owner == player and fort.island is None:
            for ship in engine.ships.values():
                if ship.controller == player and ship.docked and ship.afloat:
                    out.append((player, event("build", fort=fort.id, place=ship.docked)))
    return out


def _takeable(engine: SpanishMainEngine, ship: Any) -> list[str]:
    island = engine.islands.get(ship.docked or "")
    if island is None:
        return []
    room = engine.cargo_of(ship) - engine.load_of(ship)
    uniques = [t for t in island.tokens if engine.tokens[t].unique]
    plain = sorted((t for t in island.tokens if not engine.tokens[t].unique),
                   key=lambda t: -engine.tokens[t].gold)
    return uniques + plain[:max(0, room)]


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
    out: list[tuple[str, Event]] = []
    home = engine.homes[player]
    segments = ["S"] if ship.towing else list(ship.card.move)
    reveal = [t for t in ship.tokens if t.startswith("?")]
    unknown = sorted(t for t, token in engine.tokens.items() if token.where == "pool")
    exit_die = 3 if ship.lost else None
    base = {"ship": ship.id, "exit": exit_die, "segments": segments}
    facts_home: list[dict[str, Any]] = []
    if reveal:
        facts_home.append({"fact": "reveal", "target": unknown[:len(reveal)]})
    facts_home.append({"fact": "dock", "target": home})
    out.append((player, event("move", **base, facts=facts_home)))
    for name, island in engine.islands.items():
        if island.home_of is None and island.fort is None:
            out.append((player, event("move", **base, facts=[{"fact": "dock", "target": name}])))
    out.append((player, event("move", **base)))
    for name, piece in engine.terrain.items():
        if piece.kind == "reef":
            value = engine.sea_values.get(name)
            die = None if value is not None else 3
            loss = max(0, (ship.card.masts or 0) - (value or 3))
            masts = ship.standing[:loss] if loss <= len(ship.standing) else ship.standing
            out.append((player, event("move", **base, facts=[{"fact": "reef", "target": name, "die": die,
                                                               "masts": masts or None}])))
        elif piece.kind == "sargasso":
            out.append((player, event("move", **base, facts=[
                {"fact": "sargasso", "target": name, "die": None if name in engine.sea_values else 2}])))
        elif piece.kind == "fog":
            out.append((player, event("move", **base, facts=[{"fact": "fog", "target": name}])))
    for target in _targets(engine, player):
        out.append((player, event("move", **base, facts=[{"fact": "bow", "target": target}])))
    for other in engine.ships.values():
        if other.derelict and not other.sunk and not other.wreck and other.id != ship.id:
            out.append((player, event("move", **base, facts=[{"fact": "touch", "target": other.id}])))
    for mast in ship.standing[:2]:
        cannon = ship.card.cannons[mast - 1]
        if cannon is None:
            continue
        for target in _targets(engine, player)[:3]:
            for die in (1, 4, 6):
                hit = die != 1 and die >= cannon.rank
                out.append((player, event("shoot", ship=ship.id, fires=[
                    {"weapon": "mast", "mast": mast, "target": target, "range": cannon.range, "die": die,
                     "lose": _loss(engine, target) if hit else None}])))
    for fort in _enemy_forts(engine, player)[:1]:
        for mast in ship.standing[:1]:
            cannon = ship.card.cannons[mast - 1]
            if cannon is not None:
                out.append((player, event("shoot", ship=ship.id, fires=[
                    {"weapon": "mast", "mast": mast, "target": fort, "range": cannon.range, "die": 6,
                     "lose": _loss(engine, fort)}])))
    if ship.docked:
        out.append((player, event("explore", ship=ship.id, takes=_takeable(engine, ship))))
        out += _fort_treasure(engine, player, ship)
        heap = engine.islands[ship.docked].gold if ship.docked in engine.islands else 0
        if heap and engine.cargo_of(ship) > engine.load_of(ship):
            out.append((player, event("explore", ship=ship.id,
                                      coins=[{"name": _coin_name(engine, player), "gold": heap}])))
        island = engine.islands.get(ship.docked)
        if island is not None and island.hidden:
            room = engine.cargo_of(ship) - engine.load_of(ship)
            out.append((player, event("explore", ship=ship.id, count=max(0, min(room, island.hidden)))))
    missing = [m for m in range(1, (ship.card.masts or 0) + 1) if m not in ship.standing]
    if missing:
        out.append((player, event("repair", ship=ship.id, mast=missing[0])))
    if ship.entangled:
        out += [(player, event("free", ship=ship.id, die=d)) for d in (2, 6)]
    if ship.derelict:
        out += [(player, event("scuttle", ship=ship.id, die=d)) for d in (2, 6)]
    if ship.towing:
        out.append((player, event("release", ship=ship.id)))
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
    ship = engine.ships.get(action.get("ship") or "")
    facts = [dict(f) for f in action.get("facts", ())]
    docks = next((f["target"] for f in facts if f["fact"] == "dock"), None)
    if verb == "explore":
        return 9 if action.get("takes") or action.get("count") or action.get("coins") else 0
    if verb == "unload":
        return 8
    if verb == "load":
        return 1
    if verb == "move" and ship is not None:
        carrying = any(not t.startswith("?") and engine.tokens[t].gold > 0 for t in ship.tokens) or any(
            t.startswith("?") for t in ship.tokens)
        if docks is not None and docks == engine.homes.get(ship.controller):
            return 8 if carrying else 0
        if docks is not None:
            island = engine.islands[docks]
            has = bool(island.tokens or island.hidden or island.gold)
            return 6 if has and not carrying and ship.docked != docks else 0
        return 1 if facts else 0
    if verb in ("repair", "free", "build"):
        return 7
    if verb == "shoot":
        return 3
    if verb in ("ram", "board", "tow"):
        return 2
    if verb in ("icebergs", "drift"):
        return 5
    if verb == "end":
        return 1
    return 0


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


def choose_among_candidates(engine: SpanishMainEngine, chooser: SeededChoices,
                            notes: Counter[str]) -> tuple[str, Any] | None:
    """`choose` among `legal_moves`, asking the engine about a candidate only when its answer can
    change the choice: candidates are weighed first, and judged from the most wanted down, a
    level at a time, until one is legal; the moves of the levels below cannot be chosen then
    (but the end and the level of 1 when nothing better is legal). The same choice, and the
    same seeded words, as `choose` among every legal move."""
    if engine.over:
        return None
    candidates = _setup_candidates(engine) if engine.stage != "play" else _turn_candidates(engine)
    scores = [score(engine, m) for m in candidates]
    legal: dict[int, bool] = {}
    for level in sorted(set(scores), reverse=True):
        for index, worth in enumerate(scores):
            if worth == level:
                legal[index] = engine.accepts(*candidates[index])
        if level > 1 and any(legal[i] for i, worth in enumerate(scores) if worth == level):
            break
    kept = [i for i in range(len(candidates)) if legal.get(i)]
    if not kept:
        return None
    return _chosen([candidates[i] for i in kept], [scores[i] for i in kept], chooser, notes)


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
