"""`referee cards`: the older spelling of `referee data` for card files, kept so that
scripts written for it still run. It is hidden from the command list; each command says
on standard error which `data` command it now is, then runs it."""

from __future__ import annotations

import click

from referee.cli import cli
from referee.cli.common import emit, output_option
from referee.cli.data import check_data, import_data, show_data


@cli.group(hidden=True, short_help="The older spelling of `referee data` (check, show, import).")
def cards() -> None:
    """The older spelling of `referee data`: `cards check FILE` is `data check FILE`,
    `cards show FILE ID` is `data show FILE ID` and `cards import FILE` is `data import FILE`."""


def _now(spelling: str) -> None:
    emit(f"referee: `referee cards` is now `referee data`: this is `referee {spelling}`", err=True)


@cards.command("check")
@click.argument("path", metavar="FILE")
@click.pass_context
def check_cards(ctx: click.Context, path: str) -> None:
    """`referee data check FILE`."""
    _now("data check")
    ctx.invoke(check_data, paths=(path,))


@cards.command("show")
@click.argument("path", metavar="FILE")
@click.argument("card_id", metavar="ID")
@click.pass_context
def show_card(ctx: click.Context, path: str, card_id: str) -> None:
    """`referee data show FILE ID`."""
    _now("data show")
    ctx.invoke(show_data, path=path, item=card_id, output_format="text", output=None)


@cards.command("import")
@click.argument("path", metavar="FILE")
@output_option
@click.pass_context
def import_cards(ctx: click.Context, path: str, output: str | None) -> None:
    """`referee data import FILE`."""
    _now("data import")
    ctx.invoke(import_data, path=path, game_id=None, output=output)
