"""Which files a folder search leaves out, as git does: what `.gitignore` files say.

The `.gitignore` of the searched folder, of its subfolders as they are walked,
and of the folders above it up to the root of its git work tree all count, a
deeper file's pattern overriding a shallower one's (`!pattern` included), with
git's own matching (the pathspec library implements it).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pathspec


class GitIgnores:
    def __init__(self, folder: str) -> None:
        self._specs: list[tuple[str, "pathspec.GitIgnoreSpec"]] = []
        top = os.path.abspath(folder)
        for parent in _folders_above_in_work_tree(top):
            self._read(parent)
        if self._specs and self.ignored(top, directory=True):
            self._specs = []  # a folder named on the command line is searched whatever ignores it

    def enter(self, folder: str) -> None:
        """Read the `.gitignore` of a folder the search walks into (before its entries)."""
        self._read(os.path.abspath(folder))

    def _read(self, folder: str) -> None:
        path = os.path.join(folder, ".gitignore")
        try:
            with open(path, encoding="utf-8", errors="replace") as stream:
                import pathspec  # only where a .gitignore is found: kept off the start of every run

                spec = pathspec.GitIgnoreSpec.from_lines(stream)
        except OSError:
            return
        self._specs.append((folder, spec))

    def ignored(self, path: str, directory: bool = False) -> bool:
        full = os.path.abspath(path)
        verdict: bool | None = None
        for base, spec in self._specs:
            if full != base and not full.startswith(base + os.sep):
                continue
            relative = os.path.relpath(full, base).replace(os.sep, "/") + ("/" if directory else "")
            found = spec.check_file(relative).include
            if found is not None:
                verdict = found
        return bool(verdict)


def _folders_above_in_work_tree(folder: str) -> list[str]:
    """The folders above `folder` up to the root of its git work tree, root first;
    none when it is the root or is in no work tree."""
    above: list[str] = []
    probe = folder
    while not os.path.exists(os.path.join(probe, ".git")):
        parent = os.path.dirname(probe)
        if parent == probe:
            return []
        above.append(parent)
        probe = parent
    return list(reversed(above))
