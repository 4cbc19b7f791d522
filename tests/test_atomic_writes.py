"""Nothing already written is lost: a run killed while writing leaves the old file whole."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from .conftest import ROOT, SAMPLES


def test_a_killed_export_leaves_the_old_output_intact(tmp_path):
    games = "\n".join(p.read_text() for p in sorted((SAMPLES / "korsar" / "legal").glob("solo-*.korsar")))
    source = tmp_path / "many.korsar"
    source.write_text("\n".join([games] * 60))
    target = tmp_path / "out.json"
    old = '{"old": true}\n'
    outcomes = set()
    for delay in (0.2, 0.5, 0.8, 1.2, 1.8):
        target.write_text(old)
        process = subprocess.Popen([sys.executable, "-m", "referee", "export", str(source), "-o", str(target)],
                                   cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        content = target.read_text()
        if content == old:
            outcomes.add("old")
        else:
            document = json.loads(content)  # whole, never cut
            assert len(document["games"]) == 240
            outcomes.add("new")
        for leftover in tmp_path.glob(".out.json.*.tmp"):
            leftover.unlink()
    assert "old" in outcomes


def test_fmt_in_place_keeps_mode_and_leaves_no_temporary(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text('[Game "Korsar"]\n[Players "A B"]\n1.A: draw\n')
    os.chmod(path, 0o640)
    assert run("fmt", "-i", str(path)).exit_code == 0
    assert oct(path.stat().st_mode & 0o777) == oct(0o640)
    assert [p.name for p in tmp_path.iterdir()] == ["a.korsar"]
    assert Path(path).read_text().endswith("1. A: draw\n")


def test_show_that_finds_no_position_writes_nothing(tmp_path):
    """A move past the end is a usage error: -o FILE is neither created nor emptied."""
    from click.testing import CliRunner

    from referee.cli import cli

    log = Path(__file__).resolve().parent.parent / "samples" / "korsar" / "legal" / "k-example.korsar"
    fresh, kept = tmp_path / "fresh.txt", tmp_path / "kept.txt"
    kept.write_text("an earlier position\n", encoding="utf-8")
    for target in (fresh, kept):
        result = CliRunner().invoke(cli, ["show", str(log), "--move", "9999", "-o", str(target)])
        assert result.exit_code == 2 and "there is no move 9999" in result.output
    assert not fresh.exists()
    assert kept.read_text(encoding="utf-8") == "an earlier position\n"
