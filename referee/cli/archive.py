"""Commands for archives of many games: select, join, split, duplicates.

They copy games as written, byte for byte, and read their inputs game by game.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import TextIO

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UnreadableInput, cli
from referee.cli.common import emit, exclude_option, gather, judging_options, output_option, refuse_overwriting_inputs
from referee.games import game_for_tag, game_names
from referee.games.base import JudgeOptions
from referee.notation.chunks import MAX_GAME_CHARS, MAX_GAME_LINES
from referee.pipeline.archive import ArchivedGame, SeenGames, archived_games
from referee.pipeline.fileio import Input, atomic_writer, reason_of, standard_input
from referee.pipeline.source import MAX_LINE_CHARS
from referee.pipeline.work import spool
from referee.wording import counted

VERDICTS = ("legal", "illegal", "malformed")
RESULTS = ("holds", "false", "unchecked", "unfinished", "missing")
"""What `select --result` asks of a game's claimed result: the moves reach it, they do not,
what the log shows cannot tell (a hidden deal), it says the game is not over (`*`), or the
log claims none."""


@dataclass(frozen=True, slots=True)
class TagTest:
    """`NAME=VALUE`: the tag's value is VALUE (blanks folded); `NAME~TEXT`: it contains
    TEXT, in any case."""

    name: str
    value: str
    exact: bool

    def holds(self, game: ArchivedGame) -> bool:
        found = game.tag(self.name)
        if found is None:
            return False
        if self.exact:
            return " ".join(found.split()) == " ".join(self.value.split())
        return self.value.casefold() in found.casefold()


TAG_TEST = re.compile(r"(?P<name>[A-Za-z][A-Za-z0-9_-]*)(?P<op>[=~])(?P<value>.*)", re.DOTALL)


def _tag_tests(_ctx: click.Context, _param: click.Parameter, given: tuple[str, ...]) -> list[TagTest]:
    tests = []
    for text in given:
        match = TAG_TEST.fullmatch(text)
        if match is None:
            raise click.BadParameter(f"{text!r}: write NAME=VALUE (equal) or NAME~TEXT (contains)")
        tests.append(TagTest(match["name"], match["value"], match["op"] == "="))
    return tests


def _game_names(_ctx: click.Context, _param: click.Parameter, given: tuple[str, ...]) -> set[str]:
    found = set()
    for name in given:
        rules = game_for_tag(name)
        if rules is None:
            known = ", ".join(game_names())
            raise click.BadParameter(f"unknown game {name!r} (games: {known})")
        found.add(rules.id)
    return found


def _games(inputs: list[Input]) -> Iterator[ArchivedGame]:
    for item in inputs:
        name = "<stdin>" if item.path == "-" else item.path
        stdin = standard_input() if item.path == "-" else None
        if item.path == "-" and stdin is None:
            raise UnreadableInput("<stdin>: cannot read: standard input is closed")
        try:
            stream = spool(stdin) if stdin is not None else open(item.path, "rb")
        except OSError as error:
            raise UnreadableInput(f"{item.path}: cannot read: {reason_of(error)}") from None
        with stream:
            try:
                yield from archived_games(name, stream)
            except UnicodeError as error:
                raise UnreadableInput(f"{name}: cannot read: {error}") from None
            except OSError as error:
                raise UnreadableInput(f"{name}: cannot read: {reason_of(error)}") from None


def _inputs(ctx: click.Context, paths: tuple[str, ...], exclude: tuple[str, ...],
            output: str | None) -> list[Input]:
    inputs, problems = gather(paths, ctx, exclude)
    if problems:
        raise UnreadableInput(f"{problems[0].path}: cannot read: {problems[0].reason}")
    refuse_overwriting_inputs(output)
    return inputs


@contextmanager
def _output(output: str | None) -> Iterator[TextIO | None]:
    """FILE, written atomically; or None for standard output, written as games come."""
    if output is None:
        yield None
        return
    refuse_overwriting_inputs(output)
    with atomic_writer(output) as stream:
        yield stream


class _Writer:
    """Games one after the other, one blank line between them."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        self.count = 0

    def write(self, game: ArchivedGame) -> None:
        text = ("\n" if self.count else "") + _as_written(game)
        if self.stream is None:
            emit(text, nl=False)
        else:
            self.stream.write(text)
        self.count += 1


def _as_written(game: ArchivedGame) -> str:
    """The game's text, which these commands copy byte for byte: a game read only in part
    cannot be, and stops the command as unreadable input does."""
    if not game.whole:
        raise UnreadableInput(f"{game.path}:{game.line}: game {game.index} cannot be copied as written: a line of "
                              f"it runs past {MAX_LINE_CHARS:,} characters, or the game past {MAX_GAME_LINES:,} "
                              f"lines or {MAX_GAME_CHARS >> 20} MiB, and the rest is not read")
    return game.text


quiet_option = click.option("-q", "--quiet", is_flag=True, help="No summary on standard error.")


@cli.command(short_help="Copy the games that match into one file (tags, players, verdict).")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...", type=click.Path())
@click.option("--tag", "tag_tests", multiple=True, metavar="NAME=VALUE|NAME~TEXT", callback=_tag_tests,
              help="A tag equal to VALUE (blanks folded), or containing TEXT in any case; repeatable.")
@click.option("--player", "players", multiple=True, metavar="ID", help="A game this player plays in; repeatable.")
@click.option("--game", "games", multiple=True, metavar="GAME", callback=_game_names,
              help="Games of this kind (Korsar, Corsari, ...); repeatable.")
@click.option("--verdict", "verdicts", multiple=True, type=click.Choice(VERDICTS),
              help="Games the referee finds legal, illegal or malformed; repeatable.")
@click.option("--result", "results", multiple=True, type=click.Choice(RESULTS),
              help="Games whose claimed Result the moves reach (holds), do not reach (false), or may reach "
                   "for all the log shows (unchecked: a hidden deal); that claim no end (unfinished: "
                   "Result \"*\"), or claim none (missing); repeatable.")
@click.option("--min-moves", type=click.IntRange(min=0), metavar="N", help="Games of at least N moves.")
@click.option("--max-moves", type=click.IntRange(min=0), metavar="N", help="Games of at most N moves.")
@click.option("--unique", is_flag=True, help="Leave out a game whose moves repeat a game already selected.")
@exclude_option
@quiet_option
@output_option
@judging_options
@click.pass_context
def select(ctx: click.Context, paths: tuple[str, ...], tag_tests: list[TagTest], players: tuple[str, ...],
           games: set[str], verdicts: tuple[str, ...], results: tuple[str, ...], min_moves: int | None,
           max_moves: int | None, unique: bool, exclude: tuple[str, ...], quiet: bool,
           output: str | None, options: JudgeOptions) -> None:
    """Copy the games of PATH... that match every kind of test given (any value of a
    repeated option) into one file, each exactly as written, one blank line apart.

    A game's moves are its entries, as `check` counts them. A game that cannot be read
    (malformed) has no count of moves and no result: --min-moves, --max-moves and
    --result leave it out.

    Exit 0 when a game was selected, 1 when none was, 2 for unreadable input.

    \b
    Examples:
      referee select samples/korsar/ --player D -o d.korsar
      referee select samples/korsar/ --tag 'Event~harbour' --verdict illegal
      referee select samples/ --unique -o unique.log
      referee select samples/korsar/ --result false --min-moves 20
    """
    if min_moves is not None and max_moves is not None and min_moves > max_moves:
        raise click.UsageError(f"--min-moves {min_moves} is more than --max-moves {max_moves}: no game matches")
    inputs = _inputs(ctx, paths, exclude, output)
    total = 0
    with ExitStack() as stack:
        writer = _Writer(stack.enter_context(_output(output)))
        seen = stack.enter_context(SeenGames()) if unique else None
        for game in _games(inputs):
            total += 1
            if games and game.game not in games:
                continue
            if players and not set(players) & set(game.players()):
                continue
            if any(not test.holds(game) for test in tag_tests):
                continue
            if min_moves is not None or max_moves is not None:
                moves = game.moves()
                if moves is None or (min_moves is not None and moves < min_moves) \
                        or (max_moves is not None and moves > max_moves):
                    continue
            if results and game.result(options) not in results:
                continue
            if verdicts and game.verdict(options) not in verdicts:
                continue
            if seen is not None:
                key = game.moves_key()
                if key is not None and seen.first(key, game.path, game.line, game.index) is not None:
                    continue
            writer.write(game)
    if not quiet:
        emit(f"{writer.count} of {counted(total, 'game')} selected", err=True)
    ctx.exit(EXIT_OK if writer.count else EXIT_FINDINGS)


@cli.command(short_help="Join logs into one file, game after game.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...", type=click.Path())
@exclude_option
@quiet_option
@output_option
@click.pass_context
def join(ctx: click.Context, paths: tuple[str, ...], exclude: tuple[str, ...], quiet: bool,
         output: str | None) -> None:
    """Every game of PATH..., in order, each exactly as written, one blank line apart.

    \b
    Examples:
      referee join samples/korsar/legal/k-example.korsar samples/korsar/legal/no-deal.korsar -o two.korsar
      referee join samples/korsar/legal/ -o all-legal.korsar
    """
    inputs = _inputs(ctx, paths, exclude, output)
    with _output(output) as stream:
        writer = _Writer(stream)
        for game in _games(inputs):
            writer.write(game)
    if not quiet:
        emit(f"{counted(writer.count, 'game')} joined from {counted(len(inputs), 'file')}", err=True)
    ctx.exit(EXIT_OK)


@cli.command(short_help="Split a log into one file per game (or per N games).")
@click.argument("path", metavar="PATH", type=click.Path())
@click.option("-d", "--directory", default=".", show_default=True, type=click.Path(file_okay=False),
              help="Where to write the files (made if missing).")
@click.option("--per", type=click.IntRange(min=1), default=1, show_default=True, metavar="N",
              help="Games in each file: the last file holds what is left.")
@quiet_option
@click.pass_context
def split(ctx: click.Context, path: str, directory: str, per: int, quiet: bool) -> None:
    """Write the games of PATH to files of their own, N games a file (--per, one by
    default), each exactly as written, one blank line apart. Files are named after PATH
    and their number (club.korsar gives club-0001.korsar, club-0002.korsar, ...). An
    existing file is never overwritten: the split stops there (exit 2).

    \b
    Examples:
      referee split samples/korsar/legal/multi-game.korsar -d games/
      referee split samples/perroquets/legal/p-example-4-meeting.perroquets --per 1 -d parts/
    """
    inputs = _inputs(ctx, (path,), (), None)
    if len(inputs) != 1:
        raise click.UsageError(f"{path} is a folder: split takes one log file")
    stem, extension = os.path.splitext(os.path.basename(path if path != "-" else "stdin.log"))
    games = files = 0
    with ExitStack() as stack:
        writer: _Writer | None = None
        for game in _games(inputs):
            _as_written(game)  # a game read only in part stops the split before its file is made
            if games % per == 0:
                if writer is None:
                    _make_directory(directory)  # only once the log proves readable
                stack.close()  # the previous file is complete: renamed into place
                target = os.path.join(directory, f"{stem}-{files + 1:04d}{extension}")
                if os.path.lexists(target):
                    emit(f"referee: {target} exists: not overwritten; {counted(games, 'game')} written to {counted(files, 'file')}",
                         err=True)
                    ctx.exit(EXIT_USAGE)
                writer = _Writer(stack.enter_context(atomic_writer(target)))
                files += 1
            assert writer is not None
            writer.write(game)
            games += 1
        if writer is None:
            _make_directory(directory)
    if not quiet:
        emit(f"{counted(games, 'game')} written to {directory}" if per == 1 else
             f"{counted(games, 'game')} written to {counted(files, 'file')} in {directory}", err=True)
    ctx.exit(EXIT_OK)


def _make_directory(directory: str) -> None:
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as error:
        raise UnreadableInput(f"cannot make {directory}: {reason_of(error)}") from None


@cli.command(short_help="Find games whose moves repeat an earlier game.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...", type=click.Path())
@exclude_option
@quiet_option
@click.pass_context
def duplicates(ctx: click.Context, paths: tuple[str, ...], exclude: tuple[str, ...], quiet: bool) -> None:
    """List every game of PATH... whose moves (rounds, players and turns; not tags or
    comments) repeat those of an earlier game, with where that game stands.

    Exit 0 when no game repeats another, 1 when one does.
    `referee select --unique` writes an archive without the repeats.

    \b
    Examples:
      referee duplicates samples/
    """
    inputs = _inputs(ctx, paths, exclude, None)
    total = repeated = 0
    with SeenGames() as seen:
        for game in _games(inputs):
            total += 1
            key = game.moves_key()
            if key is None:
                continue
            first = seen.first(key, game.path, game.line, game.index)
            if first is not None:
                repeated += 1
                emit(f"{game.path}:{game.line}: game {game.index} repeats the moves of game {first[2]} "
                     f"at {first[0]}:{first[1]}")
    if not quiet:
        emit(f"{counted(total, 'game')}, {repeated} {'repeats' if repeated == 1 else 'repeat'} an earlier one", err=True)
    ctx.exit(EXIT_FINDINGS if repeated else EXIT_OK)
