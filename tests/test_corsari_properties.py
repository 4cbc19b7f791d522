"""Random legal Corsari games from the engine's own move generator: they replay as
legal, their claimed result holds, no card is ever lost or doubled, and the same
game written without the deal (C-HIDDEN) is judged the same."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.export import record_to_json, records_from_json
from referee.formatting import canonical_game, canonical_records
from referee.games import GAMES
from referee.games.corsari.cards import ALL_CARDS
from referee.games.corsari.notation import CorsariDeal, CorsariTurn, Step
from referee.notation.writer import format_game
from referee.record import GameRecord, Round, Tag, Turn
from referee.pipeline.replay import check_text
from referee.simulate import random_game

CORSARI = GAMES["corsari"]
PLAYERS = st.sampled_from([["A", "B"], ["A", "B", "C"], ["A", "B", "C", "D"]])
SEEDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=12)
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(players=PLAYERS, seed=SEEDS)
def test_random_games_replay_as_legal_and_keep_every_card(players, seed):
    record, engine = random_game(CORSARI, players, False, seed)
    assert engine.is_over
    report = check_text("random.corsari", format_game(record, CORSARI), canonical=True)
    (game,) = report.games
    assert game.verdict == "legal", [d.message for d in game.diagnostics]
    assert game.outcome.claim == "holds"
    assert canonical_game(game) == format_game(record, CORSARI)
    penalties = [card for pile in engine.penalty for card in pile]
    assert len(penalties) == len(set(penalties))
    state = engine.current
    held = [card for hand in state.hands for card in hand.elements()]
    split_cards = [c for split in state.splits.values()
                   for c in split.crew + split.dismissed + split.stowaways + split.filled]
    in_round = held + split_cards + state.pile + state.quay + list(state.deck or [])
    assert len(in_round) == len(set(in_round)), "a card in two places"
    assert set(in_round) | set(penalties) == ALL_CARDS, "a card lost"


@PROPERTY
@given(players=PLAYERS, seed=SEEDS)
def test_json_round_trip_is_stable(players, seed):
    record, _ = random_game(CORSARI, players, False, seed)
    text = format_game(record, CORSARI)
    game = check_text("random.corsari", text).games[0]
    assert canonical_records(records_from_json({"games": [record_to_json(game.record, CORSARI)]})) == text


def hidden_copy(record: GameRecord) -> GameRecord:
    """The same game as a table would note it: public deal only, deck takes unseen,
    every raise stating the whole hand."""
    engine = CORSARI.new_engine(record)
    hidden = GameRecord("corsari", tags=[t for t in record.tags if t.name != "Seed"])
    for round_ in record.rounds:
        assert engine.start_round(round_.number) is None
        state = engine.current
        copy_round = Round(round_.number)
        public = CorsariDeal(None, tuple(state.quay), state.pile[-1], None)
        copy_round.turns.append(Turn("deal", public, CORSARI.format_turn(public)))
        for turn in round_.turns:
            seat = engine.seat[turn.player]
            assert engine.play(turn.player, turn.action) is None
            steps = []
            for step in turn.action.steps:
                if step.kind == "take":
                    steps.append(Step("take", () if step.source == "deck" else step.cards, step.source))
                else:
                    steps.append(step)
            split = engine.current.splits.get(seat) if engine.current is not None else None
            if split is not None and any(s.kind == "raise" for s in steps):
                steps += [Step("dismiss", tuple(split.dismissed)), Step("stow", tuple(split.stowaways))]
            action = CorsariTurn(tuple(steps))
            copy_round.turns.append(Turn(turn.player, action, CORSARI.format_turn(action)))
        hidden.rounds.append(copy_round)
    return hidden


@PROPERTY
@given(players=PLAYERS, seed=SEEDS)
def test_the_same_game_without_the_deal_is_judged_the_same(players, seed):
    record, engine = random_game(CORSARI, players, False, seed)
    report = check_text("hidden.corsari", format_game(hidden_copy(record), CORSARI))
    (game,) = report.games
    assert game.verdict == "legal", [(d.code, d.message, d.span) for d in game.diagnostics]
    assert game.outcome.claim == "holds"
    assert [s.score for s in game.outcome.sides] == [s.score for s in engine.outcome().sides]
    assert game.outcome.winners == engine.outcome().winners


def test_a_seeded_game_gives_the_same_bytes_every_time():
    first = format_game(random_game(CORSARI, ["A", "B", "C"], False, "same")[0], CORSARI)
    second = format_game(random_game(CORSARI, ["A", "B", "C"], False, "same")[0], CORSARI)
    assert first == second
    assert Tag("Seed", "same") in random_game(CORSARI, ["A", "B"], False, "same")[0].tags
