"""`referee play`: the referee at the table, judging each entry as it is typed.

The game itself — reading, judging, recording, taking back, writing the log — is a
`referee.play.session.Session`; this module is the terminal around it: a prompt with
completion, history and line editing when a person types (prompt_toolkit), one verdict a
line when a program does (standard input not a terminal).
"""

from __future__ import annotations

import json
import os
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator
from typing import Any, BinaryIO

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, cli
from referee.cli import Refused
from referee.cli.common import emit, judging_options, style_for
from referee.diagnostics import Diagnostic
from referee.games import GAMES, game_for_tag, game_names
from referee.games.base import Consequence, GameRules, JudgeOptions, Ruling
from referee.games.tagvalues import parse_players
from referee.notation.codes import NOTATION_CODES
from referee.pipeline.fileio import display_path, not_a_file, standard_input
from referee.pipeline.replay import GameReport
from referee.pipeline.source import MAX_LINE_CHARS, DecodeError, LineReader, check_utf8
from referee.play.logfile import LockRefused, LogBusy, LogLock
from referee.play.session import ENTRY_PATH, Judgement, Unplayable, Session, text_problem
from referee.pipeline.fileio import reason_of
from referee.pipeline.next_word import next_words
from referee.reports.json_report import diagnostic_json
from referee.reports.moves import TABLE, listing_lines
from referee.reports.style import Style
from referee.reports.text import consequence_line, render_json_diagnostic, render_score
from referee.reports.visible import json_visible, visible
from referee.wording import counted

VERDICT_SCHEMA_ID = "urn:referee:schema:play-verdict:1"

COMMANDS = {
    "undo": "take back the last entry recorded",
    "show": "the whole state, as `referee show` prints it",
    "moves": "the legal entries now, summed up by kind when there are many ('moves all': every one)",
    "why": "why [N]: what the last entry (or entry N) did and the rulings that decided it, or why it was refused",
    "score": "the score as it stands",
    "rules": "rules ID: explain a ruling or code",
    "tag": "tag NAME VALUE: give a header fact (EndHands once the hands are shown at the end, Event …)",
    "help": "this list",
    "quit": "end the session (Control-D too); the log stays, unfinished if the game is not over, "
            "and 'referee play LOG' goes on from it",
}


@cli.command(short_help="Referee a game as it is played, entry by entry.")
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("--game", "game_name", metavar="GAME", help="A new game's game: " + ", ".join(game_names()) + ".")
@click.option("--players", metavar="'A B …'", help="A new game's players in seat order.")
@click.option("--teams", metavar="'A+B C+D'", help="A new game's partners (Korsar in teams: neighbours).")
@click.option("--first", metavar="ID", help="A new game's first player (Corsari, Pirates & Perroquets).")
@click.option("--seed", metavar="TEXT", help="Deal a new game (Korsar, Corsari) by the documented shuffle of TEXT "
                                             "(without it, draws are recorded without the card).")
@click.option("--tag", "tags", multiple=True, metavar="NAME=VALUE",
              help="Any other header fact of a new game (Hands, Deck, Build, Event …); repeatable.")
@click.option("--format", "output_format", type=click.Choice(["text", "jsonl"]), default="text", show_default=True,
              help="When standard input is not a terminal: one verdict a line as text, or as JSON "
                   "(schemas/play-verdict.schema.json).")
@judging_options
@click.pass_context
def play(ctx: click.Context, log: str, game_name: str | None, players: str | None, teams: str | None,
         first: str | None, seed: str | None, tags: tuple[str, ...], output_format: str,
         options: JudgeOptions) -> None:
    """Referee a game at the table: each entry is judged as it is typed, with the same
    rules and findings as `check`; a legal one is recorded in LOG at once (canonical
    notation, flushed to disk before the next prompt: appended, or the log written whole
    where an earlier line changes), an illegal one is explained and not recorded.

    If LOG exists it is judged first and the game goes on after its last entry. If not,
    a new game is started there from header facts: --game and --players, and as the game
    needs them --teams, --first, --seed (or --tag Hands=… --tag Deck=…), --data FILE,
    --variant NAME, --tag NAME=VALUE.

    Type an entry as a log writes it (`A: R2@A3`, `Anna: move Anna.s1 L+S dock I2`);
    round numbers are written by the referee, and a Korsar capture phase or chase may be
    left out. Tab completes the legal entries. At the prompt: undo, show, moves, why,
    score, rules ID, tag NAME VALUE, help, quit. Control-C clears the line; Control-D or
    quit ends the session, the log left valid (Result "*" while the game is unfinished).

    When standard input is not a terminal, each line is an entry (or a command) and each
    gets one verdict line; the exit code is 0 if every entry stood, 1 if any was refused.

    \b
    Examples:
      referee play table.korsar --game Korsar --players 'A B C' --seed club-night-3
      referee play evening.corsari --game Corsari --players 'A B C' --first A
      referee play table.korsar
      printf 'A: draw\\nB: draw\\nundo\\n' | referee play table.korsar --format jsonl
    """
    if standard_input() is None:
        raise Refused("standard input is closed: play reads the entries from it "
                           "(give it a terminal, a file or a pipe; </dev/null starts or checks a game and ends)")
    header = {"--game": game_name, "--players": players, "--teams": teams, "--first": first, "--seed": seed}
    given = [name for name, value in header.items() if value is not None] + (["--tag"] if tags else [])
    hold = LogLock(log)
    try:
        hold.acquire()  # before the log is read: what is read is what no one else is writing
    except (LogBusy, LockRefused) as busy:
        raise Refused(visible(str(busy))) from None
    except OSError as error:
        raise Refused(visible(f"{log}: cannot keep the log there: {reason_of(error)}")) from None
    try:
        _session(ctx, log, game_name, players, teams, first, seed, tags, output_format, options, given)
    finally:
        hold.release()


def _session(ctx: click.Context, log: str, game_name: str | None, players: str | None, teams: str | None,
             first: str | None, seed: str | None, tags: tuple[str, ...], output_format: str,
             options: JudgeOptions, given: list[str]) -> None:
    problem = not_a_file(log) if os.path.lexists(log) else None
    if problem is not None and problem not in ("no such file or directory", "broken symbolic link"):
        raise click.UsageError(f"{visible(log)}: cannot keep the log there: {problem}")  # a FIFO would block
    if _holds_text(log):
        if given:
            raise click.UsageError(f"{visible(log)} exists: its header sets the game up, so {given[0]} has no place "
                                   "(name a new file to start a new game)")
        session = _resume(ctx, log, options)
    else:
        session = _start(ctx, log, game_name, players, teams, first, seed, tags, options)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    try:
        if interactive:
            _interactive(ctx, session)
            ctx.exit(EXIT_OK)
        refused = _scripted(ctx, session, output_format)
    except Unplayable as changed:  # another program's change to the log (LogChanged), or a log on disk
        # that a replay of the session (undo, tag, a reread) finds it cannot go on from: said, not a crash
        _refuse(ctx, changed, _log_line(log))
        raise AssertionError from None  # _refuse exits
    ctx.exit(EXIT_FINDINGS if refused else EXIT_OK)


# -- starting ----------------------------------------------------------------------------------


def _holds_text(log: str) -> bool:
    """Whether LOG is a log to go on with: a file that exists and is not blank (an empty file
    made ready for the game is where a new one starts)."""
    try:
        with open(log, "rb") as stream:
            return bool(stream.read(1 << 16).strip())
    except FileNotFoundError:
        return False
    except OSError:
        return True  # reading it again says why it cannot be read


def _resume(ctx: click.Context, log: str, options: JudgeOptions) -> Session:
    """The game of LOG, read round by round as check reads a long one: no more of it held
    than its last round, however long it is."""
    try:
        with open(log, "rb") as stream:
            check_utf8(stream)
        return Session.resume(log, options=options)
    except OSError as error:
        raise click.UsageError(f"{visible(log)}: cannot read: {reason_of(error)}") from None
    except DecodeError as error:
        raise click.UsageError(f"{visible(log)}: the file is not UTF-8 (byte {error.offset})") from None
    except Unplayable as refusal:
        _refuse(ctx, refusal, _log_line(log))
        raise AssertionError  # _refuse exits


def _log_line(log: str) -> Callable[[int], str | None]:
    """A line of LOG, read from it when a finding quotes it."""
    def line(number: int) -> str | None:
        try:
            with open(log, "rb") as stream:
                for index, text in enumerate(LineReader(stream), start=1):
                    if index == number:
                        return text
        except (OSError, ValueError):
            return None
        return None

    return line


def _start(ctx: click.Context, log: str, game_name: str | None, players: str | None, teams: str | None,
           first: str | None, seed: str | None, tags: tuple[str, ...], options: JudgeOptions) -> Session:
    if game_name is None or players is None:
        raise click.UsageError(f"{visible(log)} holds no game yet: to start one there, give --game and --players")
    rules = game_for_tag(game_name)
    if rules is None:
        raise click.UsageError(f"unknown game {game_name!r} (games: {', '.join(game_names())})")
    problem = rules.check_tag("Players", players)
    if problem is not None:  # read by the game's own grammar, as a log's Players tag is
        hint = [problem.hint] if problem.hint else []
        _refuse(ctx, Unplayable("the header facts set up no game", [
            Diagnostic("N-TAG", f"--players: {problem.message}", log, None, move_text=f'[Players "{players}"]',
                       notes=hint)]), None)
    facts = _header_facts(rules, parse_players(players), teams, first, seed, tags, options)
    try:
        return Session.new(log, rules, facts, options)
    except Unplayable as refusal:
        _refuse(ctx, refusal, None)
        raise AssertionError  # _refuse exits


def _header_facts(rules: GameRules, players: list[str], teams: str | None, first: str | None, seed: str | None,
                  tags: tuple[str, ...], options: JudgeOptions) -> list[tuple[str, str]]:
    """A new game's tags: the game's own set-up for these players (as `simulate` deals it),
    without its deal unless --seed asks for one, then what the options say."""
    known = {spec.name for spec in rules.tags}
    if seed is not None and "Seed" not in known:
        raise click.UsageError(f"--seed: {rules.name} is not dealt by a seed (what chance gives is written in the "
                               "log as it falls): leave --seed out")
    try:
        facts = dict(rules.deal_tags(players, teams is not None, seed or "-"))
    except ValueError as error:  # SetupError, or a game's own word that the choices set up no game
        raise click.UsageError(str(error)) from None
    if seed is None:
        facts.pop("Seed", None)
    if teams is not None:
        facts["Teams"] = teams
    if first is not None:
        facts["First"] = first
    for data in options.data_for(rules.id):
        named = rules.data_tag(data)
        if named is not None:
            facts[named[0]] = named[1]
    if options.variants:
        if "Variants" not in known:
            raise click.UsageError(f"{rules.name} has no variants")
        facts["Variants"] = " ".join(options.variants)
    for item in tags:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise click.UsageError(f"--tag {item!r}: write it NAME=VALUE, e.g. --tag Event='Club night'")
        facts[name] = value
    return list(facts.items())


def _refuse(ctx: click.Context, refusal: Unplayable, line: Callable[[int], str | None] | None) -> None:
    """A game that cannot be played: its findings, and exit 1 for a log found wanting,
    2 for header facts that set up no game (`line`: None, there being no log yet)."""
    style = style_for(ctx, err=True)
    for diagnostic in refusal.diagnostics:
        data = diagnostic_json(diagnostic, line or (lambda n: None))
        emit(render_json_diagnostic(data, style), err=True)
    emit(visible(f"referee play: {refusal.message}"), err=True)
    ctx.exit(EXIT_FINDINGS if line is not None and not refusal.usage else EXIT_USAGE)


# -- what is said ------------------------------------------------------------------------------


def _diagnostic_data(diagnostic: Diagnostic, typed: str) -> dict[str, Any]:
    return diagnostic_json(diagnostic, lambda n: typed if n == 1 and diagnostic.path == ENTRY_PATH else None)


def _prompt_text(session: Session) -> str:
    try:
        due = session.due()
    except Exception:  # noqa: BLE001 - the prompt is still shown, and the entry still judged
        return "> "
    if due.over:
        result = session.result()
        return f"game over ({result if result != '*' else 'result not known yet'})> "
    who = "/".join(due.players) if due.players else "?"
    kinds = f" [{', '.join(due.kinds)}]" if due.kinds else ""
    number = f"{due.round}. " if due.round is not None else ""
    return f"{number}{who}{kinds}> "


def _verdict_line(judgement: Judgement) -> str:
    """The verdict as one line of text, what the entry or the log holds escaped as it is shown."""
    return visible(_verdict_text(judgement))


def _verdict_text(judgement: Judgement) -> str:
    if judgement.status == "recorded":
        said = f"recorded {judgement.move}: {judgement.entry}"
        if judgement.changes:
            said += f" ({'; '.join(judgement.changes)})"
        for warning in judgement.diagnostics:
            said += f" warning[{warning.code}] {warning.message}"
        return said
    first = judgement.diagnostics[0]
    return f"refused: {first.code} {first.message}"


def _verdict_json(judgement: Judgement, number: int) -> dict[str, Any]:
    typed = display_path(judgement.typed)  # bytes that are not UTF-8 as `\xNN`: JSON any reader reads
    data: dict[str, Any] = {"$schema": VERDICT_SCHEMA_ID, "line": number, "input": typed,
                            "verdict": judgement.status}
    if judgement.entry is not None:
        data["entry"] = judgement.entry
    if judgement.move is not None:
        data["move"] = judgement.move
    if judgement.round is not None:
        data["round"] = judgement.round
    data["diagnostics"] = [_diagnostic_data(d, typed) for d in judgement.diagnostics]
    data["changes"] = list(judgement.changes)
    data["account"] = [consequence_line(consequence) for consequence in judgement.account]
    data["over"] = judgement.over
    data["result"] = judgement.result
    return data


LOOKING = ("show", "score", "moves", "why")
"""Commands that only look at the game: whatever fails in them, the game goes on as it was."""


def _command_lines(session: Session, word: str, rest: str, style: Style) -> tuple[list[str], bool]:
    """What a prompt command says, and whether it did what was asked."""
    if word not in LOOKING:
        return _doing(session, word, rest, style)
    try:
        return _doing(session, word, rest, style)
    except Exception as error:  # noqa: BLE001 - a gap in a view or a listing must not end a game in play
        return [f"{word}: this cannot be shown here ({type(error).__name__}); the game is as it was"], False


def _doing(session: Session, word: str, rest: str, style: Style) -> tuple[list[str], bool]:
    if word == "help":
        lines = ["Type an entry as a log writes it, e.g. 'A: draw'; Tab completes the legal ones."]
        lines += [f"  {name:<6} {what}" for name, what in COMMANDS.items()]
        return lines, True
    if word == "undo":
        taken = session.undo()
        if taken is None:
            return ["nothing to undo: the log holds no entry"], False
        return [f"undone: {visible(taken)}"] + [f"the {name} tag, which showed the end taken back, is taken out too"
                                                for name in session.dropped], True
    if word == "show":
        view = session.engine.view()
        return [visible(line) for line in session.rules.render_view(view)], True
    if word == "score":
        outcome = session.outcome()
        outcome.claim = None  # the log's Result is the session's own: nothing is claimed yet
        report = GameReport(1, session.record.line, session.rules, session.record, moves=session.entries_played,
                            outcome=outcome)
        return render_score(report, style)[1:], True
    if word == "moves":
        return _moves_lines(session, style, rest.strip() == "all"), True
    if word == "why":
        return _why_lines(session, style, rest.strip())
    if word == "rules":
        return _rules_lines(session.rules, rest.split())
    if word == "tag":
        name, _, value = rest.strip().partition(" ")
        if not name or not value.strip():
            return ["tag NAME VALUE, e.g. tag EndHands A: $2 Y3 / B: - / C: $3"], False
        problems = session.set_tag(name, value.strip())
        if problems:
            typed = f"{name} {value.strip()}"
            return [render_json_diagnostic(_diagnostic_data(d, typed), style) for d in problems], False
        return [visible(f'[{name} "{value.strip()}"] given; Result "{session.result()}"')], True
    return [f"unknown command {word!r}"], False


def _moves_lines(session: Session, style: Style, every: bool = False) -> list[str]:
    """The legal entries as the table is told them (`listing_lines`, worded for the prompt),
    or why there are none to list."""
    entries = session.legal_entries()
    if not entries:
        if session.engine.is_over:
            return ["none: the game is over"]
        return [session.entries_problem or "the legal entries cannot be listed in this state"]
    return listing_lines(entries.runs(), entries.notes, style, every, TABLE)


def _why_lines(session: Session, style: Style, asked: str = "") -> tuple[list[str], bool]:
    """`why`: the last entry's account in full (after a resume, the log's last entry's), or
    why it was refused; `why N`: the account of entry N."""
    if asked:
        if not asked.isdigit():
            return [f"why N: N is an entry's number, 1 to {session.entries_played} (not {asked!r})"], False
        told = session.account_of(int(asked))
        if told is None:
            return [f"there is no entry {asked}: the log holds {session.entries_played}"], False
        return _told(int(asked), *told) + ([f"  {session.why_problem}"] if session.why_problem else []), True
    last = session.last
    if last is not None and last.status == "refused":
        diagnostic = last.diagnostics[0]
        lines = [render_json_diagnostic(_diagnostic_data(diagnostic, last.typed), style)]
        lines += _rules_lines(session.rules, [diagnostic.code, *diagnostic.rulings])[0]
        lines += [visible(f"  {consequence_line(consequence)}") for consequence in last.account[1:]]
        return lines, True
    if not session.entries_played:
        return ["no entry yet: the log holds none"], True
    told = session.account_of(session.entries_played)
    assert told is not None
    lines = _told(session.entries_played, *told)
    if session.why_problem:
        lines.append(f"  {session.why_problem}")
    if last is not None and last.move == session.entries_played:
        lines += [visible(f"  {change}") for change in last.changes]
        lines += [visible(f"  warning[{warning.code}] {warning.message}") for warning in last.diagnostics]
    return lines, True


def _told(move: int, entry: str, account: list[Consequence]) -> list[str]:
    return [visible(f"move {move}: {entry}")] + [visible(f"  {consequence_line(consequence)}") for consequence in account]


HISTORY_KEPT = 1000
"""The log's last entries the arrow keys recall (a long game's every entry would be held)."""


def _rules_lines(rules: GameRules, ids: Iterable[str]) -> tuple[list[str], bool]:
    known: dict[str, Ruling] = {r.id: r for r in NOTATION_CODES}
    for game in GAMES.values():
        known.update((r.id, r) for r in game.rulings)
    wanted = list(dict.fromkeys(rule_id.upper() for rule_id in ids))
    if not wanted:
        return [f"rules ID: one of {', '.join(r.id for r in rules.rulings)}"], False
    lines: list[str] = []
    found = True
    for rule_id in wanted:
        ruling = known.get(rule_id)
        if ruling is None:
            lines.append(f"{visible(rule_id)}: no such ruling or code (`referee rules --list` lists them)")
            found = False
            continue
        lines.append(f"{ruling.id} — {ruling.title}")
        lines += textwrap.wrap(ruling.text, 88, initial_indent="  ", subsequent_indent="  ")
    return lines, found


def _split_command(line: str) -> tuple[str, str] | None:
    """The command a line gives and the rest of it; None for an entry, and for a line no log
    line could be (too long, or not text), which is refused as an entry is."""
    if text_problem(line, "this line") is not None:
        return None
    word, _, rest = line.strip().partition(" ")
    return (word, rest) if word in COMMANDS else None


# -- scripted ----------------------------------------------------------------------------------


def _scripted(ctx: click.Context, session: Session, output_format: str) -> bool:
    """One line in, one verdict out; True if an entry (or a command) was refused."""
    style = Style(False)
    refused = False

    def write(text: str) -> None:  # each verdict out before the next line is read
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    stream = standard_input()
    assert stream is not None  # play refuses a closed standard input before it starts
    for number, line in enumerate(_typed_lines(stream), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue  # a blank line, or a note of the script's own
        command = _split_command(line)
        if command is not None:
            if command[0] == "quit":
                break
            lines, done = _command_lines(session, command[0], command[1], style)
            refused = refused or not done
            if output_format == "jsonl":
                write(json_visible(json.dumps({"$schema": VERDICT_SCHEMA_ID, "line": number,
                                               "input": display_path(line),
                                               "verdict": "done" if done else "refused", "command": command[0],
                                               "lines": lines}, ensure_ascii=False)))
            else:
                write(visible("\n".join(lines)))
            continue
        judgement = session.enter(line)
        refused = refused or judgement.status == "refused"
        if output_format == "jsonl":
            write(json_visible(json.dumps(_verdict_json(judgement, number), ensure_ascii=False)))
        else:
            write(visible(_verdict_line(judgement)))
    return refused


def _typed_lines(stream: BinaryIO) -> Iterator[str]:
    """The lines of a script, decoded. A byte that is not UTF-8 is kept as an escape (the line
    is refused for it, and the script goes on); a line longer than any line of a log is read no
    further than the first MAX_LINE_CHARS characters could take (four bytes each), the rest
    skipped, so that it is refused at once whatever its length."""
    limit = 4 * MAX_LINE_CHARS + 4
    while True:
        raw = stream.readline(limit)
        if not raw:
            return
        if not raw.endswith(b"\n"):
            rest = raw
            while len(rest) == limit and not rest.endswith(b"\n"):
                rest = stream.readline(limit)
        yield raw.decode("utf-8", "surrogateescape").rstrip("\n").rstrip("\r")


# -- interactive -------------------------------------------------------------------------------


def entry_completions(session: Session, typed: str) -> Iterator[Any]:
    """prompt_toolkit's completions of `typed`: the next word of the legal entries (and of the
    commands) that begin with it, or the whole of an entry alone behind its word."""
    from prompt_toolkit.completion import Completion

    candidates = [(f"{player}: {text}", kind, player) for player, kind, texts in session.legal_entries().runs()
                  for text in texts]
    if " " not in typed:
        candidates += [(name, "command", "") for name in COMMANDS]
    for step in next_words(typed, candidates):
        meta = f"{step.count} entries" if step.whole is None else ", ".join(step.kinds)
        yield Completion(step.text, start_position=-len(step.partial), display=visible(step.whole or step.text.strip()),
                         display_meta=meta)


def _interactive(ctx: click.Context, session: Session) -> None:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer
    from prompt_toolkit.history import InMemoryHistory

    style = style_for(ctx)

    class EntryCompleter(Completer):
        """The legal entries (and the commands) that begin with what is typed, a word at a
        time: the player, then the kind or the card, then the target (`next_words`)."""

        def get_completions(self, document: Any, complete_event: Any) -> Any:
            yield from entry_completions(session, document.text_before_cursor.lstrip())

    history = InMemoryHistory()
    for entry in session.recent_entries(HISTORY_KEPT):
        history.append_string(entry)
    prompt = PromptSession(history=history, completer=EntryCompleter(), complete_while_typing=False,
                           complete_in_thread=True)
    moves = session.entries_played
    opening = visible(f"{session.rules.name}, {session.record.tag_value('Players') or ''}: log {session.path}")
    emit(style(opening, "bold") + (f" (resumed after move {moves})" if moves else " (a new game)"))
    emit("Type an entry as the log writes it; Tab completes; 'help' lists the commands.")
    while True:
        try:
            line = prompt.prompt(_prompt_text(session))
        except KeyboardInterrupt:
            continue  # Control-C: the line is cleared
        except EOFError:
            break
        if not line.strip():
            continue
        command = _split_command(line)
        if command is not None:
            if command[0] == "quit":
                break
            lines, _ = _command_lines(session, command[0], command[1], style)
            emit("\n".join(lines))
            continue
        judgement = session.enter(line)
        if judgement.status == "recorded":
            entry = visible(judgement.entry or "")
            verdict = style("✓", "green", "bold") + f" {judgement.round}. {entry}" \
                if judgement.round is not None else style("✓", "green", "bold") + f" {entry}"
            if judgement.changes:
                verdict += style(visible(f"  ({'; '.join(judgement.changes)})"), "dim")
            emit(verdict)
            for consequence in judgement.account:
                emit(style(visible(f"  · {consequence_line(consequence)}"), "dim"))
            for warning in judgement.diagnostics:
                emit(render_json_diagnostic(_diagnostic_data(warning, line), style))
        else:
            for diagnostic in judgement.diagnostics:
                emit(render_json_diagnostic(_diagnostic_data(diagnostic, line), style))
            emit(style("✗ refused: not recorded", "red", "bold"))
            for consequence in judgement.account[1:]:  # the first says the rule, as the finding did
                emit(style(visible(f"  · {consequence_line(consequence)}"), "dim"))
    claimed = session.record.tag("Result")
    emit(visible(f"log kept in {session.path}: {counted(session.entries_played, 'move')}, "
                 + (f"Result \"{claimed.value}\"" if claimed is not None else "no result claimed yet")))
