"""The game record: what a log says, as plain data, before any rule is applied.

A record is what notation parses into, what JSON export writes and import reads,
and what the replay feeds to a rules engine. Each game supplies its own turn
`action` type (a frozen dataclass); everything else is shared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.span import Span


@dataclass(slots=True)
class Comment:
    """`{braced}` or `; line` comment, kept so every round trip gives it back."""

    text: str
    braced: bool
    span: Span | None = None


@dataclass(slots=True)
class Tag:
    name: str
    value: str
    span: Span | None = None
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class Turn:
    """One entry of the movetext: `player: body`.

    `text` is the body as written (tokens joined by one space); `token_spans`
    locate each of its tokens in the file, and `parts` name pieces of the body by
    (token index, start, end) so a diagnostic can underline just the target or
    just a capture claim.
    """

    player: str
    action: Any
    text: str
    span: Span | None = None
    player_span: Span | None = None
    token_spans: list[Span] = field(default_factory=list)
    parts: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    comments: list[Comment] = field(default_factory=list)

    def part_span(self, part: str) -> Span | None:
        if part == "mover":
            return self.player_span
        where = self.parts.get(part)
        if where is None or not self.token_spans:
            return self.body_span()
        index, start, end = where
        if index >= len(self.token_spans):
            return self.body_span()
        token = self.token_spans[index]
        return Span(token.line, token.col + start, token.col + end)

    def body_span(self) -> Span | None:
        if not self.token_spans:
            return self.span
        first, last = self.token_spans[0], self.token_spans[-1]
        if first.line == last.line:
            return Span(first.line, first.col, last.end_col)
        return first

    def written(self) -> str:
        return f"{self.player}: {self.text}"


@dataclass(slots=True)
class Round:
    number: int
    span: Span | None = None
    turns: list[Turn] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class GameRecord:
    """One game of a log file. `game` is the registry id (e.g. "korsar")."""

    game: str
    tags: list[Tag] = field(default_factory=list)
    preamble: list[Comment] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    line: int = 1

    def tag(self, name: str) -> Tag | None:
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None

    def tag_value(self, name: str) -> str | None:
        tag = self.tag(name)
        return None if tag is None else tag.value

    def turns(self) -> list[Turn]:
        return [turn for round_ in self.rounds for turn in round_.turns]

    def entry_count(self) -> int:
        """How many entries the movetext holds: the moves `check` counts."""
        return sum(len(round_.turns) for round_ in self.rounds)

    def entry(self, number: int | None) -> "tuple[Round, Turn] | None":
        """The `number`th entry of the movetext (from 1) with its round; None if there is none."""
        if number is None or number < 1:
            return None
        for round_ in self.rounds:
            if number <= len(round_.turns):
                return round_, round_.turns[number - 1]
            number -= len(round_.turns)
        return None
