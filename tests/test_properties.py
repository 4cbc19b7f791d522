"""Random legal games from the engine's own move generator: they replay as legal,
their claimed result holds, the gold adds up to 100, and every representation of
them (canonical text, JSON, a log without the deal) agrees."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.export import record_to_json, records_from_json
from referee.formatting import canonical_game, canonical_records
from referee.games import GAMES
from referee.games.korsar.cards import card_info
from referee.notation.writer import format_game
from referee.pipeline.replay import check_text
from referee.simulate import random_game

KORSAR = GAMES["korsar"]
TABLES = st.sampled_from([
    (2, False), (3, False), (4, False), (5, False), (4, True), (6, True), (8, True),
])
SEEDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=12)
PROPERTY = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def players(count: int) -> list[str]:
    return [chr(ord("A") + i) for i in range(count)]


def gold_in(engine) -> int:
    outcome = engine.outcome()
    gold = 0
    for side in outcome.sides:
        gold += sum(side.details["captured"]) + sum(side.details["swept"])
        gold += sum(side.details["galleons_in_hand"])
    return gold + sum(g.value for g in engine.left_on_table)


@PROPERTY
@given(table=TABLES, seed=SEEDS)
def test_random_games_replay_as_legal_and_gold_adds_up(table, seed):
    count, teams = table
    record, engine = random_game(KORSAR, players(count), teams, seed)
    assert engine.is_over
    assert gold_in(engine) == 100
    text = format_game(record, KORSAR)
    report = check_text("random.korsar", text)
    (game,) = report.games
    assert game.verdict == "legal", [d.message for d in game.diagnostics]
    assert game.outcome.finished and game.outcome.claim == "holds"
    assert game.moves == engine.turns


@PROPERTY
@given(table=TABLES, seed=SEEDS)
def test_canonical_text_and_json_round_trips_are_stable(table, seed):
    count, teams = table
    record, _ = random_game(KORSAR, players(count), teams, seed)
    text = format_game(record, KORSAR)
    game = check_text("random.korsar", text, canonical=True).games[0]
    assert canonical_game(game) == text
    document = {"games": [record_to_json(game.record, KORSAR)]}
    assert canonical_records(records_from_json(document)) == text


@PROPERTY
@given(table=TABLES, seed=SEEDS, shown=st.integers(min_value=0, max_value=4))
def test_the_same_game_without_the_deal_is_judged_the_same(table, seed, shown):
    """K-HIDDEN: drop the deal, show some drawn cards, give the hands at the end."""
    count, teams = table
    record, engine = random_game(KORSAR, players(count), teams, seed)
    dealt, _ = random_game(KORSAR, players(count), teams, seed)
    hidden_engine = KORSAR.new_engine(dealt)
    draws_seen = 0
    for round_ in record.rounds:
        hidden_engine.start_round(round_.number)
        for turn in round_.turns:
            action = turn.action
            if action.kind == "draw":
                draws_seen += 1
                if shown and draws_seen % (shown + 1) == 0:
                    top = hidden_engine.deck[-1]
                    action = type(action)("draw", top)
                    turn.action = action
                    turn.text = KORSAR.format_turn(action)
            assert hidden_engine.play(turn.player, action) is None
    record.tags = [tag for tag in record.tags if tag.name != "Seed"]
    hands = " / ".join(f"{p}: {' '.join(sorted(engine.hands[i].elements())) or '-'}"
                       for i, p in enumerate(engine.players))
    from referee.record import Tag

    record.tags.insert(-1, Tag("EndHands", hands))
    report = check_text("hidden.korsar", format_game(record, KORSAR))
    (game,) = report.games
    assert game.verdict == "legal", [d.message for d in game.diagnostics]
    assert game.outcome.claim == "holds"
    assert [s.score for s in game.outcome.sides] == [s.score for s in engine.outcome().sides]


@PROPERTY
@given(table=TABLES, seed=SEEDS)
def test_no_card_is_ever_in_two_places(table, seed):
    count, teams = table
    _, engine = random_game(KORSAR, players(count), teams, seed)
    cards: Counter[str] = Counter()
    for hand in engine.hands:
        cards.update(hand)
    cards.update(engine.out_of_game)
    for pile in (engine.loot, engine.swept):
        for side in pile:
            cards.update(f"${g.value}" for g in side)
    for galleon in engine.left_on_table:
        cards[f"${galleon.value}"] += 1
        for force in galleon.forces.values():
            cards.update(card for _, card in force.cards)
        if galleon.character:
            cards[galleon.character[0]] += 1
    assert engine.deck == []
    assert sum(cards.values()) == 78
    assert all(card_info(card) is not None for card in cards)
