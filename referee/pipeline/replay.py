"""Replay: judge a log's games and tell what their moves did, each by one `Judge`.

`check_text` judges a whole text (a FileReport, and it never raises on any input);
`replay_game` judges one game as `check` reports it, `replay_positions` keeps the state
after each move (a replay page, the API's positions), `entry_account` tells what one entry
did. The unit of work `check` maps over its input is `referee.pipeline.work.check_unit`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from referee.diagnostics import Diagnostic, Violation
from referee.games.base import NO_OPTIONS, Consequence, GameRules, JudgeOptions, View
from referee.notation.reader import ReadGame, read_games
from referee.pipeline.judge import (Acceptor, GameReport, Judge, Verdict, Visitor, judge_record, set_up,
                                    violation_diagnostic)
from referee.record import GameRecord, Round, Turn
from referee.span import Span
from referee.pipeline.source import JSON_HEAD, DecodeError, Source, decode, is_json, json_not_log

__all__ = ["Acceptor", "FileReport", "GameReport", "ReplayStep", "Verdict", "check_bytes", "check_text",
           "entry_account", "replay_game", "replay_positions", "violation_diagnostic"]


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
    visitor = _Checking(report, stop_after, canonical) if stop_after is not None or canonical else Visitor()
    return judge_record(path, report, read.record, read.rules, options, visitor, accept, rounds)


class _Checking(Visitor):
    """check's judging of one game as `show` and `fmt` ask it: stopped once `stop_after` turns
    are played (its end then not judged), each turn's canonical text noted (`canonical`):
    a legal turn's as the engine spells it before it is played, one set aside as written."""

    def __init__(self, report: GameReport, stop_after: int | None, canonical: bool) -> None:
        self.report, self.stop_after, self.canonical = report, stop_after, canonical
        self.ends = stop_after is None
        self.written: Any = None

    def before_round(self, judge: Judge, round_: Round) -> bool:
        return self.stop_after is None or judge.moves < self.stop_after

    def before_turn(self, judge: Judge, turn: Turn) -> bool:
        if self.stop_after is not None and judge.moves >= self.stop_after:
            return False
        if self.canonical:
            self.written = judge.engine.canonical_action(turn.player, turn.action)
        return True

    def played(self, judge: Judge, turn: Turn) -> None:
        if self.canonical:
            self.report.canonical[id(turn)] = judge.rules.format_turn(self.written)

    def set_aside(self, judge: Judge, turn: Turn, violation: Violation) -> None:
        if self.canonical:
            self.report.canonical[id(turn)] = judge.rules.format_turn(turn.action)


@dataclass(slots=True)
class ReplayStep:
    """One step of a replay: the state after `move` turns (0: before the first), as the
    engine shows it."""

    move: int
    view: View
    account: list[Consequence] = field(default_factory=list)
    """What the move did (`Engine.account`), when the replay was asked to tell it."""


def replay_positions(path: str, index: int, read: ReadGame, options: JudgeOptions = NO_OPTIONS,
                     keep: int | None = None, accounts: bool = False) -> tuple[GameReport, list[ReplayStep]]:
    """Judge one game as `replay_game` does, keeping the state after every legal move:
    what a replay page steps through. The steps hold the engine's own views, so a
    page built on them shows exactly what `show` shows. With `keep`, only the last `keep`
    steps are kept (a view may be tens of kilobytes, and a game a million moves). With
    `accounts`, each step also holds what its move did, told from the view before it
    and its own (`Engine.account_between`)."""
    report = GameReport(index, read.line, read.rules, read.record, list(read.diagnostics))
    steps = _Stepping(keep, accounts)
    if not (read.malformed or read.record is None or read.rules is None):
        judge_record(path, report, read.record, read.rules, options, steps)
    return report, list(steps.steps)


class _Stepping(Visitor):
    """Keeps the state after each move played or set aside, with what it did (`accounts`)."""

    def __init__(self, keep: int | None, accounts: bool) -> None:
        self.steps: deque[ReplayStep] = deque(maxlen=keep)
        self.accounts = accounts
        self.opened: View | None = None

    def begin(self, judge: Judge) -> None:
        self.steps.append(ReplayStep(0, judge.engine.view()))

    def round_begun(self, judge: Judge, round_: Round) -> None:
        # a round's start may deal: its first move is told from here
        self.opened = judge.engine.view() if self.accounts else None

    def played(self, judge: Judge, turn: Turn) -> None:
        engine = judge.engine
        view = engine.view()
        told = []
        if self.accounts:
            told = engine.account_between(self.opened or self.steps[-1].view, view, turn.player, turn.action)
            self.opened = None
        self.steps.append(ReplayStep(judge.moves, view, told))

    def set_aside(self, judge: Judge, turn: Turn, violation: Violation) -> None:
        self.steps.append(ReplayStep(judge.moves, judge.engine.view()))
        self.opened = None


def entry_account(path: str, rules: GameRules, record: GameRecord, move: int,
                  options: JudgeOptions = NO_OPTIONS) -> list[Consequence] | None:
    """The account of entry `move` (from 1) of a record: what the rules did with it, as its
    game's engine tells it (`Engine.account`), from a fresh replay up to it (what `show
    --move`, `play`'s `why N` and a replay page tell). Every finding on the way is set aside,
    as check sets aside what an allow comment accepts, so an entry so set aside is told as
    such; None when the record does not reach the entry (a round it cannot begin). `path` is
    the log's, whose place may give it data (the configuration's, as `replay_game` takes it)."""
    engine = set_up(path, record, rules, options)
    if isinstance(engine, Violation):
        return None
    accounting = _Accounting(move)
    kept_nothing = GameReport(1, record.line, rules, record, _Forgotten(), suppressed=_Forgotten())
    judge = Judge(path, record, rules, engine, accounting, kept_nothing, accept=_every_finding)
    judge.feed(record.rounds)
    return accounting.account


def _every_finding(diagnostic: Diagnostic, at_end: bool) -> bool:
    return True


class _Forgotten(list):  # type: ignore[type-arg]
    """A report's list that keeps nothing: an account needs none of the findings on the way to
    its entry, and a long game's notices would otherwise pile up in memory until it is reached."""

    def append(self, item: object) -> None:
        pass


class _Accounting(Visitor):
    """Tells what entry `move` did, from the view before it, and stops there."""

    def __init__(self, move: int) -> None:
        self.move = move
        self.before: View | None = None
        self.account: list[Consequence] | None = None

    def before_turn(self, judge: Judge, turn: Turn) -> bool:
        if judge.moves + 1 == self.move:
            self.before = judge.engine.view()
        return True

    def played(self, judge: Judge, turn: Turn) -> None:
        if judge.moves == self.move and self.before is not None:
            self.account = judge.engine.account(self.before, turn.player, turn.action)
            judge.stop()

    def set_aside(self, judge: Judge, turn: Turn, violation: Violation) -> None:
        if judge.moves == self.move:
            self.account = [Consequence(f"this entry breaks {violation.rule}: {violation.message}; an allow "
                                        "comment sets it aside, and the game goes on as if it had not been made",
                                        violation.rule)]
            judge.stop()
