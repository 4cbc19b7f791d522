"""Judge a plainly written game without building its record.

Most logs in an archive are plain — tag lines, then round lines of `player: body`
entries with no comments — and legal. For those, the full reader's work (a span
for every token, an object for every turn) buys nothing: nobody is shown a
caret. This path reads such a game with `str.split`, parses each distinct turn
body once (with the game's own grammar, so the grammar stays the definition of
the notation), and feeds the same judge every replay goes through (`Judge`, bare: the
engine's word is all) turn by turn as it reads them. The moment anything is not plain
or not legal it gives up, and the caller reads the game the full way, so every
diagnostic comes from one place and the verdict never depends on the path taken.
"""

from __future__ import annotations

import re
from typing import Any

from referee.diagnostics import Violation
from referee.games import game_for_tag
from referee.games.base import NO_OPTIONS, GameRules, JudgeOptions, TurnSyntaxError
from referee.notation.chunks import TAG_LINE, Chunk, tag_value
from referee.notation.reader import MAX_TURN_CHARS, check_tags
from referee.record import Comment, GameRecord, Round, Tag, Turn
from referee.pipeline.judge import GameReport, Judge, set_up

_CACHE_LIMIT = 50_000

_ROUND_AT = re.compile(r"[0-9]+\.(?![0-9.])")
"""A round number where the scanner reads one (its token's round part): a word that
starts with digits otherwise ("1,2", "1.5") is a word of the turn's body."""


class _Bodies:
    """Turn bodies already parsed, per game and reading (`GameRules.reading_of`): text ->
    action, or False for a body the grammar rejects. Bounded, so a stream of distinct junk
    cannot grow it."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[str, dict[str, Any]]] = {}  # game -> name or ":reading" -> body -> action
        self.size = 0

    def table(self, rules: GameRules) -> dict[str, dict[str, Any]]:
        """The game's table, taken once per game; emptied (all games) when it is full."""
        if self.size >= _CACHE_LIMIT:
            self.tables.clear()
            self.size = 0
        return self.tables.setdefault(rules.id, {})

    def parse(self, rules: GameRules, bodies: dict[str, Any], player: str, body: str) -> Any:
        try:
            action = rules.parse_action(player, body)
        except TurnSyntaxError:
            action = False
        bodies[body] = action
        self.size += 1
        return action


_BODIES = _Bodies()


def judge_plain(path: str, index: int, chunk: Chunk, options: JudgeOptions = NO_OPTIONS,
                record_turns: bool = False) -> GameReport | None:
    """The report of a plain game, legal without so much as a warning; None whenever
    the full reader must look. With `record_turns` its record holds the rounds and
    turns too (no places in the file: a plain legal game has no finding to show)."""
    head = _plain_head(path, chunk)
    if head is None:
        return None
    rules, record, position = head
    engine = set_up(path, record, rules, options)
    if isinstance(engine, Violation):
        return None
    judge = Judge(path, record, rules, engine)
    if not _replay_movetext(rules, judge, chunk.lines, position, record.rounds if record_turns else None):
        return None
    if not judge.end():
        return None  # a notice (a warning) is shown with its place: the full reader finds it
    return GameReport(index, record.line, rules, record, [], judge.moves, engine, engine.outcome())


class _ReadOnly:
    """Stands in for an engine where only reading matters: every round and turn is taken."""

    def start_round(self, number: int) -> None:
        return None

    def play(self, player: str, action: Any) -> None:
        return None


def reads_plainly(path: str, chunk: Chunk) -> bool:
    """Whether a game is plain and reads with no finding (its tags and every turn),
    without judging it; False means only that the full reader must say."""
    head = _plain_head(path, chunk)
    if head is None:
        return False
    rules, record, position = head
    judge = Judge(path, record, rules, _ReadOnly())  # type: ignore[arg-type]
    return _replay_movetext(rules, judge, chunk.lines, position)


def _plain_head(path: str, chunk: Chunk) -> tuple[GameRules, GameRecord, int] | None:
    """A plain game's rules, its record of tags (no rounds yet) and where its movetext
    starts; None when the tags are not plain or not without findings. Line comments before
    the tags (a sample's description) are its preamble, as the full reader keeps them."""
    lines = chunk.lines
    tags: list[Tag] = []
    preamble: list[Comment] = []
    first: int | None = None
    position = 0
    for position, line in enumerate(lines):
        if not line or line.isspace():
            continue
        stripped = line.lstrip()
        if first is None and stripped.startswith(";"):
            preamble.append(Comment(stripped[1:].strip(), False))
            continue
        if not stripped.startswith("["):
            break
        match = TAG_LINE.match(line, len(line) - len(stripped))
        if match is None or line[match.end():].strip():
            return None
        number = chunk.first_line + position
        first = number if first is None else first
        tags.append(Tag(match.group("name"), tag_value(match)))  # no place: a game with findings goes the full way
    else:
        position = len(lines)
    if first is None:
        return None
    if preamble and any("{" in line or ";" in line for line in lines[position:]):
        return None  # a described game commented in its movetext too: the full reader reads it once
    game_tag = next((tag for tag in tags if tag.name == "Game"), None)
    rules = game_for_tag(game_tag.value) if game_tag is not None else None
    if rules is None:
        return None
    record = GameRecord(rules.id, tags, preamble, [], first)
    problems: list[Any] = []
    check_tags(path, record, rules, problems)
    if problems:
        return None
    return rules, record, position


def _replay_movetext(rules: GameRules, judge: Judge, lines: list[str], start: int,
                     rounds: list[Round] | None = None) -> bool:
    """Feed a bare judge the movetext's rounds and turns as they are read; False at the
    first thing that is not plain and legal. Each round and turn played is added to
    `rounds` when it is given. A turn ends where the next player or round begins, or the
    movetext ends: its end is read as one more round number, never begun."""
    bodies_of = _BODIES
    table = bodies_of.table(rules)
    play, begin_round = judge.play, judge.begin_round
    player: str | None = None
    bodies: dict[str, Any] = {}
    body: str | None = None  # the words of the turn under way, joined by single spaces
    in_round = False
    count = len(lines)
    for index in range(start, count + 1):
        if index < count:
            line = lines[index]
            if "{" in line or ";" in line or "}" in line or not line.isascii():
                return False
            tokens = line.split()
        else:
            tokens = _THE_END
        for token in tokens:
            if ":" not in token:
                if not token[0].isdigit() or _ROUND_AT.match(token) is None:  # a word of the turn, the commonest token
                    if player is None:
                        return False
                    body = token if body is None else f"{body} {token}"
                    continue
                if token[-1] != "." or not token[:-1].isdigit() or len(token) > 10:
                    return False  # a round number and more ("1.x"): let the scanner say
                name = ""
            else:
                if token[-1] != ":" or not in_round:
                    return False
                name = token[:-1]
                following = table.get(name)  # holds only names already found to be player ids
                if following is None:
                    if not name or not name[0].isalpha() or ":" in name:
                        return False
                    # names read alike share their bodies, kept under a key no name can be
                    following = table[name] = table.setdefault(":" + rules.reading_of(name), {})
            if player is not None:  # the turn under way ends here
                if body is None:
                    return False
                action = bodies.get(body)
                if action is None:
                    if len(body) > MAX_TURN_CHARS:
                        return False
                    action = bodies_of.parse(rules, bodies, player, body)
                if action is False or not play(player, action):
                    return False
                if rounds is not None:
                    rounds[-1].turns.append(Turn(player, action, body))
                body = None
            if name:
                player = name
                bodies = following
            elif index == count:
                return True  # the movetext's end
            else:
                player = None
                if not begin_round(int(token[:-1])):
                    return False
                if rounds is not None:
                    rounds.append(Round(int(token[:-1])))
                in_round = True
    return True  # not reached: the end is read as a round number above


_THE_END = ("0.",)
"""What the end of a movetext is read as: a round number (never begun), so the last turn
ends as every other does."""
