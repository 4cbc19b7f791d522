"""An archive's games one by one, each with its text as written: what selecting,
splitting, joining and finding repeated games work on.

A game's text is the lines the chunker cut for it (the first game also carries
the comments in front of it), so a game copied out of an archive keeps every
byte of its notation. Repeated games are found by a digest of their moves,
kept in a temporary on-disk table, so memory stays flat however many games an
archive holds.
"""

from __future__ import annotations

import hashlib
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, Literal

from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.notation.chunks import Chunk
from referee.notation.reader import ReadGame
from referee.notation.streamed import read_chunk_streamed
from referee.pipeline.replay import GameReport, Verdict, replay_game
from referee.pipeline.work import FileEnd, FileStart, chunk_is_whole, file_units

ResultClaim = Literal["holds", "false", "unchecked", "unfinished", "missing"]


@dataclass(slots=True)
class ArchivedGame:
    """One game of an archive: where it stands, its text, and what it reads as."""

    path: str
    index: int
    line: int
    text: str
    read: ReadGame
    whole: bool = True
    """Whether `text` is the game as written: False when a line of it was cut for length or
    it ran on past what is read of one game (`split_games`)."""
    _report: GameReport | None = field(default=None, repr=False)
    _options: JudgeOptions | None = field(default=None, repr=False)

    @property
    def game(self) -> str | None:
        return self.read.rules.id if self.read.rules is not None else None

    def tag(self, name: str) -> str | None:
        return self.read.record.tag_value(name) if self.read.record is not None else None

    def players(self) -> list[str]:
        return (self.tag("Players") or "").split()

    def verdict(self, options: JudgeOptions = NO_OPTIONS) -> Verdict:
        """Judged only when asked: selecting by tag needs no replay."""
        return self._judged(options).verdict

    def moves(self) -> int | None:
        """How many entries the game's movetext holds (None when it cannot be read)."""
        if self.read.record is None or self.read.malformed:
            return None
        return self.read.record.entry_count()

    def result(self, options: JudgeOptions = NO_OPTIONS) -> ResultClaim | None:
        """What the log's Result claims against what its moves reach: "holds", "false",
        "unchecked" (what the log shows cannot tell), "unfinished" (the log claims `*`),
        "missing" (it claims nothing); None for a game that cannot be read or set up, whose
        moves reach nothing."""
        if self.read.record is None or self.read.malformed:
            return None
        claimed = self.read.record.tag_value("Result")
        if claimed is None:
            return "missing"
        if claimed.strip() == "*":
            return "unfinished"
        report = self._judged(options)
        if report.outcome is None:
            return None
        return {"holds": "holds", "not checked": "unchecked"}.get(report.outcome.claim or "", "false")

    def _judged(self, options: JudgeOptions) -> GameReport:
        """The game replayed, once however many tests ask."""
        if self._report is None or self._options is not options:
            self._report = replay_game(self.path, self.index, self.read, options=options)
            self._options = options
        return self._report

    def moves_key(self) -> str | None:
        """A digest of the game and its moves (round numbers, players, turns as read,
        single-spaced); comments and tags do not count. None when the game cannot
        be read."""
        if self.read.record is None or self.read.malformed:
            return None
        digest = hashlib.sha256(self.read.record.game.encode())
        for round_ in self.read.record.rounds:
            digest.update(f"\n{round_.number}.".encode())
            for turn in round_.turns:
                digest.update(f"\t{turn.player}:{turn.text}".encode())
        return digest.hexdigest()


def archived_games(path: str, stream: BinaryIO) -> Iterator[ArchivedGame]:
    """Every game of a file, in order. A file that is not UTF-8 raises UnicodeError
    with the finding's message."""
    index = 0
    for item in file_units(path, stream):
        if isinstance(item, FileStart):
            if item.problem is not None:
                raise UnicodeError(item.problem.message)
            continue
        if isinstance(item, FileEnd):
            continue
        for chunk in item.chunks:
            whole = chunk_is_whole(chunk, item.cut)
            for read in read_chunk_streamed(path, chunk):
                index += 1
                yield ArchivedGame(path, index, read.line, _text_of(chunk), read, whole)


def _text_of(chunk: Chunk) -> str:
    lines = list(chunk.lines)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) + "\n"


class SeenGames:
    """Which move digests came before, and where: an on-disk table, so an archive of
    millions of games is searched with memory that does not grow."""

    def __init__(self) -> None:
        self._file = tempfile.NamedTemporaryFile(prefix="referee-seen-", suffix=".sqlite")
        self._db = sqlite3.connect(self._file.name)
        self._db.execute("PRAGMA journal_mode = OFF")
        self._db.execute("PRAGMA synchronous = OFF")
        self._db.execute("CREATE TABLE seen (key TEXT PRIMARY KEY, path TEXT, line INTEGER, game INTEGER)")

    def first(self, key: str, path: str, line: int, game: int) -> tuple[str, int, int] | None:
        """Where the same moves were seen first (path, line, game number), or None when
        this is the first time; the place is remembered then."""
        found = self._db.execute("SELECT path, line, game FROM seen WHERE key = ?", (key,)).fetchone()
        if found is not None:
            return found[0], found[1], found[2]
        self._db.execute("INSERT INTO seen VALUES (?, ?, ?, ?)", (key, path, line, game))
        return None

    def close(self) -> None:
        self._db.close()
        self._file.close()

    def __enter__(self) -> "SeenGames":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
