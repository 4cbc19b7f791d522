"""What the referee has to say about a log: one finding, located and explained.

A diagnostic carries the rule id it cites (a ruling such as K-TARGET, or a
notation code such as N-SYNTAX), one plain sentence, the facts of the position
that matter to the ruling, and where in the file the offending text stands.
Reports render it; nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from referee.span import Span

Severity = Literal["error", "warning"]

MAX_FINDINGS_PER_GAME = 100
"""Notation findings reported one by one for a game; the rest are counted in one more.
A file that is not a log at all would otherwise give one finding per word."""


@dataclass(frozen=True, slots=True)
class Violation:
    """A rules engine's verdict on one move: the rule broken and why.

    `part` names which piece of the move is at fault ("mover", "action",
    "target", "capture:0", "chase", "round", "tag:Result", ...), so the replay can
    put the caret under exactly that text.
    """

    rule: str
    message: str
    facts: dict[str, Any] = field(default_factory=dict)
    part: str = "action"
    notes: tuple[str, ...] = ()
    severity: Severity = "error"
    rulings: tuple[str, ...] = ()
    """Rulings besides `rule` that decided the finding: where the rule text was unclear, how
    the referee read it (a cargo counted with links, a claim decided by a meeting)."""
    entry: int | None = None
    """An earlier entry at fault, numbered as diagnostics number moves (from 1 over the whole
    movetext), when its fault shows only later: `part` is then a part of that entry. None: the
    entry being played (or the round begun, or the tag named)."""


@dataclass(slots=True)
class Diagnostic:
    code: str
    message: str
    path: str
    span: Span | None
    severity: Severity = "error"
    move_text: str | None = None
    move_number: int | None = None
    notes: list[str] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    rulings: list[str] = field(default_factory=list)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def location(self) -> str:
        if self.span is None:
            return self.path
        return f"{self.path}:{self.span.line}:{self.span.col}"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "path": self.path,
        }
        if self.span is not None:
            data.update(self.span.to_json())
        if self.move_text is not None:
            data["move"] = self.move_text
        if self.move_number is not None:
            data["move_number"] = self.move_number
        if self.notes:
            data["notes"] = list(self.notes)
        if self.facts:
            data["facts"] = self.facts
        if self.rulings:
            data["rulings"] = list(self.rulings)
        return data
