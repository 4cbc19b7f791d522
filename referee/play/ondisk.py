"""The log of a game in play as the session last wrote it: where its last round begins, so
that an entry is written by appending to it, and what it looked like, so that a change made
to it by another program is noticed before anything is written over it.

A log in play is canonical notation (`referee.notation.writer`): the header's lines, a blank
line, then each round's lines. An entry only ever changes the last round's lines, or adds a
round's after them; the header changes only with the Result tag (the game's end, or an
entry taken back after it) or a tag given during the game. So an entry is written over the
log's last line end, flushed to the disk (`splice`), and the log is written whole (a
temporary file beside it, flushed and renamed over it, `rewrite`) only when a line before
its last round changes.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from referee.notation.chunks import Chunk, split_games
from referee.pipeline.fileio import atomic_writer
from referee.pipeline.source import LineReader

Stamp = tuple[int, int, int, int]
"""What the file system says of a file: its device, inode, size and time of last change (ns)."""


def stamp_of(path: str) -> Stamp | None:
    """The log's stamp now; None when it cannot be read (gone, or not reachable)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


@dataclass(slots=True)
class Written:
    """A canonical log as it stands in `path`: its `head` (the header's lines, with the blank
    line that ends them when rounds follow), the rounds before the last from the end of the
    head to `tail_at`, and the last round's lines, `tail`. `stamp` is the file's after the
    last write (None for a file no session has written, such as a copy to read from)."""

    path: str
    head: bytes
    tail_at: int
    tail: bytes
    stamp: Stamp | None = None
    lines: int = 0
    """The lines of the whole text (what the reader's limit on a game's lines counts)."""

    @property
    def size(self) -> int:
        return self.tail_at + len(self.tail)

    def unchanged(self) -> bool:
        """Whether the file is still what was written: the same file, size and time of change,
        and the same header and last round's lines."""
        if self.stamp is None or stamp_of(self.path) != self.stamp:
            return False
        try:
            with open(self.path, "rb") as stream:
                if stream.read(len(self.head)) != self.head:
                    return False
                stream.seek(self.tail_at)
                return stream.read(len(self.tail) + 1) == self.tail
        except OSError:
            return False


def splice(log: Written, offset: int, data: bytes, head: bytes, tail_at: int, tail: bytes) -> Written:
    """Write `data` over the log from `offset` to its end, flushed to the disk: the log that
    results is `head`, then what lay before `tail_at`, then `tail`. The bytes before `offset`
    are not touched, and one write puts the new ones in place (a process killed around it
    leaves the log before or after it, each a canonical log)."""
    handle = os.open(log.path, os.O_WRONLY)
    try:
        os.pwrite(handle, data, offset)
        if os.fstat(handle).st_size > offset + len(data):
            os.ftruncate(handle, offset + len(data))
        os.fsync(handle)
        info = os.fstat(handle)
    finally:
        os.close(handle)
    replaced = log.tail[offset - log.tail_at:] if log.tail_at <= offset < log.size else b""
    lines = log.lines + data.count(b"\n") - replaced.count(b"\n")
    return Written(log.path, head, tail_at, tail, (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns), lines)


def rewrite(path: str, head: bytes, body: tuple[str, int, int] | None, tail: bytes, body_lines: int) -> Written:
    """Write the log whole: `head`, the bytes `body` names (a file, from, to: the rounds
    before the last, copied as they stand, `body_lines` lines) and `tail`, through a temporary file renamed over
    the log, its folder flushed after (`write_log`'s way)."""
    with atomic_writer(path) as stream:
        stream.write(head.decode("utf-8"))
        if body is not None:
            for text in _decoded(*body):
                stream.write(text)
        stream.write(tail.decode("utf-8"))
    sync_folder(os.path.dirname(os.path.realpath(path)) or ".")
    length = 0 if body is None else body[2] - body[1]
    lines = head.count(b"\n") + body_lines + tail.count(b"\n")
    return Written(path, head, len(head) + length, tail, stamp_of(path), lines)


def _decoded(source: str, start: int, end: int) -> Iterator[str]:
    decoder = codecs.getincrementaldecoder("utf-8")()
    with open(source, "rb") as stream:
        stream.seek(start)
        left = end - start
        while left > 0:
            block = stream.read(min(left, 1 << 20))
            if not block:
                raise OSError(f"{source} is shorter than written")
            left -= len(block)
            yield decoder.decode(block, final=left <= 0)


def sync_folder(folder: str) -> None:
    """Flush a folder's entries (the rename just made); a system that cannot flush folders
    (some network or Windows file systems) has made the rename durable its own way."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def first_game_chunk(stream: BinaryIO) -> Chunk | None:
    """The lines of the first game of a log (with the comments before it)."""
    return next(iter(split_games(LineReader(stream))), None)


def common_prefix(old: bytes, new: bytes) -> int:
    """How many leading bytes two texts share (an entry added to the last round leaves that
    round's text as it was up to its last line end)."""
    limit = min(len(old), len(new))
    if new[:limit] == old[:limit]:
        return limit
    low, high = 0, limit
    while low < high:  # the longest equal prefix, by halves
        middle = (low + high + 1) // 2
        if new[:middle] == old[:middle]:
            low = middle
        else:
            high = middle - 1
    return low
