"""`referee baseline`: accept every finding a log holds today, so that only new ones count."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import BinaryIO

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UnreadableInput, cli
from referee.cli.common import emit, exclude_option, gather, judging_options, open_input, open_output, style_for
from referee.games.base import JudgeOptions
from referee.notation.chunks import MAX_GAME_CHARS, MAX_GAME_LINES, Chunk
from referee.pipeline.baseline import MAX_ALLOWED_PER_GAME, GameBaseline, allow_findings
from referee.pipeline.fileio import Input
from referee.pipeline.source import MAX_LINE_CHARS
from referee.pipeline.work import FileEnd, FileStart, chunk_is_whole, file_units
from referee.reports.json_report import diagnostic_json
from referee.reports.style import Style
from referee.reports.text import render_json_diagnostic
from referee.reports.visible import visible

DEFAULT_REASON = "baseline"


def _reason(_ctx: click.Context, _param: click.Parameter, given: str) -> str:
    text = given.strip()
    if any(char in text for char in "{}\n\r"):
        raise click.BadParameter("a reason is one line without braces: it is written inside {…}")
    return text


@cli.command(short_help="Accept every current finding with allow comments.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...", type=click.Path())
@click.option("--reason", default=DEFAULT_REASON, show_default=True, callback=_reason,
              help="What each comment says after the ruling id ('' for nothing).")
@click.option("--check", "check_only", is_flag=True,
              help="Change nothing; list what would be accepted and exit 1 if anything would.")
@exclude_option
@judging_options
@click.pass_context
def baseline(ctx: click.Context, paths: tuple[str, ...], reason: str, check_only: bool,
             exclude: tuple[str, ...], options: JudgeOptions) -> None:
    """Write an allow comment after every move (or tag) that a finding is about, in
    every game of PATH..., so that `referee check` passes on the archive as it stands
    and catches only faults written after it: the way to adopt the referee on an old
    archive. Each comment names the finding's ruling and the reason
    (`{allow K-TARGET: baseline}`); judging goes on past an accepted finding, so a
    game gets one comment for each of its findings. Nothing else in a file changes,
    and a file with nothing to accept is not touched. Files are rewritten in place,
    atomically, game by game.

    A finding no comment can accept is listed and left: a syntax error, a game that
    cannot be set up, a round that may not begin. Exit 0 when every finding is now
    accepted, 1 when some are left (or, with --check, when a comment would be
    written), 2 for unreadable input.

    \b
    Examples:
      cp -r samples/korsar/illegal old-logs && referee baseline old-logs/
      referee baseline --check samples/korsar/illegal/k-target.korsar
      cp samples/korsar/illegal/k-target.korsar old.korsar
      referee baseline --reason 'played so at the table, 2025' old.korsar
    """
    inputs, unreadable = gather(paths, ctx, exclude)
    if any(item.path == "-" for item in inputs):
        raise click.UsageError("baseline rewrites files in place: it needs files, not standard input")
    style = style_for(ctx, err=True)
    for problem in unreadable:
        emit(f"{visible(problem.path)}: cannot read: {problem.reason}", err=True)
    left = accepted = 0
    for item in inputs:
        try:
            name, stream = open_input(item)
        except UnreadableInput as error:
            emit(error.format_message(), err=True)
            unreadable.append(item)  # type: ignore[arg-type]
            continue
        with stream:
            try:
                counts, remaining = _baseline_file(item, name, stream, reason, check_only, options, style)
            except UnreadableInput as error:
                emit(error.format_message(), err=True)
                unreadable.append(item)  # type: ignore[arg-type]
                continue
        accepted += sum(counts.values())
        left += remaining
        if counts:
            listed = ", ".join(f"{code} {count}" if count > 1 else code for code, count in sorted(counts.items()))
            verb = "would get" if check_only else "now has"
            emit(f"{visible(name)}: {verb} {sum(counts.values())} allow "
                 f"comment{'s' if sum(counts.values()) != 1 else ''} ({listed})", err=True)
    if unreadable:
        ctx.exit(EXIT_USAGE)
    if left:
        emit(f"{left} finding{'s' if left != 1 else ''} no allow comment can accept: fix "
             f"{'them' if left != 1 else 'it'} in the log", err=True)
    ctx.exit(EXIT_FINDINGS if left or (check_only and accepted) else EXIT_OK)


class _Unchanged(Exception):
    """Raised to abandon the rewrite of a file that gets no comment."""


def _baseline_file(item: Input, name: str, stream: BinaryIO, reason: str, check_only: bool,
                   options: JudgeOptions, style: Style) -> tuple[Counter[str], int]:
    """Baseline one file game by game: (accepted findings by ruling id, findings left). The
    rewrite goes to a temporary file, renamed into place only when a comment went into it."""
    bom = stream.read(3) == b"\xef\xbb\xbf"
    stream.seek(0)
    newline = "\r\n" if _uses_crlf(stream) else "\n"
    stream.seek(0)
    counts: Counter[str] = Counter()
    left = 0
    try:
        with ExitStack() as stack:
            out = None if check_only else stack.enter_context(open_output(item.path, in_place=True))
            if out is not None and bom:
                out.write("\ufeff")
            for number, (chunk, game) in enumerate(_games(name, stream, reason, options)):
                counts.update(diagnostic.code for diagnostic in game.allowed)
                left += len(game.left)
                for diagnostic in game.left:
                    emit(render_json_diagnostic(diagnostic_json(diagnostic, _lines_of(chunk, game)), style),
                         err=True)
                if game.stopped:
                    emit(f"{visible(name)}:{chunk.first_line}: this game holds more than "
                         f"{MAX_ALLOWED_PER_GAME:,} findings: the rest are not accepted", err=True)
                if out is not None:
                    out.write(("" if number == 0 else newline) + newline.join(game.lines))
            if out is not None and not counts:
                raise _Unchanged()
    except _Unchanged:
        pass  # nothing to accept: the file stays as it is, its time stamp included
    return counts, left


def _games(name: str, stream: BinaryIO, reason: str,
           options: JudgeOptions) -> Iterator[tuple[Chunk, GameBaseline]]:
    """Each chunk of the file, and its game with the comments that accept its findings."""
    index = 0
    for unit in file_units(name, stream):
        if isinstance(unit, FileStart):
            if unit.problem is not None:
                raise UnreadableInput(f"cannot read {visible(name)}: {unit.problem.message}")
            continue
        if isinstance(unit, FileEnd):
            continue
        for chunk in unit.chunks:
            if not chunk_is_whole(chunk, unit.cut):
                raise UnreadableInput(
                    f"{visible(name)}:{chunk.first_line}: a line of this game runs past {MAX_LINE_CHARS:,} "
                    f"characters, or the game past {MAX_GAME_LINES:,} lines or {MAX_GAME_CHARS >> 20} MiB: "
                    "it cannot be rewritten as written; the file is left as it is")
            game = allow_findings(name, chunk, index + 1, reason, options)
            index += 1
            yield chunk, game


def _lines_of(chunk: Chunk, game: GameBaseline) -> Callable[[int], str | None]:
    """The game's lines as the baseline left them, by line number, to quote under a finding."""
    def line_text(number: int) -> str | None:
        row = number - chunk.first_line
        return game.lines[row] if 0 <= row < len(game.lines) else None

    return line_text


def _uses_crlf(stream: BinaryIO) -> bool:
    """Whether the file's lines end in CR LF (judged by its first line end), kept as they are."""
    block = stream.read(1 << 16)
    at = block.find(b"\n")
    return at > 0 and block[at - 1:at] == b"\r"
