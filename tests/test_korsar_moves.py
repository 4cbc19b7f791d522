"""Korsar's move generator, checked against a brute force.

In a position with the full deal, the legal actions are exactly the candidates the
referee accepts, in a fixed order: draw (while the deck holds cards), then the cards
of the hand in card order (galleons, then pirates and captains Y R G B, then the
admiral), each with its galleon placement, its discard (once the deck is empty) and
its plays on the galleons left after the capture phase, in table order. A galleon
is named with its round only where its placer has another of that value left.

The positions come from seeded walks through whole games: every step is chosen
among the brute-force candidates, never from the generator under test.
"""

from __future__ import annotations

import random

import pytest

from referee.games import GAMES
from referee.games.korsar.engine import KorsarEngine
from referee.games.korsar.notation import GalleonRef, KorsarAction
from referee.record import GameRecord, Tag

from . import judging
from .test_korsar_rulings import deal, log

KORSAR = GAMES["korsar"]


def listed(engine: KorsarEngine) -> list[KorsarAction]:
    """The actions of the entries the game lists (`GameRules.legal_entries`), in order."""
    return [entry.action for entry in KORSAR.legal_entries(engine)]
RANK = "$YRGBA"  # galleons, the four colours, the admiral


def card_order(card: str) -> tuple[int, str]:
    return RANK.index(card[0]), card


def new_engine(players: list[str], teams: bool, seed: str) -> KorsarEngine:
    tags = [Tag("Game", "Korsar")] + [Tag(name, value) for name, value in KORSAR.deal_tags(players, teams, seed)]
    engine = KORSAR.new_engine(GameRecord("korsar", tags=tags))
    assert isinstance(engine, KorsarEngine)
    return engine


def side_of(player: str, players: list[str], teams: bool) -> str:
    if not teams:
        return player
    seat = players.index(player)
    first = seat - seat % 2
    return f"{players[first]}+{players[first + 1]}"


def captured_now(view: dict, players: list[str], teams: bool) -> list[int]:
    """Indexes (in the table) of the galleons the player to move captures first."""
    player = view["next"]
    seat = players.index(player)
    if teams and seat % 2 == 1:
        partner = players[seat - 1]
        if view["hands"][partner]["size"] > 0 or view["deck"] > 0:
            return []
    side = side_of(player, players, teams)
    return [i for i, g in enumerate(view["table"]) if g["controlled_by"] == side]


def brute_force(engine: KorsarEngine, players: list[str], teams: bool) -> list[KorsarAction]:
    view = engine.view()
    player = view["next"]
    gone = set(captured_now(view, players, teams))
    left = [g for i, g in enumerate(view["table"]) if i not in gone]
    refs = []
    for g in left:
        twins = sum(1 for h in left if h["placed_by"] == g["placed_by"] and h["value"] == g["value"])
        refs.append(GalleonRef(g["placed_by"], g["value"], g["round"] if twins > 1 else None))
    candidates = [KorsarAction("draw")]
    for card in sorted(set(view["hands"][player]["known"]), key=card_order):
        candidates.append(KorsarAction("galleon", card))
        candidates.append(KorsarAction("discard", card))
        candidates += [KorsarAction("play", card, ref) for ref in refs]
    return [action for action in candidates if engine.copy().play(player, action) is None]


def check_second_mate_claims(engine: KorsarEngine, players: list[str], legal: list[KorsarAction]) -> None:
    """A second mate may state a capture only once the first mate has no turns left
    (K-TEAM-CAPTURE); a galleon held by no one or the other team is never captured (K-CONTROL)."""
    view = engine.view()
    player = view["next"]
    partner = players[players.index(player) - 1]
    partner_plays = view["hands"][partner]["size"] > 0 or view["deck"] > 0
    side = side_of(player, players, True)
    action = next(a for a in legal if a.target is None)
    for galleon in view["table"]:
        if len(engine.table) != len({(g.placer, g.value) for g in engine.table}):
            return  # twins: the claim would need the round
        claim = KorsarAction(action.kind, action.card, None, (GalleonRef(galleon["placed_by"], galleon["value"]),))
        problem = engine.copy().play(player, claim)
        if not partner_plays and galleon["controlled_by"] == side:
            continue  # captured: the claim may stand or name the others left out
        assert problem is not None
        assert problem.rule == ("K-TEAM-CAPTURE" if partner_plays else "K-CONTROL"), problem


def walk(players: list[str], teams: bool, seed: str, check):
    """Play a whole seeded game; `check(engine)` sees every position before its move."""
    engine = new_engine(players, teams, seed)
    rng = random.Random(seed)
    while not engine.is_over:
        due = engine.round_due()
        if due is not None:
            assert engine.start_round(due) is None
        legal = check(engine)
        draws = [a for a in legal if a.kind == "draw"]
        others = [a for a in legal if a.kind != "draw"]
        action = draws[0] if draws and (not others or rng.random() < 0.4) else rng.choice(others)
        assert engine.play(engine.players[engine.next_seat], action) is None
    return engine


@pytest.mark.parametrize("players,teams,seed", [
    ("A B", False, "moves-2"),
    ("A B C", False, "moves-3"),
    ("A B C D", True, "moves-4t-b"),
])
def test_the_generator_lists_exactly_the_legal_actions_in_order(players, teams, seed):
    seats = players.split()
    seen = {"draw": 0, "galleon": 0, "discard": 0, "play": 0, "round refs": 0}
    if teams:
        seen["second mates"] = 0

    def check(engine):
        expected = brute_force(engine, seats, teams)
        assert listed(engine) == expected
        for action in expected:
            seen[action.kind] += 1
            if action.target is not None and action.target.round is not None:
                seen["round refs"] += 1
        if teams and engine.next_seat % 2:
            seen["second mates"] += 1
            check_second_mate_claims(engine, seats, expected)
        return expected

    engine = walk(seats, teams, seed, check)
    assert listed(engine) == []
    assert all(seen.values()), str(seen)


def test_a_log_without_the_deal_lists_every_card_not_accounted_for():
    game = judging.replay(log("A B", ["A: $3  B: draw"]), "t.korsar")
    assert game.verdict == "legal"
    entries = KORSAR.legal_entries(game.engine)
    assert entries.texts[0] == "draw" and "$3" in entries.texts and "discard $3" not in entries.texts
    assert entries.notes == ["a draw may show the card drawn, one with a copy not yet accounted for"]


HANDS = {"A": "$3 Y1 R1 G1 YC AD", "B": "$4 Y2 R2 B2 RC GC", "C": "$5 Y3 G3 B3 BC R3"}


def position(rounds: list[str], deck_top: str = "", players: str = "A B C", hands=None) -> KorsarEngine:
    text = log(players, rounds, **deal(hands or HANDS, deck_top))
    game = judging.legal(text, "t.korsar")
    return game.engine


def plays(actions: list[KorsarAction]) -> list[str]:
    return [KORSAR.format_turn(action) for action in actions]


def test_pirates_captains_and_the_admiral_each_have_their_galleons():
    # B took A3 in round 2; B4 carries C's green 3 and is all that is left.
    engine = position(["A: $3  B: Y2@A3  C: draw", "A: draw  B: $4  C: G3@B4"], deck_top="B1 B4")
    view = engine.view()
    assert view["next"] == "A" and [g["galleon"] for g in view["table"]] == ["B4"]
    assert view["hands"]["A"]["known"] == ["Y1", "YC", "R1", "G1", "B4", "AD"]
    # no yellow captain without a yellow pirate of A's, no green (C's colour),
    # no admiral on B's galleon
    assert plays(listed(engine)) == ["draw", "Y1@B4", "R1@B4", "B4@B4"]


def test_the_plain_body_reading_agrees_with_the_grammar():
    """A body the plain regular expression takes is one the grammar reads, into the same
    pieces (kind, place, groups); the grammar alone explains the others."""
    import itertools

    import pyparsing as pp

    from referee.games.korsar.notation import _PLAIN_BODY, _grammar, _plain_pieces

    words = ["xA3", "xBo12/2", "draw", "Y2", "discard", "AD", "$5", "R2@A3", "GC@B1/3", "~YC", "~AD", "x", "@"]
    taken = 0
    for size in range(1, 5):
        for combo in itertools.product(words, repeat=size):
            text = " ".join(combo)
            if _PLAIN_BODY.fullmatch(text) is None:
                continue
            taken += 1
            try:
                pieces = list(_grammar().parse_string(text, parse_all=False))
            except pp.ParseBaseException:
                raise AssertionError(f"the plain reading takes {text!r}, the grammar does not") from None
            assert _plain_pieces(text) == pieces, text
    assert taken > 200
