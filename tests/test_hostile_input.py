"""Inputs that are not logs at all: each gets a clear message and a documented exit
code, never a hang or a traceback."""

from __future__ import annotations

import os
import stat

import pytest

from referee.pipeline.replay import check_bytes

GAME = b'[Game "Korsar"]\n[Players "A B"]\n\n1. A: draw  B: draw\n'


def test_a_fifo_in_a_folder_is_reported_not_read(run, tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    os.mkfifo(folder / "pipe.korsar")
    (folder / "good.korsar").write_bytes(GAME)
    result = run("check", str(folder))
    assert result.exit_code == 2
    assert "pipe.korsar: error cannot read: a FIFO, not a regular file" in result.output
    assert result.output.rstrip().endswith("1 could not be read")


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
    assert "Permission denied" in result.output


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
        assert result.exit_code == 2 and "Permission denied" in result.output


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
