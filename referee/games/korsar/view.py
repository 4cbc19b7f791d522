"""A Korsar state as a referee reads it in a terminal."""

from __future__ import annotations

from typing import Any


def render_view(view: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    if view["over"]:
        status = "game over"
    elif view["turns"] == 0:
        status = f"before the first turn — {view['next']} to play"
    else:
        status = f"{view['next']} to play next"
    turns = "turn" if view["turns"] == 1 else "turns"
    lines.append(f"Round {view['round']}, after {view['turns']} {turns} — {status}")
    deal = "deal known" if view["deal_known"] else "deal not given: hands partly unknown"
    lines.append(f"Deck: {_cards(view['deck'])} · out of the game: {_cards(view['out_of_game'])} · {deal}")
    if view["last_captures"]:
        lines.append("Last capture phase took: " + ", ".join(f"galleon of {v}" for v in view["last_captures"]))
    if view["last_chased"]:
        lines.append(f"Last turn chased: {view['last_chased']}")
    lines.append("")
    lines.append("Table" if view["table"] else "Table: no galleon")
    width = max((len(g["galleon"]) for g in view["table"]), default=0)
    for galleon in view["table"]:
        holder = galleon["controlled_by"] or "nobody (tie)"
        reason = ""
        if galleon["character"]:
            reason = f" (its character {galleon['character']['card']})"
        elif not galleon["forces"]:
            reason = " (unattacked)"
        lines.append(f"  {galleon['galleon']:<{width}}  {galleon['value']} gold, placed by "
                     f"{galleon['placed_by']} in round {galleon['round']} — held by {holder}{reason}")
        for force in sorted(galleon["forces"], key=lambda f: -f["strength"]):  # the strongest first
            lines.append(f"  {'':<{width}}    {force['side']}: {' '.join(force['cards'])} "
                         f"= {force['strength']}")
        if galleon["character"]:
            character = galleon["character"]
            lines.append(f"  {'':<{width}}    {character['side']}: {character['card']} (character)")
    if view["left_on_table"]:
        lines.append("  left in a tie at the end: " + ", ".join(view["left_on_table"]))
    lines.append("")
    lines.append("Hands")
    names = max(len(p) for p in view["hands"])
    for player, hand in view["hands"].items():
        shown = " ".join(hand["known"])
        if hand["unknown"]:
            shown = f"{shown} + {hand['unknown']} unknown".strip(" +") if shown else f"{hand['unknown']} unknown"
        lines.append(f"  {player:<{names}}  {_cards(hand['size']):>8}  {shown or '-'}")
    lines.append("")
    lines.append("Loot")
    sides = max(len(s) for s in view["loot"])
    for side, values in view["loot"].items():
        gold = sum(values)
        detail = " + ".join(str(v) for v in values) if values else "-"
        score = view["score"][side]
        score_text = "?" if score is None else str(score)
        label = "score" if view["over"] else "score so far"
        lines.append(f"  {side:<{sides}}  {gold:>3} gold ({detail}); {label} {score_text}")
    if not view["over"]:
        lines.append("  (loot: the galleons taken so far; the score adds what the end of the game sweeps, "
                     "so it is known only then)")
    return lines


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"
