"""Diagnostics and summaries as text, the way rustc and ruff show them:

    path:12:26: error[K-TARGET] there is no galleon A3 on the table
       |
    12 | 3. A: draw  B: xB2 $6  C: R2@A3
       |                           ^^^^^
       = move 9: C: R2@A3
       = note: table: B6
       = help: `referee rules K-TARGET` explains the rule
"""

from __future__ import annotations

from referee.diagnostics import Diagnostic
from referee.games.base import Outcome
from referee.replay import FileReport, GameReport
from referee.reports.json_report import summary
from referee.reports.style import Style
from referee.source import Source

WINDOW = 100  # characters of a long line shown around the caret


def render_diagnostic(diagnostic: Diagnostic, source: Source | None, style: Style) -> str:
    colour = "red" if diagnostic.is_error else "yellow"
    head = style(f"{diagnostic.severity}[{diagnostic.code}]", colour, "bold")
    lines = [f"{style(diagnostic.location(), 'bold')}: {head} {style(diagnostic.message, 'bold')}"]
    span = diagnostic.span
    if span is not None and source is not None and 1 <= span.line <= len(source.lines):
        text = source.line(span.line)
        start, end = span.col - 1, max(span.end_col - 1, span.col)
        shown, offset = _window(text, start)
        gutter = " " * len(str(span.line))
        bar = style("|", "blue", "bold")
        caret_start = start - offset
        carets = "^" * max(1, min(end, offset + len(shown)) - start)
        lines.append(f"{gutter} {bar}")
        lines.append(f"{style(str(span.line), 'blue', 'bold')} {bar} {shown}")
        lines.append(f"{gutter} {bar} {' ' * _display_width(shown[:caret_start])}{style(carets, colour, 'bold')}")
    pad = " " * (len(str(span.line)) if span else 1)
    if diagnostic.move_text is not None:
        label = f"move {diagnostic.move_number}" if diagnostic.move_number else "in"
        move = diagnostic.move_text
        lines.append(f"{pad} = {label}: {move if len(move) <= 200 else move[:199] + '…'}")
    for note in diagnostic.notes:
        lines.append(f"{pad} = note: {note}")
    if not diagnostic.code.startswith("N-"):
        lines.append(f"{pad} = help: `referee rules {diagnostic.code}` explains the rule")
    return "\n".join(lines)


def _window(text: str, start: int) -> tuple[str, int]:
    """A long line is cut to a window around the caret; returns (shown text, offset)."""
    if len(text) <= WINDOW:
        return text.replace("\t", " "), 0
    offset = max(0, start - WINDOW // 2)
    piece = text[offset:offset + WINDOW].replace("\t", " ")
    return piece, offset


def _display_width(text: str) -> int:
    return len(text)


def render_file(report: FileReport, style: Style) -> list[str]:
    blocks = []
    for diagnostic in report.all_diagnostics():
        blocks.append(render_diagnostic(diagnostic, report.source, style))
    return blocks


def summary_line(reports: list[FileReport], unreadable: int, style: Style) -> str:
    counts = summary(reports, unreadable)

    def count(n: int, word: str, colour: str | None = None) -> str:
        text = f"{n} {word}"
        return style(text, colour) if n and colour else text

    parts = [count(counts["files"], "file" if counts["files"] == 1 else "files"),
             count(counts["games"], "game" if counts["games"] == 1 else "games"),
             count(counts["legal"], "legal", "green"),
             count(counts["illegal"], "illegal", "red"),
             count(counts["malformed"], "malformed", "red"),
             count(counts["moves"], "move" if counts["moves"] == 1 else "moves")]
    if unreadable:
        parts.append(style(f"{unreadable} could not be read", "red"))
    return ", ".join(parts)


def render_score(game: GameReport, style: Style) -> list[str]:
    """The final (or provisional) score of one judged game."""
    outcome = game.outcome
    title = f"Game {game.index} (line {game.line})"
    if game.rules is not None:
        title += f" — {game.rules.name}"
    lines = [style(title, "bold")]
    if outcome is None:
        lines.append(f"  no score: the game is {game.verdict}")
        return lines
    if game.verdict != "legal":
        first = next(d for d in game.diagnostics if d.is_error)
        lines.append(style(f"  {game.verdict} at {first.location()} [{first.code}]: the score below stands "
                           "where the replay stopped", "red"))
    elif not outcome.finished:
        lines.append("  the log stops before the game's end: the figures are provisional, nobody wins yet")
    lines.extend(_score_table(outcome, style))
    for key, value in outcome.summary.items():
        if isinstance(value, list) and value:
            lines.append(f"  {key.replace('_', ' ')}: {', '.join(map(str, value))}")
    if outcome.finished:
        if outcome.winners:
            lines.append(f"  winner{'s' if len(outcome.winners) > 1 else ''} (*): {', '.join(outcome.winners)}")
        else:
            lines.append("  winners: unknown (some hands at the end are not shown)")
    if outcome.claim is not None:
        colour = {"holds": "green", "false": "red"}.get(outcome.claim, "yellow")
        lines.append("  claimed result: " + style(outcome.claim, colour))
    return lines


def _cell(value: object) -> str:
    if value is None:
        return "?"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(map(str, value)) or "-"
    return str(value)


def _score_table(outcome: Outcome, style: Style) -> list[str]:
    """One row per side: its score, then the game's own figures, aligned in columns."""
    keys = list(outcome.sides[0].details) if outcome.sides else []
    header = ["side", "score"] + [key.replace("_", " ") for key in keys]
    rows = [[side.side + (" *" if side.side in outcome.winners else ""), _cell(side.score)]
            + [_cell(side.details.get(key)) for key in keys] for side in outcome.sides]
    widths = [max(len(row[i]) for row in [header] + rows) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  " + "  ".join(cell.ljust(width) if i != 1 else cell.rjust(width)
                                for i, (cell, width) in enumerate(zip(cells, widths))).rstrip()

    table = [style(line(header), "dim")]
    for side, row in zip(outcome.sides, rows):
        text = line(row)
        table.append(style(text, "green", "bold") if side.side in outcome.winners else text)
    return table
