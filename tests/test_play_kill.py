"""A game in `referee play` killed outright (SIGKILL) at random moments — between entries,
while an entry is being judged and its log written, while a new game's log is first
written — leaves a log that reads back, that `check` calls legal, and that the next
`referee play` resumes exactly where it stopped: at most the entry being typed is lost."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from referee.pipeline.replay import check_text
from referee.play.session import Session
from tests.play_games import PLAYED, ROOT, typed_game


def test_killed_at_random_points_the_log_always_reads_back_and_resumes(tmp_path: Path) -> None:
    typed = typed_game(PLAYED["korsar"])
    entries = typed.entries
    log = tmp_path / "table.korsar"
    lock = ".table.korsar.lock"
    chance = random.Random(38)
    done = 0  # entries the log holds
    kills = 0
    written_before = 0  # kills that came just after the entry was written
    mid_write = 0  # kills that came in the middle of writing the log (its temporary file left)
    while done < len(entries):
        header = [] if log.exists() else typed.header
        process = subprocess.Popen([sys.executable, "-m", "referee", "play", str(log), *header], cwd=ROOT,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert process.stdin is not None and process.stdout is not None
        confirmed = done
        if chance.random() < 0.2:
            time.sleep(chance.uniform(0, 0.4))  # killed while it starts: reading, judging, a first write
        else:
            for entry in entries[done:done + chance.randint(1, 25)]:
                process.stdin.write(entry + "\n")
                process.stdin.flush()
                assert process.stdout.readline().startswith("recorded")
                confirmed += 1
            if confirmed < len(entries):
                process.stdin.write(entries[confirmed] + "\n")  # killed while this one is judged and written
                process.stdin.flush()
                time.sleep(chance.uniform(0, 0.03))
        process.kill()
        process.wait()
        kills += 1
        if not log.exists():
            assert confirmed == 0
            continue
        beside = sorted(p.name for p in tmp_path.iterdir() if p.name != lock)  # the lock holds nothing once killed
        mid_write += len(beside) > 1
        text = log.read_text(encoding="utf-8")
        report = check_text(str(log), text)
        assert report.ok, text
        session = Session.resume(str(log), text)
        assert session.entries_played in (confirmed, confirmed + 1)
        assert sorted(p.name for p in tmp_path.iterdir() if p.name != lock) == [log.name]  # leftovers cleared
        written_before += session.entries_played == confirmed + 1
        assert [turn.written() for turn in session.record.turns()] == entries[:session.entries_played]
        done = session.entries_played
    assert log.read_text(encoding="utf-8") == typed.expected
    assert kills >= 5  # where each kill fell (written_before, mid_write) depends on the machine's load


@pytest.mark.parametrize("cut", ["os.replace", "os.pwrite", "os.fsync"])
def test_a_write_cut_off_leaves_the_log_before_or_after_the_change(tmp_path: Path, monkeypatch, cut: str) -> None:
    """The moments a kill can fall on in every run: an entry taken back, its log written whole
    and flushed, not yet renamed into place (the log is the one before); an entry appended,
    before its bytes are written (the log before it) or before they are flushed (after it).
    The next session resumes it either way."""
    import os

    from referee.games import GAMES

    typed = typed_game(PLAYED["korsar"])
    log = tmp_path / "table.korsar"
    session = Session.new(str(log), GAMES["korsar"], [("Players", "A B C"), ("Seed", "solo3-39")])
    for entry in typed.entries[:6]:
        session.enter(entry)
    before = log.read_text(encoding="utf-8")

    def killed(*args: object) -> None:
        raise KeyboardInterrupt  # stands for the process ending here: nothing after it runs

    monkeypatch.setattr(os, cut.split(".")[1], killed)
    try:
        if cut == "os.replace":
            session.undo()
        else:
            session.enter(typed.entries[6])
    except KeyboardInterrupt:
        pass
    monkeypatch.undo()
    after = log.read_text(encoding="utf-8")
    assert check_text(str(log), after).ok
    resumed = Session.resume(str(log), after)
    assert resumed.entries_played == (7 if cut == "os.fsync" else 6) and [p.name for p in tmp_path.iterdir()] == [log.name]
    if cut != "os.fsync":
        assert after == before
    assert [turn.written() for turn in resumed.record.turns()] == typed.entries[:resumed.entries_played]
    assert resumed.enter(typed.entries[resumed.entries_played]).status == "recorded"
