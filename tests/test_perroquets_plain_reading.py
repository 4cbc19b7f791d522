"""Pirates & Perroquets reads plainly written bodies and tag values by regular expressions,
and imports pyparsing only for the others: every answer, reading or diagnostic, is the one
pyparsing alone gives, and a plain log is checked without importing pyparsing at all."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pyparsing as pp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games import GAMES
from referee.games.base import TurnSyntaxError
from referee.games.perroquets import notation
from referee.games.perroquets.game import _GRAMMARS
from referee.games.perroquets.notation import PLAYER_WORDS, TABLE_ENTRIES, parse_entry
from referee.games.perroquets.setup import DATA_TAG
from referee.games.tagvalues import ID, PLAYERS, Grammars, TagGrammar, check_value
from referee.notation.reader import read_games

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "perroquets"
RULES = GAMES["perroquets"]

PYPARSING_TAGS: Grammars = {
    "Players": (PLAYERS, "player ids in clockwise seat order, e.g. 'Anna Ben Cleo'"),
    "First": (ID + pp.StringEnd(), "one player id"),
    "Data": (pp.Regex(r"default|" + DATA_TAG.pattern) + pp.StringEnd(),
             "'default', or a data id and its digest: 'my-board sha256:<64 hex digits>'"),
    "Variants": (pp.OneOrMore(pp.Regex(r"[a-z-]+")) + pp.StringEnd(), "variant names separated by spaces, or '-'"),
    "Result": (pp.Regex(r"\*|[A-Za-z][A-Za-z_]*=[0-9]{1,4}(?: [A-Za-z][A-Za-z_]*=[0-9]{1,4})*") + pp.StringEnd(),
               "each player's score, e.g. 'Anna=12 Ben=9', or '*'"),
}
"""The tag grammars as pyparsing alone read them, before the regular expressions came first."""


def outcome(read: Any, *args: str) -> Any:
    """What a reading gives: its result, or the diagnostic's message, place and hint."""
    try:
        return read(*args)
    except TurnSyntaxError as error:
        return ("error", error.message, error.offset, error.hint)
    except Exception as error:  # noqa: BLE001 - a crash must be the same crash either way
        return ("crash", type(error).__name__)


def by_pyparsing(name: str, text: str) -> Any:
    """parse_entry with pyparsing deciding every body, the plain expressions set aside."""
    never = re.compile(r"(?!)")
    saved = notation._plain
    notation._plain = lambda kind: never  # type: ignore[assignment]
    try:
        return outcome(parse_entry.__wrapped__, name, text)
    finally:
        notation._plain = saved


def sample_entries() -> list[tuple[str, str]]:
    """Every entry of every Perroquets sample, as (name, body)."""
    entries: set[tuple[str, str]] = set()
    for path in sorted(SAMPLES.glob("*/*.perroquets")):
        for read in read_games(str(path), path.read_text(encoding="utf-8").splitlines()):
            if read.record is not None:
                entries.update((turn.player, turn.text) for turn in read.record.turns())
    return sorted(entries)


EXTRA_WORDS = ["A", "7", "e5", "green", "black", "white", "/", "up", "leave", "f6=2", "f6=2N", "F3", "FL", "x", "A1=B",
               "99", "picks", "0", "10", "1/4", "z99", "E", "draw", "take", "ship", "none", "lose", "Anna", ""]


def damaged(entries: list[tuple[str, str]], seed: int, per_entry: int) -> list[tuple[str, str]]:
    """Each entry with a word dropped, added, replaced or doubled, or its spaces changed."""
    rng = random.Random(seed)
    found = []
    for name, text in entries:
        words = text.split(" ")
        for _ in range(per_entry):
            changed = list(words)
            spot = rng.randrange(len(changed))
            choice = rng.random()
            if choice < 0.25 and len(changed) > 1:
                del changed[spot]
            elif choice < 0.5:
                changed.insert(spot, rng.choice(EXTRA_WORDS))
            elif choice < 0.75:
                changed[spot] = rng.choice(EXTRA_WORDS)
            elif choice < 0.85:
                changed[spot] = changed[spot][:-1] or "x"
            else:
                found.append((name, rng.choice([" ", "\t", "  "]).join(changed) + rng.choice(["", " "])))
                continue
            found.append((name, " ".join(changed)))
    return found


def test_every_sample_entry_and_its_damaged_copies_read_as_pyparsing_reads_them() -> None:
    entries = sample_entries()
    bodies = entries + damaged(entries, seed=11, per_entry=8)
    plain = 0
    for name, text in bodies:
        kind = name if name in TABLE_ENTRIES else text.split(" ")[0]
        plain += kind in notation._PLAIN and notation._plain(kind).fullmatch(text) is not None
        assert outcome(parse_entry, name, text) == by_pyparsing(name, text), (name, text)
    assert len(entries) > 500 and plain > 500 and len(bodies) - plain > 2000, (len(entries), plain)


@pytest.mark.parametrize("text", ["take A1 green leave c10=1 leave c10=1",
                                  "take A1 green leave c10=1 leave c10=1 leave c10=1",
                                  "take A green F leave c10=1 leave c10=1S", "take C2 black leave b10=2E leave b10=2E"])
def test_a_leave_written_again_for_a_parrot_alike_reads_as_pyparsing_reads_it(text: str) -> None:
    """Each parrot left is a leave of its own, the same words written again for one alike: the
    plain reading keeps every one, as pyparsing does."""
    assert notation._plain("take").fullmatch(text) is not None
    assert outcome(parse_entry, "Anna", text) == by_pyparsing("Anna", text)
    assert len(parse_entry("Anna", text).action.leaves) == text.count(" leave ")


VOCABULARY = {
    "ship": ["ship", "e8", "a1", "b10", "z99", "e0", "E8"],
    "parrots": ["1/4", "4/3", "12/1", "1/", "/4", "3", "2", "1", "10", "0", "white", "black", "green"],
    "wind": ["2", "12", "123", "0", "x"],
    "draw": ["draw", "A", "C", "3", "12", "A=A3", "B=B12", "A=", "=A3", "A=a3", "0", "AB"],
    "reveal": ["Anna", "Ben", "A3", "C4", "B1", "/", "a3", "Ben_2"],
    "take": ["take", "C4", "A3", "3", "green", "black", "white", "F", "FL3", "BR9", "R1", "L", "leave", "e6=2",
             "e6", "=2", "e6=0", "e6=2S", "e6=2X", "e6=S", "e6=12W"],
    "none": ["none", "None", "x"],
    "lose": ["lose", "1", "3", "12", "0", "x"],
    "claim": ["Anna", "Ben", "captures", "at", "picks", "up", "loses", "holds", "first", "colour", "order",
              "e6", "3", "1234", "white", "black", "green", "x9"],
}


@st.composite
def bodies(draw: st.DrawFn) -> tuple[str, str]:
    kind = draw(st.sampled_from(sorted(VOCABULARY)))
    words = draw(st.lists(st.sampled_from(VOCABULARY[kind] + ["", "ship", "draw", "take", "Anna"]),
                          min_size=1, max_size=7))
    if kind in PLAYER_WORDS and draw(st.booleans()):
        words = [kind] + words
    text = " ".join(words)
    if draw(st.integers(0, 9)) == 0:
        text = text.replace(" ", draw(st.sampled_from(["  ", "\t", " \n"])), 1) + draw(st.sampled_from(["", " "]))
    return (kind if kind in TABLE_ENTRIES else draw(st.sampled_from(["Anna", "Ben_2"])), text)


@settings(max_examples=3000, deadline=None)
@given(entry=bodies())
def test_any_body_reads_as_pyparsing_reads_it(entry: tuple[str, str]) -> None:
    name, text = entry
    assert outcome(parse_entry, name, text) == by_pyparsing(name, text)


@settings(max_examples=3000, deadline=None)
@given(entry=bodies())
def test_a_single_spaced_body_is_plain_exactly_when_the_grammar_reads_it(entry: tuple[str, str]) -> None:
    name, text = entry
    kind = name if name in TABLE_ENTRIES else text.split(" ")[0]
    if kind not in notation._PLAIN or not re.fullmatch(r"\S+(?: \S+)*", text):
        return
    try:
        notation._grammars()[kind].parse_string(text, parse_all=False)
        reads = True
    except pp.ParseBaseException:
        reads = False
    assert (notation._plain(kind).fullmatch(text) is not None) == reads


def sample_tags() -> list[tuple[str, str]]:
    """Every value of a tag with a grammar in the Perroquets samples, as (name, value)."""
    tags: set[tuple[str, str]] = set()
    for path in sorted(SAMPLES.glob("*/*.perroquets")):
        for read in read_games(str(path), path.read_text(encoding="utf-8").splitlines()):
            if read.record is not None:
                tags.update((tag.name, tag.value) for tag in read.record.tags if tag.name in _GRAMMARS)
    return sorted(tags)


DIGEST = "sha256:" + "0123456789abcdef" * 4
EDGE_VALUES = ["default", " default ", "default\t", "default-2", "defaults", "default " + DIGEST, "my-board",
               "my-board " + DIGEST, "my-board  " + DIGEST, "my-board " + DIGEST[:-1], "my-board " + DIGEST + "0",
               "default-board " + DIGEST, "a" * 64, "a" * 65, "_x", "x" + DIGEST, "*", " * ", "**", "*A=1", "A=1",
               "Anna=12 Ben=9", "Anna=12  Ben=9", "Anna=12\tBen=9", "A=12345", "A=-1", "A=1 ", " A_b=0", "A",
               "A B", "A  B", "A\tB", "A\nB", "Anna Ben Cleo", "A1", "_A", "-", "sum-values discard-piles",
               "sum_values", "Sum", "", " ", "é", "A=1\n", "\ndefault"]


def test_every_sample_tag_value_that_reads_is_read_without_pyparsing() -> None:
    tags = sample_tags()
    assert {name for name, _ in tags} == set(_GRAMMARS)
    wrong = [(name, value) for name, value in tags if check_value(PYPARSING_TAGS, name, value) is not None]
    assert 0 < len(wrong) < 5  # the malformed samples'
    for name, value in set(tags) - set(wrong):
        entry = _GRAMMARS[name]
        assert isinstance(entry, TagGrammar) and entry.fits.fullmatch(value), (name, value)


def tag_outcome(grammars: Grammars, name: str, value: str) -> Any:
    problem = check_value(grammars, name, value)
    return None if problem is None else (problem.message, problem.offset, problem.hint)


def assert_tag_read_as_pyparsing_reads_it(name: str, value: str) -> None:
    entry = _GRAMMARS[name]
    assert isinstance(entry, TagGrammar)
    reference = tag_outcome(PYPARSING_TAGS, name, value)
    if entry.fits.fullmatch(value):
        assert reference is None, (name, value)
    assert tag_outcome(_GRAMMARS, name, value) == reference, (name, value)
    canonical = " ".join(value.split()) if reference is None else value
    assert RULES.canonical_tag(name, value) == canonical, (name, value)


@pytest.mark.parametrize("name", sorted(_GRAMMARS))
def test_sample_and_edge_tag_values_read_as_pyparsing_reads_them(name: str) -> None:
    for value in [value for _, value in sample_tags()] + EDGE_VALUES:
        assert_tag_read_as_pyparsing_reads_it(name, value)


TAG_PIECES = ["default", "-", "board", "Anna", "Ben", "a", "B_", "=", "12", "0", "12345", "*", " ", " ", "\t",
              "sha256:", "0123456789abcdef" * 4, "f", "sum-values", ".", "_", "1"]


@pytest.mark.parametrize("name", sorted(_GRAMMARS))
@settings(max_examples=600, deadline=None)
@given(value=st.lists(st.sampled_from(TAG_PIECES), max_size=7).map("".join)
       | st.text(alphabet="Aab_=*- 0129.:\t\ndeflut", max_size=14))
def test_any_tag_value_reads_as_pyparsing_reads_it(name: str, value: str) -> None:
    assert_tag_read_as_pyparsing_reads_it(name, value)


def test_a_plain_perroquets_check_does_not_import_pyparsing() -> None:
    script = ("import sys\nfrom referee.cli import main\n"
              "sys.argv = ['referee', 'check', '-j', '1', *sys.argv[1:]]\n"
              "try:\n    main()\nexcept SystemExit as done:\n    assert done.code == 0, done.code\n"
              "assert 'pyparsing' not in sys.modules, 'pyparsing was imported'\n")
    logs = sorted(str(path) for path in (SAMPLES / "legal").glob("*.perroquets"))
    assert len(logs) >= 10
    done = subprocess.run([sys.executable, "-c", script, *logs], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_a_body_that_does_not_read_is_explained_by_pyparsing() -> None:
    problem = outcome(parse_entry, "Anna", "take C4 grean")
    assert problem == ("error", "cannot read this take entry", 8,
                       "write take CARD green|black, or take PILE green|black PATH, then any 'leave SQUARE=VALUE', "
                           "e.g. 'take C4 green'")
    assert outcome(parse_entry, "parrots", "1/4 3 2 1 2") == by_pyparsing("parrots", "1/4 3 2 1 2")
    assert outcome(parse_entry, "Anna", "shp e8")[:3] == ("error", "'shp' does not start an entry of Anna", 0)
