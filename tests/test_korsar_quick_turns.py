"""The engine's quick path for plain turns accepts only what the full judgement accepts,
and leaves the same state behind."""

from __future__ import annotations

import pickle

import pytest

from referee.diagnostics import Violation
from referee.games import GAMES
from referee.games.korsar.cards import CARDS
from referee.games.korsar.engine import KorsarEngine
from referee.games.korsar.notation import GalleonRef, KorsarAction
from referee.record import GameRecord, Tag
from referee.shuffle import SeededChoices

KORSAR = GAMES["korsar"]


def state(engine: KorsarEngine) -> dict:
    """Everything a turn may change, comparable between two engines."""
    return {**engine.view(), "hands": [dict(h) for h in engine.hands], "deck_cards": list(engine.deck or []),
            "out": list(engine.out_of_game), "last": (engine.last[0], engine.last[1] is not None) if engine.last else None,
            "loot": [[(g.placer, g.value, g.round) for g in side] for side in engine.loot],
            "taken": [(g.placer, g.value, g.round) for g in engine.last_captures],
            "forces": [[(g.placer, g.value, g.round, g.holder, {s: (f.colour, f.strength, list(f.cards))
                                                              for s, f in g.forces.items()})
                        for g in engine.table]]}


def copied(engine: KorsarEngine) -> KorsarEngine:
    """A deep copy of the engine, as copy.deepcopy makes it, made by pickling: four times sooner."""
    return pickle.loads(pickle.dumps(engine, pickle.HIGHEST_PROTOCOL))


def candidates(engine: KorsarEngine) -> list[KorsarAction]:
    """Every legal action, the illegal ones the generator makes, and pirate plays on
    every galleon named every way (including ambiguous and wrong names)."""
    actions = [entry.action for entry in KORSAR.legal_entries(engine)]
    actions += [action for _, _, action in KORSAR.illegal_moves(engine) if isinstance(action, KorsarAction)]
    seat = engine.next_seat
    for card in list(engine.hands[seat]) + ["Y1", "B4", "$3", "RC", "AD"]:
        actions.append(KorsarAction("discard", card))
        actions.append(KorsarAction("galleon", card))
        for galleon in engine.table:
            owner = engine.players[galleon.placer]
            for round_ in (None, galleon.round, galleon.round + 1):
                actions.append(KorsarAction("play", card, GalleonRef(owner, galleon.value, round_)))
    return actions


def plain_shape(engine: KorsarEngine, seat: int, action: KorsarAction) -> bool:
    """The turns the quick path is for: it must take every legal one of them."""
    if action.captures or action.chased is not None:
        return False
    if action.kind == "draw":
        return action.card is None and engine.deck is not None
    if not engine.hands[seat].get(action.card or ""):
        return False
    return action.kind in ("galleon", "discard") or CARDS[action.card or ""].kind == "pirate"


def general(engine: KorsarEngine, seat: int, action: KorsarAction) -> Violation | None:
    captures = engine._captures_for(seat)
    judged = engine._judge(seat, action, captures)
    if isinstance(judged, Violation):
        return judged
    engine._apply(seat, action, captures, judged)
    return None


@pytest.mark.parametrize("players,teams", [(["A", "B"], False), (["A", "B", "C", "D"], True)])
@pytest.mark.parametrize("seed", ["q1"])
def test_quick_turns_agree_with_the_full_judgement(players, teams, seed):
    tags = [Tag("Game", "Korsar")] + [Tag(n, v) for n, v in KORSAR.deal_tags(players, teams, seed)]
    engine = KORSAR.new_engine(GameRecord("korsar", tags))
    assert isinstance(engine, KorsarEngine)
    chooser = SeededChoices(seed)
    quick = checked = 0
    while not engine.over:
        due = engine.round_due()
        if due is not None:
            engine.start_round(due)
        seat = engine.next_seat
        for action in candidates(engine):
            fast = copied(engine)
            accepted = fast._play_plain(seat, action, fast._captures_for(seat))
            slow = copied(engine)
            legal = general(slow, seat, action) is None
            if accepted:
                assert legal, action
                assert state(fast) == state(slow), action
                quick += 1
            else:
                assert not (legal and plain_shape(engine, seat, action)), f"{action} is plain and legal"
            checked += 1
        moves = KORSAR.legal_entries(engine)
        chosen = moves[chooser.below(len(moves))]
        assert engine.play(chosen.player, chosen.action) is None
    assert quick > 50 and checked > quick
