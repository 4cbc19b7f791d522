"""Data files and variants are loaded and checked once, before any log is read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.games import GAMES
from referee.diagnostics import Violation
from referee.games.base import NO_OPTIONS, DataError, JudgeOptions, Variant
from referee.pipeline.datafiles import DataFileError, judge_options, load_data_file
from referee.games.korsar.game import KorsarRules

SAMPLE = "samples/korsar/legal/k-example.korsar"


class _BoardGame(KorsarRules):
    """Korsar's rules with a data format and a variant, to drive the shared loading."""

    id = "boardtest"
    name = "BoardTest"
    extensions = (".boardtest",)
    data_format = "boardtest-data"
    variants = (Variant("wide", "K-TURN", "a wider reading"),)

    def load_data(self, document: Any, path: str) -> Any:
        if not isinstance(document.get("size"), int):
            raise DataError("size must be a whole number", "/size")
        return ("board", document["size"])

    def new_engine(self, record, options=NO_OPTIONS):
        if record.tag_value("X-Board") is not None and not options.data_for(self.id):
            return Violation("N-DATA", "this game is played on board data that no --data file gives",
                             part="tag:X-Board")
        return super().new_engine(record, options)


@pytest.fixture
def board_game(monkeypatch: pytest.MonkeyPatch) -> _BoardGame:
    game = _BoardGame()
    monkeypatch.setitem(GAMES, game.id, game)
    return game


def _write(tmp_path: Path, name: str, text: str) -> str:
    target = tmp_path / name
    target.write_text(text, encoding="utf-8")
    return str(target)


def test_a_data_file_is_loaded_by_the_game_its_format_names(board_game: _BoardGame, tmp_path: Path) -> None:
    path = _write(tmp_path, "b.json", json.dumps({"format": "boardtest-data", "size": 11}))
    assert load_data_file(path) == ("boardtest", ("board", 11))
    options = judge_options([path], ["wide"])
    assert options.data_for("boardtest") == (("board", 11),)
    assert options.data_for("korsar") == ()
    assert options.variants == ("wide",)


@pytest.mark.parametrize("text, pointer, words", [
    ('{"format": "boardtest-data", "size": "big"}', "/size", "size must be a whole number"),
    ('{"format": "chess-data"}', "/format", "unknown data format 'chess-data'"),
    ('{"format": "boardtest-data", "size": 1, "size": 2}', "", "the key 'size' is given twice"),
    ('{"format": "boardtest-data", "size": NaN}', "", "NaN is not a JSON number"),
    ('[1, 2]', "", "a data file is one JSON object"),
    ('{"format": ', "", "invalid JSON at line 1"),
])
def test_a_bad_data_file_names_the_file_and_pointer(board_game: _BoardGame, tmp_path: Path, text: str,
                                                     pointer: str, words: str) -> None:
    path = _write(tmp_path, "bad.json", text)
    with pytest.raises(DataFileError) as caught:
        load_data_file(path)
    assert caught.value.pointer == pointer
    assert words in caught.value.message
    assert str(caught.value).startswith(f"{path}: ")


def test_unreadable_and_non_utf8_data_files(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        load_data_file(str(tmp_path / "missing.json"))
    raw = tmp_path / "latin.json"
    raw.write_bytes(b'{"format": "caf\xe9"}')
    with pytest.raises(DataFileError, match="not UTF-8"):
        load_data_file(str(raw))


def test_an_unknown_variant_is_refused_with_the_known_ones(board_game: _BoardGame) -> None:
    with pytest.raises(DataFileError, match="unknown variant 'narrow'.*wide"):
        judge_options([], ["narrow"])


@pytest.mark.parametrize("command", [["check"], ["score"], ["show"], ["fmt", "--check"], ["export"]])
def test_every_judging_command_stops_on_bad_data_before_reading_a_log(
        board_game: _BoardGame, tmp_path: Path, command: list[str]) -> None:
    bad = _write(tmp_path, "bad.json", '{"format": "boardtest-data", "size": "big"}')
    result = CliRunner().invoke(cli, [*command, "--data", bad, SAMPLE])
    assert result.exit_code == 2, result.output
    assert f"{bad}: /size: size must be a whole number" in result.output
    unknown = CliRunner().invoke(cli, [*command, "--variant", "narrow", SAMPLE])
    assert unknown.exit_code == 2
    assert "unknown variant 'narrow'" in unknown.output


def test_good_options_leave_other_games_judged_as_before(board_game: _BoardGame, tmp_path: Path) -> None:
    good = _write(tmp_path, "b.json", json.dumps({"format": "boardtest-data", "size": 9}))
    plain = CliRunner().invoke(cli, ["check", SAMPLE])
    given = CliRunner().invoke(cli, ["check", "--data", good, "--variant", "wide", SAMPLE])
    assert given.exit_code == plain.exit_code == 0
    assert given.output == plain.output


def test_options_travel_to_worker_processes() -> None:
    import pickle
    options = JudgeOptions({"x": (("board", 3),)}, ("wide",), {"level": "1"})
    assert pickle.loads(pickle.dumps(options)) == options


def test_a_game_naming_data_not_given_is_a_usage_error(board_game: _BoardGame, tmp_path: Path) -> None:
    log = tmp_path / "x.boardtest"
    log.write_text('[Game "BoardTest"]\n[Players "A B"]\n[X-Board "b1"]\n\n1. A: $3\n')
    result = CliRunner().invoke(cli, ["check", str(log)])
    assert result.exit_code == 2
    assert "error[N-DATA] this game is played on board data that no --data file gives" in result.output
    good = _write(tmp_path, "b.json", json.dumps({"format": "boardtest-data", "size": 9}))
    assert CliRunner().invoke(cli, ["check", "--data", good, str(log)]).exit_code == 0
