"""`referee simulate`: random legal games (or games with one illegal move) for corpora."""

from __future__ import annotations

import click

from referee.cli import cli
from referee.cli.common import emit, output_option, report_stream
from referee.games import GAMES
from referee.games.base import SetupError
from referee.simulate import CorpusStats, illegal_game_text, random_game_text


OPTION_OF_TAG = {"Teams": "--teams", "Seed": "--seed", "Players": "--players"}
"""The option behind each tag the generator writes, for messages about it."""


@cli.command(short_help="Write seeded random games, legal or with one illegal move.")
@click.option("--game", "game_id", type=click.Choice(sorted(GAMES)), required=True)
@click.option("--players", type=click.IntRange(min=1), required=True, help="How many players (ids A, B, C, …).")
@click.option("--teams", is_flag=True, help="Team play (Korsar with 4, 6 or 8 players).")
@click.option("--seed", required=True, help="The same seed gives the same bytes on every machine.")
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True, help="How many games.")
@click.option("--illegal", is_flag=True,
              help="Stop each game at one illegal move, made to break a known rule, and state in a "
                   "comment '; expect: RULE LINE' where the referee must catch it.")
@click.option("--stats", is_flag=True,
              help="After the games, print what the corpus holds on standard error: moves and rounds "
                   "per game, the games' own figures (void rounds, forced raises, how they ended, …).")
@output_option
def simulate(game_id: str, players: int, teams: bool, seed: str, count: int, illegal: bool,
             stats: bool, output: str | None) -> None:
    """Write random complete games in canonical notation, with their deal and claimed
    result, each move chosen among the legal ones by the engine's own move generator,
    the way the game's players play. Game i (from 1) uses the seed "SEED-i": it is the
    game's Seed tag (its deals), and its players' choices are drawn in order from the
    documented seeded words of "SEED-i:choice", so the same options give the same bytes.

    \b
    Examples:
      referee simulate --game korsar --players 4 --seed club --count 100 -o corpus.korsar
      referee simulate --game corsari --players 3 --seed s --count 50 --stats
      referee simulate --game korsar --players 3 --seed t --illegal
    """
    rules = GAMES[game_id]
    ids = [chr(ord("A") + i) for i in range(players)] if players <= 26 else []
    if not ids:
        raise click.UsageError("--players: at most 26 players")
    line = 1
    corpus = CorpusStats() if stats and not illegal else None
    with report_stream(output) as write:
        for index in range(1, count + 1):
            start = line + (1 if index > 1 else 0)  # games are separated by a blank line
            try:
                if illegal:
                    text = illegal_game_text(rules, ids, teams, f"{seed}-{index}", start)
                else:
                    text = random_game_text(rules, ids, teams, f"{seed}-{index}", corpus)
            except SetupError as error:
                option = OPTION_OF_TAG.get(error.tag or "", "")
                raise click.UsageError(f"{option}: {error}" if option else str(error)) from None
            except ValueError as error:
                raise click.UsageError(str(error)) from None
            line = start + text.count("\n")
            write(("\n" if index > 1 else "") + text)
    if corpus is not None:
        for text_line in corpus.lines():
            emit(text_line, err=True)
