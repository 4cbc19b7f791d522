"""Corsari's quick paths change nothing: every entry played through `play` (which
takes the quick paths when it can) gets the same verdict, and leaves the same state,
as through `_play`, the full judges alone. Entries come from seeded random games,
with and without the deal written out, and from variations of their moves: wrong
cards, steps dropped, doubled or swapped, other sources, raises with random crews,
fills, stated dismissed and stowaways, other players."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from referee import shuffle
from referee.games.corsari.cards import UNSHUFFLED
from referee.games.corsari.engine import CorsariEngine
from referee.games.corsari.notation import CorsariDeal, CorsariTurn, Step, parse_body
from referee.games.corsari.setup import CorsariSetup, seeded_deal
from referee.shuffle import shuffled

from .judging import documented_shuffle
from .test_corsari_moves import offer


def state_of(engine: CorsariEngine) -> tuple[Any, ...]:
    """Everything an engine holds, hands in their order."""
    facts: tuple[Any, ...] = (engine.round_number, engine.phase, engine.over, engine.end_reason, engine.turns,
                              engine.final_round, engine.grand_masters, engine.scored_rounds, engine.void_rounds,
                              engine.penalty, engine.history, engine.next_first, engine._cards_in_play())
    state = engine.current
    if state is None:
        return facts
    return facts + (state.number, state.first, [list(hand.items()) for hand in state.hands], state.hand_size,
                    state.deck, state.deck_size, state.pile, state.quay, state.hidden, state.accounted,
                    state.next_seat, state.fastest, state.port, state.crew_colours, state.crew_values,
                    state.pending, state.splits, state.void, state.winner_of_round, state.entries)


def play_both(engine: CorsariEngine, player: str, action: Any) -> Any:
    """`play` on the engine and `_play` on a copy of it: the same answer, the same state."""
    twin = copy.deepcopy(engine)
    full = twin._play(player, action)
    quick = engine.play(player, action)
    assert quick == full, (player, action)
    assert state_of(engine) == state_of(twin), (player, action)
    if quick is None:
        assert engine.view() == twin.view()
    return quick


def variations(rng: random.Random, engine: CorsariEngine, player: str, turn: CorsariTurn,
               players: list[str]) -> list[tuple[str, CorsariTurn]]:
    state = engine.current
    assert state is not None
    hand = list(state.hands[engine.seat[player]].elements())
    tops = state.pile[-1:] + state.quay[-2:] + (state.deck[-1:] if state.deck else [])
    pool = hand + tops + ["Z5", "R12"] + rng.sample(UNSHUFFLED, 3)
    found = []
    for _ in range(10):
        steps = list(turn.steps)
        pick = rng.random()
        if pick < 0.2 and steps:  # another card somewhere
            index = rng.randrange(len(steps))
            step = steps[index]
            cards = list(step.cards) or [""]
            cards[rng.randrange(len(cards))] = rng.choice(pool)
            steps[index] = Step(step.kind, tuple(cards), step.source)
        elif pick < 0.3 and steps:
            del steps[rng.randrange(len(steps))]
        elif pick < 0.37 and steps:
            index = rng.randrange(len(steps))
            steps.insert(index, steps[index])
        elif pick < 0.43 and len(steps) > 1:
            index = rng.randrange(len(steps) - 1)
            steps[index], steps[index + 1] = steps[index + 1], steps[index]
        elif pick < 0.53:
            steps = [Step("take", step.cards if rng.random() < 0.5 else (), rng.choice(["deck", "pile", "quay"]))
                     if step.kind == "take" else step for step in steps]
        elif pick < 0.7:
            steps = [step for step in steps if step.kind not in ("raise", "dismiss", "stow")]
            steps.append(Step("raise", tuple(rng.sample(pool, rng.randint(0, min(6, len(pool)))))))
            if rng.random() < 0.3:
                steps.append(Step("dismiss", tuple(rng.sample(pool, rng.randint(0, 2)))))
            if rng.random() < 0.3:
                steps.append(Step("stow", tuple(rng.sample(pool, rng.randint(0, 4)))))
        elif pick < 0.8:
            steps = [Step("fill", tuple(rng.sample(pool, rng.randint(0, 3))))] + [s for s in steps if s.kind != "fill"]
        elif pick < 0.87:
            steps.append(rng.choice([Step("discard", (rng.choice(pool),)), Step("dismiss", ()), Step("stow", ())]))
        elif pick < 0.93:
            found.append((rng.choice(players + ["Q"]), CorsariTurn(tuple(steps))))
            continue
        found.append((player, CorsariTurn(tuple(steps))))
    return found


def as_hidden(rng: random.Random, shadow: CorsariEngine, player: str, turn: CorsariTurn) -> CorsariTurn:
    """The move as a log without the deal writes it: a deck take shown or not, a raise
    stating the dismissed and the stowaways."""
    state = shadow.current
    assert state is not None and state.deck is not None
    steps = [Step("take", (state.deck[-1],) if rng.random() < 0.5 else (), "deck")
             if step.kind == "take" and step.source == "deck" else step for step in turn.steps]
    if steps[-1].kind == "raise":
        after = copy.deepcopy(shadow)
        assert after.play(player, turn) is None
        split = after.current.splits[shadow.seat[player]]  # type: ignore[union-attr]
        steps += [Step("dismiss", tuple(split.dismissed)), Step("stow", tuple(split.stowaways))]
    return CorsariTurn(tuple(steps))


def walk(seed: int, count: int, hidden: bool) -> int:
    """A random game: seeded, or dealt round by round in the log (half of the rounds
    without hands when `hidden`), each entry judged both ways."""
    rng = random.Random(seed)
    players = ["A", "B", "C", "D"][:count]
    seeded = not hidden and seed % 2 == 0
    engine = CorsariEngine(CorsariSetup(players, rng.randrange(count), f"eq{seed}" if seeded else None, None, False))
    shadow = CorsariEngine(CorsariSetup(players, engine.next_first, None, None, False))  # knows every deal
    moves = 0
    round_hidden = False
    patience = 0.995 if seed % 3 == 0 else 0.9  # some rounds run to the deck's end (C-LAST-DECK)
    while not engine.is_over and moves < 400:
        due = engine.round_due()
        if due is not None:
            assert engine.start_round(due) is None and shadow.start_round(due) is None
            deal = seeded_deal(players, f"eq{seed}", due, shadow._cards_in_play())
            if seeded:
                deal = engine._seeded_deal(due)
            assert shadow.play("deal", deal) is None
            round_hidden = hidden and rng.random() < 0.5
            written = CorsariDeal(None, deal.quay, deal.pile, None) if round_hidden else deal
            if not seeded or rng.random() < 0.2:
                assert play_both(engine, "deal", written) is None
            continue
        legal = offer(shadow)  # a few crews of each hand, so that most turns are takes
        calm = [move for move in legal if move[1].steps[-1].kind != "raise"
                and (patience < 0.99 or move[1].steps[0].source != "quay")]
        player, turn = rng.choice(calm if calm and rng.random() < patience else legal)
        written = as_hidden(rng, shadow, player, turn) if round_hidden else turn
        moves += 1
        if rng.random() < 0.3 and any(play_both(engine, other, variation) is None
                                      for other, variation in variations(rng, engine, player, written, players)):
            if round_hidden:
                return moves  # the game went another way than the shadow's
            shadow = copy.deepcopy(engine)  # the deal is known: the shadow follows again
            continue
        assert play_both(engine, player, written) is None
        assert shadow.play(player, turn) is None
    return moves


@pytest.mark.parametrize("count", [2, 3, 4])
@pytest.mark.parametrize("hidden", [False, True])
def test_quick_paths_judge_and_play_as_the_full_judges(count, hidden):
    moves = sum(walk(seed, count, hidden) for seed in range(6))
    assert moves > 50


def test_quick_parse_keeps_every_part():
    """Bodies are read into the same steps and parts as word by word, card words shared."""
    parsed = parse_body("deck=R7 -B2 raise R1 R2 dismiss stow K1")
    assert parsed.action == CorsariTurn((Step("take", ("R7",), "deck"), Step("discard", ("B2",)),
                                         Step("raise", ("R1", "R2")), Step("dismiss", ()), Step("stow", ("K1",))))
    assert parsed.parts == {"step:0": (0, 7), "step:1": (8, 11), "card:2:0": (18, 20), "card:2:1": (21, 23),
                            "step:2": (12, 23), "step:3": (24, 31), "card:4:0": (37, 39), "step:4": (32, 39)}
    many = parse_body("raise " + " ".join(f"R{k}" for k in range(1, 40)))
    assert many.parts["card:0:38"] == (6 + 3 * 9 + 4 * 29, 6 + 3 * 9 + 4 * 29 + 3)


def seeded_round(players: list[str], seed: str) -> CorsariEngine:
    engine = CorsariEngine(CorsariSetup(players, 0, seed, None, False))
    assert engine.start_round(1) is None
    return engine


@pytest.mark.parametrize("quay_left", [None, 1])
def test_a_take_without_a_source_is_refused(quay_left):
    """C-TAKE: a take step names its source (the grammar and the JSON schema ask for one;
    the Python API does not). Refused, quick path or not, and nothing changes: not even
    with one quay card left, where a quay take would void the round."""
    engine = seeded_round(["A", "B", "C"], "nosource")
    state = engine.current
    assert state is not None
    while quay_left is not None and len(state.quay) > quay_left:  # quay takes, each card discarded at once
        player = engine.players[state.next_seat]
        assert engine.play(player, CorsariTurn((Step("take", (), "quay"), Step("discard", (state.quay[-1],))))) is None
    player = engine.players[state.next_seat]
    held = next(iter(state.hands[state.next_seat]))
    before = state_of(engine)
    for source, named in ((None, "no source"), ("hand", "'hand', which is no source")):
        for steps in ((Step("take", (), source), Step("discard", (held,))),
                      (Step("take", (state.pile[-1],), source),),
                      (Step("take", (), source), Step("discard", (held,)), Step("raise", (held,)))):
            problem = play_both(engine, player, CorsariTurn(steps))
            assert problem is not None and (problem.rule, problem.part) == ("C-TAKE", "step:0")
            assert problem.message == f"the take names {named}: take from the deck, the discard pile or the quay"
            assert state_of(engine) == before


def test_a_turn_played_keeps_its_value():
    """The reading the engine keeps with a turn is no part of it: a turn played is equal
    to, hashes and prints as the same turn never played."""
    engine = seeded_round(["A", "B"], "reading")
    state = engine.current
    assert state is not None
    steps = (Step("take", (), "pile"), Step("discard", (state.pile[-1],)))
    played = CorsariTurn(steps)
    assert engine.play(engine.players[state.next_seat], played) is None
    assert played.reading is not None
    fresh = CorsariTurn(steps)
    assert fresh.reading is None
    assert (played == fresh, hash(played) == hash(fresh), repr(played) == repr(fresh)) == (True, True, True)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 12, 78, 89, 110, 127, 128, 200])
def test_the_seeded_shuffle_is_the_documented_one(size, monkeypatch):
    """`shuffled` takes each word mod n at once when no word can be rejected; when one may be
    (forced here: a real shuffle meets such a word about once in 2**50), it draws as `below`
    does. Either way the order is the documented one."""
    items = [f"c{k}" for k in range(size)]
    for seed in ("s", "bench-corsari-0-1:3", "x" * 40):
        assert shuffled(items, seed) == documented_shuffle(items, seed)
    monkeypatch.setattr(shuffle, "_first_words", lambda seed, count: (shuffle._SPAN - 1,) * count)
    assert shuffled(items, "s") == documented_shuffle(items, "s")
