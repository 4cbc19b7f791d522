"""Write game records back as canonical notation.

Canonical form, laid out the way a person writes a log and the way PGN's export
format wraps its movetext:

- the game's tags in its documented order (own `X-` tags last), one per line,
  each followed by its comments on lines of their own, then a blank line;
- each round starts a line with its number; its turns follow, two spaces apart,
  and wrap before column 80 onto lines indented under the first turn. A turn is
  never split: one longer than a line stands alone on its line;
- a comment stays right after the turn (or tag, or round number) it follows:
  a braced comment flows with the turns, its words wrapped like them; a line
  comment ends its line, and a long one goes on as further line comments;
- one blank line between games.

Comment text is re-flowed (runs of white space become one space), so writing a
canonical log again gives it back unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from referee.games.base import GameRules
from referee.record import Comment, GameRecord, Round, Turn

TurnText = Callable[[Turn], str]

WIDTH = 79
"""The longest line canonical notation writes, where a turn does not force more."""


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def format_game(record: GameRecord, rules: GameRules, turn_text: TurnText | None = None) -> str:
    """`turn_text` gives a turn's canonical body (it needs the game state); by default the
    body is re-written from its action alone."""
    def default(turn: Turn) -> str:
        return rules.format_turn(turn.action) if turn.action is not None else turn.text

    body_of = turn_text or default
    lines = format_head(record, rules)
    for round_ in record.rounds:
        _format_round(lines, round_, body_of)
    return "\n".join(lines) + "\n"


def format_head(record: GameRecord, rules: GameRules) -> list[str]:
    """The lines before the movetext: the preamble, the tags, and the blank line that ends
    them when rounds follow."""
    lines: list[str] = []
    for comment in record.preamble:
        _standalone(lines, comment, "")
    order = {spec.name: index for index, spec in enumerate(rules.tags)}
    tags = sorted(record.tags, key=lambda tag: order.get(tag.name, len(order)))
    for tag in tags:
        value = rules.canonical_tag_of(record, tag.name, tag.value)
        lines.append(f'[{tag.name} "{escape(value)}"]')
        for comment in tag.comments:
            _standalone(lines, comment, "")
    if record.rounds:
        lines.append("")
    return lines


def format_round(round_: Round, body_of: TurnText) -> list[str]:
    """One round's lines, each turn's body as `body_of` gives it: a game written round by round."""
    lines: list[str] = []
    _format_round(lines, round_, body_of)
    return lines


def _format_round(lines: list[str], round_: Round, body_of: TurnText) -> None:
    head = f"{round_.number}."
    if not round_.comments and not any(turn.comments for turn in round_.turns):
        _pack_turns(lines, head, [f"{turn.player}: {body_of(turn)}" for turn in round_.turns])
        return
    layout = _Layout(lines, head, " " * (len(head) + 1))
    for comment in round_.comments:
        layout.comment(comment)
    for turn in round_.turns:
        layout.turn(f"{turn.player}: {body_of(turn)}")
        for comment in turn.comments:
            layout.comment(comment)
    layout.flush()


def _pack_turns(lines: list[str], head: str, entries: list[str]) -> None:
    """A round with no comment, laid out as `_Layout` would, for the common case at speed."""
    line, gap, indent = head, " ", " " * (len(head) + 1)
    for entry in entries:
        if len(line) + len(gap) + len(entry) <= WIDTH:
            line = f"{line}{gap}{entry}"
        else:
            lines.append(line)
            line = indent + entry
        gap = "  "
    lines.append(line)


def _standalone(lines: list[str], comment: Comment, indent: str) -> None:
    """A comment on lines of its own (before the tags, or after one)."""
    layout = _Layout(lines, "", indent)
    layout.comment(comment)
    layout.flush()


class _Layout:
    """Fills lines up to WIDTH with unbreakable pieces: turns and comment words."""

    def __init__(self, lines: list[str], first: str, indent: str) -> None:
        self.lines = lines
        self.indent = indent
        self.line = first
        self.bare = not first  # the line holds nothing yet but its indent
        self.after_turn = False

    def flush(self) -> None:
        if not self.bare:
            self.lines.append(self.line)
        self.line, self.bare, self.after_turn = self.indent, True, False

    def put(self, piece: str, gap: str = " ", may_lead: bool = True) -> None:
        """Add a piece; it starts a new line when it does not fit, unless it may not
        lead a line (a comment word that would read as a tag line)."""
        if self.bare:
            self.line, self.bare = self.indent + piece, False
        elif len(self.line) + len(gap) + len(piece) <= WIDTH or not may_lead:
            self.line = f"{self.line}{gap}{piece}"
        else:
            self.flush()
            self.line, self.bare = self.indent + piece, False

    def turn(self, entry: str) -> None:
        self.put(entry, "  " if self.after_turn else " ")
        self.after_turn = True

    def comment(self, comment: Comment) -> None:
        words = comment.text.split()
        if comment.braced:
            self._braced(words)
        else:
            self._line_comment(words)

    def _braced(self, words: list[str]) -> None:
        if not words:
            self.put("{}")
            return
        for index, word in enumerate(words):
            piece = ("{" if index == 0 else "") + word + ("}" if index == len(words) - 1 else "")
            # Inside a comment, a line that starts with '[' would end it (a tag line).
            self.put(piece, may_lead=index == 0 or not word.startswith("["))

    def _line_comment(self, words: list[str]) -> None:
        """`; text` ends its line; words that do not fit go on as further line comments."""
        for chunk in _line_chunks(words, WIDTH - len(self.indent) - 2):
            text = "; " + " ".join(chunk) if chunk else ";"
            if not self.bare and len(self.line) + 1 + len(text) > WIDTH:
                self.flush()
            self.put(text)
            self.flush()


def _line_chunks(words: list[str], room: int) -> Iterable[list[str]]:
    if not words:
        yield []
        return
    chunk: list[str] = []
    size = 0
    for word in words:
        if chunk and size + 1 + len(word) > room:
            yield chunk
            chunk, size = [], 0
        size += (1 if chunk else 0) + len(word)
        chunk.append(word)
    yield chunk
