"""One definition of where a game begins: the games read from any text begin on the lines
where the splitter, asked about every line, says a game begins, whichever way they are read."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.notation.chunks import Splitter, split_games
from referee.notation.reader import read_chunk, read_games
from referee.notation.streamed import read_chunk_streamed

PIECES = st.sampled_from(["", " ", "\t", '[Game "Korsar"]', '[Game "Corsari"]', '[Players "A B"]', ' [Seed "x"]',
                          "1. A: draw", "  B: $3", "{c", "}", "{c}", "; x", "x", ":", "$3", "[", '[Game "K"] {',
                          '[Game "Korsar"] x', '\x0c[Game "x"]', "\u00a0[", "[Bad", "2.", "   C: take A5 green"])
LINES = st.lists(st.lists(PIECES, min_size=1, max_size=3).map("".join), min_size=1, max_size=14)
TEXT = st.lists(st.text(alphabet=st.sampled_from('[]{}:;"12. \tGameKorsa\x0cx'), max_size=24), min_size=1, max_size=10)


def splitter_starts(lines: list[str]) -> list[int]:
    """The lines on which the splitter, asked about every line, says a game begins."""
    splitter = Splitter()
    return [number for number, line in enumerate(lines, start=1) if splitter.starts_game(line)]


def assert_read_where_split(lines: list[str]) -> None:
    starts = splitter_starts(lines)
    assert [read.line for read in read_games("x", lines)] == starts
    chunks = list(split_games(lines))
    for chunk in chunks:  # each chunk holds one game, or (before any) none, by either reader
        whole = [read.line for read in read_chunk("x", chunk)]
        assert [read.line for read in read_chunk_streamed("x", chunk, read_whole_below=0)] == whole
        assert len(whole) <= 1
    assert [read.line for chunk in chunks for read in read_chunk_streamed("x", chunk, read_whole_below=0)] == starts


@settings(max_examples=1500, deadline=None)
@given(LINES)
@example(["{c}1. A: draw", "{c}1. A: draw", '[Game "Korsar"]'])  # rounds before the game are none of its own
def test_games_are_read_where_the_splitter_says_they_begin(lines: list[str]) -> None:
    assert_read_where_split(lines)


@settings(max_examples=1500, deadline=None)
@given(TEXT)
def test_games_of_any_text_are_read_where_the_splitter_says_they_begin(lines: list[str]) -> None:
    assert_read_where_split(lines)
