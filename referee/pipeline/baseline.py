"""A baseline: allow comments written for every finding a log holds today.

A club that adopts the referee on an old archive wants to catch new faults, not to
relitigate every game already played. `allow_findings` judges a game once, setting each
finding aside as its comment will, so that judging goes on to the next, and then writes
`{allow ID: REASON}` after the move (or the tag) each finding is about. It stops at the
first finding of a kind no comment accepts (a syntax error, a game that cannot be set up,
a round that may not begin).

The game's text is changed only by the comments written into it: everything else
stays as written, byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.diagnostics import Diagnostic
from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.notation.chunks import Chunk
from referee.notation.streamed import read_chunk_streamed
from referee.span import Span
from referee.pipeline.replay import replay_game
from referee.record import GameRecord

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
    """The chunk's game with an allow comment after every move or tag a finding is about.

    One judging does it: each finding a comment could accept is set aside on the spot, as
    the comment will make it be, and judging goes on; the comments are written once it ends."""
    result = GameBaseline(list(chunk.lines))
    reads = list(read_chunk_streamed(path, chunk))
    if not reads:
        return result  # comments only: nothing to judge
    read = reads[0]
    record = read.record
    placed: list[tuple[Diagnostic, Span]] = []

    def accept(diagnostic: Diagnostic, at_end: bool) -> bool:
        if len(placed) >= MAX_ALLOWED_PER_GAME:
            result.stopped = True
            return False
        assert record is not None
        span = _place_for(record, diagnostic, at_end, result.lines, chunk.first_line)
        if span is None:
            return False
        placed.append((diagnostic, span))
        return True

    report = replay_game(path, index, read, options=options, accept=accept)
    result.left = [d for d in report.diagnostics if d.is_error]
    result.allowed = [diagnostic for diagnostic, _ in placed]
    # Right to left along each line, so that no comment moves a place still to be written;
    # comments at one place read as a rerun of the baseline would write them, the later first.
    order = sorted(range(len(placed)), key=lambda n: (placed[n][1].line, -placed[n][1].end_col, n))
    for number in order:
        diagnostic, span = placed[number]
        row = span.line - chunk.first_line
        line = result.lines[row]
        at = span.end_col - 1
        result.lines[row] = line[:at] + " " + allow_comment(diagnostic.code, reason) + line[at:]
    return result


def _place_for(record: GameRecord, diagnostic: Diagnostic, at_end: bool, lines: list[str],
               first_line: int) -> Span | None:
    """The end of the move or tag an allow comment for this finding goes after; None when it
    is of a kind no comment accepts (a round that may not begin, a finding about the whole
    game) or about a tag before every entry is judged."""
    if diagnostic.move_number is not None and diagnostic.move_number > 0:
        found = record.entry(diagnostic.move_number)
        if found is None or diagnostic.move_text is None or diagnostic.move_text.endswith("."):
            return None  # a round that may not begin: no comment accepts it
        turn = found[1]
        return turn.token_spans[-1] if turn.token_spans else turn.span
    if at_end and diagnostic.move_text is not None and diagnostic.move_text.startswith("["):
        tag = record.tag(diagnostic.move_text[1:].split(" ", 1)[0])
        if tag is not None and tag.span is not None:
            return _tag_end(lines[tag.span.line - first_line], tag.span)
    return None


def _tag_end(line: str, value: Span) -> Span | None:
    """Just past the `]` that closes the tag whose value stands at `value` on `line`."""
    at = line.find("]", value.end_col - 1)
    return None if at < 0 else Span(value.line, at + 2, at + 2)
