"""Abilities (S-ABILITY): keywords declared on the entry they change (S-KEYWORDS, S-STACK),
any other ability or event declared with the rulings it sets aside and its written effects
(S-ABILITY-DECLARED, S-EVENT, S-REVEAL).
"""

from __future__ import annotations

from typing import Any

from referee.diagnostics import Violation
from referee.games.spanish_main import effects
from referee.games.spanish_main.illegal import check_die, fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import Crew, EventCard, GameState, Ship, Token

ACTIONS = ("move", "about", "shoot", "explore", "repair", "free")
"""Entries that are a ship's (or fort's) action for the turn; the rest are free (S-FREE)."""
NEVER_WAIVED = frozenset({"S-ONE-MISSES", "S-DICE", "S-PLAYERS", "S-TURN", "S-DATA", "S-DATA-UNKNOWN"})


def do_ability(game: GameState, player: str, action: Event) -> None:
    holder = game.piece(action.get("source"), "source")
    if isinstance(holder, EventCard):
        raise fail("S-EVENT", f"{holder.id} is an event: play it with 'event'", "source")
    owner = holder.controller if isinstance(holder, Ship) else holder.owner
    if isinstance(holder, Crew) and holder.where.startswith("ship:"):
        owner = game.ships[holder.where[5:]].controller
    if owner != player:
        raise fail("S-OWN", f"{holder.id} is not {player}'s", "source")
    effects.in_play(game, holder, None, "source")
    _declare(game, player, holder, action)


def _declare(game: GameState, player: str, holder: Any, action: Event) -> None:
    overrides = set(action.get("overrides", ()))
    barred = sorted(overrides & NEVER_WAIVED)
    if barred:
        raise fail("S-ABILITY-DECLARED", f"no ability sets aside {barred[0]}", "overrides")
    if isinstance(holder, Crew):
        holder.face_up = True
    game.waiver = {"overrides": overrides, "pending": True}
    game.declared.append(f"{holder.id}: {action.get('text')}")
    game.on_word = True


def do_event(game: GameState, player: str, action: Event) -> None:
    holder = game.piece(action.get("source"), "source")
    if not isinstance(holder, EventCard):
        raise fail("S-EVENT", f"{holder.id} is not an event card", "source")
    if holder.owner != player:
        raise fail("S-OWN", f"{holder.id} is {holder.owner}'s event", "source")
    if holder.used >= holder.card.uses:
        raise fail("S-EVENT", f"{holder.id} is played {holder.card.uses} time(s) at most", "source")
    holder.used += 1
    _declare(game, player, holder, action)


def do_effect(game: GameState, player: str, action: Event) -> None:
    """The written consequence of an ability just declared (S-ABILITY-DECLARED)."""
    if game.waiver is None:
        raise fail("S-ABILITY-DECLARED", "an effect follows the ability or event it comes from")
    game.waiver["pending"] = True
    kind = action.get("effect")
    if kind == "gold":
        who = action.get("player")
        if who not in game.players:
            raise fail("S-ABILITY-DECLARED", f"{who} is not a player", "player")
        game.gold[who] += action.get("amount")
        game._gold_moved = True
    elif kind == "action":
        game.granted.add(game.ship(action.get("target"), "target").id)
    elif kind == "reroll":
        check_die(action.get("die"), "die")
    elif kind in ("move", "value"):
        _treasure_effect(game, kind, action)
    elif kind == "kill":
        crew = game.piece(action.get("target"), "target")
        if not isinstance(crew, Crew) or crew.where == "gone":
            raise fail("S-ABILITY-DECLARED", f"{action.get('target')} is no crew in play", "target")
        effects.remove_crew(game, crew)
    else:
        ship = game.ship(action.get("target"), "target")
        mast = action.get("mast")
        if kind == "lose":
            effects.lose_mast(game, ship, mast, "mast", "S-ABILITY-DECLARED")
        else:
            if mast in ship.standing or not 1 <= mast <= (ship.card.masts or 0):
                raise fail("S-ABILITY-DECLARED", f"mast {mast} of {ship.id} is not an eliminated mast", "mast")
            ship.standing.append(mast)
            ship.standing.sort()
            if ship.towed_by:  # a mast back: no longer a derelict to tow (S-TOW)
                effects.end_tow(game, ship)
    game.on_word = True


def _treasure_effect(game: GameState, kind: str, action: Event) -> None:
    """A declared ability moves a token between ships and islands, or sets a unique's value;
    treasure that comes aboard a ship docked at its controller's home is unloaded (S-UNLOAD)."""
    token = game.piece(action.get("target"), "target")
    if not isinstance(token, Token):
        raise fail("S-ABILITY-DECLARED", f"{action.get('target')} is no treasure token", "target")
    if kind == "value":
        if not token.unique:
            raise fail("S-ABILITY-DECLARED", f"{token.id} is no unique: only a unique's value is set", "target")
        token.value = action.get("amount")
        return
    held, _, holder = token.where.partition(":")
    if held not in ("ship", "island"):
        raise fail("S-ABILITY-DECLARED", f"{token.id} is neither aboard a ship nor on an island", "target")
    place = action.get("place")
    if place in game.islands:
        destination: Any = game.islands[place]
    else:
        destination = game.ship(place, "place")
    (game.ships[holder] if held == "ship" else game.islands[holder]).tokens.remove(token.id)
    destination.tokens.append(token.id)
    if isinstance(destination, Ship):
        token.where = f"ship:{destination.id}"
        if destination.docked is not None and destination.docked == game.homes.get(destination.controller):
            effects.unload(game, destination)
    else:
        token.where = f"island:{place}"


def waived(game: GameState, player: str, action: Event, violation: Violation) -> None:
    """A declared ability sets aside the ruling this entry breaks: its effects are written
    as `effect` entries; the entry itself is accepted, not checked (S-ABILITY-DECLARED)."""
    game.unchecked += 1
    game.waiver = None
    if action.verb in ACTIONS:
        game.acted.setdefault(action.get("ship"), []).append(action.verb)
        game.after = None
