"""`referee simulate`: seeded random corpora, legal or with one illegal move per game."""

from __future__ import annotations

import pytest

from referee.pipeline.replay import check_text

from .conftest import EXPECT


@pytest.mark.parametrize("args", [["--game", "korsar", "--players", "3"],
                                  ["--game", "korsar", "--players", "6", "--teams"],
                                  ["--game", "corsari", "--players", "4"]])
def test_legal_corpus_is_legal_finished_and_reproducible(run, args):
    first = run("simulate", *args, "--seed", "s", "--count", "4")
    assert first.exit_code == 0
    assert run("simulate", *args, "--seed", "s", "--count", "4").output == first.output
    report = check_text("corpus", first.output)
    assert len(report.games) == 4
    for game in report.games:
        assert game.verdict == "legal"
        assert game.outcome.finished and game.outcome.claim == "holds"
    assert run("simulate", *args, "--seed", "t", "--count", "4").output != first.output


@pytest.mark.parametrize("game,players", [("korsar", "4"), ("corsari", "3")])
def test_illegal_corpus_is_caught_where_it_says(run, game, players):
    result = run("simulate", "--game", game, "--players", players, "--seed", "x", "--count", "12", "--illegal")
    assert result.exit_code == 0
    report = check_text("corpus", result.output)
    expected = [(m["code"], int(m["line"])) for m in EXPECT.finditer(result.output)]
    assert len(report.games) == len(expected) == 12
    for game_report, (code, line) in zip(report.games, expected):
        errors = [d for d in game_report.diagnostics if d.is_error]
        assert len(errors) == 1
        assert (errors[0].code, errors[0].span.line) == (code, line)


def test_simulate_writes_a_file_and_checks_its_options(run, tmp_path):
    target = tmp_path / "corpus.korsar"
    assert run("simulate", "--game", "korsar", "--players", "2", "--seed", "f", "--count", "2",
               "-o", str(target)).exit_code == 0
    assert check_text(str(target), target.read_text()).ok
    assert run("simulate", "--game", "korsar", "--players", "7", "--seed", "f").exit_code == 2
    assert run("simulate", "--game", "corsari", "--players", "3", "--teams", "--seed", "f").exit_code == 2
    assert run("simulate", "--game", "chess", "--players", "2", "--seed", "f").exit_code == 2
