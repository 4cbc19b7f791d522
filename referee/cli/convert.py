"""`referee export` and `referee import`: logs to JSON and back."""

from __future__ import annotations

import errno
import io
import tempfile
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, UnreadableInput, cli
from referee.cli.common import (EXIT_USAGE, emit, why_broken, exclude_option, gather, judging_options, open_input,
                                output_option, refuse_output_among_inputs, refuse_output_of_nothing, staged_output,
                                style_for)
from referee.diagnostics import Diagnostic
from referee.games.base import JudgeOptions
from referee.export import export_pieces, records_from_json, write_export
from referee.reports.json_report import diagnostic_json
from referee.reports.text import render_json_diagnostic
from referee.formatting import canonical_text
from referee.pipeline.fileio import Input, not_a_file, reason_of, standard_input
from referee.importing import LONG_GAME_CHARS, long_game
from referee.pipeline.json_stream import JsonStreamError, LongObject, document_games
from referee.pipeline.work import file_games
from referee.pipeline.fastpath import reads_plainly
from referee.notation.chunks import Chunk
from referee.notation.reader import read_games


@cli.command("export", short_help="Write logs as JSON game records with their verdicts.")
@click.argument("paths", nargs=-1, metavar="[PATH]...", type=click.Path())
@click.option("-q", "--quiet", is_flag=True, help="Leave out the findings of logs that are not exported (their "
                                                  "names are still given).")
@exclude_option
@output_option
@judging_options
@click.pass_context
def export_command(ctx: click.Context, paths: tuple[str, ...], quiet: bool, exclude: tuple[str, ...],
                   output: str | None, options: JudgeOptions) -> None:
    """Write every game of the logs as JSON: the record (comments included), the file
    it came from and the verdict, in one document (schemas/game-record.schema.json).

    PATH may be files and folders, as for check (default: the current folder). A log
    with syntax errors is not exported: its findings go to standard error, and with
    one log nothing is written. Games are read and written one at a time.

    Exit 0 when all games are legal, 1 when one is illegal or a log was not exported.

    \b
    Examples:
      referee export samples/korsar/legal/k-example.korsar -o game.json
      referee export samples/corsari/legal/game-3-players.corsari | referee import -
      referee export samples/korsar/legal/ -o korsar.json
    """
    inputs, unreadable = gather(paths or (".",), ctx, exclude)
    refuse_output_among_inputs(output, inputs)
    refuse_output_of_nothing(ctx, output, inputs, unreadable)
    if not inputs:  # nothing could be read: no document, or the next command of a pipe reads an empty one
        for problem in unreadable:
            emit(f"{problem.path}: cannot read: {problem.reason}", err=True)
        ctx.exit(EXIT_USAGE)
    style = style_for(ctx, err=True)
    single = len(inputs) == 1 and not unreadable
    ok = True
    skipped: list[str] = []
    unjudged = [False]  # a log could not be judged here (N-DATA, N-INSTALL): exit 2, as check's

    def file_entries(name: str, stream: Any) -> Iterator[Iterable[str]]:
        """One file's games, once the whole file proved readable: kept aside until then
        (on disk past 1 MiB), except for a single log, whose output is staged whole."""
        nonlocal ok
        problems: list[Diagnostic] = []
        broken: list[dict[str, Any]] = []
        with stream, tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8") as kept:
            for game, lines in file_games(name, stream, problems, records=True, options=options):
                ok = ok and game.verdict == "legal"
                if game.verdict == "malformed":
                    broken.extend(diagnostic_json(d, lines) for d in game.diagnostics if d.is_error)
                elif not broken and not problems:
                    if single:
                        yield export_pieces(game, name)
                    else:
                        for piece in export_pieces(game, name):
                            kept.write(piece)
                        kept.write("\n")
            broken[:0] = [diagnostic_json(d) for d in problems if d.is_error]
            if broken:
                ok = False
                if not quiet:
                    for diagnostic in broken:
                        emit(render_json_diagnostic(diagnostic, style), err=True)
                emit(f"{name}: not exported: {why_broken(broken)}", err=True)
                skipped.append(name)
                unjudged[0] = unjudged[0] or why_broken(broken) != "it has syntax errors"
                return
            kept.seek(0)
            yield from _KeptGames(kept)

    def entries() -> Iterator[Iterable[str]]:
        for item in inputs:
            name, stream = open_input(item)
            yield from file_entries(name, stream)

    with staged_output(output) as out:
        write_export(entries(), out)
        if single and skipped:  # nothing is written for a log that cannot be exported
            raise click.exceptions.Exit(EXIT_USAGE if unjudged[0] else EXIT_FINDINGS)
    for problem in unreadable:
        emit(f"{problem.path}: cannot read: {problem.reason}", err=True)
    if unreadable or unjudged[0]:
        ctx.exit(EXIT_USAGE)
    ctx.exit(EXIT_OK if ok else EXIT_FINDINGS)


class _KeptGames:
    """The games kept aside, one JSON text a line (a JSON text holds no line end), handed
    out one at a time, each in pieces: a game's line may be tens of megabytes."""

    BLOCK = 1 << 20

    def __init__(self, kept: TextIO) -> None:
        self.kept = kept
        self.block = ""
        self.at = 0

    def __iter__(self) -> Iterator[Iterator[str]]:
        while self.at < len(self.block) or self._refill():
            yield self._game()

    def _refill(self) -> bool:
        self.block, self.at = self.kept.read(self.BLOCK), 0
        return bool(self.block)

    def _game(self) -> Iterator[str]:
        while True:
            end = self.block.find("\n", self.at)
            if end >= 0:
                piece, self.at = self.block[self.at:end], end + 1
                yield piece
                return
            yield self.block[self.at:]
            if not self._refill():
                return


@cli.command("import", short_help="Turn JSON game records back into notation.")
@click.argument("path", metavar="FILE.json", type=click.Path())
@output_option
@click.pass_context
def import_command(ctx: click.Context, path: str, output: str | None) -> None:
    """Turn JSON game records (as `referee export` writes them) back into canonical notation.

    The document is read game by game, so its size does not matter. Each game is
    checked against the game-record schema, and must read back as the same game
    once written; every error is reported with its JSON path (exit 1), and then
    nothing is written.

    \b
    Examples:
      referee export samples/korsar/legal/ -o games.json
      referee import games.json -o games.korsar
      referee export samples/korsar/legal/k-example.korsar | referee import -
    """
    from referee.validation import game_record_errors, schema_errors  # only the commands that validate

    refuse_output_among_inputs(output, [Input(path)])
    stream = _open_text(path)
    errors: list[str] = []
    written = 0
    with stream, staged_output(output) as out:
        try:
            head, games = document_games(stream, long_after=LONG_GAME_CHARS)
            for index, game in enumerate(games):
                where = f"$.games[{index}]"
                if isinstance(game, LongObject):  # read round by round, its text kept aside until it reads back
                    found, text = long_game(game, where, path, MAX_REPORTED + 1 - len(errors))
                    if text is not None:
                        with text:
                            out.write("\n" if written else "")
                            while block := text.read(1 << 20):
                                out.write(block)
                else:
                    found = game_record_errors(game, where, MAX_REPORTED + 1 - len(errors))
                    if not found:
                        found = _written_back(game, where, path, out, written)
                if found:
                    errors.extend(found)
                    if len(errors) > MAX_REPORTED:
                        break
                    continue
                written += 1
            if len(errors) <= MAX_REPORTED:
                errors.extend(schema_errors("game-record", {**head, "games": []}, limit=MAX_REPORTED + 1 - len(errors)))
        except JsonStreamError as error:
            _fail(path, str(error))
        except UnicodeDecodeError as error:
            _fail(path, f"not UTF-8 ({error.reason})")
        if errors:
            for error in errors[:MAX_REPORTED]:
                emit(f"{path}: error at {error}", err=True)
            if len(errors) > MAX_REPORTED:
                emit(f"{path}: stopped after {MAX_REPORTED} errors", err=True)
            raise click.exceptions.Exit(EXIT_FINDINGS)
        if not written:  # an export of nothing: say so, rather than write nothing and succeed
            _fail(path, "the document holds no game: nothing to import")
    ctx.exit(EXIT_OK)


MAX_REPORTED = 50


def _written_back(game: dict[str, Any], where: str, path: str, out: Any, written: int) -> list[str]:
    """Write one schema-valid game as canonical notation, once it is sure to read back as
    one game with no notation error (by the quick reader when the text is plain, else the
    full one; judging it is not import's business); else the reasons it cannot be written,
    located in the document."""
    try:
        ((record, rules),) = records_from_json({"games": [game]})
        text = canonical_text(record, rules, path, formatted=True)
        text.encode("utf-8")
    except UnicodeEncodeError:
        return [f"{where}: a string holds a lone surrogate (\\ud800 to \\udfff), which no log can hold"]
    except (ValueError, KeyError) as error:
        return [f"{where}: {error}"]
    lines = text.split("\n")
    if not reads_plainly(path, Chunk(1, lines)):
        reads = list(read_games(path, lines))
        problems = [d for read in reads for d in read.diagnostics if d.code.startswith("N-") and d.is_error]
        if problems or len(reads) != 1:
            first = problems[0].message if problems else "it does not read back as one game"
            return [f"{where}: this record cannot be written as a log: {first}"]
    out.write(("\n" if written else "") + text)
    return []


def _open_text(path: str) -> Any:
    """The JSON document as text, decoded strictly as it is read."""
    try:
        if path == "-":
            stdin = standard_input()
            if stdin is None:
                raise OSError(errno.EBADF, "standard input is closed")
            binary = stdin
        else:
            problem = not_a_file(path)
            if problem is not None:
                raise UnreadableInput(f"{path}: cannot read: {problem}")
            binary = open(path, "rb")
    except OSError as error:
        raise UnreadableInput(f"{path}: cannot read: {reason_of(error)}") from None
    return io.TextIOWrapper(binary, encoding="utf-8-sig", errors="strict", newline="")


def _fail(path: str, message: str) -> None:
    emit(f"{path}: {message}", err=True)
    raise click.exceptions.Exit(EXIT_FINDINGS)
