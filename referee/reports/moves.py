"""A position's legal entries for a person (text) and for a program (JSON, validated by
schemas/moves.schema.json)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee import __version__
from referee.pipeline.legal import Listing
from referee.reports.style import Style
from referee.reports.visible import visible

MOVES_SCHEMA_ID = "urn:referee:schema:moves:1"


def moves_json(listing: Listing, path: str, game: int, stopped_by: list[dict[str, Any]]) -> dict[str, Any]:
    rules = listing.report.rules
    assert rules is not None
    return {"$schema": MOVES_SCHEMA_ID, "format": "referee-moves", "version": 1, "referee": __version__,
            "path": path, "game": game, "game_id": rules.id, "move": listing.move, "over": listing.over,
            "round": listing.entries.round, "count": len(listing.entries),
            "groups": [{"kind": group.kind, "player": group.player, "entries": list(group.entries)}
                       for group in listing.groups],
            "notes": list(listing.entries.notes), "left_open": rules.entries_note, "stopped_by": stopped_by}


SHOWN_LINES = 40
"""The lines a listing a person reads fits in: more entries than that are summed up by kind."""
EXAMPLES = 3
"""Entries shown of each kind in a summary."""


def examples(texts: Sequence[str], count: int = EXAMPLES) -> list[str]:
    """A few entries of one kind, the way a person would write them first: the shortest of each
    first word (`deck -R6`, `pile -R6`, `quay -R6` rather than three takes from the deck),
    the words in the order the listing first gives them."""
    shortest: dict[str, str] = {}
    for text in texts:
        word = text.split(" ", 1)[0]
        if word not in shortest or len(text) < len(shortest[word]):
            shortest[word] = text
    chosen = list(shortest.values())[:count]
    for text in sorted(texts, key=len):
        if len(chosen) >= count:
            break
        if text not in chosen:
            chosen.append(text)
    return chosen


def summary_lines(runs: Sequence[tuple[str, str, Sequence[str]]], width: int = 100,
                  room: int = SHOWN_LINES - 4) -> list[str]:
    """The entries summed up, a line for each kind a player may write: how many, and a few
    examples; past `room` kinds, how many more there are."""
    lines: list[str] = []
    for index, (player, kind, texts) in enumerate(runs):
        if index == room:
            lines.append(f"  and {len(runs) - room} more kinds")
            break
        line = f"  {kind} ({player}, {len(texts)}): "
        shown = []
        for text in examples(texts):
            if len(line) + len(", ".join(shown + [f"{player}: {text}"])) > width and shown:
                break
            shown.append(f"{player}: {text}")
        more = " …" if len(texts) > len(shown) else ""
        lines.append(line + ", ".join(shown) + more)
    return lines


def moves_lines(listing: Listing, written: str | None, style: Style, every: bool = False) -> list[str]:
    """A heading saying where the position stands, then each group: its kind, who writes it
    and how many entries, and the entries one a line, each as the log would write it. When
    that would take more than SHOWN_LINES lines, and `every` is not asked for, each group is
    summed up on a line of its own with a few examples."""
    lines = [style(visible(f"After move {listing.move} ({written})") if written else "Before the first move", "bold")]
    if listing.over:
        lines.append("The game is over: no entry follows.")
        return lines
    count = len(listing.entries)
    if listing.entries.round is not None:
        lines.append(f"Round {listing.entries.round} begins: the log writes '{listing.entries.round}.' first.")
    lines.append(f"{count} legal entr{'y' if count == 1 else 'ies'}" + (":" if count else "."))
    if not every and len(lines) + len(listing.groups) + count + len(listing.entries.notes) > SHOWN_LINES:
        lines[-1] = lines[-1].rstrip(":") + ", by kind (--all lists every one):"
        lines += [visible(line) for line in summary_lines([(group.player, group.kind, group.entries) for group in listing.groups])]
        lines += [visible(f"Also: {note}.") for note in listing.entries.notes]
        return lines
    for group in listing.groups:
        size = len(group.entries)
        lines.append(style(f"{group.kind} ({group.player}, {size})", "bold"))
        lines += [visible(f"  {group.player}: {text}") for text in group.entries]
    for note in listing.entries.notes:
        lines.append(visible(f"Also: {note}."))
    return lines
