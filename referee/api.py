"""referee as a library, for scripts and CI jobs written in Python.

    import referee.api

    result = referee.api.check_file("club.korsar")
    if not result.ok:
        for game in result.games:
            for finding in game.findings:
                print(finding.location, finding.code, finding.message)

    for position in referee.api.positions(open("game.korsar").read()):
        print(position.move, position.written, position.to_move)

    listed = referee.api.legal_moves_file("game.korsar", move=12)
    for group in listed.groups:
        print(group.kind, group.player, len(group.entries))

Everything here is built on what the command line runs — the same reading, the
same engines, the same JSON-ready data — so a script sees exactly what
`referee check --format json` and `referee show --format json` report. Files are
read game by game (`iter_games` holds one game at a time). The names below are
the stable interface; the modules behind them may change.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from referee.diagnostics import Diagnostic
from referee.games import GAMES
from referee.games.base import NO_OPTIONS, EntryList, JudgeOptions, LegalEntry, View
from referee.notation.codes import NOTATION_CODES
from referee.notation.reader import read_games
from referee.pipeline.datafiles import judge_options
from referee.pipeline.legal import Group, listing
from referee.pipeline.work import find_game
from referee.pipeline.replay import replay_positions
from referee.pipeline.source import Source
from referee.pipeline.work import file_games
from referee.reports.json_report import diagnostic_json, file_verdict, game_json

__all__ = ["Finding", "GameResult", "FileResult", "Position", "GameInfo", "RulingInfo", "LegalMoves", "Group",
           "LegalEntry", "check_text", "check_file", "iter_games", "positions", "legal_moves", "legal_moves_file",
           "games", "rulings", "options"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One finding: the code it cites (K-TARGET, N-SYNTAX, …), where, and why."""

    code: str
    severity: str
    message: str
    path: str
    line: int | None
    column: int | None
    move: str | None
    notes: tuple[str, ...]

    @property
    def location(self) -> str:
        return self.path + (f":{self.line}:{self.column}" if self.line is not None else "")

    @classmethod
    def of(cls, data: dict[str, Any]) -> "Finding":
        return cls(data["code"], data["severity"], data["message"], data["path"], data.get("line"),
                   data.get("column"), data.get("move"), tuple(data.get("notes", ())))


@dataclass(frozen=True, slots=True)
class GameResult:
    """One judged game, as the check report gives it; `data` is that report's JSON object."""

    index: int
    line: int
    game: str | None
    players: tuple[str, ...]
    verdict: str
    moves: int
    finished: bool
    findings: tuple[Finding, ...]
    score: dict[str, Any] | None
    data: dict[str, Any]

    @classmethod
    def of(cls, data: dict[str, Any]) -> "GameResult":
        return cls(data["index"], data["line"], data["game"], tuple(data["players"]), data["verdict"],
                   data["moves"], data["finished"], tuple(Finding.of(d) for d in data["diagnostics"]),
                   data["score"], data)


@dataclass(frozen=True, slots=True)
class FileResult:
    """A judged file: its games and its own findings (not UTF-8, no game in it)."""

    path: str
    games: tuple[GameResult, ...]
    findings: tuple[Finding, ...]

    @property
    def verdict(self) -> str:
        return file_verdict([{"severity": f.severity} for f in self.findings],
                            [{"verdict": game.verdict} for game in self.games])

    @property
    def ok(self) -> bool:
        return self.verdict == "legal"


@dataclass(frozen=True, slots=True)
class Position:
    """The state after `move` turns (0: before the first) as `referee show --format json`
    gives it in `state`, its fields as the game declares them; `written` is the move as the
    log writes it, `to_move` the player the position names as writing the next entry (None
    for none), whatever the game calls that field."""

    move: int
    written: str | None
    view: View
    to_move: str | None = None


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    name: str
    extensions: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RulingInfo:
    """A code a finding can cite: a game's ruling, or (game None) the notation's own."""

    id: str
    game: str | None
    title: str
    text: str


def options(data: Iterable[str] = (), variants: Iterable[str] = ()) -> JudgeOptions:
    """Data files and variants, as `--data` and `--variant` give them; raises
    referee.pipeline.datafiles.DataFileError for one that cannot be used."""
    return judge_options(data, variants)


def iter_games(path: str, judge: JudgeOptions = NO_OPTIONS,
               findings: list[Finding] | None = None) -> Iterator[GameResult]:
    """The games of a log file one at a time, judged; the file's own findings are
    appended to `findings` when given. Raises OSError when the file cannot be read."""
    with open(path, "rb") as stream:
        yield from _games(path, stream, judge, findings)


def check_file(path: str, judge: JudgeOptions = NO_OPTIONS) -> FileResult:
    """A log file judged: what `referee check --format json` reports of it."""
    own: list[Finding] = []
    games = tuple(iter_games(path, judge, own))
    return FileResult(path, games, tuple(own))


def check_text(text: str, path: str = "<text>", judge: JudgeOptions = NO_OPTIONS) -> FileResult:
    """Log text judged as if it were a file named `path`."""
    own: list[Finding] = []
    games = tuple(_games(path, io.BytesIO(text.encode("utf-8")), judge, own))
    return FileResult(path, games, tuple(own))


def _games(path: str, stream: Any, judge: JudgeOptions, findings: list[Finding] | None) -> Iterator[GameResult]:
    problems: list[Diagnostic] = []
    for report, lines in file_games(path, stream, problems, options=judge):
        yield GameResult.of(game_json(report, lines))
    if findings is not None:
        findings.extend(Finding.of(diagnostic_json(problem)) for problem in problems)


def positions(text: str, game: int = 1, path: str = "<text>",
              judge: JudgeOptions = NO_OPTIONS) -> Iterator[Position]:
    """The positions of game `game` of the log text, from before the first move to the
    last legal one: a replay, as `referee replay` draws it."""
    source = Source.from_text(path, text)
    for index, read in enumerate(read_games(path, source.lines), start=1):
        if index != game:
            continue
        _, found = replay_positions(path, index, read, judge)
        turns = read.record.turns() if read.record is not None else []
        rules = read.rules
        for position in found:
            written = turns[position.move - 1].written() if position.move else None
            to_move = rules.to_move(position.view) if rules is not None else None
            yield Position(position.move, written, position.view, to_move)
        return
    raise ValueError(f"{path} holds no game {game}")


@dataclass(frozen=True, slots=True)
class LegalMoves:
    """What `referee moves --format json` reports: the entries the log of game `game_id`
    could legally hold after `move` turns, in canonical notation.

    `entries` lists them all (`entries.texts` the texts alone, each `LegalEntry` with its
    player, action, text and kind built when asked for); `groups` the same texts by kind
    and player. `round` is the round the log opens first when one is due; `over` says no
    entry follows; `notes` what the log could also write here that is not listed, and
    `left_open` what the game's generator enumerates and leaves open; `stopped_by` the
    finding of an illegal move met before `move` (the entries are then those of the last
    legal position)."""

    game_id: str
    move: int
    round: int | None
    over: bool
    entries: EntryList
    groups: tuple[Group, ...]
    notes: tuple[str, ...]
    left_open: str
    stopped_by: tuple[Finding, ...]


def legal_moves(text: str, move: int | None = None, game: int = 1, path: str = "<text>",
                judge: JudgeOptions = NO_OPTIONS) -> LegalMoves:
    """The legal entries of game `game` of the log text after `move` turns (by default
    after its last legal move). Raises ValueError when there is no such game or move, or
    the game cannot be replayed (a malformed log, a set-up the rules refuse)."""
    return _legal_moves(path, io.BytesIO(text.encode("utf-8")), move, game, judge)


def legal_moves_file(path: str, move: int | None = None, game: int = 1,
                     judge: JudgeOptions = NO_OPTIONS) -> LegalMoves:
    """`legal_moves` of a log file; raises OSError when it cannot be read."""
    return _legal_moves(path, open(path, "rb"), move, game, judge)


def _legal_moves(path: str, stream: Any, move: int | None, game: int, judge: JudgeOptions) -> LegalMoves:
    found = find_game(path, stream, game, move, judge)
    if found is None:
        raise ValueError(f"{path} holds no game {game}")
    report, chunk = found
    errors = tuple(Finding.of(diagnostic_json(d, chunk.lines)) for d in report.diagnostics if d.is_error)
    if report.engine is None or report.rules is None:
        raise ValueError(f"{path}: game {game} cannot be replayed: it is {report.verdict}")
    if move is not None and report.moves < move and not errors:
        raise ValueError(f"{path}: game {game} has no move {move}")
    listed = listing(report, chunk)
    return LegalMoves(report.rules.id, listed.move, listed.entries.round, listed.over, listed.entries,
                      tuple(listed.groups), tuple(listed.entries.notes), report.rules.entries_note, errors)


def games() -> list[GameInfo]:
    """The games the referee knows (without loading them)."""
    return [GameInfo(entry.id, entry.name, entry.extensions) for entry in GAMES.entries()]


def rulings(game: str | None = None) -> list[RulingInfo]:
    """Every code a finding can cite, as `referee rules --format json` lists them;
    with `game`, that game's rulings only."""
    found = [] if game is not None else [RulingInfo(r.id, None, r.title, r.text) for r in NOTATION_CODES]
    for game_id in GAMES:
        if game is None or game == game_id:
            found.extend(RulingInfo(r.id, game_id, r.title, r.text) for r in GAMES[game_id].rulings)
    return found
