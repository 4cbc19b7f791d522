"""Exploring (S-EXPLORE): a wild island (S-UNIQUE-PICK, S-MARK, S-GOLD for a heap) or a ship
(S-EXPLORE-SHIP); face-down tokens taken by count and named later, aboard a ship or lying on
an island (S-HIDDEN, S-REVEAL, `reveal`).
"""

from __future__ import annotations

from referee.games.spanish_main import effects
from referee.games.spanish_main.illegal import fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import GameState, Ship


def do_explore(game: GameState, player: str, action: Event) -> None:
    ship = game.own(player, action.get("ship"))
    other_name = action.get("other")
    free = False
    if other_name is None and game.after is not None and game.after["ship"] == ship.id and ship.docked:
        island = game.islands.get(ship.docked)
        marked = island is not None and player in island.marks
        on_dock = any(dict(u)["keyword"] == "explore-on-dock" for u in action.get("uses", ()))
        free = marked or on_dock
    if free:
        effects.follow_up(game, ship.id, "explore")
        effects.uses(game, action, ship, ("explore-on-dock",))
    else:
        if other_name is None and game.after is not None and game.after["ship"] == ship.id and ship.docked:
            raise fail("S-MARK", f"{ship.id} has just docked at {ship.docked}, which bears no mark of {player}'s: "
                       "exploring it at once is free only on a marked island (or with explore-on-dock)", "ship")
        effects.new_action(game, player, ship, "explore")
        if action.get("uses"):
            raise fail("S-KEYWORDS", "explore-on-dock makes the exploration on docking free; "
                       "this one is the ship's action", "use:0")
    if ship.lost:
        raise fail("S-FOG", f"{ship.id} is lost: it cannot explore", "ship")
    if other_name is not None:
        _explore_ship(game, player, ship, action)
        return
    if ship.docked is None or ship.docked not in game.islands:
        raise fail("S-DOCK", f"{ship.id} is docked at no island: a ship docks when a move ends with its bow "
                   "on one, and stays docked until it moves again", "ship")
    island = game.islands[ship.docked]
    if island.home_of is not None:
        raise fail("S-EXPLORE", f"{island.name} is a home island, not a wild one", "ship")
    if island.fort is not None:
        raise fail("S-EXPLORE", f"{island.name} has a fort: it cannot be explored", "ship")
    if not free and ship.docked_turn >= game.turn:
        raise fail("S-EXPLORE", f"{ship.id} docked at {island.name} this turn: it explores from its next "
                   f"turn (or at once on an island bearing {player}'s mark)", "ship")
    first = not island.explored_by
    island.explored_by.add(player)
    ship.explored_here = (island.name, player)
    if action.get("gives"):
        raise fail("S-EXPLORE", "exploring an island takes tokens; nothing is given to it", "gives")
    count = action.get("count")
    if count is not None:
        if not game.hidden_deal and island.tokens:
            raise fail("S-HIDDEN", f"the deal is open: name the tokens taken from {island.name}", "takes")
        if count > island.hidden:
            raise fail("S-HIDDEN", f"{island.name} holds {island.hidden} face-down token(s), not {count}",
                       "takes")
        island.hidden -= count
        ship.tokens.extend([f"?{island.name}"] * count)
        game.on_word = True
    else:
        coins = action.get("coins", ())
        heap = sum(dict(c)["gold"] for c in coins) if coins else 0
        if heap > island.gold:
            raise fail("S-GOLD", f"{island.name} holds {island.gold} gold in a heap, not {heap}", "takes")
        for coin in coins:
            ship.tokens.append(effects.new_coin(game, player, coin, f"ship:{ship.id}", "takes").id)
        island.gold -= heap
        aboard = f"ship:{ship.id}"
        for name in action.get("takes", ()):
            if name not in island.tokens:
                if game.hidden_deal and name in game.tokens and game.tokens[name].where == "pool" \
                        and island.hidden:
                    island.hidden -= 1
                    island.tokens.append(name)
                else:
                    raise fail("S-EXPLORE", f"{name} does not lie on {island.name}", "takes")
            island.tokens.remove(name)
            ship.tokens.append(name)
            game.tokens[name].where = aboard
        if first:
            left = [t for t in island.tokens if game.tokens[t].unique]
            if left:
                raise fail("S-UNIQUE-PICK", f"the first exploration of {island.name} takes every unique lying "
                           f"there: {left[0]} is left", "takes")
    if game.load_of(ship) > game.cargo_of(ship):
        raise game.over_cargo(ship, f"{ship.id} would carry {game.load_of(ship)} with cargo "
                              f"{game.cargo_of(ship)}", "takes", load=game.load_of(ship))


def _explore_ship(game: GameState, player: str, ship: Ship, action: Event) -> None:
    """S-EXPLORE-SHIP: a ship of its fleet, a derelict or a wreck it touches: treasure either
    way, crew only between ships of one fleet."""
    other = game.ship(action.get("other"), "other")
    if other.lost:
        raise fail("S-FOG", f"{other.id} is lost in fog", "other")
    if other.controller != player and not other.derelict and not other.wreck:
        raise fail("S-EXPLORE-SHIP", f"{other.id} is the opponent's and neither a derelict nor a wreck", "other")
    if not game.touches(ship.id, other.id):
        raise fail("S-EXPLORE-SHIP", f"{ship.id} was not stated to touch {other.id}", "other",
                   rulings=game.unstated(ship.id, other.id))
    game.on_geo = True
    same_fleet = other.controller == player
    for source, dest, names, part in ((other, ship, action.get("takes", ()), "takes"),
                                      (ship, other, action.get("gives", ()), "gives")):
        for name in names:
            if name in game.crew:
                if not same_fleet:
                    raise fail("S-EXPLORE-SHIP", "crew pass only between ships of one fleet", part)
                crew = game.crew[name]
                if name not in source.crew:
                    raise fail("S-EXPLORE-SHIP", f"{name} is not aboard {source.id}", part)
                source.crew.remove(name)
                dest.crew.append(name)
                crew.where = f"ship:{dest.id}"
                effects.check_aboard(game, dest, crew, "S-CREW-COST")
            elif name in source.tokens:
                source.tokens.remove(name)
                dest.tokens.append(name)
                game.tokens[name].where = f"ship:{dest.id}"
            else:
                raise fail("S-EXPLORE-SHIP", f"{name} is not aboard {source.id}", part)
    for each in (ship, other):
        if not each.wreck and game.load_of(each) > game.cargo_of(each):
            raise game.over_cargo(each, f"{each.id} would carry {game.load_of(each)} with cargo "
                                  f"{game.cargo_of(each)}", "takes")
    for each in (ship, other):  # treasure coming aboard a ship docked at its home goes ashore (S-UNLOAD)
        if each.tokens and each.docked is not None and each.docked == game.homes.get(each.controller):
            effects.unload(game, each)


def do_reveal(game: GameState, player: str, action: Event) -> None:
    """S-HIDDEN: face-down tokens named, aboard a ship or lying on an island (before a fort is built
    there, say); whoever's turn it is writes it, the shooter before a sinking included."""
    place = action.get("place")
    if place is None:
        effects.reveal(game, game.ship(action.get("ship")), list(action.get("tokens")), "tokens")
    else:
        reveal_on_island(game, place, list(action.get("tokens")))


def reveal_on_island(game: GameState, place: str, names: list[str]) -> None:
    """S-HIDDEN: face-down tokens lying on an island named: each from the contributions, in no
    other place, and no more than the island holds unnamed."""
    island = game.islands.get(place)
    if island is None:
        raise fail("S-DATA-UNKNOWN", f"{place} is no island of this table", "place",
                   notes=("placed: " + " ".join(game.placement),))
    effects.no_crew(game, names)
    if len(names) > island.hidden:
        raise fail("S-HIDDEN", f"{place} holds {island.hidden} unnamed face-down token(s), not {len(names)}",
                   "tokens")
    for name in names:
        token = effects.unplaced_token(game, name, "tokens")
        island.tokens.append(name)
        island.hidden -= 1
        token.where = f"island:{place}"

