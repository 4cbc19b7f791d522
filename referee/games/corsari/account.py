"""What a Corsari entry did, in words: the account `play`, `show --move` and the replay page give.

Worked out from the engine's views before and after the entry, so that judging spends
nothing on it: the take and the discard, the raise and its order (the fastest captain and
the home-port colour he fixes), a completion, each split (crew, dismissed, stowaways and
their total) and, when the entry ends a round, how it was scored — who wins it, whose
stowaways go into whose penalty pile, the piles each and in all — or that it was void and
is dealt again, the extra round and what brought it, a grand master, the game's end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.games.base import Consequence
from referee.games.corsari.cards import COLOUR_NAMES
from referee.games.corsari.notation import CorsariDeal, CorsariTurn
from referee.games.corsari.view import CorsariView, RoundInPlay, RoundPlayed

PENALTY_TRIGGER = 35


def account(before: CorsariView, after: CorsariView, player: str, action: Any) -> list[Consequence]:
    if isinstance(action, CorsariDeal):
        dealt = _in_play(after)
        return [Consequence(f"round {dealt['number']} is dealt: twelve cards each, the quay laid out", "C-SETUP")]
    said: list[Consequence] = []
    if isinstance(action, CorsariTurn):
        said += _steps(_in_play(before), _in_play(after), player, action)
    said += _round_end(before, after)
    return said


def _in_play(view: CorsariView) -> RoundInPlay:
    """The round under way: a turn is played in a round dealt, and a deal leaves one dealt (the
    view has none only before the first deal)."""
    current = view["current"]
    assert current is not None, "a turn or a deal leaves a round in play"
    return current


def _void(view: CorsariView) -> bool:
    """Whether the round in play (if one is) was made void by the last quay card's taking."""
    current = view["current"]
    return current is not None and current["void"]


def _cards(cards: Sequence[str]) -> str:
    return " ".join(cards) if cards else "none"


def _steps(was: RoundInPlay, now: RoundInPlay, player: str, turn: CorsariTurn) -> list[Consequence]:
    said: list[Consequence] = []
    splits = now["splits"]
    for step in turn.steps:
        if step.kind == "take":
            seen = {"pile": was["pile_top"], "quay": was["exposed"]}.get(step.source or "")
            card = step.cards[0] if step.cards else seen
            where = {"deck": "the deck", "pile": "the discard pile", "quay": "the quay"}.get(step.source or "", "")
            said.append(Consequence(f"{player} takes {card or 'the top card'} from {where}", "C-TAKE"))
            if step.source == "deck" and now["deck"] == 0 and was["deck"]:
                said.append(Consequence(f"{player} took the last card of the deck and must raise anchor",
                                        "C-LAST-DECK"))
        elif step.kind == "discard":
            said.append(Consequence(f"{player} discards {_cards(step.cards)} onto the pile", "C-DISCARD"))
        elif step.kind == "fill":
            fastest = now["fastest"]
            said.append(Consequence(f"{player} puts {_cards(step.cards)} into {fastest}'s crew, which lacked "
                                    f"{'those values' if len(step.cards) > 1 else 'that value'}; "
                                    f"{'they do' if len(step.cards) > 1 else 'it does'} not count among "
                                    f"{player}'s stowaways", "C-COMPLETE"))
        elif step.kind == "raise":
            said += _raise(was, now, player)
    split = splits.get(player)
    if split is not None and player not in was["splits"]:
        said.append(Consequence(f"{player}'s crew: {_cards(split['crew'])}", "C-CREW"))
        if split["dismissed"]:
            port = COLOUR_NAMES.get(now["port"] or "", now["port"])
            said.append(Consequence(f"dismissed, of the home-port colour {port} and outside the crew: "
                                    f"{_cards(split['dismissed'])}; back to the quay, they cost nothing",
                                    "C-DISMISS"))
        said.append(Consequence(f"{player}'s stowaways: {_cards(split['stowaways'])}, total {split['total']}",
                                "C-STOWAWAY"))
    if now["void"] and not was["void"]:
        said.append(Consequence(f"{player} took the last card of the quay: the round ends at once, void — "
                                "nothing is scored and a new round is dealt", "C-VOID"))
    return said


def _raise(was: RoundInPlay, now: RoundInPlay, player: str) -> list[Consequence]:
    order = len(now["splits"])
    if now["fastest"] == player and not was["fastest"]:
        port = now["port"] or ""
        exposed = now["exposed"]
        return [Consequence(f"{player} raises anchor first and is the fastest captain", "C-RAISE"),
                Consequence(f"the exposed quay card {exposed} makes {COLOUR_NAMES.get(port, port)} the "
                            "home-port colour for every split of the round", "C-PORT")]
    nth = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(order, f"number {order}")
    return [Consequence(f"{player} raises anchor {nth}, after the fastest captain {now['fastest']}",
                        "C-RAISE")]


def _round_end(before: CorsariView, after: CorsariView) -> list[Consequence]:
    history, earlier = after["history"], before["history"]
    if len(history) <= len(earlier):
        return []
    said: list[Consequence] = []
    last = history[-1]
    if last["void"]:
        if not _void(before) and not _void(after):
            said.append(Consequence(f"round {last['round']} is void: nothing is scored and a new round is dealt",
                                    "C-VOID"))
    else:
        said += _scored(before, after, last)
    if after["extra_round"] and not before["extra_round"]:
        said.append(Consequence(f"the penalty piles hold {after['penalty_total']} cards, "
                                f"{PENALTY_TRIGGER} or more: one more round is played, then the game ends",
                                "C-END"))
    if after["over"] and not before["over"]:
        said += _end(after, last)
    return said


def _scored(before: CorsariView, after: CorsariView, last: RoundPlayed) -> list[Consequence]:
    """A round scored (not void), which says its figures: `fastest`, `totals` and `penalty`."""
    totals: dict[str, int] = last["totals"]
    fastest: str = last["fastest"]
    mine = totals[fastest]
    others = [p for p in totals if p != fastest]
    said = [Consequence("stowaways " + ", ".join(f"{p} {t}" for p, t in totals.items())
                        + f"; the fastest captain {fastest} has {mine}", "C-SCORE")]
    if all(mine < totals[p] for p in others):
        said.append(Consequence(f"{fastest}, the fastest captain, is below everyone else and wins the round: "
                                "his stowaways cost him nothing", "C-SCORE"))
        for p in others:
            said.append(Consequence(f"{p} puts his own stowaways into his penalty pile "
                                    f"({last['penalty'][p]} cards)", "C-SCORE"))
    else:
        caught = [p for p in others if totals[p] <= mine]
        taken = f" and those of {', '.join(caught)}" if caught else ""
        said.append(Consequence(f"{fastest} is not below everyone else, so he takes his own stowaways{taken} "
                                f"into his penalty pile: {last['penalty'][fastest]} cards", "C-SCORE"))
        for p in others:
            if p in caught:
                said.append(Consequence(f"{p}, at {totals[p]}, not above {mine}, takes nothing", "C-SCORE"))
            else:
                said.append(Consequence(f"{p}, above {mine}, puts his own stowaways into his penalty pile "
                                        f"({last['penalty'][p]} cards)", "C-SCORE"))
    piles = after["penalty"]
    said.append(Consequence("penalty piles " + ", ".join(f"{p} {len(cards)}" for p, cards in piles.items())
                            + f"; {after['penalty_total']} cards in all", "C-SCORE"))
    for master in last.get("grand_masters", []):
        said.append(Consequence(f"{master} raised anchor with no stowaway at all: grand master", "C-GRAND-MASTER"))
    return said


def _end(after: CorsariView, last: RoundPlayed) -> list[Consequence]:
    said = [Consequence(f"the game is over: {after['end'] or 'its end is reached'}", "C-END")]
    masters = last.get("grand_masters", [])
    piles = {p: len(cards) for p, cards in after["penalty"].items()}
    if masters:
        said.append(Consequence(f"{' and '.join(masters)} win{'s' if len(masters) == 1 else ''} as grand master",
                                "C-GRAND-MASTER"))
    elif piles:
        fewest = min(piles.values())
        winners = [p for p, count in piles.items() if count == fewest]
        said.append(Consequence(f"the fewest penalty cards win: {' and '.join(winners)}, with {fewest}", "C-END"))
    return said
