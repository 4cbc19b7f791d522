"""`referee score`: the score of each game in a log, and whether its claimed result holds."""

from __future__ import annotations

import time
from typing import Any

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, cli
from referee.cli.common import (EXIT_USAGE, emit, exclude_option, gather, judging_options, open_input,
                                output_option, refuse_output_among_inputs, refuse_output_of_nothing, report_stream,
                                style_for)
from referee.reports.style import Style
from referee.diagnostics import Diagnostic
from referee.games.base import JudgeOptions
from referee.pipeline.work import judged_chunks
from referee.reports.json_report import Tally, diagnostic_json, file_verdict, game_json
from referee.reports.text import render_json_diagnostic, render_score, summary_line
from referee.reports.writers import JsonWriter


@cli.command(short_help="Score every game of logs; check their claimed results.")
@click.argument("paths", nargs=-1, metavar="[PATH]...", type=click.Path())
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("-q", "--quiet", is_flag=True, help="Text: print only the summary line; the exit code tells the rest.")
@exclude_option
@output_option
@judging_options
@click.pass_context
def score(ctx: click.Context, paths: tuple[str, ...], output_format: str, quiet: bool, exclude: tuple[str, ...],
          output: str | None, options: JudgeOptions) -> None:
    """The score of every game in the logs: each side's score and the game's own figures
    (Korsar: gold captured, swept at the end, galleons in hand and left on the table;
    Corsari: penalty cards; Pirates & Perroquets: parrots and their values), the
    winners, and whether the claimed result holds.

    PATH may be files and folders, as for check (default: the current folder). With
    several files, each game's table is headed by its file and a summary line ends
    the report. With --format json the output is a check report
    (schemas/check-report.schema.json) whose games carry their scores. Games are read
    and scored one at a time.

    Exit 0 when every game is legal and every claim holds, 1 otherwise.

    \b
    Examples:
      referee score samples/korsar/legal/k-example.korsar
      referee score --format json samples/corsari/legal/game-3-players.corsari
      referee score -q samples/corsari/legal/
    """
    inputs, unreadable = gather(paths or (".",), ctx, exclude)
    refuse_output_among_inputs(output, inputs)
    refuse_output_of_nothing(ctx, output, inputs, unreadable)
    style = style_for(ctx) if output is None else Style(False)
    several = len(inputs) + len(unreadable) > 1
    tally = Tally()
    all_ok = True
    started = time.perf_counter()
    with report_stream(output) as write:
        writer = JsonWriter(write) if output_format == "json" else None
        blocks = 0

        def block(text: str) -> None:
            nonlocal blocks
            if not quiet:
                write(("\n" if blocks else "") + text + "\n")
            blocks += 1

        for item in inputs:
            name, stream = open_input(item)
            problems: list[Diagnostic] = []
            shown = 0
            verdicts: list[dict[str, Any]] = []
            if writer is not None:
                writer.file_start(name)
            with stream:
                for judged in judged_chunks(name, stream, problems, options=options):
                    for game in judged.games:
                        data = game_json(game, judged.lines)
                        tally.add_games([data])
                        verdicts.append({"verdict": data["verdict"]})
                        if writer is not None:
                            writer.games(name, [data])
                            continue
                        for problem in problems[shown:]:
                            block(render_json_diagnostic(diagnostic_json(problem), style))
                        shown = len(problems)
                        if game.verdict == "malformed":  # no score to give: say why
                            for diagnostic in data["diagnostics"]:
                                block(render_json_diagnostic(diagnostic, style))
                        lines = render_score(game, style)
                        if several:
                            lines[0] = style(f"{name}: ", "bold") + lines[0]
                        block("\n".join(lines))
            found = [diagnostic_json(problem) for problem in problems]
            tally.add_file(found, len(verdicts))
            verdict = file_verdict(found, verdicts)
            all_ok = all_ok and verdict == "legal"
            if writer is not None:
                writer.file_end(name, found, verdict)
            else:
                for problem in found[shown:]:
                    block(render_json_diagnostic(problem, style))
        for problem in unreadable:
            tally.counts["unreadable"] += 1
            emit(f"{problem.path}: cannot read: {problem.reason}", err=True)  # also in a JSON report, as check says it
        if writer is not None:
            writer.close(dict(tally.counts), None, started, [(u.path, u.reason) for u in unreadable])
        elif several or quiet:
            write(("\n" if blocks and not quiet else "") + summary_line(dict(tally.counts), style) + "\n")
    if unreadable or tally.counts.get("not_judged"):
        ctx.exit(EXIT_USAGE)
    ctx.exit(EXIT_OK if all_ok else EXIT_FINDINGS)
