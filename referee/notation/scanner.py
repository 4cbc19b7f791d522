"""Read one game's lines into its tags, rounds, turns and comments, recovering from errors.

The scanner knows only the shape every log shares:

    [Name "value"]        a tag line
    12.                   a round number
    A:                    the player whose turn follows
    draw Y3               the turn's body: any tokens up to the next player or round
    { ... }  ; ...        comments, kept and attached to what precedes them

Where a game begins is not the scanner's to say: the splitter (`chunks.Splitter`)
says it, and the scanner reads one chunk's game from there.

It never stops at the first problem: each malformed piece becomes a diagnostic
and scanning goes on, so a file shows all its syntax errors at once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import NoReturn

from referee.diagnostics import MAX_FINDINGS_PER_GAME, Diagnostic
from referee.notation.chunks import TAG_LINE, TAG_START, Chunk, Splitter, tag_value
from referee.record import Comment, Round, Tag, Turn
from referee.span import Span

TOKEN = re.compile(
    r"""
      (?P<space>\s+)
    | ;(?P<line_comment>.*)
    | \{(?P<brace>[^}]*)(?P<close>\})?
    | (?P<round>[0-9]+)\.(?![0-9.])
    | (?P<mover>[^\s{};:]+):
    | (?P<word>[^\s{};:]+)
    | (?P<stray>[}:])
    """,
    re.VERBOSE,
)


@dataclass(slots=True)
class RawGame:
    """A game as scanned: tags and movetext, turn bodies not yet parsed."""

    tags: list[Tag] = field(default_factory=list)
    preamble: list[Comment] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    line: int = 1
    end_line: int = 1
    dropped: int = 0  # findings past MAX_FINDINGS_PER_GAME, counted only


class _Scan:
    """Scanning state for one game's lines (a chunk). Where the game begins is the
    splitter's to say, as it says where `split_games` cuts: it is asked about each line
    until the game begins, and what comes before (comments) is the game's preamble."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.game = RawGame()
        self.started = False
        self.splitter = Splitter()
        self.round: Round | None = None
        self.turn: Turn | None = None
        self.comment_target: list[Comment] | None = None
        self.open_comment: tuple[Span, list[str]] | None = None

    def error(self, code: str, message: str, span: Span, notes: tuple[str, ...] = ()) -> None:
        if len(self.game.diagnostics) >= MAX_FINDINGS_PER_GAME:
            self.game.dropped += 1  # counted, not kept: memory stays flat on any input
            return
        self.game.diagnostics.append(
            Diagnostic(code, message, self.path, span, notes=list(notes))
        )

    def attach(self, comment: Comment) -> None:
        if self.comment_target is None:
            self.game.preamble.append(comment)
        else:
            self.comment_target.append(comment)

    def begin_game(self, line: int) -> None:
        """The game begins on `line`: the comments read before it are its preamble, and the
        findings on them (one left unclosed, a word after one) its findings; rounds written
        after a comment on a line before it are let go."""
        self.game = RawGame(line=line, preamble=self.game.preamble, diagnostics=self.game.diagnostics)
        self.started = True
        self.round = None
        self.turn = None
        self.comment_target = None

    def close_open_comment(self, unterminated: bool) -> None:
        if self.open_comment is None:
            return
        span, parts = self.open_comment
        self.open_comment = None
        if unterminated:
            self.error(
                "N-COMMENT",
                "this comment is never closed with '}'",
                Span(span.line, span.col, span.col + 1),
                ("a comment ends at the next '}' or, at the latest, before the next tag line",),
            )
        self.attach(Comment("\n".join(parts).strip(), True, span))

    # -- lines ---------------------------------------------------------------

    def scan_line(self, number: int, line: str) -> None:
        begins = not self.started and self.splitter.starts_game(line)
        start = 0
        if self.open_comment is not None:
            if TAG_START.match(line):
                self.close_open_comment(unterminated=True)
            else:
                close = line.find("}")
                if close < 0:
                    self.open_comment[1].append(line)
                    return
                self.open_comment[1].append(line[:close])
                self.close_open_comment(unterminated=False)
                start = close + 1
        if start == 0 and TAG_START.match(line):
            if begins:
                self.begin_game(number)
            self.scan_tag(number, line)
            return
        if begins:
            self.begin_game(number)
        self.scan_movetext(number, line, start)

    def scan_tag(self, number: int, line: str) -> None:
        offset = len(line) - len(line.lstrip())
        match = TAG_LINE.match(line, offset)
        if match is None:
            self.error(
                "N-TAG",
                "malformed tag line",
                Span(number, offset + 1, len(line.rstrip()) + 1),
                ('a tag is written [Name "value"], one per line',),
            )
            self.comment_target = None
            return
        tag = Tag(
            match.group("name"),
            tag_value(match),
            Span(number, match.start("value") + 1, match.end("value") + 1),
        )
        self.game.tags.append(tag)
        self.comment_target = tag.comments
        self.scan_movetext(number, line, match.end(), tail_of_tag=True)

    def scan_movetext(self, number: int, line: str, start: int, tail_of_tag: bool = False) -> None:
        for match in TOKEN.finditer(line, start):
            kind = match.lastgroup
            if kind == "space":
                continue
            if kind == "close":
                kind = "brace"
            span = Span(number, match.start() + 1, match.end() + 1)
            if kind == "line_comment":
                self.attach(Comment(match.group("line_comment").strip(), False, span))
            elif kind == "brace":
                text = match.group("brace")
                if match.group("close") is None:
                    self.open_comment = (span, [text])
                else:
                    self.attach(Comment(text.strip(), True, span))
            elif tail_of_tag:
                self.error("N-TAG", "unexpected text after a tag", span,
                           ("a tag line holds one tag and, optionally, a comment",))
                return
            elif kind == "round":
                self.start_round(match, span)
            elif kind == "mover":
                self.start_turn(match, span)
            elif kind == "word":
                self.add_word(match.group("word"), span)
            else:
                self.error("N-SYNTAX", f"unexpected '{clip(match.group())}'", span)

    def start_round(self, match: re.Match[str], span: Span) -> None:
        digits = match.group("round")
        number = int(digits) if len(digits) <= 9 else -1
        if number < 0:
            self.error("N-SYNTAX", "round number too large", span)
        self.round = Round(number, span)
        self.game.rounds.append(self.round)
        self.turn = None
        self.comment_target = self.round.comments

    def start_turn(self, match: re.Match[str], span: Span) -> None:
        if self.round is None:
            self.error(
                "N-SYNTAX",
                "a turn before the first round number",
                span,
                ("movetext starts with a round number such as '1.'",),
            )
            self.round = Round(0, None)
            self.game.rounds.append(self.round)
        self.turn = _turn(match, span)
        self.round.turns.append(self.turn)
        self.comment_target = self.turn.comments

    def add_word(self, word: str, span: Span) -> None:
        if self.turn is None:
            self.error(
                "N-SYNTAX",
                f"'{clip(word)}' does not belong to any turn",
                span,
                ("each turn starts with the player's id and a colon, as in 'A: draw'",),
            )
            return
        self.turn.text = f"{self.turn.text} {word}" if self.turn.text else word
        self.turn.token_spans.append(span)
        if self.turn.span is not None and self.turn.span.line == span.line:
            self.turn.span = Span(span.line, self.turn.span.col, span.end_col)

    def finish(self, last_line: int) -> RawGame | None:
        self.close_open_comment(unterminated=True)
        self.game.end_line = last_line
        return self.game if self.started else None


def _turn(match: re.Match[str], span: Span) -> Turn:
    """The turn a `player:` token (its match and span) begins, its body still to come."""
    return Turn(match.group("mover"), None, "", span=span, player_span=Span(span.line, span.col, span.end_col - 1))


def clip(text: str, limit: int = 40) -> str:
    """Quote at most `limit` characters of user text in a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class RoundScan:
    """A chunk's game scanned as `scan_chunk` scans it, but its rounds handed out one at a
    time, each once the next begins, and not kept: a game of a million turns costs what its
    longest round costs. `game` holds the tags and preamble once the first round is handed
    out, and the findings once the last is; `found` says, once the last is, whether the
    chunk held a game at all (it holds no more than one)."""

    def __init__(self, path: str, chunk: Chunk) -> None:
        self.chunk = chunk
        self._state = _Scan(path)

    @property
    def game(self) -> RawGame:
        return self._state.game

    @property
    def found(self) -> bool:
        return self._state.started

    def rounds(self) -> Iterator[Round]:
        """The game's rounds; none read before the game begins (what comes before it is not
        the game's, as `scan_chunk` reads it)."""
        state, chunk = self._state, self.chunk
        number = chunk.first_line - 1
        for number, line in enumerate(chunk.lines, start=chunk.first_line):
            state.scan_line(number, line)
            rounds = state.game.rounds
            if len(rounds) > 1 and state.started:  # a round is over once the next begins: nothing attaches to it after
                done = rounds[:-1]
                del rounds[:-1]
                yield from done
        if state.finish(number) is None:
            return
        rounds = state.game.rounds
        while rounds:
            yield rounds.pop(0)


def scan_chunk(path: str, chunk: Chunk) -> Iterator[RawGame]:
    """The game of one chunk: it begins where the splitter says, and runs to the chunk's
    end (none for a chunk of comments only)."""
    state = _Scan(path)
    number = chunk.first_line - 1
    for number, line in enumerate(chunk.lines, start=chunk.first_line):
        state.scan_line(number, line)
    last = state.finish(number)
    if last is not None:
        yield last


class _Refused(Exception):
    """A typed entry's first problem, which ends its reading."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class _EntryScan(_Scan):
    """One typed line scanned as a log's movetext is, token by token, but read by the
    stricter shape of a single entry: an optional round number, `player: body`, then
    comments only. The first token out of place refuses the line, as a player at the
    table fixes one thing at a time; a log's scan goes on to show every problem."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.number: int | None = None
        self.number_span: Span | None = None
        self.words: list[str] = []  # joined once at the end: a long line costs its length

    def refuse(self, message: str, span: Span | None, hint: str | None = None) -> NoReturn:
        raise _Refused(Diagnostic("N-SYNTAX", message, self.path, span, notes=[hint] if hint else []))

    def not_after_comment(self, span: Span) -> None:
        if self.turn is not None and self.turn.comments:
            self.refuse("nothing but comments may follow a comment", span)

    def error(self, code: str, message: str, span: Span, notes: tuple[str, ...] = ()) -> None:
        # what the log's scan finds out of place (a stray '}' or ':') refuses the entry
        self.not_after_comment(span)
        self.refuse(message, span, notes[0] if notes else None)

    def attach(self, comment: Comment) -> None:
        if self.turn is None:
            self.refuse("a comment follows the entry it is about", comment.span)
        # kept without its place: a place in the typed line is none in the log it is written to
        self.turn.comments.append(Comment(comment.text, comment.braced))

    def start_round(self, match: re.Match[str], span: Span) -> None:
        self.not_after_comment(span)
        if self.turn is not None or self.number is not None:
            self.refuse("a round number goes before the entry", span)
        digits = match.group("round")
        if len(digits) > 9:
            self.refuse("round number too large", span)
        self.number, self.number_span = int(digits), span

    def start_turn(self, match: re.Match[str], span: Span) -> None:
        self.not_after_comment(span)
        if self.turn is not None:
            self.refuse("one entry a line: this begins a second one", span, "type each entry on a line of its own")
        self.turn = _turn(match, span)

    def add_word(self, word: str, span: Span) -> None:
        self.not_after_comment(span)
        turn = self.turn
        if turn is None:
            self.refuse(f"'{word}' does not say whose entry it is", span,
                        "an entry starts with the player's id and a colon, as in 'A: draw'")
        self.words.append(word)
        turn.token_spans.append(span)
        turn.span = Span(span.line, turn.span.col if turn.span else span.col, span.end_col)


def scan_entry(path: str, typed: str) -> Diagnostic | tuple[int | None, Span | None, Turn]:
    """An entry typed on its own line (as at `play`'s prompt), read with a log's tokens and
    places (line 1 of `path`): its round number and that number's place, if one is typed
    before it, and its turn, the body not yet parsed (`reader.parse_entry` parses it); or the
    finding on the first thing out of place. The line must be one a log may hold (one line,
    UTF-8 text, not too long): the caller makes sure of that, as it knows the limits."""
    scan = _EntryScan(path)
    try:
        scan.scan_movetext(1, typed, 0)
        if scan.open_comment is not None:
            span = scan.open_comment[0]
            if scan.turn is None:
                scan.refuse("a comment follows the entry it is about", span)
            scan.refuse("this comment is not closed: end it with '}'", span)
        if scan.turn is None:
            scan.refuse("no entry: type one as the log writes it, e.g. 'A: draw'", Span(1, 1, max(2, len(typed) + 1)))
    except _Refused as refused:
        return refused.diagnostic
    scan.turn.text = " ".join(scan.words)
    return scan.number, scan.number_span, scan.turn
