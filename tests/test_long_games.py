"""One long game, within the reader's limits, as a hostile user writes it: the replay page keeps
the positions of its last moves only and says what it leaves out, and the commands that read
it hold memory to what a game needs, not to what every one of its turns would cost."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.reports.replay_html import POSITIONS_KEPT, UNPLAYED_LISTED
from tests.conftest import ROOT
from tests.test_replay_page import browser, games_in, shown_state  # noqa: F401 - the fixture

SHORT = ROOT / "samples" / "spanish-main" / "legal" / "short-game.spanish-main"


def long_game(turns: int, per_line: int = 10, illegal_at: int | None = None, described: bool = False) -> str:
    """The short game's set-up, then `turns` turns that only end the turn; with `illegal_at`, that
    turn is played by the wrong player; `described`: the sample's comment lines stay before it."""
    text = SHORT.read_text(encoding="utf-8")
    head = "\n".join(line for line in text.split("1. Anna:")[0].splitlines()
                     if described or not line.startswith(";"))
    rows, row = [head.rstrip() + "\n"], []
    for number in range(1, turns + 1):
        player = "Anna" if number % 2 else "Ben"
        if number == illegal_at:
            player = "Ben" if player == "Anna" else "Anna"
        row.append(f"{number}. {player}: end")
        if len(row) == per_line:
            rows.append("  ".join(row) + "\n")
            row = []
    rows.append("  ".join(row) + "\n" if row else "")
    return "".join(rows)


def test_a_long_game_s_page_keeps_its_last_positions_and_says_so(tmp_path):
    log = tmp_path / "long.spanish-main"
    log.write_text(long_game(POSITIONS_KEPT + 500), encoding="utf-8")
    page = tmp_path / "long.html"
    assert CliRunner().invoke(cli, ["replay", str(log), "-o", str(page)]).exit_code == 0
    (game,) = games_in(page)
    total = POSITIONS_KEPT + 500 + 19  # the set-up's entries count as moves
    assert game["offset"] == total - POSITIONS_KEPT and len(game["positions"]) == POSITIONS_KEPT + 1
    assert [move["n"] for move in game["moves"]] == list(range(game["offset"] + 1, total + 1))
    assert game["positions"][-1] == shown_state(log, total)
    assert game["positions"][0] == shown_state(log, game["offset"])
    assert "moves 1 to ${game.offset} are left out" in page.read_text(encoding="utf-8")


def test_the_moves_after_an_illegal_one_are_listed_only_so_far(tmp_path):
    log = tmp_path / "stopped.spanish-main"
    log.write_text(long_game(3000, illegal_at=40), encoding="utf-8")
    page = tmp_path / "stopped.html"
    assert CliRunner().invoke(cli, ["replay", str(log), "-o", str(page)]).exit_code == 1
    (game,) = games_in(page)
    assert game["offset"] == 0 and len(game["positions"]) == 40 + 19
    (finding,) = [f for f in game["findings"] if f["severity"] == "error"]
    assert finding["move"] == 40 + 19
    assert len(game["moves"]) == 40 + 18 + UNPLAYED_LISTED and game["left_out"] == 3000 + 19 - len(game["moves"])


def test_a_long_game_s_page_steps_within_what_it_keeps_in_chromium(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.keys import Keys

    from tests.test_replay_page import _open, _shown

    log = tmp_path / "long.spanish-main"
    log.write_text(long_game(POSITIONS_KEPT + 100), encoding="utf-8")
    page = tmp_path / "long.html"
    CliRunner().invoke(cli, ["replay", str(log), "-o", str(page)])
    total = POSITIONS_KEPT + 100 + 19
    _open(browser, page.as_uri())
    assert _shown(browser)["move"] == total - POSITIONS_KEPT
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.END)
    assert _shown(browser)["move"] == total and _shown(browser)["view"] == shown_state(log, total)
    body.send_keys(Keys.HOME, Keys.ARROW_LEFT)
    assert _shown(browser)["move"] == total - POSITIONS_KEPT
    assert "are left out" in browser.find_element("id", "header").text


def _peak_kb(*args: str) -> int:
    """The peak resident memory of one command, or of the largest of its worker processes, in KiB.
    Its own is read from /proc (VmHWM): the peak getrusage gives a process started by this one
    counts this one's memory before the start."""
    code = ("import resource, sys, runpy; sys.argv = ['referee', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('referee', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "own = next(int(line.split()[1]) for line in open('/proc/self/status') if line.startswith('VmHWM:'))\n"
            "print(max(own, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True)
    return int(done.stderr.strip().splitlines()[-1])


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads the peak from /proc")
def test_a_long_game_s_page_holds_no_view_per_move(tmp_path):
    """26 KB a move: 40,000 moves took 1 GB."""
    log = tmp_path / "long.spanish-main"
    log.write_text(long_game(20_000), encoding="utf-8")
    peak = _peak_kb("replay", str(log), "-o", str(tmp_path / "long.html"))
    assert peak < 250_000, f"{peak} KiB"


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads the peak from /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_holds_no_record_of_every_turn_of_a_long_game(tmp_path, jobs):
    """A game of 850,000 turns took 864 MB: a comment before its tags sent it to the full reader,
    and under -j 2 each worker read a part of its middle as records, only to have it read again."""
    log = tmp_path / "long.spanish-main"
    log.write_text(long_game(250_000, described=True), encoding="utf-8")
    peak = _peak_kb("check", "-q", "-j", jobs, str(log))
    assert peak < 110_000, f"{peak} KiB"
