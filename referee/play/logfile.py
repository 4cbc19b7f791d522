"""The log of a game being played, kept whole on disk after every entry.

Each recorded entry rewrites the whole log: the new text goes to a temporary file beside
it, is flushed to the disk, and is renamed over the log, and the folder's entry is
flushed in turn. A rename is atomic, so at every instant the log on disk is either the
text before the entry or the text after it — never half of one — and always canonical,
with a `Result` tag that says what the text holds (`*` until the game ends). A process
killed at any point, a closed terminal or a full disk loses at most the entry being
typed. Rewriting a few kilobytes costs less than the flush that any durable append
would need as well (see the bench's `play` row).
"""

from __future__ import annotations

import os

from referee.pipeline.fileio import atomic_writer


def write_log(path: str, text: str) -> None:
    """Replace the log at `path` with `text`, durably: the file's data and the folder entry
    that names it are on the disk when this returns."""
    with atomic_writer(path) as stream:
        stream.write(text)
    _sync_folder(os.path.dirname(os.path.realpath(path)) or ".")


def _sync_folder(folder: str) -> None:
    """Flush a folder's entries (the rename just made); a system that cannot flush folders
    (some network or Windows file systems) has made the rename durable its own way."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


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
