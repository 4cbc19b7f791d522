"""Edge cases found while building the samples: each once accepted, now judged."""

from __future__ import annotations

from referee.pipeline.replay import check_text

HEADER = '[Game "Korsar"]\n[Players "A B C"]\n'


def first_error(text: str) -> tuple[str, int, int, str]:
    report = check_text("t.korsar", text)
    diagnostic = next(d for d in report.all_diagnostics() if d.is_error)
    return diagnostic.code, diagnostic.span.line, diagnostic.span.col, diagnostic.message


def test_a_capture_stated_twice_is_a_false_claim():
    text = HEADER + "\n1. A: $3  B: draw  C: draw\n2. A: xA3 xA3 draw\n"
    assert first_error(text) == ("K-CLAIM", 5, 11, "the capture of A3 is stated twice")


def test_a_capture_stated_once_is_legal():
    text = HEADER + "\n1. A: $3  B: draw  C: draw\n2. A: xA3 draw\n"
    report = check_text("t.korsar", text)
    assert report.ok
    assert report.games[0].engine.outcome().sides[0].details["captured"] == [3]


def test_a_result_naming_a_side_twice_is_rejected():
    text = HEADER + '[Result "A=99 A=0 B=0 C=0"]\n\n1. A: draw\n'
    assert first_error(text) == ("K-SCORE", 3, 10, "the claimed result names A twice: each side is named once")
