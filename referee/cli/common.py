"""What the commands share: reading logs, choosing colour, one game out of a file."""

from __future__ import annotations

import dataclasses
import functools
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO, TextIO

import click

from referee.cli import EXIT_USAGE, Refused, UnreadableInput
from referee.config import Config, ConfigError, find_config, load_config
from referee.games import all_extensions, game_extensions
from referee.pipeline.datafiles import DataFileError, judge_options
from referee.pipeline.fileio import (Input, Unreadable, atomic_writer, collect, display_path, reason_of,
                                     standard_input)
from referee.pipeline.work import spool
from referee.reports.style import Style, wants_colour
from referee.reports.visible import visible
from referee.wording import counted


def exclude_option(function):
    """`--exclude PATTERN`: the same on every command that reads many files."""
    return click.option("--exclude", multiple=True, metavar="PATTERN",
                        help="Leave out files whose path or name matches PATTERN, such as '*/old/*' or "
                             "'draft-*.korsar' (repeatable; replaces the configuration's exclude list).")(function)


def output_option(function):
    """`-o/--output FILE`: write the result atomically instead of to standard output."""
    return click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
                        help="Write to FILE (atomically) instead of standard output.")(function)


def judging_options(function):
    """`--data FILE`, `--variant NAME` and `--level N`, loaded and checked before any log is read,
    handed to the command as `options` (a JudgeOptions); a bad data file or an
    unknown variant is a usage error."""

    @click.option("--data", "data_paths", multiple=True, metavar="FILE", type=click.Path(dir_okay=False),
                  help="A data file (a board, a card set) for the games that read one; repeatable.")
    @click.option("--variant", "variants", multiple=True, metavar="NAME",
                  help="Judge logs whose header names no variant by this variant; repeatable "
                       "(`referee rules` lists them).")
    @click.option("--level", type=click.Choice(["1", "2"]), default=None,
                  help="Judge logs at this level of checking: 1 trusts the geometric facts a log states "
                       "even where it gives positions (Pirates of the Spanish Main); 2, the default, checks "
                       "positions where a log gives them.")
    @functools.wraps(function)
    def wrapper(*args, data_paths: tuple[str, ...] = (), variants: tuple[str, ...] = (), level: str | None = None,
                **kwargs):
        note_inputs(data_paths, "data file")
        try:
            options = judge_options(data_paths, variants, {"level": level} if level else None)
        except DataFileError as error:
            if error.path == "--variant":
                raise click.UsageError(visible(str(error))) from None
            raise (UnreadableInput if error.message.startswith("cannot read:") else Refused)(visible(str(error))) from None
        if not data_paths:  # --data replaces the data the configuration gives
            options = _with_configured_data(options)
        kwargs["options"] = options
        return function(*args, **kwargs)

    return wrapper


def _with_configured_data(options: Any) -> Any:
    """The options, with the data files the configuration gives the logs of some places (its
    `data` table): loaded by the pipeline when a log of such a place is judged."""
    import dataclasses as _dataclasses

    config = config_of(click.get_current_context())
    if not config.data or config.path is None:
        return options
    folder = str(config.path.resolve().parent)
    for _, files in config.data:
        note_inputs(files, "data file")
    placed = tuple((folder, pattern, tuple(files)) for pattern, files in config.data)
    return _dataclasses.replace(options, placed=placed)


def why_broken(errors: list[dict[str, Any]]) -> str:
    """Why a file's games are not written out: syntax errors, or a game that could not be
    judged here (data not given, a package not installed), which is no fault of the log."""
    from referee.notation.codes import USAGE_CODES

    unjudged = next((d for d in errors if d["code"] in USAGE_CODES), None)
    if unjudged is not None:
        return f"it could not be judged here: {unjudged['message']} ({unjudged['code']})"
    return "it has syntax errors"


def emit(text: str = "", err: bool = False, nl: bool = True) -> None:
    """Echo without click's ANSI stripping (styles were only applied where colour is wanted),
    to the stream as the process has it: in its encoding, whatever that encoding cannot hold
    written as escapes (click would put UTF-8 on a stream that says ASCII)."""
    click.echo(text, file=sys.stderr if err else sys.stdout, nl=nl, color=True)


def style_for(ctx: click.Context, err: bool = False) -> Style:
    stream = sys.stderr if err else sys.stdout
    return Style(wants_colour(stream, ctx.obj.get("colour", "auto") if ctx.obj else "auto"))


def config_of(ctx: click.Context) -> Config:
    """The configuration, read once and only by the commands that use it."""
    root = ctx.find_root()
    obj = root.obj if root.obj is not None else {}
    if "config" not in obj:
        given = obj.get("config_path")
        known = {game: list(extensions) for game, extensions in game_extensions().items()}
        try:
            path = Path(given) if given else find_config()
            if given and not path.is_file():
                raise UnreadableInput(f"{given}: cannot read: "
                                      + ("not a regular file" if path.exists() else "no such file or directory"))
            obj["config"] = load_config(path, known)
        except ConfigError as error:
            raise Refused(f"configuration: {error}") from None
    return obj["config"]


def extensions_for(config: Config) -> tuple[str, ...]:
    """Every game's extensions, as the configuration sets them or by default."""
    found: list[str] = []
    for game, extensions in game_extensions().items():
        found.extend(config.extensions.get(game, extensions))
    return tuple(dict.fromkeys(found))


def gather(paths: tuple[str, ...], ctx: click.Context | None = None,
           exclude: tuple[str, ...] = ()) -> tuple[list[Input], list[Unreadable]]:
    config = config_of(ctx) if ctx is not None else Config()
    if exclude:
        config = dataclasses.replace(config, exclude=list(exclude))
    extensions = extensions_for(config)
    inputs, found = collect(list(paths), extensions, config.excluded)
    note_inputs(item.path for item in inputs)
    problems = [Unreadable(display_path(problem.path), problem.reason) for problem in found]
    if not inputs and not problems:
        raise Refused(
            f"no log files found in {', '.join(paths)} (looked for {', '.join(extensions)})",
        )
    return inputs, problems


def open_input(item: Input) -> tuple[str, BinaryIO]:
    """An input opened for reading as a seekable stream (standard input is copied aside
    first), and the name to report it by; UnreadableInput when it cannot be."""
    if item.path == "-":
        stdin = standard_input()
        if stdin is None:
            raise UnreadableInput("<stdin>: cannot read: standard input is closed")
        return "<stdin>", spool(stdin)
    try:
        return display_path(item.path), open(item.path, "rb")
    except OSError as error:
        raise UnreadableInput(f"{display_path(item.path)}: cannot read: {reason_of(error)}") from None


def open_one(path: str) -> tuple[str, BinaryIO]:
    """A single log opened for reading as a seekable stream (standard input is copied
    aside first), and the name to report it by."""
    inputs, problems = collect([path], all_extensions())
    note_inputs(item.path for item in inputs)
    if problems:
        raise UnreadableInput(f"{problems[0].path}: cannot read: {problems[0].reason}")
    if len(inputs) != 1:
        raise click.UsageError(f"{path} is a folder: this command takes one log file")
    return open_input(inputs[0])


def no_such_game(name: str, item: Input, index: int, options: Any) -> str:
    """Why game `index` of a file cannot be shown: how many games it holds, and where it holds
    none because it cannot be read as a log (not UTF-8, a JSON document …), why."""
    from referee.diagnostics import Diagnostic
    from referee.pipeline.work import judged_chunks

    problems: list[Diagnostic] = []
    _, stream = open_input(item)
    count = 0
    with stream:
        for judged in judged_chunks(name, stream, problems, full=True, wanted=lambda number: False, options=options):
            count += len(judged.games)
    if count:
        return f"{name} holds {counted(count, 'game')}; there is no game {index}"
    why = next((problem for problem in problems if problem.code != "N-GAME"), None)
    if why is not None:
        return f"{name} holds no game: {why.message} ({why.code})"
    return f"{name} holds no game"


_INPUTS = "referee.inputs"
"""Where a run keeps the files it reads (in the click context's meta, shared by its commands)."""


def note_inputs(paths: Iterable[str], what: str = "log") -> None:
    """Files this run reads (logs, --data files, the file to import or show): `-o` may name none
    of them. `what` says what would be lost."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return
    noted: dict[str, str] = ctx.meta.setdefault(_INPUTS, {})
    for path in paths:
        if path and path != "-":
            noted.setdefault(path, what)


def refuse_overwriting_inputs(output: str | None) -> None:
    """`-o FILE` naming a file the run reads, by any name (a link, another path to it): a usage
    error before anything is written. Every command's output passes here (`open_output`)."""
    if not output:
        return
    try:
        target = os.stat(output)
    except OSError:
        return
    ctx = click.get_current_context(silent=True)
    for path, what in (ctx.meta.get(_INPUTS, {}) if ctx is not None else {}).items():
        try:
            found = os.stat(path)
        except OSError:
            continue
        if (found.st_dev, found.st_ino) == (target.st_dev, target.st_ino):
            raise click.UsageError(f"-o {output} is the input {path}: writing to it would lose the {what}")


def refuse_output_among_inputs(output: str | None, inputs: list[Input]) -> None:
    """Writing the report over a log it reads would lose the log: a usage error, said before
    any work is done."""
    note_inputs(item.path for item in inputs)
    refuse_overwriting_inputs(output)


@contextmanager
def report_stream(output: str | None) -> Iterator[Callable[[str], None]]:
    """A function that writes text as it comes: to FILE (atomically: a temporary file
    beside it, renamed into place once the report is whole), or to standard output."""
    if output is None:
        yield lambda text: emit(text, nl=False)
        return
    with open_output(output) as stream:
        yield stream.write


@contextmanager
def open_output(output: str, in_place: bool = False) -> Iterator[TextIO]:
    """FILE for writing atomically; a place that cannot be written is a usage-level error, and so
    is a file the run reads (unless the command rewrites that file `in_place`, as `fmt -i` does)."""
    if not output:
        raise click.UsageError("-o needs a file name, not an empty one")
    if not in_place:
        refuse_overwriting_inputs(output)
    try:
        writer = atomic_writer(output)
        stream = writer.__enter__()
    except OSError as error:
        raise Refused(f"cannot write {output}: {reason_of(error)}") from None
    try:
        yield stream
    except BaseException:
        writer.__exit__(*sys.exc_info())
        raise
    try:
        writer.__exit__(None, None, None)
    except OSError as error:
        raise Refused(f"cannot write {output}: {reason_of(error)}") from None


def refuse_output_of_nothing(ctx: click.Context, output: str | None, inputs: list[Input],
                             unreadable: list[Unreadable]) -> None:
    """With -o FILE and not one input readable, FILE is left as it was: say why, exit 2."""
    if output is None or inputs or not unreadable:
        return
    for problem in unreadable:
        emit(f"{problem.path}: cannot read: {problem.reason}", err=True)
    ctx.exit(EXIT_USAGE)


@contextmanager
def staged_output(output: str | None) -> Iterator[TextIO]:
    """Where a command writes a long result: FILE atomically, or standard output once
    the result is complete (kept aside until then, on disk if it grows large), so
    that an abandoned result leaves nothing behind."""
    if output is not None:
        with open_output(output) as stream:
            yield stream
        return
    import tempfile

    with tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8") as staged:
        yield staged  # type: ignore[misc]
        staged.seek(0)
        while block := staged.read(1 << 20):
            emit(block, nl=False)


__all__ = ["EXIT_USAGE", "emit", "gather", "judging_options", "open_input", "open_one", "output_option",
           "style_for"]
