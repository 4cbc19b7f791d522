"""`referee fmt`: rewrite logs in canonical notation."""

from __future__ import annotations

import difflib

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, cli
from referee.cli.common import check_inputs, emit, gather, judging_options, style_for
from referee.games.base import JudgeOptions
from referee.pipeline.fileio import Unreadable, write_atomic
from referee.formatting import canonical_game
from referee.reports.text import render_diagnostic


@cli.command(short_help="Rewrite logs in canonical notation.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...", type=click.Path())
@click.option("--check", "check_only", is_flag=True, help="Change nothing; exit 1 if a file is not canonical.")
@click.option("--in-place", "-i", "in_place", is_flag=True, help="Rewrite each file in place (atomically).")
@judging_options
@click.pass_context
def fmt(ctx: click.Context, paths: tuple[str, ...], check_only: bool, in_place: bool,
        options: JudgeOptions) -> None:
    """Rewrite logs in canonical form (to standard output unless --in-place).

    With --check nothing is written: a unified diff of what would change goes to
    standard output, and the exit code is 1 if any file is not canonical.

    A file with syntax errors is not rewritten: its errors are reported and the
    exit code is 1.
    """
    if check_only and in_place:
        raise click.UsageError("--check and --in-place exclude each other")
    inputs, unreadable = gather(paths, ctx)
    style = style_for(ctx, err=True)
    status = EXIT_OK
    for problem in unreadable:
        emit(f"{problem.path}: cannot read: {problem.reason}", err=True)
    for item, result in check_inputs(inputs, canonical=True, options=options):
        if isinstance(result, Unreadable):
            unreadable.append(result)
            emit(f"{result.path}: cannot read: {result.reason}", err=True)
            continue
        broken = list(result.diagnostics) + [d for g in result.games if g.verdict == "malformed"
                                             for d in g.diagnostics if d.is_error]
        if broken:
            for diagnostic in broken:
                emit(render_diagnostic(diagnostic, result.source, style), err=True)
            emit(f"{result.path}: not formatted: it has syntax errors", err=True)
            status = EXIT_FINDINGS
            continue
        text = "\n".join(canonical_game(game) for game in result.games)
        original = result.source.text if result.source else ""
        changed = text != original or result.normalized
        if check_only:
            if changed:
                emit(_diff(result.path, original, text, result.normalized), nl=False)
                emit(f"{result.path}: not in canonical form", err=True)
                status = EXIT_FINDINGS
        elif in_place:
            if item.path == "-":
                raise click.UsageError("--in-place needs files, not standard input")
            if changed:
                write_atomic(item.path, text)
        else:
            emit(text, nl=False)
    ctx.exit(EXIT_USAGE if unreadable else status)


def _diff(path: str, original: str, canonical: str, normalized: bool) -> str:
    """What fmt would change, as a unified diff; line ends and a BOM are named in words."""
    lines = difflib.unified_diff(original.splitlines(keepends=True), canonical.splitlines(keepends=True),
                                 fromfile=path, tofile=f"{path} (canonical)")
    text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)
    if normalized:
        text += f"{path}: a byte-order mark or CR line ends would become plain UTF-8 with LF\n"
    return text
