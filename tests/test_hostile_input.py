"""Inputs that are not logs at all: each gets a clear message and a documented exit
code, never a hang or a traceback."""

from __future__ import annotations

import json
import os
import stat

import pytest

from referee.notation.chunks import MAX_GAME_LINES
from referee.pipeline.replay import check_bytes

GAME = b'[Game "Korsar"]\n[Players "A B"]\n\n1. A: draw  B: draw\n'


def test_a_fifo_in_a_folder_is_reported_not_read(run, tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    os.mkfifo(folder / "pipe.korsar")
    (folder / "good.korsar").write_bytes(GAME)
    result = run("check", str(folder))
    assert result.exit_code == 2
    assert "pipe.korsar: cannot read: a FIFO, not a regular file" in result.stderr
    assert result.stdout.rstrip().endswith("1 could not be read")


def test_looping_symlinks(run, tmp_path):
    os.symlink(tmp_path / "b.korsar", tmp_path / "a.korsar")
    os.symlink(tmp_path / "a.korsar", tmp_path / "b.korsar")
    result = run("check", str(tmp_path / "a.korsar"))
    assert result.exit_code == 2
    assert "symbolic link loop" in result.output
    folder = run("check", str(tmp_path))
    assert folder.exit_code == 2
    assert folder.output.count("symbolic link loop") == 2


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_file_in_a_folder(run, tmp_path):
    path = tmp_path / "secret.korsar"
    path.write_bytes(GAME)
    path.chmod(0)
    result = run("check", str(tmp_path))
    assert result.exit_code == 2
    assert "permission denied" in result.output


def test_an_unlistable_folder(run, tmp_path):
    inner = tmp_path / "locked"
    inner.mkdir()
    (tmp_path / "good.korsar").write_bytes(GAME)
    inner.chmod(0)
    try:
        result = run("check", str(tmp_path))
    finally:
        inner.chmod(stat.S_IRWXU)
    if os.geteuid() == 0:
        assert result.exit_code == 0
    else:
        assert result.exit_code == 2 and "permission denied" in result.output


@pytest.mark.parametrize("data,code,line", [
    (GAME.replace(b"draw  B", b"dr\x00aw  B"), "N-SYNTAX", 4),
    (b"\x00\x01\x02\xff\xfe", "N-ENCODING", 1),
    (GAME[:30], "N-TAG", 2),
    (GAME + b"{ a comment the file never closes", "N-COMMENT", 5),
    (b"\n\n\n", "N-GAME", 1),
    (GAME.replace(b'[Players "A B"]', b'[Players "A B"'), "N-TAG", 2),
])
def test_broken_bytes_get_located_messages(data, code, line):
    report = check_bytes("x.korsar", data)
    errors = [(d.code, d.span.line) for d in report.all_diagnostics() if d.is_error]
    assert (code, line) in errors
    assert not report.ok


def test_a_file_that_stops_mid_game_does_not_swallow_the_next():
    text = GAME + b"2. A: R2@" + b"\n" + GAME
    report = check_bytes("x.korsar", text)
    assert [g.verdict for g in report.games] == ["malformed", "legal"]


def test_a_very_long_line_is_reported_quickly(run, tmp_path):
    path = tmp_path / "long.korsar"
    path.write_bytes(GAME + b"2. A: " + b"Y" * 5_000_000 + b"\n")
    result = run("check", str(path))
    assert result.exit_code == 1
    assert f"{path}:5:100000: error[N-SYNTAX] line 5 is 5,000,006 characters long; only its first 100,000 are read" \
        in result.output
    assert max(len(line) for line in result.output.splitlines()) < 300


def test_a_game_that_never_ends_is_read_only_so_far(run, tmp_path):
    """Past MAX_GAME_LINES a game's lines are counted, not held: memory stays flat, the game
    is malformed where reading stopped, and the next game is read as usual."""
    path = tmp_path / "endless.korsar"
    path.write_bytes(GAME + b"\n" * 150_000 + b"2. A: draw\n" + GAME)
    lines = 4 + 150_000 + 1  # the first game's, from its Game tag on
    for jobs in ("1", "2"):
        result = run("check", "-j", jobs, "--format", "json", str(path))
        games = json.loads(result.output)["files"][0]["games"]
        assert [game["verdict"] for game in games] == ["malformed", "legal"], jobs
        (finding,) = games[0]["diagnostics"]
        assert finding["code"] == "N-SYNTAX" and finding["line"] == lines  # its last move, past the blank lines
        assert f"its lines {lines:,} to {lines:,} are not read" in finding["message"]
        assert games[1]["line"] == lines + 1


@pytest.mark.parametrize("layout", ["lead-in", "between"])
def test_blank_lines_past_the_limit_around_games_lose_nothing(run, tmp_path, layout):
    """Blank lines before a file's first game, or after a game's last move, are no part of a
    game worth reading: past the limit they are let go, and the games stay whole."""
    blank = b"\n" * (MAX_GAME_LINES + 5)
    path = tmp_path / "spaced.korsar"
    path.write_bytes(blank + GAME if layout == "lead-in" else GAME + blank + GAME)
    for jobs in ("1", "2"):
        result = run("check", "-j", jobs, "--format", "json", str(path))
        games = json.loads(result.output)["files"][0]["games"]
        assert [(game["verdict"], game["moves"]) for game in games] == [("legal", 2)] * (1 if layout == "lead-in"
                                                                                      else 2), jobs
    out = tmp_path / "copy.korsar"
    assert run("join", "-o", str(out), str(path)).exit_code == 0
    assert out.read_text().count('[Game "Korsar"]') == (1 if layout == "lead-in" else 2)


@pytest.mark.parametrize("lead_in", [b"; the club's notes\n" + b"\n" * MAX_GAME_LINES, b"; note\n" * (MAX_GAME_LINES + 5),
                                     b"; note\n" * (MAX_GAME_LINES - 1)], ids=["blank", "comments", "just under"])
def test_a_lead_in_past_the_limits_leaves_the_first_game_whole(run, tmp_path, lead_in):
    """What comes before the first game counts apart from it: a long lead-in of comments (or
    of one comment and blank lines) is let go past the limits, and every game is read."""
    path = tmp_path / "noted.korsar"
    path.write_bytes(lead_in + GAME + b"\n" + GAME)
    first = lead_in.count(b"\n") + 1
    for jobs in ("1", "2"):
        result = run("check", "-j", jobs, "--format", "json", str(path))
        assert result.exit_code == 0, result.output
        games = json.loads(result.output)["files"][0]["games"]
        assert [(game["verdict"], game["line"]) for game in games] == [("legal", first), ("legal", first + 5)], jobs
    out = tmp_path / "copy.korsar"
    assert run("join", "-o", str(out), str(path)).exit_code == 0
    assert out.read_text().count('[Game "Korsar"]') == 2


@pytest.mark.parametrize("body", [b"\n" * 150_000 + b"2. A: draw\n", b"2. A: " + b"Y" * 200_000 + b"\n"],
                         ids=["endless game", "overlong line"])
@pytest.mark.parametrize("command", ["select", "join", "split"])
def test_a_game_read_only_in_part_is_not_copied_as_if_whole(run, tmp_path, body, command):
    path = tmp_path / "part.korsar"
    path.write_bytes(GAME + body + GAME)
    out = tmp_path / "out"
    args = {"select": ["select", "--player", "A", "-o", str(out)], "join": ["join", "-o", str(out)],
            "split": ["split", "-d", str(out)]}[command]
    result = run(*args, str(path))
    assert result.exit_code == 2
    assert f"{path}:1: game 1 cannot be copied as written" in result.output
    assert not out.exists()
