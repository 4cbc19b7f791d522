"""Random legal Pirates & Perroquets games from the engine's own move generator: they
replay as legal, every game ends, and parrots are conserved at every step
(bag + board + holds + gone = the bag's total); with optional-pickup, every choice the
generator lists at a round's last decision is accepted."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.games.perroquets.engine import PerroquetsEngine
from referee.games.perroquets.setup import VARIANT_NAMES
from referee.notation.writer import format_game
from referee.pipeline.replay import check_text
from referee.record import GameRecord, Round, Tag, Turn
from referee.shuffle import SeededChoices
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


def _pickup_game(seed: str, count: int, variants: str) -> tuple[GameRecord, PerroquetsEngine, int]:
    """A random game with optional-pickup: the simulated captains choose every entry, and each
    decision, once its card and colour are chosen, takes one of the choices the generator lists
    for them at random (or, where none is listed, any entry listed for its player). After every
    entry the parrots are conserved, and each entry listed is accepted (the round's last decision's
    all, an earlier decision's a sample of those that leave a parrot). The
    record, the engine and the number of decisions that listed a choice to leave a parrot."""
    record = GameRecord(RULES.id, tags=[Tag("Game", RULES.name)] + [
        Tag(name, value) for name, value in RULES.deal_tags(PLAYERS[:count], False, seed)] + [
        Tag("Variants", variants)])
    engine = RULES.new_engine(record)
    assert isinstance(engine, PerroquetsEngine)
    chooser, rng = SeededChoices(f"{seed}:choice"), random.Random(seed)
    current: Round | None = None
    leaving = 0
    while not engine.is_over:
        due = engine.round_due()
        if due is not None:
            assert engine.start_round(due) is None
            current = Round(due)
            record.rounds.append(current)
        chosen = RULES.simulated_move(engine, chooser, Counter())
        assert chosen is not None
        player, action = chosen
        if engine.phase == "decide":
            entries = RULES.legal_entries(engine)
            listed = list(zip((entry.player for entry in entries), entries.texts))
            if len(engine.round.decisions) < len(engine.players) - 1:  # judged later: the leaves are what counts
                listed = [(who, text) for who, text in listed if " leave " in text]
                listed = rng.sample(listed, min(20, len(listed)))
            for who, text in listed:
                trial = RULES.trial_copy(engine)
                assert trial.play(who, RULES.parse_action(who, text)) is None, (who, text)
                assert parrots_in_play(trial) == engine.data.bag_total, (who, text)
            written = RULES.format_turn(action)
            theirs = [text for who, text in zip((entry.player for entry in entries), entries.texts) if who == player]
            mine = [text for text in theirs if text == written or text.startswith(written + " leave ")]
            leaving += any(" leave " in text for text in mine)
            action = RULES.parse_action(player, rng.choice(mine or theirs))
        assert engine.play(player, action) is None
        assert parrots_in_play(engine) == engine.data.bag_total
        assert len({id(parrot) for parrot in engine.parrots}) == len(engine.parrots)
        assert current is not None
        current.turns.append(Turn(player, action, RULES.format_turn(action)))
    record.tags.append(Tag("Result", RULES.result_tag(engine.outcome())))
    return record, engine, leaving


@settings(max_examples=8, deadline=None)
@given(seed=st.text(alphabet="abcdefgh0123456789", min_size=1, max_size=8), count=st.integers(2, 4),
       variants=st.sets(st.sampled_from([v for v in VARIANT_NAMES if v != "optional-pickup"]), max_size=2))
def test_optional_pickup_games_list_every_choice_accept_it_and_conserve_parrots(seed, count, variants):
    """P-PICKUP with optional-pickup: random games whose decisions take any choice the generator
    lists (take all, leave one, leave several, leave all) replay as legal, end, and conserve the
    parrots: a choice listed before the round's last decision leaves the others a way to go on."""
    record, engine, _ = _pickup_game(f"pick-{seed}", count, " ".join(sorted({"optional-pickup", *variants})))
    assert engine.is_over
    report = check_text("pickup.perroquets", format_game(record, RULES))
    (game,) = report.games
    assert game.verdict == "legal", [(d.code, d.message) for d in game.diagnostics]
    assert game.outcome is not None and game.outcome.finished


def test_optional_pickup_games_leave_parrots() -> None:
    """The games above do put the choices to work: their decisions often have a parrot to leave."""
    assert sum(_pickup_game(f"leaving-{n}", 3, "optional-pickup")[2] for n in range(4)) >= 4
