"""A line typed at `play`'s prompt is read with a log's tokens and places: the entry it
reads is the turn the scanner reads from a log whose movetext is that line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.diagnostics import Diagnostic
from referee.notation.chunks import Chunk
from referee.notation.scanner import scan_chunk, scan_entry

PIECES = st.sampled_from(["1.", "12.", "1234567890.", " ", "\t", "A:", "B:", "draw", "$3", "take A5 green", "x",
                          "1.5", "2..", "1.x", "{c}", "{open", "; x", "}", ":", "é", "{", "A"])
TYPED = st.lists(PIECES, max_size=8).map("".join)


@settings(max_examples=1000, deadline=None)
@given(TYPED)
def test_an_entry_typed_is_the_turn_a_log_holds_written_alike(typed: str) -> None:
    read = scan_entry("entry", typed)
    if isinstance(read, Diagnostic):
        assert read.code == "N-SYNTAX" and read.span is not None and read.span.line == 1
        return
    number, number_span, turn = read
    (game,) = scan_chunk("entry", Chunk(1, [typed]))
    # a log's movetext begins with a round number; an entry need not have one
    assert [d.message for d in game.diagnostics] == ([] if number is not None else
                                                     ["a turn before the first round number"])
    (round_,) = game.rounds
    (logged,) = round_.turns
    assert (round_.number, round_.span) == (number if number is not None else 0, number_span)
    assert (turn.player, turn.text, turn.span, turn.player_span, turn.token_spans) == (
        logged.player, logged.text, logged.span, logged.player_span, logged.token_spans)
    assert [(c.text, c.braced) for c in turn.comments] == [(c.text, c.braced) for c in logged.comments]


def test_the_first_thing_out_of_place_refuses_the_line_where_it_stands() -> None:
    cases = {
        "A: draw 2.": ("a round number goes before the entry", 9, 11),
        "1. 2. A: draw": ("a round number goes before the entry", 4, 6),
        "A: draw B: draw": ("one entry a line: this begins a second one", 9, 11),
        "draw": ("'draw' does not say whose entry it is", 1, 5),
        "{c} A: draw": ("a comment follows the entry it is about", 1, 4),
        "A: draw {c} x": ("nothing but comments may follow a comment", 13, 14),
        "A: draw {c": ("this comment is not closed: end it with '}'", 9, 11),
        "A: draw }": ("unexpected '}'", 9, 10),
        "1234567890. A: draw": ("round number too large", 1, 12),
        "  ": ("no entry: type one as the log writes it, e.g. 'A: draw'", 1, 3),
    }
    for typed, (message, col, end_col) in cases.items():
        read = scan_entry("entry", typed)
        assert isinstance(read, Diagnostic), typed
        assert (read.message, read.span.col, read.span.end_col) == (message, col, end_col), typed
