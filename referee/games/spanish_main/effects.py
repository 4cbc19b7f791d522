"""What several sections of the rules share, below them all: the consequences of an entry on
the state (cargo unloaded, a mast lost, a ship sunk or wrecked, a tow ended, a contact made or
forgotten, a fort destroyed, tokens revealed), the checks every action makes (the acting ship,
its one action a turn, the keywords it declares) and the reads of the sea they rest on.

A section (moving, shooting, towing …) imports these and no other section, so that the
sections stand side by side on one floor and the engine, which dispatches to them, above.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.games.spanish_main.cards import Card
from referee.games.spanish_main.illegal import check_die, fail
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.state import Crew, Fort, GameState, Ship, Terrain, Token, keyword_of


def uses(game: GameState, action: Event, ship: Ship, allowed: tuple[str, ...],
          indexes: set[int] | None = None) -> dict[str, int]:
    """Declared keywords (S-KEYWORDS) on `ship` (those of `indexes` only, when given): each the
    source's, usable now, once a turn a ship."""
    bonus: dict[str, int] = {}
    if action.get("uses") is None:
        return bonus  # as most entries declare no keyword
    for index, use in enumerate(action.records("uses")):
        if indexes is not None and index not in indexes:
            continue
        part = f"use:{index}"
        keyword, source = use["keyword"], use["source"]
        name = keyword.split("=")[0]
        holder = game.piece(source, f"source:{index}")
        if name not in allowed:
            raise fail("S-KEYWORDS", f"{keyword} does not change a {action.verb}", part)
        if keyword_of(holder.card, name) != keyword:
            raise fail("S-KEYWORDS", f"{source} ({holder.card.name}) has no {keyword}", part)
        in_play(game, holder, ship, part)
        if (ship.id, name) in game.keywords_used:
            raise fail("S-STACK", f"{ship.id} already used {name} this turn", part)
        game.keywords_used.add((ship.id, name))
        if isinstance(holder, Crew):
            holder.face_up = True
        value = keyword.split("=")[1] if "=" in keyword else "0"
        bonus[name] = int(value) if value.lstrip("+").isdigit() else 0
        if name == "speed":
            bonus["speed:" + value] = 1
    return bonus


def in_play(game: GameState, holder: Any, ship: Ship | None, part: str) -> None:
    """S-ABILITY: a ship always; crew aboard a ship of its nationality; a unique picked up; a fort
    not abandoned."""
    if isinstance(holder, Ship):
        if ship is not None and holder.id != ship.id:
            raise fail("S-ABILITY", f"{holder.id}'s ability is its own, not {ship.id}'s", part)
        if not holder.afloat or holder.wreck:
            raise fail("S-ABILITY", f"{holder.id} is out of play", part)
    elif isinstance(holder, Crew):
        if not holder.where.startswith("ship:"):
            raise fail("S-ABILITY", f"{holder.id} is not aboard a ship: crew on an island have no ability", part)
        aboard = game.ships[holder.where[5:]]
        if ship is not None and aboard.id != ship.id:
            raise fail("S-ABILITY", f"{holder.id} is aboard {aboard.id}, not {ship.id}", part)
        if holder.card.nationality != aboard.card.nationality:
            raise fail("S-ABILITY", f"{holder.id} ({holder.card.nationality}) cannot use its ability aboard "
                       f"{aboard.id} ({aboard.card.nationality})", part)
    elif isinstance(holder, Token):
        if not holder.unique or not holder.where.startswith("ship:"):
            raise fail("S-ABILITY", f"{holder.id} is not a unique picked up", part)
    elif isinstance(holder, Fort):
        if not holder.built or holder.abandoned:
            raise fail("S-ABILITY", f"{holder.id} is not a standing fort", part)


def check_aboard(game: GameState, ship: Ship, crew: Crew, rule: str) -> None:
    """S-CREW-COST, S-CREW-ZERO and S-CARGO for a crew coming aboard."""
    if crew.card.cost == 0 and crew.card.nationality != ship.card.nationality:
        raise fail("S-CREW-ZERO", f"{crew.id} costs 0 points: it may only be aboard a ship of its "
                   f"nationality ({crew.card.nationality}), not {ship.id} ({ship.card.nationality})")
    cost = game.crew_cost(ship)
    if cost > (ship.card.cost or 0):
        raise fail("S-CREW-COST", f"the crew aboard {ship.id} cost {cost} points, more than the ship's "
                   f"{ship.card.cost}", crew_cost=cost)
    if game.load_of(ship) > game.cargo_of(ship):
        raise game.over_cargo(ship, f"{ship.id} would carry {game.load_of(ship)} with cargo "
                              f"{game.cargo_of(ship)}", "action", load=game.load_of(ship))


def remove_crew(game: GameState, crew: Crew) -> None:
    if crew.where.startswith("ship:"):
        game.ships[crew.where[5:]].crew.remove(crew.id)
    crew.where = "gone"


def reveal(game: GameState, ship: Ship, names: list[str], part: str) -> None:
    """S-HIDDEN: face-down tokens aboard named; each from the contributions, never in two places,
    and no island yielding more than it held."""
    no_crew(game, names, part)
    placeholders = [t for t in ship.tokens if t.startswith("?")]
    if len(names) > len(placeholders):
        raise fail("S-HIDDEN", f"{ship.id} carries {len(placeholders)} unnamed token(s), not {len(names)}", part)
    for name in names:
        token = unplaced_token(game, name, part)
        placeholder = placeholders.pop(0)
        ship.tokens[ship.tokens.index(placeholder)] = name
        token.where = f"ship:{ship.id}"


def no_crew(game: GameState, names: list[str], part: str = "tokens") -> None:
    for name in names:
        if name in game.crew:
            raise fail("S-REVEAL", f"{name} is crew: 'reveal' names face-down treasure, and a face-down crew "
                       "is revealed by its first declared use ('ability', or a keyword used)", part)


def unplaced_token(game: GameState, name: str, part: str) -> Token:
    token = game.tokens.get(name)
    if token is None:
        raise fail("S-DATA-UNKNOWN", f"{name} is no token of the contributions", part)
    if token.where != "pool":
        raise fail("S-HIDDEN", f"{name} is already known to be elsewhere ({token.where})", part)
    return token


def new_coin(game: GameState, player: str, coin: Any, where: str, part: str) -> Token:
    """S-GOLD: a coin the log names as gold leaves a fort or a heap, a token like any other."""
    name, gold = dict(coin)["name"], dict(coin)["gold"]
    if name.split(".", 1)[0] != player:
        raise fail("S-GOLD", f"{name}: a coin {player} takes is named '{player}.NAME'", part)
    if any(name in table for table in (game.ships, game.crew, game.tokens, game.forts, game.events)):
        raise fail("S-GOLD", f"{name} already names a piece: each coin gets a new name", part)
    if gold < 1:
        raise fail("S-GOLD", f"{name} holds no gold: a coin is worth 1 or more", part)
    token = Token(name, Card(id="coin", kind="treasure", name="coin", gold=gold), player, where)
    game.tokens[name] = token
    return token


def destroy_fort(game: GameState, fort: Fort) -> None:
    """S-FORT-HIT, S-GOLD: the fort's gold lies on the island as a heap the log splits into
    coins as it is taken; a token worth nothing that went in (a unique) lies there again."""
    island = game.islands[fort.island]  # type: ignore[index]
    island.gold += fort.gold
    returned = [t for t in fort.tokens if game.tokens[t].gold == 0]
    for name in returned:
        game.tokens[name].where = f"island:{island.name}"
    island.tokens.extend(returned)
    island.fort, island.explored_by, island.marks = None, set(), set()
    for ship in game.ships.values():  # an exploration before it marks the island no more (S-MARK)
        if ship.explored_here is not None and ship.explored_here[0] == island.name:
            ship.explored_here = None
    fort.destroyed, fort.gold, fort.tokens = True, 0, []
    game._gold_moved = True


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
        place_behind(game, ship, game.ships[ship.towing])


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
        contact(game, player, ship, kind, target, part, False)


def contact(game: GameState, player: str, ship: Ship, kind: str, target: str, part: str, about: bool) -> None:
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


def lose_mast(game: GameState, ship: Ship, mast: int, part: str, rule: str) -> None:
    if mast not in ship.standing:
        raise fail(rule, f"mast {mast} of {ship.id} is not standing (standing: "
                   f"{','.join(map(str, ship.standing)) or 'none'})", part)
    ship.standing.remove(mast)


def sink(game: GameState, ship: Ship, sinker: str | None, scuttled: bool = False) -> None:
    """S-SINK, S-SINK-SPLIT, S-SCUTTLE: crew eliminated, uniques gone; the gold split by a shot."""
    hidden = [t for t in ship.tokens if t.startswith("?")]
    if hidden and not scuttled:
        raise fail("S-HIDDEN", f"{ship.id} sinks carrying {len(hidden)} face-down token(s): name them first "
                   f"('reveal {ship.id} TOKEN,…')", rulings=("S-SINK-SPLIT",) if sinker is not None else ())
    gold = sum(game.tokens[t].gold for t in ship.tokens if not t.startswith("?") and not game.tokens[t].unique)
    for name in list(ship.crew):
        remove_crew(game, game.crew[name])
    for name in ship.tokens:
        if not name.startswith("?"):
            game.tokens[name].where = "gone"
    ship.tokens = []
    ship.sunk = True
    ship.docked, ship.contacts, ship.bow = None, set(), set()
    forget(game, ship.id)
    end_tow(game, ship)
    if sinker is not None and not scuttled and gold:
        share = (gold + 1) // 2
        game.gold[sinker] += share
        game.gold[ship.controller] += gold - share
        game._gold_moved = True


def sink_scuttled(game: GameState) -> None:
    """S-SCUTTLE: this player's scuttled derelicts sink, automatically (S-AUTO)."""
    for ship in game.ships.values():
        if ship.scuttled and ship.controller == game.turn_player and ship.afloat:
            sink(game, ship, None, scuttled=True)


def piece_of(game: GameState, name: str, kind: str, part: str) -> Terrain:
    found = game.terrain.get(name)
    if found is None or found.kind != kind:
        raise game.bad_fact(f"{name} is no {kind} of this table", part)
    return found


def sea_value(game: GameState, name: str, kind: str, die: int | None, index: int) -> int:
    """S-SARGASSO, S-REEF: rolled the first time in a turn, then known for the rest of it."""
    piece_of(game, name, kind, f"fact:{index}")
    rule = "S-SARGASSO" if kind == "sargasso" else "S-REEF"
    known = game.sea_values.get(name)
    if known is None:
        if die is None:
            raise fail(rule, f"{name} has no value yet this turn: roll a d6 ('{kind} {name} DIE')",
                       f"fact:{index}")
        check_die(die, f"die:{index}")
        game.sea_values[name] = die
        return die
    if die is not None:
        raise fail("S-DICE", f"{name}'s value this turn is already {known}: no roll", f"die:{index}")
    return known


def reef_loss(game: GameState, ship: Ship, lost: int, named: list[int], index: int) -> None:
    part = f"masts:{index}" if named else f"fact:{index}"
    if lost > len(ship.standing):
        if sorted(named) != sorted(ship.standing):
            raise fail("S-WRECK", f"{ship.id} loses {lost} masts with {len(ship.standing)} standing: it is "
                       f"wrecked, every standing mast named ({','.join(map(str, ship.standing)) or 'none'})",
                       part, rulings=("S-EXAMPLE",))
        ship.standing = []
        wreck(game, ship)
        return
    if len(named) != lost:
        raise fail("S-REEF", f"the reef's value costs {ship.id} {lost} mast{'s' if lost != 1 else ''}"
                   f" (masts at construction {ship.card.masts}), not {len(named)}", part,
                   rulings=("S-EXAMPLE",), loss=lost)
    for mast in named:
        lose_mast(game, ship, mast, part, "S-REEF")


def wreck(game: GameState, ship: Ship) -> None:
    ship.wreck = True
    end_tow(game, ship)


def place_behind(game: GameState, tower: Ship, towed: Ship) -> None:
    """S-L1-PLACED: the towed derelict lies anew against its tower's stern. What it touched,
    and what touched it, is over; the referee keeps why (S-L1-CONTACT)."""
    old = (towed.contacts - {tower.id}) | towed.bow
    towed.ended.update(old)
    towed.placed_apart.update(old)
    leave_island(game, towed)  # towed away from an island it explored: marked (S-MARK)
    towed.docked, towed.contacts, towed.bow = None, {tower.id}, set()
    forget(game, towed.id, moved=True, placed=True)


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
    value = sea_value(game, name, kind, fact.get("die"), index)
    if name in met:
        raise fail("S-REEF" if kind == "reef" else "S-SARGASSO", f"{towed.id} already met {name} in this move: "
                   "a ship meets a terrain piece once a move", part)
    met.add(name)
    masts = towed.card.masts or 0
    if kind == "reef":
        if value < masts:
            wreck(game, towed)  # a derelict has no mast to lose: any loss wrecks it (S-AMBIG)
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
        unload(game, towed)


def new_action(game: GameState, player: str, ship: Ship, kind: str) -> None:
    """S-ACTION-ONE and S-ACTION-ORDER: one action a ship a turn (two of different kinds with
    extra-action); any new action closes the free actions of the one before."""
    done = game.acted.get(ship.id)
    if done:
        extra = keyword_of(ship.card, "extra-action") is not None or ship.id in game.granted
        if not extra or len(done) >= 2 or kind in done:
            raise fail("S-ACTION-ONE", f"{ship.id} already had its action this turn ({done[0]})", "ship")
        if ship.id in game.granted:
            game.granted.discard(ship.id)
    if game.building:
        raise fail("S-TURN", "forts are built at the end of the turn: no action follows")
    if done is None:
        game.acted[ship.id] = [kind]
    else:
        done.append(kind)
    game.after = None


def acting_ship(game: GameState, player: str, action: Event, kind: str, derelict_may: bool = False) -> Ship:
    """The ship an action entry names, given its action: the player's (S-OWN), its first action
    this turn (S-ACTION-ONE), never a wreck (S-WRECK), a derelict only where it may act (S-DERELICT)."""
    ship = game.own(player, action.get("ship"))
    new_action(game, player, ship, kind)
    if ship.derelict and not derelict_may and not ship.wreck:
        raise fail("S-DERELICT", f"{ship.id} has no standing mast: a derelict may only explore or be repaired",
                   "ship", rulings=("S-AUTO",))  # no entry made it one: the referee did, with its last mast
    if ship.wreck:
        raise fail("S-WRECK", f"{ship.id} is a wreck: it takes no action", "ship")
    return ship


def follow_up(game: GameState, ship_name: str, kind: str) -> Ship:
    after = game.after
    if after is None or after["ship"] != ship_name:
        raise fail("S-ACTION-ORDER" if after is not None else "S-FREE",
                   f"a {kind} follows right after {ship_name}'s move, before anything else")
    if kind in after["used"]:
        raise fail("S-ACTION-ORDER", f"one {kind} per move action")
    after["used"].add(kind)
    return game.ships[ship_name]
