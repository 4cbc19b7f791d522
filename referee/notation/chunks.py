"""Split a log's lines into games before anything is parsed.

A game begins at the file's first line of text that neither opens with a comment
nor lies wholly inside one, at a tag line that follows movetext, and at a Game tag
line when the game under way has a Game tag already; comments in front of the
first game belong to it. `Splitter` is the one definition of this: `split_games` cuts a file
into games where it says, and the scanner asks it where the game of a chunk
begins. It reads tag lines and comments (a tag line also closes a comment left
open), and of the rest only whether it is movetext, so splitting costs little,
runs on a stream, and hands each game to the reader (or to another process) whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

TAG_START = re.compile(r"\s*\[")
TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
"""What a tag's name is made of (schemas/game-record.schema.json says the same)."""
TAG_LINE = re.compile(
    r'\[\s*(?P<name>' + TAG_NAME.pattern + r')\s+"(?P<value>(?:[^"\\\n]|\\["\\])*)"\s*\]'
)
_TAIL_COMMENT = re.compile(r"\s*(?:(;)|\{[^}]*(\})?)")
_COMMENT_OR_WORD = re.compile(r";|\{[^}]*(\})?|[^\s{};:]")
_MOVETEXT_CHAR = re.compile(r"[^\s:}]")


def game_tag_value(line: str) -> str | None:
    """The game a line names, if it is a Game tag line."""
    match = _tag_at(line)
    return tag_value(match) if match is not None and match.group("name") == "Game" else None


def tag_line_kind(line: str) -> bool | None:
    """None when the splitter does not read `line` as a tag line; else whether it is a
    Game tag, as `Splitter.begins_at_tag` asks."""
    if not TAG_START.match(line):
        return None
    tag = _tag_at(line)
    return tag is not None and tag.group("name") == "Game"


def _tag_at(line: str) -> re.Match[str] | None:
    """The well-formed tag a line starts with, after its indent."""
    return TAG_LINE.match(line, len(line) - len(line.lstrip()))


def tag_value(match: re.Match[str]) -> str:
    """The value of a TAG_LINE match, its escapes (\\" and \\\\) read."""
    value = match.group("value")
    if "\\" in value:
        value = value.replace('\\"', '"').replace("\\\\", "\\")
    return value


@dataclass(slots=True)
class Chunk:
    """The lines of one game (plus, for the first, the comments in front of it)."""

    first_line: int
    lines: list[str]
    dropped: int = 0
    """Lines of the game after `lines` that were not kept: it ran past MAX_GAME_LINES or
    MAX_GAME_CHARS."""
    unread: int = 0
    """The first of them that holds text (its line in the file); 0 when they were all blank,
    and nothing of the game is lost."""


MAX_GAME_LINES = 100_000
MAX_GAME_CHARS = 16 << 20
"""No game is this long (characters without line ends; its lines run from the first to the
line before the next game's): the longest bundled or simulated one is a few hundred lines
and a few kilobytes. The lines of a game past either limit are counted but not held, so
memory stays flat however a file runs on (twenty million blank lines held whole would take
200 MiB). Blank lines before a file's first text are not a game's: they are let go as they come.
Nor is what comes before a file's first game: the game's limits count from its own first line,
and a lead-in that ran past them is cut short, a chunk of its own."""


SplitterState = tuple[bool, bool, bool, bool]
"""What the splitter knows between two lines: (started, in movetext, in an open comment,
the game under way has a Game tag)."""


class Splitter:
    """Where games begin, read line by line: the one definition of it, which `split_games`
    cuts a stream by and the scanner reads a chunk's game by."""

    def __init__(self, state: SplitterState = (False, False, False, False)) -> None:
        self.started, self.in_movetext, self.open_comment, self.has_game_tag = state
        # has_game_tag: a second Game tag starts the next game, moves or not

    @property
    def state(self) -> SplitterState:
        return self.started, self.in_movetext, self.open_comment, self.has_game_tag

    def begins_at_tag(self, game_tag: bool) -> bool:
        """Whether a tag line read now (a Game tag or another) begins the next game."""
        return self.in_movetext or not self.started or (game_tag and self.has_game_tag)

    def starts_game(self, line: str) -> bool:
        """Read one line; True when it begins the next game."""
        start = 0
        if self.open_comment:
            if not TAG_START.match(line):
                close = line.find("}")
                if close < 0:
                    return False
                start = close + 1
            self.open_comment = False
        if start == 0 and TAG_START.match(line):
            tag = _tag_at(line)  # read once, for the Game question and for what follows the tag
            game_tag = tag is not None and tag.group("name") == "Game"
            begins = self.begins_at_tag(game_tag)
            if begins:
                self.has_game_tag = False
            self.has_game_tag = self.has_game_tag or game_tag
            self.started = True
            self.in_movetext = False
            if tag is not None and tag.end() < len(line):
                self._tail_of_tag(line, tag.end())
            return begins
        begins = False
        if not self.started and line.strip() and not line.lstrip().startswith((";", "{")):
            self.started = True
            self.in_movetext = False  # what came before the game (a lead-in's words) is not its movetext
            begins = True
        self._movetext(line, start)
        return begins

    def _movetext(self, line: str, start: int) -> None:
        if "{" not in line and ";" not in line:
            if not self.in_movetext and _MOVETEXT_CHAR.search(line, start):
                self.in_movetext = True
            return
        for match in _COMMENT_OR_WORD.finditer(line, start):
            text = match.group()
            if text == ";":
                return
            if text.startswith("{"):
                if match.group(1) is None:
                    self.open_comment = True
                    return
            else:
                self.in_movetext = True

    def _tail_of_tag(self, line: str, position: int) -> None:
        """After a well-formed tag (ending at `position`), the scanner reads comments until
        other text stops it; a brace comment there may stay open."""
        while (comment := _TAIL_COMMENT.match(line, position)) is not None:
            if comment.group(1) is not None:
                return
            if comment.group(2) is None:
                self.open_comment = True
                return
            position = comment.end()


def split_games(lines: Iterable[str], first_line: int = 1, splitter: Splitter | None = None) -> Iterator[Chunk]:
    """Chunks in file order; a file with no game gives one chunk of what it holds. A
    `splitter` given is left as the last line leaves it."""
    if splitter is None:
        splitter = Splitter()
    current: list[str] = []
    chars = 0  # of `current`, line ends not counted
    lead_lines = lead_chars = 0  # of `current`, the first chunk's lead-in: the game's limits count after it
    dropped = unread = 0
    text = False  # whether `current` holds a line that is not blank
    start = first_line
    begun = False
    for number, line in enumerate(lines, start=first_line):
        # more movetext of the game under way (or a blank or indented line of it) is taken as it
        # comes: in a game's movetext only a tag line or a brace changes what the splitter knows
        if not (splitter.in_movetext and splitter.started and not splitter.open_comment and "{" not in line
                and line.lstrip()[:1] != "[") and splitter.starts_game(line):
            if begun or dropped:  # a game ends; or a lead-in ran past the limits, and goes alone
                yield Chunk(start, current, dropped, unread)
                current, chars, dropped, unread, text = [], 0, 0, 0, False
                lead_lines = lead_chars = 0
                start = number
            else:
                lead_lines, lead_chars = len(current), chars
            begun = True
        if chars - lead_chars < MAX_GAME_CHARS and len(current) - lead_lines < MAX_GAME_LINES:  # once past, past
            current.append(line)
            chars += len(line)
            if not text and line and not line.isspace():
                text = True
        elif not text:  # blank lines alone so far, a file's lead-in: they carry nothing, the chunk starts here
            current, chars, start = [line], len(line), number
            text = bool(line) and not line.isspace()
        else:
            dropped += 1
            if not unread and line and not line.isspace():
                unread = number
    if current:
        yield Chunk(start, current, dropped, unread)
