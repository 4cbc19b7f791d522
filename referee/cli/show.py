"""`referee show`: the state of a game after a given move, for settling a dispute."""

from __future__ import annotations

import json

import click

from referee import __version__

from referee.cli import EXIT_FINDINGS, EXIT_OK, cli
from referee.cli.common import emit, judging_options, one_file, pick_game, style_for
from referee.games.base import JudgeOptions
from referee.reports.text import render_diagnostic

POSITION_SCHEMA_ID = "urn:referee:schema:position:1"


@cli.command(short_help="Show a game's state after a given move.")
@click.argument("path", metavar="PATH", type=click.Path())
@click.option("--move", "-m", "move", type=click.IntRange(min=0), default=None,
              help="Show the state after this many turns (0: before the first). Default: the last legal move.")
@click.option("--game", "-g", "game_index", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game of the file.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@judging_options
@click.pass_context
def show(ctx: click.Context, path: str, move: int | None, game_index: int, output_format: str,
         options: JudgeOptions) -> None:
    """The state after move N, as a referee needs it to settle a dispute: for Korsar
    the table with each galleon's attackers and holder, the hands as far as the log
    lets them be known, the deck and the loot; for Corsari the quay with its exposed
    card and the home-port colour, the hands, the splits and the penalty piles."""
    report = one_file(path, stop_after=move, options=options)
    game = pick_game(report, game_index)
    style = style_for(ctx)
    errors = [d for d in game.diagnostics if d.is_error]
    if game.engine is None or game.rules is None:
        for diagnostic in errors:
            emit(render_diagnostic(diagnostic, report.source, style))
        raise click.ClickException(f"game {game_index} cannot be replayed: it is {game.verdict}")
    if move is not None and game.moves < move:
        total = len(game.record.turns()) if game.record else 0
        if not errors:
            raise click.UsageError(f"game {game_index} has {total} moves; there is no move {move}")
    view = game.engine.view()
    turns = game.record.turns() if game.record else []
    shown = game.moves
    if output_format == "json":
        document = {"$schema": POSITION_SCHEMA_ID, "format": "referee-position", "version": 1,
                    "referee": __version__, "path": report.path, "game": game_index, "move": shown,
                    "state": view, "stopped_by": [d.to_json() for d in errors]}
        emit(json.dumps(document, indent=2, ensure_ascii=False))
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
            emit(f"The replay stopped at move {diagnostic.move_number}: the state above is the last legal one."
                       if diagnostic.move_number else "The replay stopped:")
            emit(render_diagnostic(diagnostic, report.source, style))
    ctx.exit(EXIT_FINDINGS if errors else EXIT_OK)
