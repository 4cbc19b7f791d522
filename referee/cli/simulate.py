"""`referee simulate`: random legal games (or games with one illegal move) for corpora."""

from __future__ import annotations

import click

from referee.cli import cli
from referee.cli.common import emit, output_option
from referee.pipeline.fileio import write_atomic
from referee.games import GAMES
from referee.simulate import CorpusStats, illegal_game_text, random_game_text


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
    result, each move chosen uniformly among the legal ones by the engine's own move
    generator. Game i (from 1) uses the seed "SEED-i"."""
    rules = GAMES[game_id]
    ids = [chr(ord("A") + i) for i in range(players)] if players <= 26 else []
    if not ids:
        raise click.UsageError("at most 26 players")
    texts = []
    line = 1
    corpus = CorpusStats() if stats and not illegal else None
    for index in range(1, count + 1):
        start = line + (1 if index > 1 else 0)  # games are separated by a blank line
        try:
            if illegal:
                text = illegal_game_text(rules, ids, teams, f"{seed}-{index}", start)
            else:
                text = random_game_text(rules, ids, teams, f"{seed}-{index}", corpus)
        except ValueError as error:
            raise click.UsageError(str(error)) from None
        line = start + text.count("\n")
        if output is None:
            emit(("\n" if index > 1 else "") + text, nl=False)
        else:
            texts.append(text)
    if output is not None:
        write_atomic(output, "\n".join(texts))
    if corpus is not None:
        for text_line in corpus.lines():
            emit(text_line, err=True)
