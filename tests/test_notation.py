"""The notation layer: file structure, syntax errors, comments, canonical form."""

from __future__ import annotations

from referee.formatting import canonical_game
from referee.pipeline.replay import check_bytes, check_text

HEADER = '[Game "Korsar"]\n[Players "A B C"]\n'
EXAMPLE = HEADER + """
1. A: $3  B: draw  C: R2@A3
2. A: Y3@A3  B: $2  C: R2@A3
3. A: draw  B: xB2 $6  C: xA3 G3@B6
"""


def errors(text: str) -> list[tuple[str, int, int]]:
    report = check_text("t.korsar", text)
    found = [(d.code, d.span.line, d.span.col) for d in report.all_diagnostics() if d.is_error]
    return found


def canonical(text: str) -> str:
    report = check_text("t.korsar", text, canonical=True)
    return "\n".join(canonical_game(game) for game in report.games)


def test_every_syntax_error_of_a_file_is_reported():
    text = HEADER + "\n1. A: $3  B: drwa  C: r2@A3\n2. A: Y3@@A3  B: $2  C: draw draw\n"
    assert errors(text) == [
        ("N-SYNTAX", 4, 14),
        ("N-SYNTAX", 4, 23),
        ("N-SYNTAX", 5, 7),
        ("N-SYNTAX", 5, 30),
    ]


def test_syntax_error_messages_say_what_was_expected():
    report = check_text("t.korsar", HEADER + "\n1. A: Draw\n")
    (diagnostic,) = report.all_diagnostics()
    assert diagnostic.message == "cannot read 'Draw'"
    assert diagnostic.notes == ["keywords are lower case: 'draw'"]


def test_a_malformed_game_is_not_replayed_but_the_next_game_is():
    text = HEADER + "\n1. A: R2@@A3\n\n" + HEADER + "\n1. B: draw\n"
    report = check_text("t.korsar", text)
    assert [g.verdict for g in report.games] == ["malformed", "illegal"]
    assert report.games[1].diagnostics[0].code == "K-ORDER"
    assert report.games[1].diagnostics[0].span.line == 9


def test_tag_problems_are_located():
    text = ('[Game "Korsar"]\n[Players "A B C"]\n[Players "A B"]\n[Colour "red"]\n'
            '[Teams "A-B"]\n[Event unquoted]\n\n1. A: draw\n')
    assert errors(text) == [("N-TAG", 3, 11), ("N-TAG", 4, 10), ("N-TAG", 5, 9), ("N-TAG", 6, 1)]


def test_missing_required_tag_and_unknown_game():
    assert errors('[Game "Korsar"]\n\n1. A: draw\n') == [("N-TAG", 1, 1)]
    assert errors('[Game "Chess"]\n[Players "A B"]\n') == [("N-GAME", 1, 8)]
    assert errors("1. A: draw\n") == [("N-GAME", 1, 1)]


def test_own_tags_start_with_x():
    assert errors(HEADER + '[X-Table "4"]\n\n1. A: draw\n') == []


def test_unterminated_comment_does_not_swallow_the_next_game():
    text = HEADER + "\n1. A: draw {never closed\n2. B: draw\n" + HEADER + "\n1. A: draw\n"
    report = check_text("t.korsar", text)
    assert len(report.games) == 2
    assert [(d.code, d.span.line, d.span.col) for d in report.games[0].diagnostics] == [("N-COMMENT", 4, 12)]
    assert report.games[1].verdict == "legal"


def test_comments_survive_canonical_form():
    text = ("; before the game\n" + HEADER + "; after the players\n\n"
            "1. {round one} A: $3 {A opens}  B: draw ; B waits\n   C: R2@A3\n")
    out = canonical(text)
    assert out == ('; before the game\n[Game "Korsar"]\n[Players "A B C"]\n; after the players\n\n'
                   "1. {round one} A: $3 {A opens}  B: draw ; B waits\n   C: R2@A3\n")
    assert canonical(out) == out


def test_canonical_form_orders_tags_and_spaces_turns():
    text = '[Players "A  B   C"]\n[Game "Korsar"]\n1.A: $3 B: draw   C:R2@A3\n'
    assert canonical(text) == '[Game "Korsar"]\n[Players "A B C"]\n\n1. A: $3  B: draw  C: R2@A3\n'


def test_galleon_names_get_a_round_only_when_needed():
    text = HEADER + "\n1. A: $3  B: draw  C: R2@A3/1\n2. A: $3  B: Y2@A3/2  C: draw\n"
    assert check_text("t.korsar", text).games[0].verdict == "legal"
    assert canonical(text).splitlines()[-2:] == ["1. A: $3  B: draw  C: R2@A3",
                                                  "2. A: $3  B: Y2@A3/2  C: draw"]
    # C holds A's first galleon, so A does not capture it back; A then places a second 3.
    ambiguous = HEADER + "\n1. A: $3  B: draw  C: R2@A3\n2. A: $3  B: Y2@A3  C: draw\n"
    (diagnostic,) = check_text("t.korsar", ambiguous).games[0].diagnostics
    assert (diagnostic.code, diagnostic.span.line, diagnostic.span.col) == ("K-TARGET", 5, 17)
    assert "A3/1 or A3/2" in diagnostic.notes[0]


def test_line_ends_bom_and_tabs():
    crlf = ("\ufeff" + HEADER + "\n1. A: $3\tB: R9@A3\n").replace("\n", "\r\n").encode()
    report = check_bytes("t.korsar", crlf)
    (diagnostic,) = report.all_diagnostics()
    assert (diagnostic.code, diagnostic.span.line, diagnostic.span.col) == ("K-CARDS", 4, 13)
    lone_cr = (HEADER + "\n1. A: $3").replace("\n", "\r").encode()
    assert check_bytes("t.korsar", lone_cr).ok


def test_invalid_utf8_is_located_by_byte_offset():
    data = HEADER.encode() + b"\n1. A: \xff\n"
    report = check_bytes("t.korsar", data)
    (diagnostic,) = report.diagnostics
    assert diagnostic.code == "N-ENCODING"
    assert "byte 41" in diagnostic.message
    assert (diagnostic.span.line, diagnostic.span.col) == (4, 7)


def test_empty_file_and_stray_tokens():
    assert errors("") == [("N-GAME", 1, 1)]
    assert errors(HEADER + "\nA3 1. A: draw\n") == [("N-SYNTAX", 4, 1)]
    assert errors(HEADER + "\nA: draw\n") == [("N-SYNTAX", 4, 1)]


def test_player_ids_that_look_like_keywords():
    text = '[Game "Korsar"]\n[Players "draw x discard"]\n\n1. draw: $3  x: R2@draw3  discard: draw\n'
    report = check_text("t.korsar", text)
    assert report.ok
    assert canonical(text).endswith("1. draw: $3  x: R2@draw3  discard: draw\n")


def test_example_replays():
    report = check_text("t.korsar", EXAMPLE)
    assert report.ok
    assert report.games[0].moves == 9


def test_a_file_of_comments_only_holds_no_game():
    assert errors("; only a comment\n{and another}\n") == [("N-GAME", 1, 1)]
