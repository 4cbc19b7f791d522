"""Moving (S-MOVE): segments from the base move, coming about (S-COME-ABOUT), what a move
meets and where it stops (S-STOP, S-L1-FACTS, S-L1-CONTACT), docking (S-DOCK,
S-DOCK-ENEMY) and unloading at home (S-UNLOAD); a lost ship's way out of fog (S-FOG); a
pinned ship stays (S-PIN); the contacts of a ship placed anew out of a move (S-L1-PLACED).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.games.spanish_main import effects
from referee.games.spanish_main.illegal import check_die, fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import GameState, Ship


def plain_move(game: GameState, player: str, action: Event) -> bool:
    """The move most entries are — the mover's ship, its first action, free to sail, no keyword
    or fog exit, segments from its base move, docking at an island open to it — judged in one
    pass, as `move` judges it; False, with nothing changed, for any other move (or one
    `move` may refuse before it docks), which `move` then judges. A third of a game's
    entries are moves."""
    shape = _docking_move(action)
    if shape is None:
        return False
    name, segments, place = shape
    ship = game.ships.get(name)
    if (ship is None or ship.sunk or ship.controller != player or name in game.acted or game.building
            or not ship.standing or ship.wreck or ship.towed_by or ship.towing or ship.lost or ship.entangled
            or ship.bow or ship.moves_from > game.turn):
        return False
    if segments:
        left = list(ship.card.move)
        for segment in segments:
            if segment not in left:
                return False
            left.remove(segment)
    island = game.islands.get(place)
    if island is None:
        return False
    owner = ship.controller
    if (island.home_of is not None and island.home_of != owner) or \
            (island.fort is not None and game.forts[island.fort].owner != owner):
        return False
    game.acted[name] = ["move"]
    game.on_geo = True  # the dock, and any segments: stated
    effects.leave(game, ship)
    ship.docked, ship.docked_turn = place, game.turn
    if island.home_of == owner:
        effects.unload(game, ship)  # which refuses the move as `move` would, for face-down tokens aboard
    ship.contacts.add(place)
    game.after = {"ship": name, "used": set()}
    return True


def do_about(game: GameState, player: str, action: Event) -> None:
    move(game, player, action, about=True)


def move(game: GameState, player: str, action: Event, about: bool) -> None:
    ship = effects.acting_ship(game, player, action, "move")
    if ship.towed_by:
        raise fail("S-TOW", f"{ship.id} is towed by {ship.towed_by}: it moves with it", "ship")
    if ship.lost and about:
        raise fail("S-FOG", f"{ship.id} is lost: it can only be given a move action to come out", "ship",
                   rulings=("S-COME-ABOUT",))  # coming about is a move action, but one without segments
    if ship.entangled:
        raise fail("S-SARGASSO", f"{ship.id} is entangled in {ship.entangled}: try to free it instead", "ship",
                   rulings=("S-EXAMPLE",))
    if ship.moves_from > game.turn:
        raise fail("S-SARGASSO", f"{ship.id} was freed this turn: it may move from its next turn", "ship")
    if ship.towing:
        effects.tower_held(game, ship)
    if ship.bow:  # a bow touching nothing, as most do, pins nothing
        pinner = game.pinned_by(ship)
        if pinner is not None:
            raise fail("S-PIN", f"{ship.id} is pinned: its bow touches {pinner}", "ship")
    bonus = effects.uses(game, action, ship, ("speed",))
    exit_die = action.get("exit")
    if ship.lost:
        if exit_die is None:
            raise fail("S-FOG", f"{ship.id} is lost in {ship.lost}: its move begins with 'exit DIE'", "ship")
        check_die(exit_die, "exit")
        game.on_geo = True
        towed = game.ships.get(ship.towing) if ship.towing else None
        ship.lost = None
        if towed is not None:
            towed.lost = None
    elif exit_die is not None:
        raise fail("S-DICE", f"{ship.id} is not in a fog bank: no exit roll", "exit")
    if not about:
        _segments(game, ship, action.get("segments", ()), bonus)
    effects.leave(game, ship)
    _facts(game, player, ship, action.records("facts"), about)
    game.after = {"ship": ship.id, "used": set()}
    if ship.lost and "fog-ends-turn" in game.variants:
        game.turn_ended = True


def _segments(game: GameState, ship: Ship, segments: Sequence[str], bonus: dict[str, int]) -> None:
    """S-MOVE: segments taken from the base move, each at most once (cut short or left out)."""
    if ship.towing:
        base = ["S"]
    else:
        base = list(ship.card.move)
        if bonus:
            for key in ("speed:S", "speed:L"):
                if key in bonus:
                    base.append(key[-1])
    left = base.copy()
    for segment in segments:
        if segment not in left:
            raise fail("S-MOVE", f"{ship.id}'s base move is {'+'.join(base)}: no segment {segment} left "
                       "for this move" + (" (a ship towing moves S)" if ship.towing else ""), "segments",
                       base=base)
        left.remove(segment)
    if segments:
        game.on_geo = True


def _facts(game: GameState, player: str, ship: Ship, facts: Sequence[dict[str, Any]], about: bool) -> None:
    """What the move meets, in order, then the contacts where it stops: any number of side
    touches and at most one bow fact (`dock` or `bow`), with nothing met after the first of
    them (S-STOP, S-L1-FACTS); a ship lost in fog touches nothing (S-FOG)."""
    stopped: str | None = None
    bow_fact: str | None = None
    towed = game.ships.get(ship.towing) if ship.towing else None
    met: set[str] = set()
    towed_met: set[str] = set()
    for index, fact in enumerate(facts):
        kind, target, part = fact["fact"], fact["target"], f"fact:{index}"
        if kind == "reveal":
            effects.reveal(game, ship, list(target), part)
            continue
        if stopped is not None and kind in ("reef", "sargasso", "fog"):
            raise fail("S-STOP", f"{ship.id} stopped ({stopped}): nothing is met after", part)
        game.on_geo = True
        if kind in ("touch", "bow", "dock"):
            if ship.lost:
                raise fail("S-FOG", f"{ship.id} is lost in {ship.lost}: it touches nothing", part)
            if kind != "touch":
                if bow_fact is not None:
                    raise game.bad_fact(f"{ship.id}'s bow stopped against {bow_fact}: a move states at most one "
                                        f"bow fact ('dock' or 'bow') where it stops", part)
                bow_fact = target
            effects.contact(game, player, ship, kind, target, part, about)
            stopped = stopped or f"it touched {target}"
        elif fact.get("towed"):
            stopped = effects.towed_meets(game, ship, fact, index, towed_met) or stopped
            if towed is not None and towed.wreck:
                towed = None
        elif target in met and kind in ("reef", "sargasso"):
            raise fail("S-REEF" if kind == "reef" else "S-SARGASSO", f"{ship.id} already met {target} in this "
                       "move: a ship meets a terrain piece once a move", part)
        elif kind == "fog":
            effects.piece_of(game, target, "fog", part)
            ship.lost = target
            if towed is not None:
                towed.lost = target
            stopped = f"it entered fog bank {target}"
        elif kind == "sargasso":
            value = effects.sea_value(game, target, "sargasso", fact.get("die"), index)
            met.add(target)
            for victim in [ship] + ([towed] if towed else []):
                if value > (victim.card.masts or 0):
                    victim.entangled = target
            if towed is not None:
                towed_met.add(target)
            if ship.entangled or (towed is not None and towed.entangled):
                stopped = f"it is entangled in {target}"
        elif kind == "reef":
            value = effects.sea_value(game, target, "reef", fact.get("die"), index)
            met.add(target)
            lost = max(0, (ship.card.masts or 0) - value)
            named = list(fact.get("masts", ()))
            effects.reef_loss(game, ship, lost, named, index)
            if towed is not None:
                towed_met.add(target)
                if not towed.wreck and value < (towed.card.masts or 0):
                    effects.wreck(game, towed)  # a derelict has no mast to lose: any loss wrecks it (S-AMBIG)
                    towed = None
            if ship.derelict:
                stopped = "it has no mast left"
    if towed is not None and ship.towing:
        effects.arrive(game, ship)


def _docking_move(action: Event) -> tuple[str, tuple[str, ...], str] | None:
    """(ship, segments, island) of a move that declares no keyword, rolls no fog exit and states one
    fact, a dock; None for any other move. Worked out once an entry (it is judged in every game
    that plays it)."""
    derived = action.derived
    if "docking" not in derived:
        facts = action.records("facts")
        plain = (action.get("uses") is None and action.get("exit") is None and len(facts) == 1
                 and facts[0]["fact"] == "dock")
        derived["docking"] = (action.get("ship"), tuple(action.get("segments", ())), facts[0]["target"]) \
            if plain else None
    return derived["docking"]  # type: ignore[no-any-return]
