"""`referee check`: judge logs, report every syntax error and each game's first illegal move."""

from __future__ import annotations

import json
from collections.abc import Callable

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, cli
from referee.cli.common import check_inputs, config_of, emit, gather, output_option, style_for
from referee.config import FORMATS
from referee.fileio import Unreadable, write_atomic
from referee.replay import FileReport
from referee.reports import machine
from referee.reports.json_report import check_report
from referee.reports.style import Style
from referee.reports.text import render_file, summary_line

STREAMED = ("text", "jsonl", "github")


@cli.command(short_help="Judge logs: every syntax error, each game's first illegal move.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...", type=click.Path())
@click.option("--format", "output_format", type=click.Choice(FORMATS), default=None,
              help="text (default) for people; json, jsonl (one object per game, streamed), github "
                   "(workflow annotations), sarif (SARIF 2.1.0) or junit (XML) for programs and CI.")
@click.option("-q", "--quiet", is_flag=True, help="Text: print only the summary line; the exit code tells the rest.")
@click.option("--max-errors", type=click.IntRange(min=1), default=None, metavar="N",
              help="Stop reading further files once N errors have been found.")
@click.option("--exclude", multiple=True, metavar="PATTERN",
              help="Leave out files found in folders whose path matches PATTERN (repeatable; "
                   "replaces the configuration's exclude list).")
@output_option
@click.pass_context
def check(ctx: click.Context, paths: tuple[str, ...], output_format: str | None, quiet: bool,
          max_errors: int | None, exclude: tuple[str, ...], output: str | None) -> None:
    """Judge game logs: files, folders (searched for every game's extension:
    *.korsar, *.corsari) or - for standard input.

    Reports every syntax error of a file and the first illegal move of each
    game, then goes on with the next game. Exit 0 when all is legal, 1 when
    anything is illegal or malformed, 2 for usage errors or unreadable input.
    """
    output_format = output_format or config_of(ctx).format or "text"
    inputs, unreadable = gather(paths, ctx, exclude)
    style = style_for(ctx) if output is None else Style(False)
    chunks: list[str] = []

    def write(text: str) -> None:
        """Streamed formats go out as each file is judged, unless written to a file."""
        if output is None and output_format in STREAMED:
            emit(text, nl=False)
        else:
            chunks.append(text)

    render = _streamer(output_format, quiet, style)
    for problem in unreadable:
        write(render.unreadable(problem))
    reports: list[FileReport] = []
    errors = 0
    stopped = False
    for position, (_, result) in enumerate(check_inputs(inputs), start=1):
        if isinstance(result, Unreadable):
            unreadable.append(result)
            write(render.unreadable(result))
            continue
        reports.append(result)
        write(render.file(result))
        errors += sum(1 for d in result.all_diagnostics() if d.is_error)
        if max_errors is not None and errors >= max_errors:
            stopped = position < len(inputs)
            break
    pairs = [(u.path, u.reason) for u in unreadable]
    if output_format == "json":
        write(json.dumps(check_report(reports, [{"path": p, "reason": r} for p, r in pairs]),
                         indent=2, ensure_ascii=False) + "\n")
    elif output_format == "sarif":
        write(json.dumps(machine.sarif_document(reports, pairs), indent=2, ensure_ascii=False) + "\n")
    elif output_format == "junit":
        write(machine.junit_xml(reports, pairs))
    else:
        write(render.close(reports, len(unreadable), errors if stopped else None))
    if chunks:
        text = "".join(chunks)
        if output is None:
            emit(text, nl=False)
        else:
            write_atomic(output, text)
    if unreadable:
        ctx.exit(EXIT_USAGE)
    ctx.exit(EXIT_OK if all(report.ok for report in reports) else EXIT_FINDINGS)


class _Render:
    """How one streamed format writes an unreadable input, a judged file, and its close."""

    def __init__(self, unreadable: Callable[[Unreadable], str], file: Callable[[FileReport], str],
                 close: Callable[[list[FileReport], int, int | None], str]) -> None:
        self.unreadable = unreadable
        self.file = file
        self.close = close


def _streamer(output_format: str, quiet: bool, style: Style) -> _Render:
    if output_format == "jsonl":
        return _Render(
            lambda u: machine.jsonl_line(machine.jsonl_unreadable(u.path, u.reason)) + "\n",
            lambda r: "".join(machine.jsonl_line(record) + "\n" for record in machine.jsonl_records(r)),
            lambda reports, unreadable, _: machine.jsonl_line(machine.jsonl_summary(reports, unreadable)) + "\n")
    if output_format == "github":
        return _Render(
            lambda u: machine.github_unreadable(u.path, u.reason) + "\n",
            lambda r: "".join(line + "\n" for line in machine.github_lines(r.all_diagnostics())),
            lambda reports, unreadable, _: f"::notice::{summary_line(reports, unreadable, Style(False))}\n")
    if output_format in ("text",):
        def unreadable_text(u: Unreadable) -> str:
            if quiet:
                return ""
            return f"{style(u.path, 'bold')}: {style('error', 'red', 'bold')} cannot read: {u.reason}\n\n"

        def file_text(report: FileReport) -> str:
            if quiet:
                return ""
            return "".join(block + "\n\n" for block in render_file(report, style))

        def close_text(reports: list[FileReport], unreadable: int, stopped_at: int | None) -> str:
            note = (f"stopped after {stopped_at} error{'s' if stopped_at != 1 else ''}, "
                    "leaving the remaining files unread (--max-errors)\n") if stopped_at else ""
            return note + summary_line(reports, unreadable, style) + "\n"

        return _Render(unreadable_text, file_text, close_text)
    return _Render(lambda u: "", lambda r: "", lambda reports, unreadable, _: "")
