"""Random legal Pirates & Perroquets games from the engine's own move generator: they
replay as legal, every game ends, and parrots are conserved at every step
(bag + board + holds + gone = the bag's total)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.games.perroquets.engine import PerroquetsEngine
from referee.games.perroquets.setup import VARIANT_NAMES
from referee.notation.writer import format_game
from referee.pipeline.replay import check_text
from referee.simulate import random_game

RULES = GAMES["perroquets"]
PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]


def parrots_in_play(engine: PerroquetsEngine) -> int:
    return (sum(engine.bag.values()) + len(engine.parrots) + sum(sum(h.values()) for h in engine.holds.values())
            + sum(engine.gone.values()))


@settings(max_examples=12, deadline=None)
@given(seed=st.text(alphabet="abcdefgh0123456789", min_size=1, max_size=8), count=st.integers(2, 4),
       variants=st.sets(st.sampled_from([v for v in VARIANT_NAMES if v != "optional-pickup"]), max_size=3))
def test_random_games_replay_as_legal_and_conserve_parrots(seed, count, variants):
    extra = (("Variants", " ".join(sorted(variants))),) if variants else ()
    record, engine = random_game(RULES, PLAYERS[:count], False, f"prop-{seed}", extra_tags=extra)
    assert engine.is_over, "every game ends"
    assert parrots_in_play(engine) == engine.data.bag_total
    report = check_text("random.perroquets", format_game(record, RULES))
    (game,) = report.games
    assert game.verdict == "legal", [(d.code, d.message) for d in game.diagnostics]
    assert game.outcome is not None and game.outcome.finished


@settings(max_examples=6, deadline=None)
@given(seed=st.text(alphabet="xyz0123456789", min_size=1, max_size=6))
def test_parrots_are_conserved_after_every_entry(seed):
    record, _ = random_game(RULES, PLAYERS[:3], False, f"step-{seed}")
    engine = RULES.new_engine(record)
    assert isinstance(engine, PerroquetsEngine)
    for round_ in record.rounds:
        assert engine.start_round(round_.number) is None
        for turn in round_.turns:
            assert engine.play(turn.player, turn.action) is None
            assert parrots_in_play(engine) == engine.data.bag_total


@settings(max_examples=6, deadline=None)
@given(seed=st.text(alphabet="pq0123456789", min_size=1, max_size=6))
def test_an_injected_illegal_entry_is_caught_where_expected(seed):
    from referee.simulate import illegal_game_text

    text = illegal_game_text(RULES, PLAYERS[:2], False, f"bad-{seed}")
    rule, line = text.splitlines()[0].removeprefix("; expect: ").split()
    found = [(d.code, d.span.line) for d in check_text("bad.perroquets", text).all_diagnostics() if d.is_error]
    assert found[0] == (rule, int(line))
