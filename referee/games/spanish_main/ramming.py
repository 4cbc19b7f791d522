"""Ramming and boarding, free actions right after a move (S-RAM, S-BOARD); a ram by or at a
lost ship is refused (S-FOG). Pinning itself is a state (`GameState.pinned_by`, S-PIN).
"""

from __future__ import annotations

from referee.games.spanish_main import effects
from referee.games.spanish_main.illegal import check_die, fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import GameState


def do_ram(game: GameState, player: str, action: Event) -> None:
    ship = game.own(player, action.get("ship"))
    target = game.ship(action.get("target"), "target")
    effects.follow_up(game, ship.id, "ram")
    if ship.lost or target.lost:
        raise fail("S-FOG", "no ram by or at a ship lost in fog", "target")
    if target.controller == ship.controller:
        raise fail("S-RAM", f"{target.id} is in {player}'s own fleet: only the opponent's ships are rammed",
                   "target")
    if target.wreck:
        raise fail("S-WRECK", f"{target.id} is a wreck: it cannot be rammed", "target")
    if target.id not in ship.bow:
        raise fail("S-RAM", f"{ship.id}'s bow was not stated to touch {target.id} ('bow {target.id}' in the move)",
                   "target", rulings=game.unstated(ship.id, target.id))
    if ship.id in target.bow:
        raise fail("S-RAM", f"{ship.id} and {target.id} are pinned together: they cannot ram each other",
                   "target")
    bonus = effects.uses(game, action, ship, ("ram",))
    die = action.get("die")
    check_die(die, "die")
    masts = len(ship.standing) if "ram-own-masts" in game.variants else len(target.standing)
    total = die + bonus.get("ram", 0)
    mast = action.get("mast")
    if total > masts and not target.derelict:
        if mast is None:
            raise fail("S-RAM", f"{total} beats {masts} masts: {target.controller} names the mast "
                       f"{target.id} loses ('mast M')", "die")
        effects.lose_mast(game, target, mast, "mast", "S-RAM")
    elif mast is not None:
        raise fail("S-RAM", f"{total} does not beat {masts} masts: no mast is lost", "mast")
    game.after = {"ship": ship.id, "used": game.after["used"] if game.after else set(),  # type: ignore[index]
                  "rammed": target.id}


def do_board(game: GameState, player: str, action: Event) -> None:
    after = game.after
    if after is None or "rammed" not in after or "board" in after["used"]:
        raise fail("S-BOARD", "a boarding party is sent right after a ram, one per ram")
    rammer, rammed = game.ships[after["ship"]], game.ships[after["rammed"]]
    rolls = [dict(r) for r in action.get("rolls")]
    sender = rolls[0]["player"]
    if sender != player or rolls[1]["player"] != game.other(player):
        raise fail("S-BOARD", "each player rolls: the sender's roll first, written under the sender's name",
                   "roll:0")
    ships = {rammer.controller: rammer, rammed.controller: rammed}
    totals = {}
    for index, roll in enumerate(rolls):
        check_die(roll["die"], f"roll:{index}")
    left = set(range(len(action.get("uses", ()))))
    for roll in rolls:
        own_ship = ships[roll["player"]]
        mine = {i for i in left if _source_ship(game, dict(action.get("uses")[i])["source"]) == own_ship.id}
        bonus = effects.uses(game, action, own_ship, ("board",), mine)
        totals[roll["player"]] = roll["die"] + len(own_ship.standing) + bonus.get("board", 0)
        left -= mine
    effects.uses(game, action, ships[sender], ("board",), left)  # a source aboard neither ship: S-ABILITY
    a, b = totals[rolls[0]["player"]], totals[rolls[1]["player"]]
    after["used"].add("board")
    result, item = action.get("result"), action.get("item")
    if a == b:
        if result is not None:
            raise fail("S-BOARD", f"a tie ({a} each) does nothing", "item")
        if "board-reroll" in game.variants:
            after["used"].discard("board")
        return
    winner = rolls[0]["player"] if a > b else rolls[1]["player"]
    loser_ship = ships[game.other(winner)]
    if result is None:
        return
    if result == "kills":
        crew = game.crew.get(item)
        if crew is None or crew.where != f"ship:{loser_ship.id}":
            raise fail("S-BOARD", f"{winner} won ({max(a, b)} to {min(a, b)}): {item} is no crew aboard "
                       f"{loser_ship.id}", "item")
        effects.remove_crew(game, crew)
    else:
        hidden = any(t.startswith("?") for t in loser_ship.tokens)
        if item.startswith("?") or (item not in loser_ship.tokens and not (hidden and item in game.tokens)):
            raise fail("S-BOARD", f"{winner} won ({max(a, b)} to {min(a, b)}): {item} is no treasure aboard "
                       f"{loser_ship.id}", "item")
        if item not in loser_ship.tokens:  # a face-down token, taken blind and named by the log (S-HIDDEN)
            effects.reveal(game, loser_ship, [item], "item")
        gainer = ships[winner]
        token = game.tokens[item]
        loser_ship.tokens.remove(item)
        gainer.tokens.append(item)
        token.where = f"ship:{gainer.id}"
        if not token.unique and game.load_of(gainer) > game.cargo_of(gainer):
            raise game.over_cargo(gainer, f"{gainer.id} has no free cargo space for {item}", "item")
        if gainer.docked and gainer.docked == game.homes.get(gainer.controller):
            effects.unload(game, gainer)


def _source_ship(game: GameState, source: str) -> str | None:
    holder = game.ships.get(source)
    if holder is not None:
        return holder.id
    crew = game.crew.get(source)
    return crew.where[5:] if crew is not None and crew.where.startswith("ship:") else None
