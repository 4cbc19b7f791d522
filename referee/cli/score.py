"""`referee score`: the score of each game in a log, and whether its claimed result holds."""

from __future__ import annotations

import json

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, cli
from referee.cli.common import emit, judging_options, one_file, style_for
from referee.games.base import JudgeOptions
from referee.reports.json_report import check_report, file_json
from referee.reports.text import render_diagnostic, render_score


@cli.command(short_help="Score every game of a log; check its claimed result.")
@click.argument("path", metavar="PATH", type=click.Path())
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@judging_options
@click.pass_context
def score(ctx: click.Context, path: str, output_format: str, options: JudgeOptions) -> None:
    """The score of every game in PATH: each side's score and the game's own figures
    (Korsar: gold captured, swept at the end, galleons in hand and left on the table;
    Corsari: penalty cards), the winners, and whether the claimed result holds.

    With --format json the output is a check report (schemas/check-report.schema.json)
    whose games carry their scores.

    Exit 0 when every game is legal and every claim holds, 1 otherwise.
    """
    report = one_file(path, options=options)
    style = style_for(ctx)
    if output_format == "json":
        emit(json.dumps(check_report([file_json(report)], []), indent=2, ensure_ascii=False))
    else:
        blocks = [render_diagnostic(d, report.source, style) for d in report.diagnostics]
        for game in report.games:
            blocks.append("\n".join(render_score(game, style)))
        emit("\n\n".join(blocks))
    ctx.exit(EXIT_OK if report.ok else EXIT_FINDINGS)
