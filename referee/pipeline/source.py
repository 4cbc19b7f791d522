"""Log bytes made text: UTF-8 checked, lines read in blocks with overlong ones cut,
and the decoded lines a report quotes from."""

from __future__ import annotations

import codecs
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

from referee.diagnostics import Diagnostic
from referee.span import Span


class DecodeError(Exception):
    """The bytes are not UTF-8; `offset` is the first bad byte, counted from 0."""

    def __init__(self, offset: int, reason: str) -> None:
        super().__init__(f"invalid UTF-8 at byte {offset}: {reason}")
        self.offset = offset
        self.reason = reason


def decode(data: bytes) -> str:
    """UTF-8 with an optional byte-order mark; line ends CRLF, CR and LF all become LF."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DecodeError(error.start, error.reason) from None
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


@dataclass(slots=True)
class Source:
    """One log's text, split into lines once, so diagnostics can quote them."""

    path: str
    text: str
    lines: list[str]

    @classmethod
    def from_text(cls, path: str, text: str) -> "Source":
        return cls(path, text, text.split("\n"))

    def line(self, number: int) -> str:
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1]
        return ""


MAX_LINE_CHARS = 100_000
"""No line of a log is this long (a whole game fits in a few thousand characters);
a longer one is cut here, reported, and the rest of it is never held in memory."""

_BLOCK = 1 << 20


def check_utf8(stream: BinaryIO) -> None:
    """Raise DecodeError at the first byte that is not UTF-8, reading in blocks."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    offset = 0
    while True:
        block = stream.read(_BLOCK)
        pending = len(decoder.getstate()[0])
        try:
            decoder.decode(block, final=not block)
        except UnicodeDecodeError as error:
            raise DecodeError(offset - pending + error.start, error.reason) from None
        if not block:
            return
        offset += len(block)


@dataclass(slots=True)
class LineReader:
    """The lines of a UTF-8 stream, read one at a time, as `decode` would give them.

    A byte-order mark at the start is dropped and CRLF, CR and LF all end a line.
    Lines longer than MAX_LINE_CHARS are cut: `cut` maps their line numbers to their lengths.
    The stream must have passed `check_utf8`.
    """

    stream: BinaryIO
    cut: dict[int, int] = field(default_factory=dict)
    at_start: bool = True
    """Whether the stream begins the file: only there is a byte-order mark dropped."""
    at_end: bool = True
    """Whether the stream ends the file: a stream that stops after a line end, short of
    the file's end, has no empty last line."""

    def __iter__(self) -> Iterator[str]:
        text = io.TextIOWrapper(self.stream, encoding="utf-8-sig" if self.at_start else "utf-8", newline=None)
        number = 0
        pending = ""  # the start of a line whose end is not read yet
        skipping = False  # inside a cut line: read past it to its end
        while block := text.read(_BLOCK):
            lines = block.split("\n")
            lines[0] = pending + lines[0]
            pending = lines.pop()
            if skipping and lines:
                self.cut[number] += len(lines[0])
                del lines[0]
                skipping = False
            for line in lines:
                number += 1
                if len(line) > MAX_LINE_CHARS:
                    self.cut[number] = len(line)
                    line = line[:MAX_LINE_CHARS]
                yield line
            if skipping:
                self.cut[number] += len(pending)
                pending = ""
            elif len(pending) > MAX_LINE_CHARS:
                number += 1
                self.cut[number] = len(pending)
                yield pending[:MAX_LINE_CHARS]
                pending = ""
                skipping = True
        if not skipping and (pending or self.at_end):
            yield pending  # like str.split: text that ends with a line end has an empty last line
        text.detach()


JSON_HEAD = 4096
"""Bytes of a file looked at to tell a JSON document from a log."""

JSON_START = re.compile(rb'''\A(?:\xef\xbb\xbf)?\s*(?:
      (?:\[\s*)*\{\s*"[^"\n]*"\s*:                                   # an object with a key, maybe in arrays
    | \[\s*(?:\[\s*)*(?:-?\d+(?:\.\d+)?|"[^"\n]*"|true|false|null)\s*[,\]]   # an array of values
    | \[\s*\]                                                        # an empty array
)''', re.VERBOSE)
"""How a JSON document opens, and no log does: a stray `[` line before a tag or a round line
(`[` then `[Game "Corsari"]`, or `[` then `1. A: …`) is a log with a broken tag line."""


def is_json(head: bytes) -> bool:
    """A JSON document where a log was expected: no log starts with `{"key":`, `[{"key":` or `[1,`."""
    return JSON_START.match(head) is not None


def json_not_log(path: str) -> Diagnostic:
    """What is said of a JSON document given where a log was expected, by every reading."""
    return Diagnostic("N-GAME", "this is JSON, not a game log", path, Span(1, 1, 2),
                      notes=["`referee import FILE` turns a game-record document (as `referee export` writes it) "
                             "into a log"])
