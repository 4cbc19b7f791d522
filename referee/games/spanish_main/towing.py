"""Towing (S-TOW): a derelict taken in tow right after a move, and released.
"""

from __future__ import annotations

from referee.games.spanish_main import turn
from referee.games.spanish_main.illegal import fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import GameState


def do_tow(game: GameState, player: str, action: Event) -> None:
    ship = game.own(player, action.get("ship"))
    target = game.ship(action.get("target"), "target")
    turn.follow_up(game, ship.id, "tow")
    if ship.derelict:
        raise fail("S-TOW", f"{ship.id} is a derelict: it cannot tow", "ship")
    if not target.derelict:
        raise fail("S-TOW", f"{target.id} has standing masts: only a derelict is towed", "target")
    if target.wreck:
        raise fail("S-WRECK", f"{target.id} is a wreck: it cannot be towed", "target")
    if target.lost or ship.lost:
        raise fail("S-FOG", "no tow into or out of a fog bank", "target")
    if target.entangled:
        raise fail("S-SARGASSO", f"{target.id} is entangled: it cannot be towed", "target",
                   rulings=("S-EXAMPLE",))
    if ship.towing or target.towed_by:
        raise fail("S-TOW", "one derelict a tower, one tower a derelict", "target")
    if not game.touches(ship.id, target.id):
        raise fail("S-TOW", f"{ship.id} was not stated to touch {target.id}'s bow ('touch {target.id}')", "target",
                   rulings=game.unstated(ship.id, target.id))
    ship.towing, target.towed_by = target.id, ship.id
    if target.controller != player:
        target.scuttled = False
    target.controller = player
    target.docked = None
    target.contacts, target.bow = {ship.id}, set()
    game._ships_touch = True


def do_release(game: GameState, player: str, action: Event) -> None:
    ship = game.own(player, action.get("ship"))
    if not ship.towing:
        raise fail("S-TOW", f"{ship.id} tows nothing", "ship")
    towed = game.ships[ship.towing]
    towed.towed_by, ship.towing = None, None
