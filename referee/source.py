"""Decoded log text and positions in it.

Positions are 1-based lines and columns; a column counts characters (a tab is one
column), so `path:line:col` points at the same character in every editor that
counts characters.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of one line: `line`, and columns `col` to `end_col` (exclusive)."""

    line: int
    col: int
    end_col: int

    def __post_init__(self) -> None:
        if self.end_col < self.col:
            object.__setattr__(self, "end_col", self.col)

    def to_json(self) -> dict[str, int]:
        return {"line": self.line, "column": self.col, "end_column": self.end_col}


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
