"""One game of a document, cut out of it and replayed: what completion, hover and the
quick fixes ask of the position at the cursor.

A game is found as check finds it (`split_games`), and replayed by the pipeline's own
`find_game` on its lines alone, as if it were the first game of a file of its own: the
games before it cost nothing, and a line number is the file's less `first_line - 1`.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

from referee.games import game_for_tag
from referee.games.base import NO_OPTIONS, EntryList, GameRules, JudgeOptions
from referee.notation.chunks import Chunk, game_tag_value, split_games
from referee.pipeline.legal import entries_of
from referee.pipeline.replay import GameReport
from referee.pipeline.work import JudgedChunk, find_game


TAG = re.compile(r'\s*\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"([^"]*)"')
"""A tag line as a person types it: its name, and its value up to the closing quote."""


def rules_named(lines: list[str]) -> GameRules | None:
    """The game a game's Game tag names, as the reader matches it; None when none is named."""
    for text in lines:
        name = game_tag_value(text)
        if name is not None:
            return game_for_tag(name)
    return None


def document_lines(text: str) -> list[str]:
    """The lines of a document as the reader reads them (CR LF and CR as LF)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def chunk_at(lines: list[str], line: int) -> Chunk | None:
    """The game (chunk) whose lines hold `line` (1-based), or None past the last."""
    found = None
    for chunk in split_games(lines):
        if chunk.first_line > line:
            break
        found = chunk
    return found


def chunks_of(lines: list[str]) -> list[Chunk]:
    return list(split_games(lines))


@dataclass(slots=True)
class Replayed:
    """A game's lines replayed up to `move` (all: None): its report, with the record, and
    the chunk as the pipeline judged it (lines counted from 1)."""

    report: GameReport
    judged: JudgedChunk


def replay(path: str, lines: list[str], move: int | None = None,
           options: JudgeOptions = NO_OPTIONS) -> Replayed | None:
    """The game these lines hold, replayed up to `move` turns; None when they hold no game."""
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    found = find_game(path, io.BytesIO(data), 1, move, options)
    if found is None:
        return None
    return Replayed(*found)


def entries_after(path: str, lines: list[str], options: JudgeOptions = NO_OPTIONS) -> EntryList | None:
    """The legal entries after the last legal move these lines hold; None when the game
    cannot be replayed (no game named, a set-up the rules refuse) or is over."""
    replayed = replay(path, lines, None, options)
    if replayed is None or replayed.report.engine is None or replayed.report.rules is None:
        return None
    if replayed.report.engine.is_over:
        return None
    return entries_of(replayed.report)
