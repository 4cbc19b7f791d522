"""Bounded fuzzing in the default run: inputs built from the grammar, mutated samples
and random bytes must keep every invariant of fuzz.invariants (no exception escapes,
every diagnostic points inside the file, the report validates, fmt is idempotent and
keeps the verdict, notation -> JSON -> notation is stable); `referee play`, typed into and
killed, keeps fuzz.play's. `python -m fuzz.run` and `python -m fuzz.play` run the long
campaigns."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz.invariants import check_input, mutate, seeds
from referee.games import GAMES
from referee.notation.writer import format_game
from referee.simulate import random_game

CORPUS = seeds()
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOKENS = st.sampled_from([
    "[Game \"Korsar\"]", "[Game \"Corsari\"]", "[Players \"A B C\"]", "[First \"A\"]", "[Teams \"A+B C+D\"]",
    "[Seed \"x\"]", "[Result \"*\"]", "[Result \"A=1 B=2\"]", "[EndHands \"A: - / B: $3\"]", "1.", "2.", "99.",
    "A:", "B:", "C:", "deal:", "draw", "draw Y3", "discard R2", "$3", "R2@A3", "R2@A3/1", "xA3", "~AD",
    "BC@B6", "AD@A3", "deck", "pile", "quay=K1", "-R1", "raise R1 R2", "fill R7", "dismiss", "stow K8",
    "quay K1 K2 K3 K4 K5 K6 K7 / pile K8", "{comment}", "{open", "}", "; line", "\n", "\r\n", "\t", "\ufeff",
    "\x00", "é", "",
])


@FUZZ
@given(tokens=st.lists(TOKENS, max_size=40), separators=st.lists(st.sampled_from([" ", "  ", "\n", ""]),
                                                                 max_size=40))
def test_near_valid_logs_from_the_grammar(tokens, separators):
    text = "".join(token + (separators[i] if i < len(separators) else " ") for i, token in enumerate(tokens))
    check_input(text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(index=st.integers(min_value=0), seed=st.integers(min_value=0, max_value=2**32), rounds=st.integers(1, 4))
def test_mutated_samples(index, seed, rounds):
    rng = random.Random(seed)
    data = CORPUS[index % len(CORPUS)]
    for _ in range(rounds):
        data = mutate(data, rng)
    check_input(data)


@FUZZ
@given(data=st.binary(max_size=600))
def test_random_bytes(data):
    check_input(data)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), seed=st.text("abcdef0123456789", min_size=1, max_size=6),
       cut=st.floats(min_value=0, max_value=1), mutation=st.integers(min_value=0))
def test_mutated_random_games(game, seed, cut, mutation):
    players = {"corsari": ["A", "B", "C"], "spanish-main": ["A", "B"]}.get(game, ["A", "B", "C", "D"])
    record, _ = random_game(GAMES[game], players, game == "korsar", seed)
    data = format_game(record, GAMES[game]).encode()
    data = data[: max(1, int(len(data) * cut))] if cut < 0.5 else mutate(data, random.Random(mutation))
    check_input(data)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(index=st.integers(min_value=0), seed=st.integers(min_value=0, max_value=2**32))
def test_the_command_line_keeps_its_exit_codes_on_mutated_input(run, tmp_path, index, seed):
    import json

    from referee.validation import schema_errors

    data = mutate(CORPUS[index % len(CORPUS)], random.Random(seed))
    path = tmp_path / "fuzzed.korsar"
    path.write_bytes(data)
    result = run("check", "--format", "json", str(path))
    document = json.loads(result.output)
    assert schema_errors("check-report", document) == []
    # a game that names data no --data file gives, or needs a package not installed, cannot be judged: a usage error, exit 2
    names_data = any(d["code"] in ("N-DATA", "N-INSTALL") for f in document["files"] for g in f["games"] for d in g["diagnostics"])
    allowed = (0, 1, 2) if names_data else (0, 1)
    assert result.exit_code in allowed
    assert run("fmt", "--check", str(path)).exit_code in allowed


def test_play_typed_into_and_killed_keeps_its_log_and_its_state(tmp_path, capsys):
    """A seeded game typed into `referee play` processes (entries, damaged entries, undo, tags,
    listings) and killed between entries or while one is written: no exit 3, no listing changes
    the state or the log, and the log is always one check reads and play resumes."""
    from fuzz.play import run

    assert run(0, "default", steps=1, quiet=True, kept=tmp_path / "failure") == 0, capsys.readouterr().err
