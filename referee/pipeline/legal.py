"""The legal entries of a position of a log: the game asked for, replayed up to the move
asked for, and what its rules list there (`GameRules.legal_entries`), grouped by kind.

Shared by `referee moves` and `referee.api.legal_moves`, so a script sees what the command
prints."""

from __future__ import annotations

from dataclasses import dataclass

from referee.games.base import EntryList
from referee.pipeline.replay import GameReport
from referee.pipeline.work import JudgedChunk


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


def grouped(entries: EntryList) -> list[Group]:
    """The entries by kind (in the order each kind first comes), then by player."""
    by_kind: dict[str, dict[str, list[str]]] = {}
    for player, kind, texts in entries.runs():
        by_kind.setdefault(kind, {}).setdefault(player, []).extend(texts)
    return [Group(kind, player, tuple(texts)) for kind, players in by_kind.items()
            for player, texts in players.items()]


def entries_of(report: GameReport) -> EntryList:
    """The legal entries of the replayed game where its replay stands (`GameRules.legal_entries`,
    with full information: a log is read by a referee who knows its deal); none once it is over."""
    assert report.engine is not None and report.rules is not None
    return EntryList() if report.engine.is_over else report.rules.legal_entries(report.engine)


def listing(report: GameReport, chunk: JudgedChunk) -> Listing:
    """The legal entries of the replayed game where its replay stands, grouped for a report."""
    entries = entries_of(report)
    return Listing(report, chunk, report.moves, entries, grouped(entries))
