"""The `referee` command line. Commands hold no rules: they read inputs, call the
replay, and hand results to the reports.

Exit codes (the contract, also in referee(1)):
  0  every log is legal
  1  a log is illegal or malformed (or, for `fmt --check`, not canonical)
  2  usage error, an input that cannot be read, an output that cannot be written,
     or a bad configuration
  3  internal error: a bug in referee; a short apology, no traceback unless --debug
  130 interrupted (Control-C), 141 standard output closed by its reader (a broken
  pipe), 143 terminated (SIGTERM)
"""

from __future__ import annotations

import codecs
import errno
import gc
import importlib
import io
import os
import signal
import sys
from typing import Any

import click

from referee import __version__

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_INTERRUPTED, EXIT_BROKEN_PIPE, EXIT_TERMINATED = 130, 141, 143


class Terminated(BaseException):
    """SIGTERM, raised where the process stands so that every `with` block (worker
    pools, output files being written) is left in order."""


class Refused(click.ClickException):
    """An error that is not in how the command was written (a move the log does not have,
    nothing to draw, a bad data file or configuration): `Error: …` on standard error, exit 2,
    without the usage banner click gives a command line it cannot parse."""

    exit_code = EXIT_USAGE


class UnreadableInput(Refused):
    """An input that cannot be read, said as everywhere else: `PATH: cannot read: REASON`."""

    def show(self, file: Any = None) -> None:
        click.echo(self.format_message(), file=file or sys.stderr)


class WorkFailed(Exception):
    """A unit of work failed inside the referee (maybe in another process): its error's
    type and traceback, raised once everything else has been reported."""

    def __init__(self, path: str, failure: dict[str, str]) -> None:
        super().__init__(f"{path}: {failure['type']}: {failure['message']}")
        self.kind = failure["type"]
        self.traceback = failure["traceback"]


COMMAND_MODULES = {
    "check": "check", "score": "score", "show": "show", "export": "convert", "import": "convert",
    "fmt": "fmt", "replay": "replay", "select": "archive", "join": "archive", "split": "archive",
    "duplicates": "archive", "rules": "rules", "simulate": "simulate", "cards": "cards", "data": "data",
    "baseline": "baseline", "play": "play", "moves": "moves", "lsp": "lsp",
}
"""Which module of referee.cli defines each command: it is imported only when the
command runs (or help lists them), so a verdict on one small log starts quickly."""


class SuggestingGroup(click.Group):
    """A group that answers a misspelt command as click answers a misspelt option: with the
    closest name it has (`referee chek`: "Did you mean 'check'?")."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            import difflib

            close = difflib.get_close_matches(name, self.list_commands(ctx), n=1, cutoff=0.6)
            if close:
                ctx.fail(f"No such command {name!r}. Did you mean {close[0]!r}?")
        return super().resolve_command(ctx, args)


class RefereeGroup(SuggestingGroup):
    """Loads each command when it is used, and turns any unexpected exception into
    exit code 3 and a short message."""

    group_class = SuggestingGroup

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """`--color WHEN` is taken after the command's name too (`referee check --color never`)."""
        return super().parse_args(ctx, _color_first(args))

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMAND_MODULES) | set(self.commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMAND_MODULES:
            importlib.import_module(f"referee.cli.{COMMAND_MODULES[name]}")  # registers its commands
        return self.commands.get(name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:
            _silence_stdout()
            ctx.exit(EXIT_BROKEN_PIPE)
        except KeyboardInterrupt:
            click.echo("referee: interrupted", file=sys.stderr)
            ctx.exit(EXIT_INTERRUPTED)
        except Terminated:
            click.echo("referee: terminated", file=sys.stderr)
            ctx.exit(EXIT_TERMINATED)
        except OSError as error:
            ctx.exit(_output_failed(error))
        except Exception as error:  # noqa: BLE001 - the last line of defence
            if _TERMINATING and not (ctx.obj and ctx.obj.get("debug")):
                # SIGTERM cut through a lock or a pool's bookkeeping: the error is its echo
                click.echo("referee: terminated", file=sys.stderr)
                ctx.exit(EXIT_TERMINATED)
            if ctx.obj and ctx.obj.get("debug"):
                if isinstance(error, WorkFailed):
                    click.echo(error.traceback, file=sys.stderr, nl=False)
                else:
                    import traceback

                    traceback.print_exc()
                ctx.exit(EXIT_INTERNAL)
            kind = error.kind if isinstance(error, WorkFailed) else type(error).__name__
            click.echo(
                f"referee: internal error ({kind}). Sorry — this is a bug in referee, "
                "not in your log.\n"
                "Please report it to the referee maintainers with the command line and the input; "
                "run again with --debug to see the traceback.",
                file=sys.stderr,
            )
            ctx.exit(EXIT_INTERNAL)


@click.group(cls=RefereeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="referee")
@click.option("--color", "colour", type=click.Choice(["auto", "always", "never"]), default="auto",
              show_default=True, help="Colour the output: auto colours a terminal (NO_COLOR and FORCE_COLOR are honoured).")
@click.option("--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="Read the configuration from FILE (a referee.toml, or a pyproject.toml with "
                   "[tool.referee]) instead of looking for one from the current folder upwards.")
@click.option("--debug", is_flag=True, help="On an internal error (exit 3), show its traceback.")
@click.pass_context
def cli(ctx: click.Context, colour: str, config_path: str | None, debug: bool) -> None:
    """Referee and notation tool for pirate-themed tabletop games.

    Replays game logs through strict rule validators, reports every illegal
    move with its place in the file and the rule it breaks, computes the
    score, and converts logs to and from JSON.

    Exit codes: 0 all legal, 1 illegal or malformed logs, 2 usage error,
    unreadable input or bad configuration, 3 internal error, 130 interrupted.
    """
    ctx.ensure_object(dict)
    ctx.obj["colour"] = colour
    ctx.obj["debug"] = debug
    ctx.obj["config_path"] = config_path  # read by the commands that use it, when they need it


def _color_first(args: list[str]) -> list[str]:
    """Move a `--color WHEN` given after the command in front of it, where the group reads it."""
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg.startswith("--color=") and index > 0:
            return [arg] + args[:index] + args[index + 1:]
        if arg == "--color" and index > 0 and index + 1 < len(args):
            return [arg, args[index + 1]] + args[:index] + args[index + 2:]
    return args


def _output_failed(error: OSError) -> int:
    """The exit code of an input or output that failed under a command: 141 for a reader
    gone (a broken pipe), otherwise 2 and the reason on standard error. Whatever standard
    output still holds is dropped, so that nothing fails again as the process ends."""
    _silence_stdout()
    if error.errno == errno.EPIPE:
        return EXIT_BROKEN_PIPE
    from referee.pipeline.fileio import reason_of

    where = f" {error.filename}" if error.filename else ""
    click.echo(f"referee: input/output error{where}: {reason_of(error)}", file=sys.stderr)
    return EXIT_USAGE


def _flushed(code: int) -> int:
    """`code`, once everything written to standard output has reached it: a full disk or a
    closed output found only now is the command's failure (2, or 141 for a broken pipe),
    reported here, not as a warning from the interpreter after the exit code is set."""
    stream = sys.stdout
    if stream is None:
        return code
    try:
        stream.flush()
    except OSError as error:
        return _output_failed(error)
    except ValueError:  # already closed
        pass
    return code


class _ClosedOutput(io.TextIOBase):
    """Standard output when the process was started with it closed (`>&-`): writing to it
    is an error a command reports, as a full disk is, never text silently lost."""

    encoding = "utf-8"
    errors = "strict"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def _escape_unencodable(error: UnicodeError) -> tuple[str, int]:
    """What an output's encoding cannot hold, as `\\uXXXX` escapes (a pair of them beyond the
    first plane): readable on a terminal, and still valid inside a JSON string."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    escaped = []
    for char in error.object[error.start:error.end]:
        code = ord(char)
        if code > 0xFFFF:
            code -= 0x10000
            escaped.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            escaped.append(f"\\u{code:04x}")
    return "".join(escaped), error.end


class _WholeWrites(io.FileIO):
    """Standard output's descriptor, each write to it written whole or failing. A write larger
    than a pipe holds, cut short when the reader leaves (`| head -c 1`), returns the count it
    wrote, which the layers above drop when Python writes without a buffer (PYTHONUNBUFFERED):
    the rest of the output was lost, silently, and the command exited 0. Written again, the
    rest meets the broken pipe, and the command exits 141 as every other one does."""

    def write(self, data: Any) -> int | None:  # type: ignore[override]
        view = memoryview(data).cast("B")
        done = super().write(view)
        while done is not None and 0 < done < len(view):
            more = super().write(view[done:])
            if more is None:  # a descriptor that would block: what is written so far
                break
            done += more
        return done


def _whole_writes(stream: io.TextIOWrapper) -> io.TextIOWrapper:
    """Standard output (nothing written to it yet) on a `_WholeWrites`, buffered as it was, with
    its encoding, error handler and line buffering. The stream it replaces stays open as
    `sys.__stdout__`, so the descriptor is never closed."""
    raw = _WholeWrites(stream.fileno(), "w", closefd=False)
    buffered = not isinstance(stream.buffer, io.FileIO)
    return io.TextIOWrapper(io.BufferedWriter(raw) if buffered else raw, encoding=stream.encoding,  # type: ignore[arg-type]
                            errors=stream.errors, line_buffering=stream.line_buffering,
                            write_through=stream.write_through or not buffered)


def _prepare_standard_streams() -> None:
    """Text a terminal's encoding cannot hold is written as escapes (`\\u2014`) rather than
    failing; each write to standard output is written whole (`_WholeWrites`); a closed standard
    output becomes one that refuses every write, and its descriptor is held by the null device,
    so that no file the command opens takes its place."""
    if isinstance(sys.stdout, io.TextIOWrapper) and sys.stdout is sys.__stdout__:
        try:
            sys.stdout = _whole_writes(sys.stdout)
        except (ValueError, OSError, AttributeError):
            pass  # no descriptor (an embedding's own stream): left as it is
    codecs.register_error("referee-escape", _escape_unencodable)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            try:
                stream.reconfigure(errors="referee-escape")
            except (ValueError, OSError):
                pass
    if sys.stdout is None:
        try:
            held = os.open(os.devnull, os.O_RDONLY)
            if held != 1:
                os.dup2(held, 1)
                os.close(held)
        except OSError:
            pass
        sys.stdout = _ClosedOutput()


def _silence_stdout() -> None:
    """After a broken pipe nothing more can be written: point standard output at the
    null device so that closing it at exit raises nothing."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass


_TERMINATING = False
"""Set once SIGTERM has arrived: an exception after it is the signal's doing, not a bug."""


def _terminate(_signum: int, _frame: Any) -> None:
    global _TERMINATING
    _TERMINATING = True
    raise Terminated()


def main() -> None:
    # Everything imported so far (modules, grammars, tables) lives as long as the
    # process: kept out of the garbage collector's way, it is not scanned again and
    # again while millions of short-lived moves come and go. Those moves make few
    # reference cycles, so the youngest generation is collected less often than the
    # default of every 700 net allocations: about 5% of a run's time, no memory to speak of.
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)
    signal.signal(signal.SIGTERM, _terminate)
    _prepare_standard_streams()
    try:
        cli.main(prog_name="referee")
    except SystemExit as done:
        if type(sys.stdout).__name__.endswith("PacifyFlushWrapper"):  # click's answer to a broken pipe (help)
            sys.exit(EXIT_BROKEN_PIPE)
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        if done.code is not None and not isinstance(done.code, int):
            click.echo(str(done.code), file=sys.stderr)
        sys.exit(_flushed(code))
    except OSError as error:  # writing help or a usage message failed
        sys.exit(_output_failed(error))

