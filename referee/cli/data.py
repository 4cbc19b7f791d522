"""`referee data`: a game's data file (a Pirates & Perroquets board and cards, a set of
Spanish Main cards) checked, shown or drawn on its own, before any log is judged with it,
and a foreign file (a fleet builder's export) made into one. What a file holds and how it
is shown is its game's business (`GameRules.show_data`, `data_svg`, `import_data`)."""

from __future__ import annotations

import json
import os
from typing import Any

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, Refused, UnreadableInput, cli
from referee.cli.common import emit, note_inputs, open_output, output_option
from referee.reports.visible import json_visible, visible
from referee.reports.text import fitted
from referee.games.base import DataError, GameRules


@cli.group(short_help="A game's data file: check it, show it or draw it, or import one.")
def data() -> None:
    """Data files a game is played on, given to the other commands with --data FILE: for
    Pirates & Perroquets a board, its cards and its bag (schemas/perroquets-data.schema.json),
    for Pirates of the Spanish Main a set of cards (schemas/spanish-main-cards.schema.json).
    A file's `format` says which game reads it.

    A built-in data set is named as a log names it: `default` (the reconstructed Pirates &
    Perroquets board and cards), `sample` (the Spanish Main sample cards).

    \b
    Examples:
      referee data show default
      referee data check samples/perroquets/boards/lagoon-9.json docs/examples/my-cards.json
      referee data show samples/perroquets/boards/lagoon-9.json --format svg -o lagoon-9.svg
      referee data show sample s-gull
      referee data import docs/examples/fleet-export.json -o my-cards.json
    """


@data.command("check", short_help="Check data files as --data would, and say what they hold.")
@click.argument("paths", nargs=-1, required=True, metavar="FILE...")
@click.pass_context
def check_data(ctx: click.Context, paths: tuple[str, ...]) -> None:
    """Check each data file as --data checks it (its game's schema, then what a schema
    cannot say), and say what a sound file holds and how a log names it; a fault is given
    with its JSON pointer and the ruling it breaks.

    FILE may also name a data set built into referee as a log names it (`default`,
    `sample`).

    Exit 0 when every file is sound, 1 when one has a fault (what this command looks
    for), 2 when one cannot be read. Every other command refuses a faulty data file (exit 2).

    \b
    Examples:
      referee data check samples/perroquets/boards/lagoon-9.json
      referee data check default sample
    """
    from referee.games import GAMES
    from referee.pipeline.datafiles import DataFileError, builtin_data, load_data_document, read_json

    code = EXIT_OK
    for path in paths:
        shipped = None if os.path.lexists(path) else builtin_data(path)
        if shipped is not None:
            game, loaded = shipped
        else:
            try:
                document = read_json(path)
            except DataFileError as error:
                emit(visible(_unfound(error)), err=True)
                code = EXIT_USAGE
                continue
            try:
                game, loaded = load_data_document(path, document)
            except DataFileError as error:
                emit(visible(str(error)))
                code = max(code, EXIT_FINDINGS)
                continue
        rules = GAMES[game]
        emit(visible(f"{path}: sound {rules.name} data" + (", built into referee" if shipped is not None else "")))
        for line in fitted([f"  {line}" for line in rules.describe_data(loaded)]):
            emit(visible(line))
    ctx.exit(code)


def _loaded(path: str) -> tuple[GameRules, Any]:
    """A data file's game and its loaded data; a fault or an unreadable file is a usage error."""
    from referee.games import GAMES
    from referee.pipeline.datafiles import DataFileError, load_data_named

    try:
        game, loaded = load_data_named(path)
    except DataFileError as error:
        raise (UnreadableInput if error.message.startswith("cannot read:") else Refused)(visible(_unfound(error))) from None
    return GAMES[game], loaded


def _unfound(error: Exception) -> str:
    """A data file's error; for a name that is no file, with the names of the data built in."""
    from referee.pipeline.datafiles import builtin_names

    text = str(error)
    if text.endswith("cannot read: no such file or directory"):
        text += f" (data built into referee: {', '.join(builtin_names())})"
    return text


@data.command("show", short_help="Show a data file as a person reads it, or draw its board.")
@click.argument("path", metavar="FILE")
@click.argument("item", metavar="[ID]", required=False)
@click.option("--format", "output_format", type=click.Choice(["text", "svg"]), default="text", show_default=True,
              help="text: what the file holds, or the one card named; svg: a picture of the board.")
@output_option
@click.pass_context
def show_data(ctx: click.Context, path: str, item: str | None, output_format: str, output: str | None) -> None:
    """Show a data file as a person reads it: for a Perroquets board its squares with every
    entry dot by formation, the side and wind dice, the piles with their cards and the bag;
    for a Spanish Main card set its cards. With ID, the one card of that id. `--format svg`
    draws a board, each formation's dots in a colour of their own.

    FILE may also name a data set built into referee as a log names it: `default` (the
    reconstructed Pirates & Perroquets board and cards), `sample` (the Spanish Main sample cards).

    Exit 0; 2 when the file cannot be read or has a fault (`data check` says which), when
    there is no card ID, or when there is no picture to draw.

    \b
    Examples:
      referee data show default
      referee data show samples/perroquets/boards/lagoon-9.json --format svg -o lagoon-9.svg
      referee data show sample s-gull
    """
    note_inputs([path], "data file")
    rules, loaded = _loaded(path)
    if output_format == "svg":
        if item is not None:
            raise click.UsageError("--format svg draws the whole board: give no ID")
        text = rules.data_svg(loaded)
        if text is None:
            raise Refused(f"{rules.name} data has no picture: use --format text")
    else:
        try:
            text = "".join(visible(line) + "\n" for line in fitted(rules.show_data(loaded, item)))
        except KeyError as error:
            raise Refused(visible(f"{path}: {error.args[0]}")) from None
    _write(text, output)
    ctx.exit(EXIT_OK)


@data.command("import", short_help="Turn a foreign file (a fleet builder's export) into a data file.")
@click.argument("path", metavar="FILE")
@click.option("--game", "game_id", metavar="GAME", default=None,
              help="The game whose data the file becomes; needed only when several games import.")
@click.option("--strict", is_flag=True,
              help="A key the import does not read is an error: its card is left out (exit 1), "
                   "not a warning.")
@output_option
@click.pass_context
def import_data(ctx: click.Context, path: str, game_id: str | None, output: str | None,
                strict: bool = False) -> None:
    """Turn a foreign file into a data file. For Pirates of the Spanish Main: a fleet
    builder's export (a JSON array of card objects, or a CSV with the same columns). Every
    fact with a place is mapped; a printed ability becomes a supported keyword only where
    its text says exactly that, and is otherwise kept as text, to be declared in logs. A
    card that cannot be read is reported and left out; the rest is written. A key the
    import does not read (a misspelt one, such as `values` for `details.treasureValues`)
    is a warning naming the key and the card; with --strict it leaves the card out. The
    table of what was mapped, kept as text, left out and not read goes to standard error.

    Exit 0 when every entry was imported, 1 when some were left out, 2 when the file
    cannot be read.

    \b
    Examples:
      referee data import docs/examples/fleet-export.json -o my-cards.json
      referee data import --strict docs/examples/collection.csv > my-cards.json
    """
    from referee.pipeline.datafiles import DataFileError, read_text

    note_inputs([path], "file to import")
    rules = _importer(game_id)
    try:
        text = read_text(path, "a file to import", byte_order_mark=True)
    except DataFileError as error:
        raise UnreadableInput(visible(str(error))) from None
    try:
        imported = rules.import_data(text, path, strict)
    except DataError as error:
        raise Refused(visible(error.message)) from None
    _write(json_visible(json.dumps(imported.document, indent=2, ensure_ascii=False)) + "\n", output)
    emit("\n".join(visible(line) for line in imported.report), err=True)
    ctx.exit(EXIT_OK if imported.complete else EXIT_FINDINGS)


def _importer(game_id: str | None) -> GameRules:
    """The game that imports: the one named, or the only one that imports at all."""
    from referee.games import GAMES

    importers = {rules.id: rules for rules in GAMES.values() if rules.imports_data}
    offered = "; ".join(f"{rules.id}: {rules.imports_data}" for rules in importers.values()) or "none"
    if game_id is None:
        if len(importers) != 1:
            raise click.UsageError(f"--game GAME is needed (games that import data: {offered})")
        return next(iter(importers.values()))
    if game_id not in importers:
        raise click.UsageError(f"{game_id!r} imports no data (games that import data: {offered})")
    return importers[game_id]


def _write(text: str, output: str | None) -> None:
    if output is None:
        emit(text, nl=False)
    else:
        with open_output(output) as stream:
            stream.write(text)
