"""Replay: feed a record's rounds and turns to its game's engine and judge the log.

`check_text` is the unit of work the CLI (and any parallel runner) maps over
files: text in, a FileReport out, and it never raises on any input.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

from referee.diagnostics import Diagnostic, Violation
from referee.pipeline.datafiles import options_at
from referee.games.base import NO_OPTIONS, Consequence, Engine, GameRules, JudgeOptions, Outcome, View
from referee.notation.reader import ReadGame, read_games
from referee.notation.allow import allowance
from referee.record import Comment, GameRecord, Round, Turn
from referee.span import Span
from referee.pipeline.source import JSON_HEAD, DecodeError, Source, decode, is_json, json_not_log

Verdict = Literal["legal", "illegal", "malformed"]


@dataclass(slots=True)
class GameReport:
    index: int
    line: int
    rules: GameRules | None
    record: GameRecord | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    moves: int = 0
    engine: Engine | None = None
    outcome: Outcome | None = None
    canonical: dict[int, str] = field(default_factory=dict)  # id(turn) -> canonical body
    suppressed: list[Diagnostic] = field(default_factory=list)
    """Findings an allow comment accepted: kept, counted and listed on request, never a verdict."""

    @property
    def not_judged(self) -> Diagnostic | None:
        """The finding that says this game could not be judged here (N-DATA, N-INSTALL), if any."""
        from referee.notation.codes import USAGE_CODES

        return next((d for d in self.diagnostics if d.is_error and d.code in USAGE_CODES), None)

    @property
    def verdict(self) -> Verdict:
        codes = [d.code for d in self.diagnostics if d.is_error]
        if any(code.startswith("N-") for code in codes):
            return "malformed"
        return "illegal" if codes else "legal"


@dataclass(slots=True)
class FileReport:
    path: str
    games: list[GameReport] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    source: Source | None = None
    normalized: bool = False  # a BOM or CR line ends were read away: not canonical bytes

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics) and all(
            game.verdict == "legal" for game in self.games)

    def all_diagnostics(self) -> list[Diagnostic]:
        found = list(self.diagnostics)
        for game in self.games:
            found.extend(game.diagnostics)
        return found


def check_bytes(path: str, data: bytes, stop_after: int | None = None,
                canonical: bool = False, options: JudgeOptions = NO_OPTIONS) -> FileReport:
    try:
        text = decode(data)
    except DecodeError as error:
        line = data[: error.offset].count(b"\n") + 1
        column = error.offset - (data.rfind(b"\n", 0, error.offset) + 1) + 1
        return FileReport(path, diagnostics=[Diagnostic(
            "N-ENCODING", f"the file is not UTF-8: byte {error.offset} ({error.reason})", path,
            Span(line, column, column + 1),
            notes=[f"byte offset {error.offset} counts from 0; save the log as UTF-8"])])
    if is_json(data[:JSON_HEAD]):
        return FileReport(path, diagnostics=[json_not_log(path)])
    report = check_text(path, text, stop_after, canonical, options)
    report.normalized = data.startswith(b"\xef\xbb\xbf") or b"\r" in data
    return report


def check_text(path: str, text: str, stop_after: int | None = None,
               canonical: bool = False, options: JudgeOptions = NO_OPTIONS) -> FileReport:
    source = Source.from_text(path, text)
    report = FileReport(path, source=source)
    if not text.strip():
        report.diagnostics.append(Diagnostic("N-GAME", "the file holds no game", path, Span(1, 1, 1),
                                             notes=['a game starts with its tags, e.g. [Game "Korsar"]']))
        return report
    for index, read in enumerate(read_games(path, source.lines), start=1):
        report.games.append(replay_game(path, index, read, stop_after, canonical, options))
    if not report.games:
        report.diagnostics.append(Diagnostic("N-GAME", "the file holds only comments, no game", path,
                                             Span(1, 1, 1),
                                             notes=['a game starts with its tags, e.g. [Game "Korsar"]']))
    return report


Acceptor = Callable[[Diagnostic, bool], bool]
"""A further say over a finding no comment accepts: given the finding and whether it is made
once every entry is judged, True sets it aside as an allow comment would (the baseline, which
writes those comments, accepts every finding it can in one judging)."""


def replay_game(path: str, index: int, read: ReadGame, stop_after: int | None = None,
                canonical: bool = False, options: JudgeOptions = NO_OPTIONS,
                accept: Acceptor | None = None, rounds: Iterable[Round] | None = None,
                bodies: dict[int, str] | None = None) -> GameReport:
    """Judge one game; with `stop_after` N, stop once N turns are played (for `show`);
    with `canonical`, also note each legal turn's canonical text (for `fmt`), in `bodies`
    when it is given; with `accept`, set aside every finding it accepts and go on.
    `rounds` stands for the record's, for a caller that writes each round once it is
    played (and empties `bodies` as it goes)."""
    report = GameReport(index, read.line, read.rules, read.record, list(read.diagnostics))
    if bodies is not None:
        report.canonical = bodies
    if read.malformed or read.record is None or read.rules is None:
        return report
    record, rules = read.record, read.rules
    placed = options_at(options, path)  # with the data the configuration gives the log, if any
    engine = placed if isinstance(placed, Violation) else rules.new_engine(record, placed)
    if isinstance(engine, Violation):
        report.diagnostics.append(_diagnostic(path, engine, record, None, None, 0))
        return report
    report.engine = engine
    number = 0
    for round_ in record.rounds if rounds is None else rounds:
        if stop_after is not None and number >= stop_after:
            break
        violation = _start_round(path, report, engine, record, round_, number, accept)
        if violation is not None:
            report.diagnostics.append(_diagnostic(path, violation, record, round_, None, number + 1))
            return _finish(report, engine)
        for turn in round_.turns:
            if stop_after is not None and number >= stop_after:
                break
            number += 1
            written = engine.canonical_action(turn.player, turn.action) if canonical else None
            violation = engine.play(turn.player, turn.action)
            if violation is not None:
                diagnostic = _diagnostic(path, violation, record, round_, turn, number)
                if (_suppressed(report, diagnostic, _at_fault(record, violation, turn).comments)
                        or (accept is not None and accept(diagnostic, False))):
                    engine.set_aside(turn.player, turn.action, violation)
                    report.canonical[id(turn)] = rules.format_turn(turn.action)
                    report.moves = number
                    continue
                report.diagnostics.append(diagnostic)
                return _finish(report, engine)
            for notice in engine.take_notices():
                report.diagnostics.append(_diagnostic(path, notice, record, round_, turn, number))
            if written is not None:
                report.canonical[id(turn)] = rules.format_turn(written)
            report.moves = number
    if stop_after is None:
        for violation in engine.finish():
            diagnostic = _diagnostic(path, violation, record, None, None, None)
            if not (_suppressed(report, diagnostic, _comments_of(record, violation))
                    or (accept is not None and accept(diagnostic, True))):
                report.diagnostics.append(diagnostic)
    return _finish(report, engine)


def _start_round(path: str, report: GameReport, engine: Engine, record: GameRecord, round_: Round,
                 number: int, accept: Acceptor | None = None) -> Violation | None:
    """Begin a round; a fault it finds in an earlier entry (a list of lost parrots judged once its
    round is over) may be accepted by that entry's allow comment, and is then set aside."""
    violation = engine.start_round(round_.number)
    for _ in range(64):  # each pass sets one earlier entry aside, and a round holds few such
        if violation is None or violation.entry is None:
            break
        diagnostic = _diagnostic(path, violation, record, round_, None, number + 1)
        if not (_suppressed(report, diagnostic, _comments_of(record, violation))
                or (accept is not None and accept(diagnostic, False))):
            break
        engine.set_aside("", None, violation)
        violation = engine.start_round(round_.number)
    return violation


def _suppressed(report: GameReport, diagnostic: Diagnostic, comments: list[Comment]) -> bool:
    """Whether an allow comment accepts this finding; if so it is kept aside, with the comment."""
    allowed = allowance(comments, diagnostic.code)
    if allowed is None:
        return False
    diagnostic.notes.append(f"allowed by {allowed}: the move is set aside, without effect, and judging goes on")
    report.suppressed.append(diagnostic)
    return True


def _comments_of(record: GameRecord, violation: Violation) -> list[Comment]:
    """The comments that may allow a finding made at the end: those of the tag it is about,
    or of the earlier entry it names."""
    if violation.part.startswith("tag:"):
        tag = record.tag(violation.part[4:])
        return tag.comments if tag is not None else []
    found = record.entry(violation.entry)
    return found[1].comments if found is not None else []


def _at_fault(record: GameRecord, violation: Violation, turn: Turn) -> Turn:
    """The entry a finding made while `turn` was played is about: an earlier one it names, or `turn`."""
    found = record.entry(violation.entry)
    return found[1] if found is not None else turn


def _finish(report: GameReport, engine: Engine) -> GameReport:
    report.outcome = engine.outcome()
    return report


def _diagnostic(path: str, violation: Violation, record: GameRecord, round_: Round | None,
                turn: Turn | None, number: int | None) -> Diagnostic:
    span: Span | None
    move_text = None
    earlier = record.entry(violation.entry)
    if earlier is not None:  # a fault of an earlier entry that shows only now
        round_, turn = earlier
        number = violation.entry
    if violation.part.startswith("tag:"):
        tag = record.tag(violation.part[4:])
        span = tag.span if tag is not None else Span(record.line, 1, 2)
        if tag is not None:
            move_text = f'[{tag.name} "{tag.value}"]'
        number = None
    elif turn is not None:
        span = turn.part_span(violation.part)
        move_text = turn.written()
    elif round_ is not None:
        span = round_.span
        move_text = f"{round_.number}."
    else:
        span = Span(record.line, 1, 2)
    facts: dict[str, Any] = dict(violation.facts)
    return Diagnostic(violation.rule, violation.message, path, span, violation.severity,
                      move_text=move_text, move_number=number, notes=list(violation.notes), facts=facts,
                      rulings=[ruling for ruling in dict.fromkeys(violation.rulings) if ruling != violation.rule])


@dataclass(slots=True)
class Position:
    """The state after `move` turns (0: before the first), as the engine shows it."""

    move: int
    view: View
    account: list[Consequence] = field(default_factory=list)
    """What the move did (`Engine.account`), when the replay was asked to tell it."""


def replay_positions(path: str, index: int, read: ReadGame, options: JudgeOptions = NO_OPTIONS,
                     keep: int | None = None, accounts: bool = False) -> tuple[GameReport, list[Position]]:
    """Judge one game as `replay_game` does, keeping the state after every legal move:
    what a replay page steps through. The positions are the engine's own views, so a
    page built on them shows exactly what `show` shows. With `keep`, only the last `keep`
    positions are kept (a view may be tens of kilobytes, and a game a million moves). With
    `accounts`, each position also holds what its move did, told from the view before it
    and its own (`Engine.account_between`)."""
    report = GameReport(index, read.line, read.rules, read.record, list(read.diagnostics))
    positions: deque[Position] = deque(maxlen=keep)
    report_, kept = _replayed(path, report, read, options, positions, accounts)
    return report_, list(kept)


def _replayed(path: str, report: GameReport, read: ReadGame, options: JudgeOptions,
              positions: deque[Position], accounts: bool = False) -> tuple[GameReport, deque[Position]]:
    if read.malformed or read.record is None or read.rules is None:
        return report, positions
    record, rules = read.record, read.rules
    placed = options_at(options, path)  # with the data the configuration gives the log, if any
    engine = placed if isinstance(placed, Violation) else rules.new_engine(record, placed)
    if isinstance(engine, Violation):
        report.diagnostics.append(_diagnostic(path, engine, record, None, None, 0))
        return report, positions
    report.engine = engine
    positions.append(Position(0, engine.view()))
    number = 0
    for round_ in record.rounds:
        violation = _start_round(path, report, engine, record, round_, number)
        if violation is not None:
            report.diagnostics.append(_diagnostic(path, violation, record, round_, None, number + 1))
            return _finish(report, engine), positions
        opened = engine.view() if accounts else None  # a round's start may deal: its first move is told from here
        for turn in round_.turns:
            number += 1
            violation = engine.play(turn.player, turn.action)
            if violation is not None:
                diagnostic = _diagnostic(path, violation, record, round_, turn, number)
                if _suppressed(report, diagnostic, _at_fault(record, violation, turn).comments):
                    engine.set_aside(turn.player, turn.action, violation)
                    report.moves = number
                    positions.append(Position(number, engine.view()))
                    opened = None
                    continue
                report.diagnostics.append(diagnostic)
                return _finish(report, engine), positions
            for notice in engine.take_notices():
                report.diagnostics.append(_diagnostic(path, notice, record, round_, turn, number))
            report.moves = number
            view = engine.view()
            told = []
            if accounts:
                told = engine.account_between(opened or positions[-1].view, view, turn.player, turn.action)
                opened = None
            positions.append(Position(number, view, told))
    for violation in engine.finish():
        diagnostic = _diagnostic(path, violation, record, None, None, None)
        if not _suppressed(report, diagnostic, _comments_of(record, violation)):
            report.diagnostics.append(diagnostic)
    return _finish(report, engine), positions


def entry_account(path: str, rules: GameRules, record: GameRecord, move: int,
                  options: JudgeOptions = NO_OPTIONS) -> list[Consequence] | None:
    """The account of entry `move` (from 1) of a record: what the rules did with it, as its
    game's engine tells it (`Engine.account`), from a fresh replay up to it (what `show
    --move`, `play`'s `why N` and a replay page tell). An entry an allow comment set aside
    is told as such; None when the record does not reach the entry legally. `path` is the
    log's, whose place may give it data (the configuration's, as `replay_game` takes it)."""
    placed = options_at(options, path)
    engine = placed if isinstance(placed, Violation) else rules.new_engine(record, placed)
    if isinstance(engine, Violation):
        return None
    number = 0
    for round_ in record.rounds:
        for _ in range(64):  # a fault found in an earlier entry as the round begins, set aside as check does
            violation = engine.start_round(round_.number)
            if violation is None or violation.entry is None:
                break
            engine.set_aside("", None, violation)
        if violation is not None:
            return None
        for turn in round_.turns:
            number += 1
            before = engine.view() if number == move else None
            violation = engine.play(turn.player, turn.action)
            if violation is not None:
                engine.set_aside(turn.player, turn.action, violation)
                if number == move:
                    return [Consequence(f"this entry breaks {violation.rule}: {violation.message}; an allow "
                                        "comment sets it aside, and the game goes on as if it had not been made",
                                        violation.rule)]
                continue
            engine.take_notices()
            if before is not None:
                return engine.account(before, turn.player, turn.action)
    return None


def violation_diagnostic(path: str, violation: Violation, record: GameRecord, round_: Round | None,
                         turn: Turn | None, number: int | None) -> Diagnostic:
    """An engine's verdict on one turn (or round, or tag) as the finding `check` reports, its
    caret under the part at fault: for a move judged one at a time, as `play` judges them."""
    return _diagnostic(path, violation, record, round_, turn, number)
