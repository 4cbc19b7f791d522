"""Every game's legal entries against its own rules engine.

On positions drawn from seeded random games (and from the same games with the deal
hidden), every entry `legal_entries` lists is accepted by the engine, and every entry
the engine accepts among the candidate spellings around the position — other cards,
other galleons and sources, other crews and fills — is listed, once its optional parts
(a card shown, a claim, the order of a crew's cards) are written as the generator writes
them. The candidates are built here from the rules' own vocabulary, not from the
generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from referee.diagnostics import Violation
from referee.games import GAMES
from referee.games.base import Engine, GameRules, TurnSyntaxError
from referee.games.corsari.cards import CARD_RANK, UNSHUFFLED
from referee.games.korsar.cards import CARDS as KORSAR_CARDS
from referee.record import GameRecord, Tag
from referee.simulate import random_game


def positions(rules: GameRules, players: list[str], seeds: list[str], each: int,
              hide: Callable[[GameRecord], GameRecord | None] | None = None) -> Iterator[Engine]:
    """`each` positions of the game of each seed, at moves drawn at random (from the game
    with its deal hidden by `hide`, up to its first move the hidden log cannot hold)."""
    for seed in seeds:
        record, _ = random_game(rules, players, False, seed)
        if hide is not None:
            record = hide(record)
            if record is None:
                continue
        engine = rules.new_engine(record)
        assert isinstance(engine, Engine)
        turns = [(round_.number, turn) for round_ in record.rounds for turn in round_.turns]
        picked = set(random.Random(seed).sample(range(len(turns)), min(each, len(turns))))
        for index, (number, turn) in enumerate(turns):
            if engine.round_due() is not None and engine.round_due() == number:
                assert engine.start_round(number) is None
            if index in picked:
                yield rules.trial_copy(engine)
            if engine.play(turn.player, turn.action) is not None:
                break  # a hidden log cannot go on past here


def accepted(rules: GameRules, engine: Engine, player: str, text: str) -> Any | None:
    """The action if the engine accepts `player: text` here (after the round's number when
    one is due), else None."""
    try:
        action = rules.parse_action(player, text)
    except TurnSyntaxError:
        return None
    trial = rules.trial_copy(engine)
    due = trial.round_due()
    if due is not None and trial.start_round(due) is not None:
        return None
    return action if trial.play(player, action) is None else None


Judge = Callable[[GameRules, Engine, str, str], Any]


def check_position(rules: GameRules, engine: Engine, candidates: list[tuple[str, str]],
                   plain: Callable[[Engine, str, Any], str], judge: Judge = accepted,
                   every: int | None = None) -> int:
    """Listed entries are accepted (by `judge`, all of them or `every` drawn at random, and
    a sample of them by play itself), and accepted candidates are listed; the number of
    candidates accepted."""
    entries = rules.legal_entries(engine)
    listed = set(zip((entry.player for entry in entries), entries.texts))
    assert len(listed) == len(entries), "an entry is listed twice"
    judged = sorted(listed)
    if every is not None and len(judged) > every:
        judged = random.Random(len(judged)).sample(judged, every)
    for player, text in judged:
        assert judge(rules, engine, player, text) is not None, (player, text)
    for player, text in random.Random(len(listed)).sample(sorted(listed), min(25, len(listed))):
        assert accepted(rules, engine, player, text) is not None, (player, text)
    found = 0
    for player, text in candidates:
        action = judge(rules, engine, player, text)
        if action is not None:
            found += 1
            assert (player, plain(engine, player, action)) in listed, (player, text)
    return found


# -- Korsar -------------------------------------------------------------------------------

KORSAR = GAMES["korsar"]


def korsar_candidates(engine: Any) -> list[tuple[str, str]]:
    players = engine.players
    mover = players[engine.next_seat] if not engine.new_round_next else players[0]
    other = players[(players.index(mover) + 1) % len(players)]
    refs = {f"{players[g.placer]}{g.value}" for g in engine.table}
    refs |= {f"{players[g.placer]}{g.value}/{g.round}" for g in engine.table}
    found = [(mover, "draw"), (other, "draw")]
    for card in KORSAR_CARDS:
        found += [(mover, card), (mover, f"discard {card}"), (other, card)]
        found += [(mover, f"{card}@{ref}") for ref in sorted(refs)]
    return found


def korsar_plain(engine: Any, player: str, action: Any) -> str:
    """The entry without what only adds to it: a card shown on a draw."""
    canonical = engine.canonical_action(player, action)
    if canonical.kind == "draw":
        return "draw"
    return KORSAR.format_turn(canonical)


def korsar_hidden(record: GameRecord) -> GameRecord:
    """The same log without its deal: the hands are unknown to the referee."""
    tags = [tag for tag in record.tags if tag.name not in ("Seed", "Hands", "Deck", "Result")]
    return GameRecord(record.game, tags=tags + [Tag("Result", "*")], rounds=record.rounds)


@pytest.mark.parametrize("players,hide", [(["A", "B", "C"], None), (["A", "B", "C", "D"], None),
                                          (["A", "B"], korsar_hidden), (["A", "B", "C"], korsar_hidden)])
def test_korsar_lists_exactly_the_entries_the_engine_accepts(players, hide):
    found = 0
    for engine in positions(KORSAR, players, ["le-1", "le-2"], 6, hide):
        found += check_position(KORSAR, engine, korsar_candidates(engine), korsar_plain)
    assert found > 10


def test_korsar_team_play_lists_exactly_the_entries_the_engine_accepts():
    found = 0
    for seed in ("team-1", "team-2"):
        record, _ = random_game(KORSAR, ["A", "B", "C", "D"], True, seed)
        engine = KORSAR.new_engine(record)
        for round_ in record.rounds:
            assert engine.start_round(round_.number) is None
            for index, turn in enumerate(round_.turns):
                if index == 1 and round_.number % 3 == 0:
                    found += check_position(KORSAR, engine.copy(), korsar_candidates(engine), korsar_plain)
                assert engine.play(turn.player, turn.action) is None
    assert found > 10


# -- Corsari ------------------------------------------------------------------------------

CORSARI = GAMES["corsari"]


def corsari_plain(engine: Any, player: str, action: Any) -> str:
    """The entry as the generator writes it: a take without the card it shows, no dismissed
    and no stowaways stated, the cards of a crew and of a fill in card order."""
    if not hasattr(action, "steps"):
        return CORSARI.format_turn(action)
    words = []
    for step in action.steps:
        cards = sorted(step.cards, key=CARD_RANK.__getitem__)
        if step.kind == "take":
            words.append(step.source)
        elif step.kind == "discard":
            words.append(f"-{step.cards[0]}")
        elif step.kind in ("raise", "fill"):
            words.append(" ".join([step.kind, *cards]))
    return " ".join(words)


def corsari_candidates(engine: Any, rng: random.Random) -> list[tuple[str, str]]:
    state = engine.current
    if state is None or engine.phase not in ("turns", "splits"):
        return []
    if engine.phase == "splits":
        seat = state.pending[0]
        player = engine.players[seat]
        hand = sorted(state.hands[seat], key=CARD_RANK.__getitem__)
        found = []
        for _ in range(60):
            fill = rng.sample(hand, rng.choice((0, 0, 1, 2)))
            rest = [card for card in hand if card not in fill]
            crew = rng.sample(rest, min(len(rest), rng.randint(0, 6)))
            found.append((player, (f"fill {' '.join(fill)} " if fill else "") + " ".join(["raise", *crew])))
        return found
    seat = state.next_seat
    player = engine.players[seat]
    other = engine.players[(seat + 1) % engine.count]
    hand = list(state.hands[seat])
    unseen = [card for card in UNSHUFFLED if card not in state.accounted]
    found = [(other, "pile -" + (hand[0] if hand else "R1"))]
    for source in ("deck", "pile", "quay"):
        stock = {"deck": state.deck, "pile": state.pile, "quay": state.quay}[source]
        taken = [stock[-1]] if stock else []
        held = hand + taken
        found.append((player, source))
        for card in held + rng.sample(unseen, min(3, len(unseen))) + ["R1", "W11"]:
            found.append((player, f"{source} -{card}"))
        for _ in range(25):
            card = rng.choice(held) if held else "R1"
            rest = [c for c in held if c != card]
            crew = rng.sample(rest, min(len(rest), rng.randint(0, 5)))
            found.append((player, f"{source} -{card} " + " ".join(["raise", *crew])))
    return found


def corsari_judged(rules: GameRules, engine: Any, player: str, text: str) -> Any | None:
    """Whether the engine's full judge accepts the entry (it changes nothing, so no copy is
    needed; `check_position` also plays a sample)."""
    if engine.phase not in ("turns", "splits") or player not in engine.seat:
        return accepted(rules, engine, player, text)
    try:
        action = rules.parse_action(player, text)
    except TurnSyntaxError:
        return None
    judge = engine._judge_turn if engine.phase == "turns" else engine._judge_split_turn
    return None if isinstance(judge(engine.seat[player], action), Violation) else action


def corsari_hidden(record: GameRecord) -> GameRecord | None:
    """The same log without its deal: each round opens with its quay and pile alone, and
    the hands are unknown to the referee."""
    engine = CORSARI.new_engine(record)
    hidden = GameRecord(record.game, tags=[tag for tag in record.tags if tag.name not in ("Seed", "Result")]
                        + [Tag("Result", "*")])
    from referee.games.corsari.notation import CorsariDeal
    from referee.record import Round, Turn

    for round_ in record.rounds[:2]:
        assert engine.start_round(round_.number) is None
        deal = engine._seeded_deal(round_.number)
        shown = CorsariDeal(None, deal.quay, deal.pile, None)
        turns = [Turn("deal", shown, CORSARI.format_turn(shown))] + list(round_.turns)
        hidden.rounds.append(Round(round_.number, turns=turns))
        for turn in round_.turns:
            assert engine.play(turn.player, turn.action) is None
    return hidden


@pytest.mark.parametrize("players,seeds,hide", [(["A", "B", "C"], ["le-1", "le-2"], None),
                                                (["A", "B"], ["le-3"], None),
                                                (["A", "B", "C", "D"], ["le-4"], None),
                                                (["A", "B", "C"], ["le-5", "le-6"], corsari_hidden)])
def test_corsari_lists_exactly_the_entries_the_engine_accepts(players, seeds, hide):
    rng = random.Random(" ".join(seeds))
    found = 0
    for engine in positions(CORSARI, players, seeds, 5, hide):
        found += check_position(CORSARI, engine, corsari_candidates(engine, rng), corsari_plain, corsari_judged)
    assert found > 10


def test_corsari_splits_list_every_fill_and_crew():
    """After the fastest captain, the positions where the others raise, fills included."""
    found = splits = 0
    rng = random.Random(5)
    for seed in ("sp-1", "sp-2", "sp-3"):
        record, _ = random_game(CORSARI, ["A", "B", "C"], False, seed)
        engine = CORSARI.new_engine(record)
        for round_ in record.rounds:
            assert engine.start_round(round_.number) is None
            for turn in round_.turns:
                if engine.phase == "splits" and round_.number <= 2:
                    splits += 1
                    found += check_position(CORSARI, engine.copy(), corsari_candidates(engine, rng), corsari_plain,
                                            corsari_judged)
                assert engine.play(turn.player, turn.action) is None
    assert splits >= 3 and found > splits


def test_corsari_hidden_hands_leave_the_raise_open_and_say_so():
    record, _ = random_game(CORSARI, ["A", "B", "C"], False, "le-5")
    hidden = corsari_hidden(record)
    engine = CORSARI.new_engine(hidden)
    assert engine.start_round(1) is None
    entries = CORSARI.legal_entries(engine)
    assert entries.texts == [] and "deal" in entries.notes[0]
    assert engine.play("deal", hidden.rounds[0].turns[0].action) is None
    entries = CORSARI.legal_entries(engine)
    kinds = {kind for _, kind, _ in entries.runs()}
    assert kinds == {"take"}  # a raise from a hand of unknown cards states them: left open
    assert any("not yet seen" in note for note in entries.notes)



def test_corsari_tells_a_table_no_face_down_card_and_a_referee_every_entry():
    """`legal_entries(engine, table=True)`: a seeded deck lies face down at the table, so the
    takes from it that would name the card drawn (its discard, a raise after it) are left out,
    and a note says so; the referee reading the log lists them all."""
    engine = CORSARI.new_engine(GameRecord("corsari", tags=[Tag("Game", "Corsari")] + [
        Tag(name, value) for name, value in CORSARI.deal_tags(["A", "B", "C"], False, "told-1")]))
    assert isinstance(engine, Engine)
    full, told = CORSARI.legal_entries(engine), CORSARI.legal_entries(engine, table=True)
    assert full.round == told.round == 1
    assert set(told.texts) < set(full.texts)
    assert any(text.startswith("deck ") and " raise" in text for text in full.texts)
    assert not any(text.startswith("deck ") and " raise" in text for text in told.texts)
    assert any("face-down card" in note for note in told.notes)
    assert not any("face-down card" in note for note in full.notes)

# -- every game: round starts, and the time a listing takes ----------------------------------


def test_a_round_due_is_opened_on_a_copy():
    record, _ = random_game(KORSAR, ["A", "B"], False, "due")
    engine = KORSAR.new_engine(record)
    entries = KORSAR.legal_entries(engine)
    assert entries.round == 1 and engine.round_due() == 1
    assert entries.texts and entries[0].player == "A"
    assert [entry.text for entry in entries] == entries.texts


# -- Pirates & Perroquets -------------------------------------------------------------------

PERROQUETS = GAMES["perroquets"]


def perroquets_plain(engine: Any, player: str, action: Any) -> str:
    """The entry as the generator writes it: a placement without a stated colour."""
    from dataclasses import replace

    from referee.games.perroquets.notation import PlaceParrots

    canonical = engine.canonical_action(player, action)
    if isinstance(canonical, PlaceParrots):
        canonical = replace(canonical, colour=None)
    return PERROQUETS.format_turn(canonical)


def perroquets_candidates(engine: Any, rng: random.Random) -> list[tuple[str, str]]:
    from referee.games.perroquets.geometry import square_name
    from referee.games.perroquets.notation import PARROTS, WIND

    players = engine.players
    mover = engine.expected_mover() or players[0]
    other = next(p for p in players if p != mover)
    found: list[tuple[str, str]] = [(WIND, str(roll)) for roll in range(0, 7)]
    board = engine.board
    squares = [square_name((x, y)) for x in range(board.width + 1) for y in range(board.height + 1)]
    if engine.phase == "ships":  # off the board, taken, islands and sea alike
        found += [(mover, f"ship {square}") for square in rng.sample(squares, min(30, len(squares)))]
        found.append((other, f"ship {squares[0]}"))
    for _ in range(20):
        values = " ".join(str(rng.randint(1, 6)) for _ in range(rng.randint(1, 3)))
        found.append((PARROTS, f"{rng.randint(1, 5)}/{rng.randint(1, 5)} {values}"))
    cards = list(engine.data.cards.values())
    piles = sorted({card.pile for card in cards})
    found += [(mover, f"draw {a} {b}") for a in piles for b in piles] + [(mover, f"draw {a}") for a in piles]
    found += [(mover, f"draw {c.pile}={c.id}") for c in rng.sample(cards, min(8, len(cards)))]
    for _ in range(20):
        a, b = rng.sample(cards, 2)
        found += [(mover, f"draw {a.pile}={a.id} {b.pile}={b.id}"), (other, f"draw {a.pile}={a.id} {b.pile}={b.id}")]
    drawn = [slot.card for slot in engine.round.slots if slot.card] if engine.round is not None else []
    for player in players:
        found.append((player, "none"))
        for card in drawn + [c.id for c in rng.sample(cards, 2)]:
            found += [(player, f"take {card} green"), (player, f"take {card} black")]
    return found


@pytest.mark.parametrize("players,seeds", [(["A", "B"], ["pp-1"]), (["A", "B", "C"], ["pp-2"])])
def test_perroquets_lists_exactly_the_entries_the_engine_accepts(players, seeds):
    rng = random.Random(" ".join(seeds))
    found = 0
    kinds: set[str] = set()
    for engine in positions(PERROQUETS, players, seeds, 5):
        found += check_position(PERROQUETS, engine, perroquets_candidates(engine, rng), perroquets_plain, every=40)
        kinds |= {kind for _, kind, _ in PERROQUETS.legal_entries(engine).runs()}
    assert found > 10 and {"draw", "decide"} <= kinds


def perroquets_leave_candidates(engine: Any, rng: random.Random) -> list[tuple[str, str]]:
    """At a round's last decision: a drawn card in a colour with parrots left on the squares its
    manoeuvre enters, one or two of each value there, or two of different squares."""
    from referee.games.perroquets.geometry import square_name

    (player,) = [p for p in engine.players if p not in engine.round.decisions]
    taken = {c for c in engine.round.cards.values() if c}
    options = [(s.card, colour) for s in engine.round.slots if s.card and s.card not in taken
               for colour in ("green", "black")]
    found: list[tuple[str, str]] = []
    for card, colour in rng.sample(options, min(3, len(options))):
        entered, _, _ = engine.lanes.course(engine.ships[player], engine.data.cards[card].path(colour),
                                            engine.round.wind)
        lefts = [f"leave {square_name(square)}={value}" for square, sea in entered if sea for value in (1, 2, 3)]
        written = [[left] for left in lefts] + [[left, left] for left in lefts]
        written += [rng.sample(lefts, 2) for _ in range(8) if len(lefts) >= 2]
        found += [(player, " ".join([f"take {card} {colour}", *leaves])) for leaves in written]
    return found


def perroquets_used(rules: GameRules, engine: Engine, player: str, text: str) -> Any | None:
    """The action if the engine accepts it and the ship it leaves parrots from sails: a leave
    whose ship never sails, the game over first, is no fault, and no choice (P-PICKUP)."""
    action = accepted(rules, engine, player, text)
    if action is None or not action.leaves:
        return action
    trial = rules.trial_copy(engine)
    assert trial.play(player, action) is None
    voyage = trial.round.report.voyage(player)
    return action if voyage is not None and voyage.path else None


def test_perroquets_lists_every_pickup_choice_the_engine_accepts():
    """optional-pickup: at a round's last decision every choice listed is accepted, and every
    choice the engine accepts among parrots left on the squares the ship enters is listed."""
    found = 0
    for seed in ("pp-pick-1", "pp-pick-2"):
        record, _ = random_game(PERROQUETS, ["A", "B", "C"], False, seed,
                                extra_tags=(("Variants", "optional-pickup"),))
        engine = PERROQUETS.new_engine(record)
        rng = random.Random(seed)
        for round_ in record.rounds:
            assert engine.start_round(round_.number) is None
            for turn in round_.turns:
                if engine.phase == "decide" and len(engine.round.decisions) == len(engine.players) - 1:
                    found += check_position(PERROQUETS, engine, perroquets_leave_candidates(engine, rng),
                                            perroquets_plain, perroquets_used)
                assert engine.play(turn.player, turn.action) is None
    assert found > 10


def test_perroquets_simulated_draws_and_placements_are_uniform_among_the_listed():
    """The simulated player's quick choice is an entry the generator lists."""
    from collections import Counter

    from referee.shuffle import SeededChoices

    for engine in positions(PERROQUETS, ["A", "B", "C"], ["pp-4"], 12):
        chosen = PERROQUETS.simulated_move(engine, SeededChoices("x"), Counter())
        if chosen is None:
            continue
        entries = PERROQUETS.legal_entries(engine)
        assert PERROQUETS.format_turn(chosen[1]) in entries.texts


# -- Pirates of the Spanish Main ------------------------------------------------------------

SPANISH_MAIN = GAMES["spanish-main"]


def spanish_main_candidates(engine: Any) -> list[tuple[str, str]]:
    """Shots of every mast at every piece with every die and every mast lost, repairs of every
    mast, the dice of freeing and scuttling, and the end, for both players."""
    from referee.games.spanish_main.notation import event

    if engine.stage != "play" or engine.turn_player is None:
        return []
    found = [(player, event("end")) for player in engine.players]
    pieces = list(engine.ships) + list(engine.forts)
    for player in [engine.turn_player]:
        for ship in engine.ships.values():
            if ship.sunk:
                continue
            for mast in range(1, 4):
                found.append((player, event("repair", ship=ship.id, mast=mast)))
                for target in pieces:
                    for die in DIE:
                        for lose, reach in ((None, "S"), (1, "L"), (2, "S")):
                            found.append((player, event("shoot", ship=ship.id, fires=[
                                {"weapon": "mast", "mast": mast, "target": target, "range": reach, "die": die,
                                 "lose": lose}])))
            for die in DIE:
                found += [(player, event("free", ship=ship.id, die=die)), (player, event("scuttle", ship=ship.id, die=die))]
    return [(player, SPANISH_MAIN.format_turn(action)) for player, action in found]


DIE = range(1, 7)


def spanish_main_judged(rules: GameRules, engine: Any, player: str, text: str) -> Any | None:
    """The engine's own yes-or-no, which leaves the state as it was."""
    try:
        action = rules.parse_action(player, text)
    except TurnSyntaxError:
        return None
    if engine.round_due() is not None:
        return accepted(rules, engine, player, text)
    return action if engine.is_legal(player, action) else None


def test_spanish_main_lists_the_shots_repairs_and_dice_the_engine_accepts():
    found = 0
    for engine in positions(SPANISH_MAIN, ["A", "B"], ["sm-1", "sm-2"], 6):
        found += check_position(SPANISH_MAIN, engine, spanish_main_candidates(engine),
                                lambda engine, player, action: SPANISH_MAIN.format_turn(action), spanish_main_judged)
    assert found > 5
