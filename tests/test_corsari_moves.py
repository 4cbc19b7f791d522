"""Corsari's listing of legal entries, checked against the documented offer of moves.

With the full deal, the player to move is offered, in this order: for each source
that holds cards (deck, pile, quay), the take of its top card; the last quay card
is taken alone (the round is void); otherwise, for every card of the hand after the
take, in card order, its discard with no raise (unless the last deck card was
taken), then its discard followed by a raise with each offered crew. The crews
offered from a hand are: none, then for each colour, and each pair of colours (the
colour letters in alphabetical order), the lowest card of each value in those
colours. After the fastest captain has raised, the next player raises with each
offered crew, first with no fill, then after filling, once per missing value, the
lowest card of the crew's colours. The listing (`GameRules.legal_entries`) holds every
one of them, among every other crew and fill (which tests/test_legal_entries.py holds
to the rules).

The positions come from seeded walks through whole games; every step is chosen
from the offer written out here, never from the generator under test.
"""

from __future__ import annotations

import random

import pytest

from referee.games import GAMES
from referee.games.corsari.engine import CorsariEngine
from referee.games.corsari.notation import CorsariTurn, Step
from referee.record import GameRecord, Tag

from . import judging
from .test_corsari_rulings import BASE, FILL, FILL_RAISE, log

CORSARI = GAMES["corsari"]
COLOURS = "ROYGCBVPKW"


def key(card: str) -> tuple[int, int]:
    return COLOURS.index(card[0]), int(card[1:])


def crews(cards: list[str]) -> list[tuple[str, ...]]:
    letters = sorted({card[0] for card in cards})
    groups = [(a,) for a in letters] + [(a, b) for i, a in enumerate(letters) for b in letters[i + 1:]]
    offered: list[tuple[str, ...]] = [()]
    ordered = sorted(cards, key=key)
    for group in groups:
        lowest: dict[int, str] = {}
        for card in ordered:
            if card[0] in group and int(card[1:]) not in lowest:
                lowest[int(card[1:])] = card
        crew = tuple(sorted(lowest.values(), key=key))
        if crew not in offered:
            offered.append(crew)
    return offered


def offer(engine: CorsariEngine) -> list[tuple[str, CorsariTurn]]:
    view = engine.view()
    now = view["current"]
    player = view["next"]
    hand = now["hands"][player]["known"]
    assert now["hands"][player]["unknown"] == 0
    moves = []
    if view["phase"] == "splits":
        crew = now["splits"][now["fastest"]]["crew"]
        colours = {card[0] for card in crew}
        values = {int(card[1:]) for card in crew}
        fills: list[tuple[str, ...]] = [()]
        lowest: dict[int, str] = {}
        for card in sorted(hand, key=key):
            if card[0] in colours and int(card[1:]) not in values and int(card[1:]) not in lowest:
                lowest[int(card[1:])] = card
        if lowest:
            fills.append(tuple(lowest.values()))
        for fill in fills:
            rest = [card for card in hand if card not in fill]
            for crew_ in crews(rest):
                steps = ((Step("fill", fill),) if fill else ()) + (Step("raise", crew_),)
                moves.append((player, CorsariTurn(steps)))
        return moves
    tops = {"deck": engine.current.deck[-1] if now["deck"] else None,
            "pile": now["pile_top"], "quay": now["exposed"]}
    for source in ("deck", "pile", "quay"):
        top = tops[source]
        if top is None:
            continue
        take = Step("take", (), source)
        if source == "quay" and len(now["quay"]) == 1:
            moves.append((player, CorsariTurn((take,))))
            continue
        held = sorted(hand + [top], key=key)
        for discard in held:
            base = (take, Step("discard", (discard,)))
            if not (source == "deck" and now["deck"] == 1):
                moves.append((player, CorsariTurn(base)))
            rest = [card for card in held if card != discard]
            for crew in crews(rest):
                moves.append((player, CorsariTurn(base + (Step("raise", crew),))))
    return moves


def listed(engine: CorsariEngine) -> list[tuple[str, CorsariTurn]]:
    """The entries the game lists (`GameRules.legal_entries`), each as (player, action)."""
    return [(entry.player, entry.action) for entry in CORSARI.legal_entries(engine)]


def holds_offer(engine: CorsariEngine) -> list[tuple[str, CorsariTurn]]:
    """The documented offer, once the listing is seen to hold every move of it."""
    expected = offer(engine)
    entries = CORSARI.legal_entries(engine)
    texts = set(zip((entry.player for entry in entries), entries.texts))
    missing = [(player, turn) for player, turn in expected if (player, CORSARI.format_turn(turn)) not in texts]
    assert not missing, missing[:3]
    return expected


def new_engine(players: str, seed: str) -> CorsariEngine:
    tags = [Tag("Game", "Corsari")] + [Tag(name, value)
                                       for name, value in CORSARI.deal_tags(players.split(), False, seed)]
    engine = CORSARI.new_engine(GameRecord("corsari", tags=tags))
    assert isinstance(engine, CorsariEngine)
    return engine


def kind_of(turn: CorsariTurn) -> str:
    kinds = [step.kind for step in turn.steps]
    if kinds[0] == "take":
        return f"{turn.steps[0].source}{' raise' if 'raise' in kinds else ''}"
    return "fill" if kinds[0] == "fill" else "raise"


def walk(players: str, seed: str, choose, check, rounds: int = 99) -> CorsariEngine:
    engine = new_engine(players, seed)
    rng = random.Random(seed)
    while not engine.is_over:
        due = engine.round_due()
        if due is not None:
            if due > rounds:
                break
            assert engine.start_round(due) is None
        moves = check(engine)
        player, turn = choose(rng, engine, moves)
        assert engine.play(player, turn) is None
    return engine


def mostly_waiting(rng, engine, moves):
    """Takes and discards; a raise now and then; sometimes the quay or the pile."""
    by_kind: dict[str, list] = {}
    for move in moves:
        by_kind.setdefault(kind_of(move[1]), []).append(move)
    if engine.phase == "splits":
        return rng.choice(moves)
    roll = rng.random()
    for wanted, chance in (("deck raise", 0.08), ("quay", 0.28), ("pile", 0.38), ("deck", 1.0)):
        if roll < chance and by_kind.get(wanted):
            return rng.choice(by_kind[wanted])
    return rng.choice(moves)


@pytest.mark.parametrize("players,seed", [("A B", "offer-2"), ("A B C", "offer-3"), ("A B C D", "offer-4")])
def test_the_listing_holds_the_documented_moves(players, seed):
    seen: dict[str, int] = {}

    def check(engine):
        expected = holds_offer(engine)
        for _, turn in expected:
            seen[kind_of(turn)] = seen.get(kind_of(turn), 0) + 1
        return expected

    walk(players, seed, mostly_waiting, check, rounds=2)
    assert {"deck", "pile", "quay", "deck raise", "pile raise", "quay raise", "raise"} <= set(seen), str(seen)


def legal_sample(engine: CorsariEngine, moves, count: int, rng: random.Random) -> None:
    for player, turn in rng.sample(moves, min(count, len(moves))):
        assert engine.copy().play(player, turn) is None, turn


def test_every_offered_move_is_legal():
    rng = random.Random(7)

    def check(engine):
        entries = CORSARI.legal_entries(engine)
        assert entries
        picked = rng.sample(range(len(entries)), min(12, len(entries)))
        legal_sample(engine, [(entries[i].player, entries[i].action) for i in picked], 12, rng)
        return offer(engine)

    walk("A B C", "offer-legal", mostly_waiting, check, rounds=2)


def test_the_last_deck_card_is_taken_only_with_a_raise_and_the_last_quay_card_alone():
    engine = new_engine("A B", "offer-drain")
    assert engine.start_round(1) is None
    deck_left = engine.view()["current"]["deck"]
    for _ in range(deck_left - 1):  # deck takes, each card discarded at once
        player = engine.view()["next"]
        top = engine.current.deck[-1]
        assert engine.play(player, CorsariTurn((Step("take", (), "deck"), Step("discard", (top,))))) is None
    now = engine.view()["current"]
    assert now["deck"] == 1
    holds_offer(engine)
    moves = listed(engine)
    from_deck = [turn for _, turn in moves if turn.steps[0].source == "deck"]
    assert from_deck and all(turn.steps[-1].kind == "raise" for turn in from_deck)
    assert any(turn.steps[-1].kind == "discard" for _, turn in moves if turn.steps[0].source == "pile")
    # then the quay, card by card, down to its last card
    for _ in range(len(now["quay"]) - 1):
        player = engine.view()["next"]
        exposed = engine.view()["current"]["exposed"]
        assert engine.play(player, CorsariTurn((Step("take", (), "quay"), Step("discard", (exposed,))))) is None
    now = engine.view()["current"]
    assert len(now["quay"]) == 1
    holds_offer(engine)
    moves = listed(engine)
    player = engine.view()["next"]
    quay_moves = [turn for p, turn in moves if turn.steps[0].source == "quay"]
    assert quay_moves == [CorsariTurn((Step("take", (), "quay"),))]
    assert {p for p, _ in moves} == {player}
    assert engine.play(player, quay_moves[0]) is None
    assert engine.view()["history"] == [{"round": 1, "void": True}]


def test_without_the_deal_raises_are_left_open_and_a_deal_due_is_not_listed():
    hidden = judging.legal(log([["deal: quay K1 K2 K3 K4 K5 K6 K7 K8 / pile K9"]]), "t.corsari")
    entries = CORSARI.legal_entries(hidden.engine)
    assert hidden.engine.phase == "turns" and entries and {kind for _, kind, _ in entries.runs()} == {"take"}
    engine = new_engine("A B C", "offer-none")
    assert CORSARI.legal_entries(engine).round == 1  # no round yet: the first round's entries
    written = judging.legal(log([[BASE]]), "t.corsari").engine  # the whole deal written out
    assert holds_offer(written) != []
    waiting = CORSARI.new_engine(GameRecord("corsari", tags=[
        Tag("Game", "Corsari"), Tag("Players", "A B C"), Tag("First", "A")]))
    assert waiting.start_round(1) is None
    assert waiting.phase == "deal" and len(CORSARI.legal_entries(waiting)) == 0


def test_completions_offer_the_lowest_missing_values_of_the_crews_colours():
    game = judging.legal(log([[FILL, FILL_RAISE]]), "t.corsari")
    engine = game.engine
    assert engine.view()["next"] == "B"
    holds_offer(engine)
    moves = listed(engine)
    fills = {turn.steps[0].cards for _, turn in moves if turn.steps[0].kind == "fill"}
    # A's crew R1 R2 R3 G4 G5: B may add one red or green card of each value 6 to 11,
    # the lowest of each value offered, and any fewer of them listed
    assert ("R6", "R7", "G8") in fills
    assert all(card[0] in "RG" and int(card[1:]) >= 6 for fill in fills for card in fill)


def test_the_quick_body_check_agrees_with_the_grammar():
    """Bodies the regular expression accepts are exactly those the grammar reads."""
    import itertools

    import pyparsing as pp

    from referee.games.corsari.notation import _FITS_BODY, _body_grammar

    words = ["deck", "pile=R7", "quay", "-K3", "fill", "raise", "dismiss", "stow", "R7", "B11", "fill R2", "x"]
    for size in range(1, 4):
        for combo in itertools.product(words, repeat=size):
            text = " ".join(combo)
            try:
                _body_grammar().parse_string(text, parse_all=False)
                reads = True
            except pp.ParseBaseException:
                reads = False
            assert (_FITS_BODY.fullmatch(text) is not None) == reads, text
