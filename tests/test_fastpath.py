"""The quick path for plain legal games: taken when it may be, and the same verdict."""

from __future__ import annotations

import pytest

from referee.pipeline.fastpath import judge_plain
from referee.notation.chunks import split_games
from referee.notation.reader import read_chunk
from referee.pipeline.replay import replay_game
from referee.reports.json_report import game_json


def full(chunk):
    (read,) = list(read_chunk("x", chunk))
    return replay_game("x", 1, read)


@pytest.mark.parametrize("game,players", [("korsar", "4"), ("korsar", "3"), ("corsari", "3"), ("corsari", "2"),
                                          ("perroquets", "3"), ("perroquets", "4"), ("spanish-main", "2")])
def test_plain_legal_games_take_the_quick_path_and_agree(run, game, players):
    text = run("simulate", "--game", game, "--players", players, "--seed", "3", "--count", "8").output
    chunks = list(split_games(text.split("\n")))
    assert len(chunks) == 8
    for chunk in chunks:
        quick = judge_plain("x", 1, chunk)
        assert quick is not None
        assert game_json(quick) == game_json(full(chunk))


@pytest.mark.parametrize("game,players", [("korsar", "3"), ("corsari", "3"), ("perroquets", "3"), ("spanish-main", "2")])
def test_illegal_games_are_left_to_the_full_reader(run, game, players):
    text = run("simulate", "--game", game, "--players", players, "--seed", "4", "--count", "6", "--illegal").output
    for chunk in split_games(text.split("\n")):
        assert judge_plain("x", 1, chunk) is None
        assert full(chunk).verdict == "illegal"


@pytest.mark.parametrize("change", [
    lambda t: t.replace("2. ", "2. {a comment} ", 1),   # comments: quoted back, so the full reader
    lambda t: t.replace("2. ", "2.", 1) + "\n3.x",       # a round number glued to a word
    lambda t: t.replace("A: ", "A:", 1),                  # a mover glued to its body
    lambda t: t + "\nB: ",                                # an entry with no body
    lambda t: t.replace("[Players", "; note\n[Players", 1),
    lambda t: t.replace('"]', '"] trailing', 1),
    lambda t: t.replace("1. ", "1. stray ", 1),
])
def test_anything_not_plain_goes_to_the_full_reader(run, change):
    text = run("simulate", "--game", "korsar", "--players", "3", "--seed", "5", "--count", "1").output.rstrip("\n")
    (chunk,) = list(split_games(text.split("\n")))
    assert judge_plain("x", 1, chunk) is not None
    (changed,) = list(split_games(change(text).split("\n")))
    assert judge_plain("x", 1, changed) is None
