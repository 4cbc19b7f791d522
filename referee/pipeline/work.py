"""The unit of work `check` maps over its input: games in, a typed verdict out (`verdicts`).

`check_unit` is pure and never raises, so any executor can map it — this
process, a pool of processes, or a Dask cluster — and the results, put back in
input order, make the same report. A unit is a path (the worker reads the file
itself) or a batch of games already cut from a file (`file_units`), which is how
every command reads a file with bounded memory. (A pool of processes reads a
regular file by parts instead, each worker its own: see `ranges`.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import chain
from typing import Any, BinaryIO

from referee.diagnostics import Diagnostic
from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.pipeline.fastpath import judge_plain
from referee.pipeline.fileio import reason_of
from referee.notation.chunks import Chunk, split_games
from referee.notation.reader import ReadGame
from referee.notation.streamed import (READ_WHOLE_BELOW, StreamedRecord, StreamedRounds, chunk_chars_below,
                                      read_chunk_streamed)
from referee.pipeline.replay import GameReport, replay_game
from referee.pipeline.verdicts import GameVerdict, InternalError, UnitVerdict, game_verdict
from referee.span import Span
from referee.pipeline.source import (JSON_HEAD, MAX_LINE_CHARS, DecodeError, LineReader, check_utf8, is_json,
                                     json_not_log)

BATCH_LINES = 2000
"""Lines of log per batch sent to a worker: large enough that sending costs little,
small enough that every process stays busy and memory stays flat."""


@dataclass(frozen=True, slots=True)
class Unit:
    """Whole games of one file: their chunks, and the lines cut for being too long."""

    path: str
    chunks: list[Chunk]
    cut: dict[int, int] = field(default_factory=dict)
    options: JudgeOptions = NO_OPTIONS

    @classmethod
    def of_text(cls, path: str, text: str, options: JudgeOptions = NO_OPTIONS) -> "Unit":
        return cls(path, list(split_games(text.split("\n"))), options=options)

    def size(self) -> int:
        """The characters of log the unit covers, line ends counted (summed by built-in
        calls: the busiest process of a run pays for it once a batch)."""
        return sum(sum(map(len, chunk.lines)) + len(chunk.lines) for chunk in self.chunks)

    def __reduce__(self) -> tuple[Any, ...]:
        """Sent to a worker as one text and the shape of its games: pickle writes a string
        at once, where thousands of lines each cost it a step."""
        shape = [(chunk.first_line, len(chunk.lines), chunk.dropped, chunk.unread) for chunk in self.chunks]
        text = "\n".join(chain.from_iterable(chunk.lines for chunk in self.chunks))
        if text.count("\n") != max(0, sum(count for _, count, _, _ in shape) - 1):
            return (Unit, (self.path, self.chunks, self.cut, self.options))  # a line holds a newline
        return (_unit_of, (self.path, text, shape, self.cut, self.options))


def _unit_of(path: str, text: str, shape: list[tuple[int, int, int, int]], cut: dict[int, int],
             options: JudgeOptions) -> Unit:
    lines = text.split("\n") if shape else []
    chunks, start = [], 0
    for first_line, count, dropped, unread in shape:
        chunks.append(Chunk(first_line, lines[start:start + count], dropped, unread))
        start += count
    return Unit(path, chunks, cut, options)


@dataclass(frozen=True, slots=True)
class FileStart:
    """Where a file's units begin: `problem` is a file-level finding (not UTF-8)."""

    path: str
    problem: Diagnostic | None = None


@dataclass(frozen=True, slots=True)
class FileEnd:
    """After a file's last unit: whether it held anything besides blank lines."""

    path: str
    blank: bool | None  # None: the file's findings are already given


@dataclass(frozen=True, slots=True)
class Judged:
    """A unit's verdict (`check_unit`'s result) and the bytes of log it covered."""

    path: str
    result: UnitVerdict
    size: int


def check_unit(unit: Unit | str, options: JudgeOptions = NO_OPTIONS) -> UnitVerdict:
    """Judge a unit: its games' verdicts and the file's own findings, or the internal error
    if the referee itself failed (a bug, never the input's fault)."""
    path = unit if isinstance(unit, str) else unit.path
    try:
        if isinstance(unit, str):
            return _check_path(unit, options)
        return UnitVerdict(path, judge_chunks(unit))
    except Exception as error:  # noqa: BLE001 - the unit must not raise; the CLI reports it
        return failure(path, error)


def failure(path: str, error: Exception) -> UnitVerdict:
    """The result of a unit that raised `error` (a bug, never the input's fault), for the CLI
    to report once everything else is; called while the error is handled."""
    import traceback

    return UnitVerdict(path, internal_error=InternalError(type(error).__name__, str(error), traceback.format_exc()))


def judge_chunks(unit: Unit, first_index: int = 1) -> list[GameVerdict]:
    return [game for games in chunk_games(unit, first_index) for game in games]


def chunk_games(unit: Unit, first_index: int = 1) -> Iterator[list[GameVerdict]]:
    """Each chunk's games (none for a chunk of comments only), judged, chunk by chunk."""
    index = first_index
    reading = Reading(options=unit.options)
    for chunk in unit.chunks:
        games = [game_verdict(report, _lines_of(chunk))
                 for report in _judge_chunk(unit.path, index, chunk, unit.cut, reading)]
        index += len(games)
        yield games


@dataclass(frozen=True, slots=True)
class Reading:
    """How a command wants the games of a file read and judged (check's way by default)."""

    full: bool = False
    """Each game read in full, with its record and every place in the file (never by the
    quick path, unless `records` allows it)."""
    records: bool = False
    """Each game with its record (for export): by the quick path when it can."""
    canonical: bool = False
    """Each legal turn's canonical text noted (for fmt)."""
    stop_after: int | None = None
    """Judging stopped once this many turns are played (for show)."""
    wanted: Callable[[int], bool] | None = None
    """Which games (by index) are judged; the others are read, not replayed."""
    options: JudgeOptions = NO_OPTIONS


def _judge_chunk(path: str, index: int, chunk: Chunk, cut: dict[int, int],
                 reading: Reading = Reading()) -> Iterator[GameReport]:
    """The game of a chunk: by the quick path when it is plain and legal, else read in
    full, as `reading` asks."""
    options = reading.options
    if chunk_is_whole(chunk, cut) and (not reading.full or reading.records):
        records = reading.records
        short = records and chunk_chars_below(chunk.lines, READ_WHOLE_BELOW)
        plain = judge_plain(path, index, chunk, options, record_turns=short)
        if plain is not None:
            if records and not short and plain.record is not None and plain.rules is not None:
                record = plain.record  # a long game: its rounds are read from the chunk when they are wanted
                plain.record = StreamedRecord(record.game, record.tags, record.preamble,
                                              StreamedRounds(path, chunk, plain.rules), record.line, plain.moves)
            yield plain
            return
    wanted = reading.wanted
    for offset, read in enumerate(read_cut_chunk(path, chunk, cut)):
        if wanted is not None and not wanted(index + offset):
            yield GameReport(index + offset, read.line, read.rules, read.record, list(read.diagnostics))
            continue
        yield replay_game(path, index + offset, read, reading.stop_after, reading.canonical, options)


def read_cut_chunk(path: str, chunk: Chunk, cut: dict[int, int]) -> Iterator[ReadGame]:
    """The game of a chunk as read (its record holds no turn: its rounds are read again
    from the chunk when they are wanted), with a finding for each of its lines cut for length."""
    for read in read_chunk_streamed(path, chunk):
        for number in _cut_lines(chunk, cut):
            read.diagnostics.append(_too_long(path, number, cut[number]))
        yield read


def _cut_lines(chunk: Chunk, cut: dict[int, int]) -> list[int]:
    """The lines of `chunk` that `cut` (a LineReader's) says were cut for length."""
    last = chunk.first_line + len(chunk.lines) - 1
    return [number for number in cut if chunk.first_line <= number <= last]


def chunk_is_whole(chunk: Chunk, cut: dict[int, int]) -> bool:
    """Whether the chunk holds its game as written: no line of it cut for length, and no text
    of it left unread past what is read of one game (`split_games`)."""
    return not chunk.unread and not _cut_lines(chunk, cut)


def _too_long(path: str, number: int, length: int) -> Diagnostic:
    return Diagnostic("N-SYNTAX", f"line {number} is {length:,} characters long; only its first "
                      f"{MAX_LINE_CHARS:,} are read", path, Span(number, MAX_LINE_CHARS, MAX_LINE_CHARS + 1),
                      notes=["no line of a log is this long: a whole game fits in a few thousand characters"])


LineText = Callable[[int], "str | None"]


def _lines_of(chunk: Chunk) -> LineText:
    first, lines = chunk.first_line, chunk.lines

    def line_text(number: int) -> str | None:
        index = number - first
        return lines[index] if 0 <= index < len(lines) else None

    return line_text


def _check_path(path: str, options: JudgeOptions = NO_OPTIONS) -> UnitVerdict:
    """A whole file judged in this process: the unit a cluster maps over file names."""
    try:
        stream = open(path, "rb")
    except OSError as error:
        return UnitVerdict(path, unreadable=reason_of(error))
    with stream:
        return check_stream(path, stream, options)


def check_stream(path: str, stream: BinaryIO, options: JudgeOptions = NO_OPTIONS) -> UnitVerdict:
    """A seekable stream judged game by game, as `check` does with one process."""
    diagnostics: list[Diagnostic] = []
    games = [game_verdict(report, lines) for report, lines in file_games(path, stream, diagnostics, options=options)]
    return UnitVerdict(path, games, diagnostics)


def file_games(path: str, stream: BinaryIO, problems: list[Diagnostic],
               full: bool = False, options: JudgeOptions = NO_OPTIONS,
               records: bool = False) -> Iterator[tuple[GameReport, LineText]]:
    """Every game of a stream, one at a time, with a way to quote its lines; `full`
    reads each with its whole record and every place in the file, `records` with its
    record (for export). The file's own findings go to `problems`."""
    for judged in judged_chunks(path, stream, problems, full=full, options=options, records=records):
        for report in judged.games:
            yield report, judged.lines


@dataclass(slots=True)
class JudgedChunk:
    """A chunk of a file as written and its game (none for a chunk of comments only)."""

    chunk: Chunk
    games: list[GameReport]
    lines: LineText


def judged_chunks(path: str, stream: BinaryIO, problems: list[Diagnostic], *, full: bool = False,
                  canonical: bool = False, stop_after: int | None = None,
                  wanted: Callable[[int], bool] | None = None,
                  options: JudgeOptions = NO_OPTIONS, records: bool = False) -> Iterator[JudgedChunk]:
    """The file's chunks one at a time, each with its judged game: what every command
    that reads logs reads them by, so that all read them alike, with the same limits
    and memory that holds one batch of lines. The file's own findings (not UTF-8, no
    game) go to `problems`."""
    index = 0
    blank: bool | None = None
    reading = Reading(full, records, canonical, stop_after, wanted, options)
    for item in file_units(path, stream):
        if isinstance(item, FileStart):
            if item.problem is not None:
                problems.append(item.problem)
        elif isinstance(item, FileEnd):
            blank = item.blank
        else:
            for chunk in item.chunks:
                games = list(_judge_chunk(path, index + 1, chunk, item.cut, reading))
                index += len(games)
                yield JudgedChunk(chunk, games, _lines_of(chunk))
    if blank is not None:
        problems.extend(file_findings(path, index, blank))


def find_game(name: str, stream: BinaryIO, index: int, move: int | None,
              options: JudgeOptions = NO_OPTIONS) -> tuple[GameReport, JudgedChunk] | None:
    """Game `index` of the file, replayed up to `move` turns (all of them when None); the
    games before it are read, not replayed. None when the file has no such game."""
    problems: list[Diagnostic] = []
    with stream:
        for judged in judged_chunks(name, stream, problems, full=True, stop_after=move,
                                    wanted=lambda number: number == index, options=options):
            for game in judged.games:
                if game.index == index:
                    return game, judged
    return None


def file_units(path: str, stream: BinaryIO, batch_lines: int = BATCH_LINES,
               options: JudgeOptions = NO_OPTIONS) -> Iterator[Unit | FileStart | FileEnd]:
    """FileStart, the file's games in batches, then FileEnd; a file that is not UTF-8
    gives only FileStart (with its finding) and FileEnd. Memory holds one batch."""
    opening = file_opening(path, stream)
    yield from opening
    if len(opening) > 1:
        return
    reader = LineReader(stream)
    batch: list[Chunk] = []
    size = 0
    blank = True
    for chunk in split_games(reader):
        if blank and any(line.strip() for line in chunk.lines):
            blank = False
        batch.append(chunk)
        size += len(chunk.lines)
        if size >= batch_lines:
            yield Unit(path, batch, _cut_in(reader.cut, batch), options)
            batch, size = [], 0
    if batch:
        yield Unit(path, batch, _cut_in(reader.cut, batch), options)
    yield FileEnd(path, blank)


def file_opening(path: str, stream: BinaryIO) -> list[FileStart | FileEnd]:
    """The markers a file's reading opens with: its FileStart, then at once its FileEnd when
    a finding keeps the whole file from being read as a log. The stream is left at its start."""
    problem = _file_problem(path, stream)
    stream.seek(0)
    if problem is not None:
        return [FileStart(path, problem), FileEnd(path, blank=None)]
    return [FileStart(path)]


def _file_problem(path: str, stream: BinaryIO) -> Diagnostic | None:
    """What keeps a whole file from being read as a log (it is not UTF-8, or it is JSON),
    as a finding; None for a file to read."""
    try:
        check_utf8(stream)
    except DecodeError as error:
        return _encoding_problem(path, stream, error)
    stream.seek(0)
    if is_json(stream.read(JSON_HEAD)):
        return json_not_log(path)
    return None




def _cut_in(cut: dict[int, int], batch: list[Chunk]) -> dict[int, int]:
    if not cut:
        return {}
    first = batch[0].first_line
    last = batch[-1].first_line + len(batch[-1].lines) - 1
    mine = {number: length for number, length in cut.items() if first <= number <= last}
    for number in mine:
        del cut[number]
    return mine


def file_findings(path: str, games: int, blank: bool) -> list[Diagnostic]:
    """A file that holds no game says so (after its units, once the count is known)."""
    if games:
        return []
    if blank:
        message = "the file holds no game"
    else:
        message = "the file holds only comments, no game"
    return [Diagnostic("N-GAME", message, path, Span(1, 1, 1),
                       notes=['a game starts with its tags, e.g. [Game "Korsar"]'])]


def _encoding_problem(path: str, stream: BinaryIO, error: DecodeError) -> Diagnostic:
    stream.seek(0)
    line, line_start, read = 1, 0, 0
    while read < error.offset:
        block = stream.read(min(1 << 20, error.offset - read))
        if not block:
            break
        newlines = block.count(b"\n")
        if newlines:
            line += newlines
            line_start = read + block.rfind(b"\n") + 1
        read += len(block)
    column = error.offset - line_start + 1
    return Diagnostic(
        "N-ENCODING", f"the file is not UTF-8: byte {error.offset} ({error.reason})", path,
        Span(line, column, column + 1),
        notes=[f"byte offset {error.offset} counts from 0; save the log as UTF-8"])


def spool(stream: BinaryIO) -> BinaryIO:
    """A seekable copy of a stream that cannot seek (standard input), kept in memory
    while small and on disk beyond that."""
    import tempfile

    copy = tempfile.SpooledTemporaryFile(max_size=8 << 20)
    while block := stream.read(1 << 20):
        copy.write(block)
    copy.seek(0)
    return copy  # type: ignore[return-value]
