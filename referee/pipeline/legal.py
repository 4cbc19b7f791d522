"""The legal entries of a position of a log: the game asked for, replayed up to the move
asked for, and what its rules list there (`GameRules.legal_entries`), grouped by kind.

Shared by `referee moves` and `referee.api.legal_moves`, so a script sees what the command
prints."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, BinaryIO

from referee.games.base import NO_OPTIONS, EntryList, JudgeOptions
from referee.pipeline.replay import GameReport
from referee.pipeline.work import JudgedChunk, judged_chunks


@dataclass(frozen=True, slots=True)
class Group:
    """The entries of one kind that one player may write, in the order they are listed."""

    kind: str
    player: str
    entries: tuple[str, ...]


@dataclass(slots=True)
class Listing:
    """A replayed game (`report`, with the chunk it was read from) and its legal entries
    after `move` turns: `groups` by kind, the kinds in the order they first come."""

    report: GameReport
    chunk: JudgedChunk
    move: int
    entries: EntryList
    groups: list[Group]

    @property
    def over(self) -> bool:
        return bool(self.report.engine is not None and self.report.engine.is_over)


def find_game(name: str, stream: BinaryIO, index: int, move: int | None,
              options: JudgeOptions = NO_OPTIONS) -> tuple[GameReport, JudgedChunk] | None:
    """Game `index` of the file, replayed up to `move` turns (all of them when None); the
    games before it are read, not replayed. None when the file has no such game."""
    problems: list[dict[str, Any]] = []
    with stream:
        for judged in judged_chunks(name, stream, problems, full=True, stop_after=move,
                                    wanted=lambda number: number == index, options=options):
            for game in judged.games:
                if game.index == index:
                    return game, judged
    return None


def grouped(entries: EntryList) -> list[Group]:
    """The entries by kind (in the order each kind first comes), then by player."""
    by_kind: dict[str, dict[str, list[str]]] = {}
    for player, kind, texts in entries.runs():
        by_kind.setdefault(kind, {}).setdefault(player, []).extend(texts)
    return [Group(kind, player, tuple(texts)) for kind, players in by_kind.items()
            for player, texts in players.items()]


def listing(report: GameReport, chunk: JudgedChunk) -> Listing:
    """The legal entries of the replayed game where its replay stands."""
    assert report.engine is not None and report.rules is not None
    entries = EntryList() if report.engine.is_over else report.rules.legal_entries(report.engine)
    return Listing(report, chunk, report.moves, entries, grouped(entries))
