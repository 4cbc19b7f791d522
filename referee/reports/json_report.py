"""The check report as JSON-ready data; schemas/check-report.schema.json describes it."""

from __future__ import annotations

from typing import Any

from referee import __version__
from referee.games.base import Outcome
from referee.replay import FileReport, GameReport

REPORT_SCHEMA_ID = "urn:referee:schema:check-report:1"


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {
        "finished": outcome.finished,
        "sides": [{"side": side.side, "players": side.players, "score": side.score,
                   "details": side.details} for side in outcome.sides],
        "winners": outcome.winners,
        "summary": outcome.summary,
        "claim": outcome.claim,
    }


def game_json(game: GameReport) -> dict[str, Any]:
    players: list[str] = []
    if game.record is not None:
        value = game.record.tag_value("Players")
        players = value.split() if value else []
    return {
        "index": game.index,
        "line": game.line,
        "game": game.rules.id if game.rules else None,
        "players": players,
        "verdict": game.verdict,
        "moves": game.moves,
        "finished": bool(game.outcome and game.outcome.finished),
        "diagnostics": [d.to_json() for d in game.diagnostics],
        "score": outcome_json(game.outcome),
    }


def file_json(report: FileReport) -> dict[str, Any]:
    if any(d.is_error for d in report.diagnostics):
        verdict = "malformed"
    elif all(g.verdict == "legal" for g in report.games):
        verdict = "legal"
    elif any(g.verdict == "illegal" for g in report.games):
        verdict = "illegal"
    else:
        verdict = "malformed"
    return {
        "path": report.path,
        "verdict": verdict,
        "diagnostics": [d.to_json() for d in report.diagnostics],
        "games": [game_json(game) for game in report.games],
    }


def summary(reports: list[FileReport], unreadable: int) -> dict[str, int]:
    """The counts every report format closes with: games by verdict, plus files that
    hold no readable game at all (counted as malformed)."""
    games = [game for report in reports for game in report.games]
    diagnostics = [d for report in reports for d in report.all_diagnostics()]
    empty_broken = sum(1 for r in reports if not r.games and any(d.is_error for d in r.diagnostics))
    return {
        "files": len(reports) + unreadable,
        "games": len(games),
        "legal": sum(1 for g in games if g.verdict == "legal"),
        "illegal": sum(1 for g in games if g.verdict == "illegal"),
        "malformed": sum(1 for g in games if g.verdict == "malformed") + empty_broken,
        "unreadable": unreadable,
        "moves": sum(g.moves for g in games),
        "errors": sum(1 for d in diagnostics if d.is_error),
        "warnings": sum(1 for d in diagnostics if not d.is_error),
    }


def check_report(reports: list[FileReport], unreadable: list[dict[str, str]]) -> dict[str, Any]:
    files = [file_json(report) for report in reports]
    return {
        "$schema": REPORT_SCHEMA_ID,
        "format": "referee-check-report",
        "version": 1,
        "referee": __version__,
        "files": files,
        "unreadable": unreadable,
        "summary": summary(reports, len(unreadable)),
    }
