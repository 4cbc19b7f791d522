"""`fmt --check`'s diff: whole for a game of ordinary length, exactly as difflib gives it, and a
window at a time for a long one, which must still apply and give the canonical text."""

from __future__ import annotations

import difflib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import referee.reports.unified_diff as unified_diff
from referee.reports.unified_diff import UnifiedDiff

LINES = st.lists(st.sampled_from(["1. A: draw", "2. B: draw", "3. A: $3", "{note}", "", "4. B: R2@A3"]),
                 max_size=40)
HUNK = re.compile(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def diff_of(original: list[str], written: list[str], long: bool) -> str:
    out: list[str] = []
    diff = UnifiedDiff("g.korsar", out.append)
    if long:
        diff.add_long(1, original, iter(written), len(written), False)
    else:
        diff.add(1, original, written)
    return "".join(out)


def applied(original: list[str], patch: str) -> list[str]:
    """The lines `patch` (a unified diff of one file) makes of `original`, checking every
    line it says it removes or keeps is there, and every hunk's counts."""
    result: list[str] = []
    at = 0  # lines of the original taken so far
    lines = patch.splitlines()[2:]
    index = 0
    while index < len(lines):
        found = HUNK.fullmatch(lines[index])
        assert found, lines[index]
        old_start, old_count = int(found[1]), int(found[2] or 1)
        new_count = int(found[4] or 1)
        start = old_start - 1 if old_count else old_start
        assert start >= at
        result += original[at:start]
        at = start
        index += 1
        removed = added = 0
        while index < len(lines) and not lines[index].startswith("@@"):
            mark, text = lines[index][0], lines[index][1:]
            if mark in " -":
                assert original[at] == text
                at += 1
            if mark in " +":
                result.append(text)
            removed += mark in " -"
            added += mark in " +"
            index += 1
        assert (removed, added) == (old_count, new_count)
    return result + original[at:]


@given(LINES, LINES)
@settings(max_examples=200, deadline=None)
def test_a_game_compared_whole_is_difflibs_unified_diff(original: list[str], written: list[str]) -> None:
    expected = "".join(line + "\n" for line in difflib.unified_diff(
        original, written, "g.korsar", "g.korsar (canonical)", lineterm="", n=3))
    assert diff_of(original, written, long=False) == expected


@given(LINES, LINES, st.integers(min_value=1, max_value=12))
@settings(max_examples=300, deadline=None)
def test_a_long_game_compared_a_window_at_a_time_still_gives_the_canonical_text(
        original: list[str], written: list[str], window: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(unified_diff, "DIFF_WINDOW", window)
        text = diff_of(original, written, long=True)
    if original == written:
        assert text.count("@@") == 0
        return
    assert applied(original, text) == written
