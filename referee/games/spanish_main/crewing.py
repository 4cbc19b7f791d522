"""Crew aboard and ashore: what a ship's crew may cost and carry whenever crew comes aboard
(S-CREW-COST, S-CREW-ZERO, S-CARGO with S-LINK), crew moves at an island (S-CREW-MOVE),
and a crew eliminated.
"""

from __future__ import annotations

from referee.games.spanish_main import effects
from referee.games.spanish_main.illegal import fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import Crew, GameState, Ship


def _crew_move(game: GameState, player: str, action: Event) -> tuple[Ship, list[Crew]]:
    ship = game.own(player, action.get("ship"))
    if ship.docked is None:
        raise fail("S-CREW-MOVE", f"{ship.id} is not docked: crew move only at an island", "ship")
    crews = []
    for index, name in enumerate(action.get("crew")):
        crew = game.crew.get(name)
        if crew is None:
            raise fail("S-DATA-UNKNOWN", f"{name} is no crew of this game", "crew")
        if crew.owner != player and crew.where.startswith("island"):
            raise fail("S-CREW-MOVE", f"{name} is {crew.owner}'s crew", "crew")
        crews.append(crew)
    return ship, crews


def do_land(game: GameState, player: str, action: Event) -> None:
    ship, crews = _crew_move(game, player, action)
    for crew in crews:
        if crew.where != f"ship:{ship.id}":
            raise fail("S-CREW-MOVE", f"{crew.id} is not aboard {ship.id}", "crew")
        ship.crew.remove(crew.id)
        crew.where = f"island:{ship.docked}"


def do_embark(game: GameState, player: str, action: Event) -> None:
    ship, crews = _crew_move(game, player, action)
    for crew in crews:
        if crew.where != f"island:{ship.docked}" or crew.owner != player:
            raise fail("S-CREW-MOVE", f"{crew.id} is no crew of {player}'s lying on {ship.docked}", "crew")
        ship.crew.append(crew.id)
        crew.where = f"ship:{ship.id}"
        effects.check_aboard(game, ship, crew, "S-CREW-COST")


def do_transfer(game: GameState, player: str, action: Event) -> None:
    ship, crews = _crew_move(game, player, action)
    other = game.own(player, action.get("target"), "target")
    if other is ship:
        raise fail("S-CREW-MOVE", f"crew pass from one ship to another: {ship.id} cannot take its own crew",
                   "target")
    if other.docked != ship.docked:
        raise fail("S-CREW-MOVE", f"{other.id} is not docked at {ship.docked}", "target")
    for crew in crews:
        if crew.where != f"ship:{ship.id}":
            raise fail("S-CREW-MOVE", f"{crew.id} is not aboard {ship.id}", "crew")
        ship.crew.remove(crew.id)
        other.crew.append(crew.id)
        crew.where = f"ship:{other.id}"
        effects.check_aboard(game, other, crew, "S-CREW-COST")

