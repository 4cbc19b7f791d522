"""`referee show`: the state of a game after a given move, for settling a dispute."""

from __future__ import annotations

import json
from typing import Any

import click

from referee import __version__
from referee.cli import EXIT_FINDINGS, EXIT_OK, cli
from referee.cli.common import (emit, judging_options, open_one, output_option, refuse_output_among_inputs,
                                report_stream, style_for)
from referee.games.base import JudgeOptions
from referee.pipeline.fileio import Input
from referee.pipeline.replay import GameReport
from referee.pipeline.work import JudgedChunk, judged_chunks
from referee.reports.json_report import diagnostic_json
from referee.reports.text import render_json_diagnostic

POSITION_SCHEMA_ID = "urn:referee:schema:position:1"


@cli.command(short_help="Show a game's state after a given move.")
@click.argument("path", metavar="PATH", type=click.Path())
@click.option("--move", "-m", "move", type=click.IntRange(min=0), default=None,
              help="Show the state after this many turns (0: before the first). Default: the last legal move.")
@click.option("--game", "-g", "game_index", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game of the file.")
@click.option("--format", "output_format", type=click.Choice(["text", "json", "svg"]), default="text",
              show_default=True, help="svg: a picture of the board, for games played on one.")
@output_option
@judging_options
@click.pass_context
def show(ctx: click.Context, path: str, move: int | None, game_index: int, output_format: str,
         output: str | None, options: JudgeOptions) -> None:
    """The state after move N, as a referee needs it to settle a dispute: for Korsar
    the table with each galleon's attackers and holder, the hands as far as the log
    lets them be known, the deck and the loot; for Corsari the quay with its exposed
    card and the home-port colour, the hands, the splits and the penalty piles; for
    Pirates & Perroquets the board with ships, parrots and wind, the holds, and the
    last round as the referee worked it out (flights, the ships' order, each path
    square by square). `--format svg` draws a board game's position as a picture.

    Only the game shown is replayed, and only up to the move asked for.

    \b
    Examples:
      referee show game.korsar --move 13
      referee show club.corsari -g 2 --format json
      referee show game.perroquets --move 40 --format svg -o board.svg
    """
    if output is not None:
        refuse_output_among_inputs(output, [Input(path)])
    name, stream = open_one(path)
    style = style_for(ctx)
    found = _find(name, stream, game_index, move, options)
    if found is None:
        raise click.UsageError(f"{name} holds {_games_in(name, path, options)} game(s); there is no game {game_index}")
    game, judged = found
    errors = [diagnostic_json(d, judged.lines) for d in game.diagnostics if d.is_error]
    if game.engine is None or game.rules is None:
        for diagnostic in errors:
            emit(render_json_diagnostic(diagnostic, style))
        raise click.ClickException(f"game {game_index} cannot be replayed: it is {game.verdict}")
    if move is not None and game.moves < move and not errors:
        total = len(game.record.turns()) if game.record else 0
        raise click.UsageError(f"game {game_index} has {total} moves; there is no move {move}")
    view = game.engine.view()
    turns = game.record.turns() if game.record else []
    shown = game.moves
    if output_format == "svg":
        picture = game.rules.render_svg(view)
        if picture is None:
            raise click.UsageError(f"{game.rules.name} has no board to draw: use --format text or json")
        with report_stream(output) as write:
            write(picture)
        for diagnostic in errors:
            emit(render_json_diagnostic(diagnostic, style), err=True)
    elif output_format == "json":
        document = {"$schema": POSITION_SCHEMA_ID, "format": "referee-position", "version": 1,
                    "referee": __version__, "path": name, "game": game_index, "move": shown,
                    "state": view, "stopped_by": [_without_excerpt(d) for d in errors]}
        with report_stream(output) as write:
            write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    elif output is not None:
        lines = [f"After move {shown} ({turns[shown - 1].written()})" if shown else "Before the first move"]
        lines += game.rules.render_view(view)
        lines += [f"The replay stopped at move {d['move_number']}: the state above is the last legal one."
                  for d in errors if d.get("move_number")]
        with report_stream(output) as write:
            write("\n".join(lines) + "\n")
    else:
        if shown:
            last = turns[shown - 1]
            where = f"line {last.span.line}" if last.span else ""
            emit(style(f"After move {shown} ({last.written()}, {where})", "bold"))
        else:
            emit(style("Before the first move", "bold"))
        emit("\n".join(game.rules.render_view(view)))
        for diagnostic in errors:
            emit("")
            emit(f"The replay stopped at move {diagnostic['move_number']}: the state above is the last legal one."
                 if diagnostic.get("move_number") else "The replay stopped:")
            emit(render_json_diagnostic(diagnostic, style))
    ctx.exit(EXIT_FINDINGS if errors else EXIT_OK)


def _find(name: str, stream: Any, index: int, move: int | None,
          options: JudgeOptions) -> tuple[GameReport, JudgedChunk] | None:
    """The game asked for, replayed up to the move; the games before it are read, not replayed."""
    problems: list[dict[str, Any]] = []
    with stream:
        for judged in judged_chunks(name, stream, problems, full=True, stop_after=move,
                                    wanted=lambda number: number == index, options=options):
            for game in judged.games:
                if game.index == index:
                    return game, judged
    return None


def _games_in(name: str, path: str, options: JudgeOptions) -> int:
    """How many games the file holds, for the message that there is no such game."""
    _, stream = open_one(path)
    count = 0
    with stream:
        for judged in judged_chunks(name, stream, [], full=True, wanted=lambda number: False, options=options):
            count += len(judged.games)
    return count


def _without_excerpt(diagnostic: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in diagnostic.items() if key != "excerpt"}
