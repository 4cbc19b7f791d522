"""One game read round by round, so that a game of a million turns costs what its longest
round costs rather than a kilobyte a turn.

The full reader (`reader.read_chunk`) holds every turn of a game with the places of its
tokens in the file. This one reads a chunk's lines twice instead: once for the findings
(all of them, as a report needs them before anything is judged or written), keeping no
turn; then again, round by round, each time the movetext is wanted (to judge the game,
to write it), from the same lines. The findings are the full reader's, in its order, and
the rounds its rounds: only when they are held differs.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from referee.games.base import GameRules
from referee.notation.chunks import Chunk
from referee.notation.reader import (ReadGame, TurnParsing, check_tags, concluded, parse_entry, read_chunk,
                                     rules_of, with_unread_finding)
from referee.notation.scanner import RoundScan
from referee.record import Comment, GameRecord, Round, Tag, Turn


READ_WHOLE_BELOW = 64 << 10
"""A game of fewer characters than this is read once, its every turn held (at most a few
megabytes): reading it twice would cost more time than holding it costs memory."""


def read_chunk_streamed(path: str, chunk: Chunk, read_whole_below: int = READ_WHOLE_BELOW) -> Iterator[ReadGame]:
    """`read_chunk`'s game, its findings the same; past `read_whole_below` characters, its
    record a `StreamedRecord` that holds no turn. The reading for whatever takes games
    from a stream (judging, writing, importing): its memory is that of the longest round,
    whatever a file holds. A game read from lines a line reader cut short has those
    findings added by the caller that knows the cut (`pipeline.work.read_cut_chunk`)."""
    if read_whole_below and chunk_chars_below(chunk.lines, read_whole_below):
        yield from read_chunk(path, chunk)
        return
    scan = RoundScan(path, chunk)
    rounds = scan.rounds()
    first = next(rounds, None)  # the tags and the preamble are all read once a round is
    raw = scan.game
    rules, named = rules_of(path, raw)
    parsing = TurnParsing(path, rules)
    if rules is not None:
        check_tags(path, GameRecord(rules.id, raw.tags, raw.preamble, [], raw.line), rules, named)
    if first is not None:
        parsing.round(first)
        for round_ in rounds:
            parsing.round(round_)
    if not scan.found:  # comments only
        return
    movetext = StreamedRounds(path, chunk, rules, first is not None)
    record = StreamedRecord(rules.id if rules else "", raw.tags, raw.preamble, movetext, raw.line, parsing.entries)
    yield with_unread_finding(path, chunk, concluded(path, raw, rules, record, named, parsing))


def chunk_chars_below(lines: list[str], limit: int) -> bool:
    """Whether a game's lines hold fewer than `limit` characters (counted only so far)."""
    total = 0
    for line in lines:
        total += len(line)
        if total >= limit:
            return False
    return True


class StreamedRounds:
    """A game's rounds, read again from its chunk each time they are iterated, each turn
    parsed as the full reader parses it. The last rounds handed out are kept, so that a
    finding about an earlier entry of the round (which shows once the round is over)
    finds it without reading the game again."""

    RECENT = 16

    def __init__(self, path: str, chunk: Chunk, rules: GameRules | None, any_round: bool | None = None) -> None:
        self.path = path
        self.chunk = chunk
        self.rules = rules
        self.any_round = any_round
        self.recent: deque[tuple[int, Round]] = deque(maxlen=self.RECENT)  # (its first entry's number, round)

    def __bool__(self) -> bool:
        if self.any_round is None:  # not known yet: found out once
            self.any_round = next(RoundScan(self.path, self.chunk).rounds(), None) is not None
        return self.any_round

    def __iter__(self) -> Iterator[Round]:
        return self._read(keep=True)

    def _read(self, keep: bool) -> Iterator[Round]:
        path, rules = self.path, self.rules
        if keep:
            self.recent.clear()
        number = 0
        for round_ in RoundScan(path, self.chunk).rounds():
            if rules is not None:
                for turn in round_.turns:
                    parse_entry(path, turn, rules)
            if keep:
                self.recent.append((number + 1, round_))
            number += len(round_.turns)
            yield round_

    def entry(self, number: int) -> tuple[Round, Turn] | None:
        for first, round_ in reversed(self.recent):
            if first <= number < first + len(round_.turns):
                return round_, round_.turns[number - first]
        for round_ in self._read(keep=False):  # further back: read the game again up to it
            if number <= len(round_.turns):
                return round_, round_.turns[number - 1]
            number -= len(round_.turns)
        return None


class StreamedRecord(GameRecord):
    """A record whose `rounds` are read again from the log's lines each time they are
    iterated (a `StreamedRounds`), its count of entries known from the first reading."""

    __slots__ = ("entries",)

    def __init__(self, game: str, tags: list[Tag], preamble: list[Comment], rounds: StreamedRounds, line: int,
                 entries: int) -> None:
        GameRecord.__init__(self, game, tags, preamble, rounds, line)  # type: ignore[arg-type]
        self.entries = entries

    def entry_count(self) -> int:
        return self.entries

    def entry(self, number: int | None) -> tuple[Round, Turn] | None:
        if number is None or number < 1:
            return None
        return self.rounds.entry(number)  # type: ignore[attr-defined]

    def turns(self) -> list[Turn]:
        """Every turn, held at once: for a caller that needs them all (most need one, `entry`)."""
        return [turn for round_ in self.rounds for turn in round_.turns]
