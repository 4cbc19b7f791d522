"""Canonical notation for judged games: the writer fed the replay's canonical turns.

Galleon names and the like depend on the position (a disambiguator only when
two galleons would match), so canonical text needs a replay; turns after an
illegal move keep their spelling as written, normalised.
"""

from __future__ import annotations

from referee.games.base import GameRules
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
    texts = []
    for index, (record, rules) in enumerate(records, start=1):
        report = replay_game(path, index, ReadGame(record, rules, [], record.line), canonical=True)
        texts.append(canonical_game(report))
    return "\n".join(texts)
