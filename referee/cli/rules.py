"""`referee rules`: the rulings the referee applies, in its own words."""

from __future__ import annotations

import textwrap

import click

from referee.cli import cli
from referee.cli.common import emit, style_for
from referee.games import GAMES


@cli.command("rules", short_help="Print the rulings the referee applies.")
@click.argument("rule_id", required=False, metavar="[ID]")
@click.option("--game", "game_id", type=click.Choice(sorted(GAMES)), default=None,
              help="Only this game's rulings.")
@click.pass_context
def rules_command(ctx: click.Context, rule_id: str | None, game_id: str | None) -> None:
    """Print the rulings, or the one named by ID (e.g. K-TARGET)."""
    style = style_for(ctx)
    games = [GAMES[game_id]] if game_id else list(GAMES.values())
    if rule_id is not None:
        wanted = rule_id.upper()
        for game in games:
            ruling = game.ruling(wanted)
            if ruling is not None:
                emit(style(f"{ruling.id} — {ruling.title}", "bold") + f"  ({game.name})")
                emit(textwrap.fill(ruling.text, width=78))
                return
        known = [r.id for g in games for r in g.rulings]
        close = [k for k in known if wanted.split("-")[-1] in k]
        hint = f"; did you mean {', '.join(close[:3])}?" if close else "; `referee rules` lists them all"
        raise click.UsageError(f"no ruling '{rule_id}'{hint}")
    for game in games:
        emit(style(f"{game.name} — rulings", "bold"))
        emit("")
        for ruling in game.rulings:
            emit(style(f"{ruling.id} — {ruling.title}", "bold"))
            emit(textwrap.fill(ruling.text, width=78, initial_indent="  ", subsequent_indent="  "))
            emit("")
