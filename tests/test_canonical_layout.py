"""The canonical layout: lines a person would write, comments beside their turns."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import cli
from referee.formatting import canonical_game
from referee.notation.writer import WIDTH
from referee.pipeline.replay import check_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
HEADER = '[Game "Korsar"]\n[Players "A B C D E F"]\n[Result "*"]\n\n'


def canonical(text: str) -> str:
    report = check_text("t.korsar", text, canonical=True)
    assert all(game.verdict != "malformed" for game in report.games), report.all_diagnostics()
    return "\n".join(canonical_game(game) for game in report.games)


def movetext(text: str) -> list[str]:
    return text.split("\n\n", 1)[1].splitlines()


def test_every_bundled_sample_that_can_be_formatted_is_canonical() -> None:
    folders = sorted(str(folder) for folder in SAMPLES.glob("*/*") if folder.name in ("legal", "illegal"))
    assert folders
    result = CliRunner().invoke(cli, ["fmt", "--check", *folders])
    assert result.exit_code == 0, result.output


def test_malformed_samples_are_refused_by_fmt_not_rewritten() -> None:
    for path in sorted(SAMPLES.glob("*/malformed/*")):
        if path.suffix not in (".korsar", ".corsari"):
            continue
        report = check_text(str(path), path.read_text(encoding="utf-8", errors="replace"))
        if any(game.verdict == "malformed" for game in report.games) or report.diagnostics:
            result = CliRunner().invoke(cli, ["fmt", "--check", str(path)])
            assert result.exit_code == 1


def test_a_long_round_wraps_before_column_80_under_its_first_turn() -> None:
    text = HEADER + "1. A: $3  B: $4  C: $5  D: $6  E: $2  F: $3\n2. A: draw  B: draw  C: draw  D: draw  E: draw  F: draw\n"
    out = canonical(text)
    assert movetext(out) == [
        "1. A: $3  B: $4  C: $5  D: $6  E: $2  F: $3",
        "2. A: draw  B: draw  C: draw  D: draw  E: draw  F: draw",
    ]
    long_names = '[Game "Korsar"]\n[Players "Alexandra Bartholomew Cornelius"]\n[Result "*"]\n\n'
    out = canonical(long_names + "1. Alexandra: $3  Bartholomew: $4  Cornelius: R2@Alexandra3\n"
                    "2. Alexandra: draw  Bartholomew: draw  Cornelius: draw  Alexandra: draw  Bartholomew: draw\n")
    assert movetext(out) == [
        "1. Alexandra: $3  Bartholomew: $4  Cornelius: R2@Alexandra3",
        "2. Alexandra: draw  Bartholomew: draw  Cornelius: draw  Alexandra: draw",
        "   Bartholomew: draw",
    ]


def test_comments_stay_with_the_turn_they_follow_and_wrap() -> None:
    words = " ".join(f"word{index}" for index in range(30))
    text = HEADER + f"1. A: $3 {{{words}}}  B: $4 ; {words}\n   C: $5\n"
    out = canonical(text)
    lines = movetext(out)
    assert lines[0].startswith("1. A: $3 {word0 word1")
    assert all(len(line) <= WIDTH for line in lines)
    assert lines[-1] == "   C: $5"
    assert any(line.startswith("   B: $4 ; word0") or line.endswith("B: $4 ; word0") or " B: $4" in line
               for line in lines)
    # Read back, the comments are attached where they were, with the same words.
    report = check_text("t.korsar", out)
    turns = report.games[0].record.turns()
    assert [c.text.split() for c in turns[0].comments] == [words.split()]
    assert " ".join(c.text for c in turns[1].comments).split() == words.split()
    assert canonical(out) == out


def test_a_comment_word_that_would_start_a_tag_line_is_kept_on_the_line_before() -> None:
    filler = " ".join("x" * 8 for _ in range(8))
    text = HEADER + f"1. A: $3 {{{filler} [Game \"Korsar\"] and more}}\n"
    out = canonical(text)
    assert not any(line.lstrip().startswith("[") for line in movetext(out))
    assert canonical(out) == out
    assert check_text("t.korsar", out).games[0].record.turns()[0].comments[0].text.split() == \
        f'{filler} [Game "Korsar"] and more'.split()


comment_text = st.text(st.characters(blacklist_characters="{}\n\r", blacklist_categories=("Cs", "Cc")),
                       max_size=200)


@settings(max_examples=150, deadline=None)
@given(braced=comment_text, line=comment_text)
def test_formatting_is_idempotent_and_keeps_comment_words(braced: str, line: str) -> None:
    text = HEADER + f"1. A: $3 {{{braced}}}  B: $4 ;{line}\n   C: $5\n"
    report = check_text("t.korsar", text)
    if any(game.verdict == "malformed" for game in report.games):
        return
    out = canonical(text)
    assert canonical(out) == out
    turns = check_text("t.korsar", out).games[0].record.turns()
    assert turns[0].comments[0].text.split() == braced.split()
    assert " ".join(c.text for c in turns[1].comments).split() == line.split()
