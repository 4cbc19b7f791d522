"""Every command reads a log by the same rules: referee-notation(5)'s grammar and
limits, whatever reads it (check's quick path, the full reader, score, show, fmt)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli import cli
from referee.pipeline.replay import check_text
from referee.pipeline.source import MAX_LINE_CHARS


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_an_unclosed_comment_before_the_first_tag_is_n_comment(tmp_path: Path) -> None:
    log = tmp_path / "u.korsar"
    log.write_text('{ a comment never closed\n[Game "Korsar"]\n[Players "A B"]\n\n1. A: $3\n')
    code, out, _ = run("check", "--format", "json", str(log))
    assert code == 1
    (game,) = json.loads(out)["files"][0]["games"]
    assert [(d["code"], d["line"]) for d in game["diagnostics"]] == [("N-COMMENT", 1)]
    code, _, err = run("fmt", str(log))
    assert code == 1 and "N-COMMENT" in err and "not formatted" in err


def test_a_game_tag_always_starts_a_new_game(tmp_path: Path) -> None:
    text = '[Game "Korsar"]\n[Players "A B"]\n[Result "*"]\n\n[Game "Korsar"]\n[Players "A B C"]\n\n1. A: $3\n'
    report = check_text("g.korsar", text)
    assert [game.verdict for game in report.games] == ["legal", "legal"]
    assert [game.record.tag_value("Players") for game in report.games] == ["A B", "A B C"]
    log = tmp_path / "g.korsar"
    log.write_text(text)
    assert run("check", str(log))[0] == 0
    assert run("fmt", "--check", str(log))[0] == 0


def test_a_line_over_the_limit_is_refused_by_every_command(tmp_path: Path) -> None:
    log = tmp_path / "long.korsar"
    log.write_text('[Game "Korsar"]\n[Players "A B"]\n\n1. A: $3 {' + "x" * (MAX_LINE_CHARS + 10) + "}\n")
    for command in (["check"], ["score"], ["fmt"], ["fmt", "--check"], ["export"]):
        code, out, err = run(*command, str(log))
        assert code == 1, command
        assert f"only its first {MAX_LINE_CHARS:,} are read" in out + err, command


SEEDS = st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=70)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_simulate_takes_only_seeds_the_notation_reads(seed: str) -> None:
    code, out, err = run("simulate", "--game", "korsar", "--players", "2", "--seed", seed, "--count", "2")
    if code == 2:
        assert "Error: --seed: " in err
        return
    assert code == 0, err
    report = check_text("sim.korsar", out)
    assert len(report.games) == 2
    assert not [d for d in report.all_diagnostics() if d.code.startswith("N-")]
