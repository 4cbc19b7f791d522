"""Corsari's plainly written deals, bodies and tag values are read by regular expressions;
pyparsing is imported only for the rest. Each expression must take only what the grammar
reads, and read it into the same segments, so the shortcut changes no verdict."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pyparsing as pp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.base import TurnSyntaxError
from referee.games.corsari.notation import _PLAIN_DEAL, _deal_grammar, _deal_segments, parse_body, parse_deal, read_body

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples" / "corsari").rglob("*.corsari"))


def grammar_segments(text: str) -> list[tuple[str, list[str]]] | None:
    try:
        return [(name, list(cards)) for name, cards in _deal_grammar().parse_string(text, parse_all=False)]
    except pp.ParseBaseException:
        return None


DEAL_TEXT = re.compile(r"\bdeal:\s*(.*?)(?=\s+[A-Za-z][A-Za-z_]*:|\s+\d+\.|\s*$)")


def sample_deals() -> list[str]:
    """Each deal's text: from 'deal:' to the next entry, round number or line end."""
    deals = []
    for path in SAMPLES:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if not line.startswith(";"):
                deals += DEAL_TEXT.findall(line)
    return deals


def test_every_sample_deal_reads_as_the_grammar_reads_it() -> None:
    deals = sample_deals()
    plain = [deal for deal in deals if _PLAIN_DEAL.fullmatch(deal)]
    assert len(plain) >= 10, len(plain)
    for deal in plain:
        assert _deal_segments(deal) == grammar_segments(deal), deal


WORDS = st.sampled_from(["A", "B", "Anna_B", "quay", "pile", "deck", "R7", "B11", "G100", "r7", "R1234", "7",
                         "x", "/", "AR7", "deck=R7", "é"])
GLUE = st.sampled_from([" ", " ", " ", "", "  ", " / ", "/", "\t"])


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.tuples(WORDS, GLUE), min_size=1, max_size=9))
def test_a_deal_the_expression_takes_is_one_the_grammar_reads_the_same_way(pieces) -> None:
    text = "".join(word + glue for word, glue in pieces).rstrip(" /\t") or "A"
    if _PLAIN_DEAL.fullmatch(text):
        assert _deal_segments(text) == grammar_segments(text), text
    else:
        expected = grammar_segments(text)
        if expected is None:
            with pytest.raises(TurnSyntaxError, match="cannot read this deal"):
                _deal_segments(text)
        else:
            assert _deal_segments(text) == expected, text


@pytest.mark.parametrize("text,message,offset", [
    ("A R1 R2 / B r3", "cannot read this deal", 12),
    ("A R1 R2 / B R3 / quay R4 R5 / pile", "the pile segment names the one card turned up", 30),
    ("A R1/A R2", "the 'A' segment is given twice", 5),
])
def test_a_deal_that_does_not_read_is_explained_as_before(text: str, message: str, offset: int) -> None:
    with pytest.raises(TurnSyntaxError) as raised:
        parse_deal(text)
    assert (raised.value.message, raised.value.offset) == (message, offset)


def test_plain_legal_logs_are_judged_without_importing_pyparsing() -> None:
    legal = sorted((ROOT / "samples" / "corsari" / "legal").glob("*.corsari"))
    script = ("import sys\nfrom referee.cli import main\nsys.argv = ['referee', 'check', '-j', '1', *sys.argv[1:]]\n"
              "try:\n    main()\nexcept SystemExit as done:\n    assert done.code == 0, done.code\n"
              "assert 'pyparsing' not in sys.modules, 'pyparsing was imported'\n")
    done = subprocess.run([sys.executable, "-c", script, *map(str, legal)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


BODY_WORDS = st.sampled_from(["deck", "pile", "quay", "deck=R7", "pile=B11", "quay=K3", "-R7", "-G100", "fill", "raise",
                              "dismiss", "stow", "R7", "B11", "C2", "r7", "x", "deck=", "-", "R1234", "raised"])


@settings(max_examples=1500, deadline=None)
@given(st.lists(BODY_WORDS, min_size=1, max_size=10))
def test_the_quick_reader_reads_each_body_into_the_steps_the_grammar_gives(words) -> None:
    """`read_body` (the quick reader's, no places) and `parse_body` (the full reader's)
    read the same steps, or refuse the same body the same way."""
    text = " ".join(words)
    try:
        expected = parse_body(text).action
    except TurnSyntaxError as refused:
        with pytest.raises(TurnSyntaxError) as raised:
            read_body(text)
        assert (raised.value.message, raised.value.offset) == (refused.message, refused.offset)
    else:
        assert read_body(text) == expected, text


@pytest.mark.parametrize("text", ["deck  -R7", "raise  R1   R2 ", " pile=B11 -K3\tstow R1  dismiss"])
def test_a_body_with_runs_of_blanks_reads_as_its_single_spaced_form(text: str) -> None:
    """The grammar skips any run of blanks; the words' places are where they stand."""
    parsed = parse_body(text)
    assert parsed.action == parse_body(" ".join(text.split())).action
    for start, end in parsed.parts.values():
        assert text[start:end] == text[start:end].strip() and text[start:end]
