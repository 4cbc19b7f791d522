"""What a Korsar entry did, in words: the account `play`, `show --move` and the replay page give.

Worked out from the engine's views before and after the entry, so that judging spends
nothing on it: the galleons the capture phase took (and why the mover held each), the
galleons the mover could not take for a tie, the card drawn, placed or played and what
it did to the galleon's control, a character chased, the end and the score.
"""

from __future__ import annotations

from referee.games.base import Consequence
from referee.games.korsar.cards import CARDS
from referee.games.korsar.notation import KorsarAction
from referee.games.korsar.view import GalleonView, KorsarView


def account(before: KorsarView, after: KorsarView, player: str, action: KorsarAction) -> list[Consequence]:
    said: list[Consequence] = []
    side = _side_of(player, after)
    teams = "+" in side
    said += _captures(before, after, player, side, teams)
    said += _action(before, after, player, side, action)
    if after["over"] and not before["over"]:
        said += _end(after)
    return said


def _side_of(player: str, view: KorsarView) -> str:
    for side in view["score"]:
        if player in side.split("+"):
            return side
    return player


def _key(galleon: GalleonView) -> tuple[str, int, int]:
    return galleon["placed_by"], galleon["value"], galleon["round"]


def _why_held(galleon: GalleonView, side: str) -> str:
    """Why `side` held a galleon at the start of the turn, by K-CONTROL's order of reasons."""
    character = galleon["character"]
    if character is not None:
        return f"{side}'s {character['card']} commands it"
    forces = galleon["forces"]
    if not forces:
        return "nobody attacked it, so its owner's side holds it"
    own = next(force for force in forces if force["side"] == side)
    others = [f"{force['side']} {force['strength']}" for force in forces if force["side"] != side]
    beaten = f" beats {', '.join(others)}" if others else ", unopposed"
    return f"{side}'s pirate strength {own['strength']}{beaten}"


def _captures(before: KorsarView, after: KorsarView, player: str, side: str,
              teams: bool) -> list[Consequence]:
    said: list[Consequence] = []
    table_after = {_key(g) for g in after["table"]}
    rule = "K-TEAM-CAPTURE" if teams else "K-CONTROL"
    taken = [g for g in before["table"] if _key(g) not in table_after
             and g["controlled_by"] == side and _taken_by_capture(before, after, side, g)]
    for galleon in taken:
        said.append(Consequence(f"{player} takes galleon {galleon['galleon']} ({galleon['value']} gold) for "
                                f"{side}: {_why_held(galleon, side)}", rule))
    for galleon in before["table"]:
        if galleon["controlled_by"] is None and any(f["side"] == side for f in galleon["forces"]):
            top = max(f["strength"] for f in galleon["forces"])
            tied = [f["side"] for f in galleon["forces"] if f["strength"] == top]
            said.append(Consequence(f"{galleon['galleon']} is not taken: {' and '.join(tied)} tie at strength "
                                    f"{top}, so nobody holds it", "K-CONTROL"))
    return said


def _taken_by_capture(before: KorsarView, after: KorsarView, side: str, galleon: GalleonView) -> bool:
    """A galleon gone from the table into the side's loot (not swept there at the game's end)."""
    return galleon["value"] in after["last_captures"] or not after["over"]


def _action(before: KorsarView, after: KorsarView, player: str, side: str,
            action: KorsarAction) -> list[Consequence]:
    kind = action.kind
    if kind == "draw":
        shown = f" ({action.card})" if action.card else ""
        return [Consequence(f"{player} draws a card{shown}; {after['deck']} left in the deck", "K-DRAW")]
    card = action.card or ""
    info = CARDS.get(card)
    if kind == "discard":
        return [Consequence(f"{player} discards {card}, out of the game (the deck is empty)", "K-DISCARD")]
    if kind == "galleon" or (info is not None and info.kind == "galleon"):
        return [Consequence(f"{player} places a galleon of {info.value if info else '?'} gold on the table, "
                            f"held by {side} while nobody attacks it", "K-GALLEON")]
    if info is None or action.target is None:
        return [Consequence(f"{player} plays {card}", "K-HAND")]
    target = _target_after(after, action)
    said: list[Consequence] = []
    name = target["galleon"] if target else str(action.target)
    if info.kind == "pirate":
        force = next((f for f in target["forces"] if f["side"] == side), None) if target else None
        strength = f": {side}'s strength on it is now {force['strength']}" if force else ""
        said.append(Consequence(f"{player}'s {info.describe()} attacks {name}{strength}", "K-PIRATE"))
    else:
        rule = "K-CAPTAIN" if info.kind == "captain" else "K-ADMIRAL"
        said.append(Consequence(f"{player}'s {info.describe()} boards {name}: whoever holds the character "
                                "controls the galleon", rule))
        if after["last_chased"]:
            said.append(Consequence(f"it chases {after['last_chased']}, which leaves the game", "K-CHARACTER"))
    if target is not None:
        holder = target["controlled_by"]
        said.append(Consequence(f"{name} is now held by {holder}" if holder else
                                f"{name} is tied: nobody holds it", "K-CONTROL"))
    return said


def _target_after(after: KorsarView, action: KorsarAction) -> GalleonView | None:
    ref = action.target
    assert ref is not None
    found = [g for g in after["table"] if g["placed_by"] == ref.owner and g["value"] == ref.value
             and (ref.round is None or g["round"] == ref.round)]
    return found[-1] if found else None


def _end(after: KorsarView) -> list[Consequence]:
    said = [Consequence("the deck is empty and a side has no card left: the game is over, and each galleon "
                        "still on the table goes to the side that holds it", "K-END")]
    left = after["left_on_table"]
    if left:
        said.append(Consequence(f"left on the table, tied: {', '.join(left)}", "K-END"))
    scores = after["score"]
    settled = {side: value for side, value in scores.items() if value is not None}
    if scores and len(settled) == len(scores):
        best = max(settled.values())
        winners = [side for side, value in settled.items() if value == best]
        table = ", ".join(f"{side} {value}" for side, value in settled.items())
        said.append(Consequence(f"score (gold taken less galleons left in hand): {table}; "
                                f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}", "K-SCORE"))
    else:
        said.append(Consequence("the score waits for the hands shown at the end", "K-HIDDEN"))
    return said
