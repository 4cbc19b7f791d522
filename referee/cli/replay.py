"""`referee replay`: a page a person steps through, move by move, with the referee's rulings."""

from __future__ import annotations

from typing import Any

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, cli
from referee.cli.common import emit, judging_options, open_one, output_option, refuse_output_among_inputs, report_stream
from referee.diagnostics import Diagnostic
from referee.games.base import JudgeOptions
from referee.pipeline.fileio import Input
from referee.pipeline.replay import replay_positions
from referee.pipeline.work import FileEnd, FileStart, file_units, read_cut_chunk
from referee.reports.replay_html import POSITIONS_KEPT, ReplayPage, replay_game_data


@cli.command(short_help="Write a page that steps through a log, move by move.")
@click.argument("path", metavar="PATH", type=click.Path())
@click.option("--move", "-m", "move", type=click.IntRange(min=0), default=None,
              help="Open each game at this move (0: before the first). Default: the first illegal move, "
                   "else before the first move.")
@output_option
@judging_options
@click.pass_context
def replay(ctx: click.Context, path: str, move: int | None, output: str | None, options: JudgeOptions) -> None:
    """Write one self-contained HTML page (no network, no server) that steps through
    every game of PATH: the header, the moves as written (the illegal one in red with
    its rule), the position after each move as the referee computed it, the score so
    far, and the finding of an illegal move with its ruling one click away.

    The page opens at the first illegal move (the game holding it, in a file of
    several), or at --move N; a game shorter than N opens at its end.
    Keys: ← → step, Home and End jump; a link ending in #move-N opens move N.
    The page is written even for an illegal log (exit 1).

    \b
    Examples:
      referee replay samples/korsar/legal/k-example.korsar -o game.html
      referee replay samples/corsari/legal/game-3-players.corsari -o club.html
      referee replay samples/korsar/legal/k-example.korsar --move 13 -o game.html
    """
    refuse_output_among_inputs(output, [Input(path)])
    name, stream = open_one(path)
    legal = True
    problems: list[Diagnostic] = []
    unjudged: list[str] = []
    with stream, report_stream(output) as write:
        page = ReplayPage(_Writer(write), name)
        index = 0
        for item in file_units(name, stream, options=options):
            if isinstance(item, FileStart):
                if item.problem is not None:
                    problems.append(item.problem)
                continue
            if isinstance(item, FileEnd):
                continue
            for chunk in item.chunks:
                lines = _lines(chunk)
                for read in read_cut_chunk(name, chunk, item.cut):
                    index += 1
                    report, positions = replay_positions(name, index, read, options, keep=POSITIONS_KEPT + 1,
                                                          accounts=True)
                    legal = legal and report.verdict == "legal"
                    if report.not_judged is not None:  # the page shows the finding; the exit code says it too
                        unjudged.append(f"{name}: game {index} could not be judged here: "
                                        f"{report.not_judged.message} ({report.not_judged.code})")
                    page.add(replay_game_data(report, positions, lines, move))
        page.close()
    for message in unjudged:
        emit(message, err=True)
    if unjudged:
        ctx.exit(EXIT_USAGE)
    ctx.exit(EXIT_OK if legal and not problems and index else EXIT_FINDINGS)


class _Writer:
    """The text stream the page writes to: a function that writes, seen as a stream."""

    def __init__(self, write: Any) -> None:
        self.write = write


def _lines(chunk: Any) -> Any:
    first, lines = chunk.first_line, chunk.lines
    return lambda number: lines[number - first] if 0 <= number - first < len(lines) else None
