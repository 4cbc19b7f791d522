"""`referee score`: the score of each game in a log, and whether its claimed result holds."""

from __future__ import annotations

import time
from typing import Any

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, cli
from referee.cli.common import emit, judging_options, open_one, style_for
from referee.games.base import JudgeOptions
from referee.pipeline.work import judged_chunks
from referee.reports.json_report import Tally, file_verdict, game_json
from referee.reports.text import render_json_diagnostic, render_score
from referee.reports.writers import JsonWriter


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
    whose games carry their scores. Games are read and scored one at a time.

    Exit 0 when every game is legal and every claim holds, 1 otherwise.

    \b
    Examples:
      referee score game.korsar
      referee score --format json club.corsari
    """
    name, stream = open_one(path)
    style = style_for(ctx)
    problems: list[dict[str, Any]] = []
    shown = 0
    tally = Tally()
    verdicts: list[dict[str, Any]] = []
    writer = JsonWriter(lambda text: emit(text, nl=False)) if output_format == "json" else None
    if writer is not None:
        writer.file_start(name)
    blocks = 0

    def block(text: str) -> None:
        nonlocal blocks
        emit(("\n" if blocks else "") + text)
        blocks += 1

    with stream:
        for judged in judged_chunks(name, stream, problems, full=True, options=options):
            for game in judged.games:
                data = game_json(game, judged.lines)
                tally.add_games([data])
                verdicts.append({"verdict": data["verdict"]})
                if writer is not None:
                    writer.games(name, [data])
                    continue
                for problem in problems[shown:]:
                    block(render_json_diagnostic(problem, style))
                shown = len(problems)
                if game.verdict == "malformed":  # no score to give: say why
                    for diagnostic in data["diagnostics"]:
                        block(render_json_diagnostic(diagnostic, style))
                block("\n".join(render_score(game, style)))
    tally.add_file(problems, len(verdicts))
    verdict = file_verdict(problems, verdicts)
    if writer is not None:
        writer.file_end(name, problems, verdict)
        writer.close(dict(tally.counts), None, time.perf_counter(), [])
    else:
        for problem in problems[shown:]:
            block(render_json_diagnostic(problem, style))
    ok = verdict == "legal"
    ctx.exit(EXIT_OK if ok else EXIT_FINDINGS)
