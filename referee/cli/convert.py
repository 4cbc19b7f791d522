"""`referee export` and `referee import`: logs to JSON and back."""

from __future__ import annotations

import errno
import json
import sys
from collections.abc import Iterator
from typing import Any

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, UnreadableInput, cli
from referee.cli.common import emit, judging_options, open_one, output_option, staged_output, style_for
from referee.games.base import JudgeOptions
from referee.export import export_entry, records_from_json, write_export
from referee.reports.json_report import diagnostic_json
from referee.reports.text import render_json_diagnostic
from referee.pipeline.work import file_games
from referee.pipeline.fileio import standard_input, write_atomic
from referee.formatting import canonical_records

MAX_JSON_BYTES = 256 * 1024 * 1024


def _emit(text: str, output: str | None) -> None:
    if output is None:
        emit(text, nl=False)
    else:
        write_atomic(output, text)


@cli.command("export", short_help="Write logs as JSON game records with their verdicts.")
@click.argument("path", metavar="PATH", type=click.Path())
@output_option
@judging_options
@click.pass_context
def export_command(ctx: click.Context, path: str, output: str | None, options: JudgeOptions) -> None:
    """Write every game of a log as JSON: the record (comments included) and the verdict.

    Exit 0 when all games are legal, 1 when one is illegal; a log with syntax
    errors is not exported (exit 1).
    """
    name, stream = open_one(path)
    problems: list[dict[str, Any]] = []
    broken: list[dict[str, Any]] = []
    ok = True

    def entries() -> Iterator[dict[str, Any]]:
        nonlocal ok
        for game, lines in file_games(name, stream, problems, full=True, options=options):
            ok = ok and game.verdict == "legal"
            if game.verdict == "malformed":
                broken.extend(diagnostic_json(d, lines) for d in game.diagnostics if d.is_error)
            elif not broken and not problems:
                yield export_entry(game)

    with stream, staged_output(output) as out:
        write_export(entries(), out)
        broken[:0] = [d for d in problems if d["severity"] == "error"]
        if broken:
            style = style_for(ctx, err=True)
            for diagnostic in broken:
                emit(render_json_diagnostic(diagnostic, style), err=True)
            emit(f"{name}: not exported: it has syntax errors", err=True)
            raise click.exceptions.Exit(EXIT_FINDINGS)
    ctx.exit(EXIT_OK if ok and not problems else EXIT_FINDINGS)


@cli.command("import", short_help="Turn a JSON game record back into notation.")
@click.argument("path", metavar="FILE.json", type=click.Path())
@output_option
@click.pass_context
def import_command(ctx: click.Context, path: str, output: str | None) -> None:
    """Turn a JSON game record (as `referee export` writes) back into canonical notation.

    The document is validated against the game-record schema first; each
    error is reported with its JSON path (exit 1).
    """
    document = _load_json(path)
    from referee.validation import schema_errors  # jsonschema is loaded only by the commands that validate

    errors = schema_errors("game-record", document)
    if errors:
        for error in errors[:50]:
            emit(f"{path}: schema error at {error}", err=True)
        if len(errors) > 50:
            emit(f"{path}: … and {len(errors) - 50} more schema errors", err=True)
        ctx.exit(EXIT_FINDINGS)
    _emit(canonical_records(records_from_json(document), path), output)
    ctx.exit(EXIT_OK)


def _load_json(path: str) -> Any:
    try:
        if path == "-":
            stdin = standard_input()
            if stdin is None:
                raise OSError(errno.EBADF, "standard input is closed")
            data = stdin.read(MAX_JSON_BYTES + 1)
        else:
            with open(path, "rb") as stream:
                data = stream.read(MAX_JSON_BYTES + 1)
    except OSError as error:
        raise UnreadableInput(f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_JSON_BYTES:
        _fail(path, f"the file is larger than {MAX_JSON_BYTES // (1024 * 1024)} MiB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        _fail(path, f"not UTF-8 at byte {error.start}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        _fail(path, f"invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}")
    except RecursionError:
        _fail(path, "the JSON is nested too deeply")
    except ValueError as error:  # e.g. integers too long to convert
        _fail(path, f"invalid JSON: {error}")


def _fail(path: str, message: str) -> None:
    emit(f"{path}: {message}", err=True)
    raise click.exceptions.Exit(EXIT_FINDINGS)
