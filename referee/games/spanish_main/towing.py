"""Towing (S-TOW, S-L1-PLACED): a derelict taken in tow right after a move, moved with its
tower, meeting terrain on the way, docking where the tower docks, and the tow's end.

A derelict its tower moves — taken in tow, or dragged along by the tower's move — is placed
anew (S-L1-PLACED): its old contacts end, and other ships' contacts with it, as after a move;
it touches its tower, bow to stern. It meets what its tower's move meets (a fog bank, a
sargasso sea, a reef: S-FOG, S-SARGASSO, S-REEF, checked against its own masts at
construction), and the move may state terrain only the towed ship meets (`towed reef R1`,
`towed sargasso G1`). The tow ends at its player's will (`release`), when the towed ship gets
a mast back, or when either ship sinks or is wrecked (S-WRECK).
"""

from __future__ import annotations

from referee.games.spanish_main import effects
from referee.games.spanish_main.illegal import fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import GameState


def do_tow(game: GameState, player: str, action: Event) -> None:
    ship = game.own(player, action.get("ship"))
    target = game.ship(action.get("target"), "target")
    effects.follow_up(game, ship.id, "tow")
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
    game._ships_touch = True
    effects.place_behind(game, ship, target)


def do_release(game: GameState, player: str, action: Event) -> None:
    ship = game.own(player, action.get("ship"))
    if not ship.towing:
        raise fail("S-TOW", f"{ship.id} tows nothing", "ship")
    towed = game.ships[ship.towing]
    towed.towed_by, ship.towing = None, None

