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

from typing import Any

from referee.games.spanish_main import moving, terrain, turn
from referee.games.spanish_main.illegal import fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import GameState, Ship


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
    game._ships_touch = True
    place_behind(game, ship, target)


def do_release(game: GameState, player: str, action: Event) -> None:
    ship = game.own(player, action.get("ship"))
    if not ship.towing:
        raise fail("S-TOW", f"{ship.id} tows nothing", "ship")
    towed = game.ships[ship.towing]
    towed.towed_by, ship.towing = None, None


def place_behind(game: GameState, tower: Ship, towed: Ship) -> None:
    """S-L1-PLACED: the towed derelict lies anew against its tower's stern. What it touched,
    and what touched it, is over; the referee keeps why (S-L1-CONTACT)."""
    old = (towed.contacts - {tower.id}) | towed.bow
    towed.ended.update(old)
    towed.placed_apart.update(old)
    moving.leave_island(game, towed)  # towed away from an island it explored: marked (S-MARK)
    towed.docked, towed.contacts, towed.bow = None, {tower.id}, set()
    moving.forget(game, towed.id, moved=True, placed=True)


def end_tow(game: GameState, ship: Ship) -> None:
    """The tow `ship` is part of, as tower or as towed, ends (a sinking, a wreck, a mast back)."""
    if ship.towing:
        game.ships[ship.towing].towed_by = None
        ship.towing = None
    if ship.towed_by:
        game.ships[ship.towed_by].towing = None
        ship.towed_by = None


def tower_held(game: GameState, ship: Ship) -> None:
    """S-SARGASSO: a tower whose towed derelict is entangled moves no more until it releases the tow."""
    towed = game.ships[ship.towing]  # type: ignore[index]
    if towed.entangled:
        raise fail("S-SARGASSO", f"{ship.id} tows {towed.id}, entangled in {towed.entangled}: it moves no more "
                   f"until it releases the tow ('release {ship.id}')", "ship")


def towed_meets(game: GameState, tower: Ship, fact: dict[str, Any], index: int, met: set[str]) -> str | None:
    """Terrain only the towed derelict meets on its tower's move (`towed reef R1 2`, `towed sargasso
    G1`): checked against its own masts at construction, once a move each (S-TOW, S-REEF,
    S-SARGASSO). Returns why the move stops there, if it does."""
    part = f"fact:{index}"
    if not tower.towing:
        raise fail("S-TOW", f"{tower.id} tows nothing: no towed ship meets {fact['target']}", part)
    towed = game.ships[tower.towing]
    name, kind = fact["target"], fact["fact"]
    value = terrain.sea_value(game, name, kind, fact.get("die"), index)
    if name in met:
        raise fail("S-REEF" if kind == "reef" else "S-SARGASSO", f"{towed.id} already met {name} in this move: "
                   "a ship meets a terrain piece once a move", part)
    met.add(name)
    masts = towed.card.masts or 0
    if kind == "reef":
        if value < masts:
            terrain.wreck(game, towed)  # a derelict has no mast to lose: any loss wrecks it (S-AMBIG)
        return None
    if value > masts:
        towed.entangled = name
        return f"{towed.id} it tows is entangled in {name}"
    return None


def arrive(game: GameState, tower: Ship) -> None:
    """S-TOW: the towed derelict docks where its tower docks, and unloads at its controller's home (S-UNLOAD)."""
    towed = game.ships[tower.towing]  # type: ignore[index]
    towed.docked = tower.docked
    if tower.docked is not None and tower.docked == game.homes.get(towed.controller):
        moving.unload(game, towed)
