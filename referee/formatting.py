"""Canonical notation for judged games: the writer fed the replay's canonical turns.

Galleon names and the like depend on the position (a disambiguator only when
two galleons would match), so canonical text needs a replay; turns after an
illegal move keep their spelling as written, normalised.
"""

from __future__ import annotations

from referee.diagnostics import Violation
from referee.games.base import NO_OPTIONS, GameRules
from referee.notation.reader import ReadGame
from referee.notation.writer import format_game
from referee.record import GameRecord, Turn
from referee.pipeline.replay import GameReport, replay_game


def canonical_game(report: GameReport) -> str:
    assert report.record is not None and report.rules is not None
    rules = report.rules

    def turn_text(turn: Turn) -> str:
        known = report.canonical.get(id(turn))
        if known is not None:
            return known
        return rules.format_turn(turn.action) if turn.action is not None else turn.text

    return format_game(report.record, rules, turn_text)


def canonical_records(records: list[tuple[GameRecord, GameRules]], path: str = "<json>") -> str:
    return "\n".join(canonical_text(record, rules, path, index) for index, (record, rules) in
                     enumerate(records, start=1))


def canonical_text(record: GameRecord, rules: GameRules, path: str = "<json>", index: int = 1) -> str:
    """A record's canonical notation. When every turn is legal (nearly always, for a record
    read from JSON) it is written straight from the engine's canonical actions; otherwise
    the full replay says where the legal turns end and what allow comments set aside.
    A game whose actions are their own canonical form is written with no replay at all."""
    if rules.canonical_as_parsed:
        return format_game(record, rules)
    engine = rules.new_engine(record, NO_OPTIONS)
    if not isinstance(engine, Violation):
        written: dict[int, str] = {}
        canonical, play, format_turn = engine.canonical_action, engine.play, rules.format_turn
        for round_ in record.rounds:
            if engine.start_round(round_.number) is not None:
                break
            for turn in round_.turns:
                action = canonical(turn.player, turn.action)
                if play(turn.player, turn.action) is not None:
                    break
                written[id(turn)] = format_turn(action)
            else:
                continue
            break
        else:
            return format_game(record, rules, lambda turn: written[id(turn)])
    report = replay_game(path, index, ReadGame(record, rules, [], record.line), canonical=True)
    return canonical_game(report)
