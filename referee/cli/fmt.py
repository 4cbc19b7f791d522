"""`referee fmt`: rewrite logs in canonical notation."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any, BinaryIO, TextIO

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UnreadableInput, cli
from referee.cli.common import emit, exclude_option, gather, judging_options, open_input, open_output, style_for, why_broken
from referee.diagnostics import Diagnostic
from referee.formatting import reached_result, set_result, write_canonical
from referee.games.base import JudgeOptions
from referee.notation.reader import ReadGame
from referee.pipeline.fileio import Input
from referee.pipeline.replay import GameReport
from referee.pipeline.work import JudgedChunk, judged_chunks
from referee.reports.text import render_json_diagnostic
from referee.reports.json_report import diagnostic_json
from referee.reports.unified_diff import UnifiedDiff
from referee.reports.visible import visible

BLOCK = 1 << 20


@cli.command(short_help="Rewrite logs in canonical notation.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...", type=click.Path())
@click.option("--check", "check_only", is_flag=True, help="Change nothing; exit 1 if a file is not canonical.")
@click.option("--in-place", "-i", "in_place", is_flag=True, help="Rewrite each file in place (atomically).")
@click.option("--fix-result", is_flag=True,
              help="Write the Result the moves reach in place of a false or missing one.")
@exclude_option
@judging_options
@click.pass_context
def fmt(ctx: click.Context, paths: tuple[str, ...], check_only: bool, in_place: bool, fix_result: bool,
        exclude: tuple[str, ...], options: JudgeOptions) -> None:
    """Rewrite logs in canonical form (to standard output unless --in-place).

    With --check nothing is written: a unified diff of what would change goes to
    standard output, and the exit code is 1 if any file is not canonical.

    With --fix-result, a game whose moves are all legal gets the Result they reach
    (a final score, the winner, or "*" for a game not over) where its Result is
    false or missing; each change is said on standard error. A game with an illegal
    move reaches no result and keeps its own; a claim that the log's hidden deal
    cannot check is kept too.

    A file with syntax errors is not rewritten: its errors are reported and the
    exit code is 1. Files are read and written game by game.

    \b
    Examples:
      referee fmt docs/examples/messy.korsar
      referee fmt --check samples/
      cp -r samples/korsar/legal my-logs && referee fmt -i my-logs/
      referee fmt -i --fix-result my-logs/
    """
    if check_only and in_place:
        raise click.UsageError("--check and --in-place exclude each other")
    inputs, unreadable = gather(paths, ctx, exclude)
    if in_place and any(item.path == "-" for item in inputs):
        raise click.UsageError("--in-place needs files, not standard input")
    style = style_for(ctx, err=True)
    status = EXIT_OK
    for problem in unreadable:
        emit(f"{problem.path}: cannot read: {problem.reason}", err=True)
    for item in inputs:
        try:
            name, stream = open_input(item)
        except UnreadableInput as error:
            unreadable.append(item)  # type: ignore[arg-type]
            emit(error.format_message(), err=True)
            continue
        with stream:
            outcome = _format_file(item, name, stream, check_only, in_place, fix_result, options)
        if outcome.broken:
            for diagnostic in outcome.broken:
                emit(render_json_diagnostic(diagnostic, style), err=True)
            reason = why_broken(outcome.broken)
            emit(f"{name}: not formatted: {reason}", err=True)
            status = max(status, EXIT_FINDINGS if reason == "it has syntax errors" else EXIT_USAGE)
        elif check_only and outcome.changed:
            emit(f"{name}: not in canonical form", err=True)
            status = max(status, EXIT_FINDINGS)
    ctx.exit(EXIT_USAGE if unreadable else status)


class _Outcome:
    def __init__(self) -> None:
        self.changed = False
        self.broken: list[dict[str, Any]] = []


def _format_file(item: Input, name: str, stream: BinaryIO, check_only: bool, in_place: bool,
                 fix_result: bool, options: JudgeOptions) -> _Outcome:
    """Read the file game by game; write (or diff) each game's canonical text as it
    comes. A file with syntax errors writes nothing: -i leaves it untouched, and the
    standard output gets nothing of it."""
    outcome = _Outcome()
    normalized = _normalized_bytes(stream)
    stream.seek(0)
    problems: list[Diagnostic] = []
    # Syntax errors first, before anything is written: a broken file is not rewritten. A plain
    # legal game is judged by the quick path here (the verdict never depends on the path), and
    # read in full only as it is written.
    for judged in judged_chunks(name, stream, problems, options=options):
        outcome.broken.extend(_broken(judged))
    outcome.broken[:0] = [diagnostic_json(d) for d in problems if d.is_error]
    if outcome.broken:
        return outcome
    stream.seek(0)
    problems.clear()
    try:
        with ExitStack() as stack:
            _write_canonical(outcome, stack, item, name, stream, problems, normalized, check_only, in_place,
                             fix_result, options)
    except _Unchanged:
        pass  # -i leaves a canonical file as it is, its time stamp included
    return outcome


class _Unchanged(Exception):
    """Raised to abandon the rewrite of a file that is canonical already."""


def _write_canonical(outcome: _Outcome, stack: ExitStack, item: Input, name: str, stream: BinaryIO,
                     problems: list[Diagnostic], normalized: bool, check_only: bool, in_place: bool,
                     fix_result: bool, options: JudgeOptions) -> None:
    out: TextIO | None = None
    if in_place:
        out = stack.enter_context(open_output(item.path, in_place=True))
    diff = UnifiedDiff(name, _emitted) if check_only else None
    send = None if diff is not None else out.write if out is not None else _emitted
    # each game is read here, and replayed (a second time with --fix-result) as it is written
    for judged, last in _with_last(judged_chunks(name, stream, problems, full=True, options=options,
                                                 wanted=None if fix_result else _none)):
        original = judged.chunk.lines
        missing_newline = False
        if last:
            missing_newline = bool(original) and original[-1] != ""
            original = original if missing_newline else original[:-1]
        written = _Written(original, send)
        for game in judged.games:
            if fix_result:
                _fix_result(name, game)
            write_canonical(name, game.index, ReadGame(game.record, game.rules, [], game.line), written.put, options)
        if not last and written.count:
            written.put([""])  # one blank line between games
        written.close()
        if written.changed or missing_newline:
            outcome.changed = True
        if diff is not None and written.spilled is None:
            diff.add(judged.chunk.first_line, original, written.held, missing_newline)
        elif diff is not None:
            with written.spilled:
                if written.changed or missing_newline:
                    diff.add_long(judged.chunk.first_line, original, written.lines(), written.count, missing_newline)
    if normalized:
        outcome.changed = True
    if diff is not None and outcome.changed:
        diff.close(normalized)
    if out is not None and not outcome.changed:
        raise _Unchanged()


def _none(number: int) -> bool:
    return False


def _emitted(text: str) -> None:
    emit(text, nl=False)


DIFF_HELD = 10_000
"""Canonical lines of one game past which its diff is worked out a window at a time, from
lines kept on disk: a game a person writes is a few hundred lines, and one of a million
turns compared whole took gigabytes."""


class _Written:
    """A chunk's canonical lines as they come, round by round: compared with its lines as
    written, and sent on in blocks, or held for the diff when there is nowhere to send them."""

    BLOCK = 1 << 16

    def __init__(self, original: list[str], send: Callable[[str], Any] | None) -> None:
        self.original = original
        self.send = send
        self.count = 0
        self.changed = False
        self.held: list[str] = []
        self.spilled: Any = None  # past DIFF_HELD lines, those held for the diff go to disk
        self.block: list[str] = []
        self.size = 0

    def put(self, lines: list[str]) -> None:
        original, count = self.original, self.count
        if not self.changed:
            self.changed = original[count:count + len(lines)] != lines
        self.count = count + len(lines)
        if self.send is None:
            if self.spilled is not None:
                self.spilled.write("".join(line + "\n" for line in lines))
                return
            self.held.extend(lines)
            if len(self.held) > DIFF_HELD:
                import tempfile

                self.spilled = tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8",
                                                             newline="\n")
                self.spilled.write("".join(line + "\n" for line in self.held))
                self.held.clear()
            return
        text = "".join(line + "\n" for line in lines)
        self.block.append(text)
        self.size += len(text)
        if self.size >= self.BLOCK:
            self.send("".join(self.block))
            self.block.clear()
            self.size = 0

    def lines(self) -> Iterator[str]:
        """The lines held for the diff, read back from disk once spilled there."""
        if self.spilled is None:
            yield from self.held
            return
        self.spilled.seek(0)
        for line in self.spilled:
            yield line[:-1]

    def close(self) -> None:
        if self.count != len(self.original):
            self.changed = True
        if self.block:
            assert self.send is not None
            self.send("".join(self.block))
            self.block.clear()


def _fix_result(name: str, game: GameReport) -> None:
    """Give the game the Result its moves reach, saying so, where its own is false or missing."""
    reached = reached_result(game)
    if reached is None:
        return
    assert game.record is not None
    tag = game.record.tag("Result")
    before = None if tag is None else tag.value
    line = game.line if tag is None or tag.span is None else tag.span.line
    set_result(game.record, reached)
    was = "no Result" if before is None else f'[Result "{visible(before)}"]'
    emit(f'{visible(name)}:{line}: game {game.index}: {was} becomes [Result "{visible(reached)}"], '
         f"what its moves reach", err=True)


def _broken(judged: JudgedChunk) -> list[dict[str, Any]]:
    return [diagnostic_json(d, judged.lines) for game in judged.games if game.verdict == "malformed"
            for d in game.diagnostics if d.is_error]


def _with_last(items: Iterator[JudgedChunk]) -> Iterator[tuple[JudgedChunk, bool]]:
    """Each item and whether it is the last: the last game has no blank line after it."""
    previous: JudgedChunk | None = None
    for item in items:
        if previous is not None:
            yield previous, False
        previous = item
    if previous is not None:
        yield previous, True


def _normalized_bytes(stream: BinaryIO) -> bool:
    """A byte-order mark or CR line ends: read away, so the file is not canonical bytes."""
    first = True
    while block := stream.read(BLOCK):
        if first and block.startswith(b"\xef\xbb\xbf"):
            return True
        first = False
        if b"\r" in block:
            return True
    return False


