"""Every bundled sample: its verdict, where its errors stand, and that every JSON the
tool writes about it validates and converts back losslessly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.formatting import canonical_game
from referee.games import GAMES
from referee.pipeline.datafiles import DataFileError, load_data_file
from referee.pipeline.replay import check_bytes
from referee.validation import schema_errors

from .conftest import SAMPLES, expectations, sample_files

LEGAL = sample_files("legal")
ILLEGAL = sample_files("illegal")
MALFORMED = sample_files("malformed")
ALL = LEGAL + ILLEGAL + MALFORMED


def ids(paths: list[Path]) -> list[str]:
    return [f"{p.parent.parent.name}/{p.parent.name}/{p.name}" for p in paths]


def judge(path: Path, canonical: bool = False):
    return check_bytes(str(path), path.read_bytes(), canonical=canonical)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_there_are_samples_of_every_kind(game):
    assert len(sample_files("legal", game)) >= 6
    assert len(sample_files("illegal", game)) >= len(GAMES[game].rulings) - 1
    assert len(sample_files("malformed", game)) >= 5


@pytest.mark.parametrize("path", LEGAL, ids=ids(LEGAL))
def test_legal_samples_are_legal(path):
    report = judge(path)
    assert report.games, "a sample holds at least one game"
    for game in report.games:
        assert game.verdict == "legal", [(d.code, d.span, d.message) for d in game.diagnostics]
        if game.outcome and game.outcome.claim is not None:
            assert game.outcome.claim == "holds"
    assert expectations(path) == []


@pytest.mark.parametrize("path", ILLEGAL + MALFORMED, ids=ids(ILLEGAL + MALFORMED))
def test_bad_samples_report_exactly_what_their_comments_expect(path):
    expected = expectations(path)
    assert expected, "an illegal sample states the rule and line it expects"
    report = judge(path)
    found = [(d.code, d.span.line, tuple(sorted(d.rulings))) for d in report.all_diagnostics() if d.is_error]
    assert sorted(found) == sorted(expected)
    source_lines = path.read_text(encoding="utf-8").splitlines()
    for diagnostic in report.all_diagnostics():
        assert 1 <= diagnostic.span.line <= len(source_lines)
        assert 1 <= diagnostic.span.col <= len(source_lines[diagnostic.span.line - 1]) + 1


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_ruling_has_an_illegal_sample_that_cites_it(game):
    """A sample named after each ruling expects a finding that cites it, as its code or as a
    ruling that decided it; `test_bad_samples_report_exactly_what_their_comments_expect`
    holds the referee to that expectation."""
    samples = sample_files("illegal", game) + sample_files("malformed", game)
    refused = {path.stem: rule for path, rule in bad_data_files(game)}
    missing = []
    for ruling in GAMES[game].rulings:
        name = ruling.id.lower()
        named = [path for path in samples if path.stem == name or path.stem.startswith(name + "-")]
        if not any(code == ruling.id or ruling.id in rulings
                   for path in named for code, _, rulings in expectations(path)) \
                and ruling.id not in refused.values():
            missing.append(ruling.id)
    assert missing == [], "no illegal sample named after these rulings expects a finding citing them"


def bad_data_files(game: str) -> list[tuple[Path, str]]:
    """The game's bad data files (samples/GAME/data), each with the ruling its name gives:
    the longest ruling id its name starts with."""
    ids = sorted((ruling.id for ruling in GAMES[game].rulings), key=len, reverse=True)
    found = []
    for path in sorted((SAMPLES / game / "data").glob("*.json")):
        rule = next((i for i in ids if path.stem.startswith(i.lower() + "-")), None)
        assert rule is not None, f"{path.name} is not named after a ruling"
        found.append((path, rule))
    return found


BAD_DATA = [(path, rule) for game in sorted(GAMES) for path, rule in bad_data_files(game)]


@pytest.mark.parametrize(("path", "rule"), BAD_DATA, ids=[path.name for path, _ in BAD_DATA])
def test_bad_data_files_are_refused_citing_their_ruling(run, path, rule):
    """A data file is judged before any log: a bad one stops the run (exit 2), and its fault,
    located by JSON pointer, cites the ruling it breaks."""
    with pytest.raises(DataFileError) as refused:
        load_data_file(str(path))
    assert refused.value.rule == rule and refused.value.pointer.startswith("/")
    legal = next(iter(sample_files("legal", path.parent.parent.name)))
    result = run("check", "--data", str(path), str(legal))
    assert result.exit_code == 2
    assert f"{path}: {refused.value.pointer}: " in result.output and result.output.rstrip().endswith(f"({rule})")


@pytest.mark.parametrize("path", LEGAL + ILLEGAL, ids=ids(LEGAL + ILLEGAL))
def test_check_report_json_validates(run, path):
    result = run("check", "--format", "json", str(path))
    assert result.exit_code in (0, 1)
    assert schema_errors("check-report", json.loads(result.output)) == []


@pytest.mark.parametrize("path", LEGAL + ILLEGAL, ids=ids(LEGAL + ILLEGAL))
def test_notation_to_json_to_notation_gives_the_canonical_text(run, tmp_path, path):
    report = judge(path, canonical=True)
    if any(g.verdict == "malformed" for g in report.games) or report.diagnostics:
        pytest.skip("setup errors that stop parsing cannot be exported")
    exported = run("export", str(path))
    document = json.loads(exported.output)
    assert schema_errors("game-record", document) == []
    json_path = tmp_path / "game.json"
    json_path.write_text(exported.output)
    imported = run("import", str(json_path))
    assert imported.exit_code == 0
    canonical = "\n".join(canonical_game(game) for game in report.games)
    assert imported.output == canonical
    again = check_bytes("again.korsar", canonical.encode())
    assert [g.verdict for g in again.games] == [g.verdict for g in report.games]
    assert [[(d.code, d.message) for d in g.diagnostics] for g in again.games] == \
        [[(d.code, d.message) for d in g.diagnostics] for g in report.games]


@pytest.mark.parametrize("path", LEGAL, ids=ids(LEGAL))
def test_fmt_is_idempotent_on_samples(run, tmp_path, path):
    first = run("fmt", str(path)).output
    copy = tmp_path / f"copy{path.suffix}"
    copy.write_text(first)
    assert run("fmt", str(copy)).output == first
    assert run("fmt", "--check", str(copy)).exit_code == 0


def test_the_rules_example_after_turn_six():
    """K-EXAMPLE: A holds 6 gold, B 2, C 3."""
    report = judge(Path(__file__).resolve().parent.parent / "samples" / "korsar" / "legal" / "k-example.korsar")
    (game,) = report.games
    loot = {side.side: side.details["captured"] for side in game.outcome.sides}
    assert loot == {"A": [6], "B": [2], "C": [3]}
    assert not game.outcome.finished and game.outcome.winners == []


@pytest.mark.parametrize("path", LEGAL + ILLEGAL, ids=ids(LEGAL + ILLEGAL))
def test_score_and_show_json_validate(run, path):
    score = json.loads(run("score", "--format", "json", str(path)).output)
    assert schema_errors("check-report", score) == []
    report = judge(path)
    for game in report.games:
        if game.engine is None:
            continue
        for move in sorted({0, game.moves // 2, game.moves}):
            result = run("show", str(path), "--index", str(game.index), "--move", str(move), "--format", "json")
            assert schema_errors("position", json.loads(result.output)) == []


@pytest.mark.parametrize("path", LEGAL + ILLEGAL, ids=ids(LEGAL + ILLEGAL))
def test_an_exported_game_s_line_is_the_encoding_of_its_entry(path):
    """Export writes each game from turn texts encoded once; the line is exactly what
    encoding the whole entry gives, for a game read twice (the second from the texts kept)."""
    from referee.export import export_entry, export_text

    for _ in range(2):
        for game in judge(path).games:
            if game.record is not None and game.rules is not None:
                assert export_text(game, str(path)) == json.dumps(export_entry(game, str(path)), ensure_ascii=False)


def test_a_turn_text_kept_for_another_action_is_not_reused():
    """The kept texts are keyed by the body as written and held to the action: a record
    built with a text that does not match its action (as import's records are not, but
    others might be) is encoded from its action."""
    from dataclasses import replace

    from referee.export import export_entry, export_text

    path = sample_files("legal", "korsar")[0]
    game = judge(path).games[0]
    export_text(game, None)
    first = game.record.rounds[0].turns
    swapped = next(turn for turn in first[1:] if turn.action != first[0].action)
    first[0] = replace(first[0], action=swapped.action)
    assert export_text(game, None) == json.dumps(export_entry(game, None), ensure_ascii=False)
    assert json.loads(export_text(game, None))["rounds"][0]["turns"][0]["action"] == \
        GAMES["korsar"].action_to_json(swapped.action)


@pytest.mark.parametrize("game", sorted(name for name, rules in GAMES.items() if rules.canonical_as_parsed))
def test_a_game_written_without_replay_has_each_action_as_its_canonical_form(game):
    """`canonical_as_parsed` lets import write a record with no replay: every action of
    random legal games, in the state it is played in, is its own canonical form."""
    from referee.simulate import random_game

    rules = GAMES[game]
    for seed in ("a", "b", "c"):
        record, _ = random_game(rules, ["A", "B", "C"] if game != "spanish-main" else ["A", "B"], False, seed)
        engine = rules.new_engine(record)
        for round_ in record.rounds:
            assert engine.start_round(round_.number) is None
            for turn in round_.turns:
                assert engine.canonical_action(turn.player, turn.action) == turn.action
                assert engine.play(turn.player, turn.action) is None
