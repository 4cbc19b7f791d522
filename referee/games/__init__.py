"""The registry of games. A game is a package here exposing `GAME`, a GameRules.

The registry knows each game's id, name and file extensions without importing
it: a game's grammar and engine are loaded the first time a log of that game
is read, so a command that judges one small Korsar log never loads Corsari.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass

from referee.games.base import GameRules


@dataclass(frozen=True, slots=True)
class GameEntry:
    """What the registry knows of a game before loading it."""

    id: str
    name: str
    extensions: tuple[str, ...]
    module: str


ENTRIES: tuple[GameEntry, ...] = (
    GameEntry("korsar", "Korsar", (".korsar",), "referee.games.korsar"),
    GameEntry("corsari", "Corsari", (".corsari",), "referee.games.corsari"),
    GameEntry("perroquets", "Pirates & Perroquets", (".perroquets",), "referee.games.perroquets"),
    GameEntry("spanish-main", "Pirates of the Spanish Main", (".spanish-main", ".psm"), "referee.games.spanish_main"),
)


class _Registry(MutableMapping[str, GameRules]):
    """Games by id, each loaded on first use; a game set here (a test's own) is used as given."""

    def __init__(self, entries: tuple[GameEntry, ...]) -> None:
        self._entries = {entry.id: entry for entry in entries}
        self._loaded: dict[str, GameRules] = {}

    def __getitem__(self, game_id: str) -> GameRules:
        found = self._loaded.get(game_id)
        if found is None:
            entry = self._entries[game_id]  # KeyError for an unknown id, as a dict would
            found = importlib.import_module(entry.module).GAME
            self._loaded[game_id] = found
        return found

    def __setitem__(self, game_id: str, game: GameRules) -> None:
        self._loaded[game_id] = game
        self._entries.setdefault(game_id, GameEntry(game.id, game.name, tuple(game.extensions), ""))

    def __delitem__(self, game_id: str) -> None:
        self._loaded.pop(game_id, None)
        del self._entries[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def entries(self) -> list[GameEntry]:
        return list(self._entries.values())


GAMES = _Registry(ENTRIES)


def game_for_tag(value: str) -> GameRules | None:
    """The game a `[Game "..."]` tag names, matched without regard to ASCII letter case, with
    spaces and tabs around it: the grammar's letters are ASCII, so no other character (a long
    s, a Kelvin sign) stands for one of them as Unicode case folding would make it."""
    wanted = value.strip(" \t")
    if not wanted.isascii():
        return None
    wanted = wanted.lower()
    for entry in GAMES.entries():
        if entry.name.lower() == wanted or entry.id == wanted:
            return GAMES[entry.id]
    return None


def game_names() -> list[str]:
    return [entry.name for entry in GAMES.entries()]


def game_extensions() -> dict[str, tuple[str, ...]]:
    """Each game's file extensions, by id, without loading any game."""
    return {entry.id: entry.extensions for entry in GAMES.entries()}


def all_extensions() -> tuple[str, ...]:
    return tuple(ext for extensions in game_extensions().values() for ext in extensions)
