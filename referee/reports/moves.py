"""A position's legal entries for a person (text) and for a program (JSON, validated by
schemas/moves.schema.json)."""

from __future__ import annotations

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


def moves_lines(listing: Listing, written: str | None, style: Style) -> list[str]:
    """A heading saying where the position stands, then each group: its kind, who writes it
    and how many entries, and the entries one a line, each as the log would write it."""
    lines = [style(visible(f"After move {listing.move} ({written})") if written else "Before the first move", "bold")]
    if listing.over:
        lines.append("The game is over: no entry follows.")
        return lines
    count = len(listing.entries)
    if listing.entries.round is not None:
        lines.append(f"Round {listing.entries.round} begins: the log writes '{listing.entries.round}.' first.")
    lines.append(f"{count} legal entr{'y' if count == 1 else 'ies'}" + (":" if count else "."))
    for group in listing.groups:
        size = len(group.entries)
        lines.append(style(f"{group.kind} ({group.player}, {size})", "bold"))
        lines += [visible(f"  {group.player}: {text}") for text in group.entries]
    for note in listing.entries.notes:
        lines.append(visible(f"Also: {note}."))
    return lines
