"""`referee data`: a game's data file (a Pirates & Perroquets board and cards, a set of
Spanish Main cards) checked on its own, before any log is judged with it."""

from __future__ import annotations

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, cli
from referee.cli.common import emit


@cli.group(short_help="Check a game's data file: a board and cards, or a card set.")
def data() -> None:
    """Data files a game is played on, given to the other commands with --data FILE: for
    Pirates & Perroquets a board, its cards and its bag (schemas/perroquets-data.schema.json),
    for Pirates of the Spanish Main a set of cards (schemas/spanish-main-cards.schema.json).
    A file's `format` says which game reads it.

    \b
    Examples:
      referee data check my-board.json my-cards.json
    """


@data.command("check", short_help="Check data files as --data would, and say what they hold.")
@click.argument("paths", nargs=-1, required=True, metavar="FILE...")
@click.pass_context
def check_data(ctx: click.Context, paths: tuple[str, ...]) -> None:
    """Check each data file as --data checks it (its game's schema, then what a schema
    cannot say), and say what a sound file holds and how a log names it; a fault is given
    with its JSON pointer and the ruling it breaks.

    Exit 0 when every file is sound, 1 when one has a fault, 2 when one cannot be read.

    \b
    Examples:
      referee data check samples/perroquets/boards/lagoon-9.json
      referee data check referee/games/spanish_main/sample-cards.json
    """
    from referee.games import GAMES
    from referee.pipeline.datafiles import DataFileError, load_data_document, read_json

    code = EXIT_OK
    for path in paths:
        try:
            document = read_json(path)
        except DataFileError as error:
            emit(f"referee: {error}", err=True)
            code = EXIT_USAGE
            continue
        try:
            game, loaded = load_data_document(path, document)
        except DataFileError as error:
            emit(str(error))
            code = max(code, EXIT_FINDINGS)
            continue
        rules = GAMES[game]
        emit(f"{path}: sound {rules.name} data")
        for line in rules.describe_data(loaded):
            emit(f"  {line}")
    ctx.exit(code)
