"""What may come next at the cursor: the legal entries of the position before it, a word
at a time, as `play` offers them; in the header, tag names and their values.

The entries come from the game's own generator (`GameRules.legal_entries`, through
`referee.pipeline.legal.entries_of`), so an entry completed here is one `check` calls legal. Where a
round is due, its number comes first (`2. A: draw`). A word is offered at a time — the
player, then the kind or the card, then the target — so that a position of thousands of
entries (a Corsari raise) is a short list at each step; where one entry alone begins
with what is typed, the whole of it is offered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from referee.games import GAMES
from referee.games.base import NO_OPTIONS, GameRules, JudgeOptions
from referee.lsp.games import TAG, chunk_at, entries_after, rules_named
from referee.pipeline.next_word import next_words

MAX_ITEMS = 500
"""Completions sent at once; more are said to be incomplete, and come as more is typed."""

_TOKEN = re.compile(r"\S+")
_ROUND = re.compile(r"\d+\.$")
_TAG_NAME = re.compile(r"\s*\[\s*([A-Za-z][A-Za-z0-9_-]*)?$")
_TAG_VALUE = re.compile(r'\s*\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"([^"]*)$')


@dataclass(frozen=True, slots=True)
class Choice:
    """One completion: `new_text` replaces columns `start` to `end` (0-based, characters) of
    the cursor's line; `whole` says it ends an entry (or a tag value)."""

    label: str
    new_text: str
    start: int
    end: int
    detail: str
    kind: str
    whole: bool


@dataclass(frozen=True, slots=True)
class Choices:
    items: list[Choice]
    incomplete: bool = False


NONE = Choices([])


def complete(path: str, lines: list[str], line: int, column: int, options: JudgeOptions = NO_OPTIONS,
             data_names: tuple[str, ...] = ()) -> Choices:
    """The completions at (`line`, `column`), both 0-based, column in characters."""
    if line >= len(lines):
        return NONE
    prefix = lines[line][:column]
    chunk = chunk_at(lines, line + 1)
    if chunk is None:
        return NONE
    game_lines = chunk.lines[:line + 2 - chunk.first_line]  # up to the cursor's line, held
    rules = rules_named(chunk.lines)
    if prefix.lstrip().startswith("["):
        return _tag_choices(prefix, column, rules, chunk.lines, data_names)
    if _in_comment(prefix):
        return NONE
    for start in _fragment_starts(prefix):
        typed = prefix[start:]
        before = game_lines[:-1] + [prefix[:start]]
        entries = entries_after(path, before, options)
        if entries is None:
            continue
        round_ = f"{entries.round}. " if entries.round is not None else ""
        matches: list[tuple[str, str, str]] = []  # (whole text, kind, player)
        for player, kind, texts in entries.runs():
            for text in texts:
                whole = f"{round_}{player}: {text}"
                if whole.startswith(typed):
                    matches.append((whole, kind, player))
        if matches:
            return _word_choices(typed, column, matches)
    return NONE


def _in_comment(prefix: str) -> bool:
    """Whether the cursor stands in a comment: after `;`, or inside `{…}` left open."""
    depth = 0
    for char in prefix:
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        elif char == ";" and depth == 0:
            return True
    return depth > 0


def _fragment_starts(prefix: str) -> list[int]:
    """Where the entry being typed may begin, most likely first: at the last player's name
    (`B:`), taken back over a round number just before it, or at a round number with no
    name after it; else at the word under the cursor (an entry just begun, or none yet)."""
    tokens = [(match.start(), match.group()) for match in _TOKEN.finditer(prefix)]
    starts: list[int] = []
    for position in range(len(tokens) - 1, -1, -1):
        start, token = tokens[position]
        if token.endswith(":") and len(token) > 1:
            if position > 0 and _ROUND.match(tokens[position - 1][1]):
                start = tokens[position - 1][0]
            starts.append(start)
            break
        if _ROUND.match(token):
            starts.append(start)
            break
    word = len(prefix) if not prefix or prefix[-1].isspace() else tokens[-1][0]
    if word not in starts:
        starts.append(word)
    return starts


def _word_choices(typed: str, column: int, matches: list[tuple[str, str, str]]) -> Choices:
    """The next word of each entry that begins with `typed`; an entry alone behind its word
    is offered whole (`next_words`, as `play`'s Tab offers them)."""
    items: list[Choice] = []
    for step in next_words(typed, matches):
        if len(items) >= MAX_ITEMS:
            return Choices(items, incomplete=True)
        start = column - len(step.partial)
        kinds = ", ".join(step.kinds)
        if step.whole is not None:
            items.append(Choice(step.text.strip(), step.text, start, column,
                                f"{kinds} ({step.players[0]}): {step.whole}", kinds, True))
        else:
            items.append(Choice(step.text.strip(), step.text, start, column, f"{kinds}: {step.count} entries",
                                kinds, False))
    return Choices(items)


def _tag_choices(prefix: str, column: int, rules: GameRules | None, lines: list[str],
                 data_names: tuple[str, ...]) -> Choices:
    named = _TAG_NAME.match(prefix)
    if named is not None:
        partial = named.group(1) or ""
        present = {match.group(1) for text in lines if (match := TAG.match(text))}
        specs = rules.tags if rules is not None else [spec for game in GAMES for spec in GAMES[game].tags]
        items, seen = [], set()
        for spec in specs:
            if spec.name in seen or spec.name in present or not spec.name.startswith(partial):
                continue
            seen.add(spec.name)
            required = " (required)" if spec.required else ""
            items.append(Choice(spec.name, f'{spec.name} "', column - len(partial), column,
                                spec.doc + required, "tag", False))
        return Choices(items)
    valued = _TAG_VALUE.match(prefix)
    if valued is None:
        return NONE
    name, partial = valued.group(1), valued.group(2)
    values = _tag_values(name, rules, lines, data_names)
    return Choices([Choice(value, value + '"]', column - len(partial), column, f"{name}", "value", True)
                    for value in values if value.startswith(partial)])


def _tag_values(name: str, rules: GameRules | None, lines: list[str], data_names: tuple[str, ...]) -> list[str]:
    """The values a tag may take that can be named: games, players, variants, data."""
    tags = {match.group(1): match.group(2) for text in lines if (match := TAG.match(text))}
    if name == "Game":
        return [game.name for game in GAMES.entries()]
    if name == "First":
        return tags.get("Players", "").split()
    if name == "Variants" and rules is not None:
        return [variant.name for variant in rules.variants]
    if name in ("Data", "Cards") and rules is not None and rules.data_format:
        return list(dict.fromkeys([*rules.builtin_data(), *data_names]))
    if name == "Result":
        return ["*"]
    if name == "Geometry":
        return ["full"]
    return []
