"""The one judging loop (`referee.pipeline.judge`): what its hooks are told and when, a
judging stopped by a hook, allow comments and `accept`, a judging that keeps no report,
and the quick path of plain games fed to the same judge."""

from __future__ import annotations

from typing import Any

from referee.diagnostics import Violation
from referee.games.base import NO_OPTIONS
from referee.notation.chunks import split_games
from referee.notation.reader import read_games
from referee.pipeline.fastpath import judge_plain
from referee.pipeline.judge import GameReport, Judge, Visitor, judge_record, set_up
from referee.pipeline.replay import entry_account, replay_game, replay_positions
from referee.record import Round, Turn

HEAD = '[Game "Korsar"]\n[Players "A B C"]\n[Result "*"]\n\n'
LEGAL = HEAD + "1. A: $3  B: draw  C: R2@A3\n2. A: Y3@A3  B: $2  C: R2@A3\n"
ALLOWED = HEAD + "1. A: discard Y2 {allow K-DISCARD: a house rule}  B: draw  C: draw\n2. A: draw\n"
ILLEGAL = HEAD + "1. A: discard Y2  B: draw  C: draw\n2. A: draw\n"


def read(text: str) -> Any:
    (game,) = list(read_games("t.korsar", text.split("\n")))
    return game


class Recorder(Visitor):
    """Writes down every hook it is told, in order."""

    def __init__(self) -> None:
        self.told: list[str] = []

    def begin(self, judge: Judge) -> None:
        self.told.append("begin")

    def before_round(self, judge: Judge, round_: Round) -> bool:
        self.told.append(f"before round {round_.number}")
        return True

    def round_begun(self, judge: Judge, round_: Round) -> None:
        self.told.append(f"round {round_.number}")

    def before_turn(self, judge: Judge, turn: Turn) -> bool:
        self.told.append(f"before {judge.moves + 1}")
        return True

    def played(self, judge: Judge, turn: Turn) -> None:
        self.told.append(f"played {judge.moves} {turn.text}")

    def set_aside(self, judge: Judge, turn: Turn, violation: Violation) -> None:
        self.told.append(f"set aside {judge.moves} {violation.rule}")

    def refused(self, judge: Judge, violation: Violation, round_: Round | None, turn: Turn | None,
                number: int) -> None:
        self.told.append(f"refused {number} {violation.rule}")

    def round_ended(self, judge: Judge, round_: Round) -> None:
        self.told.append(f"end of round {round_.number}")


def judged(text: str, visitor: Visitor, accept: Any = None) -> GameReport:
    game = read(text)
    report = GameReport(1, game.line, game.rules, game.record, list(game.diagnostics))
    return judge_record("t.korsar", report, game.record, game.rules, NO_OPTIONS, visitor, accept)


def test_the_hooks_are_told_each_step_in_order():
    recorder = Recorder()
    report = judged(HEAD + "1. A: $3  B: draw\n", recorder)
    assert recorder.told == ["begin", "before round 1", "round 1", "before 1", "played 1 $3", "before 2",
                             "played 2 draw", "end of round 1"]
    assert report.moves == 2 and report.verdict == "legal" and report.outcome is not None


class StopAfter(Recorder):
    ends = False

    def __init__(self, moves: int) -> None:
        super().__init__()
        self.moves = moves

    def before_turn(self, judge: Judge, turn: Turn) -> bool:
        super().before_turn(judge, turn)
        return judge.moves < self.moves


def test_a_hook_stops_the_judging_before_a_turn_and_the_engine_is_left_there():
    stopper = StopAfter(4)
    report = judged(LEGAL, stopper)
    assert report.moves == 4
    assert stopper.told[-2:] == ["before 5", "end of round 2"]  # turn 5 not played, its round left
    shown = replay_game("t.korsar", 1, read(LEGAL), stop_after=4)
    assert report.engine is not None and shown.engine is not None
    assert report.engine.view() == shown.engine.view()


def test_a_judging_stopped_on_purpose_leaves_the_end_unjudged():
    claimed = LEGAL.replace('[Result "*"]', '[Result "A=1 B=0 C=0"]')
    assert any(d.code == "K-UNFINISHED" for d in replay_game("t.korsar", 1, read(claimed)).diagnostics)
    assert not any(d.code == "K-UNFINISHED" for d in judged(claimed, StopAfter(99)).diagnostics)


def test_an_allow_comment_sets_the_finding_aside_and_judging_goes_on():
    recorder = Recorder()
    report = judged(ALLOWED, recorder)
    assert "set aside 1 K-DISCARD" in recorder.told
    assert recorder.told[-2:] == ["played 4 draw", "end of round 2"]
    assert report.verdict == "legal" and report.moves == 4
    assert [d.code for d in report.suppressed] == ["K-DISCARD"]
    assert "allowed by {allow K-DISCARD: a house rule}" in report.suppressed[0].notes[-1]


def test_without_an_allow_comment_the_first_finding_ends_the_judging():
    recorder = Recorder()
    report = judged(ILLEGAL, recorder)
    assert recorder.told[-2:] == ["refused 1 K-DISCARD", "end of round 1"]
    assert [d.code for d in report.diagnostics] == ["K-DISCARD"] and report.moves == 0


def test_accept_sets_aside_what_no_comment_allows_and_is_told_when_the_finding_is_made():
    asked: list[tuple[str, bool]] = []

    def accept(diagnostic: Any, at_end: bool) -> bool:
        asked.append((diagnostic.code, at_end))
        return True

    claimed = ILLEGAL.replace('[Result "*"]', '[Result "A=1 B=0 C=0"]')
    report = judged(claimed, Visitor(), accept)
    assert asked == [("K-DISCARD", False), ("K-UNFINISHED", True)]
    assert report.verdict == "legal" and report.moves == 4 and not report.suppressed


def test_a_judging_without_a_report_sets_nothing_aside_and_tells_the_first_finding():
    game = read(ALLOWED)
    engine = set_up("t.korsar", game.record, game.rules, NO_OPTIONS)
    recorder = Recorder()
    judge = Judge("t.korsar", game.record, game.rules, engine, recorder)
    assert not judge.feed(game.record.rounds)
    assert judge.over and not judge.stopped and judge.moves == 0
    assert "refused 1 K-DISCARD" in recorder.told  # play's reading: an allow comment is not the player's to give


def test_a_bare_judge_takes_rounds_and_turns_as_they_are_read():
    game = read(LEGAL)
    engine = set_up("t.korsar", game.record, game.rules, NO_OPTIONS)
    judge = Judge("t.korsar", game.record, game.rules, engine)
    assert judge.begin_round(1)
    for turn in game.record.rounds[0].turns:
        assert judge.play(turn.player, turn.action)
    assert not judge.begin_round(3)  # round 2 comes next
    assert judge.over and judge.moves == 3 and not judge.end()


def test_the_quick_path_and_the_full_replay_count_the_same_moves_and_reach_the_same_state():
    (chunk,) = [chunk for chunk in split_games(LEGAL.split("\n")) if chunk.lines]
    quick = judge_plain("t.korsar", 1, chunk)
    full = replay_game("t.korsar", 1, read(LEGAL))
    assert quick is not None and quick.engine is not None and full.engine is not None
    assert quick.moves == full.moves == 6
    assert quick.engine.view() == full.engine.view()
    (last,) = [chunk for chunk in split_games((LEGAL + "3. A: draw B:\n").split("\n")) if chunk.lines]
    assert judge_plain("t.korsar", 1, last) is None  # a last turn with no body: the full reader says why


def test_positions_and_accounts_follow_the_entries_set_aside():
    report, steps = replay_positions("t.korsar", 1, read(ALLOWED), accounts=True)
    assert [step.move for step in steps] == [0, 1, 2, 3, 4]
    assert steps[1].account == [] and steps[2].account  # the set-aside entry tells nothing of its own
    game = read(ALLOWED)
    told = entry_account("t.korsar", game.rules, game.record, 1)
    assert told is not None and told[0].text.startswith("this entry breaks K-DISCARD")
    assert entry_account("t.korsar", game.rules, game.record, 2) == steps[2].account
    assert entry_account("t.korsar", game.rules, game.record, 9) is None


def test_an_account_keeps_none_of_the_findings_on_the_way_to_its_entry(monkeypatch):
    import referee.pipeline.replay as replay

    made: list[GameReport] = []

    class Kept(GameReport):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(replay, "GameReport", Kept)
    game = read(ALLOWED)
    told = entry_account("t.korsar", game.rules, game.record, 3)
    assert told  # entry 3 is told, past the entry the allow comment set aside
    (report,) = made
    assert not report.diagnostics and not report.suppressed


def test_a_judging_without_a_report_leaves_the_end_unjudged_where_its_visitor_says():
    class Unended(Visitor):
        ends = False

    game = read(LEGAL)
    engine = set_up("t.korsar", game.record, game.rules, NO_OPTIONS)
    finished: list[bool] = []
    engine.finish = lambda: finished.append(True) or []  # type: ignore[method-assign]
    judge = Judge("t.korsar", game.record, game.rules, engine, Unended())
    assert judge.feed(game.record.rounds) and judge.end()
    assert not finished
