"""The check report as JSON-ready data; schemas/check-report.schema.json describes it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee import __version__
from referee.diagnostics import Diagnostic
from referee.notation.codes import USAGE_CODES
from referee.games.base import Outcome
from referee.pipeline.replay import FileReport, GameReport
from referee.pipeline.source import Source
from referee.pipeline.verdicts import GameVerdict, UnitVerdict, game_verdict

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


EXCERPT_CHARS = 200


def excerpt(line: str, column: int) -> dict[str, Any]:
    """The line as written, cut to EXCERPT_CHARS around `column` when it is longer."""
    if len(line) <= EXCERPT_CHARS:
        return {"text": line, "column": 1}
    start = max(0, min(column - 1 - EXCERPT_CHARS // 2, len(line) - EXCERPT_CHARS))
    found = {"text": line[start:start + EXCERPT_CHARS], "column": start + 1}
    if start + EXCERPT_CHARS < len(line):
        found["cut_after"] = True
    return found


def diagnostic_json(diagnostic: Diagnostic, line_text: Callable[[int], str | None] | None = None) -> dict[str, Any]:
    """A diagnostic as JSON, quoting its line when `line_text` can give it."""
    data = diagnostic.to_json()
    span = diagnostic.span
    if span is not None and line_text is not None:
        text = line_text(span.line)
        if text is not None:
            data["excerpt"] = excerpt(text, span.col)
    return data


def source_lines(source: Source | None) -> Callable[[int], str | None] | None:
    if source is None:
        return None
    return lambda number: source.lines[number - 1] if 1 <= number <= len(source.lines) else None


def game_json(game: GameReport, line_text: Callable[[int], str | None] | None = None) -> dict[str, Any]:
    return verdict_json(game_verdict(game, line_text))


def verdict_json(game: GameVerdict) -> dict[str, Any]:
    """A judged game as JSON, quoting the lines it holds."""
    line_text = game.quoted.get
    data = {
        "index": game.index,
        "line": game.line,
        "game": game.game,
        "players": game.players,
        "verdict": game.verdict,
        "moves": game.moves,
        "finished": bool(game.outcome and game.outcome.finished),
        "diagnostics": [diagnostic_json(d, line_text) for d in game.diagnostics],
        "score": outcome_json(game.outcome),
    }
    if game.suppressed:
        data["suppressed"] = [diagnostic_json(d, line_text) for d in game.suppressed]
    return data


def unit_json(unit: UnitVerdict) -> dict[str, Any]:
    """A unit's verdict as JSON: {"path", "games": [game JSON…], "diagnostics": [file findings…]},
    plus "internal_error" or "unreadable" when the unit has one."""
    data: dict[str, Any] = {"path": unit.path, "games": [verdict_json(game) for game in unit.games],
                            "diagnostics": [diagnostic_json(d) for d in unit.diagnostics]}
    failed = unit.internal_error
    if failed is not None:
        data["internal_error"] = {"type": failed.kind, "message": failed.message, "traceback": failed.traceback}
    if unit.unreadable is not None:
        data["unreadable"] = unit.unreadable
    return data


def file_verdict(diagnostics: list[dict[str, Any]], games: list[dict[str, Any]]) -> str:
    if any(d["severity"] == "error" for d in diagnostics):
        return "malformed"
    verdicts = {game["verdict"] for game in games}
    if verdicts <= {"legal"}:
        return "legal"
    return "illegal" if "illegal" in verdicts else "malformed"


def file_json(report: FileReport) -> dict[str, Any]:
    lines = source_lines(report.source)
    diagnostics = [diagnostic_json(d) for d in report.diagnostics]  # about the file: no line to quote
    games = [game_json(game, lines) for game in report.games]
    return {
        "path": report.path,
        "verdict": file_verdict(diagnostics, games),
        "diagnostics": diagnostics,
        "games": games,
    }


class Tally:
    """The counts every report format closes with, added up as files are judged: games
    by verdict, plus files that hold no readable game at all (counted as malformed)."""

    def __init__(self) -> None:
        self.counts = {"files": 0, "games": 0, "legal": 0, "illegal": 0, "malformed": 0, "unreadable": 0,
                       "moves": 0, "errors": 0, "syntax_errors": 0, "warnings": 0}

    def add_games(self, games: list[dict[str, Any]]) -> None:
        counts = self.counts
        for game in games:
            counts["games"] += 1
            counts[game["verdict"]] += 1
            counts["moves"] += game["moves"]
            if any(d["code"] in USAGE_CODES for d in game["diagnostics"]):
                counts["not_judged"] = counts.get("not_judged", 0) + 1
            self.add_diagnostics(game["diagnostics"])
            if game.get("suppressed"):
                counts["suppressed"] = counts.get("suppressed", 0) + len(game["suppressed"])

    def add_diagnostics(self, diagnostics: list[dict[str, Any]]) -> None:
        for diagnostic in diagnostics:
            if diagnostic["severity"] != "error":
                self.counts["warnings"] += 1
                continue
            self.counts["errors"] += 1
            if diagnostic["code"].startswith("N-") and diagnostic["code"] not in USAGE_CODES:
                self.counts["syntax_errors"] += 1

    def add_file(self, diagnostics: list[dict[str, Any]], games_in_file: int) -> None:
        """Close a file whose games were added; its own findings come in here."""
        self.counts["files"] += 1
        self.add_diagnostics(diagnostics)
        if not games_in_file and any(d["severity"] == "error" for d in diagnostics):
            self.counts["malformed"] += 1

    def add_unreadable(self) -> None:
        self.counts["files"] += 1
        self.counts["unreadable"] += 1

    @property
    def errors(self) -> int:
        return self.counts["errors"]


def summary(files: list[dict[str, Any]], unreadable: int) -> dict[str, int]:
    tally = Tally()
    for file in files:
        tally.add_games(file["games"])
        tally.add_file(file["diagnostics"], len(file["games"]))
    for _ in range(unreadable):
        tally.add_unreadable()
    return dict(tally.counts)


def check_report(files: list[dict[str, Any]], unreadable: list[dict[str, str]],
                 counts: dict[str, int] | None = None) -> dict[str, Any]:
    """The whole report, from judged files as `file_json` gives them."""
    return {
        "$schema": REPORT_SCHEMA_ID,
        "format": "referee-check-report",
        "version": 1,
        "referee": __version__,
        "files": files,
        "unreadable": unreadable,
        "summary": counts if counts is not None else summary(files, len(unreadable)),
    }
