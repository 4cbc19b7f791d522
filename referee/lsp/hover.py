"""What the cursor stands on, said in words: a finding's ruling (as `referee rules ID`), a
tag's meaning, or an entry's position after it (as `referee show --move N`) and what it did.

`hover_text` is the one function that says it, so that whatever else comes to be said of
an entry (an account of it from its engine) is added in one place, `entry_text`.
"""

from __future__ import annotations

from typing import Any

from referee import api
from referee.games.base import NO_OPTIONS, Consequence, GameRules, JudgeOptions
from referee.notation.chunks import Chunk
from referee.notation.reader import read_chunk
from referee.record import GameRecord, Turn
from referee.lsp.games import TAG, chunk_at, replay, rules_named
from referee.pipeline.replay import entry_account
from referee.reports.text import consequence_line

def hover_text(path: str, lines: list[str], line: int, column: int, findings: list[dict[str, Any]],
               options: JudgeOptions = NO_OPTIONS) -> str | None:
    """Markdown for what stands at (`line`, `column`), both 0-based; None for nothing."""
    said: list[str] = []
    for finding in findings:
        if finding.get("line") == line + 1 and _covers(finding, column + 1):
            said.append(ruling_text(finding["code"]))
    chunk = chunk_at(lines, line + 1)
    if chunk is not None:
        tag = TAG.match(lines[line])
        if tag is not None:
            said.append(tag_text(tag.group(1), rules_named(chunk.lines)))
        else:
            entry = entry_text(path, chunk, line + 1, column + 1, options)
            if entry is not None:
                said.append(entry)
    said = [text for text in said if text]
    return "\n\n---\n\n".join(dict.fromkeys(said)) if said else None


def _covers(finding: dict[str, Any], column: int) -> bool:
    start = finding.get("column", 1)
    end = max(finding.get("end_column", start + 1), start + 1)
    return start <= column <= end


def ruling_text(code: str) -> str:
    """A code's ruling in words, as `referee rules ID` gives it."""
    for ruling in api.rulings():
        if ruling.id == code:
            return f"**{ruling.id}** {ruling.title}\n\n{ruling.text}"
    return ""


def tag_text(name: str, rules: GameRules | None) -> str:
    """What a tag means, from the game's own list of tags (every game's, when none is named)."""
    specs = rules.tags if rules is not None else []
    for spec in specs:
        if spec.name == name:
            required = " (required)" if spec.required else ""
            return f"**[{name}]**{required}: {spec.doc}"
    return f"**[{name}]**: a tag {rules.name} does not read" if rules is not None else ""


def turns_of(chunk: Chunk, path: str = "<text>") -> tuple[GameRecord | None, list[Turn]]:
    """The game of a chunk as read, its lines counted as in the file, and its turns."""
    for read in read_chunk(path, chunk):
        if read.record is not None:
            return read.record, read.record.turns()
    return None, []


def entry_text(path: str, chunk: Chunk, line: int, column: int, options: JudgeOptions = NO_OPTIONS) -> str | None:
    """The entry at (`line`, `column`), 1-based in the file: its position after it, as
    `referee show --move N` draws it, and what it changed."""
    record, turns = turns_of(chunk, path)
    for number, turn in enumerate(turns, start=1):
        if _on(turn, line, column):
            break
    else:
        return None
    assert record is not None  # it holds the turns
    lines = list(chunk.lines)
    after = replay(path, lines, number, options)
    if after is None:
        return None
    report = after.report
    if report.engine is None or report.rules is None:
        return None
    heading = f"**Move {number}**: `{turn.written()}`"
    if report.moves < number:
        stopped = next((d for d in report.diagnostics if d.is_error), None)
        why = f": {stopped.code} {stopped.message}" if stopped is not None else ""
        return heading + f"\n\nThe replay stops at move {report.moves + 1}{why}"
    view = report.engine.view()
    said = [heading, *account_text(path, report.rules, record, number, options)]
    where = f", line {turn.span.line}" if turn.span else ""
    board = "\n".join(report.rules.render_view(view))
    said.append(f"After move {number} ({turn.written()}{where}):\n```\n{board}\n```")
    return "\n\n".join(said)


def account_text(path: str, rules: GameRules, record: GameRecord, move: int, options: JudgeOptions) -> list[str]:
    """What entry `move` did, in the engine's own words, told as `play`'s `why` and `show
    --move` tell it (`entry_account`: from the position the entry was played in, a round it
    opens begun): a line a consequence, each citing its ruling."""
    account: list[Consequence] | None
    try:
        account = entry_account(path, rules, record, move, options)
    except Exception:  # noqa: BLE001 - an account that cannot be told must not cost the hover
        return []
    if not account:
        return []
    return ["What it did:\n" + "\n".join(f"- {consequence_line(consequence)}" for consequence in account)]


def _on(turn: Turn, line: int, column: int) -> bool:
    spans = [span for span in (turn.player_span, turn.span, *turn.token_spans) if span is not None]
    on_line = [span for span in spans if span.line == line]
    return bool(on_line) and min(s.col for s in on_line) <= column <= max(s.end_col for s in on_line)
