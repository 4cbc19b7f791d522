"""The registry of games. A game is a package here exposing `GAME`, a GameRules."""

from __future__ import annotations

from referee.games.base import GameRules
from referee.games.corsari import GAME as CORSARI
from referee.games.korsar import GAME as KORSAR

GAMES: dict[str, GameRules] = {game.id: game for game in (KORSAR, CORSARI)}


def game_for_tag(value: str) -> GameRules | None:
    """The game a `[Game "..."]` tag names, matched without regard to case."""
    wanted = value.strip().casefold()
    for game in GAMES.values():
        if game.name.casefold() == wanted or game.id == wanted:
            return game
    return None


def all_extensions() -> tuple[str, ...]:
    return tuple(ext for game in GAMES.values() for ext in game.extensions)
