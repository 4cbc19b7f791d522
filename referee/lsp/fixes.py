"""Quick fixes for a finding, each an edit of the document's text: an allow comment where
`referee baseline` would write it, the Result the moves reach (as `fmt --fix-result`), and
the legal entry a misspelt one was meant to be.

An edit is (line, column, end line, end column, new text), 0-based, columns in characters.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Any

from referee.formatting import reached_result
from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.notation.chunks import Chunk
from referee.pipeline.baseline import allow_comment, allow_findings
from referee.pipeline.legal import entries_of
from referee.lsp.games import chunk_at, replay
from referee.lsp.hover import turns_of

Edit = tuple[int, int, int, int, str]

MEANT_CUTOFF = 0.8
"""How like the entry as written a legal one must be to be offered in its place."""


@dataclass(frozen=True, slots=True)
class Fix:
    title: str
    edits: list[Edit]
    preferred: bool = False


def fixes_for(path: str, lines: list[str], finding: dict[str, Any], options: JudgeOptions = NO_OPTIONS) -> list[Fix]:
    """The quick fixes of one finding (check's JSON of it) of the document's `lines`."""
    line = finding.get("line")
    if not isinstance(line, int) or not finding.get("code"):
        return []
    chunk = chunk_at(lines, line)
    if chunk is None:
        return []
    found: list[Fix] = []
    if finding.get("severity") == "error" and str(finding.get("move", "")).startswith("[Result"):
        found += result_fixes(path, chunk, options)
    if finding.get("severity") == "error" and finding.get("move_number"):
        found += meant_fixes(path, chunk, finding, options)
    found += allow_fixes(path, chunk, finding, options)
    return found


def allow_fixes(path: str, chunk: Chunk, finding: dict[str, Any], options: JudgeOptions = NO_OPTIONS) -> list[Fix]:
    """`{allow ID}` after the move (or tag) the finding is about, where `baseline` writes it;
    none for a finding no comment accepts."""
    code = finding["code"]
    index_line = finding["line"]
    baseline = allow_findings(path, chunk, 1, "", options)
    comment = allow_comment(code, "")
    for row in range(max(0, index_line - chunk.first_line), len(chunk.lines)):
        before, after = chunk.lines[row], baseline.lines[row]
        if before == after:
            continue
        matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
        for tag, i1, _, j1, j2 in matcher.get_opcodes():
            inserted = after[j1:j2]
            if tag == "insert" and comment in inserted:
                line = chunk.first_line + row - 1
                return [Fix(f"Allow {code} here (an allow comment)", [(line, i1, line, i1, " " + comment)])]
    return []


def result_fixes(path: str, chunk: Chunk, options: JudgeOptions = NO_OPTIONS) -> list[Fix]:
    """The Result the game's moves reach in place of the one written (or as a new tag)."""
    replayed = replay(path, list(chunk.lines), None, options)
    if replayed is None:
        return []
    report = replayed.report
    reached = reached_result(report)
    if reached is None or report.record is None:
        return []
    shift = chunk.first_line - 1
    tag = report.record.tag("Result")
    title = f'Write [Result "{reached}"], what the moves reach'
    if tag is not None and tag.span is not None:
        line = tag.span.line + shift - 1
        return [Fix(title, [(line, tag.span.col - 1, line, tag.span.end_col - 1, reached)], preferred=True)]
    last_tag = max((t.span.line for t in report.record.tags if t.span is not None), default=None)
    if last_tag is None:
        return []
    line = last_tag + shift
    return [Fix(title, [(line, 0, line, 0, f'[Result "{reached}"]\n')], preferred=True)]


def meant_fixes(path: str, chunk: Chunk, finding: dict[str, Any], options: JudgeOptions = NO_OPTIONS) -> list[Fix]:
    """The legal entries most like the one written (a card or a player misspelt), each as a
    fix that writes it in the entry's place."""
    number = finding["move_number"]
    written = finding.get("move") or ""
    if not written or written.endswith("."):
        return []
    _, turns = turns_of(chunk, path)
    if not 1 <= number <= len(turns):
        return []
    turn = turns[number - 1]
    spans = [span for span in (turn.player_span, *turn.token_spans) if span is not None] or (
        [turn.span] if turn.span is not None else [])
    if not spans or any(span.line != spans[0].line for span in spans):
        return []
    row = spans[0].line - chunk.first_line
    start = min(span.col for span in spans) - 1
    # The game as written up to the entry (a round number just before it left out too), so
    # that an entry no reader reads (a syntax error) is replaced as well as one the rules refuse.
    cut = re.sub(r"\d+\.\s*$", "", chunk.lines[row][:start])
    replayed = replay(path, [*chunk.lines[:row], cut], None, options)
    if replayed is None or replayed.report.engine is None or replayed.report.moves != number - 1:
        return []
    if replayed.report.engine.is_over:
        return []
    entries = entries_of(replayed.report)
    candidates = [f"{player}: {text}" for player, _, texts in entries.runs() for text in texts]
    meant = difflib.get_close_matches(turn.written(), candidates, n=3, cutoff=MEANT_CUTOFF)
    line = spans[0].line - 1
    end = max(span.end_col for span in spans) - 1
    return [Fix(f"Write '{entry}' (legal here)", [(line, start, line, end, entry)], )
            for entry in meant]
