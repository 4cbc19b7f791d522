"""The simulated players' shortcuts against the long way round.

A Corsari player weighs a take and discard by what the best crew of the hand after it
saves, found without naming the crew; a Pirates & Perroquets listing opens a due round
on a copy of the game that shares what no entry changes. Each is held here to what it
stands for: the crew `_lightest_of` names, every pair of colours tried, and a game left
exactly as it was.
"""

from __future__ import annotations

import json
import random
from itertools import combinations

from referee.games import GAMES
from referee.games.corsari import policy
from referee.games.corsari.cards import COLOURS
from referee.simulate import random_game


def every_pair_saves(values: dict[str, int]) -> int:
    """The most points one colour's values, or two colours' values together, add up to."""
    sums = [sum(worth for worth in range(1, 12) if mask >> worth & 1) for mask in values.values()]
    best = max(sums, default=0)
    for first, second in combinations(values.values(), 2):
        both = first | second
        best = max(best, sum(worth for worth in range(1, 12) if both >> worth & 1))
    return best


def test_a_corsari_hand_saves_what_its_lightest_crew_saves():
    rng = random.Random("savings")
    for _ in range(3000):
        values: dict[str, int] = {}
        for shade in rng.sample(COLOURS, rng.randint(0, 9)):
            values[shade] = sum(1 << worth for worth in rng.sample(range(1, 12), rng.randint(0, 4)))
        points = rng.randint(0, 80)
        saved = policy._saving(values.values())
        assert saved == every_pair_saves(values)
        assert points - saved == policy._lightest_of(values, points)[0]
        ranked = sorted([(policy._KEYED[mask], shade) for shade, mask in values.items()], reverse=True)
        changed = {shade: sum(1 << worth for worth in rng.sample(range(1, 12), rng.randint(0, 4)))
                   for shade in rng.sample(COLOURS, rng.randint(0, 2))}
        assert policy._saving_changed(ranked, changed) == every_pair_saves({**values, **changed})


def test_a_corsari_player_draws_the_looks_he_weighs_from_one_uniform_number():
    from referee.shuffle import SeededChoices

    chooser = SeededChoices("looks")
    seen = [0] * 39
    for _ in range(4000):
        looked = policy._draws(chooser, 39, 6)
        assert looked == sorted(set(looked)) and all(0 <= index < 39 for index in looked)
        for index in looked:
            seen[index] += 1
    assert min(seen) > 0.6 * max(seen)  # every take and discard is weighed about as often


def test_listing_a_due_perroquets_round_leaves_the_game_as_it_was():
    rules = GAMES["perroquets"]
    record, _ = random_game(rules, ["A", "B", "C"], False, "due-rounds")
    engine = rules.new_engine(record)
    listed_at_due = 0
    for round_ in record.rounds:
        for turn in round_.turns:
            if engine.round_due() is not None:
                before = json.dumps(engine.view(), sort_keys=True, default=str)
                parrots = list(engine.parrots)
                entries = rules.legal_entries(engine)
                assert entries.round == engine.round_due() and len(entries)
                assert json.dumps(engine.view(), sort_keys=True, default=str) == before
                assert engine.parrots == parrots
                listed_at_due += 1
                assert engine.start_round(round_.number) is None
            assert engine.play(turn.player, turn.action) is None
    assert listed_at_due > 5
