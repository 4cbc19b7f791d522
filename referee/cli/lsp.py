"""`referee lsp`: a language server on standard input and output, for editors."""

from __future__ import annotations

import sys

import click

from referee.cli import Refused, cli
from referee.lsp import INSTALL_HINT, missing_package
from referee.pipeline.datafiles import DataFileError, judge_options
from referee.reports.visible import visible


@cli.command(short_help="Serve editors the referee: a language server on standard input and output.")
@click.option("--data", "data_paths", multiple=True, metavar="FILE", type=click.Path(dir_okay=False),
              help="A data file (a board, a card set) for the games that read one; repeatable. "
                   "The editor's settings may add more (`data`).")
@click.option("--variant", "variants", multiple=True, metavar="NAME",
              help="Judge logs whose header names no variant by this variant; repeatable.")
@click.option("--level", type=click.Choice(["1", "2"]), default=None,
              help="The level of checking, as check's --level.")
@click.option("--stdio", is_flag=True, hidden=True, help="Standard input and output (the only transport; "
              "accepted because some editors pass it).")
@click.pass_context
def lsp(ctx: click.Context, data_paths: tuple[str, ...], variants: tuple[str, ...], level: str | None,
        stdio: bool) -> None:
    """Judge logs in any editor that speaks the Language Server Protocol: check's
    findings as a log is typed (pushed, or pulled by editors that ask), the legal
    entries at the cursor a word at a time, the position after an entry and a
    finding's ruling on hover, quick fixes (an allow comment, the Result the moves
    reach, the legal entry a misspelt one was meant to be), fmt's canonical form, and
    the games and rounds as an outline. Configuration is found from each document's
    folder as check finds it. Start it from the editor, not by hand: it speaks JSON-RPC
    on standard input and output, and ends on `exit` or when the editor goes away.

    Needs the optional extra: pip install 'referee[lsp]'.

    \b
    Examples:
      referee lsp
      referee lsp --data samples/perroquets/boards/lagoon-9.json
    """
    missing = missing_package()
    if missing is not None:
        raise Refused(INSTALL_HINT)
    try:
        judge_options(data_paths, variants, {"level": level} if level else None)
    except DataFileError as error:
        raise Refused(visible(str(error))) from None
    if sys.stdin.isatty():
        click.echo("referee lsp: a language server, waiting for an editor's messages on standard input "
                   "(Control-D ends it); see referee-lsp(1) for how an editor starts it", err=True)
    from referee.lsp.server import Settings, serve

    ctx.exit(serve(Settings(tuple(data_paths), tuple(variants), level)))
