"""A baseline: allow comments written for every finding a log holds today.

A club that adopts the referee on an old archive wants to catch new faults, not to
relitigate every game already played. `allow_findings` judges a game, writes
`{allow ID: REASON}` after the move (or the tag) each finding is about, and judges it
again, since a finding accepted at one move lets judging go on to the next: the loop
ends when every finding of the game is accepted or is of a kind no comment accepts
(a syntax error, a game that cannot be set up, a round that may not begin).

The game's text is changed only by the comments written into it: everything else
stays as written, byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.diagnostics import Diagnostic
from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.notation.chunks import Chunk
from referee.notation.reader import read_chunk
from referee.notation.span import Span
from referee.pipeline.replay import GameReport, replay_game

MAX_ALLOWED_PER_GAME = 10_000
"""More findings than this in one game is not an archive's real mistakes but a log
that is not this game at all: the baseline stops there and says so."""


@dataclass(slots=True)
class GameBaseline:
    """What the baseline did to one game: its lines afterwards, the findings now accepted
    (each with where its comment went), and those no comment can accept."""

    lines: list[str]
    allowed: list[Diagnostic] = field(default_factory=list)
    left: list[Diagnostic] = field(default_factory=list)
    stopped: bool = False
    """True when the game held more findings than `MAX_ALLOWED_PER_GAME`."""


def allow_comment(rule: str, reason: str) -> str:
    return f"{{allow {rule}: {reason}}}" if reason else f"{{allow {rule}}}"


def allow_findings(path: str, chunk: Chunk, index: int, reason: str,
                   options: JudgeOptions = NO_OPTIONS) -> GameBaseline:
    """The chunk's game with an allow comment after every move or tag a finding is about."""
    result = GameBaseline(list(chunk.lines))
    before: list[str] | None = None  # the lines before the last comment went in
    while True:
        current = Chunk(chunk.first_line, result.lines, chunk.dropped, chunk.unread)
        reads = list(read_chunk(path, current))
        if not reads:
            return result  # comments only: nothing to judge
        read = reads[0]
        if read.malformed and before is not None:
            # the comment broke the game's reading (it cannot: a guard, not a path): take it back
            result.lines = before
            result.left.append(result.allowed.pop())
            return result
        report = replay_game(path, index, read, options=options)
        errors = [d for d in report.diagnostics if d.is_error]
        if not errors:
            return result
        if read.malformed or report.engine is None:
            result.left.extend(errors)
            return result
        place = _place_for(report, errors, result.lines, chunk.first_line)
        if place is None:
            result.left.extend(errors)
            return result
        diagnostic, span = place
        if len(result.allowed) >= MAX_ALLOWED_PER_GAME:
            result.stopped = True
            result.left.extend(errors)
            return result
        row = span.line - chunk.first_line
        line = result.lines[row]
        at = span.end_col - 1
        before = list(result.lines)
        result.lines[row] = line[:at] + " " + allow_comment(diagnostic.code, reason) + line[at:]
        result.allowed.append(diagnostic)


def _place_for(report: GameReport, errors: list[Diagnostic], lines: list[str],
               first_line: int) -> tuple[Diagnostic, Span] | None:
    """The first finding an allow comment can accept, and the end of the move or tag it goes
    after; None when the first finding is of a kind no comment accepts."""
    record = report.record
    assert record is not None
    first = errors[0]
    if first.move_number is not None and first.move_number > 0:
        found = record.entry(first.move_number)
        if found is None or first.move_text is None or first.move_text.endswith("."):
            return None  # a round that may not begin: no comment accepts it
        turn = found[1]
        span = turn.token_spans[-1] if turn.token_spans else turn.span
        return (first, span) if span is not None else None
    for diagnostic in errors:
        if diagnostic.move_text is not None and diagnostic.move_text.startswith("["):
            name = diagnostic.move_text[1:].split(" ", 1)[0]
            tag = record.tag(name)
            if tag is not None and tag.span is not None and report.moves == record.entry_count():
                end = _tag_end(lines[tag.span.line - first_line], tag.span)
                return (diagnostic, end) if end is not None else None
    return None


def _tag_end(line: str, value: Span) -> Span | None:
    """Just past the `]` that closes the tag whose value stands at `value` on `line`."""
    at = line.find("]", value.end_col - 1)
    return None if at < 0 else Span(value.line, at + 2, at + 2)
