"""Read log text into game records: the scanner's structure plus each game's grammar.

Every syntax problem becomes a diagnostic (N-… codes, documented in
referee-notation(5)); reading always goes on to the end of the file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from referee.diagnostics import MAX_FINDINGS_PER_GAME, Diagnostic
from referee.games import game_for_tag, game_names
from referee.games.base import GameRules, ParsedTurn, TurnSyntaxError
from referee.notation.chunks import MAX_GAME_CHARS, MAX_GAME_LINES, Chunk, split_games
from referee.notation.scanner import RawGame, clip, scan_chunk
from referee.record import GameRecord, Round, Turn
from referee.span import Span


@dataclass(slots=True)
class ReadGame:
    """One game as read: its record (None when no game could be named) and syntax findings."""

    record: GameRecord | None
    rules: GameRules | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    line: int = 1

    @property
    def malformed(self) -> bool:
        return any(d.is_error for d in self.diagnostics)


def read_games(path: str, lines: list[str]) -> Iterator[ReadGame]:
    """Every game of a text held whole, each read by `read_chunk`: for a caller that has the
    text already (a file checked in one piece, a record written out and read back) and
    wants its games as plain records. A stream is cut with `split_games` and read chunk by
    chunk, by `streamed.read_chunk_streamed` where a game may be long."""
    for chunk in split_games(lines):
        yield from read_chunk(path, chunk)


def read_chunk(path: str, chunk: Chunk) -> Iterator[ReadGame]:
    """The game of one chunk that `split_games` cut (none if it holds only comments), its
    record holding every turn with its places in the file, however long the game: for a
    caller that walks the record as plain data (an editor's outline, a test), and for
    `read_chunk_streamed` on a short game. With a finding where the game ran on past what
    is read of one game and text was left unread."""
    for raw in scan_chunk(path, chunk):
        yield with_unread_finding(path, chunk, _read(path, raw))


def with_unread_finding(path: str, chunk: Chunk, read: ReadGame) -> ReadGame:
    """The game read, with a finding last when text of the chunk's game was left unread:
    the one place a reading of a chunk says so, whichever way the chunk is read."""
    if chunk.unread:
        read.diagnostics.append(too_long_game(path, chunk))
    return read


def too_long_game(path: str, chunk: Chunk) -> Diagnostic:
    last = chunk.first_line + len(chunk.lines) + chunk.dropped - 1
    return Diagnostic(
        "N-SYNTAX", f"this game runs on past {MAX_GAME_LINES:,} lines or {MAX_GAME_CHARS >> 20} MiB: its lines "
        f"{chunk.unread:,} to {last:,} are not read", path, Span(chunk.unread, 1, 2),
        notes=["no game is this long: the longest fit in a few hundred lines",
               "the next game is read from the tag line that begins it"])


def _read(path: str, raw: RawGame) -> ReadGame:
    rules, named = rules_of(path, raw)
    record = GameRecord(rules.id if rules else "", raw.tags, raw.preamble, raw.rounds, raw.line)
    parsing = TurnParsing(path, rules)
    if rules is not None:
        check_tags(path, record, rules, named)
        for round_ in record.rounds:
            parsing.round(round_)
    return concluded(path, raw, rules, record, named, parsing)


def rules_of(path: str, raw: RawGame) -> tuple[GameRules | None, list[Diagnostic]]:
    """The game a game's tags name, with the finding that says why none is named."""
    found: list[Diagnostic] = []
    game_tag = next((tag for tag in raw.tags if tag.name == "Game"), None)
    rules: GameRules | None = None
    if game_tag is None:
        found.append(Diagnostic(
            "N-GAME", "this game has no Game tag", path, Span(raw.line, 1, 2),
            notes=[f'a game starts with its Game tag, e.g. [Game "Korsar"]; known games: {_known()}']))
    else:
        rules = game_for_tag(game_tag.value)
        if rules is None:
            found.append(Diagnostic(
                "N-GAME", f"unknown game '{game_tag.value}'", path, game_tag.span,
                notes=[f"known games: {_known()}"]))
    return rules, found


class TurnParsing:
    """Every turn body parsed, round by round: the first findings kept, the rest counted,
    with the turns that read (the entries) and those that parsed (`readable`)."""

    def __init__(self, path: str, rules: GameRules | None) -> None:
        self.path = path
        self.rules = rules
        self.found: list[Diagnostic] = []
        self.dropped = 0
        self.entries = 0
        self.readable = 0

    def round(self, round_: Round) -> None:
        rules = self.rules
        for turn in round_.turns:
            self.entries += 1
            if rules is None:
                continue
            found = _parse_turn(self.path, turn, rules)
            if found is None:
                self.readable += 1
                continue
            found.move_number = self.entries  # the number the replay gives every move: one numbering
            if len(self.found) < MAX_FINDINGS_PER_GAME:
                self.found.append(found)
            else:
                self.dropped += 1


def concluded(path: str, raw: RawGame, rules: GameRules | None, record: GameRecord, named: list[Diagnostic],
               parsing: TurnParsing) -> ReadGame:
    """The game as read, once every turn is parsed: its findings in file order, at most
    MAX_FINDINGS_PER_GAME of them, and the rest counted."""
    diagnostics = [*raw.diagnostics, *named, *parsing.found]
    dropped = raw.dropped + parsing.dropped
    diagnostics.sort(key=lambda d: (d.span.line, d.span.col) if d.span else (0, 0))
    readable = parsing.readable
    if len(diagnostics) + dropped > NOT_A_LOG_AFTER and len(diagnostics) + dropped > 2 * readable:
        # Text that is not a log at all (a README, a letter): a few of its lines, then one
        # finding that says so, rather than one finding a word.
        rest = len(diagnostics) + dropped - NOT_A_LOG_SHOWN
        del diagnostics[NOT_A_LOG_SHOWN:]
        last = diagnostics[-1].span or Span(raw.line, 1, 2)
        diagnostics.append(Diagnostic(
            "N-SYNTAX", f"this does not read as a game log: {rest:,} more notation errors follow", path,
            Span(last.line, last.col, last.end_col),
            notes=["a log holds tags such as [Game \"Korsar\"], then rounds of turns such as 1. A: draw; "
                   "see referee-notation(5)"]))
        return ReadGame(record if rules else None, rules, diagnostics, raw.line)
    if len(diagnostics) > MAX_FINDINGS_PER_GAME:
        dropped += len(diagnostics) - MAX_FINDINGS_PER_GAME
        del diagnostics[MAX_FINDINGS_PER_GAME:]
    if dropped:
        last = diagnostics[-1].span if diagnostics and diagnostics[-1].span else Span(raw.line, 1, 2)
        diagnostics.append(Diagnostic(
            "N-SYNTAX", f"and {dropped:,} more notation errors in this game, not shown one by one", path,
            Span(last.line, last.col, last.end_col),
            notes=[f"a game reports its first {MAX_FINDINGS_PER_GAME} notation errors; fix these and check again"]))
    return ReadGame(record if rules else None, rules, diagnostics, raw.line)


def _known() -> str:
    return ", ".join(game_names())


def check_tags(path: str, record: GameRecord, rules: GameRules, out: list[Diagnostic]) -> None:
    known = {spec.name: spec for spec in rules.tags}
    seen: set[str] = set()
    for tag in record.tags:
        if tag.name in seen:
            out.append(Diagnostic("N-TAG", f"the {tag.name} tag is given twice", path, tag.span,
                                  notes=["each tag appears at most once in a game"]))
            continue
        seen.add(tag.name)
        if tag.name not in known and not tag.name.startswith("X-"):
            out.append(Diagnostic(
                "N-TAG", f"unknown tag '{tag.name}'", path, tag.span,
                notes=[f"{rules.name} knows: {', '.join(known)}; a tag of your own starts with 'X-'"]))
            continue
        problem = rules.check_tag(tag.name, tag.value)
        if problem is not None:
            span = tag.span
            if span is not None:
                col = span.col + min(problem.offset, max(len(tag.value) - 1, 0))
                span = Span(span.line, col, max(col + 1, span.end_col))
            out.append(Diagnostic("N-TAG", problem.message, path, span,
                                  notes=[problem.hint] if problem.hint else []))
    for spec in rules.tags:
        if spec.required and spec.name not in seen:
            out.append(Diagnostic("N-TAG", f"the {spec.name} tag is missing", path,
                                  Span(record.line, 1, 2), notes=[f"{spec.name}: {spec.doc}"]))


NOT_A_LOG_AFTER = 10
"""Notation errors past which a game that reads as far fewer turns is taken for text
that is not a log."""
NOT_A_LOG_SHOWN = 3

MAX_TURN_CHARS = 2000
"""No turn of any game is this long; a longer one is rejected before it is parsed."""


PARSED_KEPT = 8192
"""Bodies parsed kept for the next turn written alike: a game plays a few hundred distinct
turns many times over, and a long one is read more than once (its findings, then its
rounds each time they are judged or written)."""
_PARSED: dict[tuple[str, str, str], ParsedTurn] = {}


def _parse_turn(path: str, turn: Turn, rules: GameRules) -> Diagnostic | None:
    """Parse a turn's body into its action, or say why it cannot be."""
    if len(turn.text) > MAX_TURN_CHARS:
        first = turn.token_spans[0]
        found = Diagnostic("N-SYNTAX", f"{turn.player}'s turn is {len(turn.text)} characters long",
                           path, Span(first.line, first.col, min(first.end_col, first.col + 40)),
                           move_text=f"{turn.player}: {clip(turn.text)}",
                           notes=[f"no turn is longer than {MAX_TURN_CHARS} characters"])
        turn.text = clip(turn.text, MAX_TURN_CHARS)
        return found
    if not turn.text:
        return Diagnostic("N-SYNTAX", f"{turn.player}'s turn has no action", path, turn.span,
                          move_text=f"{turn.player}:", notes=["write what the player did after the colon"])
    key = (rules.id, turn.player, turn.text)
    parsed = _PARSED.get(key)
    try:
        if parsed is None:
            parsed = rules.parse_turn(turn.player, turn.text)
            if len(_PARSED) >= PARSED_KEPT:
                _PARSED.clear()
            _PARSED[key] = parsed
    except TurnSyntaxError as error:
        index, start = _token_at(turn, error.offset)
        token = turn.token_spans[index]
        span = Span(token.line, token.col + start, token.end_col)
        return Diagnostic("N-SYNTAX", error.message, path, span, move_text=clip(turn.written(), 200),
                          notes=[error.hint] if error.hint else [])
    turn.action = parsed.action
    turn.parts = {name: _token_range(turn, start, end) for name, (start, end) in parsed.parts.items()}
    return None


def _token_at(turn: Turn, offset: int) -> tuple[int, int]:
    """The token holding `offset` of the body text, and the offset inside it."""
    position = 0
    words = turn.text.split(" ")
    for index, word in enumerate(words):
        if offset <= position + len(word):
            return index, max(0, min(offset - position, len(word) - 1))
        position += len(word) + 1
    return len(words) - 1, max(len(words[-1]) - 1, 0)


def _token_range(turn: Turn, start: int, end: int) -> tuple[int, int, int]:
    index, inner = _token_at(turn, start)
    word_len = len(turn.text.split(" ")[index])
    return index, inner, min(inner + (end - start), word_len)


def parse_entry(path: str, turn: Turn, rules: GameRules) -> Diagnostic | None:
    """One entry read as a log's turn is read (its action and parts set on `turn`), or the
    finding that says why it cannot be: for an entry typed on its own, as `play` reads it."""
    return _parse_turn(path, turn, rules)
