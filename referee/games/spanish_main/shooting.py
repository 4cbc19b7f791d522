"""Shooting, sinking, scuttling, repairing: a ship's or a fort's shot (S-SHOOT, S-FORT-SHOOT,
S-TARGET, S-HIT, S-ONE-MISSES), what it costs the target (S-MAST-LOSS, S-FORT-HIT, S-SINK,
S-SINK-SPLIT), scuttling (S-SCUTTLE) and repairs (S-REPAIR).
"""

from __future__ import annotations

from typing import Any

from referee.games.spanish_main import effects
from referee.games.spanish_main.illegal import check_die, fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import Fort, GameState, Ship, keyword_of


def do_shoot(game: GameState, player: str, action: Event) -> None:
    shooter = game.piece(action.get("ship"), "ship")
    if isinstance(shooter, Fort):
        _fort_shoot(game, player, shooter, action)
        return
    ship = effects.acting_ship(game, player, action, "shoot")
    if ship.lost:
        raise fail("S-FOG", f"{ship.id} is lost in fog: it cannot shoot", "ship")
    bonus = effects.uses(game, action, ship, ("cannon",))
    fired: set[int] = set()
    for index, fire in enumerate(action.records("fires")):
        mast = fire["mast"]
        if fire["weapon"] != "mast":
            raise fail("S-SHOOT", "a ship fires from its masts ('mast M')", f"mast:{index}")
        if mast in fired:
            raise fail("S-SHOOT", f"mast {mast} fires once a shoot action", f"mast:{index}")
        if mast not in ship.standing:
            raise fail("S-SHOOT", f"mast {mast} of {ship.id} is not standing", f"mast:{index}")
        cannon = ship.card.cannons[mast - 1]
        if cannon is None:
            raise fail("S-SHOOT", f"mast {mast} of {ship.id} carries no cannon", f"mast:{index}")
        fired.add(mast)
        _fire(game, player, ship.id, cannon, fire, index, bonus.get("cannon", 0))


def _fort_shoot(game: GameState, player: str, fort: Fort, action: Event) -> None:
    if fort.owner != player:
        raise fail("S-OWN", f"{fort.id} is {fort.owner}'s fort", "ship")
    if not fort.built:
        raise fail("S-FORT-SHOOT", f"{fort.id} is not built", "ship")
    if fort.id in game.forts_shot:
        raise fail("S-ACTION-ONE", f"{fort.id} already fired this turn", "ship")
    if game.building:
        raise fail("S-TURN", "forts are built at the end of the turn: no action follows")
    if fort.abandoned:
        raise fail("S-FORT-HIT", f"{fort.id} is abandoned: it takes no action", "ship")
    if action.get("uses"):
        raise fail("S-KEYWORDS", "a fort's shot takes no ship's keyword", "use:0")
    game.forts_shot.add(fort.id)
    game.after = None
    fired: set[int] = set()
    for index, fire in enumerate(action.records("fires")):
        flag = fire["mast"]
        if fire["weapon"] != "flag":
            raise fail("S-FORT-SHOOT", "a fort fires from its flags ('flag N')", f"mast:{index}")
        if flag in fired or flag not in fort.flags:
            raise fail("S-FORT-SHOOT", f"flag {flag} of {fort.id} is not a standing flag yet to fire",
                       f"mast:{index}")
        fired.add(flag)
        cannon = fort.card.cannons[flag - 1]
        assert cannon is not None
        _fire(game, player, fort.id, cannon, fire, index, 0)


def _fire(game: GameState, player: str, shooter: str, cannon: Any, fire: dict[str, Any], index: int,
          bonus: int) -> None:
    target_name = fire["target"]
    part = f"target:{index}"
    if not reaches(cannon.range, fire["range"]):
        raise fail("S-SHOOT", f"a {cannon.rank}S cannon reaches targets within S, not L", f"range:{index}")
    target = game.piece(target_name, part)
    if isinstance(target, Fort):
        if not target.built:
            raise fail("S-TARGET", f"{target.id} is not a fort on the table", part)
        if target.owner == player:
            raise fail("S-TARGET", f"{target.id} is {player}'s own fort", part)
    else:
        if not isinstance(target, Ship) or target.sunk:
            raise fail("S-TARGET", f"{target_name} is no ship afloat", part)
        if target.controller == player:
            raise fail("S-TARGET", f"{target.id} is in {player}'s own fleet", part)
        if target.docked is not None and target.docked == game.homes.get(target.controller):
            raise fail("S-TARGET", f"{target.id} is docked at its home island: it cannot be shot", part)
        if target.lost:
            raise fail("S-TARGET", f"{target.id} is lost in {target.lost}: it cannot be shot", part)
        if target.wreck:
            raise fail("S-TARGET", f"{target.id} is a wreck", part)
    die = fire["die"]
    check_die(die, f"die:{index}")
    game.on_geo = True  # range and line of sight are stated
    hit = hits(die, bonus, cannon.rank)
    lose = fire.get("lose")
    if not hit:
        if lose is not None:
            why = "a 1 always misses" if die == 1 else f"{die}{f'+{bonus}' if bonus else ''} misses rank {cannon.rank}"
            raise fail("S-ONE-MISSES" if die == 1 else "S-HIT", f"{why}: nothing is lost", f"lose:{index}")
        return
    if isinstance(target, Fort):
        if target.abandoned:
            if lose is not None:
                raise fail("S-FORT-HIT", f"{target.id} is abandoned: the hit destroys it", f"lose:{index}")
            effects.destroy_fort(game, target)
            return
        if lose is None or lose not in target.flags:
            raise fail("S-FORT-HIT", f"the hit removes a standing flag of {target.id}, named by its owner "
                       f"({','.join(map(str, target.flags))})", f"lose:{index}" if lose else part)
        target.flags.remove(lose)
        return
    if target.derelict:
        if lose is not None:
            raise fail("S-SINK", f"{target.id} is a derelict: the hit sinks it", f"lose:{index}")
        effects.sink(game, target, player)
        return
    if lose is None:
        raise fail("S-MAST-LOSS", f"the hit ({die}{f'+{bonus}' if bonus else ''} against rank {cannon.rank}) "
                   f"removes a mast of {target.id}, named ('lose M')", f"die:{index}")
    effects.lose_mast(game, target, lose, f"lose:{index}", "S-MAST-LOSS")


def reaches(cannon: str, stated: str) -> bool:
    """S-SHOOT: a cannon of long range (L) reaches a target at either range, one of short range (S)
    only a target within S."""
    return stated == "S" or cannon == "L"


def hits(die: int, bonus: int, rank: int) -> bool:
    """S-HIT, S-ONE-MISSES: a shot hits when its die plus the shooter's bonus reaches the cannon's
    rank, and a 1 always misses."""
    return die != 1 and die + bonus >= rank


def do_repair(game: GameState, player: str, action: Event) -> None:
    ship = effects.acting_ship(game, player, action, "repair", derelict_may=True)
    anywhere = keyword_of(ship.card, "repair-anywhere") is not None
    if not anywhere and (ship.docked is None or ship.docked != game.homes.get(ship.controller)):
        raise fail("S-REPAIR", f"{ship.id} is not docked at {ship.controller}'s home island", "ship")
    mast = action.get("mast")
    if mast in ship.standing or not 1 <= mast <= (ship.card.masts or 0):
        raise fail("S-REPAIR", f"mast {mast} of {ship.id} is not an eliminated mast (masts at construction: "
                   f"{ship.card.masts})", "mast")
    ship.standing.append(mast)
    ship.standing.sort()
    if ship.towed_by:  # a mast back: no longer a derelict to tow (S-TOW)
        effects.end_tow(game, ship)


def do_scuttle(game: GameState, player: str, action: Event) -> None:
    ship = game.own(player, action.get("ship"))
    if not ship.derelict:
        raise fail("S-SCUTTLE", f"{ship.id} has standing masts: only a derelict is scuttled", "ship")
    if ship.scuttle_turn == game.turn:
        raise fail("S-SCUTTLE", f"{ship.id} was already tried this turn", "ship")
    die = action.get("die")
    check_die(die, "die")
    ship.scuttle_turn = game.turn
    if die >= 5:
        ship.scuttled = True
        game._scuttling = True

