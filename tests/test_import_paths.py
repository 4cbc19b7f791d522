"""The short ways `import` takes are the long way's answers: canonical text replayed only
as far as a spelling can change, rounds laid out without the general layout, each distinct
action read from JSON once, and jsonschema loaded only for a document that fails."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import export
from referee.export import record_to_json, records_from_json
from referee.formatting import canonical_game, canonical_text
from referee.games import GAMES
from referee.notation.reader import ReadGame
from referee.notation.writer import WIDTH, _Layout, _pack_turns
from referee.pipeline.replay import check_text, replay_game
from referee.record import GameRecord
from referee.simulate import random_game

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
KORSAR = GAMES["korsar"]
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def replayed_in_full(record: GameRecord, rules) -> str:
    """What canonical text was before any shortcut: every turn replayed."""
    report = replay_game("<json>", 1, ReadGame(record, rules, [], record.line), canonical=True)
    return canonical_game(report)


def sample_games():
    for path in sorted(SAMPLES.glob("*/*/*")):
        if path.parent.name not in ("legal", "illegal") or path.suffix == ".json":
            continue
        for game in check_text(str(path), path.read_text(encoding="utf-8")).games:
            if game.record is not None and game.rules is not None:
                yield path, game


def test_every_sample_game_is_written_as_the_full_replay_writes_it():
    seen = 0
    for path, game in sample_games():
        record, rules = game.record, game.rules
        assert canonical_text(record, rules) == replayed_in_full(record, rules), path
        ((from_json, _),) = records_from_json({"games": [record_to_json(record, rules)]})
        assert canonical_text(from_json, rules, formatted=True) == replayed_in_full(from_json, rules), path
        seen += 1
    assert seen > 50


def with_rounds_named(record: GameRecord) -> GameRecord:
    """Every galleon named with the round it was placed, needed or not (a spelling
    canonical text drops where the owner has one galleon of that gold)."""
    engine = KORSAR.new_engine(record)
    rounds = []
    for round_ in record.rounds:
        engine.start_round(round_.number)
        turns = []
        for turn in round_.turns:
            action = turn.action
            placed = {(engine.players[g.placer], g.value): g.round for g in engine.table}
            target = action.target
            if target is not None and (target.owner, target.value) in placed:
                action = dataclasses.replace(action, target=dataclasses.replace(
                    target, round=placed[(target.owner, target.value)]))
            assert engine.play(turn.player, turn.action) is None
            turns.append(dataclasses.replace(turn, action=action, text=KORSAR.format_turn(action)))
        rounds.append(dataclasses.replace(round_, turns=turns))
    return dataclasses.replace(record, rounds=rounds)


@PROPERTY
@given(count=st.sampled_from([2, 3, 4, 5]), seed=st.text("abcdefgh0123456789", min_size=1, max_size=8),
       named=st.booleans())
def test_random_korsar_games_are_written_as_the_full_replay_writes_them(count, seed, named):
    record, _ = random_game(KORSAR, [chr(ord("A") + i) for i in range(count)], False, seed)
    if named:
        record = with_rounds_named(record)
        targets = [turn.action for turn in record.turns() if turn.action.target is not None]
        assert not targets or not all(KORSAR.is_canonical(action) for action in targets)
    assert canonical_text(record, KORSAR) == replayed_in_full(record, KORSAR)
    assert canonical_text(record, KORSAR, formatted=True) == replayed_in_full(record, KORSAR)


def test_a_galleon_named_by_its_round_is_the_only_korsar_spelling_that_can_change():
    text = (SAMPLES / "korsar/legal/multi-game.korsar").read_text()
    actions = [turn.action for game in check_text("m.korsar", text).games for turn in game.record.turns()]
    assert actions and all(KORSAR.is_canonical(action) for action in actions if "/" not in str(action.target))
    named = [a for a in actions if a.target is not None]
    assert named
    action = dataclasses.replace(named[0], target=dataclasses.replace(named[0].target, round=1))
    assert not KORSAR.is_canonical(action)
    assert KORSAR.is_canonical(None)


def laid_out(head: str, entries: list[str]) -> list[str]:
    lines: list[str] = []
    layout = _Layout(lines, head, " " * (len(head) + 1))
    for entry in entries:
        layout.turn(entry)
    layout.flush()
    return lines


@settings(max_examples=400, deadline=None)
@given(number=st.integers(min_value=1, max_value=10**6),
       entries=st.lists(st.text("ab: ", min_size=1, max_size=WIDTH + 10).map(lambda s: "A: " + s.strip() + "x"),
                        max_size=12))
def test_a_round_with_no_comment_is_laid_out_as_the_general_layout_would(number, entries):
    lines: list[str] = []
    _pack_turns(lines, f"{number}.", entries)
    assert lines == laid_out(f"{number}.", entries)


def test_actions_read_from_json_once_are_what_reading_them_afresh_gives(monkeypatch):
    monkeypatch.setattr(export, "READ_ACTIONS_KEPT", 8)
    export._READ_ACTIONS.clear()
    seen = set()
    for path, game in sample_games():
        rules = game.rules
        for turn in game.record.turns():
            if turn.action is None:
                continue
            data = rules.action_to_json(turn.action)
            for _ in range(2):
                known = export._READ_ACTIONS.setdefault(rules.id, {})
                action, text = export._read_action(rules, known, data)
                assert action == rules.action_from_json(data)
                assert text == rules.format_turn(rules.action_from_json(data))
                assert len(known) <= 8
            seen.add(rules.id)
    assert seen == set(GAMES)


def test_a_valid_document_is_imported_without_loading_jsonschema(tmp_path):
    document = tmp_path / "games.json"
    sample = SAMPLES / "korsar/legal/multi-game.korsar"
    script = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from referee.cli import cli\n"
        f"done = CliRunner().invoke(cli, ['export', {str(sample)!r}, '-o', {str(document)!r}])\n"
        "assert done.exit_code == 0, done.output\n"
        f"done = CliRunner().invoke(cli, ['import', {str(document)!r}])\n"
        "assert done.exit_code == 0, done.output\n"
        "assert 'jsonschema' not in sys.modules\n"
        f"open({str(document)!r}, 'w').write('{{\"games\": [{{\"game\": \"korsar\"}}]}}')\n"
        f"done = CliRunner().invoke(cli, ['import', {str(document)!r}])\n"
        "assert done.exit_code == 1 and \"'tags' is a required property\" in done.output, done.output\n"
        "assert 'jsonschema' in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_perroquets_piles_written_by_number_are_replayed_into_letters():
    from referee.games.perroquets.data import default_data

    rules = GAMES["perroquets"]
    numbers = {letter: str(number) for letter, number in default_data().piles.items()}
    path = SAMPLES / "perroquets/legal/game-3-players.perroquets"
    (game,) = check_text(str(path), path.read_text(encoding="utf-8")).games
    record = game.record
    assert all(rules.is_canonical(turn.action) for turn in record.turns())
    rounds = []
    for round_ in record.rounds:
        turns = []
        for turn in round_.turns:
            action = turn.action
            if type(action).__name__ == "Draw":
                action = dataclasses.replace(action, draws=tuple(
                    dataclasses.replace(slot, pile=numbers[slot.pile]) for slot in action.draws))
                assert not rules.is_canonical(action)
            turns.append(dataclasses.replace(turn, action=action, text=rules.format_turn(action)))
        rounds.append(dataclasses.replace(round_, turns=turns))
    by_number = dataclasses.replace(record, rounds=rounds)
    assert canonical_text(by_number, rules) == replayed_in_full(by_number, rules) == canonical_text(record, rules)


def test_an_action_is_keyed_by_its_value_and_a_fraction_too():
    from decimal import Decimal

    from referee.export import _action_key

    assert _action_key({"kind": "draw", "n": 1}) == _action_key({"kind": "draw", "n": 1})
    assert _action_key({"n": 1}) != _action_key({"n": True}) != _action_key({"n": 1.0})
    assert _action_key({"at": [Decimal("555.7")]}) == _action_key({"at": [Decimal("555.7")]})
    assert _action_key({"at": [Decimal("555.7")]}) != _action_key({"at": [Decimal("555.70001")]})
