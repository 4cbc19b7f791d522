"""Reading inputs and writing outputs safely.

Every file the tool writes goes to a temporary file beside the target and is
renamed into place, so a run killed midway leaves the old file intact.
"""

from __future__ import annotations

import errno
import os
import sys
import stat
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import BinaryIO, TextIO

from referee.pipeline.ignores import GitIgnores


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    with atomic_writer(path) as stream:
        stream.write(text)


@contextmanager
def atomic_writer(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A text stream whose content replaces `path` only once the block ends without an
    error; until then (or if the process is killed) the old file stays as it was.

    As an editor saving a file: through a symbolic link the file it points at is
    replaced and the link stays; an existing file keeps its permissions and, where
    this process may set them, its owner and group; a new file gets the permissions
    the umask gives. The new file is a new inode, so other hard links to the old one
    keep the old content."""
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        before: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        before = None
    import tempfile

    if before is not None and (stat.S_ISCHR(before.st_mode) or stat.S_ISBLK(before.st_mode)
                               or stat.S_ISFIFO(before.st_mode)):
        # a device or a pipe cannot be replaced, only written: the whole text, once complete
        with tempfile.TemporaryFile("w+", encoding="utf-8", newline="\n") as staged:
            yield staged
            staged.seek(0)
            with open(target, "w", encoding="utf-8", newline="\n") as device:
                while block := staged.read(1 << 20):
                    device.write(block)
        return

    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        if before is not None:
            os.chmod(temporary, stat.S_IMODE(before.st_mode))
            try:
                os.chown(temporary, before.st_uid, before.st_gid)
            except PermissionError:
                pass  # not ours to give away: the file becomes the writer's, as with any editor
        else:
            os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@dataclass(frozen=True, slots=True)
class Input:
    """A log to read: a file path, or '-' for standard input."""

    path: str


@dataclass(frozen=True, slots=True)
class Unreadable:
    path: str
    reason: str


def collect(paths: list[str], extensions: tuple[str, ...],
            excluded: Callable[[str], bool] | None = None) -> tuple[list[Input], list[Unreadable]]:
    """Files as given; folders searched recursively for the games' extensions, leaving
    out what `excluded` says (a file named on the command line is always read)."""
    inputs: list[Input] = []
    problems: list[Unreadable] = []
    for given in paths:
        if given == "-":
            inputs.append(Input("-"))
            continue
        if os.path.isdir(given):
            found, trouble = _walk(given, extensions, excluded)
            inputs.extend(found)
            problems.extend(trouble)
            continue
        _add(given, inputs, problems)
    return _once(inputs), problems


def _once(inputs: list[Input]) -> list[Input]:
    """Each file read once, however many times it is named or found (links included)."""
    seen: set[str] = set()
    kept: list[Input] = []
    for item in inputs:
        key = item.path if item.path == "-" else os.path.realpath(item.path)
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return kept


def _add(path: str, inputs: list[Input], problems: list[Unreadable]) -> None:
    """A regular file becomes an input; anything else is reported, never opened."""
    problem = not_a_file(path)
    if problem is None:
        inputs.append(Input(path))
    else:
        problems.append(Unreadable(path, problem))


def reason_of(error: OSError) -> str:
    """Why an operation on a file failed, as every message says it: the system's words in
    lower case, as in `PATH: cannot read: no such file or directory`."""
    reason = error.strerror or str(error)
    return reason[:1].lower() + reason[1:] if reason[1:2].islower() else reason


def not_a_file(path: str) -> str | None:
    """Why `path` cannot be read as a log or a data file (a FIFO would block, a loop never
    ends), or None."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return "broken symbolic link" if os.path.islink(path) else "no such file or directory"
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "symbolic link loop"
        return reason_of(error)
    if stat.S_ISREG(info.st_mode):
        return None
    if stat.S_ISFIFO(info.st_mode):
        return "a FIFO, not a regular file"
    return "not a regular file"


def _walk(folder: str, extensions: tuple[str, ...],
          excluded: Callable[[str], bool] | None) -> tuple[list[Input], list[Unreadable]]:
    found: list[Input] = []
    problems: list[Unreadable] = []

    def on_error(error: OSError) -> None:
        problems.append(Unreadable(error.filename or folder, reason_of(error)))

    ignores = GitIgnores(folder)
    for root, dirs, files in os.walk(folder, onerror=on_error):
        ignores.enter(root)
        # Hidden folders and what .gitignore ignores are left out, as linters do; a
        # folder named on the command line is searched whatever its name.
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                         and not ignores.ignored(os.path.join(root, d), directory=True))
        for name in sorted(files):
            if name.endswith(extensions):
                path = os.path.join(root, name)
                if (excluded is not None and excluded(path)) or ignores.ignored(path):
                    continue
                _add(path, found, problems)
    found.sort(key=lambda item: item.path.split(os.sep))
    return found, problems


def display_path(path: str) -> str:
    """A path as text any report can hold: bytes of a file name that are not UTF-8
    (which Python reads as lone surrogates) are shown as `\\xNN`."""
    if not any("\udc80" <= char <= "\udcff" for char in path):
        return path
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def standard_input() -> BinaryIO | None:
    """Standard input as bytes, or None when the process was started with it closed."""
    stream = sys.stdin  # None when the process was started with descriptor 0 closed
    return None if stream is None else stream.buffer
