"""Where games begin: `split_games` takes most movetext lines without asking the splitter,
and must cut a file exactly where asking the splitter about every line would."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

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
