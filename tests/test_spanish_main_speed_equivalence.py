"""What makes Spanish Main logs quick to check changes nothing that is judged:

- the engine's level-1 undo (a journal played again from a checkpoint) leaves exactly the state a
  fresh replay of the entries kept leaves: the same verdicts, pieces, counters and notices, after
  legal entries, refused ones and entries set aside;
- a trial (`is_legal`) gives the verdict playing the entry gives and leaves the engine exactly as it
  was; after a listing of the legal entries, which tries every entry, the state is a fresh replay's;
- the engine that judges S-WIN only after gold moved, looks for scuttled ships only once one was
  scuttled, and for ships touching a ship that moves only once a ship touched one, judges as the
  engine that does all three at every entry, every turn and every move;
- the usual move (a dock, no keyword, no fog exit), judged in one pass, is judged as the full
  handling of a move judges it: the same verdict and the same state, legal or not;
- a set-up read again from the same tags is the set-up read afresh; an entry's fields read by
  name or as records are the fields its tuples hold; the terrain turns are the rule's;
- the quick reading of the notation's grammar gives pyparsing's words whenever it gives any, and
  judging plain legal logs never imports pyparsing;
- a tag value the regular expression takes is one the tag's pyparsing grammar reads;
- the sample cards, read without the schema check, are the cards a checked load gives."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from referee.games import GAMES
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.spanish_main import engine as engine_module
from referee.games.spanish_main import generator
from referee.games.spanish_main import turn as turn_section
from referee.games.spanish_main.engine import SpanishMainEngine
from referee.games.spanish_main.illegal import Illegal
from referee.notation.chunks import split_games
from referee.notation.reader import read_chunk
from referee.record import GameRecord
from referee.simulate import random_game

ROOT = Path(__file__).resolve().parent.parent
RULES = GAMES["spanish-main"]


def _records() -> list[tuple[str, GameRecord]]:
    """Every level-1 sample game that reads, and a few random legal games."""
    found = []
    for path in sorted((ROOT / "samples" / "spanish-main").glob("*/*.spanish-main")):
        lines = path.read_text(encoding="utf-8").split("\n")
        for chunk in split_games(lines):
            for read in read_chunk(str(path), chunk):
                if read.record is not None and read.rules is RULES and not read.malformed \
                        and read.record.tag("Geometry") is None \
                        and isinstance(RULES.new_engine(read.record), SpanishMainEngine):
                    found.append((path.name, read.record))
    for seed in ("eq-1", "eq-2", "eq-3"):
        record, _ = random_game(RULES, ["A", "B"], False, seed)
        found.append((seed, record))
    return found


RECORDS = _records()


def _state(engine: SpanishMainEngine) -> dict[str, Any]:
    state = engine.copied()
    state.update(notices=list(engine.notices))
    return state


def _ships_touching(engine: SpanishMainEngine) -> bool:
    """Whether a ship's contacts or bow name a ship: never before `_ships_touch` says one may."""
    return any(name in engine.ships for ship in engine.ships.values() for name in ship.contacts | ship.bow)


class _Replayed(SpanishMainEngine):
    """The reference for undoing: entries played with no mark at all, and an entry refused undone
    by judging every call kept so far again on a fresh engine (the notices the refused entry gave
    stay, as a refusal leaves them)."""

    def __init__(self, setup: Any) -> None:
        super().__init__(setup)
        self.calls: list[tuple[str | None, Any]] = []

    def start_round(self, number: int) -> Any:
        self.calls.append((None, number))
        return turn_section.start_round(self, number)

    def play(self, player: str, action: Any) -> Any:
        try:
            self._play(player, action)
        except Illegal as illegal:
            self.rebuild()
            return illegal.violation
        self.calls.append((player, action))
        return None

    def rebuild(self) -> None:
        fresh = SpanishMainEngine(self.setup)
        for player, action in self.calls:
            if player is None:
                turn_section.start_round(fresh, action)
            else:
                fresh._play(player, action)
        vars(self).update(fresh.copied())
        self._gold_moved = True


def _replayed(engine: SpanishMainEngine, calls: list[tuple[str | None, Any]]) -> SpanishMainEngine:
    """A fresh engine given these calls, with no mark."""
    fresh = _Replayed(engine.setup)
    fresh.calls = list(calls)
    fresh.rebuild()
    return fresh


class _Pair:
    """The engine under test and the reference (by default, `_Replayed`), fed alike."""

    def __init__(self, record: GameRecord, reference: SpanishMainEngine | None = None) -> None:
        quick = RULES.new_engine(record)
        assert isinstance(quick, SpanishMainEngine)
        if reference is None:
            reference = _Replayed(quick.setup)
        self.quick, self.reference = quick, reference

    def same(self, what: str) -> None:
        assert _state(self.quick) == _state(self.reference), what
        for engine in (self.quick, self.reference):
            assert engine._ships_touch or not _ships_touching(engine), what

    def start_round(self, number: int) -> Any:
        found = self.quick.start_round(number)
        assert found == self.reference.start_round(number)
        self.same(f"round {number}")
        return found

    def play(self, player: str, action: Any) -> Any:
        found = self.quick.play(player, action)
        assert found == self.reference.play(player, action), (player, action)
        self.same(f"{player}: {action}")
        return found

    def probe(self) -> None:
        """Entries the reference refuses here, played on both: each must be undone alike."""
        engine = self.reference
        probes: list[tuple[str, Any]] = [(player, action) for _, player, action in generator.illegal_moves(engine)]
        if engine.stage == "play" and not engine.over and engine.turn_player is not None:
            probes += generator._turn_candidates(engine)[:12]
        for player, action in probes:
            if not engine.is_legal(player, action):
                assert self.play(player, action) is not None


def _judge_alike(pair: _Pair, name: str, record: GameRecord) -> None:
    """Both engines fed the game, refused entries probed between its entries, compared throughout."""
    for round_ in record.rounds:
        if pair.start_round(round_.number) is not None:
            break
        for index, turn in enumerate(round_.turns):
            if index % 2 == 0:
                pair.probe()
            if pair.play(turn.player, turn.action) is not None:  # go on as an allow comment would
                pair.quick.set_aside(turn.player, turn.action, None)  # type: ignore[arg-type]
                pair.reference.set_aside(turn.player, turn.action, None)  # type: ignore[arg-type]
    assert pair.quick.finish() == pair.reference.finish(), name
    assert pair.quick.outcome() == pair.reference.outcome(), name
    assert pair.quick.view() == pair.reference.view(), name


@pytest.mark.parametrize("every", [1, 3, 64])
def test_refused_and_set_aside_entries_leave_the_same_state(monkeypatch: pytest.MonkeyPatch, every: int) -> None:
    monkeypatch.setattr(engine_module, "CHECKPOINT_EVERY", every)
    for name, record in RECORDS:
        _judge_alike(_Pair(record), name, record)


class _Watchful(SpanishMainEngine):
    """The engine judging S-WIN after every entry, looking for scuttled ships at every turn's start
    and for ships touching a ship that moves at every move, as if gold always moved, a ship had
    always been scuttled and ships always touched."""

    _gold_moved = property(lambda self: True, lambda self, value: None)  # type: ignore[assignment]
    _scuttling = property(lambda self: True, lambda self, value: None)  # type: ignore[assignment]
    _ships_touch = property(lambda self: True, lambda self, value: None)  # type: ignore[assignment]


def _won_scuttled_and_varied() -> list[tuple[str, GameRecord]]:
    """Games where gold moves and wins come, with the variants that move S-WIN and fort gold,
    and a ship scuttled and sunk."""
    found = [(seed, random_game(RULES, ["A", "B"], False, seed, extra_tags=extra)[0])
             for seed, extra in (("won-1", ()), ("won-2", (("Variants", "win-end-of-turn fort-paid-only"),)),
                                 ("won-3", (("Variants", "win-end-of-turn"),)),
                                 ("won-4", (("Variants", "fort-paid-only most-gold"),)))]
    sys.path.insert(0, str(ROOT / "samples" / "spanish-main"))
    import generate  # the samples' own scenes

    scuttled = (generate.GAME + generate.SHOT_SLOOP
                + "3. Anna: scuttle Anna.s2 6  Anna: end\n4. Ben: end\n5. Anna: end\n")
    for chunk in split_games(scuttled.split("\n")):
        found += [("scuttled", read.record) for read in read_chunk("scuttled", chunk) if read.record is not None]
    return found


def test_s_win_and_scuttling_judged_only_when_they_can_change_judge_alike() -> None:
    records = RECORDS + _won_scuttled_and_varied()
    assert any(name == "scuttled" for name, _ in records)
    won = touched = 0
    for name, record in records:
        engine = RULES.new_engine(record)
        assert isinstance(engine, SpanishMainEngine)
        pair = _Pair(record, _Watchful(engine.setup))
        _judge_alike(pair, name, record)
        won += bool(pair.quick.end_reason and "gold" in pair.quick.end_reason)
        touched += pair.quick._ships_touch
    assert won >= 4 and touched >= 3


def _questions(engine: SpanishMainEngine) -> list[tuple[str, Any]]:
    """What a listing and the simulated captains ask the engine here: the captains' candidates,
    refused entries, and every shot a listing asks about (the shooter alone, then each mast's fire
    as a miss and as hits), for both players."""
    from referee.games.spanish_main import moves
    from referee.games.spanish_main.notation import Event

    found: list[tuple[str, Any]] = [(player, action) for _, player, action in generator.illegal_moves(engine)]
    if engine.over:
        return found
    found += moves.candidates(engine)
    if engine.stage == "play":
        for player in engine.players:
            for ship in engine.ships.values():
                found.append((player, Event("shoot", (("ship", ship.id),))))
                for mast in ship.standing[:2]:
                    for target in list(engine.ships)[:4] + list(engine.forts):
                        for die, lose in ((1, None), (6, None), (6, 1), (4, 2)):
                            found.append(moves._shot(player, ship.id, mast, target, "S", die, lose))
    return found


def test_a_trial_judges_as_play_does_and_leaves_the_state_as_it_was() -> None:
    """`is_legal` judges after a mark and undoes: its verdict is the one playing the entry on a full
    copy gives, and afterwards the engine is the very same, attribute for attribute, as before —
    what it holds and the objects that hold it — but the trial it keeps for `play`, which then
    leaves what playing the entry leaves. `plays` leaves what `play` leaves, and the `play` of that
    entry next changes nothing more; refused, it leaves the state as it was."""
    records = RECORDS + _won_scuttled_and_varied()
    asked = refused = 0
    for name, record in records:
        engine = RULES.new_engine(record)
        assert isinstance(engine, SpanishMainEngine)
        turns = [(round_.number, turn) for round_ in record.rounds for turn in round_.turns]
        for index, (number, turn) in enumerate(turns):
            if engine.round_due() == number:
                assert engine.start_round(number) is None
            if index % 6 == 0:
                before, objects, kind = _state(engine), dict(vars(engine)), type(engine)
                for player, action in _questions(engine)[index % 13::13]:
                    played = engine.copy()
                    verdict = played.play(player, action)
                    assert engine.is_legal(player, action) == (verdict is None), (name, player, action, verdict)
                    asked += 1
                    refused += verdict is not None
                    if verdict is None and asked % 4 == 1:  # played next, the trial's state is taken
                        taken = engine.copy()
                        assert taken.is_legal(player, action) and taken.play(player, action) is None
                        assert _state(taken) == _state(played) and taken._journal == played._journal
                    if asked % 4 == 0:  # played at once, as the simulated captains play
                        taken = engine.copy()
                        assert taken.plays(player, action) == (verdict is None)
                        assert _state(taken) == _state(played if verdict is None else engine)
                        assert verdict is not None or taken.play(player, action) is None
                        assert _state(taken) == _state(played if verdict is None else engine)
                        assert verdict is not None or taken._journal == played._journal
                assert type(engine) is kind and _state(engine) == before, name
                assert vars(engine).keys() == objects.keys()
                assert all(value is objects[key] for key, value in vars(engine).items() if key != "_judged_ahead"), name
            if engine.play(turn.player, turn.action) is not None:
                engine.set_aside(turn.player, turn.action, None)  # type: ignore[arg-type]
    assert asked - refused > 300 and refused > 1000


def test_a_set_up_read_again_is_the_set_up_read_afresh() -> None:
    from referee.games.base import NO_OPTIONS, JudgeOptions
    from referee.games.spanish_main import setup

    for name, record in RECORDS:
        fresh = setup._setup_from(record, setup._tag_values(record), NO_OPTIONS)
        assert setup.read_setup(record, NO_OPTIONS) == fresh == setup.read_setup(record, NO_OPTIONS), name
    other = JudgeOptions(settings={"level": "1"})
    _, record = RECORDS[0]
    assert setup.read_setup(record, other) is not setup.read_setup(record, NO_OPTIONS)


def test_an_entry_s_fields_by_name_and_as_records_are_those_its_tuples_hold() -> None:
    import pickle

    from referee.games.spanish_main.notation import RECORD_LISTS, Event

    def first(fields: tuple[tuple[str, Any], ...], name: str) -> Any:
        return next((value for key, value in fields if key == name), None)

    actions = [turn.action for _, record in RECORDS for round_ in record.rounds for turn in round_.turns]
    actions.append(Event("move", (("ship", "A.s1"), ("ship", "A.s2"))))  # a name twice: the first
    for action in actions:
        for name in {key for key, _ in action.fields} | {"absent"}:
            assert action.get(name) == first(action.fields, name)
            assert action.get(name, 7) == (first(action.fields, name) if name != "absent" else 7)
        for name in RECORD_LISTS:
            assert action.records(name) == tuple(dict(record) for record in first(action.fields, name) or ())
        again = pickle.loads(pickle.dumps(action))
        assert again == action and again.get("ship") == action.get("ship") and hash(again) == hash(action)


def test_the_terrain_turns_are_an_alternation_then_one_player_s_run() -> None:
    import itertools

    _, record = RECORDS[0]
    engine = RULES.new_engine(record)
    assert isinstance(engine, SpanishMainEngine)
    first, second = engine.players
    engine.first = first
    for length in range(9):
        for placers in itertools.product((first, second), repeat=length):
            by_the_rule = any(all(p == (first, second)[i % 2] for i, p in enumerate(placers[:split]))
                              and len(set(placers[split:])) <= 1 for split in range(length + 1))
            assert engine._terrain_in_turn(list(placers)) == by_the_rule, placers


def test_a_copy_has_its_own_pieces() -> None:
    _, record = RECORDS[-1]
    engine = RULES.new_engine(record)
    assert isinstance(engine, SpanishMainEngine)
    for round_ in record.rounds[:4]:
        engine.start_round(round_.number)
        for turn in round_.turns:
            engine.play(turn.player, turn.action)
    before = _state(engine)
    clone = engine.copy()
    for player, action in generator.legal_moves(clone)[:1] + [(p, a) for _, p, a in generator.illegal_moves(clone)]:
        clone.play(player, action)
    assert _state(engine) == before


def _bodies() -> list[str]:
    """Entry bodies of every sample log, level 2 included, and of a few random games."""
    found: set[str] = set()
    for path in sorted((ROOT / "samples" / "spanish-main").glob("*/*.spanish-main")):
        lines = path.read_text(encoding="utf-8").split("\n")
        for chunk in split_games(lines):
            for read in read_chunk(str(path), chunk):
                if read.record is not None:
                    found.update(turn.text for round_ in read.record.rounds for turn in round_.turns)
    for seed in ("eq-1", "eq-2", "eq-3"):
        record, _ = random_game(RULES, ["A", "B"], False, seed)
        found.update(RULES.format_turn(turn.action) for round_ in record.rounds for turn in round_.turns)
    return sorted(found)


def _mutants(text: str, chooser: Any) -> list[str]:
    """The body bent the ways a hand-written log bends: words dropped, doubled or swapped, a
    character changed, spaces and tabs added."""
    words = text.split(" ")
    out = [text + " ", " " + text, text.replace(" ", "  ", 1), text.replace(" ", "\t", 1), text + "\n"]
    for _ in range(6):
        i = chooser.randrange(len(words))
        out.append(" ".join(words[:i] + words[i + 1:]))
        out.append(" ".join(words[:i + 1] + words[i:]))
        if i + 1 < len(words):
            out.append(" ".join(words[:i] + [words[i + 1], words[i]] + words[i + 2:]))
        at = chooser.randrange(len(text))
        out.append(text[:at] + chooser.choice(' 0179.,=+@-"LSa:\u00a0') + text[at + 1:])
    return out


def test_the_quick_grammar_reads_exactly_what_pyparsing_reads() -> None:
    import random

    import pyparsing as pp

    from referee.games.spanish_main import notation

    assert all(notation._quick(verb) for verb in notation._GRAMMARS)  # every entry kind has its quick reading
    chooser = random.Random("quick grammar")
    texts = [t for body in _bodies() for t in [body, *_mutants(body, chooser)]]
    quick_reads = 0
    for text in texts:
        for verb, grammar in notation._GRAMMARS.items():
            if verb != text.split(" ", 1)[0] and verb != "deal":
                continue
            try:
                expected = grammar.pyparsing().parse_string(text, parse_all=True).as_list()
            except pp.ParseBaseException:
                expected = None
            found = notation._quick(verb)(text)
            if found is not None:
                quick_reads += 1
                assert found == expected, (verb, text)
    assert quick_reads > 1000


def test_the_sample_cards_read_without_the_schema_are_those_a_checked_load_gives() -> None:
    import json

    from referee.games.spanish_main import cards

    document = json.loads((ROOT / "referee" / "games" / "spanish_main" / "sample-cards.json").read_text("utf-8"))
    checked, sample = cards.load(document), cards.sample_cards()
    assert sample == checked
    assert [c.raw for c in sample.cards.values()] == [c.raw for c in checked.cards.values()]


class _FullMoves(SpanishMainEngine):
    """The engine judging every move by `_moving`, without the one-pass judging of the usual move."""

    def _plain_move(self, player: str, action: Any) -> bool:
        return False


def _move_variants(engine: SpanishMainEngine) -> list[tuple[str, Any]]:
    """Moves of the usual shape by every ship, to every island and more: legal ones, and ones refused
    for the ship (another's, sunk, a wreck, acted, towed, lost, …), its segments or where it docks
    (an enemy home, a fort's island, terrain, no island, face-down tokens to unload)."""
    from referee.games.spanish_main.notation import event

    player = engine.turn_player
    if engine.over or engine.stage != "play" or player is None:
        return []
    places = [*engine.islands, *list(engine.terrain)[:1], "I99"]
    return [(player, event("move", ship=ship.id, segments=segments, facts=[{"fact": "dock", "target": place}]))
            for ship in engine.ships.values() for segments in (list(ship.card.move), ["L", "L"])
            for place in places]


def _pokes(engine: SpanishMainEngine, action: Any) -> list[Any]:
    """The state as it is, and (for one island, the base move) as ship contacts and tows leave it,
    which few games reach: the moving ship's bow on another ship, another ship touching it, or it
    towing another."""
    def as_is(engine: SpanishMainEngine) -> None:
        return None

    name = action.get("ship")
    if action.records("facts")[0]["target"] != next(iter(engine.islands)) or action.get("segments") == ("L", "L"):
        return [as_is]
    out = [as_is]
    for other in engine.ships:
        if other == name:
            continue

        def bow(engine: SpanishMainEngine, other: str = other) -> None:
            engine.ships[name].bow.add(other)
            engine._ships_touch = True

        def touched(engine: SpanishMainEngine, other: str = other) -> None:
            engine.ships[other].contacts.add(name)
            engine._ships_touch = True

        def towing(engine: SpanishMainEngine, other: str = other) -> None:
            engine.ships[name].towing, engine.ships[other].towed_by = other, name
            engine.ships[other].contacts = {name}
            engine._ships_touch = True

        out += [bow, touched, towing]
    return out


class _Counted(SpanishMainEngine):
    """The engine under test, counting the moves it judged in one pass."""

    in_one_pass = 0

    def _plain_move(self, player: str, action: Any) -> bool:
        judged = super()._plain_move(player, action)
        _Counted.in_one_pass += judged
        return judged


def test_the_usual_move_judged_in_one_pass_is_judged_as_any_move() -> None:
    records = RECORDS + [(seed, random_game(RULES, ["A", "B"], False, seed)[0]) for seed in ("move-1", "move-2")]
    _Counted.in_one_pass = 0
    refused = 0
    for name, record in records:
        engine = RULES.new_engine(record)
        assert isinstance(engine, SpanishMainEngine)
        pair = _Pair(record, _FullMoves(engine.setup))
        pair.quick.__class__ = _Counted
        for round_ in record.rounds:
            if pair.start_round(round_.number) is not None:
                break
            if round_.number % 6 == 1:  # every move variant tried on copies of both, before the turn
                for engine in (pair.quick, pair.reference):
                    engine._save_checkpoint()  # a copy refusing a variant restores it, replaying nothing
                for player, action in _move_variants(pair.reference):
                    for poke in _pokes(pair.reference, action):
                        quick, reference = pair.quick.copy(), pair.reference.copy()
                        for engine in (quick, reference):
                            poke(engine)
                        found = quick.play(player, action)
                        assert found == reference.play(player, action), (name, action, poke)
                        assert _state(quick) == _state(reference), (name, action, poke)
                        refused += found is not None
            for turn in round_.turns:
                if pair.play(turn.player, turn.action) is not None:
                    pair.quick.set_aside(turn.player, turn.action, None)  # type: ignore[arg-type]
                    pair.reference.set_aside(turn.player, turn.action, None)  # type: ignore[arg-type]
        assert pair.quick.finish() == pair.reference.finish(), name
        assert pair.quick.outcome() == pair.reference.outcome(), name
    assert _Counted.in_one_pass > 1000 and refused > 1000, (_Counted.in_one_pass, refused)


def test_plain_legal_logs_are_judged_without_importing_pyparsing(tmp_path: Path) -> None:
    import subprocess

    from referee.notation.writer import format_game

    record, _ = random_game(RULES, ["A", "B"], False, "no-pyparsing")
    log = tmp_path / "game.spanish-main"
    log.write_text(format_game(record, RULES), encoding="utf-8")
    script = ("import sys\nfrom referee.cli import main\nsys.argv = ['referee', 'check', '-j', '1', sys.argv[1]]\n"
              "try:\n    main()\nexcept SystemExit as done:\n    assert done.code == 0, done.code\n"
              "assert 'pyparsing' not in sys.modules, 'pyparsing was imported'\n")
    done = subprocess.run([sys.executable, "-c", script, str(log)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


TAG_VALUES = ("A B", " Anna_B  Ben ", "40", "040", "sample", "my-cards sha256:" + "0" * 64, "6", "8 15", "8  15",
              "ram-own-masts most-gold", "-", "A", "none", "*", "full", "none ", "S=63 L=88", "S=63.5 L=88",
              "1200 900", "1", "0.1", "99.99", "0.05", "1.", " x", "A1", "", "\t40", "40\n", "é", "S=0 L=1")


def test_a_tag_value_the_regular_expression_takes_is_one_pyparsing_reads() -> None:
    import pyparsing as pp

    from referee.games.spanish_main.game import _GRAMMARS
    from referee.games.tagvalues import TagGrammar

    taken = 0
    for name, entry in _GRAMMARS.items():
        assert isinstance(entry, TagGrammar)
        for value in TAG_VALUES:
            if entry.fits.fullmatch(value) is None:
                continue
            taken += 1
            try:
                entry.parse(value)
            except pp.ParseBaseException:
                raise AssertionError(f"{name} {value!r}: taken without pyparsing, refused by it") from None
    assert taken >= 25


@pytest.mark.parametrize("name", ["Players", "Build", "Cards", "Islands", "Treasure", "Variants", "Result",
                                  "Geometry", "Units", "Table", "Tolerance"])
def test_no_tag_value_taken_without_pyparsing_is_one_it_refuses(name: str) -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    import pyparsing as pp

    from referee.games.spanish_main.game import _GRAMMARS

    entry = _GRAMMARS[name]

    @settings(max_examples=300, deadline=None)
    @given(value=st.text(alphabet="AB_-=*. 0123456789SLfulnoe:\t\nsampleh", max_size=14))
    def check(value: str) -> None:
        if entry.fits.fullmatch(value):  # type: ignore[union-attr]
            entry.parse(value)  # type: ignore[union-attr]  # raises if pyparsing refuses it

    try:
        check()
    except pp.ParseBaseException as error:
        raise AssertionError(f"{name}: a value taken without pyparsing is refused by it: {error}") from None


@settings(max_examples=12, deadline=None)
@given(seed=st.text(alphabet="abcdefgh0123456789", min_size=1, max_size=6), every=st.integers(1, 5))
def test_a_listing_and_a_refusal_leave_the_state_a_fresh_replay_has(seed: str, every: int) -> None:
    """In a random legal game of the engine's own generator: after each listing of the legal
    entries (which tries every entry), the state is the one a fresh replay of the game so far
    gives; and an entry `play` refuses leaves the state unchanged."""
    record, _ = random_game(RULES, ["A", "B"], False, f"undo-{seed}")
    engine = RULES.new_engine(record)
    assert isinstance(engine, SpanishMainEngine)
    calls: list[tuple[str | None, Any]] = []
    for index, (number, entry) in enumerate((round_.number, turn_) for round_ in record.rounds
                                            for turn_ in round_.turns):
        if engine.round_due() == number:
            assert engine.start_round(number) is None
            calls.append((None, number))
        if index % every == 0:
            generator.legal_moves(engine)
            assert _state(engine) == _state(_replayed(engine, calls)), (seed, index)
            for _, player, action in generator.illegal_moves(engine):
                before = _state(engine)
                assert engine.play(player, action) is not None
                assert _state(engine) == before, (seed, index, action)
        assert engine.play(entry.player, entry.action) is None
        calls.append((entry.player, entry.action))
    assert _state(engine) == _state(_replayed(engine, calls))


def test_a_level_2_game_keeps_no_state_of_its_earlier_entries() -> None:
    """The geometry reads the state before an entry (`before`, the mark it is judged after) only
    while the entry is judged: a game judged to its end holds no chain of earlier states."""
    path = ROOT / "samples" / "spanish-main" / "legal" / "level2-short-game.spanish-main"
    chunk = next(iter(split_games(path.read_text(encoding="utf-8").split("\n"))))
    record = next(read.record for read in read_chunk(str(path), chunk) if read.record is not None)
    engine = RULES.new_engine(record)
    assert isinstance(engine, SpanishMainEngine) and engine.geometry is not None
    played = 0
    for round_ in record.rounds:
        engine.start_round(round_.number)
        for turn_ in round_.turns:
            assert engine.play(turn_.player, turn_.action) is None
            played += 1
            assert engine.before == {}
    assert played > 20
