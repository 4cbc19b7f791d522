"""What a Pirates & Perroquets entry did, in words: the account `play`, `show --move` and the
replay page give.

Worked out from the engine's views before and after the entry, so that judging spends
nothing on it. The entry that closes a round's decisions is where the rules do most: its
account is the round as the referee worked it out for `show` (the view's `last_round`) —
each parrot's flight (where it stops, who catches it, which leave the board), the ships'
order, each ship's path square by square with what it picked up, left or lost and why
(island, edge, meeting, stuck) — then the holds it leaves, and the end.
"""

from __future__ import annotations

from typing import Any

from referee.games.base import Consequence
from referee.games.perroquets.notation import Claim, Decide, Draw, Lose, PlaceParrots, PlaceShip, Reveal, RollWind
from referee.games.perroquets.position import BoardView, PerroquetsView, RoundPlayed

WIND_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def account(before: PerroquetsView, after: PerroquetsView, player: str, action: Any) -> list[Consequence]:
    said = _entry(before, after, player, action)
    last, earlier = after["last_round"], before["last_round"]
    if last is not None and (earlier is None or earlier["number"] != last["number"]
                             or earlier["flights"] != last["flights"]
                             or earlier["order"] != last["order"]):
        said += round_account(last, after["board"])
    said += _holds(before, after)
    if after["over"] and not before["over"]:
        said.append(Consequence(f"the game is over: it ended {after['end']}", "P-END"))
        holds = {p: h["count"] for p, h in after["holds"].items()}
        if holds:
            best = max(holds.values())
            winners = [p for p, count in holds.items() if count == best]
            said.append(Consequence("holds " + ", ".join(f"{p} {n}" for p, n in holds.items())
                                    + f": {' and '.join(winners)} win{'s' if len(winners) == 1 else ''}", "P-SCORE"))
    return said


def _entry(before: PerroquetsView, after: PerroquetsView, player: str, action: Any) -> list[Consequence]:
    if isinstance(action, PlaceShip):
        return [Consequence(f"{player} places his ship on {action.square}", "P-SETUP-SHIPS")]
    if isinstance(action, PlaceParrots):
        rule = "P-SETUP-PARROTS" if before["phase"] in ("ships", "waves") else "P-PLACE"
        values = " ".join(map(str, action.values))
        said = [Consequence(f"parrots {values} from the bag wait on the dots of side {action.side}, "
                            f"formation {action.formation}", rule)]
        if action.colour:
            said.append(Consequence(f"the parrots show {action.colour}", "P-FLIP"))
        return said
    if isinstance(action, RollWind):
        wind = after["wind"] or ""
        return [Consequence(f"the wind die shows {action.roll}: the wind blows toward {WIND_WORDS.get(wind, wind)}",
                            "P-WIND")]
    if isinstance(action, Draw):
        piles = ", ".join(slot.pile + (f" ({slot.card})" if slot.card else "") for slot in action.draws)
        return [Consequence(f"{player} draws from {piles}", "P-DRAW")]
    if isinstance(action, Reveal):
        return [Consequence("the cards drawn are shown: " + "; ".join(f"{who} {' '.join(cards)}"
                                                                     for who, cards in action.hands), "P-REVEAL")]
    if isinstance(action, Decide):
        if action.card is None and action.colour is None:
            return [Consequence(f"{player} makes no decision: the ship stays and loses 3 parrots", "P-STUCK")]
        decision = after["decisions"].get(player)  # a stuck ship's decision says no weight
        weighed = decision.get("weight") if decision is not None else None
        weight = f", weight {weighed}" if weighed is not None else ""
        card = action.card or "a card"
        return [Consequence(f"{player} takes {card} and chooses {action.colour}{weight}", "P-CHOOSE")]
    if isinstance(action, Lose):
        return [Consequence(f"{player} names the parrots lost or given: {' '.join(map(str, action.values))}",
                            "P-LOSE")]
    if isinstance(action, Claim):
        claimed = " ".join(part for part in (action.subject, action.kind, action.value) if part)
        return [Consequence(f"the claim '{claimed}' agrees with the round as the referee works it out", "P-CLAIM")]
    return []


HAPPENINGS = (("island", "P-ISLAND"), ("picks up", "P-PICKUP"), ("leaves a", "P-PICKUP"), ("meets", "P-MEET"),
              ("the next step leaves the board", "P-EDGE"), ("stays", "P-EDGE"))
"""What befell a ship on a square (as `show` words it), by its first words, and the ruling."""


def round_account(last: RoundPlayed, board: BoardView) -> list[Consequence]:
    """The round as the referee worked it out (the view's `last_round`), a consequence a line."""
    said: list[Consequence] = []
    number = last["number"]
    width, height = board["width"], board["height"]
    for flight in last["flights"]:
        over = flight["over"]
        x, y = flight["from"]["x"], flight["from"]["y"]
        start = f"{chr(97 + x)}{y + 1}" if 0 <= x < width and 0 <= y < height else "its dot"
        if flight["outcome"] == "captured":
            end = f"caught by {flight['by']}'s ship over {over[-1]}" if over else f"caught by {flight['by']}"
        elif flight["outcome"] == "gone":
            end = "flies off the board and is gone"
        else:
            end = f"stops over {over[-1]}" if over else "stays"
        said.append(Consequence(f"a {flight['value']} flies from {start} over {' '.join(over) or 'nothing'}: {end}",
                                flight["rule"] or "P-FLY"))
    for stuck in last["stuck"]:
        said.append(Consequence(f"{stuck} is stuck: his ship stays and loses 3 parrots", "P-STUCK"))
    order = last["order"]
    if order:
        said.append(Consequence(f"round {number}: the ships sail in the order "
                                + ", ".join(f"{v['player']} (weight {v['weight']}, {v['crossed']} sea)"
                                            for v in order), "P-SHIP-ORDER"))
    for voyage in order:
        squares = " ".join(step["square"] for step in voyage["path"]) or "nowhere"
        said.append(Consequence(f"{voyage['player']} sails from {voyage['start']} through {squares}", "P-SHIP-PATH"))
        for step in voyage["path"]:
            for what in step["happened"]:
                rule = next((rule for word, rule in HAPPENINGS if what.startswith(word)), "P-SHIP")
                said.append(Consequence(f"{voyage['player']} on {step['square']}: {what}", rule))
    return said


def _holds(before: PerroquetsView, after: PerroquetsView) -> list[Consequence]:
    was, now = before["holds"], after["holds"]
    changed = [p for p in now if p in was and was[p] != now[p]]
    if not changed:
        return []
    return [Consequence("holds now " + ", ".join(
        f"{p} {now[p]['count']}" + (f" ({' '.join(map(str, now[p]['values']))})" if now[p]["values"] else "")
        for p in changed) + (f"; {after['gone']} parrots gone in all" if after["gone"] != before["gone"]
                             else ""), "P-LOSE")]
