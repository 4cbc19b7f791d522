"""A game played entry by entry: the referee at the table.

A `Session` holds one game's state: its engine, its header and its last round, never a
record of its every turn, however long the game (its earlier rounds are in the log, read
again round by round on the few occasions that need them: taking an entry back, giving a
tag, `why`). Each typed entry is read as a log's turn is read (the same tokens, the same
grammar), judged by the same engine and reported with the same findings as `check`; a
legal entry is recorded in canonical notation and written to the log before `enter`
returns (`referee.play.ondisk`: appended where only the last round changes, the log
written whole where an earlier line does), so the log on disk is always canonical, and
legal entry by entry (what `check` says of a log's end — a Spanish Main set-up not
finished, the hands at the end of a hidden Korsar game not yet shown — waits for the
game's end). An illegal entry changes nothing. Round numbers are the session's business:
a round the rules make due is opened as soon as it is due, so the state shown, and the
entries offered, are those of the next entry.

Before anything is written, the log is checked to be what the session last wrote: a log
changed by another program meanwhile is read again, as at the start, so that the change
is kept, never written over.

Nothing here prints or knows about a terminal; the command line renders what it returns.
"""

from __future__ import annotations

import io
import os
import re
import tempfile
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO, Literal

from referee.diagnostics import Diagnostic, Violation
from referee.games.base import (NO_OPTIONS, Consequence, Engine, EntryList, GameRules, JudgeOptions, Outcome,
                                 View, refusal_account)
from referee.notation.codes import USAGE_CODES, notation_code
from referee.notation.chunks import MAX_GAME_CHARS, MAX_GAME_LINES, TAG_NAME, Chunk, split_games
from referee.notation.reader import ReadGame, check_tags, parse_entry
from referee.notation.scanner import clip, scan_entry
from referee.span import Span
from referee.notation.streamed import StreamedRounds
from referee.notation.writer import escape, format_head, format_round
from referee.pipeline.datafiles import options_at
from referee.pipeline.fileio import reason_of
from referee.pipeline.judge import Judge, Visitor
from referee.pipeline.replay import entry_account, replay_game, violation_diagnostic
from referee.pipeline.source import MAX_LINE_CHARS, LineReader
from referee.pipeline.work import read_cut_chunk
from referee.play.logfile import clear_leftovers
from referee.play.ondisk import Stamp, Written, common_prefix, first_game_chunk, rewrite, splice, stamp_of
from referee.record import GameRecord, Round, Tag, Turn
from referee.wording import counted

ENTRY_PATH = "entry"
"""What a finding on a typed entry names as its file: the entry is line 1 of it."""

Status = Literal["recorded", "refused"]


@dataclass(slots=True)
class Judgement:
    """The verdict on one typed entry. `entry` is the canonical text recorded (`A: xA4
    R1@B5`), `move` its number in the game; `diagnostics` are the findings, errors for a
    refused entry, warnings for a recorded one; `changes` say briefly what it changed;
    `account` says what the rules did with it, a consequence a sentence, or for a refused
    entry the rule it breaks and what would have been legal instead."""

    typed: str
    status: Status
    entry: str | None = None
    round: int | None = None
    move: int | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    over: bool = False
    result: str = "*"
    account: list[Consequence] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Due:
    """What the next entry is: the round it falls in, who may write it and the kinds of
    entry they may write (both empty when the legal entries cannot be listed here)."""

    round: int | None
    players: tuple[str, ...]
    kinds: tuple[str, ...]
    over: bool


class Unplayable(Exception):
    """A game that cannot be played from here: the findings that say why (a log that is not
    legal, header facts that set up no game)."""

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None, usage: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.diagnostics = diagnostics or []
        self.usage = usage
        """True when what is missing is the command line's to give (a data file, a package),
        not the log's to mend."""


class LogTooLong(Exception):
    """The log, written so, would run past what the reader reads of one game."""


class LogChanged(Unplayable):
    """The log was changed by another program during the session, and what it holds now
    cannot be continued: the session ends, the change kept."""


@dataclass(slots=True)
class Replayed:
    """A game replayed from its log: the engine after `moves` entries, the round open after
    them (`pending`), its last round (`tail`, canonical), the entry after the last one
    played (`taken`), and the canonical text of its rounds in a temporary file (`prepared`,
    its head empty) when it was asked for."""

    engine: Engine
    pending: int | None
    tail: Round | None
    moves: int
    taken: Turn | None = None
    prepared: Written | None = None


class Session:
    """One game in play, kept in `path`."""

    def __init__(self, path: str, rules: GameRules, header: GameRecord, engine: Engine, pending: int | None,
                 options: JudgeOptions = NO_OPTIONS) -> None:
        self.path = path
        self.rules = rules
        self.header = header
        """The game's tags and the comments before them (its rounds are the log's)."""
        self.options = options
        self.engine, self.pending = engine, pending
        self.tail: Round | None = None
        """The last round recorded, its entries canonical: the one an entry may still change."""
        self.entries_played = 0
        """How many entries the log holds: the number the next entry's follows."""
        self.last: Judgement | None = None
        self._entries: tuple[int, EntryList] | None = None
        self.entries_problem: str | None = None
        """Why the legal entries could not be listed in this state, if they could not."""
        self.why_problem: str | None = None
        """Why `why` could not say what the last entry changed, if it could not."""
        self.dropped: list[str] = []
        """The end tags the last undo took out with the end they showed."""
        self._epoch = 0
        self._result: tuple[int, str] | None = None
        self._disk: Written | None = None
        """The log as last written, when it is canonical (None: it is to be written whole)."""
        self._stamp: Stamp | None = None
        """The log's stamp after the last write, or when it was read."""
        self._lines = self._size = 0
        """Lines and bytes of the log in canonical form (past the reader's limits it could not be read back)."""

    # -- starting --------------------------------------------------------------------------

    @classmethod
    def new(cls, path: str, rules: GameRules, tags: list[tuple[str, str]],
            options: JudgeOptions = NO_OPTIONS) -> "Session":
        """A game set up from header facts, its log written at once (tags, `Result "*"`)."""
        named = [Tag("Game", rules.name)] + [Tag(name, value) for name, value in tags
                                             if name not in ("Game", "Result")]
        record = GameRecord(rules.id, tags=named + [Tag("Result", "*")])
        problems = [Diagnostic("N-TAG", problem, path, None, move_text=_tag_text(tag.name, tag.value))
                    for tag in named if (problem := tag_problem(tag.name, tag.value)) is not None]
        if problems:
            raise Unplayable("the header facts set up no game", problems)
        check_tags(path, record, rules, problems)
        if problems:
            raise Unplayable("the header facts set up no game", problems)
        placed = options_at(options, path)  # with the data the configuration gives the log's place
        engine = placed if isinstance(placed, Violation) else rules.new_engine(record, placed)
        if isinstance(engine, Violation):
            raise Unplayable("the header facts set up no game",
                          [violation_diagnostic(path, engine, record, None, None, None)])
        session = cls(path, rules, record, engine, _open_due_round(engine), _placed(options, path))
        unheld = log_problem(session._head().decode("utf-8"))
        if unheld is not None:
            raise Unplayable("the header facts set up no game", [Diagnostic("N-TAG", unheld, path, None)])
        session._write_whole(None)
        return session

    @classmethod
    def resume(cls, path: str, text: str | None = None, options: JudgeOptions = NO_OPTIONS) -> "Session":
        """The game of an existing log (`text`, when given, is what the log holds), judged
        first as `check` judges it, continued after its last entry. A log that holds several
        games, or is not legal, is refused. The log is read round by round, as `check` reads
        a long game, and nothing is written until an entry is."""
        stamp = stamp_of(path)
        found: tuple[ReadGame, Chunk] | None = None
        count = 0
        with _opened(path, text) as stream:
            reader = LineReader(stream)
            for chunk in split_games(reader):
                for read in read_cut_chunk(path, chunk, reader.cut):
                    count += 1
                    if found is None:
                        found = (read, chunk)
        if count != 1 or found is None:
            raise Unplayable(f"{path} holds {counted(count, 'game')}; play continues one game"
                          + (" (`referee split` makes one file per game)" if count else ""))
        read = found[0]
        moves = read.record.entry_count() if read.record else 0
        written = _CanonicalCheck(path, text, read) if read.record is not None and read.rules is not None else None
        try:
            # Judged as check judges it, up to its last entry: what check would say of its end (a
            # set-up not finished, a claim) is not said of a log that goes on.
            game = replay_game(path, 1, read, stop_after=moves, canonical=True, options=options,
                               rounds=written.fed() if written else None, bodies=written.bodies if written else None)
            if written is not None:
                written.drain()
        except BaseException:
            if written is not None:
                written.close()
            raise
        errors = [d for d in game.diagnostics if d.is_error]
        if (errors or game.suppressed) and written is not None:
            written.close()
        if errors and all(d.code in USAGE_CODES for d in errors):
            raise Unplayable(f"{path} cannot be judged here: give what it needs to go on", errors, usage=True)
        if errors:
            raise Unplayable(f"{path} is {game.verdict}: it cannot be continued until it is mended", errors)
        if game.suppressed:
            raise Unplayable(f"{path} holds moves set aside by allow comments: it cannot be continued",
                          game.suppressed)
        assert game.record is not None and game.rules is not None and game.engine is not None
        assert written is not None
        canonical = written.canonical()  # the log read to its end, and let go
        record = game.record
        header = GameRecord(record.game, record.tags, record.preamble, [], record.line)
        engine, pending = game.engine, None
        tail = written.last
        if tail is not None and not tail.turns:  # an empty last round: the next entry's
            violation = engine.start_round(tail.number)
            if violation is not None:
                raise Unplayable(violation.message, [violation_diagnostic(path, violation, record, tail, None, moves + 1)])
            pending = tail.number
        elif not engine.is_over:
            pending = _open_due_round(engine)
        session = cls(path, game.rules, header, engine, pending, _placed(options, path))
        session.tail, session.entries_played, session._stamp = tail, moves, stamp
        session._lines, session._size = written.lines, written.size
        unheld = size_problem(written.lines, written.size)  # it is written back canonically at its next change
        if unheld is not None:
            raise Unplayable(f"{path} cannot be continued here: written in canonical form, {unheld.removeprefix('the ')}",
                          usage=True)
        clear_leftovers(path)
        if canonical:
            session._disk = Written(path, written.head, written.tail_at, written.tail_text, stamp, written.lines)
        return session

    # -- judging ---------------------------------------------------------------------------

    def enter(self, typed: str) -> Judgement:
        """Judge one typed entry (`A: R2@A3`, optionally after its round number and followed by
        a comment); a legal one is recorded and written to the log before this returns."""
        reread = self._read_again_if_changed()
        judgement = self._judge(typed)
        if judgement.status == "refused" and judgement.diagnostics:
            judgement.account = self._refusal_account(typed, judgement.diagnostics[0])
        if reread:
            judgement.changes.insert(0, reread)
        self.last = judgement
        return judgement

    def _refusal_account(self, typed: str, diagnostic: Diagnostic) -> list[Consequence]:
        """The rule a refused entry breaks, in words, and the legal entries nearest to it."""
        code = diagnostic.code
        ruling = self.rules.ruling(code) or notation_code(code)
        player, _, body = typed.strip().partition(":")
        player = player.strip().split(" ")[-1]  # after a round number typed before it
        return refusal_account(code, ruling, player, body.strip(), self.legal_entries())

    def _judge(self, typed: str) -> Judgement:
        problem = text_problem(typed, "this line")
        read = scan_entry(ENTRY_PATH, typed) if problem is None else Diagnostic("N-SYNTAX", problem, ENTRY_PATH,
                                                                                Span(1, 1, 2))
        if isinstance(read, Diagnostic):
            # An over-long line is not echoed whole: its beginning says which it was.
            return Judgement(typed if len(typed) <= MAX_LINE_CHARS else clip(typed, 80), "refused", diagnostics=[read])
        number, number_span, turn = read
        problem = parse_entry(ENTRY_PATH, turn, self.rules)
        if problem is not None:
            return Judgement(typed, "refused", diagnostics=[problem])
        move = self.entries_played + 1
        current = self.current_round()
        if number is not None and number != current:
            return Judgement(typed, "refused", diagnostics=[self._wrong_round(number, number_span, current, move)])
        round_ = Round(current if current is not None else 0, number_span)
        engine = self.engine
        action = self.rules.spelled_out(engine, turn.player, turn.action)
        canonical = engine.canonical_action(turn.player, action)
        recorded = Turn(turn.player, canonical, self.rules.format_turn(canonical), comments=turn.comments)
        unheld = self._past_limit(recorded)
        if unheld is not None:  # the log written would not be one check reads
            return Judgement(typed, "refused", round=current, move=move, diagnostics=[
                Diagnostic("N-SYNTAX", unheld, ENTRY_PATH, turn.span, move_text=recorded.written(), move_number=move,
                           notes=["the log is left as it was; a shorter comment may still be recorded"])])
        before = engine.outcome()
        seen = engine.view()  # what the account of the entry is told against
        violation = engine.play(turn.player, action)
        if violation is not None:
            diagnostic = violation_diagnostic(ENTRY_PATH, violation, self.record, round_, turn, move)
            return Judgement(typed, "refused", round=current, move=move, diagnostics=[diagnostic])
        notices = [violation_diagnostic(ENTRY_PATH, notice, self.record, round_, turn, move)
                   for notice in engine.take_notices()]
        told = _account(engine, seen, turn.player, action)  # as the entry left it, before a round it makes due opens
        changes: list[str] = []
        opened = self.pending
        if self.pending is not None:
            changes.append(f"round {self.pending} begins")
            self.pending = None
        self._changed()
        dropped = [tag.name for tag in self.header.tags if tag.name in self.rules.end_tags]
        if dropped:  # the end they showed is no longer the log's end
            self.header.tags = [tag for tag in self.header.tags if tag.name not in self.rules.end_tags]
            changes += [_dropped_note(name) for name in dropped]
        elif not engine.is_over:
            self.pending = _open_due_round(engine)
        self._record(recorded, opened)
        if dropped:  # the engine read them at its set-up: the game replayed without them, from the log
            self._adopt(self._replay(self.header))
            engine = self.engine
            if self._disk is not None and self._head() != self._disk.head:
                self._write_whole(self._disk)
        after = engine.outcome()
        changes += _score_changes(before, after)
        if engine.is_over:
            result = self.result()
            changes.append(f"the game is over: {result}" if result != "*" else
                           "the game is over: what it gives is not known yet, and the log claims no result")
        return Judgement(typed, "recorded", recorded.written(), current, move, notices, changes,
                         engine.is_over, self.result(), told)

    def _past_limit(self, turn: Turn) -> str | None:
        """Why the log with this entry would not be one `check` reads back (it would run past the
        lines or characters the reader reads of one game), or None."""
        old = self.tail if self.tail is not None and not self._opens_round() else None
        grown = _round_text(Round(old.number, turns=old.turns + [turn], comments=old.comments) if old is not None
                            else Round(self.pending or 0, turns=[turn]))
        left = _round_text(old) if old is not None else b""
        lines = self._lines + grown.count(b"\n") - left.count(b"\n") + (1 if self.tail is None else 0)
        size = self._size + len(grown) - len(left) + 64  # and a Result the game's end may write
        return size_problem(lines, size)

    def _opens_round(self) -> bool:
        """Whether the next entry begins a round of the log (not one it ends with, still empty)."""
        return self.pending is not None and not (self.tail is not None and not self.tail.turns
                                                 and self.tail.number == self.pending)

    def _wrong_round(self, number: int, span: Span | None, current: int | None, move: int) -> Diagnostic:
        """A typed round number that is not the round the entry falls in, explained by the
        engine itself where it can say why (on a copy: it must not open the round)."""
        violation = self.engine.copy().start_round(number)
        round_ = Round(number, span)
        if violation is not None:
            return violation_diagnostic(ENTRY_PATH, violation, self.record, round_, None, move)
        return Diagnostic("N-SYNTAX", f"this entry falls in round {current}, not round {number}", ENTRY_PATH, span,
                          move_text=f"{number}.", move_number=move,
                          notes=["round numbers are written by the referee: leave them out"])

    # -- header facts ----------------------------------------------------------------------

    KEPT_TAGS = ("Game", "Result")
    """Tags the session keeps itself: the game it is, and the result its entries give."""

    def set_tag(self, name: str, value: str) -> list[Diagnostic]:
        """Give a header fact during the game (an `EndHands` once the hands are shown at the
        end, an `Event`): the whole log is judged again with it and, when it stands, written;
        otherwise the findings that refuse it, and nothing changes."""
        where = Span(1, 1, len(name) + 1)
        problem = tag_problem(name, value)
        if problem is not None:
            return [Diagnostic("N-TAG", problem, ENTRY_PATH, where)]
        if name in self.KEPT_TAGS:
            why = ("the Result tag says '*' until the game ends, then what the rules give" if name == "Result" else
                   f"the {name} tag names the game of the log, set when the game began; a log of another game is "
                   "another file")
            return [Diagnostic("N-TAG", f"the {name} tag is the referee's to write", ENTRY_PATH, where, notes=[why])]
        self._read_again_if_changed()
        trial = GameRecord(self.header.game, [Tag(tag.name, tag.value, None, tag.comments) for tag in self.header.tags
                                              if tag.name != name], self.header.preamble, [], self.header.line)
        trial.tags.insert(len(trial.tags) - 1 if trial.tags and trial.tags[-1].name == "Result" else len(trial.tags),
                          Tag(name, value))
        problems: list[Diagnostic] = []
        check_tags(ENTRY_PATH, trial, self.rules, problems)
        found = [problem for problem in problems if problem.is_error]
        if found:
            return [Diagnostic(d.code, d.message, ENTRY_PATH, where, notes=d.notes) for d in found]
        try:
            replayed = self._replay(trial, prepare=True)
        except Unplayable as refusal:
            return refusal.diagnostics or [Diagnostic("N-TAG", refusal.message, ENTRY_PATH, where)]
        try:
            engine = replayed.engine
            if engine.is_over or name in self.rules.end_tags:  # an end tag is judged at any end the log has
                for violation in engine.copy().finish():
                    if violation.part == f"tag:{name}" and violation.severity == "error":
                        return [Diagnostic(violation.rule, violation.message, ENTRY_PATH, where,
                                           notes=list(violation.notes))]
            kept = self.header, self.engine, self.pending, self.tail, self.entries_played
            self.header = trial
            self._adopt(replayed)
            try:
                self._write_whole(replayed.prepared)
            except LogTooLong as unheld:
                self.header, self.engine, self.pending, self.tail, self.entries_played = kept
                self._changed()
                return [Diagnostic("N-TAG", str(unheld), ENTRY_PATH, where)]
            self.last = None
        finally:
            _discard(replayed.prepared)
        return []

    # -- taking back -----------------------------------------------------------------------

    def undo(self) -> str | None:
        """Take back the last entry recorded (the log's last, if it was resumed); its text, or
        None when the log holds no entry. The game is replayed from the log up to the entry
        before, and the log written whole without it."""
        self._read_again_if_changed()
        self.dropped = []
        if not self.entries_played:
            return None
        dropped = [tag.name for tag in self.header.tags if tag.name in self.rules.end_tags]
        header = GameRecord(self.header.game, [tag for tag in self.header.tags if tag.name not in dropped],
                            self.header.preamble, [], self.header.line)
        replayed = self._replay(header, stop_after=self.entries_played - 1, prepare=True)
        try:
            taken = replayed.taken
            self.header, self.dropped = header, dropped  # the end they showed is taken back with it
            self._adopt(replayed)
            self.last = None
            self._write_whole(replayed.prepared)
        finally:
            _discard(replayed.prepared)
        return taken.written() if taken is not None else None

    # -- what the state is -----------------------------------------------------------------

    @property
    def record(self) -> GameRecord:
        """The game as a record: its header held, its entries read from the log when they are
        asked for (as a finding about an earlier entry asks for it)."""
        return LogRecord(self)

    def recent_entries(self, limit: int) -> list[str]:
        """The last `limit` entries of the log, as written."""
        kept: deque[str] = deque(maxlen=limit)
        for round_ in self._log_rounds():
            kept.extend(turn.written() for turn in round_.turns)
        return list(kept)

    def current_round(self) -> int | None:
        """The round the next entry falls in."""
        if self.pending is not None:
            return self.pending
        return self.tail.number if self.tail is not None else None

    def legal_entries(self) -> EntryList:
        """The entries the log could hold next, as the game lists them to a table
        (`GameRules.legal_entries` with `table`); empty (and `entries_problem` says why)
        where they cannot be listed in this state."""
        if self._entries is not None and self._entries[0] == self._epoch:
            return self._entries[1]
        self.entries_problem = None
        entries = EntryList()
        if not self.engine.is_over:
            try:
                # Listed on a trial copy: a listing that fails halfway through a trial (a shot
                # tried and not taken back) must not leave it in the game being played; and as
                # a table is told them, a face-down card stays unnamed.
                entries = self.rules.legal_entries(self.rules.trial_copy(self.engine), table=True)
            except Exception as error:  # noqa: BLE001 - a generator's gap must not end a game in play
                self.entries_problem = f"the legal entries cannot be listed here ({type(error).__name__})"
        self._entries = (self._epoch, entries)
        return entries

    def due(self) -> Due:
        """Whose entry is next and of what kind, from the legal entries, or from the player
        the position names (`GameRules.to_move`) where they cannot be listed."""
        over = self.engine.is_over
        if over:
            return Due(self.current_round(), (), (), True)
        runs = self.legal_entries().runs()
        players = tuple(dict.fromkeys(player for player, _, _ in runs))
        kinds = tuple(dict.fromkeys(kind for _, kind, _ in runs))
        if not players:
            named = self.rules.to_move(self.engine.view())
            players = (named,) if named is not None else ()
        return Due(self.current_round(), players, kinds, False)

    def outcome(self) -> Outcome:
        return self.engine.outcome()

    def result(self) -> str:
        """The Result tag the log holds now: the outcome once the game is over (with what the
        end of the log shows, such as the hands at the end), `*` before."""
        if not self.engine.is_over:
            return "*"
        if self._result is None or self._result[0] != self._epoch:
            # The end's checks, once: they may learn from the header (the hands shown) and keep
            # it. The engine plays nothing more; undo and a new tag replay a fresh one.
            self.engine.finish()
            self._result = (self._epoch, self.rules.result_tag(self.engine.outcome()))
        return self._result[1]

    def account_of(self, move: int) -> tuple[str, list[Consequence]] | None:
        """Entry `move` of the log (1 is the first) as written, and its account: what the rules
        did with it, found by replaying the log from the disk up to it, round by round (so it
        is told after a resume, or long after the entry was typed, in bounded memory); None
        when the log has no such entry."""
        if not 1 <= move <= self.entries_played:
            return None
        self.why_problem = None
        written = f"entry {move}"
        account: list[Consequence] | None = None
        try:  # a fresh engine fed from the disk: the game in play is not touched, whatever fails
            found = self.record.entry(move)
            assert found is not None
            written = found[1].written()
            account = entry_account(self.path, self.rules, self.record, move, self.options)
        except Exception as error:  # noqa: BLE001 - a gap in explaining must not end a game in play
            self.why_problem = f"what it did cannot be worked out here ({type(error).__name__})"
        return written, account or []

    # -- the log ---------------------------------------------------------------------------

    def text(self) -> str:
        """The log as it stands (read back from the disk, where it is kept)."""
        with open(self.path, encoding="utf-8", newline="") as stream:
            return stream.read()

    def rewrite(self) -> None:
        """Write the log whole again as it stands, as the game's end, undo and a tag do (what a
        benchmark weighs an appended entry against)."""
        self._read_again_if_changed()
        self._write_whole(self._disk)

    def _head(self) -> bytes:
        """The header's lines as the log holds them now, its Result tag kept true, with the blank
        line that ends them when a round follows."""
        result = self.result()
        tag = self.header.tag("Result")
        if result == "*" and self.engine.is_over:
            # Over, but what it gives is not known (hands at the end not shown): a log claims no
            # result then, as `*` would say the game goes on.
            if tag is not None:
                self.header.tags.remove(tag)
        elif tag is None:
            self.header.tags.append(Tag("Result", result))
        else:
            tag.value = result
        shape = GameRecord(self.header.game, self.header.tags, self.header.preamble,
                           [Round(0)] if self.tail is not None else [], self.header.line)
        return _lines(format_head(shape, self.rules))

    def _record(self, turn: Turn, opened: int | None) -> None:
        """Add an entry to the last round, or to the round it opens, and write it: appended to
        the log where its header stays as it is, the log written whole where it changes."""
        old = self._disk
        fills = self.tail is not None and not self.tail.turns and self.tail.number == opened
        new_round = opened is not None and not fills  # the last round stays as it is written
        if new_round:
            self.tail = Round(opened, turns=[turn])
        else:
            assert self.tail is not None
            self.tail.turns.append(turn)
        self.entries_played += 1
        head, tail = self._head(), _round_text(self.tail)
        if old is None or old.head.rstrip(b"\n") != head.rstrip(b"\n"):
            if old is None:  # a log read as it was given, not canonical: its rounds made so first
                replayed = self._replay(self.header, prepare=True, rounds_only=True)
                source = replayed.prepared
            else:
                source = old
            assert source is not None
            try:
                end = source.size if new_round else source.tail_at
                body = (source.path, len(source.head), end) if end > len(source.head) else None
                body_lines = source.lines - source.head.count(b"\n") - (0 if new_round else source.tail.count(b"\n"))
                self._disk = rewrite(self.path, head, body, tail, body_lines)
            finally:
                if source is not old:
                    _discard(source)
            self._stamp = self._disk.stamp
            self._lines, self._size = self._disk.lines, self._disk.size
            return
        if new_round:
            at = old.size
            if old.head != head:  # the first round: the blank line after the header comes with it
                offset, data = len(old.head), head[len(old.head):] + tail
                at = len(head)
            else:
                offset, data = at, tail
        else:
            at = old.tail_at
            same = common_prefix(old.tail, tail)
            offset, data = at + same, tail[same:]
        self._disk = splice(old, offset, data, head, at, tail)
        self._stamp = self._disk.stamp
        self._lines, self._size = self._disk.lines, self._disk.size

    def _write_whole(self, source: Written | None) -> None:
        """Write the log whole: its header now, the rounds `source` holds before its last, and
        the last round."""
        head = self._head()
        tail = _round_text(self.tail) if self.tail is not None else b""
        body = None
        body_lines = 0
        if source is not None and source.tail_at > len(source.head):
            body = (source.path, len(source.head), source.tail_at)
            body_lines = source.lines - source.head.count(b"\n") - source.tail.count(b"\n")
        length = len(head) + (body[2] - body[1] if body is not None else 0) + len(tail)
        unheld = size_problem(head.count(b"\n") + body_lines + tail.count(b"\n"), length)
        if unheld is not None:
            raise LogTooLong(unheld)
        self._disk = rewrite(self.path, head, body, tail, body_lines)
        self._stamp = self._disk.stamp
        self._lines, self._size = self._disk.lines, self._disk.size

    def _read_again_if_changed(self) -> str | None:
        """When the log is no longer what this session wrote (or read) there, read it again,
        as at the start, so that another program's change to it is kept: what is said of it.
        Raises LogChanged when what it holds now cannot be continued."""
        if self._stamp is None:
            return None
        if self._disk is not None and self._disk.unchanged():
            return None
        if self._disk is None and stamp_of(self.path) == self._stamp:
            return None
        try:
            fresh = Session.resume(self.path, options=self.options)
        except Unplayable as refusal:
            raise LogChanged(f"{self.path} was changed by another program during the session, and "
                             + refusal.message, refusal.diagnostics, refusal.usage) from None
        except OSError as error:
            raise LogChanged(f"{self.path} was changed by another program during the session, and cannot "
                             f"be read: {reason_of(error)}", usage=True) from None
        self.rules, self.header, self.engine, self.pending = fresh.rules, fresh.header, fresh.engine, fresh.pending
        self.tail, self.entries_played = fresh.tail, fresh.entries_played
        self._disk, self._stamp = fresh._disk, fresh._stamp
        self._lines, self._size = fresh._lines, fresh._size
        self.last = None
        self._changed()
        return f"{self.path} was changed by another program: read again, {counted(self.entries_played, 'move')}"

    # -- inside ----------------------------------------------------------------------------

    def _changed(self) -> None:
        self._epoch += 1

    def _adopt(self, replayed: Replayed) -> None:
        self.engine, self.pending, self.tail = replayed.engine, replayed.pending, replayed.tail
        self.entries_played = replayed.moves
        self._changed()

    def _log_rounds(self) -> Iterator[Round]:
        """The log's rounds, read from the disk round by round, each entry parsed."""
        with open(self.path, "rb") as stream:
            chunk = first_game_chunk(stream)
        if chunk is None:
            return
        yield from StreamedRounds(self.path, chunk, self.rules)

    def _replay(self, header: GameRecord, stop_after: int | None = None, prepare: bool = False,
                rounds_only: bool = False) -> Replayed:
        """A fresh engine set up by `header` and fed the log's entries (all, or the first
        `stop_after`), and the round open after them: an empty last round of the log, or the
        round the rules make due. With `prepare`, the rounds' canonical text is written to a
        temporary file beside the log as they are played (`rounds_only`: for that text alone,
        no round is opened after them). The first finding refuses the log (`Unplayable`)."""
        engine = self.rules.new_engine(header, self.options)
        if isinstance(engine, Violation):
            raise Unplayable(engine.message, [violation_diagnostic(self.path, engine, header, None, None, None)])
        out = _temporary(self.path) if prepare else None
        replaying = _Replaying(self.path, header, stop_after, out[1] if out is not None else None)
        try:
            rounds = iter(self._log_rounds())
            judge = Judge(self.path, header, self.rules, engine, replaying)
            judge.feed(rounds)
            if replaying.looking:  # stopped before an empty round: the entry after is in a later one
                replaying.taken = next((round_.turns[0] for round_ in rounds if round_.turns), None)
            tail = replaying.tail
            last = b"" if tail is None else _round_text(tail)
            prepared = None
            if out is not None:
                out[1].write(last)
                out[1].close()
                prepared = Written(out[0], b"", replaying.tail_at, last, None, replaying.lines + last.count(b"\n"))
        except BaseException:
            if out is not None:
                out[1].close()
                _discard(Written(out[0], b"", 0, b""))
            raise
        if tail is not None and not tail.turns and stop_after is None:
            pending: int | None = tail.number  # started above: the next entry's round
        else:
            pending = None if rounds_only or engine.is_over else _open_due_round(engine)
        return Replayed(engine, pending, tail, judge.moves, replaying.taken, prepared)


class _Replaying(Visitor):
    """`Session._replay`'s hooks: each round kept canonical (the last one held, the ones before
    it written to `out` when it is given), the entry after the first `stop_after` taken and
    the judging stopped there, the log refused at its first finding."""

    def __init__(self, path: str, header: GameRecord, stop_after: int | None, out: BinaryIO | None) -> None:
        self.path, self.header, self.stop_after, self.out = path, header, stop_after, out
        self.tail: Round | None = None
        """The last round played, canonical."""
        self.kept: Round | None = None
        self.tail_at = self.written = self.lines = 0
        self.taken: Turn | None = None
        self.looking = False
        """Stopped before an empty round: the entry taken is the first of a later round."""
        self.canonical: Any = None

    def before_round(self, judge: Judge, round_: Round) -> bool:
        if self.stop_after is not None and judge.moves >= self.stop_after:
            if round_.turns:
                self.taken = round_.turns[0]
            else:
                self.looking = True
            return False
        return True

    def round_begun(self, judge: Judge, round_: Round) -> None:
        self.kept = Round(round_.number, comments=round_.comments)

    def before_turn(self, judge: Judge, turn: Turn) -> bool:
        if self.stop_after is not None and judge.moves >= self.stop_after:
            self.taken = turn
            return False
        self.canonical = judge.engine.canonical_action(turn.player, turn.action)
        return True

    def played(self, judge: Judge, turn: Turn) -> None:
        judge.engine.take_notices()
        assert self.kept is not None
        canonical = self.canonical
        self.kept.turns.append(Turn(turn.player, canonical, judge.rules.format_turn(canonical),
                                    comments=turn.comments))

    def refused(self, judge: Judge, violation: Violation, round_: Round | None, turn: Turn | None,
                number: int) -> None:
        raise Unplayable(violation.message, [violation_diagnostic(self.path, violation, self.header, round_, turn,
                                                               number)])

    def round_ended(self, judge: Judge, round_: Round) -> None:
        if self.out is not None and self.tail is not None:
            text = _round_text(self.tail)
            self.written += self.out.write(text)
            self.lines += text.count(b"\n")
        self.tail_at = self.written
        self.tail = self.kept


class LogRecord(GameRecord):
    """A session's game as a record: its header held, its rounds read from the log each time
    they are iterated, the last from the session."""

    __slots__ = ("session",)

    def __init__(self, session: Session) -> None:
        header = session.header
        GameRecord.__init__(self, header.game, header.tags, header.preamble, _Rounds(session),  # type: ignore[arg-type]
                            header.line)
        self.session = session

    def entry_count(self) -> int:
        return self.session.entries_played

    def entry(self, number: int | None) -> tuple[Round, Turn] | None:
        session = self.session
        if number is None or number < 1 or number > session.entries_played:
            return None
        tail = session.tail
        earlier = session.entries_played - (len(tail.turns) if tail is not None else 0)
        if tail is not None and number > earlier:
            return tail, tail.turns[number - earlier - 1]
        return GameRecord.entry(self, number)


class _Rounds:
    def __init__(self, session: Session) -> None:
        self.session = session

    def __iter__(self) -> Iterator[Round]:
        return self.session._log_rounds()

    def __bool__(self) -> bool:
        return self.session.tail is not None


class _CanonicalCheck:
    """Whether a log read at the start is canonical, as its replay writes each round: its
    header's lines and each round's compared with the bytes the log holds, none of them kept
    but the last round (`last`, the one the next entry may change) and where it begins."""

    def __init__(self, path: str, text: str | None, read: ReadGame) -> None:
        assert read.record is not None and read.rules is not None
        self.path, self.text, self.rules = path, text, read.rules
        self.record = read.record
        self.bodies: dict[int, str] = {}
        self.last: Round | None = None
        self.tail_text = b""
        self.lines = 0
        self._stream = _opened(path, text)
        shape = GameRecord(self.record.game, self.record.tags, self.record.preamble,
                           [Round(0)] if self.record.rounds else [], self.record.line)
        self.head = _lines(format_head(shape, self.rules))
        self.lines = self.head.count(b"\n")
        self.same = self._stream.read(len(self.head)) == self.head
        self.tail_at = len(self.head)
        self._pending: list[Round] = []
        self._feeding: Iterator[Round] = iter(())

    def fed(self) -> Iterator[Round]:
        """The record's rounds to the replay, each compared once the replay asks for the next."""
        self._feeding = self._feed()
        return self._feeding

    def _feed(self) -> Iterator[Round]:
        for round_ in self.record.rounds:
            self._flush()
            self._pending.append(round_)
            yield round_
        self._flush()

    def drain(self) -> None:
        """The rounds the replay did not ask for (an empty last round), compared too."""
        for _ in self._feeding:
            pass

    def close(self) -> None:
        self._stream.close()

    def _flush(self) -> None:
        for round_ in self._pending:
            kept = Round(round_.number, comments=round_.comments)
            kept.turns = [Turn(turn.player, turn.action, self._body(turn), comments=turn.comments)
                          for turn in round_.turns]
            text = _round_text(kept)
            self.tail_at += len(self.tail_text)
            self.tail_text = text
            self.lines += text.count(b"\n")
            if self.same:
                self.same = self._stream.read(len(text)) == text
            self.last = kept
        self._pending.clear()
        self.bodies.clear()

    def _body(self, turn: Turn) -> str:
        known = self.bodies.get(id(turn))
        if known is not None:
            return known
        return self.rules.format_turn(turn.action) if turn.action is not None else turn.text

    @property
    def size(self) -> int:
        """Bytes of the log's canonical text."""
        return self.tail_at + len(self.tail_text)

    def canonical(self) -> bool:
        """Whether the log is, byte for byte, the text its rounds' canonical lines make."""
        try:
            return self.same and self._stream.read(1) == b""
        finally:
            self._stream.close()



_NOT_TEXT = re.compile("[\ud800-\udfff]")
"""What stands for a byte that is not UTF-8 in text read with `surrogateescape` (and a lone
surrogate, which no UTF-8 file can hold)."""
_LINE_ENDS = re.compile("[\n\r]")


def text_problem(text: str, what: str) -> str | None:
    """Why `text` (`what`: "this line", "a tag's value") cannot stand in a log line, or None:
    a byte that is not UTF-8, a line end, or more characters than any line of a log may hold."""
    if len(text) > MAX_LINE_CHARS:
        return f"{what} is longer than {MAX_LINE_CHARS:,} characters, the most a line of a log may hold"
    found = _NOT_TEXT.search(text)
    if found is not None:
        code = ord(found.group())
        byte = f"byte 0x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"U+{code:04X}"
        return f"{what} holds {byte} at column {found.start() + 1}, which is not UTF-8 text"
    if _LINE_ENDS.search(text) is not None:
        return f"{what} holds a line end: it must be one line"
    return None


def tag_problem(name: str, value: str) -> str | None:
    """Why a tag cannot be written in a log, or None: its name is a letter then letters, digits,
    '_' or '-' (the pattern of schemas/game-record.schema.json), its value one line of text."""
    if not TAG_NAME.fullmatch(name):
        return (f"'{name}' cannot be a tag's name: a tag's name is a letter, then letters, digits, '_' or '-'"
                if len(name) <= 40 else "this cannot be a tag's name: it is a letter, then letters, digits, "
                                        "'_' or '-'")
    return text_problem(f'[{name} "{escape(value)}"]', "the tag's line")


def log_problem(text: str) -> str | None:
    """Why `text`, a whole log, is not one `check` reads whole and `play` resumes, or None: a line
    longer than a log's line may be, or more lines or characters than one game may run to."""
    unheld = size_problem(text.count("\n"), len(text))
    if unheld is not None:
        return unheld
    if len(text) > MAX_LINE_CHARS and max(map(len, text.split("\n"))) > MAX_LINE_CHARS:
        return f"the log would hold a line longer than {MAX_LINE_CHARS:,} characters, which no log line may be"
    return None


def size_problem(lines: int, size: int) -> str | None:
    """Why a log of `lines` lines and `size` characters (or bytes, a bound on them) is not one
    `check` reads whole, or None: more lines or characters than one game may run to."""
    if size > MAX_GAME_CHARS:
        return f"the log would run past {MAX_GAME_CHARS >> 20} MiB, more than one game may hold"
    if lines > MAX_GAME_LINES:
        return f"the log would run to {lines:,} lines, more than the {MAX_GAME_LINES:,} one game may hold"
    return None


def _tag_text(name: str, value: str) -> str:
    shown = f'[{name} "{value}"]' if len(name) + len(value) < 200 else f"[{name[:40]} …]"
    return shown.replace("\n", "\\n")


def _dropped_note(name: str) -> str:
    return f"the {name} tag, which showed the log's end before this entry, is taken out"


def _account(engine: Engine, before: View, player: str, action: Any) -> list[Consequence]:
    """The engine's account of the entry it has just played. An account that cannot be worked
    out must not end a game in play: it says so, and the entry stands."""
    try:
        return engine.account(before, player, action)
    except Exception as error:  # noqa: BLE001 - the entry is recorded; only its telling failed
        return [Consequence(f"(this entry's account could not be worked out: {type(error).__name__})", "")]


def _placed(options: JudgeOptions, path: str) -> JudgeOptions:
    """The options a session judges by: with the data the configuration gives the log's place
    (as `check` judges it), so that every replay of it — undo, why, a tag, a reread — is judged
    alike. Where that data cannot be used, the session was refused before it began."""
    placed = options_at(options, path)
    return options if isinstance(placed, Violation) else placed


def _open_due_round(engine: Engine) -> int | None:
    """Open the round the rules make due, if one is: its number."""
    due = engine.round_due()
    if due is not None and not engine.is_over and engine.start_round(due) is None:
        return due
    return None


def _score_changes(before: Outcome, after: Outcome) -> list[str]:
    """Each side whose score the entry changed: `A 3 → 5`."""
    was = {side.side: side.score for side in before.sides}
    return [f"{side.side} {was.get(side.side)} → {side.score}" for side in after.sides
            if side.score != was.get(side.side) and was.get(side.side) is not None and side.score is not None]


def _opened(path: str, text: str | None) -> BinaryIO:
    """The log's bytes: `text` when it is given, else the file."""
    if text is not None:
        return io.BytesIO(text.encode("utf-8"))
    return open(path, "rb")


def _lines(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode("utf-8")


def _round_text(round_: Round) -> bytes:
    """A round's canonical lines, its entries' bodies canonical already."""
    return _lines(format_round(round_, _written_body))


def _written_body(turn: Turn) -> str:
    return turn.text


def _temporary(path: str) -> tuple[str, BinaryIO]:
    """A temporary file beside the log, named as a killed writer's leftovers are
    (`.NAME.*.tmp`, cleared when the log is next played)."""
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder or ".")
    return temporary, os.fdopen(handle, "wb")


def _discard(written: Written | None) -> None:
    if written is None:
        return
    try:
        os.unlink(written.path)
    except OSError:
        pass
