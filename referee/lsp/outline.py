"""A document's outline: its games, and each game's rounds, where they stand."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.notation.chunks import Chunk, game_tag_value
from referee.notation.reader import read_chunk
from referee.lsp.games import chunks_of


@dataclass(slots=True)
class Section:
    """A game or a round: lines `first` to `last` (0-based, both held), the line its name
    stands on, and its parts."""

    name: str
    detail: str
    first: int
    last: int
    named_at: int
    parts: list["Section"] = field(default_factory=list)


def outline(path: str, lines: list[str]) -> list[Section]:
    games: list[Section] = []
    for chunk in chunks_of(lines):
        section = _game(path, chunk, len(games) + 1)
        if section is not None:
            games.append(section)
    return games


def _last_text_line(chunk: Chunk) -> int:
    """The chunk's last line holding text (0-based), blank lines after it not counted."""
    last = len(chunk.lines) - 1
    while last > 0 and not chunk.lines[last].strip():
        last -= 1
    return chunk.first_line - 1 + max(last, 0)


def _game(path: str, chunk: Chunk, index: int) -> Section | None:
    reads = [read for read in read_chunk(path, chunk) if read.record is not None]
    if not reads:
        return None
    record = reads[0].record
    assert record is not None
    name_line = next((chunk.first_line - 1 + row for row, text in enumerate(chunk.lines)
                      if game_tag_value(text) is not None), record.line - 1)
    game_name = game_tag_value(chunk.lines[name_line - chunk.first_line + 1]) or "no game named"
    players = record.tag_value("Players") or ""
    last = _last_text_line(chunk)
    section = Section(f"Game {index}: {game_name}", players, chunk.first_line - 1, last, name_line)
    rounds = [round_ for round_ in record.rounds if round_.span is not None]
    for position, round_ in enumerate(rounds):
        assert round_.span is not None
        start = round_.span.line - 1
        end = rounds[position + 1].span.line - 2 if position + 1 < len(rounds) else last  # type: ignore[union-attr]
        entries = len(round_.turns)
        section.parts.append(Section(f"Round {round_.number}", f"{entries} entr{'y' if entries == 1 else 'ies'}",
                                     start, max(start, end), start))
    return section
