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

from typing import Any

from referee.diagnostics import Diagnostic
from referee.games.base import Consequence, Outcome
from referee.pipeline.replay import GameReport
from referee.reports.json_report import diagnostic_json, source_lines
from referee.reports.style import Style
from referee.reports.visible import visible
from referee.pipeline.source import Source

WINDOW = 100  # characters of a long line shown around the caret
LONG_WORK = 1.0  # seconds: quicker work closes without its time, which would only be noise


def render_diagnostic(diagnostic: Diagnostic, source: Source | None, style: Style) -> str:
    return render_json_diagnostic(diagnostic_json(diagnostic, source_lines(source)), style)


def render_json_diagnostic(data: dict[str, Any], style: Style) -> str:
    """One finding as JSON gives it (its excerpt quotes the line) in rustc's layout."""
    is_error = data["severity"] == "error"
    colour = "red" if is_error else "cyan" if data["severity"] == "suppressed" else "yellow"
    head = style(f"{data['severity']}[{data['code']}]", colour, "bold")
    location = visible(data["path"]) + (f":{data['line']}:{data['column']}" if "line" in data else "")
    lines = [f"{style(location, 'bold')}: {head} {style(visible(data['message']), 'bold')}"]
    number = data.get("line")
    shown_excerpt = data.get("excerpt")
    if number is not None and shown_excerpt is not None:
        base = shown_excerpt["column"]
        start = data["column"] - base
        end = max(data.get("end_column", data["column"]) - base, start + 1)
        text = shown_excerpt["text"]
        cut_before = base > 1
        cut_after = shown_excerpt.get("cut_after", False)
        shown, offset = _window(text, start)
        cut_before = cut_before or offset > 0
        cut_after = cut_after or offset + len(shown) < len(text)
        caret_start = start - offset
        caret_end = min(end - offset, len(shown))
        before = ("…" if cut_before else "") + visible(shown[:caret_start])
        marked = visible(shown[caret_start:caret_end])
        gutter = " " * len(str(number))
        bar = style("|", "blue", "bold")
        carets = "^" * max(1, _display_width(marked))
        lines.append(f"{gutter} {bar}")
        lines.append(f"{style(str(number), 'blue', 'bold')} {bar} {before}{marked}"
                     f"{visible(shown[caret_end:])}{'…' if cut_after else ''}")
        lines.append(f"{gutter} {bar} {' ' * _display_width(before)}{style(carets, colour, 'bold')}")
    pad = " " * (len(str(number)) if number is not None else 1)
    if data.get("move") is not None:
        label = f"move {data['move_number']}" if data.get("move_number") else "in"
        move = data["move"]
        lines.append(f"{pad} = {label}: {visible(move if len(move) <= 200 else move[:199] + '…')}")
    for note in data.get("notes", ()):
        lines.append(f"{pad} = note: {visible(note)}")
    rulings = data.get("rulings", ())
    if rulings:
        lines.append(f"{pad} = decided by: {', '.join(rulings)}")
        lines.append(f"{pad} = help: `referee rules {' '.join([data['code'], *rulings])}` explains them")
    else:
        lines.append(f"{pad} = help: `referee rules {data['code']}` explains the rule")
    return "\n".join(lines)


def _window(text: str, start: int) -> tuple[str, int]:
    """A long line is cut to a window around the caret; returns (shown text, offset)."""
    if len(text) <= WINDOW:
        return text.replace("\t", " "), 0
    offset = max(0, start - WINDOW // 2)
    piece = text[offset:offset + WINDOW].replace("\t", " ")
    return piece, offset


def _display_width(text: str) -> int:
    """Columns a terminal gives the text: wide East Asian characters take two."""
    if text.isascii():
        return len(text)
    from unicodedata import combining, east_asian_width

    return sum(2 if east_asian_width(char) in ("W", "F") else 0 if combining(char) else 1 for char in text)


def render_findings(diagnostics: list[dict[str, Any]], style: Style) -> list[str]:
    return [render_json_diagnostic(d, style) for d in diagnostics]


def summary_line(counts: dict[str, int], style: Style, elapsed: float | None = None) -> str:
    """The closing line; with `elapsed` seconds of long work, also the time taken and the speed."""

    def count(n: int, word: str, colour: str | None = None) -> str:
        text = f"{n} {word}"
        return style(text, colour) if n and colour else text

    parts = [count(counts["files"], "file" if counts["files"] == 1 else "files"),
             count(counts["games"], "game" if counts["games"] == 1 else "games"),
             count(counts["legal"], "legal", "green"),
             count(counts["illegal"], "illegal", "red"),
             count(counts["malformed"] - counts.get("not_judged", 0), "malformed", "red"),
             count(counts["moves"], "move" if counts["moves"] == 1 else "moves")]
    if counts.get("not_judged"):
        parts.append(style(f"{counts['not_judged']} could not be judged here", "red"))
    if counts["unreadable"]:
        parts.append(style(f"{counts['unreadable']} could not be read", "red"))
    syntax = counts.get("syntax_errors", 0)
    if syntax:
        parts.append(style(f"{syntax} syntax error{'' if syntax == 1 else 's'}", "red"))
    suppressed = counts.get("suppressed", 0)
    if suppressed:
        parts.append(style(f"{suppressed} suppressed by allow comments", "yellow"))
    line = ", ".join(parts)
    if elapsed is not None and elapsed >= LONG_WORK:
        line += f" in {elapsed:.1f} s" + (f" ({counts['moves'] / elapsed:,.0f} moves/s)" if counts["moves"] else "")
    return line


def render_score(game: GameReport, style: Style) -> list[str]:
    """The final (or provisional) score of one judged game."""
    outcome = game.outcome
    title = f"Game {game.index} (line {game.line})"
    if game.rules is not None:
        title += f" — {game.rules.name}"
    lines = [style(title, "bold")]
    if outcome is None:
        unjudged = game.not_judged
        lines.append(f"  no score: {unjudged.message} ({unjudged.code})" if unjudged is not None
                     else f"  no score: the game is {game.verdict}")
        return lines
    if game.verdict != "legal":
        first = next(d for d in game.diagnostics if d.is_error)
        lines.append(style(f"  {game.verdict} at {first.location()} [{first.code}]: the score below stands "
                           "where the replay stopped", "red"))
    elif not outcome.finished:
        lines.append("  the log stops before the game's end: the figures are provisional, nobody wins yet")
    lines.extend(_score_table(outcome, style))
    if game.rules is not None and game.rules.score_note:
        lines.append(style(f"  {game.rules.score_note}", "dim"))
    notice = outcome.summary.get("notice")
    if isinstance(notice, str):
        lines.append(visible(f"  note: {notice}"))
    if "accepted_not_checked" in outcome.summary:
        lines.append(f"  events: {outcome.summary.get('checked_events', 0)} checked, "
                     f"{outcome.summary['accepted_not_checked']} accepted, not checked")
    for key, value in outcome.summary.items():
        if isinstance(value, list) and value:
            lines.append(visible(f"  {key.replace('_', ' ')}: {', '.join(map(str, value))}"))
    if outcome.finished:
        if outcome.winners:
            lines.append(f"  winner{'s' if len(outcome.winners) > 1 else ''} (*): {', '.join(outcome.winners)}")
        else:
            lines.append("  winners: unknown (some hands at the end are not shown)")
    if outcome.claim is not None:
        colour = {"holds": "green", "false": "red"}.get(outcome.claim, "yellow")
        words = {"false": "does not hold"}.get(outcome.claim, outcome.claim)
        lines.append("  claimed result: " + style(words, colour))
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


def consequence_line(consequence: Consequence) -> str:
    """One consequence of an entry's account as a line says it: the sentence, then the ruling
    that decided it (`A takes galleon A4 (4 gold) for A: … (K-CONTROL)`)."""
    return f"{consequence.text} ({consequence.ruling})" if consequence.ruling else consequence.text


TEXT_WIDTH = 100
"""No line of text output is wider, where it can break: a legend or a note is prose, wrapped."""


def fitted(lines: list[str], width: int = TEXT_WIDTH) -> list[str]:
    """The lines, each one longer than `width` broken at spaces, its continuation indented two
    more than it; never inside a quoted or bracketed piece (a tag a reader copies, such as
    [Data "lagoon-9 sha256:…"]) or a short parenthesis, nor where no space allows it."""
    import re
    import textwrap

    out: list[str] = []
    for line in lines:
        if len(line) <= width or " " not in line.strip():
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip(" "))
        kept = re.sub(r'\[[^\]]*\]|"[^"]*"|\([^()]{0,20}\)', lambda piece: piece.group().replace(" ", "\0"), line)
        wrapped = textwrap.wrap(kept, width, subsequent_indent=" " * (indent + 2), break_long_words=False,
                                break_on_hyphens=False, replace_whitespace=False)
        out.extend(part.replace("\0", " ") for part in wrapped)
    return out
