"""A Corsari state as data (its fields declared) and as a referee reads it in a terminal."""

from __future__ import annotations

from typing import TypedDict

from referee.games.base import RoundView
from referee.games.corsari.cards import COLOUR_NAMES


class HandView(TypedDict):
    """A player's hand as far as the log lets it be known: `size` cards, `known` of them named."""

    size: int
    known: list[str]
    unknown: int


class SplitView(TypedDict):
    """How a player who raised anchor split the hand: the crew, the cards dismissed and the
    stowaways (`total` is the crew's strength), and the cards the fastest captain filled with."""

    crew: list[str]
    dismissed: list[str]
    stowaways: list[str]
    filled: list[str]
    total: int


class RoundInPlay(TypedDict):
    """The round under way: the quay, the deck and pile, the hands and the splits so far."""

    number: int
    first: str
    deck: int
    pile_top: str | None
    pile: int
    quay: list[str]
    exposed: str | None
    port: str | None
    """The home-port colour: fixed once the fastest captain raised, else the exposed card's."""
    port_fixed: bool
    deal_known: bool
    hands: dict[str, HandView]
    fastest: str | None
    splits: dict[str, SplitView]
    void: bool


class _RoundEnded(TypedDict):
    round: int
    void: bool


class RoundPlayed(_RoundEnded, total=False):
    """A round as it ended; a void round (the last quay card taken) scores nothing, so it
    says only that. (The keys it may lack are declared in a class of their own: under
    postponed annotations Python 3.11 would take `NotRequired` for a required key.)"""

    fastest: str
    totals: dict[str, int]
    penalty: dict[str, int]
    """The penalty cards each player took that round."""
    grand_masters: list[str]


class CorsariView(RoundView):
    """A Corsari position (`CorsariEngine.view`): `next` is whose entry is next in the round
    (a turn, or a split once the fastest captain raised), None between rounds."""

    phase: str
    turns: int
    end: str | None
    current: RoundInPlay | None
    penalty: dict[str, list[str]]
    penalty_total: int
    extra_round: bool
    history: list[RoundPlayed]


def render_view(view: CorsariView) -> list[str]:
    lines: list[str] = []
    status = "game over: " + (view["end"] or "") if view["over"] else (
        f"{view['next']} to play next" if view["next"] else "between rounds")
    entries = "entry" if view["turns"] == 1 else "entries"
    lines.append(f"Round {view['round']}, after {view['turns']} {entries} — {status}")
    extra = " · the extra round is being played" if view["extra_round"] and not view["over"] else ""
    lines.append(f"Penalty cards in all: {view['penalty_total']} (35 triggers one more round){extra}")
    current = view["current"]
    if current is not None:
        lines.append("")
        deal = "deal known" if current["deal_known"] else "deal not given: hands partly unknown"
        lines.append(f"Round {current['number']}: first player {current['first']} · deck {current['deck']} "
                     f"cards · discard pile {current['pile']} (top {current['pile_top'] or '-'}) · {deal}")
        port = current["port"]
        fixed = " (fixed when the fastest captain raised)" if current["port_fixed"] else ""
        exposed = current["exposed"] or "-"
        lines.append(f"Quay: {' '.join(current['quay']) or '-'} — exposed {exposed}; home-port colour "
                     f"{COLOUR_NAMES.get(port, '-') if port else '-'}{fixed}")
        if current["void"]:
            lines.append("The round is void: the last quay card was taken.")
        lines.append("")
        lines.append("Hands")
        width = max(len(p) for p in current["hands"])
        for player, hand in current["hands"].items():
            shown = " ".join(hand["known"])
            if hand["unknown"]:
                shown = f"{shown} + {hand['unknown']} unknown" if shown else f"{hand['unknown']} unknown"
            lines.append(f"  {player:<{width}}  {hand['size']:>2} cards  {shown or '-'}")
        if current["fastest"]:
            lines.append("")
            lines.append(f"Raised anchor (fastest captain: {current['fastest']})")
            for player, split in current["splits"].items():
                filled = f"; filled {' '.join(split['filled'])}" if split["filled"] else ""
                lines.append(f"  {player:<{width}}  crew {' '.join(split['crew']) or '-'}; dismissed "
                             f"{' '.join(split['dismissed']) or '-'}; stowaways {' '.join(split['stowaways']) or '-'}"
                             f" = {split['total']}{filled}")
    lines.append("")
    lines.append("Penalty piles")
    width = max(len(p) for p in view["penalty"])
    for player, cards in view["penalty"].items():
        lines.append(f"  {player:<{width}}  {len(cards):>2} cards  {' '.join(cards) or '-'}")
    return lines
