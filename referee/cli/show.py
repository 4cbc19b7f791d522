"""`referee show`: the state of a game after a given move, for settling a dispute."""

from __future__ import annotations

import json
from typing import Any

import click

from referee import __version__
from referee.cli import EXIT_FINDINGS, EXIT_OK, Refused, cli
from referee.cli.common import (EXIT_USAGE, emit, exclude_option, gather, judging_options, no_such_game,
                                open_input, output_option, refuse_output_among_inputs, report_stream, style_for)
from referee.reports.style import Style
from referee.games.base import Consequence, JudgeOptions
from referee.pipeline.fileio import Unreadable
from referee.pipeline.replay import GameReport, entry_account
from referee.pipeline.work import find_game
from referee.reports.json_report import diagnostic_json
from referee.reports.text import consequence_line, fitted, render_json_diagnostic
from referee.reports.visible import json_visible, visible
from referee.wording import counted

POSITION_SCHEMA_ID = "urn:referee:schema:position:1"


@cli.command(short_help="Show a game's state after a given move.")
@click.argument("paths", nargs=-1, metavar="[PATH]...", type=click.Path())
@click.option("--move", "-m", "move", type=click.IntRange(min=0), default=None,
              help="Show the state after this many turns (0: before the first). Default: the last legal move.")
@click.option("--index", "-n", "game_index", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game of each file, counting from 1.")
@click.option("--format", "output_format", type=click.Choice(["text", "json", "svg"]), default="text",
              show_default=True, help="json: a position document (JSON Lines, one a line, for several files); "
                                      "svg: a picture of the board (Perroquets), of the table to scale or, for a "
                                      "level-1 log, of the fleets (Spanish Main).")
@click.option("-q", "--quiet", is_flag=True, help="Text: leave out why a replay stopped; the exit code tells it.")
@exclude_option
@output_option
@judging_options
@click.pass_context
def show(ctx: click.Context, paths: tuple[str, ...], move: int | None, game_index: int, output_format: str,
         quiet: bool, exclude: tuple[str, ...], output: str | None, options: JudgeOptions) -> None:
    """The state after move N, as a referee needs it to settle a dispute: for Korsar
    the table with each galleon's attackers and holder, the hands as far as the log
    lets them be known, the deck and the loot; for Corsari the quay with its exposed
    card and the home-port colour, the hands, the splits and the penalty piles; for
    Pirates & Perroquets the board with ships, parrots and wind, the holds, and the
    last round as the referee worked it out (flights, the ships' order, each path
    square by square); for Pirates of the Spanish Main each fleet, the islands,
    terrain and forts, and the gold. `--format svg` draws a board game's position,
    or a Spanish Main table to scale with the check the replay stopped at and what it
    found, or, for a level-1 log, the board of the fleets, as a picture.

    PATH may be files and folders, as for check (default: the current folder); the
    same game and move of each is shown. Only the game shown is replayed, and only up
    to the move asked for.

    \b
    Examples:
      referee show samples/korsar/legal/k-example.korsar --move 13
      referee show samples/korsar/legal/multi-game.korsar -n 2 --format json
      referee show samples/perroquets/legal/game-2-players.perroquets --move 40 --format svg -o board.svg
      referee show samples/spanish-main/legal/fort-built-and-destroyed.spanish-main --move 53 --format svg -o dispute.svg
    """
    inputs, unreadable = gather(paths or (".",), ctx, exclude)
    refuse_output_among_inputs(output, inputs)
    if output_format == "svg" and len(inputs) + len(unreadable) > 1:
        raise click.UsageError("--format svg draws one position: give one file")
    style = style_for(ctx)
    several = len(inputs) + len(unreadable) > 1
    found_errors = False
    missing: list[str] = []
    shown = 0
    with report_stream(output) as write:
        for number, item in enumerate(inputs):
            name, stream = open_input(item)
            found = find_game(name, stream, game_index, move, options)
            if found is None:
                missing.append(no_such_game(name, item, game_index, options))
                continue
            game, judged = found
            errors = [diagnostic_json(d, judged.lines) for d in game.diagnostics if d.is_error]
            found_errors = found_errors or bool(errors)
            if game.engine is None or game.rules is None:
                for diagnostic in errors:
                    emit(render_json_diagnostic(diagnostic, style), err=True)
                unjudged = game.not_judged
                missing.append(f"{name}: game {game_index} cannot be replayed: "
                               + (f"{unjudged.message} ({unjudged.code})" if unjudged else f"it is {game.verdict}"))
                continue
            if move is not None and game.moves < move and not errors:
                total = game.record.entry_count() if game.record else 0
                missing.append(f"{name}: game {game_index} has {counted(total, 'move')}; there is no move {move}")
                continue
            _write_position(write, name, game, game_index, errors, output_format,
                            style if output is None else Style(False), several, number, quiet, options)
            shown += 1
        if not shown and (missing or unreadable):
            _refuse(ctx, missing, unreadable, several)  # inside the block: -o FILE is left as it was
    if missing or unreadable:
        _refuse(ctx, missing, unreadable, several)
    ctx.exit(EXIT_FINDINGS if found_errors else EXIT_OK)


def _refuse(ctx: click.Context, missing: list[str], unreadable: list[Unreadable], several: bool) -> None:
    """What could not be shown: a usage error (exit 2)."""
    for problem in unreadable:
        emit(f"{problem.path}: cannot read: {problem.reason}", err=True)
    if len(missing) == 1 and not several and not unreadable:
        raise Refused(missing[0])
    for message in missing:
        emit(f"referee show: {message}", err=True)
    ctx.exit(EXIT_USAGE)


def _write_position(write: Any, name: str, game: GameReport, game_index: int, errors: list[dict[str, Any]],
                    output_format: str, style: Style, several: bool, number: int, quiet: bool,
                    options: JudgeOptions) -> None:
    assert game.engine is not None and game.rules is not None
    view = game.engine.view()
    shown = game.moves
    if output_format == "svg":
        picture = game.rules.render_svg(view, stopped_by=errors)
        if picture is None:
            raise Refused(game.rules.no_picture_reason() + ": use --format text or json")
        write(picture)
        for diagnostic in errors:
            emit(render_json_diagnostic(diagnostic, style), err=True)
        return
    account = _account(name, game, shown, options)
    if output_format == "json":
        document = {"$schema": POSITION_SCHEMA_ID, "format": "referee-position", "version": 1,
                    "referee": __version__, "path": name, "game": game_index, "move": shown,
                    "state": view, "account": [consequence_line(c) for c in account],
                    "stopped_by": [_without_excerpt(d) for d in errors]}
        if several:
            write(json_visible(json.dumps(document, ensure_ascii=False, separators=(",", ":"))) + "\n")
        else:
            write(json_visible(json.dumps(document, indent=2, ensure_ascii=False)) + "\n")
        return
    lines = []
    if several:
        lines += ([""] if number else []) + [style(visible(f"{name}, game {game_index}"), "bold")]
    found = game.record.entry(shown) if shown and game.record else None
    if found is not None:
        last = found[1]
        where = f"line {last.span.line}" if last.span else ""
        lines.append(style(visible(f"After move {shown} ({last.written()}, {where})"), "bold"))
        if account:
            lines.append(f"What move {shown} did:")
            lines += fitted([visible(f"  {consequence_line(c)}") for c in account])
            lines.append("")
    else:
        lines.append(style("Before the first move", "bold"))
    lines += fitted([visible(line) for line in game.rules.render_view(view)])  # names from --data shown as they are
    for diagnostic in [] if quiet else errors:
        lines.append("")
        lines.append(f"The replay stopped at move {diagnostic['move_number']}: the state above is the last legal one."
                     if diagnostic.get("move_number") else "The replay stopped:")
        lines.append(render_json_diagnostic(diagnostic, style))
    write("\n".join(lines) + "\n")


def _account(name: str, game: GameReport, shown: int, options: JudgeOptions) -> list[Consequence]:
    """What the move shown did, as its engine tells it (nothing before the first move)."""
    if not shown or game.record is None or game.rules is None:
        return []
    return entry_account(name, game.rules, game.record, shown, options) or []


def _without_excerpt(diagnostic: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in diagnostic.items() if key != "excerpt"}
