"""Canonical notation for judged games: the writer fed the replay's canonical turns.

Galleon names and the like depend on the position (a disambiguator only when
two galleons would match), so canonical text needs a replay; turns after an
illegal move keep their spelling as written, normalised.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import attrgetter
from typing import Any

from referee.diagnostics import Violation
from referee.games.base import NO_OPTIONS, GameRules, JudgeOptions
from referee.notation.reader import ReadGame
from referee.notation.writer import format_game, format_head, format_round
from referee.record import GameRecord, Round, Tag, Turn
from referee.pipeline.judge import Judge, Visitor
from referee.pipeline.replay import GameReport, replay_game


def canonical_game(report: GameReport) -> str:
    """The canonical text of a game judged with `canonical`, whose record holds its rounds:
    the bodies the replay noted are known by their turns, which a record that reads its
    rounds again (`StreamedRecord`) makes anew. Such a record is written by `write_canonical`."""
    assert report.record is not None and report.rules is not None
    assert isinstance(report.record.rounds, list), "a streamed record is written by write_canonical"
    rules = report.rules

    def turn_text(turn: Turn) -> str:
        known = report.canonical.get(id(turn))
        if known is not None:
            return known
        return rules.format_turn(turn.action) if turn.action is not None else turn.text

    return format_game(report.record, rules, turn_text)


def write_canonical(path: str, index: int, read: ReadGame, put: Callable[[list[str]], None],
                    options: JudgeOptions = NO_OPTIONS) -> GameReport:
    """`canonical_game`'s lines handed to `put` round by round as the replay leaves each
    round (the text `canonical_game` gives is these lines, each ended by a line end),
    and the game's report: memory holds a round, however long the game."""
    record, rules = read.record, read.rules
    assert record is not None and rules is not None
    put(format_head(record, rules))
    bodies: dict[int, str] = {}  # id(turn) -> canonical body, of the round under way only
    pending: list[Round] = []

    def body(turn: Turn) -> str:
        known = bodies.get(id(turn))
        if known is not None:
            return known
        return rules.format_turn(turn.action) if turn.action is not None else turn.text

    def flush() -> None:
        for round_ in pending:
            put(format_round(round_, body))
        pending.clear()
        bodies.clear()

    def fed() -> Iterator[Round]:
        """The rounds to the replay; each is written once the replay asks for the next."""
        for round_ in record.rounds:
            flush()
            pending.append(round_)
            yield round_
        flush()

    rounds = fed()
    report = replay_game(path, index, read, canonical=True, options=options, rounds=rounds, bodies=bodies)
    for _ in rounds:  # the rounds after an illegal move, written as they stand
        pass
    return report


def reached_result(report: GameReport) -> str | None:
    """The Result value the game's moves reach, when it differs from what the log claims, for
    `fmt --fix-result`; None when there is nothing to write: the claim holds, what the log
    shows cannot tell (a hidden deal), or the moves reach no result because one of them is
    illegal or the game cannot be set up."""
    if report.engine is None or report.outcome is None or report.record is None or report.rules is None:
        return None
    record = report.record
    if report.moves != record.entry_count():
        return None  # judging stopped at an illegal move
    if any(d.is_error and d.move_number is not None for d in report.diagnostics):
        return None
    if report.outcome.claim in ("holds", "not checked"):
        return None
    reached = report.rules.result_tag(report.outcome)
    claimed = record.tag_value("Result")
    return None if claimed is not None and claimed.strip() == reached else reached


def set_result(record: GameRecord, value: str) -> None:
    """Write `value` as the record's Result, in place of the one it holds (with its comments,
    which may explain it) or as a new tag."""
    tag = record.tag("Result")
    if tag is None:
        record.tags.append(Tag("Result", value))
    else:
        tag.value = value


def canonical_records(records: list[tuple[GameRecord, GameRules]], path: str = "<json>") -> str:
    return "\n".join(canonical_text(record, rules, path, index) for index, (record, rules) in
                     enumerate(records, start=1))


def canonical_text(record: GameRecord, rules: GameRules, path: str = "<json>", index: int = 1,
                   formatted: bool = False) -> str:
    """A record's canonical notation. When every turn is legal (nearly always, for a record
    read from JSON) it is written straight from the engine's canonical actions; otherwise
    the full replay says where the legal turns end and what allow comments set aside.

    Only the turns up to the last one whose spelling may depend on the position are
    replayed (`GameRules.is_canonical`): a game with none is written with no replay at all.
    `formatted` says each turn's text is already its action formatted (a record read
    from JSON), so it is not formatted again."""
    def formatted_afresh(turn: Turn) -> str:
        return turn.text if turn.action is None else rules.format_turn(turn.action)

    plain: Callable[[Turn], str] = attrgetter("text") if formatted else formatted_afresh

    last = None if rules.canonical_as_parsed else _last_rewritable(record, rules)
    if last is None:
        return format_game(record, rules, plain)
    written = _replayed_bodies(record, rules, last, path)
    if written is not None:
        def body(turn: Turn) -> str:
            known = written.get(id(turn))
            return plain(turn) if known is None else known

        return format_game(record, rules, body)
    report = replay_game(path, index, ReadGame(record, rules, [], record.line), canonical=True)
    return canonical_game(report)


def _last_rewritable(record: GameRecord, rules: GameRules) -> Turn | None:
    """The last turn whose canonical spelling may differ from its action's (None: no turn's does)."""
    is_canonical = rules.is_canonical
    for round_ in reversed(record.rounds):
        for turn in reversed(round_.turns):
            if not is_canonical(turn.action):
                return turn
    return None


def _replayed_bodies(record: GameRecord, rules: GameRules, last: Turn, path: str) -> dict[int, str] | None:
    """The canonical body of every turn up to `last` whose spelling can change (by id), from
    the engine; None if one of the turns up to `last` is not legal, for the full replay to
    say what happens then."""
    engine = rules.new_engine(record, NO_OPTIONS)
    if isinstance(engine, Violation):
        return None
    respelling = _Respelling(rules, last)
    judge = Judge(path, record, rules, engine, respelling)
    judge.feed(record.rounds)
    return None if judge.over else respelling.written


class _Respelling(Visitor):
    """Notes the canonical body of each turn whose spelling can change, up to `last`; a turn
    whose action is canonical as it stands is only played (its effect on the position is all
    that matters)."""

    def __init__(self, rules: GameRules, last: Turn) -> None:
        self.written: dict[int, str] = {}
        self.is_canonical, self.format_turn, self.last = rules.is_canonical, rules.format_turn, last
        self.rewritable = False
        self.respelled: Any = None

    def before_turn(self, judge: Judge, turn: Turn) -> bool:
        self.rewritable = rewritable = not self.is_canonical(turn.action)
        # asked before it is played
        self.respelled = judge.engine.canonical_action(turn.player, turn.action) if rewritable else None
        return True

    def played(self, judge: Judge, turn: Turn) -> None:
        if self.rewritable:
            self.written[id(turn)] = self.format_turn(self.respelled)
        if turn is self.last:
            judge.stop()
