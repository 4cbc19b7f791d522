"""Where games begin: `split_games` takes most movetext lines without asking the splitter,
and must cut a file exactly where asking the splitter about every line would."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.notation import chunks
from referee.notation.chunks import Splitter, split_games


def cut_line_by_line(lines: list[str]) -> list[tuple[int, list[str]]]:
    """Every line asked about; what comes before the first game belongs to it."""
    splitter = Splitter()
    chunks: list[tuple[int, list[str]]] = [(1, [])]
    begun = False
    for number, line in enumerate(lines, start=1):
        if splitter.starts_game(line):
            if begun:
                chunks.append((number, []))
            begun = True
        chunks[-1][1].append(line)
    return chunks


PIECES = st.sampled_from(["", " ", "  ", "\t", '[Game "Korsar"]', '[Players "A B"]', ' [Seed "x"]', "1. A: draw",
                          "  B: $3", "{c", "}", "{c}", "; x", "x", "$3", "[", '[Game "K"] {', '\x0c[Game "x"]',
                          "\u00a0[", "[Bad", "2.", "   C: take A5 green"])
LINES = st.lists(st.lists(PIECES, min_size=1, max_size=3).map("".join), min_size=1, max_size=14)


@settings(max_examples=3000, deadline=None)
@given(LINES)
def test_games_are_cut_where_the_splitter_would_cut_them_line_by_line(lines: list[str]) -> None:
    assert [(chunk.first_line, chunk.lines) for chunk in split_games(lines)] == cut_line_by_line(lines)


def cap(first: int, lines: list[str], most_lines: int, most_chars: int) -> tuple[int, list[str], int, int]:
    """Lines kept while fewer than `most_lines` lines and `most_chars` characters (line ends not
    counted) are; the rest counted, not kept, with the first of them that is not blank. Blank
    lines before any text are let go as they come."""
    start, kept, dropped, unread = first, [], 0, 0
    for number, line in enumerate(lines, start=first):
        if len(kept) < most_lines and sum(map(len, kept)) < most_chars:
            kept.append(line)
        elif not any(k.strip() for k in kept):
            start, kept = number, [line]
        else:
            dropped += 1
            unread = unread or (number if line.strip() else 0)
    return start, kept, dropped, unread


def cut_and_capped(lines: list[str], most_lines: int, most_chars: int) -> list[tuple[int, list[str], int, int]]:
    """`cut_line_by_line`, each game `cap`ped. What comes before the first game is capped on
    its own: kept whole, it stays in front of the game; cut short, it is a chunk of its own."""
    capped = []
    for first, game in cut_line_by_line(lines):
        begins = game_begins(lines, first, game) if first == 1 else 0
        lead = cap(first, game[:begins], most_lines, most_chars)
        if begins == len(game):  # no game at all
            capped.append(lead)
        elif not begins or lead[2]:
            capped.extend([lead] if begins else [])
            capped.append(cap(first + begins, game[begins:], most_lines, most_chars))
        else:
            start, kept, dropped, unread = cap(first + begins, game[begins:], most_lines, most_chars)
            capped.append((lead[0], lead[1] + kept, dropped, unread))
    return capped


def game_begins(lines: list[str], first: int, chunk: list[str]) -> int:
    """Where in the first chunk its game begins (its length when none does)."""
    splitter = Splitter()
    for index, line in enumerate(lines[:len(chunk)]):
        if splitter.starts_game(line):
            return index
    return len(chunk)


@settings(max_examples=1500, deadline=None)
@given(LINES, st.integers(1, 6), st.integers(1, 40))
def test_a_game_past_the_limits_keeps_its_first_lines_and_counts_the_rest(lines: list[str], most_lines: int,
                                                                            most_chars: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(chunks, "MAX_GAME_LINES", most_lines)
        patch.setattr(chunks, "MAX_GAME_CHARS", most_chars)
        found = [(chunk.first_line, chunk.lines, chunk.dropped, chunk.unread) for chunk in split_games(lines)]
    assert found == cut_and_capped(lines, most_lines, most_chars)


FOUND_BY_FUZZING = [
    # a word before the first game, then a line that begins the game with no movetext of its
    # own: the tag after it is the same game's, as one scan of the whole file reads it
    "{} x\n:\n[Result \"*\"]\n",
    "{]\x0c[Game \"Korsar\"]}:x}[Result \"*\"] \n:\n\x85[Result \"*\"]{\x0c\n;];[Players \"A B\"]\n{[[Result \"*\"]{",
]


@pytest.mark.parametrize("text", FOUND_BY_FUZZING)
def test_games_are_cut_where_one_scan_of_the_whole_file_finds_them(text: str) -> None:
    from fuzz.invariants import check_game_boundaries, check_input

    check_game_boundaries(text.split("\n"))
    check_input(text.encode("utf-8"))
