"""The set-up, round 0 (S-SETUP): the fleets with their crew (S-BUILD, S-CREW-PLACE), the
treasure (S-TREASURE, S-UNIQUE), the roll for first player (S-FIRST), the islands
(S-ISLANDS), the terrain (S-TERRAIN-PLACE), the home islands (S-HOME), the ships' poses at
level 2, and the deal (S-DEAL, S-HIDDEN), in that order.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.diagnostics import Violation
from referee.games.spanish_main import effects
from referee.games.spanish_main.illegal import check_die, fail
from referee.games.spanish_main.notation import DEAL, Event
from referee.games.spanish_main.state import Crew, EventCard, Fort, GameState, Island, Ship, Terrain, Token

SETUP_STAGES = ("fleet", "treasure", "roll", "island", "terrain", "home", "deal")


def awaited(game: GameState) -> str:
    if game.stage in ("fleet", "treasure"):
        waiting = [p for p in game.players if p not in game.stage_done[game.stage]]
        return f"awaiting {waiting[0]}'s {game.stage} entry"
    if game.stage == "roll":
        return "awaiting the roll for first player"
    if game.stage == "island":
        return f"{len(game.islands)} of {game.setup.islands} islands placed"
    if game.stage in ("terrain", "home"):
        return "awaiting the home islands"
    return "awaiting the treasure deal"


def setup_entry(game: GameState, player: str, action: Event) -> None:
    verb = action.verb
    if verb == "place":
        place_entry(game, player, action)
        return
    stage = "terrain" if verb in ("fog", "sargasso", "reef", "iceberg") else verb
    if stage not in SETUP_STAGES:
        raise fail("S-SETUP", f"'{verb}' is played in a turn: the set-up is still {awaited(game)}")
    if stage != game.stage and not (game.stage == "terrain" and stage == "home"):
        raise fail("S-SETUP", f"a {verb} entry does not come now: the set-up is {awaited(game)} "
                   "(it goes fleets, treasure, roll, islands, terrain, homes, deal)")
    if stage == "deal" and player != DEAL:
        raise fail("S-SETUP", "the deal is the table's entry: 'deal: …'", "mover")
    _SETUP_HANDLERS[stage](game, player, action)
    game.checked += 1


def advance(game: GameState, stage: str) -> None:
    game.stage = stage


def fleet_entry(game: GameState, player: str, action: Event) -> None:
    if game.stage != "fleet" or player in game.stage_done["fleet"]:
        raise fail("S-SETUP", f"{player}'s fleet is already given" if player in game.stage_done["fleet"]
                   else "the fleets come first")
    points = 0
    cards, ships, crew, forts, events = game.cards, game.ships, game.crew, game.forts, game.events
    items = action.records("items")
    fleet = {i["name"] for i in items if (named := cards.get(i["card"])) is not None and named.kind == "ship"}
    aboard: list[Crew] = []
    for index, item in enumerate(items):
        card = cards.get(item["card"])
        name = f"{player}.{item['name']}"
        if card is None:
            raise game.no_card(item["card"], f"item:{index}")
        if name in ships or name in crew or name in forts or name in events:
            raise fail("S-BUILD", f"{name} is named twice", f"item:{index}")
        kind = card.kind
        if kind == "treasure":
            raise fail("S-BUILD", f"{card.id} is treasure: it goes in the treasure entry", f"item:{index}")
        at = item.get("at")
        if (at is not None) != (kind == "crew"):
            raise fail("S-CREW-PLACE", f"each crew says where it starts (@SHIP or @home), and only crew: {name}",
                       f"item:{index}")
        if kind == "ship":
            points += card.cost or 0
            ships[name] = Ship(name, card, player, player, list(range(1, (card.masts or 0) + 1)))
        elif kind == "crew":
            points += card.cost or 0
            if at != "home" and at not in fleet:
                raise fail("S-CREW-PLACE", f"{name} starts aboard {player}.{at}, which is no ship of the fleet",
                           f"item:{index}")
            crew[name] = member = Crew(name, card, player, "home" if at == "home" else f"ship:{player}.{at}")
            if at != "home":
                aboard.append(member)
        elif kind == "event":
            points += card.cost or 0
            events[name] = EventCard(name, card, player)
        else:
            forts[name] = Fort(name, card, player)
    if points > game.setup.build:
        raise fail("S-BUILD", f"{player}'s fleet costs {points} points, over the build total of "
                   f"{game.setup.build}", points=points)
    if not fleet:
        raise fail("S-BUILD", f"{player}'s fleet has no ship")
    for member in aboard:  # the order of `crew`: this fleet's crew are its last
        ship = ships[member.where[5:]]
        ship.crew.append(member.id)
        effects.check_aboard(game, ship, member, "S-CREW-PLACE")
    game.stage_done["fleet"].add(player)
    if len(game.stage_done["fleet"]) == 2:
        advance(game, "treasure")


def treasure_entry(game: GameState, player: str, action: Event) -> None:
    if game.stage != "treasure" or player in game.stage_done["treasure"]:
        raise fail("S-SETUP", f"{player}'s treasure is already given")
    items = action.records("items")
    plain_gold, types = 0, set()
    cards, tokens, ships, crew = game.cards, game.tokens, game.ships, game.crew
    for index, item in enumerate(items):
        card = cards.get(item["card"])
        name = f"{player}.{item['name']}"
        if card is None:
            raise game.no_card(item["card"], f"item:{index}")
        if card.kind != "treasure":
            raise fail("S-TREASURE", f"{card.id} is a {card.kind}, not treasure", f"item:{index}")
        if name in tokens or name in ships or name in crew:
            raise fail("S-TREASURE", f"{name} is named twice", f"item:{index}")
        if card.unique:
            if card.unique_type in types:
                raise fail("S-UNIQUE", f"{player} contributes two uniques of type {card.unique_type}",
                           f"item:{index}")
            types.add(card.unique_type)
        else:
            plain_gold += card.gold or 0
        tokens[name] = Token(name, card, player)
    if len(items) != game.setup.treasure_count:
        raise fail("S-TREASURE", f"{player} contributes {len(items)} tokens, not {game.setup.treasure_count}",
                   notes=("uniques count among the tokens (S-UNIQUE)",))
    if plain_gold != game.setup.treasure_gold:
        raise fail("S-TREASURE", f"{player}'s tokens total {plain_gold} gold, not {game.setup.treasure_gold}",
                   gold=plain_gold)
    game.stage_done["treasure"].add(player)
    if len(game.stage_done["treasure"]) == 2:
        advance(game, "roll")


def roll_entry(game: GameState, player: str, action: Event) -> None:
    die = action.get("die")
    expected = game.players[len(game.rolls) % 2]
    if player != expected:
        raise fail("S-FIRST", f"{expected} rolls next for first player", "mover")
    check_die(die, "die")
    game.rolls.append((player, die))
    if len(game.rolls) % 2 == 0:
        (_, a), (_, b) = game.rolls[-2:]
        if a != b:
            game.first = game.players[0] if a > b else game.players[1]
            advance(game, "island")


def placer(game: GameState) -> str:
    assert game.first is not None
    return game.first if len(game.placement) % 2 == 0 else game.other(game.first)


def island_entry(game: GameState, player: str, action: Event) -> None:
    if len(game.islands) >= game.setup.islands:
        raise fail("S-ISLANDS", f"all {game.setup.islands} islands are placed")
    place = action.get("place")
    _place_check(game, player, place, "S-ISLANDS")
    game.islands[place] = Island(place, player)
    game.placement.append(place)
    if len(game.islands) == game.setup.islands:
        advance(game, "terrain")


def _place_check(game: GameState, player: str, place: str, rule: str) -> None:
    if player != placer(game):
        raise fail(rule, f"{placer(game)} places the next piece (in turn from the first player)", "mover")
    _unplaced(game, place, rule)


def _unplaced(game: GameState, place: str, rule: str) -> None:
    if place in game.islands or place in game.terrain:
        raise fail(rule, f"{place} is already placed", "place")


def terrain_entry(game: GameState, player: str, action: Event) -> None:
    if len(game.islands) < game.setup.islands:
        raise fail("S-TERRAIN-PLACE", f"terrain is placed after the {game.setup.islands} islands")
    place = action.get("place")
    _unplaced(game, place, "S-TERRAIN-PLACE")
    placers = [piece.placer for piece in game.terrain.values()]
    if not terrain_in_turn(game, placers + [player]):
        raise fail("S-TERRAIN-PLACE", f"{game.other(player)} places the next terrain piece: turns alternate "
                   "from the first player until one of them has no more, and then the other places the rest",
                   "mover")
    gold = action.get("gold")
    if gold is not None and not 1 <= gold <= 6:
        raise fail("S-TERRAIN-PLACE", f"an iceberg's gold number is 1 to 6, not {gold}", "place")
    game.terrain[place] = Terrain(place, action.verb, player, gold)
    if action.verb == "iceberg":
        game.icebergs.append(place)
    game.placement.append(place)


def terrain_in_turn(game: GameState, placers: list[str]) -> bool:
    """Terrain is placed in turn from the first player until one of them has no more; the
    other then places the rest: an alternating run from the first player, then one player's
    run (S-TERRAIN-PLACE). Where one player's run can begin, it can also begin where the
    alternation stops (what follows is shorter), so only that place is tried."""
    assert game.first is not None
    turns = (game.first, game.other(game.first))
    alternating = 0
    while alternating < len(placers) and placers[alternating] == turns[alternating % 2]:
        alternating += 1
    return len(set(placers[alternating:])) <= 1


def _terrain_notice(game: GameState) -> None:
    """Unequal numbers of terrain pieces are allowed, with a notice (S-TERRAIN-PLACE)."""
    counts = {p: sum(1 for piece in game.terrain.values() if piece.placer == p) for p in game.players}
    if len(set(counts.values())) > 1:
        said = ", ".join(f"{p} {n}" for p, n in counts.items())
        game.notices.append(Violation(
            "S-TERRAIN-PLACE", f"the players placed unequal numbers of terrain pieces ({said})",
            {"terrain_pieces": counts}, part="action", severity="warning"))


def home_entry(game: GameState, player: str, action: Event) -> None:
    assert game.first is not None
    placed_last = game.stage != "home"
    game.stage = "home"
    second = game.other(game.first)
    last = game.islands[game.placement[-1]].placer if game.placement[-1] in game.islands \
        else game.terrain[game.placement[-1]].placer
    owner, place = action.get("player"), action.get("place")
    if not game.homes:
        if owner != game.first or player != last:
            raise fail("S-HOME", f"{last} placed the last piece and picks {game.first}'s home island first",
                       "mover")
    elif owner != second or player != game.first or second in game.homes:
        raise fail("S-HOME", f"{game.first} picks {second}'s home island next" if second not in game.homes
                   else "both home islands are chosen", "mover")
    island = game.islands.get(place)
    if island is None:
        raise fail("S-HOME", f"{place} is not an island", "place")
    if island.home_of is not None:
        raise fail("S-HOME", f"{place} is already {island.home_of}'s home island", "place")
    island.home_of = owner
    game.homes[owner] = place
    if placed_last:
        _terrain_notice(game)
    for ship in game.ships.values():
        if ship.owner == owner:
            ship.docked, ship.contacts = place, {place}
    for crew in game.crew.values():
        if crew.owner == owner and crew.where == "home":
            crew.where = f"island:{place}"
    if len(game.homes) == 2:
        advance(game, "deal")


def place_entry(game: GameState, player: str, action: Event) -> None:
    """A ship's pose at the start (level 2), once the homes are chosen and before the deal;
    level 1 takes it on the log's word."""
    if game.stage != "deal":
        raise fail("S-SETUP", f"ships are placed once both home islands are chosen, before the deal: the "
                   f"set-up is {awaited(game)}")
    game.own(player, action.get("ship"))
    if game.geometry is None:
        game.unchecked += 1
    else:
        game.checked += 1


def deal_entry(game: GameState, player: str, action: Event) -> None:
    if len(game.homes) < 2:
        raise fail("S-SETUP", "the treasure is dealt once both home islands are chosen")
    wild = [i for i in game.islands.values() if i.home_of is None]
    game.distributed = sum(t.gold for t in game.tokens.values() if not t.card.unique)
    if action.get("hidden"):
        game.hidden_deal = True
        for island in wild:
            island.hidden = 4
        advance(game, "play")
        return
    seen: set[str] = set()
    dealt = {deal["place"]: list(deal.get("tokens", ())) for deal in action.records("islands")}
    for place, tokens in dealt.items():
        island = game.islands.get(place)
        if island is None or island.home_of is not None:
            raise fail("S-DEAL", f"{place} is not a wild island", f"island:{place}")
        if len(tokens) != 4:
            raise fail("S-DEAL", f"{place} is dealt {len(tokens)} tokens, not 4", f"island:{place}")
        for token in tokens:
            if token not in game.tokens:
                raise fail("S-DATA-UNKNOWN", f"{token} is no token of the contributions", f"island:{place}")
            if token in seen:
                raise fail("S-DEAL", f"{token} is dealt twice", f"island:{place}")
            seen.add(token)
    missing = [i.name for i in wild if i.name not in dealt]
    if missing:
        raise fail("S-DEAL", f"wild island {missing[0]} is dealt nothing: 4 tokens a wild island")
    left = sorted(set(game.tokens) - seen)
    if left:
        raise fail("S-DEAL", f"{left[0]} is not dealt: the pool is every token contributed")
    for place, tokens in dealt.items():
        game.islands[place].tokens = tokens
        where = f"island:{place}"
        for token in tokens:
            game.tokens[token].where = where
    advance(game, "play")


_SETUP_HANDLERS: dict[str, Callable[[GameState, str, Event], None]] = {
    "fleet": fleet_entry, "treasure": treasure_entry, "roll": roll_entry, "island": island_entry,
    "terrain": terrain_entry, "home": home_entry, "deal": deal_entry}
"""Each set-up stage's handler."""
