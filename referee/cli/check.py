"""`referee check`: judge logs, report every syntax error and each game's first illegal move."""

from __future__ import annotations

import json

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, cli
from referee.cli.common import check_inputs, emit, gather, output_option, style_for
from referee.fileio import Unreadable, write_atomic
from referee.replay import FileReport
from referee.reports.json_report import check_report
from referee.reports.style import Style
from referee.reports.text import render_file, summary_line


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Report as text for people or JSON for programs.")
@output_option
@click.pass_context
def check(ctx: click.Context, paths: tuple[str, ...], output_format: str, output: str | None) -> None:
    """Judge game logs: files, folders (searched for every game's extension:
    *.korsar, *.corsari) or - for standard input.

    Reports every syntax error of a file and the first illegal move of each
    game, then goes on with the next game. Exit 0 when all is legal, 1 when
    anything is illegal or malformed, 2 for usage errors or unreadable input.
    """
    inputs, unreadable = gather(paths)
    reports: list[FileReport] = []
    for _, result in check_inputs(inputs):
        if isinstance(result, Unreadable):
            unreadable.append(result)
        else:
            reports.append(result)

    if output_format == "json":
        document = check_report(reports, [{"path": u.path, "reason": u.reason} for u in unreadable])
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    else:
        style = style_for(ctx) if output is None else Style(False)
        blocks = []
        for problem in unreadable:
            blocks.append(f"{style(problem.path, 'bold')}: {style('error', 'red', 'bold')} cannot read: {problem.reason}")
        for report in reports:
            blocks.extend(render_file(report, style))
        blocks.append(summary_line(reports, len(unreadable), style))
        text = "\n\n".join(blocks) + "\n"

    if output is None:
        emit(text, nl=False)
    else:
        write_atomic(output, text)

    if unreadable:
        ctx.exit(EXIT_USAGE)
    ctx.exit(EXIT_OK if all(report.ok for report in reports) else EXIT_FINDINGS)
