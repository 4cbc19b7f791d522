"""`referee play` at a real terminal (a pseudo-terminal driven by pexpect): Tab completion
of the legal entries, a refused entry shown with its caret, undo, Control-C clearing the
line, Control-D ending the session, and the game resumed from its log."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.play_games import ROOT

pexpect = pytest.importorskip("pexpect")


def spawn(*arguments: str) -> "pexpect.spawn":
    env = dict(os.environ, TERM="xterm", NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1", COLUMNS="100", LINES="30")
    return pexpect.spawn(sys.executable, ["-m", "referee", "play", *arguments], cwd=str(ROOT), env=env,
                         encoding="utf-8", dimensions=(30, 100), timeout=40)


def test_a_game_played_at_the_terminal_and_resumed(tmp_path: Path) -> None:
    log = tmp_path / "table.korsar"
    child = spawn(str(log), "--game", "Korsar", "--players", "A B C", "--seed", "solo3-39")
    child.expect_exact("(a new game)")
    child.expect_exact("1. A")
    child.send("A: $")
    child.send("\t")  # the galleons in A's hand are offered
    child.expect_exact("A: $3")
    child.expect_exact("A: $7")
    child.send("\x03")  # Control-C clears the line: what was typed is not judged
    child.expect_exact("1. A")
    child.send("A: $4\r")
    child.expect_exact("✓ 1. A: $4")
    child.send("B: $5\r")
    child.expect_exact("✓ 1. B: $5")
    child.send("C: dr\t")  # one entry begins so: Tab completes it
    child.send("\r")
    child.expect_exact("✓ 1. C: draw")
    child.send("A: R1@C9\r")
    child.expect_exact("error[K-TARGET]")
    child.expect_exact("A: R1@C9")
    child.expect_exact("^^")
    child.expect_exact("refused: not recorded")
    child.expect_exact("· legal instead: A: R1@B5")  # what A could have written
    child.send("A: R1@B5\r")  # the capture phase left to the referee
    child.expect_exact("✓ 2. A: xA4 R1@B5")
    child.expect_exact("· A takes galleon A4 (4 gold) for A")  # the account, a line a consequence
    child.expect_exact("(K-PIRATE)")
    child.send("undo\r")
    child.expect_exact("undone: A: xA4 R1@B5")
    child.send("\x04")  # Control-D ends the session
    child.expect_exact('log kept in')
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert log.read_text(encoding="utf-8").endswith('[Result "*"]\n\n1. A: $4  B: $5  C: draw\n')

    child = spawn(str(log))
    child.expect_exact("(resumed after move 3)")
    child.expect_exact("2. A")
    child.send("\x1b[A\r")  # history: the log's entries come back with the arrow keys
    child.expect_exact("1 | C: draw")  # recalled, and judged: not C's turn
    child.expect_exact("refused: not recorded")
    child.send("A: R1@B5\r")
    child.expect_exact("✓ 2. A: xA4 R1@B5")
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert log.read_text(encoding="utf-8").endswith("1. A: $4  B: $5  C: draw\n2. A: xA4 R1@B5\n")
