"""Every way a written Corsari deal can be wrong, pinned to code, place, message and facts."""

from __future__ import annotations

import pytest

from referee.games.corsari.cards import UNSHUFFLED
from referee.pipeline.replay import check_text

HEADER = '[Game "Corsari"]\n[Players "A B"]\n[First "A"]\n\n'
HANDS = f"A {' '.join(UNSHUFFLED[0:12])} / B {' '.join(UNSHUFFLED[12:24])}"
QUAY = " ".join(UNSHUFFLED[24:31])
PILE = UNSHUFFLED[31]
DECK = " ".join(UNSHUFFLED[32:])


def first(deal: str) -> tuple[str, int, int, str, dict]:
    report = check_text("t.corsari", HEADER + f"1. deal: {deal}\n")
    d = next(d for d in report.all_diagnostics() if d.is_error)
    return d.code, d.span.line, d.span.col, d.message, d.facts


def test_a_whole_deal_is_legal():
    assert check_text("t.corsari", HEADER + f"1. deal: {HANDS} / quay {QUAY} / pile {PILE} / deck {DECK}\n").ok


@pytest.mark.parametrize("deal,expected", [
    (f"{HANDS} / quay Z1 {QUAY[3:]} / pile {PILE} / deck {DECK}",
     ("C-CARDS", 5, 10, "'Z1' names colour 'Z', which Corsari does not have: the colours are "
      "R, O, Y, G, C, B, V, P, K, W", {"card": "Z1"})),
    (f"quay {QUAY} R1 / pile {PILE}",
     ("C-SETUP", 5, 10, "with 2 players the quay holds 7 cards, not 8", {})),
    (f"quay {QUAY}",
     ("C-SETUP", 5, 10, "the deal must name the card that starts the discard pile", {})),
    (f"{HANDS} / quay {QUAY} / pile {PILE}",
     ("C-HIDDEN", 5, 10, "a deal gives both the hands and the deck, or neither", {})),
    (f"B {' '.join(UNSHUFFLED[12:24])} / A {' '.join(UNSHUFFLED[0:12])} / quay {QUAY} / pile {PILE} / deck {DECK}",
     ("C-SETUP", 5, 10, "the deal gives every player's hand once, in seat order", {"listed": ["B", "A"]})),
    (f"A {' '.join(UNSHUFFLED[0:11])} / B {' '.join(UNSHUFFLED[11:24])} / quay {QUAY} / pile {PILE} / deck {DECK}",
     ("C-SETUP", 5, 10, "A is dealt 11 cards instead of 12", {})),
    (f"{HANDS} / quay {QUAY} / pile {PILE} / deck {DECK} R1",
     ("C-SETUP", 5, 10, "R1 is dealt twice", {"card": "R1"})),
    (f"{HANDS} / quay {QUAY} / pile {PILE} / deck {' '.join(UNSHUFFLED[32:-1])}",
     ("C-SETUP", 5, 10, "the deal leaves out 1 card(s) in play: W11", {"missing": ["W11"]})),
])
def test_deal_errors(deal, expected):
    assert first(deal) == expected


def test_a_seeded_deal_must_match_the_seed():
    seeded = '[Game "Corsari"]\n[Players "A B"]\n[First "A"]\n[Seed "s"]\n\n'
    report = check_text("t.corsari", seeded + f"1. deal: quay {QUAY} / pile {PILE}\n")
    (d,) = [d for d in report.all_diagnostics() if d.is_error]
    assert (d.code, d.span.line, d.message) == ("C-SETUP", 6, "the deal written differs from the one the Seed gives")


def test_a_penalty_card_is_not_dealt_again():
    round_one = ("1. deal: quay K1 K2 K3 K4 K5 K6 K7 / pile K8\n"
                 "   A: deck -R1 raise R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 dismiss stow Y1 Y2\n"
                 "   B: raise G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G11 dismiss stow Y3\n")
    report = check_text("t.corsari", HEADER + round_one + "2. deal: quay Y1 K2 K3 K4 K5 K6 K7 / pile K8\n")
    d = next(d for d in report.all_diagnostics() if d.is_error)
    assert (d.code, d.span.line, d.message, d.facts) == (
        "C-SETUP", 8, "Y1 lies in a penalty pile and is not dealt again", {"card": "Y1"})


def test_rounds_that_are_not_over():
    dealt = HEADER + "1. deal: quay K1 K2 K3 K4 K5 K6 K7 / pile K8\n"
    cases = {
        "2.\n": ("C-TURN", "round 1 is not over: nobody has raised anchor and the quay is not empty"),
        "   A: deck -R1 raise R2 R3 dismiss stow Y1 Y2 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11\n2.\n":
            ("C-RAISE", "round 1 is not over: B has yet to raise anchor"),
    }
    for tail, (code, message) in cases.items():
        d = next(d for d in check_text("t.corsari", dealt + tail).all_diagnostics() if d.is_error)
        assert (d.code, d.message) == (code, message)
    d = next(d for d in check_text("t.corsari", HEADER + "1.\n2.\n").all_diagnostics() if d.is_error)
    assert (d.code, d.message) == ("C-SETUP", "round 1 has no deal and no turn")
