"""`referee moves`: every entry a log could legally hold after a given move."""

from __future__ import annotations

import json
import os

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, Refused, cli
from referee.cli.common import emit, no_such_game, judging_options, open_input, output_option, report_stream, style_for
from referee.games.base import JudgeOptions
from referee.pipeline.fileio import Input
from referee.pipeline.legal import listing
from referee.pipeline.work import find_game
from referee.record import GameRecord
from referee.reports.json_report import diagnostic_json
from referee.reports.moves import moves_json, moves_lines
from referee.reports.style import Style
from referee.reports.text import render_json_diagnostic
from referee.wording import counted
from referee.reports.visible import json_visible


@cli.command(short_help="List the entries a log could legally hold after a given move.")
@click.argument("path", metavar="PATH", type=click.Path())
@click.option("--move", "-m", "move", type=click.IntRange(min=0), default=None,
              help="List the entries after this many turns (0: before the first). Default: after the last legal move.")
@click.option("--index", "-n", "game_index", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game of the file, counting from 1.")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="json: a moves document (schemas/moves.schema.json).")
@click.option("--all", "every", is_flag=True,
              help="Text: list every entry, however many (by default a listing longer than 40 lines is "
                   "summed up by kind, with a few examples each).")
@output_option
@judging_options
@click.pass_context
def moves(ctx: click.Context, path: str, move: int | None, game_index: int, output_format: str,
          every: bool, output: str | None, options: JudgeOptions) -> None:
    """Every entry the log could legally hold after move N (by default after its last
    legal move), in canonical notation, grouped by kind: what could have been played
    there. A listing longer than 40 lines is summed up by kind, with a few examples of
    each (--all lists every entry; the JSON document always holds them all). A round due
    first is named; where the log hides a deal, the entries are what
    it could say given what it has shown, and what is left open (a card a draw may show,
    a raise from a hand not known in full) is said below the list. PATH is one log
    file, or '-' for standard input.

    Exit status: 0 when the log is legal up to that move, 1 when its replay stopped at an
    illegal move before it (the entries are those of the last legal position, and the
    finding is shown), 2 for a usage error.

    \b
    Examples:
      referee moves samples/korsar/legal/k-example.korsar
      referee moves samples/corsari/legal/game-3-players.corsari --move 40 --format json
      referee moves samples/corsari/legal/game-3-players.corsari --move 40 --all
      referee moves samples/perroquets/legal/p-example-3-crowd.perroquets -n 2 --move 12
    """
    if path != "-" and os.path.isdir(path):
        raise click.UsageError(f"{path} is a folder: give one log file")
    name, stream = open_input(Input(path))
    found = find_game(name, stream, game_index, move, options)
    if found is None:
        raise Refused(no_such_game(name, Input(path), game_index, options))
    game, judged = found
    errors = [diagnostic_json(d, judged.lines) for d in game.diagnostics if d.is_error]
    if game.engine is None or game.rules is None:
        for diagnostic in errors:
            emit(render_json_diagnostic(diagnostic, style_for(ctx, err=True)), err=True)
        emit(f"referee moves: {name}: game {game_index} cannot be replayed: it is {game.verdict}", err=True)
        ctx.exit(EXIT_USAGE)
    if move is not None and game.moves < move and not errors:
        total = game.record.entry_count() if game.record else 0
        raise Refused(f"{name}: game {game_index} has {counted(total, 'move')}; there is no move {move}")
    listed = listing(game, judged)
    style = style_for(ctx) if output is None else Style(False)
    with report_stream(output) as write:
        if output_format == "json":
            stopped = [{key: value for key, value in d.items() if key != "excerpt"} for d in errors]
            write(json_visible(json.dumps(moves_json(listed, name, game_index, stopped), indent=2,
                                          ensure_ascii=False)) + "\n")
        else:
            written = _written(game.record, listed.move)
            lines = moves_lines(listed, written, style, every)
            for diagnostic in errors:
                lines += ["", f"The replay stopped at move {diagnostic.get('move_number')}: the entries above "
                              "are those of the last legal position.", render_json_diagnostic(diagnostic, style)]
            write("\n".join(lines) + "\n")
    ctx.exit(EXIT_FINDINGS if errors else EXIT_OK)


def _written(record: GameRecord | None, move: int) -> str | None:
    found = record.entry(move) if record is not None else None
    if found is None:
        return None
    turn = found[1]
    where = f", line {turn.span.line}" if turn.span else ""
    return f"{turn.written()}{where}"
