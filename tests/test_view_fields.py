"""Each game's position (`Engine.view`) holds exactly the fields its game declares, each of
the declared type, at every depth: the declarations are read by callers in place of guesses,
so they are checked against the data of every position of every legal sample and of the
position where each illegal sample's replay stops (what `show` writes there: a refused
level-2 check leaves what it measured in the table), and a field added, dropped or renamed
on one side only fails here."""

from __future__ import annotations

import functools
import types
import typing
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

import referee.api as api
from referee.games import GAMES
from referee.games.base import RoundView, View
from referee.notation.reader import read_games
from referee.pipeline.replay import replay_positions
from referee.pipeline.source import Source
from referee.games.corsari.view import CorsariView
from referee.games.korsar.view import KorsarView
from referee.games.perroquets.position import PerroquetsView
from referee.games.spanish_main.view import SpanishMainView
from tests.conftest import ROOT

DECLARED: dict[str, Any] = {
    "korsar": KorsarView,
    "corsari": CorsariView,
    "perroquets": PerroquetsView,
    "spanish-main": SpanishMainView,
}
"""Each game's declared position, by the game's id."""

EXTENSIONS = {"korsar": ".korsar", "corsari": ".corsari", "perroquets": ".perroquets",
              "spanish-main": ".spanish-main"}


def legal_samples(game: str) -> list[Path]:
    return samples(game, "legal")


def samples(game: str, kind: str) -> list[Path]:
    folder = ROOT / "samples" / game / kind
    return sorted(path for path in folder.iterdir() if path.suffix == EXTENSIONS[game])


def stopped_views(path: Path) -> list[View]:
    """Where the replay of each game of an illegal sample stops, the position as `show`
    writes it: the engine's view after the entry it refused (none for a game whose set-up
    is refused)."""
    found: list[View] = []
    text = path.read_text(encoding="utf-8")
    for index, read in enumerate(read_games(str(path), Source.from_text(str(path), text).lines), start=1):
        report, _ = replay_positions(str(path), index, read, keep=1)
        if report.engine is not None:
            found.append(report.engine.view())
    return found


@functools.cache
def positions_of(path: Path) -> list[api.Position]:
    """Every position of every game of a sample, before the first move to the last (read once
    for all the tests)."""
    found: list[api.Position] = []
    text = path.read_text(encoding="utf-8")
    for game in range(1, 100):
        try:
            found.extend(api.positions(text, game=game, path=str(path)))
        except ValueError:  # no such game: the file is read
            break
    return found


@functools.cache
def fields_of(declared: Any) -> dict[str, Any]:
    """A TypedDict's fields and their types, its bases' included (worked out once each)."""
    return typing.get_type_hints(declared)


def undeclared(hint: Any, value: Any, where: str, seen: dict[str, set[str]]) -> list[str]:
    """What of `value` is not as `hint` declares it, each problem with where it lies; `seen`
    gathers the keys met of each TypedDict, by its name."""
    if hint is Any:
        return []
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, declared {hint.__name__}"]
        problems = []
        missing = hint.__required_keys__ - value.keys()
        extra = value.keys() - hint.__required_keys__ - hint.__optional_keys__
        if missing:
            problems.append(f"{where}: lacks the declared {sorted(missing)} of {hint.__name__}")
        if extra:
            problems.append(f"{where}: holds {sorted(extra)}, which {hint.__name__} does not declare")
        fields = fields_of(hint)
        seen[hint.__name__].update(value.keys())
        for key in value.keys() & fields.keys():
            problems += undeclared(fields[key], value[key], f"{where}.{key}", seen)
        return problems
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in typing.get_args(hint):
            return []
        options = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        tries = [undeclared(option, value, where, seen) for option in options]
        return [] if any(not problems for problems in tries) else tries[0]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, declared a list"]
        (item,) = typing.get_args(hint)
        return [problem for index, element in enumerate(value)
                for problem in undeclared(item, element, f"{where}[{index}]", seen)]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, declared a dict"]
        key_type, item = typing.get_args(hint)
        return [problem for key, element in value.items()
                for problem in ([] if type(key) is key_type else [f"{where}: key {key!r} is not {key_type.__name__}"])
                + undeclared(item, element, f"{where}[{key!r}]", seen)]
    if type(value) is not hint:  # exactly: a bool is no int here
        return [f"{where}: {type(value).__name__} {value!r}, declared {getattr(hint, '__name__', hint)}"]
    return []


def reachable(hint: Any, found: dict[str, Any]) -> dict[str, Any]:
    """Every TypedDict a declaration holds, by name (itself included)."""
    if typing.is_typeddict(hint):
        if hint.__name__ not in found:
            found[hint.__name__] = hint
            for field in fields_of(hint).values():
                reachable(field, found)
    else:
        for arg in typing.get_args(hint):
            reachable(arg, found)
    return found


def test_every_game_declares_its_position_on_the_shared_base() -> None:
    assert set(GAMES) == set(DECLARED)
    for game, declared in DECLARED.items():
        assert View.__required_keys__ <= declared.__required_keys__, game
        shared = typing.get_type_hints(View)
        assert all(typing.get_type_hints(declared)[key] == hint for key, hint in shared.items()), game
    for game in ("korsar", "corsari", "perroquets"):
        assert RoundView.__required_keys__ <= DECLARED[game].__required_keys__, game


@pytest.mark.parametrize("game", sorted(DECLARED))
def test_every_position_of_the_samples_has_exactly_the_declared_fields(game: str) -> None:
    declared = DECLARED[game]
    seen: dict[str, set[str]] = defaultdict(set)
    count = 0
    for path in legal_samples(game):
        for position in positions_of(path):
            count += 1
            assert position.view["game"] == game
            problems = undeclared(declared, position.view, f"{path.name} after move {position.move}", seen)
            assert not problems, "\n".join(problems[:10])
    assert count > 50, f"only {count} positions of {game} were checked"
    stops = 0
    for path in samples(game, "illegal"):
        for view in stopped_views(path):
            stops += 1
            assert view["game"] == game
            problems = undeclared(declared, view, f"{path.name} where its replay stops", seen)
            assert not problems, "\n".join(problems[:10])
    assert stops > 10, f"only {stops} positions where a replay of {game} stops were checked"
    # Every field declared is met in some position: none is declared that the engine never writes.
    for name, typed in reachable(declared, {}).items():
        never = (typed.__required_keys__ | typed.__optional_keys__) - seen[name]
        assert not never, f"{name}: {sorted(never)} declared but in no sample's position"


@pytest.mark.parametrize("game", sorted(DECLARED))
def test_to_move_reads_the_field_the_game_names_it_by(game: str) -> None:
    rules = GAMES[game]
    named = "player" if game == "spanish-main" else "next"
    checked = 0
    for path in legal_samples(game)[:4]:
        for position in positions_of(path):
            assert rules.to_move(position.view) == position.view[named]  # type: ignore[literal-required]
            assert position.to_move == position.view[named]  # type: ignore[literal-required]
            checked += position.to_move is not None
    assert checked


@pytest.mark.parametrize("game", sorted(DECLARED))
def test_a_prompt_that_cannot_list_the_entries_names_the_player_the_position_names(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.play.session import Session
    from referee.games.base import EntryList

    named = "player" if game == "spanish-main" else "next"
    resumed = 0
    for path in legal_samples(game):
        copy = tmp_path / path.name
        copy.write_bytes(path.read_bytes())
        try:
            session = Session.resume(str(copy))
        except Exception:  # noqa: BLE001 - a sample play does not take (several games, data it needs)
            continue
        if session.engine.is_over:
            continue
        monkeypatch.setattr(session, "legal_entries", lambda: EntryList())
        player = session.engine.view()[named]  # type: ignore[literal-required]
        assert session.due().players == (() if player is None else (player,))
        resumed += 1
    assert resumed
