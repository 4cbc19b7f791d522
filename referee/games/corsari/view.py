"""A Corsari state as a referee reads it in a terminal."""

from __future__ import annotations

from typing import Any

from referee.games.corsari.cards import COLOUR_NAMES


def render_view(view: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    status = "game over: " + view["end"] if view["over"] else (
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
