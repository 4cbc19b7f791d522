"""Gold and forts: coins (S-GOLD), gold loaded from and unloaded into a fort
(S-FORT-TREASURE), building one (S-FORT-LIST, S-FORT-BUILD) and a fort destroyed (S-FORT-HIT).
"""

from __future__ import annotations

from referee.games.spanish_main import effects
from referee.games.spanish_main.illegal import fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import Fort, GameState, Ship


def _fort_treasure(game: GameState, player: str, action: Event) -> tuple[Ship, Fort]:
    """S-FORT-TREASURE: a ship of the fort's owner docked at the fort's island, in their turn."""
    ship = game.own(player, action.get("ship"))
    fort = game.piece(action.get("fort"), "fort")
    if not isinstance(fort, Fort) or not fort.built:
        raise fail("S-FORT-TREASURE", f"{action.get('fort')} is no fort standing on an island", "fort")
    if fort.owner != player:
        raise fail("S-FORT-TREASURE", f"{fort.id} is {fort.owner}'s fort: only its owner's ships use it", "fort")
    if ship.wreck:
        raise fail("S-WRECK", f"{ship.id} is a wreck: nothing goes aboard or ashore", "ship")
    if ship.docked != fort.island:
        raise fail("S-FORT-TREASURE", f"{ship.id} is not docked at {fort.island}, {fort.id}'s island", "ship",
                   docked=ship.docked)
    return ship, fort


def do_load(game: GameState, player: str, action: Event) -> None:
    ship, fort = _fort_treasure(game, player, action)
    coins = list(action.get("coins"))
    taken = sum(dict(c)["gold"] for c in coins)
    cost = fort.card.cost or 0
    if fort.gold - taken < cost:
        raise fail("S-FORT-TREASURE", f"{fort.id} holds {fort.gold} gold and keeps its cost of {cost}: "
                   f"{max(fort.gold - cost, 0)} may leave, not {taken}", "coins", fort_gold=fort.gold)
    for coin in coins:
        ship.tokens.append(effects.new_coin(game, player, coin, f"ship:{ship.id}", "coins").id)
    fort.gold -= taken
    game._gold_moved = True
    if game.load_of(ship) > game.cargo_of(ship):
        raise game.over_cargo(ship, f"{ship.id} would carry {game.load_of(ship)} with cargo "
                              f"{game.cargo_of(ship)}", "coins", load=game.load_of(ship))


def do_unload(game: GameState, player: str, action: Event) -> None:
    ship, fort = _fort_treasure(game, player, action)
    for name in action.get("tokens"):
        if name not in ship.tokens:
            raise fail("S-FORT-TREASURE", f"{name} is not aboard {ship.id}"
                       + (" (name the face-down tokens first: 'reveal')" if any(t.startswith("?") for t in
                                                                                ship.tokens) else ""), "tokens")
        token = game.tokens[name]
        if token.gold == 0:
            raise fail("S-FORT-TREASURE", f"{name} is worth no gold: only gold goes into a fort", "tokens")
        ship.tokens.remove(name)
        token.where = f"fort:{fort.id}"
        fort.tokens.append(name)
        fort.gold += token.gold
        game._gold_moved = True


def do_build(game: GameState, player: str, action: Event) -> None:
    fort = game.piece(action.get("fort"), "fort")
    if not isinstance(fort, Fort) or fort.owner != player:
        raise fail("S-FORT-LIST", f"{action.get('fort')} is no fort {player} holds", "fort")
    if fort.island is not None:
        raise fail("S-FORT-LIST", f"{fort.id} is built once", "fort")
    place = action.get("place")
    island = game.islands.get(place)
    if island is None or island.home_of is not None or island.fort is not None:
        raise fail("S-FORT-BUILD", f"{place} is not a wild island without fort", "place")
    if player not in island.explored_by:
        raise fail("S-FORT-BUILD", f"{player} has not explored {place}", "place")
    if not any(s.controller == player and s.docked == place and s.afloat for s in game.ships.values()):
        raise fail("S-FORT-BUILD", f"no ship of {player}'s is docked at {place}", "place")
    cost = fort.card.cost or 0
    if game.gold[player] < cost:
        raise fail("S-FORT-BUILD", f"{player}'s home island holds {game.gold[player]} gold, less than "
                   f"{fort.id}'s cost of {cost}", "fort")
    if island.hidden:
        raise fail("S-HIDDEN", f"{place} still holds {island.hidden} unnamed face-down token(s): they move into the "
                   f"fort, their gold counting toward winning, so the log names them first ('reveal {place} TOKEN,…')",
                   "place")
    game.building = True
    game.after = None
    game.gold[player] -= cost
    game._gold_moved = True
    fort.island, fort.flags = place, list(range(1, len(fort.card.cannons) + 1))
    fort.gold = cost + sum(game.tokens[t].gold for t in island.tokens) + island.gold
    for name in island.tokens:
        game.tokens[name].where = f"fort:{fort.id}"
    fort.tokens, island.tokens, island.gold = list(island.tokens), [], 0
    island.fort = fort.id

