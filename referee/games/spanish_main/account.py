"""What a Pirates of the Spanish Main entry did, in words: the account `play`, `show --move`
and the replay page give.

Worked out from the engine's views before and after the entry, so that judging spends
nothing on it: what the entry does (its verb, in words: a shot's hits and misses, a
move's docking and terrain, an exploration, a tow, a fort built), then what changed on
the table because of it — masts lost or repaired, a ship made derelict, entangled, lost in
fog or sunk (and where its treasure went), treasure taken aboard, unloaded or left, forts
built and destroyed, gold at home — and the gold that wins.
"""

from __future__ import annotations

from typing import Any

from referee.games.base import Consequence
from referee.games.spanish_main.notation import Event
from referee.games.spanish_main.view import ShipView, SpanishMainView

SETUP_RULES = {"fleet": "S-BUILD", "treasure": "S-TREASURE", "roll": "S-FIRST", "island": "S-ISLANDS",
               "fog": "S-TERRAIN-PLACE", "sargasso": "S-TERRAIN-PLACE", "reef": "S-TERRAIN-PLACE",
               "iceberg": "S-TERRAIN-PLACE", "home": "S-HOME", "deal": "S-DEAL", "place": "S-GEO-SETUP"}
FACT_RULES = {"dock": "S-DOCK", "fog": "S-FOG", "reef": "S-REEF", "sargasso": "S-SARGASSO", "touch": "S-L1-CONTACT",
              "bow": "S-L1-CONTACT", "reveal": "S-HIDDEN", "towed reef": "S-TOW", "towed sargasso": "S-TOW"}


def account(before: SpanishMainView, after: SpanishMainView, player: str, action: Any) -> list[Consequence]:
    said = _entry(before, after, player, action) if isinstance(action, Event) else []
    said += _ships(before, after)
    said += _islands_and_forts(before, after)
    said += _gold(before, after, any(c.ruling == "S-SINK-SPLIT" for c in said))
    return said


def _entry(before: SpanishMainView, after: SpanishMainView, player: str, event: Event) -> list[Consequence]:
    verb, get = event.verb, event.get
    who = player
    if verb in SETUP_RULES:
        text = {"fleet": f"{who} builds a fleet of {len(get('items', ()))} cards",
                "treasure": f"{who} puts {len(get('items', ()))} treasure tokens into the deal",
                "roll": f"{who} rolls {get('die')} for first player",
                "home": f"{who} chooses {get('place')} as {get('player')}'s home island",
                "deal": "the treasure is dealt onto the wild islands",
                }.get(verb, f"{who} places {verb} {get('place') or ''}".rstrip())
        return [Consequence(text, SETUP_RULES[verb])]
    ship = get("ship")
    if verb == "move":
        said = [Consequence(f"{ship} moves {'+'.join(get('segments', ())) or 'no segment'}", "S-MOVE")]
        for fact in event.records("facts"):
            kind = fact.get("fact", "")
            rule = FACT_RULES.get(kind, "S-MOVE")
            if kind == "dock":
                said.append(Consequence(f"{ship} docks at {fact.get('target')}", rule))
            elif kind in ("reef", "towed reef"):
                die = fact.get("die")
                masts = fact.get("masts") or ()
                lost = f": loses mast {', '.join(map(str, masts))}" if masts else ": no mast lost"
                said.append(Consequence(f"{ship} crosses reef {fact.get('target')}"
                                        + (f", die {die}" if die is not None else "") + lost, rule))
            elif kind in ("sargasso", "towed sargasso"):
                said.append(Consequence(f"{ship} enters sargasso {fact.get('target')} and is entangled", rule))
            elif kind == "fog":
                said.append(Consequence(f"{ship} enters fog bank {fact.get('target')}", rule))
            elif kind in ("touch", "bow"):
                said.append(Consequence(f"{ship} ends in contact with {fact.get('target')}", rule))
        return said
    if verb == "shoot":
        said = []
        for fire in event.records("fires"):
            target, die = fire.get("target"), fire.get("die")
            weapon = f"{fire.get('weapon', 'mast')} {fire.get('mast')}"
            if fire.get("lose") is not None:
                said.append(Consequence(f"{ship or get('fort')}'s {weapon} fires at {target} ({fire.get('range')}), "
                                        f"die {die}: a hit, {target} loses mast {fire.get('lose')}", "S-HIT"))
            elif _sinks(before, after, target):
                said.append(Consequence(f"{ship or get('fort')}'s {weapon} fires at the derelict {target} "
                                        f"({fire.get('range')}), die {die}: a hit, and it sinks", "S-SINK"))
            else:
                rule = "S-ONE-MISSES" if die == 1 else "S-HIT"
                said.append(Consequence(f"{ship or get('fort')}'s {weapon} fires at {target} ({fire.get('range')}), "
                                        f"die {die}: a miss", rule))
        return said or [Consequence(f"{ship} shoots", "S-SHOOT")]
    if verb == "explore":
        taken = get("takes")
        what = (", ".join(taken) if isinstance(taken, tuple) else f"{taken} tokens") if taken else "nothing"
        return [Consequence(f"{ship} explores and takes {what}", "S-EXPLORE")]
    if verb == "board":
        rolls = ", ".join(f"{r.get('player')} {r.get('die')}" for r in event.records("rolls"))
        result = get("result")
        outcome = f"{result} {get('item')}" if result else "nothing comes of it"
        return [Consequence(f"boarding party: {rolls}; the winner {outcome}", "S-BOARD")]
    if verb == "ram":
        mast = get("mast")
        return [Consequence(f"{ship} rams {get('target')}, die {get('die')}"
                            + (f": {get('target')} loses mast {mast}" if mast is not None else ": no mast lost"),
                            "S-RAM")]
    if verb == "tow":
        return [Consequence(f"{ship} takes the derelict {get('target')} in tow", "S-TOW")]
    if verb == "release":
        return [Consequence(f"{ship} lets go of the derelict it towed", "S-TOW")]
    if verb == "repair":
        return [Consequence(f"{ship} repairs mast {get('mast')}", "S-REPAIR")]
    if verb == "scuttle":
        return [Consequence(f"{ship} is scuttled (die {get('die')})", "S-SCUTTLE")]
    if verb == "free":
        return [Consequence(f"{ship} tries to free itself, die {get('die')}", "S-SARGASSO")]
    if verb == "about":
        return [Consequence(f"{ship} comes about", "S-COME-ABOUT")]
    if verb == "unload":
        return [Consequence(f"{ship} unloads {', '.join(get('tokens', ()))} into {get('fort')}", "S-FORT-TREASURE")]
    if verb == "load":
        return [Consequence(f"{ship} loads gold out of {get('fort')}", "S-FORT-TREASURE")]
    if verb == "build":
        return [Consequence(f"{who} builds fort {get('fort')} on {get('place')}", "S-FORT-BUILD")]
    if verb in ("land", "embark", "transfer"):
        return [Consequence(f"{ship} {verb}s crew {', '.join(get('crew', ()) or ())}", "S-CREW-MOVE")]
    if verb == "icebergs":
        return [Consequence(f"the icebergs' roll is {get('die')}", "S-ICEBERG")]
    if verb == "drift":
        return [Consequence(f"iceberg {get('place')} drifts, die {get('die')}", "S-ICEBERG")]
    if verb == "end":
        return [Consequence(f"{who} ends turn {before['turn']}", "S-TURN")]
    if verb == "resign":
        return [Consequence(f"{who} resigns", "S-WIN")]
    if verb in ("ability", "event", "effect"):
        return [Consequence(f"{who}: {verb} {' '.join(str(v) for _, v in event.fields if isinstance(v, str))}",
                            "S-ABILITY-DECLARED" if verb == "ability" else "S-EVENT" if verb == "event"
                            else "S-ABILITY")]
    if verb == "reveal":
        return [Consequence(f"face-down tokens are named: {', '.join(get('tokens', ()) or ())}", "S-HIDDEN")]
    return [Consequence(f"{who}: {verb}", "S-TURN")]


def _home_dock(ship: ShipView, view: SpanishMainView) -> str | None:
    """The home island of the ship's controller where it is docked, if it is."""
    homes = {island["name"] for island in view["islands"] if island["home_of"]
             and any(ship["id"] in (s["id"] for s in fleet) for owner, fleet in view["fleets"].items()
                     if owner == island["home_of"])}
    docked = [state[len("docked at "):] for state in ship["state"] if state.startswith("docked at ")]
    return next((name for name in docked if name in homes), None)


def _sinks(before: SpanishMainView, after: SpanishMainView, target: str) -> bool:
    was, now = _ships_by_id(before).get(target), _ships_by_id(after).get(target)
    return bool(was and now and "derelict" in was["state"] and "sunk" in now["state"])


def _ships_by_id(view: SpanishMainView) -> dict[str, ShipView]:
    return {ship["id"]: ship for fleet in view["fleets"].values() for ship in fleet}


def _standing(ship: ShipView) -> set[int]:
    return {mast["mast"] for mast in ship["masts"] if mast["standing"]}


def _token(text: str) -> str:
    return text.split(" ")[0]


def _ships(before: SpanishMainView, after: SpanishMainView) -> list[Consequence]:
    said: list[Consequence] = []
    was, now = _ships_by_id(before), _ships_by_id(after)
    for ship_id, ship in now.items():
        old = was.get(ship_id)
        if old is None:
            continue
        lost = sorted(_standing(old) - _standing(ship))
        back = sorted(_standing(ship) - _standing(old))
        if lost and "sunk" not in ship["state"]:
            said.append(Consequence(f"{ship_id} has lost mast {', '.join(map(str, lost))}: "
                                    f"{len(_standing(ship))} still standing", "S-MAST-LOSS"))
        if back:
            said.append(Consequence(f"{ship_id} has mast {', '.join(map(str, back))} standing again", "S-REPAIR"))
        states = [s for s in ship["state"] if s not in old["state"] and not s.startswith("docked at")]
        for state in states:
            said.append(_state_consequence(ship_id, state))
        gone = [t for t in old["treasure"] if t not in ship["treasure"]]
        came = [t for t in ship["treasure"] if t not in old["treasure"]]
        if came:
            said.append(Consequence(f"{ship_id} takes aboard {', '.join(came)}; load {ship['load']} of "
                                    f"{ship['cargo']}", "S-CARGO"))
        if gone and "sunk" not in ship["state"]:
            home = _home_dock(ship, after)
            if home:
                said.append(Consequence(f"{ship_id}, docked at its home island {home}, unloads "
                                        f"{', '.join(map(_token, gone))}", "S-UNLOAD"))
            else:
                said.append(Consequence(f"{ship_id} no longer carries {', '.join(map(_token, gone))}", "S-CARGO"))
        if "sunk" in ship["state"] and "sunk" not in old["state"] and old["treasure"]:
            said.append(_sinking_split(ship_id, old, now, before, after))
    return said


def _sinking_split(ship_id: str, old: ShipView, now: dict[str, ShipView],
                   before: SpanishMainView, after: SpanishMainView) -> Consequence:
    """Where a sunk ship's gold went: half (rounded up) to the player who sank it, the rest to
    its controller, each onto their home island."""
    values = {}
    for text in old["treasure"]:
        token, _, gold = text.partition(" (")
        values[token] = int(gold.rstrip(")")) if gold.rstrip(")").isdigit() else 0
    total = sum(values.values())
    sinker = after["player"] or ""
    controller = next((owner for owner, fleet in before["fleets"].items()
                       if any(ship["id"] == ship_id for ship in fleet)), "")
    if sinker == controller or not total:
        return Consequence(f"{ship_id} goes down with {', '.join(values) or 'nothing'}: nobody gains its gold",
                           "S-SINK-SPLIT")
    return Consequence(f"{ship_id} carried {total} gold ({', '.join(values)}): {sinker}, who sank it, gets "
                       f"{(total + 1) // 2} and {controller} {total // 2}, each onto their home island",
                       "S-SINK-SPLIT")


def _state_consequence(ship_id: str, state: str) -> Consequence:
    if state == "sunk":
        return Consequence(f"{ship_id} sinks: its crew are eliminated, its uniques leave the game", "S-SINK")
    if state == "derelict":
        return Consequence(f"{ship_id} has lost every mast: it is a derelict", "S-DERELICT")
    if state == "wreck":
        return Consequence(f"{ship_id} is a wreck", "S-WRECK")
    if state.startswith("pinned by"):
        return Consequence(f"{ship_id} is {state}", "S-PIN")
    if state.startswith("lost in"):
        return Consequence(f"{ship_id} is {state}", "S-FOG")
    if state.startswith("entangled in"):
        return Consequence(f"{ship_id} is {state}", "S-SARGASSO")
    if state.startswith("towing") or state.startswith("towed by"):
        return Consequence(f"{ship_id} is {state}", "S-TOW")
    if state.startswith("scuttled"):
        return Consequence(f"{ship_id} is {state}", "S-SCUTTLE")
    return Consequence(f"{ship_id}: {state}", "S-AUTO")


def _islands_and_forts(before: SpanishMainView, after: SpanishMainView) -> list[Consequence]:
    said: list[Consequence] = []
    was = {island["name"]: island for island in before["islands"]}
    for island in after["islands"]:
        old = was.get(island["name"])
        if old is None:
            continue
        left = [t for t in island["tokens"] if t not in old["tokens"]]
        if left:
            said.append(Consequence(f"{', '.join(left)} left on {island['name']}", "S-EXPLORE"))
        explorers = [p for p in island["explored_by"] if p not in old["explored_by"]]
        for explorer in explorers:
            said.append(Consequence(f"{island['name']} is explored by {explorer}", "S-EXPLORE"))
        if island["gold"] != old["gold"] and island["gold"]:
            said.append(Consequence(f"{island['name']} has {island['gold']} gold lying on it", "S-GOLD"))
    forts = {fort["id"]: fort for fort in before["forts"]}
    for fort in after["forts"]:
        earlier = forts.get(fort["id"])
        if earlier is None:
            said.append(Consequence(f"fort {fort['id']} stands on {fort['island']} for {fort['owner']}",
                                    "S-FORT-BUILD"))
        elif earlier["state"] != fort["state"]:
            said.append(Consequence(f"fort {fort['id']} is {fort['state']}", "S-FORT-HIT"))
        elif earlier["gold"] != fort["gold"]:
            said.append(Consequence(f"fort {fort['id']} holds {fort['gold']} gold", "S-FORT-TREASURE"))
    return said


def _gold(before: SpanishMainView, after: SpanishMainView, sinking: bool) -> list[Consequence]:
    said: list[Consequence] = []
    was = before["gold"]
    for player, gold in after["gold"].items():
        old = was[player]  # the same players in every position of a game
        if gold["home"] != old["home"]:
            said.append(Consequence(f"{player} has {gold['home']} gold at home ({gold['total']} in all; "
                                    f"{after['to_win']} wins)", "S-SINK-SPLIT" if sinking
                                    else "S-UNLOAD" if gold["home"] > old["home"] else "S-GOLD"))
    if after["winner"] and not before["winner"]:
        totals = ", ".join(f"{p} {g['total']}" for p, g in after["gold"].items())
        said.append(Consequence(f"{after['winner']} wins: more than half the {after['distributed']} gold "
                                f"distributed ({totals})", "S-WIN"))
    return said
