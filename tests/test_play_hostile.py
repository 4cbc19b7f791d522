"""`referee play` used as a hostile user would use it: listings that fail halfway, links
planted at the lock's name, header facts and typed lines no log can hold, bytes that are
not text and characters that would act on a terminal. Each is refused or shown escaped,
with a documented exit code, and the game in play is left as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee.games import GAMES
from referee.pipeline.replay import check_text
from referee.play.session import Session
from tests.play_games import ROOT

REFEREE = [sys.executable, "-m", "referee"]


def play(log: Path, lines: list[str] | bytes, *arguments: str, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    given = lines if isinstance(lines, bytes) else "".join(line + "\n" for line in lines).encode("utf-8")
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    return subprocess.run([*REFEREE, "play", str(log), *arguments], input=given, capture_output=True,
                          cwd=ROOT, timeout=120, env=env, **kwargs)


def korsar(tmp_path: Path) -> Session:
    return Session.new(str(tmp_path / "g.korsar"), GAMES["korsar"], [("Players", "A B C"), ("Seed", "solo3-39")])


# -- listing, completion and why never touch the game ------------------------------------------


def test_a_listing_that_fails_halfway_leaves_the_game_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A listing that plays a trial entry and then fails (a generator's gap) must not leave the
    trial in the game: the state and the next legal entry are those before it."""
    session = korsar(tmp_path)
    assert session.enter("A: $4").status == "recorded"
    rules = session.rules
    before = session.engine.view()

    def failing(self: Any, engine: Any) -> Any:
        player, action = rules.legal_moves(engine)[0]
        assert engine.play(player, action) is None  # a trial played, never taken back
        raise RuntimeError("a gap in the generator")

    monkeypatch.setattr(type(rules), "entries_now", failing)
    assert session.legal_entries() == [] and "cannot be listed" in (session.entries_problem or "")
    due = session.due()
    assert due.players == ("B",)
    assert session.engine.view() == before
    monkeypatch.undo()
    assert session.enter("B: $5").status == "recorded"


def test_why_that_fails_is_reported_and_the_game_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = korsar(tmp_path)
    session.enter("A: $4")
    before = session.engine.view()
    monkeypatch.setattr(type(session.rules), "new_engine", lambda *args, **kwargs: 1 / 0)
    assert session.why() == [] and "cannot be worked out" in (session.why_problem or "")
    monkeypatch.undo()
    assert session.engine.view() == before and session.enter("B: $5").status == "recorded"


# -- the lock is never written through a link -----------------------------------------------------


@pytest.mark.parametrize("planted", ["symlink", "hardlink", "dangling", "fifo"])
def test_a_lock_that_is_not_a_plain_file_of_one_link_is_refused(tmp_path: Path, planted: str) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    lock = tmp_path / ".g.korsar.lock"
    if planted == "symlink":
        lock.symlink_to(victim)
    elif planted == "hardlink":
        os.link(victim, lock)
    elif planted == "dangling":
        lock.symlink_to(tmp_path / "created.txt")
    else:
        os.mkfifo(lock)
    done = play(tmp_path / "g.korsar", ["A: draw"], "--game", "Korsar", "--players", "A B")
    assert done.returncode == 2, done.stderr
    assert b"cannot be the log's lock" in done.stderr and b"Traceback" not in done.stderr
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    assert not (tmp_path / "created.txt").exists() and not (tmp_path / "g.korsar").exists()
