"""`referee cards`: Pirates of the Spanish Main card data — check a file, show a card,
import a fleet builder's export."""

from __future__ import annotations

import json
from typing import Any

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, UnreadableInput, cli
from referee.cli.common import emit, open_output, output_option
from referee.games.base import DataError


@cli.group(short_help="Spanish Main card data: check a file, show a card, import a fleet builder's export.")
def cards() -> None:
    """Card data for Pirates of the Spanish Main: one JSON file of ships, crew, forts,
    events and treasure (schemas/spanish-main-cards.schema.json), written by hand or
    imported from a fleet builder's export.

    \b
    Examples:
      referee cards check my-cards.json
      referee cards show my-cards.json s-black-gull
      referee cards import fleet-export.json -o my-cards.json
    """


def _document(path: str) -> Any:
    from referee.pipeline.datafiles import DataFileError, read_json

    try:
        return read_json(path)
    except DataFileError as error:
        raise UnreadableInput(str(error)) from None


def _fault(path: str, error: DataError) -> str:
    """A card file's fault as `check --data` words it: file, JSON pointer, message, ruling."""
    from referee.pipeline.datafiles import DataFileError

    return str(DataFileError(path, error.message, error.pointer, error.rule))


def _loaded(path: str) -> Any:
    from referee.games.spanish_main.cards import load

    return load(_document(path))


@cards.command("check", short_help="Check a card file against its schema and S-DATA-CHECK.")
@click.argument("path", metavar="FILE")
@click.pass_context
def check_cards(ctx: click.Context, path: str) -> None:
    """Check a card file: its schema, then what a schema cannot say (ids unique,
    nationalities listed, one cannon a mast, links to a ship or crew of the file, uniques
    at 0 gold, hulls whose masts rise from bow to stern). Exit 0 when it is sound, 1 with
    the JSON pointer of the first fault, 2 when it cannot be read.

    \b
    Examples:
      referee cards check my-cards.json
    """
    from referee.games import GAMES

    try:
        loaded = _loaded(path)
    except DataError as error:
        emit(_fault(path, error))
        ctx.exit(EXIT_FINDINGS)
    emit(f"{path}: " + GAMES["spanish-main"].describe_data(loaded)[0])
    ctx.exit(EXIT_OK)


@cards.command("show", short_help="Show a card as a person reads it.")
@click.argument("path", metavar="FILE")
@click.argument("card_id", metavar="ID")
@click.pass_context
def show_card(ctx: click.Context, path: str, card_id: str) -> None:
    """A card as a person reads it: cost, masts with their cannons, cargo, move, links,
    keywords and printed ability.

    \b
    Examples:
      referee cards show referee/games/spanish_main/sample-cards.json s-gull
    """
    from referee.games.spanish_main.cards import describe

    try:
        loaded = _loaded(path)
    except DataError as error:
        raise click.UsageError(_fault(path, error)) from None
    card = loaded.cards.get(card_id)
    if card is None:
        raise click.UsageError(f"{path} holds no card {card_id!r}")
    emit("\n".join(describe(card, loaded)))
    ctx.exit(EXIT_OK)


@cards.command("import", short_help="Turn a fleet builder's export into card data.")
@click.argument("path", metavar="FILE")
@output_option
@click.pass_context
def import_cards(ctx: click.Context, path: str, output: str | None) -> None:
    """Turn a fleet builder's export (a JSON array of card objects, or a CSV with the
    same columns) into card data. Every fact with a place is mapped; a printed ability
    becomes a supported keyword only where its text says exactly that, and is otherwise
    kept as text, to be declared in logs. A card that cannot be read is reported and
    left out; the rest is written. The table of what was mapped, kept as text and left
    out goes to standard error.

    Exit 0 when every card was imported, 1 when some were left out, 2 when the file
    cannot be read.

    \b
    Examples:
      referee cards import fleet-export.json -o my-cards.json
      referee cards import collection.csv > my-cards.json
    """
    from referee.games.spanish_main.fleet_import import convert, read_export
    from referee.pipeline.fileio import not_a_file

    problem = not_a_file(path)
    if problem is not None:
        raise UnreadableInput(f"cannot read {path}: {problem}")
    try:
        with open(path, "rb") as stream:
            raw = stream.read((16 << 20) + 1)
        if len(raw) > 16 << 20:
            raise UnreadableInput(f"{path}: over 16 MiB: not a fleet builder's export")
    except OSError as error:
        raise UnreadableInput(f"cannot read {path}: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableInput(f"{path}: not UTF-8 (byte {error.start})") from None
    try:
        document, report = convert(read_export(text, path))
    except DataError as error:
        raise UnreadableInput(error.message) from None
    written = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if output is None:
        emit(written, nl=False)
    else:
        with open_output(output) as stream:
            stream.write(written)
    emit("\n".join(report.lines()), err=True)
    ctx.exit(EXIT_FINDINGS if report.unreadable else EXIT_OK)
