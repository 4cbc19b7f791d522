"""A unified diff of a file against its canonical text, written game by game as `fmt --check`
reports it: a game compared whole, or, when it is long, a window of lines at a time, so that
what it costs grows with the file and not with its square, and memory with neither."""

from __future__ import annotations

import difflib
import tempfile
from collections.abc import Callable, Iterator
from itertools import chain
from typing import Any

from referee.reports.visible import visible

DIFF_WINDOW = 2_000
"""Lines of a long game compared at a time."""


class UnifiedDiff:
    """A unified diff written game by game, so its cost grows with the file, not its square."""

    def __init__(self, path: str, write: Callable[[str], object]) -> None:
        self.path = path
        self.write = write
        self.started = False
        self.shift = 0  # how many lines the canonical text before this game gains or loses

    def add(self, first_line: int, original: list[str], written: list[str], missing_newline: bool = False) -> None:
        """One game's lines against their canonical text; `missing_newline`: the file
        ends without a line end after the last of `original`."""
        if original == written and not missing_newline:
            return
        shift = self.shift
        self.shift += len(written) - len(original)
        if not self.started:
            self.write(f"--- {visible(self.path)}\n+++ {visible(self.path)} (canonical)\n")
            self.started = True
        compared = list(original)
        if missing_newline:
            compared[-1] += "\0"  # not equal to the same text with its line end
        final = len(original) - 1
        for group in difflib.SequenceMatcher(None, compared, written, autojunk=False).get_grouped_opcodes(3):
            first, last = group[0], group[-1]
            old_start, old_end = first[1], last[2]
            new_start, new_end = first[3], last[4]
            lines = [f"@@ -{_range(first_line + old_start, old_end - old_start)} "
                     f"+{_range(first_line + shift + new_start, new_end - new_start)} @@"]
            for tag, i1, i2, j1, j2 in group:
                if tag == "equal":
                    lines += [" " + line for line in original[i1:i2]]
                    continue
                for index in range(i1, i2):
                    lines.append("-" + original[index])
                    if missing_newline and index == final:
                        lines.append("\\ No newline at end of file")
                lines += ["+" + line for line in written[j1:j2]]
            self.write("".join(visible(line) + "\n" for line in lines))

    def add_long(self, first_line: int, original: list[str], written: Iterator[str], count: int,
                 missing_newline: bool) -> None:
        """`add` for a game too long to compare whole: its lines compared a window at a time
        (each window ends at the last line the two have in common), each hunk kept on disk
        until its length is known. The diff applies as `add`'s would, if not always as short."""
        shift = self.shift
        self.shift += count - len(original)
        if not self.started:
            self.write(f"--- {visible(self.path)}\n+++ {visible(self.path)} (canonical)\n")
            self.started = True
        hunk = _Hunk(first_line, shift, original, missing_newline, self.write)
        for group_op in _grouped(_windowed_opcodes(original, written, missing_newline)):
            if group_op is None:
                hunk.close()
            else:
                hunk.add(*group_op)
        hunk.close()

    def close(self, normalized: bool) -> None:
        """The file's closing word: a byte-order mark or CR line ends are changed as well."""
        if normalized:
            self.write(f"{self.path}: a byte-order mark or CR line ends would become plain UTF-8 with LF\n")


Op = tuple[str, int, int, int, int, list[str]]
"""An opcode of difflib's (tag, i1, i2, j1, j2) with the new lines it covers."""


def _windowed_opcodes(original: list[str], written: Iterator[str], missing_newline: bool) -> Iterator[Op]:
    """difflib's opcodes for two long sequences, worked out DIFF_WINDOW lines at a time;
    adjacent equal runs are given as one."""
    final = len(original) - 1
    i = j = 0
    window: list[str] = []
    exhausted = False
    pending: Op | None = None
    while True:
        while len(window) < DIFF_WINDOW and not exhausted:
            line = next(written, None)
            if line is None:
                exhausted = True
            else:
                window.append(line)
        old, new = original[i:i + DIFF_WINDOW], window[:DIFF_WINDOW]
        if not old and not new:
            break
        if missing_newline and i + len(old) - 1 == final:
            old[-1] += "\0"  # not equal to the same text with its line end
        codes = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
        if not (i + len(old) == len(original) and exhausted and len(window) <= DIFF_WINDOW):
            last_equal = max((n for n, code in enumerate(codes) if code[0] == "equal"), default=None)
            if last_equal is None:
                codes = [("replace", 0, len(old), 0, len(new))]
            else:
                codes = codes[:last_equal + 1]
        for tag, i1, i2, j1, j2 in codes:
            op: Op = (tag, i + i1, i + i2, j + j1, j + j2, [] if tag == "equal" else new[j1:j2])
            if pending is not None and pending[0] == "equal" == tag:
                pending = ("equal", pending[1], op[2], pending[3], op[4], [])
                continue
            if pending is not None:
                yield pending
            pending = op
        _, _, i2, _, j2 = codes[-1]
        i, j = i + i2, j + j2
        del window[:j2]
    if pending is not None:
        yield pending


def _grouped(ops: Iterator[Op], n: int = 3) -> Iterator[Op | None]:
    """`SequenceMatcher.get_grouped_opcodes` on a stream of opcodes: each group's opcodes,
    then None where the group ends."""
    previous: Op | None = None
    first = True
    group = 0
    for op in chain(ops, [None]):
        if previous is None:
            previous = op
            continue
        tag, i1, i2, j1, j2, lines = previous  # an equal run's lines are the original's: none are carried
        if tag == "equal":
            if first:
                i1, j1 = max(i1, i2 - n), max(j1, j2 - n)
            if op is None:
                i2, j2 = min(i2, i1 + n), min(j2, j1 + n)
        first = False
        if tag == "equal" and i2 - i1 > n + n:
            yield (tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n), lines)
            yield None
            group = 0
            i1, j1 = max(i1, i2 - n), max(j1, j2 - n)
        if op is None and tag == "equal" and group == 0:
            break  # a group of one equal run is no hunk
        yield (tag, i1, i2, j1, j2, lines)
        group += 1
        previous = op


class _Hunk:
    """One hunk of `UnifiedDiff.add_long`, its lines kept on disk until its length is known."""

    def __init__(self, first_line: int, shift: int, original: list[str], missing_newline: bool,
                 write: Callable[[str], object]) -> None:
        self.first_line, self.shift, self.original, self.write = first_line, shift, original, write
        self.final = len(original) - 1 if missing_newline else -1
        self.start: tuple[int, int] | None = None
        self.end = (0, 0)
        self.kept: Any = None

    def add(self, tag: str, i1: int, i2: int, j1: int, j2: int, lines: list[str]) -> None:
        if self.start is None:
            self.start = (i1, j1)
            self.kept = tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8", newline="\n")
        self.end = (i2, j2)
        out: list[str] = []
        if tag == "equal":
            out += [" " + line for line in self.original[i1:i2]]
        else:
            for index in range(i1, i2):
                out.append("-" + self.original[index])
                if index == self.final:
                    out.append("\\ No newline at end of file")
            out += ["+" + line for line in lines]
        self.kept.write("".join(visible(line) + "\n" for line in out))

    def close(self) -> None:
        if self.start is None:
            return
        (old_start, new_start), (old_end, new_end) = self.start, self.end
        self.write(f"@@ -{_range(self.first_line + old_start, old_end - old_start)} "
             f"+{_range(self.first_line + self.shift + new_start, new_end - new_start)} @@\n")
        with self.kept:
            self.kept.seek(0)
            while block := self.kept.read(1 << 20):
                self.write(block)
        self.start, self.kept = None, None


def _range(start: int, length: int) -> str:
    if length == 1:
        return str(start)
    return f"{start if length else start - 1},{length}"
