"""What a unit of work gives back: its games' verdicts as typed, plain data.

A worker judges games and sends back only what a report is made of (the verdict, the
findings with the lines they quote, the score), never the replay itself: the values here
pickle small and carry no engine, no record and no grammar. The reports render them (JSON,
text, the machine formats); nothing here knows a report's shape.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee.diagnostics import Diagnostic
from referee.games.base import Outcome, SideResult
from referee.pipeline.replay import GameReport, Verdict
from referee.span import Span


@dataclass(slots=True)
class GameVerdict:
    """A judged game: where it starts, its game and players, its verdict, moves and score, its
    findings (and those an allow comment accepted), and the text of each line they name."""

    index: int
    line: int
    game: str | None
    players: list[str]
    verdict: Verdict
    moves: int
    outcome: Outcome | None
    diagnostics: list[Diagnostic]
    suppressed: list[Diagnostic] = field(default_factory=list)
    quoted: dict[int, str] = field(default_factory=dict)
    """The lines the findings name, by number, as written: what a report quotes of them."""

    def plain(self) -> tuple[Any, ...]:
        """The verdict as plain values (tuples, lists, dicts, strings, numbers), which marshal
        writes and reads back several times faster than pickle writes objects."""
        outcome = self.outcome
        return (self.index, self.line, self.game, self.players, self.verdict, self.moves,
                None if outcome is None else (outcome.finished,
                                              [(side.side, side.players, side.score, side.details)
                                               for side in outcome.sides],
                                              outcome.winners, outcome.summary, outcome.claim),
                [_plain_diagnostic(d) for d in self.diagnostics], [_plain_diagnostic(d) for d in self.suppressed],
                self.quoted)

    @classmethod
    def of_plain(cls, data: tuple[Any, ...]) -> "GameVerdict":
        index, line, game, players, verdict, moves, outcome, diagnostics, suppressed, quoted = data
        if outcome is not None:
            finished, sides, winners, summary, claim = outcome
            outcome = Outcome(finished, [SideResult(*side) for side in sides], winners, summary, claim)
        return cls(index, line, game, players, verdict, moves, outcome, [_diagnostic(d) for d in diagnostics],
                   [_diagnostic(d) for d in suppressed], quoted)


def _plain_diagnostic(d: Diagnostic) -> tuple[Any, ...]:
    span = d.span
    return (d.code, d.message, d.path, None if span is None else (span.line, span.col, span.end_col), d.severity,
            d.move_text, d.move_number, d.notes, d.facts, d.rulings)


def _diagnostic(data: tuple[Any, ...]) -> Diagnostic:
    code, message, path, span, severity, move_text, move_number, notes, facts, rulings = data
    return Diagnostic(code, message, path, None if span is None else Span(*span), severity, move_text, move_number,
                      notes, facts, rulings)


def game_verdict(report: GameReport, line_text: Callable[[int], str | None] | None = None) -> GameVerdict:
    """The verdict on a replayed game, quoting from `line_text` the lines its findings name."""
    players: list[str] = []
    if report.record is not None:
        value = report.record.tag_value("Players")
        players = value.split() if value else []
    quoted: dict[int, str] = {}
    if line_text is not None:
        for diagnostic in (*report.diagnostics, *report.suppressed):
            span = diagnostic.span
            if span is not None and span.line not in quoted:
                text = line_text(span.line)
                if text is not None:
                    quoted[span.line] = text
    return GameVerdict(report.index, report.line, report.rules.id if report.rules else None, players,
                       report.verdict, report.moves, report.outcome, report.diagnostics, report.suppressed, quoted)


@dataclass(frozen=True, slots=True)
class InternalError:
    """The referee itself failed on a unit (a bug, never the input's fault): the error's type
    and message, and the traceback of where it was raised (in whichever process it ran)."""

    kind: str
    message: str
    traceback: str


@dataclass(slots=True)
class UnitVerdict:
    """A unit's verdict: its games, the file's own findings (they quote no line), and
    `internal_error` when the referee itself failed (a bug, never the input's fault), or
    `unreadable` when the file named could not be opened."""

    path: str
    games: list[GameVerdict] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    internal_error: InternalError | None = None
    unreadable: str | None = None

    def plain(self) -> tuple[Any, ...]:
        """The verdict as plain values, for marshal (`GameVerdict.plain`)."""
        failed = self.internal_error
        return (self.path, [game.plain() for game in self.games], [_plain_diagnostic(d) for d in self.diagnostics],
                None if failed is None else (failed.kind, failed.message, failed.traceback), self.unreadable)

    @classmethod
    def of_plain(cls, data: tuple[Any, ...]) -> "UnitVerdict":
        path, games, diagnostics, internal_error, unreadable = data
        return cls(path, [GameVerdict.of_plain(game) for game in games], [_diagnostic(d) for d in diagnostics],
                   None if internal_error is None else InternalError(*internal_error), unreadable)
