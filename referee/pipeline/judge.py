"""One judging loop: a game's rounds and turns fed to its engine, every finding handled once.

Every replay of a game goes through `Judge`: check's and fmt's, the positions of `show`
and of a replay page, the account of one entry, play's resume, undo and tags, the quick
path of plain games and the simulator's cut games. As python-chess reads every game with
one reader and lets a visitor keep what its caller wants, the judge does the judging —
each round begun (with the faults it finds in earlier entries set aside when their allow
comments accept them), each turn played, what an allow comment or the `accept` callback
accepts set aside, the notices taken, the end judged, the outcome noted — and a `Visitor`
hooks in for the rest: stop after move N, keep each position, note each turn's canonical
text, tell the account of entry N, refuse the log at its first finding.

A judge keeps a `GameReport` (its findings as `check` reports them, and what allow
comments set aside) or none: then nothing is set aside, and the first finding ends the
judging and is told to the visitor (`Visitor.refused`). A judge with no report and no
visitor of its own is bare: the engine's word is all, and a turn costs little more than
the engine's own `play` (what the quick path of plain games needs).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

from referee.diagnostics import Diagnostic, Violation
from referee.games.base import Engine, GameRules, JudgeOptions, Outcome
from referee.notation.allow import allowance
from referee.pipeline.datafiles import options_at
from referee.record import Comment, GameRecord, Round, Turn
from referee.span import Span

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


Acceptor = Callable[[Diagnostic, bool], bool]
"""A further say over a finding no comment accepts: given the finding and whether it is made
once every entry is judged, True sets it aside as an allow comment would (the baseline, which
writes those comments, accepts every finding it can in one judging)."""


class Visitor:
    """What a caller does as a game is judged. Every hook here does nothing (and lets the
    judging go on); a visitor overrides those it needs. A hook may call `Judge.stop`."""

    ends = True
    """Whether the game's end is judged (`Engine.finish`) once every entry is: not by a
    judging that stops early on purpose (`show` up to move N, play's resume)."""

    def begin(self, judge: Judge) -> None:
        """The engine is set up: the position before the first entry."""

    def before_round(self, judge: Judge, round_: Round) -> bool:
        """Before a round begins; False ends the judging here, this round not begun."""
        return True

    def round_begun(self, judge: Judge, round_: Round) -> None:
        """The round has begun (its number accepted by the engine)."""

    def before_turn(self, judge: Judge, turn: Turn) -> bool:
        """Before a turn is played (`judge.moves` are played so far); False ends the judging
        here, this turn not played. The engine may be asked about the turn here (its
        canonical action, the view it is played from)."""
        return True

    def played(self, judge: Judge, turn: Turn) -> None:
        """The turn was legal and is played (`judge.moves` counts it); its notices are in
        the report, when there is one, and otherwise still the engine's to give."""

    def set_aside(self, judge: Judge, turn: Turn, violation: Violation) -> None:
        """The turn broke a rule, and an allow comment (or `accept`) set it aside: the game
        goes on as if it had not been made (`judge.moves` counts it)."""

    def refused(self, judge: Judge, violation: Violation, round_: Round | None, turn: Turn | None,
                number: int) -> None:
        """The finding that ends the judging (of round `round_`, or of `turn`, entry `number`),
        already in the report when there is one. Play raises here."""

    def round_ended(self, judge: Judge, round_: Round) -> None:
        """A round begun is left: after its last turn, or where the judging ended in it."""


BARE = Visitor()
"""The visitor of a judging in which only the engine's word matters."""


class Judge:
    """Feeds one game's rounds and turns to its engine. A caller with a record gives its
    rounds to `feed` (or a stream of them, read as they are judged); a caller that reads the
    turns itself (the quick path) calls `begin_round` and `play` as it goes. Either way
    `end` judges the game's end."""

    __slots__ = ("path", "record", "rules", "engine", "visitor", "report", "accept", "moves", "round", "over",
                 "stopped", "_bare", "_play")

    def __init__(self, path: str, record: GameRecord, rules: GameRules, engine: Engine, visitor: Visitor = BARE,
                 report: GameReport | None = None, accept: Acceptor | None = None) -> None:
        self.path, self.record, self.rules, self.engine = path, record, rules, engine
        self.visitor, self.report, self.accept = visitor, report, accept
        self.moves = 0
        """Entries played so far (those set aside too)."""
        self.round: Round | None = None
        """The round under way."""
        self.over = False
        """A finding ended the judging."""
        self.stopped = False
        """A hook ended the judging."""
        self._bare = report is None and visitor is BARE
        self._play = engine.play
        visitor.begin(self)

    def stop(self) -> None:
        """End the judging after the step under way (for a hook that has what it wanted)."""
        self.stopped = True

    def feed(self, rounds: Iterable[Round]) -> bool:
        """Judge these rounds in order (a record's, or a stream of them, taken one at a
        time); True when every one was judged and the judging goes on."""
        begin_round, play, visitor = self.begin_round, self.play, self.visitor
        for round_ in rounds:
            if not begin_round(round_.number, round_):
                return False
            for turn in round_.turns:
                if not play(turn.player, turn.action, turn):
                    break
            visitor.round_ended(self, round_)
            if self.over or self.stopped:
                return False
        return True

    def begin_round(self, number: int, round_: Round | None = None) -> bool:
        """Begin round `number` (`round_`, as written, unless the judge is bare); True when
        the judging goes on."""
        if self._bare:
            if self.engine.start_round(number) is None:
                return True
            self.over = True
            return False
        assert round_ is not None
        if not self.visitor.before_round(self, round_):
            self.stopped = True
            return False
        violation = self._start_round(round_)
        if violation is not None:
            return self._ended(violation, round_, None, self.moves + 1)
        self.round = round_
        self.visitor.round_begun(self, round_)
        return True

    def play(self, player: str, action: Any, turn: Turn | None = None) -> bool:
        """Judge one entry (`turn`, as written, unless the judge is bare): play it, or set it
        aside when an allow comment or `accept` takes its finding; True when the judging
        goes on. The one step every replay takes for every entry."""
        if self._bare:
            if self._play(player, action) is None:
                self.moves += 1
                return True
            self.over = True
            return False
        assert turn is not None
        visitor = self.visitor
        if not visitor.before_turn(self, turn):
            self.stopped = True
            return False
        number = self.moves + 1
        violation = self._play(player, action)
        report = self.report
        if violation is not None:
            if report is None:
                return self._ended(violation, self.round, turn, number)
            diagnostic = violation_diagnostic(self.path, violation, self.record, self.round, turn, number)
            if not self._accepted(report, diagnostic, _at_fault(self.record, violation, turn).comments, False):
                return self._ended(violation, self.round, turn, number, diagnostic)
            self.engine.set_aside(player, action, violation)
            self.moves = report.moves = number
            visitor.set_aside(self, turn, violation)
            return not self.stopped
        if report is not None:
            for notice in self.engine.take_notices():
                report.diagnostics.append(violation_diagnostic(self.path, notice, self.record, self.round, turn,
                                                               number))
            report.moves = number
        self.moves = number
        visitor.played(self, turn)
        return not self.stopped

    def end(self) -> bool:
        """Judge the game's end, its entries fed, unless a finding or a hook ended the judging
        first or the visitor leaves the end unjudged. With a report, each finding of the end
        is reported unless an allow comment or `accept` sets it aside, and the outcome is
        noted; without one, a finding of the end, or a notice the engine still holds (a
        warning, shown with its place by a judging that keeps a report), ends the judging.
        True when the judging ends with no finding that ended it."""
        engine, report = self.engine, self.report
        if report is None:
            judged = not (self.over or self.stopped) and self.visitor.ends
            if judged and (engine.take_notices() or engine.finish()):
                self.over = True
            return not self.over
        if not (self.over or self.stopped) and self.visitor.ends:
            for violation in engine.finish():
                diagnostic = violation_diagnostic(self.path, violation, self.record, None, None, None)
                if not self._accepted(report, diagnostic, _comments_of(self.record, violation), True):
                    report.diagnostics.append(diagnostic)
        report.outcome = engine.outcome()
        return not self.over

    def _start_round(self, round_: Round) -> Violation | None:
        """Begin a round; with a report, a fault it finds in an earlier entry (a list of lost
        parrots judged once its round is over) may be accepted by that entry's allow comment
        (or `accept`), and is then set aside."""
        engine, report = self.engine, self.report
        violation = engine.start_round(round_.number)
        if report is None:
            return violation
        for _ in range(64):  # each pass sets one earlier entry aside, and a round holds few such
            if violation is None or violation.entry is None:
                break
            diagnostic = violation_diagnostic(self.path, violation, self.record, round_, None, self.moves + 1)
            if not self._accepted(report, diagnostic, _comments_of(self.record, violation), False):
                break
            engine.set_aside("", None, violation)
            violation = engine.start_round(round_.number)
        return violation

    def _accepted(self, report: GameReport, diagnostic: Diagnostic, comments: list[Comment], at_end: bool) -> bool:
        """Whether a finding is set aside: by an allow comment, or else by `accept`."""
        return (_suppressed(report, diagnostic, comments)
                or (self.accept is not None and self.accept(diagnostic, at_end)))

    def _ended(self, violation: Violation, round_: Round | None, turn: Turn | None, number: int,
               diagnostic: Diagnostic | None = None) -> bool:
        """A finding nothing sets aside ends the judging: reported, and told to the visitor."""
        self.over = True
        if self.report is not None:
            self.report.diagnostics.append(diagnostic or violation_diagnostic(self.path, violation, self.record,
                                                                              round_, turn, number))
        self.visitor.refused(self, violation, round_, turn, number)
        return False


def set_up(path: str, record: GameRecord, rules: GameRules, options: JudgeOptions) -> Engine | Violation:
    """The engine a record's header sets up, with the data the configuration gives the log's
    place (`path`), if any; or the violation that keeps it from being set up."""
    placed = options_at(options, path)
    return placed if isinstance(placed, Violation) else rules.new_engine(record, placed)


def judge_record(path: str, report: GameReport, record: GameRecord, rules: GameRules, options: JudgeOptions,
                 visitor: Visitor = BARE, accept: Acceptor | None = None,
                 rounds: Iterable[Round] | None = None) -> GameReport:
    """A record judged in full into `report`: set up, its rounds (or `rounds`, standing for
    them) fed, its end judged. A header that sets up no game is the report's one finding."""
    engine = set_up(path, record, rules, options)
    if isinstance(engine, Violation):
        report.diagnostics.append(violation_diagnostic(path, engine, record, None, None, 0))
        return report
    report.engine = engine
    judge = Judge(path, record, rules, engine, visitor, report, accept)
    judge.feed(record.rounds if rounds is None else rounds)
    judge.end()
    return report


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


def violation_diagnostic(path: str, violation: Violation, record: GameRecord, round_: Round | None,
                         turn: Turn | None, number: int | None) -> Diagnostic:
    """An engine's verdict on one turn (or round, or tag) as the finding `check` reports, its
    caret under the part at fault: for a move judged one at a time, as `play` judges them."""
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
