"""Positions in a log: 1-based lines and columns counted in characters (a tab is one
column), so `path:line:col` points at the same character in every editor."""

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
