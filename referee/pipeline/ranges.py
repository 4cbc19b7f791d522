"""One file judged by several processes, each reading its own part of it.

With `check -j N` the main process shares the cores with the workers, and cutting
a file into games line by line there took a fifth as long as a worker's judging of
its half. So the main process cuts by bytes instead: about every
RANGE_BYTES it looks for a likely game start (a line opening with "[" after a
blank line), counts the line ends so each part knows its first line's number, and
sends each worker only where its part lies. The worker reads, splits and judges
its part as a reading of the whole file would (`LineReader`, `split_games`) and
says how its splitter ended and how its first line reads.

A guessed cut is a seam only if the game before it ends there. `stitched` checks
every seam as the verdicts come back in order; where one does not hold (a blank
line inside a game's tags, say) the rest of that file is read again in this
process the ordinary way, so the verdict never depends on where the cuts fell.
"""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.notation.chunks import Splitter, SplitterState, split_games, tag_line_kind
from referee.pipeline.source import LineReader
from referee.pipeline.verdicts import GameVerdict, UnitVerdict
from referee.pipeline.work import (FileEnd, FileStart, Judged, Unit, check_unit, chunk_games, failure, file_opening,
                                   file_units)

RANGE_BYTES = 1 << 17
"""About the bytes of log in one part: a few hundred games' worth of sending costs
little, and every process stays busy to the end of the file."""

LONGEST_RANGE = 8 << 20
"""Past four times RANGE_BYTES with no blank line before a tag line, any tag line is tried
as a seam; past this, any line start (and each is checked like any other). A part grows
beyond it only while it is one line."""

_BLOCK = 1 << 20

_LIKELY_START = re.compile(rb"(?:\r?\n|\r)[ \t]{0,64}(?:\r?\n|\r)(?=\[)")
"""A blank line, then a line that opens with "[": where a log's next game usually starts (a
blank line of more spaces is no likely start: the next tag line is tried instead)."""
_OVERLAP = 70
"""Bytes before a buffer's end where a likely start could begin and not yet show whole: a
search that found none is resumed from there once more is read, not from the start again."""
_TAG_START = re.compile(rb"[\r\n](?=\[)")
"""Any line that opens with "[": a tag line, the next game's or one of the same game's."""
_LINE_END = re.compile(rb"\n(?=[\s\S])|\r(?=[^\n])")
"""A line end with more in view after it (a last \r may be half a \r\n)."""


@dataclass(frozen=True, slots=True)
class FileRange:
    """Bytes `start` to `end` of the file at `path`, reported as `name`; they begin at a
    line start, line number `first_line`."""

    path: str
    name: str
    start: int
    end: int
    first_line: int
    last: bool
    """Whether it ends the file."""
    options: JudgeOptions = NO_OPTIONS


@dataclass(frozen=True, slots=True)
class RangesEnd:
    """After a file's last part: `stitched` gives its FileEnd once every seam is checked."""

    name: str


@dataclass(slots=True)
class RangeVerdict:
    """What a worker gives for a part: the verdict `check_unit` gives for its games, and its
    seam (a `Seam` as a list; None when the worker failed)."""

    verdict: UnitVerdict
    seam: list[Any] | None = None

    def plain(self) -> tuple[Any, ...]:
        """The verdict as plain values, for marshal (`GameVerdict.plain`)."""
        return (self.verdict.plain(), self.seam)

    @classmethod
    def of_plain(cls, data: tuple[Any, ...]) -> "RangeVerdict":
        verdict, seam = data
        return cls(UnitVerdict.of_plain(verdict), seam)


@dataclass(frozen=True, slots=True)
class RangeJudged:
    """A part's verdict (`check_range`'s result), as it came back."""

    part: FileRange
    result: RangeVerdict


@dataclass(frozen=True, slots=True)
class Seam:
    """What a worker says of its part: how its first line reads (`tag_line_kind`), the
    splitter's state after its last line, its chunks, the games of its last chunk, and
    whether it holds only blank lines."""

    first: bool | None
    end: SplitterState
    chunks: int
    last_games: int
    blank: bool

    def followed_by(self, after: "Seam") -> bool:
        """Whether a game ends where this part does: the next part's first line, read where
        this part leaves the splitter, begins the next game after one already begun (before
        the first game, comments belong to it). Then the splitter is left as a fresh one is
        by that line, and both read the rest alike."""
        splitter = Splitter(self.end)
        return after.first is not None and splitter.started and splitter.begins_at_tag(after.first)


def file_ranges(path: str, name: str, stream: BinaryIO,
                options: JudgeOptions = NO_OPTIONS) -> Iterator[FileRange | FileStart | FileEnd | RangesEnd]:
    """FileStart, the file's parts in order, then RangesEnd; a file that is not UTF-8, or is
    JSON, gives FileStart with its finding and FileEnd, as `file_units` does."""
    opening = file_opening(name, stream)
    yield from opening
    if len(opening) > 1:
        return
    for start, end, first_line, last in cut_points(stream, RANGE_BYTES, LONGEST_RANGE):
        yield FileRange(path, name, start, end, first_line, last, options)
    yield RangesEnd(name)


def cut_points(stream: BinaryIO, target: int, longest: int,
               block: int = _BLOCK) -> Iterator[tuple[int, int, int, bool]]:
    """(start, end, first line number, whether last) of consecutive parts covering the
    stream, each cut at a line start; at least one part, empty only for an empty stream.
    Holds about a block and a part of the stream, however long its lines."""
    buffer = b""
    base = 0  # the file offset of buffer[0]
    start, first_line = 0, 1  # the part under way
    lines = 0  # line ends of the part before buffer[0]
    eof = False
    # Where the buffer ended when a search for a likely start, or a tag line, found none: a later
    # search, which starts no earlier, resumes there (less the overlap of a start cut short) and
    # not at all until more is read. Searching again from each part's start made a long run of
    # lines with no tag (20 million blank lines) take minutes.
    no_likely = no_tag = 0
    while True:
        head = max(0, start - base)  # where the part begins in the buffer
        end = base + len(buffer)
        size = end - start
        if size > target:
            search_from = max(head, start + target - base)
            match = None
            if no_likely < end:
                match = _LIKELY_START.search(buffer, max(search_from, no_likely - _OVERLAP - base))
                if match is None:
                    no_likely = end
            if match is None and size > 4 * target and no_tag < end:  # games not set apart by blank lines
                match = _TAG_START.search(buffer, max(search_from, no_tag - 1 - base))
                if match is None:
                    no_tag = end
            if match is None and size > longest:
                match = _LINE_END.search(buffer, search_from)
            if match is not None:
                cut = match.end()
                yield start, base + cut, first_line, False
                first_line += lines + _line_ends(buffer, head, cut)
                lines = 0
                start = base + cut
                continue
        if eof:
            yield start, base + len(buffer), first_line, True
            return
        if size > longest:  # one line longer than a part: keep in view only its end
            keep = len(buffer) - 1 - (buffer[-2:-1] == b"\r")  # a \r\n is counted whole, as one line end
            if keep > head:
                lines += _line_ends(buffer, head, keep)
                buffer, base = buffer[keep:], base + keep
                head = 0
        data = stream.read(block)
        if data:
            buffer = buffer[head:] + data
            base += head
        else:
            eof = True


def _line_ends(data: bytes, start: int, end: int) -> int:
    """Line ends in data[start:end] as `LineReader` counts them: CRLF, CR and LF."""
    newlines = data.count(b"\n", start, end)
    returns = data.count(b"\r", start, end)
    return newlines + returns - data.count(b"\r\n", start, end) if returns else newlines


class _Window(io.RawIOBase):
    """`size` bytes of a stream from where it stands."""

    def __init__(self, stream: BinaryIO, size: int) -> None:
        self.stream, self.left = stream, size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        count = min(len(buffer), self.left)
        if count <= 0:
            return 0
        data = self.stream.read(count)
        buffer[:len(data)] = data
        self.left -= len(data)
        return len(data)


def check_range(part: FileRange) -> RangeVerdict:
    """A part read and judged by a worker: what `check_unit` gives for its games, plus
    its seam. Never raises."""
    try:
        unit, splitter = _read_range(part)
        games: list[GameVerdict] = []
        counts = []
        if part.start > 0 and (not unit.chunks or tag_line_kind(unit.chunks[0].lines[0]) is None):
            # the part begins inside a game: no seam before it holds, so the main process reads
            # the file again from that game on, and nothing judged here would be used. Judging
            # it anyway held the whole middle of a long game as records (475 MB for 850,000 turns).
            return RangeVerdict(UnitVerdict(part.name), _seam_json(unit, splitter, []))
        for judged in chunk_games(unit):
            games.extend(judged)
            counts.append(len(judged))
        return RangeVerdict(UnitVerdict(part.name, games), _seam_json(unit, splitter, counts))
    except Exception as error:  # noqa: BLE001 - the unit must not raise; the CLI reports it
        return RangeVerdict(failure(part.name, error))


def _read_range(part: FileRange) -> tuple[Unit, Splitter]:
    with open(part.path, "rb") as stream:
        stream.seek(part.start)
        window = io.BufferedReader(_Window(stream, part.end - part.start))
        reader = LineReader(window, at_start=part.start == 0, at_end=part.last)  # type: ignore[arg-type]
        splitter = Splitter()
        chunks = list(split_games(reader, part.first_line, splitter))
    offset = part.first_line - 1
    cut = {number + offset: length for number, length in reader.cut.items()}
    return Unit(part.name, chunks, cut, part.options), splitter


def _seam_json(unit: Unit, splitter: Splitter, chunk_counts: list[int]) -> list[Any]:
    """A part's `Seam`, as plain data for the way back."""
    chunks = unit.chunks
    first = tag_line_kind(chunks[0].lines[0]) if chunks and chunks[0].lines else None
    blank = not any(line.strip() for chunk in chunks for line in chunk.lines)
    return [first, list(splitter.state), len(chunks), chunk_counts[-1] if chunk_counts else 0, blank]


def _seam(result: RangeVerdict) -> Seam | None:
    data = result.seam
    if data is None:
        return None  # the worker failed: its failure is reported, and no seam is checked
    first, end, chunks, last_games, blank = data
    return Seam(first, tuple(end), chunks, last_games, blank)  # type: ignore[arg-type]


def stitched(events: Iterable[Any]) -> Iterator[Any]:
    """The events with each file's parts (RangeJudged) turned into Judged verdicts once the
    seam after them is known to hold, and RangesEnd into FileEnd; everything else as it
    comes. A part is held back until the next one arrives."""
    held: tuple[RangeJudged, Seam | None] | None = None
    chunks = 0  # chunks of the file's parts given out whole
    blank = True
    again: FileEnd | None = None  # the file read again here: its end, once read
    for event in events:
        if isinstance(event, RangeJudged):
            if again is not None:
                continue  # read again already, from the seam that failed
            seam = _seam(event.result)
            if held is not None:
                before, before_seam = held
                if before_seam is None or seam is None or before_seam.followed_by(seam):
                    yield _judged(before.part, before.result)
                    chunks += before_seam.chunks if before_seam is not None else 0
                else:
                    again = yield from _read_again(before, before_seam, chunks)
                    held = None
                    continue
            held = (event, seam)
            blank = blank and (seam is None or seam.blank)
        elif isinstance(event, RangesEnd):
            if held is not None:
                yield _judged(held[0].part, held[0].result)
            yield again if again is not None else FileEnd(event.name, blank)
            held, chunks, blank, again = None, 0, True, None
        else:
            yield event


def _judged(part: FileRange, result: RangeVerdict) -> Judged:
    return Judged(part.name, result.verdict, part.end - part.start)


def _read_again(part_judged: RangeJudged, seam: Seam, chunks: int) -> Iterator[Any]:
    """After a seam that does not hold: the part before it but its last chunk's games, then
    the rest of the file from that chunk on, read and judged here the ordinary way; returns
    the file's FileEnd."""
    part, result = part_judged.part, part_judged.result
    whole = len(result.verdict.games) - seam.last_games
    yield _judged(part, RangeVerdict(dataclasses.replace(result.verdict, games=result.verdict.games[:whole])))
    skip = chunks + seam.chunks - 1
    end = FileEnd(part.name, None)
    with open(part.path, "rb") as stream:
        for item in file_units(part.name, stream, options=part.options):
            if isinstance(item, FileEnd):
                end = item
            elif isinstance(item, Unit):
                if skip >= len(item.chunks):
                    skip -= len(item.chunks)
                    continue
                if skip:
                    item = Unit(item.path, item.chunks[skip:], item.cut, item.options)
                    skip = 0
                yield Judged(part.name, check_unit(item), item.size())
    return end
