"""`referee moves` and `referee.api.legal_moves`: the legal entries of a log's position,
grouped by kind, as text and as a JSON document its schema accepts."""

from __future__ import annotations

import json

import pytest

import referee.api as api
from referee.games import GAMES
from referee.notation.writer import format_game
from referee.simulate import random_game
from referee.validation import schema_errors
from tests.conftest import ROOT

SAMPLES = ROOT / "samples"


def simulated(tmp_path, game: str, players: list[str], seed: str, suffix: str) -> tuple[str, object]:
    rules = GAMES[game]
    record, _ = random_game(rules, players, False, seed)
    path = tmp_path / f"game{suffix}"
    path.write_text(format_game(record, rules), encoding="utf-8")
    return str(path), record


def replayed(game: str, record, moves: int):
    """The engine after `moves` turns of the record, the way a replay leaves it."""
    rules = GAMES[game]
    engine = rules.new_engine(record)
    played = 0
    for round_ in record.rounds:
        for turn in round_.turns:
            if played == moves:
                return rules, engine
            if engine.round_due() is not None:
                assert engine.start_round(round_.number) is None
            assert engine.play(turn.player, turn.action) is None
            played += 1
    return rules, engine


@pytest.mark.parametrize("game,players,suffix", [("korsar", ["A", "B", "C"], ".korsar"),
                                                  ("corsari", ["A", "B", "C"], ".corsari")])
def test_the_json_document_lists_what_the_rules_list_and_validates(run, tmp_path, game, players, suffix):
    path, record = simulated(tmp_path, game, players, "cmd", suffix)
    for move in (0, 7, 31):
        result = run("moves", path, "--move", str(move), "--format", "json")
        assert result.exit_code == 0, result.output
        document = json.loads(result.stdout)
        assert schema_errors("moves", document) == []
        rules, engine = replayed(game, record, move)
        expected = rules.legal_entries(engine)
        listed = [text for group in document["groups"] for text in group["entries"]]
        assert sorted(listed) == sorted(expected.texts) and document["count"] == len(expected) > 0
        assert (document["move"], document["game_id"], document["over"]) == (move, game, False)
        assert document["round"] == expected.round
        kinds = [group["kind"] for group in document["groups"]]
        assert kinds == sorted(set(kinds), key=kinds.index), "a kind is listed in one place"
        assert document["left_open"] == rules.entries_note != ""


def test_the_text_groups_entries_by_kind_after_the_move_asked_for(run, tmp_path):
    path, record = simulated(tmp_path, "korsar", ["A", "B"], "text", ".korsar")
    result = run("moves", path, "--move", "5")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    fifth = record.turns()[4]
    assert lines[0].startswith(f"After move 5 ({fifth.player}: {fifth.written().split(': ', 1)[1]}")
    rules, engine = replayed("korsar", record, 5)
    entries = rules.legal_entries(engine)
    assert lines[1] == f"{len(entries)} legal entries:"
    mover = entries[0].player
    assert [line.strip() for line in lines if line.startswith("  ")] == \
        [f"{mover}: {text}" for _, _, texts in entries.runs() for text in texts]
    assert any(line.startswith("draw (") for line in lines)


def test_a_round_due_and_a_finished_game_are_said(run, tmp_path):
    path, record = simulated(tmp_path, "korsar", ["A", "B"], "due", ".korsar")
    first_round = len(record.rounds[0].turns)
    result = run("moves", path, "--move", str(first_round), "--format", "json")
    assert json.loads(result.stdout)["round"] == 2
    assert "Round 2 begins" in run("moves", path, "--move", str(first_round)).stdout
    over = run("moves", path)
    assert over.exit_code == 0 and "The game is over: no entry follows." in over.stdout
    document = json.loads(run("moves", path, "--format", "json").stdout)
    assert document["over"] and document["count"] == 0 and document["groups"] == []
    assert schema_errors("moves", document) == []


def test_a_log_without_the_deal_lists_what_it_could_say(run):
    sample = SAMPLES / "corsari" / "legal" / "no-deal.corsari"
    document = json.loads(run("moves", str(sample), "--move", "1", "--format", "json").stdout)
    assert schema_errors("moves", document) == []
    assert {group["kind"] for group in document["groups"]} <= {"take", "void", "raise"}
    assert any(entry.startswith("deck -") for group in document["groups"] for entry in group["entries"])
    assert document["notes"]


def test_an_illegal_log_lists_the_last_legal_position_and_shows_why(run):
    sample = SAMPLES / "korsar" / "illegal" / "k-pirate.korsar"
    result = run("moves", str(sample), "--format", "json")
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert document["stopped_by"][0]["code"] == "K-PIRATE" and document["count"] > 0
    assert schema_errors("moves", document) == []
    text = run("moves", str(sample))
    assert text.exit_code == 1 and "K-PIRATE" in text.stdout


def test_no_such_game_or_move_is_a_usage_error(run, tmp_path):
    path, record = simulated(tmp_path, "korsar", ["A", "B"], "usage", ".korsar")
    assert run("moves", path, "--move", "100000").exit_code == 2
    assert run("moves", path, "-n", "2").exit_code == 2
    assert run("moves", str(tmp_path)).exit_code == 2


def test_the_schema_refuses_what_the_command_never_writes(run, tmp_path):
    path, _ = simulated(tmp_path, "korsar", ["A", "B"], "schema", ".korsar")
    document = json.loads(run("moves", path, "--move", "3", "--format", "json").stdout)
    assert schema_errors("moves", document) == []
    for broken in ({**document, "groups": [{"kind": "draw", "player": "A", "entries": []}]},
                   {**document, "count": -1},
                   {key: value for key, value in document.items() if key != "left_open"},
                   {**document, "game_id": "chess"}):
        assert schema_errors("moves", broken) != []


def test_the_api_reports_what_the_command_reports(run, tmp_path):
    path, _ = simulated(tmp_path, "corsari", ["A", "B"], "api", ".corsari")
    document = json.loads(run("moves", path, "--move", "12", "--format", "json").stdout)
    listed = api.legal_moves_file(path, move=12)
    assert (listed.game_id, listed.move, listed.round, listed.over) == \
        (document["game_id"], document["move"], document["round"], document["over"])
    assert [{"kind": g.kind, "player": g.player, "entries": list(g.entries)} for g in listed.groups] == \
        document["groups"]
    assert list(listed.notes) == document["notes"] and listed.left_open == document["left_open"]
    entry = listed.entries[0]
    assert isinstance(entry, api.LegalEntry) and entry.text == listed.entries.texts[0]
    assert GAMES["corsari"].format_turn(entry.action) == entry.text
    with open(path, encoding="utf-8") as stream:
        assert api.legal_moves(stream.read(), move=12).entries.texts == listed.entries.texts
    with pytest.raises(ValueError):
        api.legal_moves_file(path, move=100000)
    with pytest.raises(ValueError):
        api.legal_moves_file(path, game=3)


def test_a_long_listing_is_summed_up_by_kind_and_all_lists_every_entry(run):
    sample = SAMPLES / "corsari" / "legal" / "game-3-players.corsari"
    summed = run("moves", str(sample), "--move", "12").stdout.splitlines()
    document = json.loads(run("moves", str(sample), "--move", "12", "--format", "json").stdout)
    assert len(summed) <= 40 and summed[1] == f"{document['count']} legal entries, by kind (--all lists every one):"
    for group, line in zip(document["groups"], summed[2:]):
        assert line.startswith(f"  {group['kind']} ({group['player']}, {len(group['entries'])}): ")
    assert "A: deck -R6, A: pile -R6, A: quay -R6" in summed[2]  # one of each source, as a person writes them
    every = run("moves", str(sample), "--move", "12", "--all").stdout.splitlines()
    assert len([line for line in every if line.startswith("  A: ")]) == document["count"]
