"""A position's legal entries for a person (text) and for a program (JSON, validated by
schemas/moves.schema.json)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class Wording:
    """How a listing is said where it is shown: how every entry is asked for once a listing
    is summed up (`every`), how a note reads (`note`, its text in place of `{}`), and whether
    a run of entries is written on wrapped lines of its own (`wrapped`: play's prompt) or
    under its kind's heading, an entry a line (`referee moves`)."""

    every: str
    note: str
    wrapped: bool


COMMAND = Wording("--all", "Also: {}.", wrapped=False)
"""`referee moves`."""
TABLE = Wording("'moves all'", "note: {}", wrapped=True)
"""`play`'s `moves` command."""


def listing_lines(runs: Sequence[tuple[str, str, Sequence[str]]], notes: Sequence[str], style: Style,
                  every: bool = False, wording: Wording = COMMAND, above: int = 0) -> list[str]:
    """How many entries there are, then each run of one player and one kind, then the notes,
    every line made visible: the one way a listing is printed. When that would take more than
    SHOWN_LINES lines (counting the `above` lines printed before it), and `every` is not asked
    for, each run is summed up on a line of its own with a few examples."""
    count = sum(len(texts) for _, _, texts in runs)
    lines = [f"{count} legal entr{'y' if count == 1 else 'ies'}" + (":" if count else ".")]
    notes = [visible(wording.note.format(note)) for note in notes]
    if not every and above + len(lines) + len(runs) + count + len(notes) > SHOWN_LINES:
        lines[-1] = lines[-1].rstrip(":") + f", by kind ({wording.every} lists every one):"
        return lines + [visible(line) for line in summary_lines(runs)] + notes
    for player, kind, texts in runs:
        if wording.wrapped:
            lines += [visible(line) for line in textwrap.wrap(
                f"{player} {kind}: " + "  ".join(texts), 100, subsequent_indent="    ", break_on_hyphens=False,
                break_long_words=False)]
        else:
            lines.append(style(f"{kind} ({player}, {len(texts)})", "bold"))
            lines += [visible(f"  {player}: {text}") for text in texts]
    return lines + notes


def moves_lines(listing: Listing, written: str | None, style: Style, every: bool = False) -> list[str]:
    """A heading saying where the position stands, then the listing (`listing_lines`), its
    runs grouped by kind."""
    lines = [style(visible(f"After move {listing.move} ({written})") if written else "Before the first move", "bold")]
    if listing.over:
        lines.append("The game is over: no entry follows.")
        return lines
    if listing.entries.round is not None:
        lines.append(f"Round {listing.entries.round} begins: the log writes '{listing.entries.round}.' first.")
    runs = [(group.player, group.kind, group.entries) for group in listing.groups]
    return lines + listing_lines(runs, listing.entries.notes, style, every, COMMAND, above=len(lines))
