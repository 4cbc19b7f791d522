"""Moving (S-MOVE): segments from the base move, coming about (S-COME-ABOUT), what a move
meets and where it stops (S-STOP, S-L1-FACTS, S-L1-CONTACT), docking (S-DOCK,
S-DOCK-ENEMY) and unloading at home (S-UNLOAD); a lost ship's way out of fog (S-FOG); a
pinned ship stays (S-PIN); the contacts of a ship placed anew out of a move (S-L1-PLACED).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.games.spanish_main import abilities, exploring, terrain, towing, turn
from referee.games.spanish_main.illegal import check_die, fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import Fort, GameState, Ship


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
    leave(game, ship)
    ship.docked, ship.docked_turn = place, game.turn
    if island.home_of == owner:
        unload(game, ship)  # which refuses the move as `move` would, for face-down tokens aboard
    ship.contacts.add(place)
    game.after = {"ship": name, "used": set()}
    return True


def do_about(game: GameState, player: str, action: Event) -> None:
    move(game, player, action, about=True)


def move(game: GameState, player: str, action: Event, about: bool) -> None:
    ship = turn.acting_ship(game, player, action, "move")
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
        towing.tower_held(game, ship)
    if ship.bow:  # a bow touching nothing, as most do, pins nothing
        pinner = game.pinned_by(ship)
        if pinner is not None:
            raise fail("S-PIN", f"{ship.id} is pinned: its bow touches {pinner}", "ship")
    bonus = abilities.uses(game, action, ship, ("speed",))
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
    leave(game, ship)
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


def leave(game: GameState, ship: Ship, placed: bool = False) -> None:
    """S-L1-CONTACT: a moving ship's contacts end, and others' contacts with it, and so do those of
    the derelict it tows (S-L1-PLACED); leaving an island it explored marks it (S-MARK)."""
    leave_island(game, ship)
    ship.docked = None
    if ship.contacts or ship.bow:
        ship.ended.update(ship.contacts, ship.bow)
        if placed:
            ship.placed_apart.update(ship.contacts, ship.bow)
        ship.contacts, ship.bow = set(), set()
    forget(game, ship.id, moved=True, placed=placed)
    if ship.towing:
        towing.place_behind(game, ship, game.ships[ship.towing])


def leave_island(game: GameState, ship: Ship) -> None:
    """S-MARK: a ship that explored the island it lies at leaves it (it moves, comes about, or is
    towed away): the mark of the player it explored for is on that island from now on."""
    explored = ship.explored_here
    if explored is not None:
        island, player = explored
        if island in game.islands:
            game.islands[island].marks.add(player)
        ship.explored_here = None


def forget(game: GameState, name: str, moved: bool = False, placed: bool = False) -> None:
    """No ship is touching `name` any more (it moved away, was placed anew or sank); a move ended
    those contacts."""
    if not game._ships_touch:
        return
    for other in game.ships.values():
        if name in other.contacts:  # a test, not `discard`: most ships touch nothing that moves
            other.contacts.remove(name)
            if moved:
                other.ended.add(name)
                if placed:
                    other.placed_apart.add(name)
        if name in other.bow:
            other.bow.remove(name)
            if moved:
                other.ended.add(name)
                if placed:
                    other.placed_apart.add(name)


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
            exploring.reveal(game, ship, list(target), part)
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
            _contact(game, player, ship, kind, target, part, about)
            stopped = stopped or f"it touched {target}"
        elif fact.get("towed"):
            stopped = towing.towed_meets(game, ship, fact, index, towed_met) or stopped
            if towed is not None and towed.wreck:
                towed = None
        elif target in met and kind in ("reef", "sargasso"):
            raise fail("S-REEF" if kind == "reef" else "S-SARGASSO", f"{ship.id} already met {target} in this "
                       "move: a ship meets a terrain piece once a move", part)
        elif kind == "fog":
            terrain.piece_of(game, target, "fog", part)
            ship.lost = target
            if towed is not None:
                towed.lost = target
            stopped = f"it entered fog bank {target}"
        elif kind == "sargasso":
            value = terrain.sea_value(game, target, "sargasso", fact.get("die"), index)
            met.add(target)
            for victim in [ship] + ([towed] if towed else []):
                if value > (victim.card.masts or 0):
                    victim.entangled = target
            if towed is not None:
                towed_met.add(target)
            if ship.entangled or (towed is not None and towed.entangled):
                stopped = f"it is entangled in {target}"
        elif kind == "reef":
            value = terrain.sea_value(game, target, "reef", fact.get("die"), index)
            met.add(target)
            lost = max(0, (ship.card.masts or 0) - value)
            named = list(fact.get("masts", ()))
            terrain.reef_loss(game, ship, lost, named, index)
            if towed is not None:
                towed_met.add(target)
                if not towed.wreck and value < (towed.card.masts or 0):
                    terrain.wreck(game, towed)  # a derelict has no mast to lose: any loss wrecks it (S-AMBIG)
                    towed = None
            if ship.derelict:
                stopped = "it has no mast left"
    if towed is not None and ship.towing:
        towing.arrive(game, ship)


def placed_contacts(game: GameState, player: str, ship: Ship, facts: Sequence[dict[str, Any]]) -> None:
    """S-L1-PLACED: the contacts of a ship placed anew out of a move (freed from a sargasso sea):
    side touches, and at most one bow contact with a ship (a ship docks only by a move, S-DOCK)."""
    bow_fact: str | None = None
    for index, fact in enumerate(facts):
        kind, target, part = fact["fact"], fact["target"], f"fact:{index}"
        if kind == "bow":
            if bow_fact is not None:
                raise fail("S-L1-PLACED", f"{ship.id}'s bow lies against {bow_fact}: a ship placed anew states at "
                           "most one bow contact", part)
            bow_fact = target
        _contact(game, player, ship, kind, target, part, False)


def _contact(game: GameState, player: str, ship: Ship, kind: str, target: str, part: str, about: bool) -> None:
    if target in game.islands:
        island = game.islands[target]
        if kind == "bow":
            raise game.bad_fact("'bow' names a ship; an island is docked at or touched", part)
        if kind == "dock":
            enemy_home = island.home_of is not None and island.home_of != ship.controller
            enemy_fort = island.fort is not None and game.forts[island.fort].owner != ship.controller
            if enemy_home or enemy_fort:
                raise fail("S-DOCK-ENEMY", f"{ship.id} cannot dock at {target}: "
                           + ("the opponent's home island" if enemy_home else "it has an opponent's fort"), part)
            if ship.lost:
                raise fail("S-FOG", f"{ship.id} is lost: it cannot dock", part)
            ship.docked, ship.docked_turn = target, game.turn
            if island.home_of == ship.controller:
                unload(game, ship)
        ship.contacts.add(target)
        return
    if target in game.terrain:
        if kind != "touch":
            raise game.bad_fact(f"{target} is terrain: it is met by its own fact (fog, reef, sargasso) "
                                "or touched", part)
        ship.contacts.add(target)
        return
    if kind == "dock" or "." not in target:
        raise game.bad_fact(f"{target} is no island" + ("" if kind == "dock" else " or terrain piece")
                            + " of this table", part, notes=("placed: " + " ".join(game.placement),))
    other = game.piece(target, part)
    if isinstance(other, Fort):
        ship.contacts.add(target)
        return
    if not isinstance(other, Ship) or other.sunk or other.id == ship.id:
        raise game.bad_fact(f"{target} is no ship afloat that {ship.id} can touch", part)
    if other.lost:
        raise fail("S-FOG", f"{target} is lost in fog: nothing touches it", part)
    (ship.bow if kind == "bow" else ship.contacts).add(target)
    game._ships_touch = True


def unload(game: GameState, ship: Ship) -> None:
    """S-UNLOAD: treasure worth more than 0 aboard a ship docked at its controller's home goes
    ashore at once (a unique worth 0 stays aboard)."""
    if not ship.tokens:
        return  # as most ships come home
    home = ship.controller
    hidden = [t for t in ship.tokens if t.startswith("?")]
    if hidden:
        raise fail("S-HIDDEN", f"{ship.id} unloads at home: name the {len(hidden)} face-down token(s) aboard "
                   "first ('reveal TOKEN,…' in the move)", rulings=("S-UNLOAD",))
    kept = []
    ashore = f"home:{home}"
    for name in ship.tokens:
        token = game.tokens[name]
        gold = token.gold
        if gold > 0:
            token.where = ashore
            game.gold[home] += gold
            game._gold_moved = True
        else:
            kept.append(name)
    ship.tokens = kept


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
