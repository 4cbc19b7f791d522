"""A game record too long to read whole, imported round by round.

`import` reads a document's games one at a time, each whole. A game whose JSON runs on
past LONG_GAME_CHARS (tens of thousands of turns) is read by its members instead: its
rounds are kept aside on disk as they are read, the rest of the game is checked against
the schema, then each round is checked and turned into notation in turn, the text kept
aside too until it is read back as one game with no notation error. Memory holds a round.
"""

from __future__ import annotations

import pickle
import tempfile
from collections import deque
from collections.abc import Iterator
from typing import IO, Any

from referee.export import record_head_from_json, round_from_json
from referee.formatting import write_canonical
from referee.games import GAMES
from referee.games.base import GameRules
from referee.notation.chunks import split_games
from referee.notation.reader import ReadGame
from referee.notation.streamed import read_chunk_streamed
from referee.pipeline.json_stream import LongObject
from referee.record import GameRecord, Round, Turn
from referee.validation import game_record_errors, part_errors

LONG_GAME_CHARS = 4 << 20
"""JSON of one game past which it is read round by round: a game a person plays is a few
kilobytes, and a game read whole holds about 2 KB a turn."""


def long_game(game: LongObject, where: str, path: str, limit: int) -> tuple[list[str], IO[str] | None]:
    """The errors of a long game (at most `limit`), located in the document; or none and
    its canonical notation, kept aside (the caller writes and closes it)."""
    head: dict[str, Any] = {}
    rounds = _KeptRounds()
    try:
        for key, value in game.members():
            if key == "rounds" and isinstance(value, Iterator):
                rounds.keep(value)
                head[key] = []
            else:
                head[key] = list(value) if isinstance(value, Iterator) else value
        errors = game_record_errors(head, where, limit)
        if errors:
            return errors, None
        rules = GAMES[head["game"]]
        errors = rounds.errors(rules, where, limit)
        if errors:
            return errors, None
        return _written(head, rules, rounds, where, path)
    finally:
        rounds.close()


class _KeptRounds:
    """A game's rounds as read, kept on disk one after another."""

    def __init__(self) -> None:
        self.file = tempfile.TemporaryFile()
        self.count = 0

    def keep(self, items: Iterator[Any]) -> None:
        for item in items:
            pickle.dump(item, self.file, pickle.HIGHEST_PROTOCOL)
            self.count += 1

    def __iter__(self) -> Iterator[Any]:
        self.file.seek(0)
        for _ in range(self.count):
            yield pickle.load(self.file)

    def errors(self, rules: GameRules, where: str, limit: int) -> list[str]:
        """Each round checked as the whole game's schema checks it: a round, and each turn's
        action as the game's."""
        found: list[str] = []
        for number, item in enumerate(self):
            at = f"{where}.rounds[{number}]"
            found += part_errors("game-record", "round", item, at, limit - len(found))
            if len(found) >= limit:
                break
            turns = item.get("turns") if isinstance(item, dict) else None
            for index, turn in enumerate(turns if isinstance(turns, list) else []):
                action = turn.get("action") if isinstance(turn, dict) else None
                if isinstance(action, dict) and len(found) < limit:
                    found += part_errors("game-record", f"{rules.id}-action", action,
                                         f"{at}.turns[{index}].action", limit - len(found))
            if len(found) >= limit:
                break
        return found[:limit]

    def close(self) -> None:
        self.file.close()


class _Record(GameRecord):
    """The record `write_canonical` replays, its rounds read once from disk as it asks for
    them: an entry a finding names is found among the last rounds read, or not at all (it
    only decides whether an allow comment sets a turn aside)."""

    __slots__ = ("kept", "recent")

    def __init__(self, head: GameRecord, rules: GameRules, kept: _KeptRounds) -> None:
        GameRecord.__init__(self, head.game, head.tags, head.preamble, _Rounds(self, rules), 1)  # type: ignore[arg-type]
        self.kept = kept
        self.recent: deque[tuple[int, Round]] = deque(maxlen=16)  # (its first entry's number, round)

    def entry(self, number: int | None) -> tuple[Round, Turn] | None:
        if number is None or number < 1:
            return None
        for first, round_ in self.recent:
            if first <= number < first + len(round_.turns):
                return round_, round_.turns[number - first]
        return None


class _Rounds:
    """A `_Record`'s rounds, made from the kept ones as they are read."""

    def __init__(self, record: _Record, rules: GameRules) -> None:
        self.record = record
        self.rules = rules

    def __bool__(self) -> bool:
        return self.record.kept.count > 0

    def __iter__(self) -> Iterator[Round]:
        number = 1
        for item in self.record.kept:
            round_ = round_from_json(self.rules, item)
            self.record.recent.append((number, round_))
            number += len(round_.turns)
            yield round_


def _written(head: dict[str, Any], rules: GameRules, kept: _KeptRounds, where: str,
             path: str) -> tuple[list[str], IO[str] | None]:
    text = tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n")
    try:
        record = _Record(record_head_from_json(head), rules, kept)

        def put(lines: list[str]) -> None:
            text.write("".join(line + "\n" for line in lines))

        write_canonical(path, 1, ReadGame(record, rules, [], 1), put)
    except UnicodeEncodeError:
        text.close()
        return [f"{where}: a string holds a lone surrogate (\\ud800 to \\udfff), which no log can hold"], None
    except (ValueError, KeyError) as error:
        text.close()
        return [f"{where}: {error}"], None
    problem = _reads_back(path, text)
    if problem is not None:
        text.close()
        return [f"{where}: this record cannot be written as a log: {problem}"], None
    text.seek(0)
    return [], text


def _reads_back(path: str, text: IO[str]) -> str | None:
    """Why the written text does not read back as one game with no notation error; None when it does."""
    text.seek(0)
    lines = (line[:-1] if line.endswith("\n") else line for line in text)
    games = 0
    for chunk in split_games(_with_last(lines)):
        for read in read_chunk_streamed(path, chunk):
            games += 1
            problem = next((d for d in read.diagnostics if d.code.startswith("N-") and d.is_error), None)
            if problem is not None:
                return problem.message
    return None if games == 1 else "it does not read back as one game"


def _with_last(lines: Iterator[str]) -> Iterator[str]:
    """The lines as `str.split("\\n")` gives them of text that ends with a line end: an empty last one."""
    yield from lines
    yield ""
