"""A document judged as `check` judges a file, game by game, each game's verdict kept.

An editor sends the whole text on every keystroke, but a keystroke touches one game: the
others are the same lines as before. `DocumentJudge` cuts the text into games as check
does (`file_units`), and judges again only the games whose lines changed. A game's
verdict is kept as if the game stood at the top of the file (its lines counted from 1,
its index 1), then moved to where it stands, so that a line put in or taken out above
it leaves it judged. Nothing here knows of the protocol: it gives check's JSON findings.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.notation.chunks import Chunk
from referee.pipeline.work import FileEnd, FileStart, Unit, chunk_is_whole, file_findings, file_units, judge_chunks
from referee.reports.json_report import diagnostic_json, verdict_json
from referee.reports.selection import Selection

MAX_DOCUMENT_CHARS = 4 << 20
"""Past this many characters an open document is not judged whole as it is typed: an
archive of thousands of games is checked by `referee check`, which reads it a game at a
time; an editor's buffer of it would hold every game's verdict in memory."""



@dataclass(slots=True)
class GameSpan:
    """One game of the document: its chunk (lines as written, first line in the file), its
    index, and its verdict as check's JSON gives it, placed where the game stands."""

    chunk: Chunk
    index: int
    games: list[dict[str, Any]]

    @property
    def first_line(self) -> int:
        return self.chunk.first_line

    @property
    def last_line(self) -> int:
        return self.chunk.first_line + max(len(self.chunk.lines), 1) - 1


@dataclass(slots=True)
class Judgement:
    """A document's verdict: its games, the file's own findings, and how many games were
    judged afresh (the rest were known)."""

    games: list[GameSpan] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    judged: int = 0
    too_large: bool = False

    def diagnostics(self) -> list[dict[str, Any]]:
        """Every finding, in check's order: the file's first, then each game's."""
        return self.findings + [d for span in self.games for game in span.games for d in game["diagnostics"]]

    def game_at(self, line: int) -> GameSpan | None:
        """The game whose lines hold `line` (1-based)."""
        for span in self.games:
            if span.first_line <= line <= span.last_line:
                return span
        return None


class DocumentJudge:
    """Judges one document again and again as it changes, keeping each game's verdict."""

    def __init__(self, path: str, options: JudgeOptions = NO_OPTIONS, selection: Selection = Selection(),
                 max_chars: int = MAX_DOCUMENT_CHARS) -> None:
        self.path = path
        self.options = options
        self.selection = selection
        self.max_chars = max_chars
        self._known: dict[tuple[Any, ...], list[dict[str, Any]]] = {}

    def judge(self, text: str) -> Judgement:
        """The document's verdict; games met before with the same lines are not judged again.
        Only the games of this text are kept, so memory follows the document."""
        if len(text) > self.max_chars:
            self._known = {}
            return Judgement(findings=[too_large(self.path, len(text), self.max_chars)], too_large=True)
        result = Judgement()
        known, self._known = self._known, {}
        index = 0
        blank: bool | None = None
        for item in file_units(self.path, io.BytesIO(text.encode("utf-8", "surrogatepass"))):
            if isinstance(item, FileStart):
                if item.problem is not None:
                    result.findings.extend(self.selection.filter([diagnostic_json(item.problem)]))
            elif isinstance(item, FileEnd):
                blank = item.blank
            else:
                for chunk in item.chunks:
                    key, games = self._judged(chunk, item.cut, known)
                    if games is None:
                        result.judged += 1
                        games = self._judge_chunk(chunk, item.cut)
                    self._known[key] = games
                    placed = _placed(games, chunk.first_line - 1 if key[0] == 1 else 0, index)
                    self.selection.apply(placed)
                    result.games.append(GameSpan(chunk, index + 1, placed))
                    index += len(placed)
        if blank is not None:
            found = file_findings(self.path, index, blank)
            result.findings.extend(self.selection.filter([diagnostic_json(d) for d in found]))
        return result

    def _judged(self, chunk: Chunk, cut: dict[int, int],
                known: dict[tuple[Any, ...], list[dict[str, Any]]]) -> tuple[tuple[Any, ...], list[dict[str, Any]] | None]:
        """The key a chunk's verdict is kept under, and the verdict when it is known. A whole
        chunk is kept as if it began the file; a chunk cut short (a line too long, a game too
        long) is kept where it stands, as its findings name lines of the file."""
        if chunk_is_whole(chunk, cut):
            key: tuple[Any, ...] = (1, "\n".join(chunk.lines), chunk.dropped)
        else:
            key = (chunk.first_line, "\n".join(chunk.lines), chunk.dropped, chunk.unread,
                   tuple(sorted(cut.items())))
        return key, known.get(key)

    def _judge_chunk(self, chunk: Chunk, cut: dict[int, int]) -> list[dict[str, Any]]:
        if chunk_is_whole(chunk, cut):
            chunk = Chunk(1, chunk.lines, chunk.dropped, chunk.unread)
            cut = {}
        return [verdict_json(game) for game in judge_chunks(Unit(self.path, [chunk], dict(cut), self.options))]


def _placed(games: list[dict[str, Any]], shift: int, index: int) -> list[dict[str, Any]]:
    """A chunk's games moved `shift` lines down and numbered from `index + 1`: copies of what
    the move changes (the game, its lists of findings, each finding), the rest shared with
    the verdict kept."""
    placed = []
    for offset, game in enumerate(games):
        moved = dict(game)
        moved["index"] = index + 1 + offset
        moved["line"] = game["line"] + shift
        for key in ("diagnostics", "suppressed"):
            if key in game:
                moved[key] = [_moved(diagnostic, shift) for diagnostic in game[key]]
        placed.append(moved)
    return placed


def _moved(diagnostic: dict[str, Any], shift: int) -> dict[str, Any]:
    moved = dict(diagnostic)
    if "line" in moved:
        moved["line"] += shift
    return moved


def too_large(path: str, size: int, limit: int) -> dict[str, Any]:
    """The one finding of a document too large to judge as it is typed: no ruling's, so it
    cites no code."""
    return {"code": "", "severity": "warning", "path": path, "line": 1, "column": 1, "end_column": 1,
            "message": f"this document holds {size:,} characters: the editor judges documents of up to "
                       f"{limit:,} as they are typed, and this one is not judged",
            "notes": [f"run `referee check {path}` to judge it, a game at a time"]}


def warm(game_ids: set[str], players: dict[str, str]) -> None:
    """Build each game's full grammar before the first keystroke needs it: the quick reading
    of a plain log never does, and a half-typed entry is what reaches for it, at once costing
    a few hundred milliseconds the first time. `players` gives a player of each game."""
    from referee.games import GAMES

    for game_id in game_ids:
        try:
            GAMES[game_id].parse_turn(players.get(game_id, "A"), "\u2400")
        except Exception:  # noqa: BLE001 - a refusal is what is expected; the grammar is built
            pass

