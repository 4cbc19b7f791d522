"""A record the schema accepts either imports or is refused with a located message:
never an internal error, never a log that reads back as something else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.validation import schema_errors

HEAD = '{"$schema": "urn:referee:schema:game-record:1", "format": "referee-game-record", "version": 1, '


def game(tags: str, rounds: str = "[]") -> str:
    return HEAD + '"games": [{"game": "korsar", "tags": ' + tags + ', "rounds": ' + rounds + "}]}"


ONE_ROUND = '[{"number": 1, "turns": [{"player": "A", "action": {"kind": "galleon", "card": "$3"}}]}]'


@pytest.mark.parametrize("document, words", [
    (game('[{"name": "Players", "value": ""}]'), "$.games[0].tags[0].value"),
    (game('[{"name": "Players", "value": "1"}]'), "$.games[0].tags[0].value"),
    (game('[{"name": "Players", "value": "a-b"}]'), "$.games[0].tags[0].value"),
    (game('[{"name": "Players", "value": "A B C D"}, {"name": "Teams", "value": ""}]'), "$.games[0].tags[1].value"),
    (game('[{"name": "Event", "value": "x"}]'), "$.games[0].tags"),
    (game("[]"), "$.games[0].tags"),
    (game('[{"name": "Players", "value": "A B"}, {"name": "Event", "value": "\\ud800"}]'), "$.games[0].tags[1].value"),
    (game('[{"name": "Players", "value": "A B", "comments": [{"text": "x\\udfff", "braced": true}]}]'),
     "$.games[0].tags[0].comments[0].text"),
    (game('[{"name": "Players", "value": "A B"}]', ONE_ROUND.replace('"number": 1', '"number": 1.0')),
     "$.games[0].rounds[0].number"),
    (game('[{"name": "Players", "value": "A B"}]', ONE_ROUND.replace('"number": 1', '"number": 1e0')),
     "$.games[0].rounds[0].number"),
    (HEAD + '"games": [{"game": "korsar", "game": "korsar", "tags": [], "rounds": []}]}', "given twice"),
])
def test_odd_records_are_refused_with_their_place(tmp_path: Path, document: str, words: str) -> None:
    path = tmp_path / "odd.json"
    path.write_text(document, encoding="utf-8")
    out = tmp_path / "out.korsar"
    result = CliRunner().invoke(cli, ["import", str(path), "-o", str(out)])
    assert result.exit_code == 1, result.output
    assert words in result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert not out.exists(), "nothing is written when a record is refused"


def test_the_schema_refuses_what_the_importer_cannot_write() -> None:
    for tags in ('[{"name": "Players", "value": "a-b"}]', "[]",
                 '[{"name": "Players", "value": "A B C D"}, {"name": "Teams", "value": ""}]'):
        assert schema_errors("game-record", json.loads(game(tags))), tags


def test_a_record_that_reads_back_differently_is_refused(tmp_path: Path) -> None:
    # A tag value that the schema allows but the game's grammar does not: the log
    # would be malformed, so the record is refused, located.
    path = tmp_path / "odd.json"
    path.write_text(game('[{"name": "Game", "value": "Korsar"}, {"name": "Players", "value": "A B"}, '
                         '{"name": "Seed", "value": "has space"}]'))
    result = CliRunner().invoke(cli, ["import", str(path)])
    assert result.exit_code == 1
    assert "$.games[0]: this record cannot be written as a log" in result.output


def test_good_records_still_import(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    path.write_text(game('[{"name": "Game", "value": "Korsar"}, {"name": "Players", "value": "A B"}]', ONE_ROUND))
    result = CliRunner().invoke(cli, ["import", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output == '[Game "Korsar"]\n[Players "A B"]\n\n1. A: $3\n'


def test_import_checks_each_action_as_the_whole_schema_would():
    """The fast check (the game's shape, then each distinct action once) finds the same
    errors, at the same paths, as validating the game whole."""
    import copy

    from referee.validation import game_record_errors, part_errors

    sample = Path(__file__).resolve().parent.parent / "samples" / "korsar" / "legal" / "k-example.korsar"
    good = json.loads(CliRunner().invoke(cli, ["export", str(sample)]).output)
    game = good["games"][0]
    assert game_record_errors(game, "$.games[0]") == part_errors("game-record", "game", game, "$.games[0]") == []
    broken = []
    one = copy.deepcopy(game)
    one["rounds"][1]["turns"][0]["action"]["kind"] = "dance"
    broken.append(one)
    two = copy.deepcopy(game)
    two["rounds"][0]["turns"][1]["action"]["extra"] = 1
    two["rounds"][2]["turns"][0]["action"]["extra"] = 1
    broken.append(two)
    three = copy.deepcopy(game)
    three["tags"][0]["value"] = 7
    broken.append(three)
    four = copy.deepcopy(game)
    four["game"] = "chess"
    broken.append(four)
    for bad in broken:
        fast = game_record_errors(bad, "$.games[0]")
        assert fast, bad
        assert sorted(fast) == sorted(part_errors("game-record", "game", bad, "$.games[0]"))
