"""What users of ruff and pgn-extract reach for: `fmt --fix-result`, `baseline`, `select
--result/--min-moves/--max-moves` and `split --per`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.pipeline.replay import check_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
EXAMPLE = SAMPLES / "korsar" / "legal" / "k-example.korsar"
ILLEGAL = {game: sorted((SAMPLES / game / "illegal").glob(f"*.{game}"))
           for game in ("korsar", "corsari", "perroquets", "spanish-main")}

FALSE_SCORE = """[Game "Korsar"]
[Players "A B"]
[Seed "fix-1"]
[Result "A=99 B=0"] {the scorer's sum}
"""


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def verdicts(text: str, path: str = "x.log") -> list[str]:
    return [game.verdict for game in check_text(path, text).games]


def finished_korsar(tmp_path: Path) -> Path:
    """A whole legal game from the engine's own moves, with its true Result."""
    code, out, _ = run("simulate", "--game", "korsar", "--players", "2", "--seed", "fix-result")
    assert code == 0
    path = tmp_path / "g.korsar"
    path.write_text(out)
    return path


# -- fmt --fix-result ---------------------------------------------------------------------


def test_fix_result_writes_what_the_moves_reach(tmp_path: Path) -> None:
    true = finished_korsar(tmp_path).read_text()
    result_line = next(line for line in true.splitlines() if line.startswith("[Result"))
    assert result_line != '[Result "*"]'
    wrong = true.replace(result_line, '[Result "A=99 B=0"]')
    log = tmp_path / "wrong.korsar"
    log.write_text(wrong)
    assert verdicts(wrong) == ["illegal"]
    code, out, err = run("fmt", "--fix-result", str(log))
    assert code == 0
    assert result_line in out.splitlines()
    assert verdicts(out) == ["legal"]
    assert f'[Result "A=99 B=0"] becomes {result_line}, what its moves reach' in err
    # Without the option fmt keeps the claim as written.
    assert '[Result "A=99 B=0"]' in run("fmt", str(log))[1]


def test_fix_result_adds_a_missing_result_and_fmt_check_sees_it(tmp_path: Path) -> None:
    true = finished_korsar(tmp_path).read_text()
    result_line = next(line for line in true.splitlines() if line.startswith("[Result"))
    log = tmp_path / "none.korsar"
    log.write_text(true.replace(result_line + "\n", ""))
    assert run("fmt", "--check", str(log))[0] == 0
    code, _, err = run("fmt", "--check", "--fix-result", str(log))
    assert code == 1 and "no Result becomes" in err
    assert run("fmt", "-i", "--fix-result", str(log))[0] == 0
    assert result_line in log.read_text().splitlines()
    assert verdicts(log.read_text()) == ["legal"]


def test_fix_result_leaves_a_game_whose_moves_are_illegal(tmp_path: Path) -> None:
    illegal = ILLEGAL["korsar"][0]
    text = illegal.read_text()
    code, out, err = run("fmt", "--fix-result", str(illegal))
    assert "becomes" not in err
    assert [line for line in out.splitlines() if line.startswith("[Result")] == \
        [line for line in run("fmt", str(illegal))[1].splitlines() if line.startswith("[Result")]
    assert illegal.read_text() == text


def test_fix_result_marks_an_unfinished_game_unfinished(tmp_path: Path) -> None:
    log = tmp_path / "short.korsar"
    log.write_text(FALSE_SCORE + "\n1. A: draw  B: draw\n")
    code, out, err = run("fmt", "--fix-result", str(log))
    assert code == 0
    assert '[Result "*"]' in out and "{the scorer's sum}" in out
    assert verdicts(out) == ["legal"]


# -- baseline ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(ILLEGAL))
def test_baseline_accepts_every_finding_a_comment_can_and_changes_nothing_else(tmp_path: Path, game: str) -> None:
    log = tmp_path / f"archive.{game}"
    original = "\n".join(path.read_text().rstrip("\n") + "\n" for path in ILLEGAL[game])
    log.write_text(original)
    before = check_text(str(log), original)
    code, _, err = run("baseline", str(log))
    after_text = log.read_text()
    after = check_text(str(log), after_text)
    assert len(after.games) == len(before.games)
    assert [g.verdict == "malformed" for g in after.games] == [g.verdict == "malformed" for g in before.games]
    accepted = sum(len(g.suppressed) for g in after.games)
    assert accepted > 0 and f"now has {accepted} allow comment" in err
    # Every game still illegal holds only findings no comment accepts; each is listed.
    left = [g for g in after.games if g.verdict != "legal"]
    assert code == (1 if left else 0)
    for g in left:
        first = next(d for d in g.diagnostics if d.is_error)
        assert f"{first.path}:{first.span.line}:{first.span.col}: error[{first.code}]" in err
    # The text changed only by the comments written into it.
    stripped = after_text
    for g in after.games:
        for d in g.suppressed:
            stripped = stripped.replace(f" {{allow {d.code}: baseline}}", "", 1)
    assert stripped == original
    # A second run finds nothing more to accept and leaves the file untouched.
    stamp = os.stat(log).st_mtime_ns
    code, _, err = run("baseline", str(log))
    assert "now has" not in err and os.stat(log).st_mtime_ns == stamp
    assert code == (1 if left else 0)


def test_baseline_check_changes_nothing_and_says_what_it_would_write(tmp_path: Path) -> None:
    log = tmp_path / "one.korsar"
    text = ILLEGAL["korsar"][0].read_text()
    log.write_text(text)
    code, _, err = run("baseline", "--check", str(log))
    assert code == 1 and "would get 1 allow comment" in err
    assert log.read_text() == text
    assert run("baseline", "--check", str(EXAMPLE))[0] == 0


def test_baseline_keeps_crlf_line_ends_a_bom_and_its_reason(tmp_path: Path) -> None:
    log = tmp_path / "dos.korsar"
    text = ILLEGAL["korsar"][0].read_text()
    log.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    code, _, _ = run("baseline", "--reason", "as played, 2025", str(log))
    data = log.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\n") == data.count(b"\r\n") == text.count("\n")
    assert b": as played, 2025}" in data
    assert verdicts(data.decode("utf-8-sig")) == ["legal"]


def test_baseline_takes_an_empty_reason_and_refuses_one_with_braces(tmp_path: Path) -> None:
    log = tmp_path / "r.korsar"
    log.write_text(ILLEGAL["korsar"][0].read_text())
    code, _, err = run("baseline", "--reason", "a {b}", str(log))
    assert code == 2 and "without braces" in err
    assert run("baseline", "--reason", "", str(log))[0] == 0
    assert "{allow K-" in log.read_text() and ": }" not in log.read_text()


def test_baseline_accepts_a_false_result_after_its_tag(tmp_path: Path) -> None:
    log = tmp_path / "claim.korsar"
    log.write_text(FALSE_SCORE + "\n1. A: draw  B: draw\n")
    assert run("baseline", str(log))[0] == 0
    assert '[Result "A=99 B=0"] {allow K-UNFINISHED: baseline} {the scorer\'s sum}' in log.read_text()


def test_baseline_judges_a_game_once_however_many_findings_it_holds(tmp_path: Path, monkeypatch) -> None:
    """Each finding is set aside as its comment will make it be, and judging goes on: one
    judging of the game, not one more for every comment written."""
    import referee.pipeline.baseline as baseline

    game = finished_korsar(tmp_path).read_text().splitlines()
    rounds = [n for n, line in enumerate(game) if line[:1].isdigit()]
    for n in rounds:
        game[n] += "  A: draw"  # A again, after B: out of turn in every round
    log = tmp_path / "many.korsar"
    log.write_text("\n".join(game) + "\n")
    judged = []
    replay = baseline.replay_game
    monkeypatch.setattr(baseline, "replay_game", lambda *a, **k: judged.append(a) or replay(*a, **k))
    code, _, err = run("baseline", str(log))
    assert code == 0 and f"now has {len(rounds)} allow comments" in err
    assert len(judged) == 1
    after = log.read_text()
    assert after.count("A: draw {allow K-") == len(rounds) and verdicts(after) == ["legal"]


def test_baseline_refuses_standard_input() -> None:
    code, _, err = run("baseline", "-")
    assert code == 2 and "needs files" in err


# -- select --result, --min-moves, --max-moves ----------------------------------------------


def test_select_by_result_claim(tmp_path: Path) -> None:
    true = finished_korsar(tmp_path).read_text()
    result_line = next(line for line in true.splitlines() if line.startswith("[Result"))
    games = {
        "holds": true,
        "false": true.replace(result_line, '[Result "A=99 B=0"]'),
        "unfinished": true.replace(result_line, '[Result "*"]'),
        "missing": true.replace(result_line + "\n", ""),
    }
    log = tmp_path / "mixed.korsar"
    log.write_text("\n".join(text.replace('[Players "', f'[Event "{kind}"]\n[Players "', 1)
                             for kind, text in games.items()))
    for kind in games:
        code, out, err = run("select", str(log), "--result", kind)
        assert code == 0 and "1 of 4 games selected" in err
        assert f'[Event "{kind}"]' in out
    code, out, err = run("select", str(log), "--result", "holds", "--result", "false")
    assert "2 of 4 games selected" in err
    code, out, err = run("select", str(log), "--result", "unchecked")
    assert code == 1 and "0 of 4" in err


def test_select_by_number_of_moves(tmp_path: Path) -> None:
    counts = [sum(len(r.turns) for r in g.record.rounds) for g in check_text("e", EXAMPLE.read_text()).games]
    assert counts == [18]
    for low, high, picked in ((18, 18, 1), (19, None, 0), (None, 17, 0), (0, 100, 1)):
        args = [str(EXAMPLE)]
        if low is not None:
            args += ["--min-moves", str(low)]
        if high is not None:
            args += ["--max-moves", str(high)]
        code, _, err = run("select", *args)
        assert code == (0 if picked else 1) and f"{picked} of 1 game selected" in err
    code, _, err = run("select", str(EXAMPLE), "--min-moves", "5", "--max-moves", "4")
    assert code == 2 and "no game matches" in err


# -- split --per ----------------------------------------------------------------------------


def test_split_per_n_games_keeps_every_game_as_written(tmp_path: Path) -> None:
    joined = tmp_path / "all.korsar"
    legal = sorted((SAMPLES / "korsar" / "legal").glob("*.korsar"))
    assert run("join", *map(str, legal), "-o", str(joined))[0] == 0
    total = len(check_text(str(joined), joined.read_text()).games)
    code, _, err = run("split", str(joined), "--per", "4", "-d", str(tmp_path / "parts"))
    assert code == 0
    parts = sorted((tmp_path / "parts").iterdir())
    assert [p.name for p in parts] == [f"all-{n:04d}.korsar" for n in range(1, len(parts) + 1)]
    assert len(parts) == -(-total // 4) and f"{total} games written to {len(parts)} files" in err
    sizes = [len(check_text(str(p), p.read_text()).games) for p in parts]
    assert sizes[:-1] == [4] * (len(parts) - 1) and 1 <= sizes[-1] <= 4
    rejoined = tmp_path / "again.korsar"
    assert run("join", *map(str, parts), "-o", str(rejoined))[0] == 0
    # Every line of every game comes back, in order (blank lines between games are the join's).
    assert [line for line in rejoined.read_text().splitlines() if line.strip()] == \
        [line for line in joined.read_text().splitlines() if line.strip()]
    code, _, err = run("split", str(joined), "--per", "4", "-d", str(tmp_path / "parts"))
    assert code == 2 and "exists: not overwritten" in err
    assert run("split", str(joined), "--per", "0")[0] == 2
