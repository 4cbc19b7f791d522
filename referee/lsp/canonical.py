"""A document in canonical form, game by game, as `referee fmt` writes a file.

The same reading and the same writer as fmt (`judged_chunks`, `write_canonical`): a
document with a syntax error is not rewritten, and its errors say why. Each game's
canonical lines are given with the lines of the document they replace, so that a range of
whole games can be written alone.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from referee.diagnostics import Diagnostic
from referee.formatting import reached_result, set_result, write_canonical
from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.notation.reader import ReadGame
from referee.pipeline.work import judged_chunks
from referee.reports.json_report import diagnostic_json


@dataclass(slots=True)
class GameText:
    """The lines `first` to `last` (0-based, `last` excluded) of the document, and what they
    become; `end_column` is where the replaced text ends on line `last` (0 but for a
    document whose last line has no line end)."""

    first: int
    last: int
    end_column: int
    text: str


@dataclass(slots=True)
class Canonical:
    games: list[GameText] = field(default_factory=list)
    broken: list[dict[str, Any]] = field(default_factory=list)

    def changed(self, original: list[str]) -> list[GameText]:
        """The games whose text is not canonical already."""
        found = []
        for game in self.games:
            was = "".join(line + "\n" for line in original[game.first:game.last])
            if game.end_column:
                was += original[game.last][:game.end_column]
            if was != game.text:
                found.append(game)
        return found


def canonical(path: str, text: str, options: JudgeOptions = NO_OPTIONS, fix_result: bool = False) -> Canonical:
    """Each game of the document in canonical form, or the errors that keep it from being
    written (a syntax error, data not given)."""
    data = text.encode("utf-8", "surrogatepass")
    result = Canonical()
    problems: list[Diagnostic] = []
    for judged in judged_chunks(path, io.BytesIO(data), problems, full=True, options=options):
        result.broken.extend(diagnostic_json(d, judged.lines) for game in judged.games
                             if game.verdict == "malformed" for d in game.diagnostics if d.is_error)
    result.broken[:0] = [diagnostic_json(d) for d in problems if d.is_error]
    if result.broken:
        return result
    chunks = list(judged_chunks(path, io.BytesIO(data), [], full=True, options=options,
                                wanted=None if fix_result else (lambda number: False)))
    for position, judged in enumerate(chunks):
        last = position == len(chunks) - 1
        original = judged.chunk.lines
        missing_newline = last and bool(original) and original[-1] != ""
        count = len(original) if (missing_newline or not last) else len(original) - 1
        written: list[str] = []
        for game in judged.games:
            if fix_result:
                reached = reached_result(game)
                if reached is not None and game.record is not None:
                    set_result(game.record, reached)
            write_canonical(path, game.index, ReadGame(game.record, game.rules, [], game.line), written.extend,
                            options)
        if not last and written:
            written.append("")
        first = judged.chunk.first_line - 1
        if missing_newline:
            result.games.append(GameText(first, first + count - 1, len(original[-1]),
                                         "".join(line + "\n" for line in written)))
        else:
            result.games.append(GameText(first, first + count, 0, "".join(line + "\n" for line in written)))
    return result


def canonical_text(path: str, text: str, options: JudgeOptions = NO_OPTIONS) -> str | None:
    """The whole document as fmt writes it; None when it cannot be written."""
    found = canonical(path, text, options)
    if found.broken:
        return None
    return "".join(game.text for game in found.games)
