"""The log of a game being played: one session at a time holds it, and what a killed
writer left beside it is cleared. How the log itself is written is `referee.play.ondisk`'s.
"""

from __future__ import annotations

import errno
import os
import stat

try:
    import fcntl
except ImportError:  # a system without POSIX locks: sessions are not kept apart
    fcntl = None  # type: ignore[assignment]


class LogBusy(Exception):
    """Another session records this log: two writers would each rewrite it whole, and the
    entries of one would vanish under the other's."""

    def __init__(self, path: str, holder: str) -> None:
        super().__init__(f"{path} is being played in another session{f' (process {holder})' if holder else ''}: "
                         "finish that one first (quit or Control-D)")


class LockRefused(OSError):
    """What stands at the lock's name is not a plain file of one link: written through, it
    would change another file (the target of a symbolic link, a file a hard link shares)."""

    def __init__(self, lock: str, what: str) -> None:
        super().__init__(f"{lock} cannot be the log's lock: it is {what} (remove it, then play again)")


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO at the lock's name is refused, not waited on
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def _plain_file(lock: str, found: os.stat_result) -> None:
    """Raises LockRefused unless the lock opened is a plain file that no other name shares."""
    if not stat.S_ISREG(found.st_mode):
        raise LockRefused(lock, "not a plain file")
    if found.st_nlink != 1:
        raise LockRefused(lock, f"a file of {found.st_nlink} names (a hard link)")


def lock_name(path: str) -> str:
    """The lock beside a log (`.NAME.lock`): a hidden file no folder search reads as a log."""
    target = os.path.realpath(path)
    folder, name = os.path.split(target)
    return os.path.join(folder, f".{name}.lock")


class LogLock:
    """The hold of one session on a log: an exclusive lock on `.NAME.lock` beside it, which
    the system lets go of when the process ends however it ends (a lock file left by a killed
    session holds nothing). The file names the process holding it, and is removed on release."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lock = lock_name(path)
        self._handle: int | None = None

    def acquire(self) -> None:
        """Raises LogBusy while another session holds the log, LockRefused when what stands at
        the lock's name is not a lock this session may use (a link, a folder, a FIFO), OSError
        when no lock can be made beside it (a folder that is missing or not writable, where the
        log could not be kept)."""
        if fcntl is None:
            return
        while True:
            # Never through a link: a symbolic link planted at the lock's name would have the
            # session truncate and write the file it points to, or create a dangling one's target.
            try:
                handle = os.open(self.lock, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _NONBLOCK | _CLOEXEC, 0o644)
            except OSError as error:
                if error.errno == errno.ELOOP:
                    raise LockRefused(self.lock, "a symbolic link") from None
                raise
            try:
                _plain_file(self.lock, os.fstat(handle))
            except LockRefused:
                os.close(handle)
                raise
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = os.pread(handle, 32, 0).decode("ascii", "replace").strip()
                os.close(handle)
                raise LogBusy(self.path, holder if holder.isdigit() else "") from None
            try:
                same = os.path.samestat(os.fstat(handle), os.lstat(self.lock))
            except OSError:
                same = False
            if same:
                break
            os.close(handle)  # its holder removed it as we opened it: take the one there now
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode("ascii"), 0)
        self._handle = handle

    def release(self) -> None:
        if self._handle is None:
            return
        try:
            os.unlink(self.lock)
        except OSError:
            pass
        os.close(self._handle)
        self._handle = None


def clear_leftovers(path: str) -> list[str]:
    """Remove the temporary files a killed writer of this log left beside it (`.NAME.*.tmp`,
    never renamed into place, so never part of the log); the names removed."""
    target = os.path.realpath(path) if os.path.islink(path) else path
    folder, name = os.path.split(target)
    removed: list[str] = []
    try:
        found = os.listdir(folder or ".")
    except OSError:
        return removed
    for candidate in found:
        if candidate.startswith(f".{name}.") and candidate.endswith(".tmp"):
            try:
                os.unlink(os.path.join(folder, candidate))
                removed.append(candidate)
            except OSError:
                pass
    return removed
