"""`referee simulate`: seeded random corpora, legal or with one illegal move per game."""

from __future__ import annotations

import pytest

from referee.pipeline.replay import check_text

from .conftest import EXPECT


@pytest.mark.parametrize("args", [["--game", "korsar", "--players", "3"],
                                  ["--game", "korsar", "--players", "6", "--teams"],
                                  ["--game", "corsari", "--players", "4"],
                                  ["--game", "perroquets", "--players", "3"],
                                  ["--game", "spanish-main", "--players", "2"]])
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


@pytest.mark.parametrize("game,players", [("korsar", "4"), ("corsari", "3"), ("spanish-main", "2")])
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


def test_corsari_corpora_have_the_shape_of_real_play(run):
    """Players go on taking and discarding until their crew is good enough, so a round
    runs to many turns, as people play it, not one raise at once."""
    from collections import Counter

    from referee.games import GAMES
    from referee.games.corsari.notation import CorsariTurn
    from referee.simulate import random_game

    rules = GAMES["corsari"]
    notes: Counter[str] = Counter()
    turns_a_round = []
    for index in range(6):
        record, engine = random_game(rules, ["A", "B", "C"], False, f"shape-{index}", notes=notes)
        assert engine.is_over
        for round_ in record.rounds:
            plays = [t for t in round_.turns if isinstance(t.action, CorsariTurn)]
            turns_a_round.append(len(plays))
    assert sum(turns_a_round) / len(turns_a_round) >= 10
    assert max(turns_a_round) >= 20


def test_corsari_forced_raises_are_counted_where_they_happen():
    """A player who plays on with one card left in the deck sometimes draws it and
    must raise (C-LAST-DECK): the statistics count exactly those turns."""
    from collections import Counter

    from referee.games import GAMES
    from referee.games.corsari.notation import CorsariTurn
    from referee.simulate import random_game

    rules = GAMES["corsari"]
    notes: Counter[str] = Counter()
    record, _ = random_game(rules, ["A", "B", "C"], False, "t-3", notes=notes)  # one forced raise
    engine = rules.new_engine(record)
    last_card_draws = 0
    for round_ in record.rounds:
        assert engine.start_round(round_.number) is None
        for turn in round_.turns:
            action = turn.action
            if (isinstance(action, CorsariTurn) and engine.current.deck_size == 1
                    and any(step.kind == "take" and step.source == "deck" for step in action.steps)):
                last_card_draws += 1
                assert action.steps[-1].kind == "raise"
            assert engine.play(turn.player, action) is None
    assert notes["forced raises"] == last_card_draws == 1


def test_simulate_stats_describe_the_corpus(run):
    result = run("simulate", "--game", "corsari", "--players", "3", "--seed", "st", "--count", "3", "--stats")
    assert result.exit_code == 0
    report = check_text("corpus", result.stdout)
    moves = sum(game.moves for game in report.games)
    lines = result.stderr.splitlines()
    assert lines[0].split() == ["games", "3"]
    assert lines[1].startswith(f"moves                 {moves} ({moves / 3:.1f} a game")
    assert any(line.startswith("void rounds") for line in lines)
    assert any(line.split()[:3] == ["forced", "raises", "0"] for line in lines)
    assert any(line.split()[:3] == ["grand", "masters", "0"] for line in lines)
    assert any(line.startswith("ended: ") for line in lines)
    korsar = run("simulate", "--game", "korsar", "--players", "4", "--seed", "st", "--count", "2", "--stats")
    assert korsar.stderr.splitlines()[0].split() == ["games", "2"]
    assert "[Game" not in korsar.stderr
