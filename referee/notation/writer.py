"""Write game records back as canonical notation.

Canonical form: the game's tags in its documented order (own `X-` tags last),
one per line; a blank line; one round per line, turns separated by two spaces;
a line comment ends its line and the round goes on, indented, on the next; one
blank line between games. Comments stay where they were attached.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games.base import GameRules
from referee.record import Comment, GameRecord, Round, Turn

TurnText = Callable[[Turn], str]


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment(comment: Comment) -> str:
    return "{" + comment.text + "}" if comment.braced else f"; {comment.text}".rstrip()


def format_game(record: GameRecord, rules: GameRules, turn_text: TurnText | None = None) -> str:
    """`turn_text` gives a turn's canonical body (it needs the game state); by default the
    body is re-written from its action alone."""
    def default(turn: Turn) -> str:
        return rules.format_turn(turn.action) if turn.action is not None else turn.text

    body_of = turn_text or default
    lines: list[str] = [_comment(c) for c in record.preamble]
    order = {spec.name: index for index, spec in enumerate(rules.tags)}
    tags = sorted(record.tags, key=lambda tag: order.get(tag.name, len(order)))
    for tag in tags:
        value = rules.canonical_tag(tag.name, tag.value)
        lines.append(f'[{tag.name} "{escape(value)}"]')
        lines.extend(_comment(c) for c in tag.comments)
    if record.rounds:
        lines.append("")
    for round_ in record.rounds:
        _format_round(lines, round_, body_of)
    return "\n".join(lines) + "\n"


def _format_round(lines: list[str], round_: Round, body_of: TurnText) -> None:
    """One round per line; a line comment ends the line and the round goes on indented."""
    line = f"{round_.number}."
    turns_on_line = 0

    def add_comment(comment: Comment) -> None:
        nonlocal line, turns_on_line
        if comment.braced:
            line = f"{line} {_comment(comment)}" if line else f"   {_comment(comment)}"
            return
        lines.append(f"{line} {_comment(comment)}" if line else f"   {_comment(comment)}")
        line, turns_on_line = "", 0

    for comment in round_.comments:
        add_comment(comment)
    for turn in round_.turns:
        entry = f"{turn.player}: {body_of(turn)}"
        if not line:
            line = f"   {entry}"
        else:
            line = f"{line}{'  ' if turns_on_line else ' '}{entry}"
        turns_on_line += 1
        for comment in turn.comments:
            add_comment(comment)
    if line:
        lines.append(line)
