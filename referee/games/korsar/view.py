"""A Korsar state as data (its fields declared) and as a referee reads it in a terminal."""

from __future__ import annotations

from typing import TypedDict

from referee.games.base import RoundView


class ForceView(TypedDict):
    """A side's attack on a galleon: its colour, strength and the cards (of `players`) making it."""

    side: str
    colour: str
    strength: int
    cards: list[str]
    players: list[str]


class CharacterView(TypedDict):
    """The character card a side laid on a galleon, which takes it whatever the forces."""

    card: str
    side: str
    player: str


class GalleonView(TypedDict):
    galleon: str
    """The galleon as the notation refers to it (such as `A3/2`)."""
    value: int
    placed_by: str
    round: int
    forces: list[ForceView]
    character: CharacterView | None
    controlled_by: str | None
    """The side holding it now; None in a tie."""


class HandView(TypedDict):
    """A player's hand as far as the log lets it be known: `size` cards, `known` of them named."""

    size: int
    known: list[str]
    unknown: int


class KorsarView(RoundView):
    """A Korsar position (`KorsarEngine.view`): `next` is the player whose turn is next."""

    turns: int
    deck: int
    deal_known: bool
    table: list[GalleonView]
    hands: dict[str, HandView]
    loot: dict[str, list[int]]
    """The values of the galleons each side has taken so far."""
    out_of_game: int
    last_captures: list[int]
    last_chased: str | None
    score: dict[str, int | None]
    """Each side's score; None until the end of the game settles it."""
    left_on_table: list[str]


def render_view(view: KorsarView) -> list[str]:
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
