"""Cases found while building the Corsari samples, each once judged wrongly."""

from __future__ import annotations

import pytest

from referee.pipeline.replay import check_text

HEADER = '[Game "Corsari"]\n[Players "A B"]\n[First "A"]\n[Result "*"]\n\n'
PUBLIC = "1. deal: quay K1 K2 K3 K4 K5 K6 K7 / pile K8\n"


def findings(text: str) -> list[tuple[str, int, int, str]]:
    report = check_text("t.corsari", text)
    return [(d.code, d.span.line, d.span.col, d.message) for d in report.all_diagnostics()]


@pytest.mark.parametrize("entries,expected", [
    ("   A: deck -R1 raise R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 dismiss stow Y1\n",
     ("C-CREW", 7, 22, "R1 is already used in this entry")),  # under the card named again
    ("   A: deck -Y5 raise R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 dismiss stow R1\n",
     ("C-HIDDEN", 7, 65, "R1 is already used in this entry")),
    ("   A: deck -R1 raise R2 R3 R4 R5 R6 R7 R8 R9 R10 dismiss stow Y1 Y2 Y4\n"
     "   B: fill R11 raise R11 G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 dismiss stow\n",
     ("C-CREW", 8, 22, "R11 is already used in this entry")),
])
def test_a_card_is_named_once_per_entry_in_a_log_without_the_deal(entries, expected):
    assert findings(HEADER + PUBLIC + entries) == [expected]


def test_a_penalty_card_is_not_in_play_in_later_rounds():
    round_one = ("   A: deck -R1 raise R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 dismiss stow Y1 Y2\n"
                 "   B: raise G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 dismiss stow Y3\n")
    round_two = "2. deal: quay K1 K2 K3 K4 K5 K6 K7 / pile K8\n"
    assert findings(HEADER + PUBLIC + round_one + round_two + "   B: deck -Y1\n") == [
        ("C-DISCARD", 10, 12, "B does not hold Y1: it is in A's penalty pile")]
    assert findings(HEADER + PUBLIC + round_one + round_two + "   B: deck=Y2 -Y1\n")[0][:2] == ("C-CARDS", 10)


def test_a_seeded_round_takes_its_deal_once():
    seeded = '[Game "Corsari"]\n[Players "A B C"]\n[First "A"]\n[Seed "rules-1"]\n\n'
    deal = "deal: quay Y8 K9 P1 O9 Y5 O1 G7 G2 / pile B2"
    once = check_text("t.corsari", seeded + f"1. {deal}\n")
    assert once.ok
    twice = findings(seeded + f"1. {deal}\n   {deal}\n")
    assert twice == [("C-TURN", 7, 4, "a deal comes right after its round's number")]


@pytest.mark.parametrize("body,message,hint", [
    ("quay O8", "'O8' follows 'quay' with a blank", "write 'quay=O8' to state the card taken, or '-O8' to discard it"),
    ("deck -c9", "cannot read '-c9'", "cards are written with a capital colour letter: R7, B11"),
])
def test_syntax_hints(body, message, hint):
    report = check_text("t.corsari", HEADER + PUBLIC + f"   A: {body}\n")
    (diagnostic,) = report.all_diagnostics()
    assert (diagnostic.code, diagnostic.message, diagnostic.notes) == ("N-SYNTAX", message, [hint])
