"""A game played entry by entry: the referee at the table.

A `Session` holds one game's record and its engine. Each typed entry is read as a log's
turn is read (the same tokens, the same grammar), judged by the same engine and reported
with the same findings as `check`; a legal entry is recorded in canonical notation and
the whole log is written to disk before `enter` returns (`referee.play.logfile`), so the
log on disk is always canonical, and legal entry by entry (what `check` says of a log's
end — a Spanish Main set-up not finished, the hands at the end of a hidden Korsar game not
yet shown — waits for the game's end). An illegal entry changes nothing. Round numbers are the session's business: a round the
rules make due is opened as soon as it is due, so the state shown, and the entries
offered, are those of the next entry.

Nothing here prints or knows about a terminal; the command line renders what it returns.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from referee.diagnostics import Diagnostic, Violation
from referee.games.base import (NO_OPTIONS, Consequence, Engine, GameRules, JudgeOptions, LegalEntry, Outcome,
                                 refusal_account)
from referee.notation.chunks import MAX_GAME_CHARS, MAX_GAME_LINES, TAG_NAME
from referee.notation.codes import USAGE_CODES, notation_code
from referee.notation.reader import check_tags, parse_entry, read_games
from referee.notation.scanner import TOKEN, clip
from referee.span import Span
from referee.notation.writer import escape, format_game
from referee.pipeline.replay import entry_account, replay_game, violation_diagnostic
from referee.pipeline.source import MAX_LINE_CHARS, Source
from referee.play.logfile import clear_leftovers, write_log
from referee.record import Comment, GameRecord, Round, Tag, Turn

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


class Refused(Exception):
    """A game that cannot be played from here: the findings that say why (a log that is not
    legal, header facts that set up no game)."""

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None, usage: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.diagnostics = diagnostics or []
        self.usage = usage
        """True when what is missing is the command line's to give (a data file, a package),
        not the log's to mend."""


class Session:
    """One game in play, kept in `path`."""

    def __init__(self, path: str, rules: GameRules, record: GameRecord,
                 options: JudgeOptions = NO_OPTIONS) -> None:
        self.path = path
        self.rules = rules
        self.record = record
        self.options = options
        self.last: Judgement | None = None
        self._entries: tuple[int, list[LegalEntry]] | None = None
        self.entries_problem: str | None = None
        """Why the legal entries could not be listed in this state, if they could not."""
        self.why_problem: str | None = None
        """Why `why` could not say what the last entry changed, if it could not."""
        self.dropped: list[str] = []
        """The end tags the last undo took out with the end they showed."""
        self._epoch = 0
        self._result: tuple[int, str] | None = None
        self.engine, self.pending = self._replay(record)

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
            raise Refused("the header facts set up no game", problems)
        check_tags(path, record, rules, problems)
        if problems:
            raise Refused("the header facts set up no game", problems)
        engine = rules.new_engine(record, options)
        if isinstance(engine, Violation):
            raise Refused("the header facts set up no game",
                          [violation_diagnostic(path, engine, record, None, None, None)])
        session = cls(path, rules, record, options)
        text = session.text()
        unheld = log_problem(text)
        if unheld is not None:
            raise Refused("the header facts set up no game", [Diagnostic("N-TAG", unheld, path, None)])
        session.save(text)
        return session

    @classmethod
    def resume(cls, path: str, text: str, options: JudgeOptions = NO_OPTIONS) -> "Session":
        """The game of an existing log, judged first as `check` judges it, continued after its
        last entry. A log that holds several games, or is not legal, is refused."""
        source = Source.from_text(path, text)
        games = list(read_games(path, source.lines)) if text.strip() else []
        if len(games) != 1:
            raise Refused(f"{path} holds {len(games)} games; play continues one game"
                          + (" (`referee split` makes one file per game)" if games else ""))
        read = games[0]
        moves = read.record.entry_count() if read.record else 0
        # Judged as check judges it, up to its last entry: what check would say of its end (a
        # set-up not finished, a claim) is not said of a log that goes on.
        game = replay_game(path, 1, read, stop_after=moves, options=options)
        errors = [d for d in game.diagnostics if d.is_error]
        if errors and all(d.code in USAGE_CODES for d in errors):
            raise Refused(f"{path} cannot be judged here: give what it needs to go on", errors, usage=True)
        if errors:
            raise Refused(f"{path} is {game.verdict}: it cannot be continued until it is mended", errors)
        if game.suppressed:
            raise Refused(f"{path} holds moves set aside by allow comments: it cannot be continued",
                          game.suppressed)
        assert game.record is not None and game.rules is not None
        session = cls(path, game.rules, game.record, options)
        unheld = log_problem(session.text())  # it is written back canonically at its next change
        if unheld is not None:
            raise Refused(f"{path} cannot be continued here: written in canonical form, {unheld.removeprefix('the ')}",
                          usage=True)
        clear_leftovers(path)
        return session

    # -- judging ---------------------------------------------------------------------------

    def enter(self, typed: str) -> Judgement:
        """Judge one typed entry (`A: R2@A3`, optionally after its round number and followed by
        a comment); a legal one is recorded and written to the log before this returns."""
        judgement = self._judge(typed)
        if judgement.status == "refused" and judgement.diagnostics:
            judgement.account = self._refusal_account(typed, judgement.diagnostics[0])
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
        read = _read_entry(typed)
        if isinstance(read, Diagnostic):
            # An over-long line is not echoed whole: its beginning says which it was.
            return Judgement(typed if len(typed) <= MAX_LINE_CHARS else clip(typed, 80), "refused", diagnostics=[read])
        number, number_span, turn = read
        problem = parse_entry(ENTRY_PATH, turn, self.rules)
        if problem is not None:
            return Judgement(typed, "refused", diagnostics=[problem])
        move = self.moves + 1
        current = self.current_round()
        if number is not None and number != current:
            return Judgement(typed, "refused", diagnostics=[self._wrong_round(number, number_span, current, move)])
        engine = self.engine
        round_ = Round(current if current is not None else 0, number_span)
        action = self.rules.spelled_out(engine, turn.player, turn.action)
        canonical = engine.canonical_action(turn.player, action)
        before = engine.outcome()
        seen = engine.view()  # what the account of the entry is told against
        violation = engine.play(turn.player, action)
        if violation is not None:
            diagnostic = violation_diagnostic(ENTRY_PATH, violation, self.record, round_, turn, move)
            return Judgement(typed, "refused", round=current, move=move, diagnostics=[diagnostic])
        notices = [violation_diagnostic(ENTRY_PATH, notice, self.record, round_, turn, move)
                   for notice in engine.take_notices()]
        body = self.rules.format_turn(canonical)
        recorded = Turn(turn.player, canonical, body, comments=turn.comments)
        changes: list[str] = []
        if self.pending is not None:
            self.record.rounds.append(Round(self.pending))
            changes.append(f"round {self.pending} begins")
            self.pending = None
        self.record.rounds[-1].turns.append(recorded)
        self._changed()
        tags_before = list(self.record.tags)
        dropped = self._drop_end_tags()
        if dropped:  # the end they showed is no longer the log's end
            engine = self.engine
            changes += [_dropped_note(name) for name in dropped]
        after = engine.outcome()
        changes += _score_changes(before, after)
        if engine.is_over:
            result = self.result()
            changes.append(f"the game is over: {result}" if result != "*" else
                           "the game is over: what it gives is not known yet, and the log claims no result")
        elif not dropped:  # a replay has opened the round due already
            self.pending = _open_due_round(engine)
        text = self.text()
        unheld = log_problem(text)
        if unheld is not None:  # taken back: the log written would not be one check reads
            self.record.tags = tags_before
            self._take_back_last()
            return Judgement(typed, "refused", round=current, move=move, diagnostics=[
                Diagnostic("N-SYNTAX", unheld, ENTRY_PATH, turn.span, move_text=recorded.written(), move_number=move,
                           notes=["the log is left as it was; a shorter comment may still be recorded"])])
        self.save(text)
        return Judgement(typed, "recorded", recorded.written(), current, move, notices, changes,
                         engine.is_over, self.result(), _account(engine, seen, turn.player, action))

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
            return [Diagnostic("N-TAG", f"the {name} tag is the referee's to write", ENTRY_PATH, where,
                               notes=["the Result tag says '*' until the game ends, then what the rules give"])]
        trial = GameRecord(self.record.game, [Tag(tag.name, tag.value, None, tag.comments) for tag in self.record.tags
                                              if tag.name != name], self.record.preamble, self.record.rounds,
                           self.record.line)
        trial.tags.insert(len(trial.tags) - 1 if trial.tags and trial.tags[-1].name == "Result" else len(trial.tags),
                          Tag(name, value))
        problems: list[Diagnostic] = []
        check_tags(ENTRY_PATH, trial, self.rules, problems)
        found = [problem for problem in problems if problem.is_error]
        if found:
            return [Diagnostic(d.code, d.message, ENTRY_PATH, where, notes=d.notes) for d in found]
        try:
            engine, opened = self._replay(trial, open_last=False)
        except Refused as refusal:
            return refusal.diagnostics or [Diagnostic("N-TAG", refusal.message, ENTRY_PATH, where)]
        if engine.is_over or name in self.rules.end_tags:  # an end tag is judged at any end the log has
            for violation in engine.copy().finish():
                if violation.part == f"tag:{name}" and violation.severity == "error":
                    return [Diagnostic(violation.rule, violation.message, ENTRY_PATH, where,
                                       notes=list(violation.notes))]
        kept = self.record, self.engine, self.pending
        self.record = trial
        self.engine, self.pending = engine, opened
        self._changed()
        text = self.text()
        unheld = log_problem(text)
        if unheld is not None:
            self.record, self.engine, self.pending = kept
            self._changed()
            return [Diagnostic("N-TAG", unheld, ENTRY_PATH, where)]
        self.last = None
        self.save(text)
        return []

    # -- taking back -----------------------------------------------------------------------

    def undo(self) -> str | None:
        """Take back the last entry recorded (the log's last, if it was resumed); its text, or
        None when the log holds no entry."""
        self.dropped = []
        taken = self._take_back_last(drop_end_tags=True)
        if taken is None:
            return None
        self.last = None
        self.save()
        return taken.written()

    def _take_back_last(self, drop_end_tags: bool = False) -> Turn | None:
        """The last entry taken out of the record and the game replayed without it (and without
        the tags that showed the end it was, with `drop_end_tags`)."""
        rounds = self.record.rounds
        while rounds and not rounds[-1].turns:
            rounds.pop()
        if not rounds:
            return None
        taken = rounds[-1].turns.pop()
        if not rounds[-1].turns:
            rounds.pop()
        if drop_end_tags:
            self.dropped = self._drop_end_tags(replay=False)
        self.engine, self.pending = self._replay(self.record)
        self._changed()
        return taken

    def _drop_end_tags(self, replay: bool = True) -> list[str]:
        """Take the game's end tags out of the record (the engine read them at its set-up, so it
        is replayed without them, with `replay`); their names."""
        dropped = [tag.name for tag in self.record.tags if tag.name in self.rules.end_tags]
        if dropped:
            self.record.tags = [tag for tag in self.record.tags if tag.name not in self.rules.end_tags]
            if replay:
                self.engine, self.pending = self._replay(self.record)
            self._changed()
        return dropped

    # -- what the state is -----------------------------------------------------------------

    @property
    def moves(self) -> int:
        return self.record.entry_count()

    def current_round(self) -> int | None:
        """The round the next entry falls in."""
        if self.pending is not None:
            return self.pending
        return self.record.rounds[-1].number if self.record.rounds else None

    def legal_entries(self) -> Sequence[LegalEntry]:
        """The entries the log could hold next, as the game's generator lists them; empty (and
        `entries_problem` says why) where it cannot list them in this state."""
        if self._entries is not None and self._entries[0] == self._epoch:
            return self._entries[1]
        self.entries_problem = None
        entries: Sequence[LegalEntry] = []
        if not self.engine.is_over:
            try:
                # Listed on a trial copy: a listing that fails halfway through a trial (a shot
                # tried and not taken back) must not leave it in the game being played; and as
                # a table is told them, a face-down card stays unnamed.
                entries = self.rules.table_entries(self.rules.trial_copy(self.engine))
            except Exception as error:  # noqa: BLE001 - a generator's gap must not end a game in play
                self.entries_problem = f"the legal entries cannot be listed here ({type(error).__name__})"
        self._entries = (self._epoch, entries)
        return entries

    def entry_runs(self) -> list[tuple[str, str, list[str]]]:
        """The legal entries' texts in runs of one player and one kind, `(player, kind, texts)`:
        what a prompt offers and names, without building each entry's action (a position may
        have thousands)."""
        entries = self.legal_entries()
        runs = getattr(entries, "runs", None)
        if callable(runs):
            return runs()
        grouped: list[tuple[str, str, list[str]]] = []
        for entry in entries:
            if grouped and grouped[-1][:2] == (entry.player, entry.kind):
                grouped[-1][2].append(entry.text)
            else:
                grouped.append((entry.player, entry.kind, [entry.text]))
        return grouped

    def due(self) -> Due:
        """Whose entry is next and of what kind, from the legal entries, or from the state's
        own `next` player where they cannot be listed."""
        over = self.engine.is_over
        if over:
            return Due(self.current_round(), (), (), True)
        runs = self.entry_runs()
        players = tuple(dict.fromkeys(player for player, _, _ in runs))
        kinds = tuple(dict.fromkeys(kind for _, kind, _ in runs))
        if not players:
            view = self.engine.view()
            named = view.get("next") or view.get("player")
            players = (named,) if isinstance(named, str) else ()
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
        did with it, found by replaying the log up to it (so it is told after a resume, or long
        after the entry was typed); None when the log has no such entry."""
        if not 1 <= move <= self.moves:
            return None
        found = self.record.entry(move)
        assert found is not None
        self.why_problem = None
        try:  # a fresh engine on a detached record: the game in play is not touched, whatever fails
            account = entry_account(self.rules, _detached(self.record), move, self.options)
        except Exception as error:  # noqa: BLE001 - a gap in explaining must not end a game in play
            self.why_problem = f"what it did cannot be worked out here ({type(error).__name__})"
            account = None
        return found[1].written(), account or []

    # -- the log ---------------------------------------------------------------------------

    def text(self) -> str:
        """The log as it stands: canonical notation, its Result tag kept true."""
        result = self.result()
        tag = self.record.tag("Result")
        if result == "*" and self.engine.is_over:
            # Over, but what it gives is not known (hands at the end not shown): a log claims no
            # result then, as `*` would say the game goes on.
            if tag is not None:
                self.record.tags.remove(tag)
        elif tag is None:
            self.record.tags.append(Tag("Result", result))
        else:
            tag.value = result
        return format_game(self.record, self.rules)

    def save(self, text: str | None = None) -> None:
        """Write the log: `text` when it has just been made (and found one the log can hold)."""
        write_log(self.path, self.text() if text is None else text)

    # -- inside ----------------------------------------------------------------------------

    def _changed(self) -> None:
        self._epoch += 1

    def _replay(self, record: GameRecord, open_last: bool = True) -> tuple[Engine, int | None]:
        """A fresh engine fed the record's entries, each made canonical on the way (so that a
        resumed log is written back canonically), and the round open after them: an empty last
        round of the record (taken out of it, as it is not written until it holds an entry),
        or the round the rules make due."""
        engine = self.rules.new_engine(record, self.options)
        if isinstance(engine, Violation):
            raise Refused(engine.message, [violation_diagnostic(self.path, engine, record, None, None, None)])
        number = 0
        for round_ in record.rounds:
            violation = engine.start_round(round_.number)
            if violation is not None:
                raise Refused(violation.message, [violation_diagnostic(self.path, violation, record, round_, None,
                                                                       number + 1)])
            for turn in round_.turns:
                number += 1
                canonical = engine.canonical_action(turn.player, turn.action)
                violation = engine.play(turn.player, turn.action)
                if violation is not None:
                    raise Refused(violation.message, [violation_diagnostic(self.path, violation, record, round_, turn,
                                                                           number)])
                engine.take_notices()
                turn.action, turn.text = canonical, self.rules.format_turn(canonical)
        if open_last and record.rounds and not record.rounds[-1].turns:
            return engine, record.rounds.pop().number
        return engine, _open_due_round(engine)


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
    if len(text) > MAX_GAME_CHARS:
        return f"the log would run past {MAX_GAME_CHARS >> 20} MiB, more than one game may hold"
    lines = text.count("\n")
    if lines > MAX_GAME_LINES:
        return f"the log would run to {lines:,} lines, more than the {MAX_GAME_LINES:,} one game may hold"
    if len(text) > MAX_LINE_CHARS and max(map(len, text.split("\n"))) > MAX_LINE_CHARS:
        return f"the log would hold a line longer than {MAX_LINE_CHARS:,} characters, which no log line may be"
    return None


def _tag_text(name: str, value: str) -> str:
    shown = f'[{name} "{value}"]' if len(name) + len(value) < 200 else f"[{name[:40]} …]"
    return shown.replace("\n", "\\n")


def _dropped_note(name: str) -> str:
    return f"the {name} tag, which showed the log's end before this entry, is taken out"


def _detached(record: GameRecord) -> GameRecord:
    """A record of the same tags and entries that shares no turn or tag with `record`: a replay
    writes each turn's canonical form into it, and must not write into the game in play."""
    return GameRecord(record.game, [Tag(tag.name, tag.value, None, list(tag.comments)) for tag in record.tags],
                      list(record.preamble),
                      [Round(round_.number, None, [Turn(turn.player, turn.action, turn.text,
                                                        comments=list(turn.comments)) for turn in round_.turns])
                       for round_ in record.rounds], record.line)


def _account(engine: Engine, before: dict[str, Any], player: str, action: Any) -> list[Consequence]:
    """The engine's account of the entry it has just played. An account that cannot be worked
    out must not end a game in play: it says so, and the entry stands."""
    try:
        return engine.account(before, player, action)
    except Exception as error:  # noqa: BLE001 - the entry is recorded; only its telling failed
        return [Consequence(f"(this entry's account could not be worked out: {type(error).__name__})", "")]


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


def _read_entry(typed: str) -> Diagnostic | tuple[int | None, Span | None, Turn]:
    """A typed line read with the log's own tokens: an optional round number, one entry
    `NAME: BODY`, and optionally a comment after it."""
    problem = text_problem(typed, "this line")
    if problem is not None:
        return _syntax(problem, Span(1, 1, 2))
    number: int | None = None
    number_span: Span | None = None
    turn: Turn | None = None
    words: list[str] = []
    for match in TOKEN.finditer(typed):
        kind = match.lastgroup
        span = Span(1, match.start() + 1, match.end() + 1)
        if kind == "space":
            continue
        if kind in ("brace", "close", "line_comment"):
            if turn is None:
                return _syntax("a comment follows the entry it is about", span)
            if kind == "line_comment":
                turn.comments.append(Comment(match.group("line_comment").strip(), False))
            elif match.group("close") is None:
                return _syntax("this comment is not closed: end it with '}'", span)
            else:
                turn.comments.append(Comment(match.group("brace").strip(), True))
            continue
        if turn is not None and turn.comments:
            return _syntax("nothing but comments may follow a comment", span)
        if kind == "round":
            if turn is not None or number is not None:
                return _syntax("a round number goes before the entry", span)
            digits = match.group("round")
            if len(digits) > 9:
                return _syntax("round number too large", span)
            number, number_span = int(digits), span
        elif kind == "mover":
            if turn is not None:
                return _syntax("one entry a line: this begins a second one", span,
                               "type each entry on a line of its own")
            turn = Turn(match.group("mover"), None, "", span=span,
                        player_span=Span(1, span.col, span.end_col - 1))
        elif kind == "word":
            if turn is None:
                return _syntax(f"'{match.group()}' does not say whose entry it is", span,
                               "an entry starts with the player's id and a colon, as in 'A: draw'")
            words.append(match.group())  # joined once at the end: a long line costs its length
            turn.token_spans.append(span)
            turn.span = Span(1, turn.span.col if turn.span else span.col, span.end_col)
        else:
            return _syntax(f"unexpected '{match.group()}'", span)
    if turn is None:
        return _syntax("no entry: type one as the log writes it, e.g. 'A: draw'", Span(1, 1, max(2, len(typed) + 1)))
    turn.text = " ".join(words)
    return number, number_span, turn


def _syntax(message: str, span: Span, hint: str | None = None) -> Diagnostic:
    return Diagnostic("N-SYNTAX", message, ENTRY_PATH, span, notes=[hint] if hint else [])
