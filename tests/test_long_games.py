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


def _peak_kb(*args: str, typed: str = "") -> int:
    """The peak resident memory of one command, or of the largest of its worker processes, in KiB
    (`typed`: its standard input). Its own is read from /proc (VmHWM): the peak getrusage gives a
    process started by this one counts this one's memory before the start."""
    code = ("import resource, sys, runpy; sys.argv = ['referee', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('referee', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "own = next(int(line.split()[1]) for line in open('/proc/self/status') if line.startswith('VmHWM:'))\n"
            "print(max(own, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True, input=typed)
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


LONG_TURNS = 100_000
"""Turns enough for a record of every turn to show (about 1 KB a turn: 115 MB to 270 MB
by command), few enough that each command reads the game in a few seconds."""


@pytest.fixture(scope="module")
def long_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("long") / "long.spanish-main"
    path.write_text(long_game(LONG_TURNS), encoding="utf-8")
    return path


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads the peak from /proc")
@pytest.mark.parametrize("command", [["fmt"], ["fmt", "--check"], ["fmt", "--fix-result"], ["export", "-o"],
                                     ["score"], ["show"], ["show", "--move", "50000"],
                                     ["select", "--min-moves", "5", "-o"], ["duplicates"]],
                         ids=" ".join)
def test_every_command_reads_a_long_game_round_by_round(long_log, command, tmp_path):
    """fmt --check took 2.2 GB on a game of 850,000 turns, export 977 MB: each held every turn
    (and fmt its canonical text and the diff's tables) where a round at a time does."""
    output = [str(tmp_path / "out")] if command[-1] == "-o" else []
    peak = _peak_kb(*command, *output, str(long_log))
    assert peak < 60_000, f"{peak} KiB"


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads the peak from /proc")
def test_play_resumes_a_long_game_round_by_round(tmp_path):
    """Resuming a game of 850,000 turns took 900 MB: play held a record of its every turn, twice.
    This one, ten rounds a line, is written canonically (a round a line, within one game's lines)
    with the entry typed after it."""
    log = tmp_path / "long.spanish-main"
    log.write_text(long_game(90_000), encoding="utf-8")
    peak = _peak_kb("play", str(log), typed="score\nAnna: end\n")
    assert peak < 60_000, f"{peak} KiB"
    written = log.read_text(encoding="utf-8")
    assert written.endswith("\n89999. Anna: end\n90000. Ben: end\n90001. Anna: end\n")
    assert written == CliRunner().invoke(cli, ["fmt", "-"], input=long_game(90_000)).output + "90001. Anna: end\n"


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads the peak from /proc")
def test_play_appends_an_entry_to_a_long_game_and_takes_it_back(tmp_path):
    """A canonical log of 60,000 rounds, a line each: an entry is appended to it (the file is the
    same, its text the same but for the new line), and undo writes it whole again, as it was."""
    log = tmp_path / "long.spanish-main"
    log.write_text(CliRunner().invoke(cli, ["fmt", "-"], input=long_game(60_000)).output, encoding="utf-8")
    before, inode = log.read_bytes(), log.stat().st_ino
    peak = _peak_kb("play", str(log), typed="Anna: end\n")
    assert peak < 60_000, f"{peak} KiB"
    assert log.read_bytes() == before + b"60001. Anna: end\n" and log.stat().st_ino == inode
    peak = _peak_kb("play", str(log), typed="undo\n")
    assert peak < 60_000, f"{peak} KiB"
    assert log.read_bytes() == before


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads the peak from /proc")
def test_fmt_in_place_rewrites_a_long_game_round_by_round(long_log, tmp_path):
    log = tmp_path / "long.spanish-main"
    log.write_bytes(long_log.read_bytes())
    peak = _peak_kb("fmt", "-i", str(log))
    assert peak < 60_000, f"{peak} KiB"
    assert log.read_text(encoding="utf-8") == CliRunner().invoke(cli, ["fmt", str(long_log)]).output


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads the peak from /proc")
def test_baseline_comments_a_long_game_round_by_round(tmp_path):
    log = tmp_path / "long.spanish-main"
    log.write_text(long_game(LONG_TURNS, illegal_at=LONG_TURNS - 10), encoding="utf-8")
    peak = _peak_kb("baseline", str(log))
    assert peak < 60_000, f"{peak} KiB"
    assert f"{LONG_TURNS - 10}. Anna: end {{allow" in log.read_text(encoding="utf-8")


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads the peak from /proc")
def test_check_reads_a_long_commented_game_round_by_round(tmp_path):
    """A comment in the movetext sends a game to the full reader, which held every turn."""
    log = tmp_path / "long.spanish-main"
    log.write_text(long_game(LONG_TURNS).replace("1. Anna: end", "1. Anna: end {first}", 1), encoding="utf-8")
    peak = _peak_kb("check", "-q", "-j", "1", str(log))
    assert peak < 60_000, f"{peak} KiB"


def _patched(lines: list[str], diff: str) -> list[str]:
    """`lines` with a unified diff applied, hunk by hunk, each hunk's old lines checked."""
    result: list[str] = []
    taken = 0  # lines of `lines` consumed
    body = diff.split("\n")[2:]
    for index, line in enumerate(body):
        if not line.startswith("@@"):
            continue
        first, _, length = line.split()[1][1:].partition(",")
        start = int(first) - (0 if length == "0" else 1)
        result += lines[taken:start]
        taken = start
        for row in body[index + 1:]:
            if row.startswith("@@") or not row:
                break
            if row[0] in " -":
                assert lines[taken] == row[1:], (taken, row)
                taken += 1
            if row[0] in " +":
                result.append(row[1:])
    return result + lines[taken:]


def test_a_long_game_s_diff_applies_to_give_its_canonical_form(tmp_path):
    """Past 10,000 canonical lines a game is diffed a window at a time: the diff still turns
    the log into what fmt writes."""
    text = long_game(12_000, per_line=1)  # a round a line: canonical but for the lines changed here
    for number in (25, 4_999, 11_999):
        text = text.replace(f"\n{number}. Anna: end\n", f"\n{number}.  Anna:   end\n", 1)
    log = tmp_path / "long.spanish-main"
    log.write_text(text, encoding="utf-8")
    checked = CliRunner().invoke(cli, ["fmt", "--check", str(log)])
    assert checked.exit_code == 1 and checked.output.count("\n@@ ") >= 3
    written = CliRunner().invoke(cli, ["fmt", str(log)]).output
    original = log.read_text(encoding="utf-8").split("\n")[:-1]
    assert _patched(original, checked.output) == written.split("\n")[:-1]


def test_a_long_game_exports_and_imports_back_to_its_canonical_form(tmp_path):
    from referee.validation import schema_errors
    import json

    log = tmp_path / "long.spanish-main"
    log.write_text(long_game(12_000).replace("3. Anna: end", "3. Anna: end {a comment}", 1), encoding="utf-8")
    exported = CliRunner().invoke(cli, ["export", str(log)])
    assert exported.exit_code == 0
    document = json.loads(exported.output)
    assert schema_errors("game-record", document) == []
    turns = [turn for round_ in document["games"][0]["rounds"] for turn in round_["turns"]]
    assert len(turns) == 12_000 + 19 and document["games"][0]["verdict"]["moves"] == 12_000 + 19
    assert turns[19 + 2]["comments"] == [{"text": "a comment", "braced": True}]
    path = tmp_path / "long.json"
    path.write_text(exported.output, encoding="utf-8")
    back = CliRunner().invoke(cli, ["import", str(path)])
    assert back.exit_code == 0 and back.output == CliRunner().invoke(cli, ["fmt", str(log)]).output


@pytest.fixture(scope="module")
def long_export(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A game whose JSON (6.5 MB) is past what import reads whole, and whose canonical text
    (60,000 rounds, one a line) still reads back as one game."""
    folder = tmp_path_factory.mktemp("long-json")
    log = folder / "long.spanish-main"
    log.write_text(long_game(60_000), encoding="utf-8")
    document = folder / "long.json"
    assert CliRunner().invoke(cli, ["export", str(log), "-o", str(document)]).exit_code == 0
    return log, document


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="reads the peak from /proc")
def test_import_writes_a_long_game_round_by_round(long_export, tmp_path):
    """The game read whole took 128 MB; round by round, what reading its first 4 MiB costs."""
    log, document = long_export
    written = tmp_path / "back.spanish-main"
    peak = _peak_kb("import", str(document), "-o", str(written))
    assert peak < 90_000, f"{peak} KiB"
    assert written.read_text(encoding="utf-8") == CliRunner().invoke(cli, ["fmt", str(log)]).output


def test_a_long_game_s_errors_are_located_as_a_short_one_s(long_export, tmp_path):
    _, document = long_export
    text = document.read_text(encoding="utf-8")
    at = text.index('"player": "Anna"', len(text) // 2)
    broken = tmp_path / "broken.json"
    broken.write_text(text[:at] + '"player": "9nna"' + text[at + 16:], encoding="utf-8")
    result = CliRunner().invoke(cli, ["import", str(broken), "-o", str(tmp_path / "out.spanish-main")])
    assert result.exit_code == 1 and not (tmp_path / "out.spanish-main").exists()
    (line,) = [line for line in result.output.splitlines() if "error at" in line]
    round_number = text[:at].count('{"number": ') - 1
    assert line.endswith(f"error at $.games[0].rounds[{round_number}].turns[0].player: "
                         f"'9nna' does not match '^[A-Za-z][A-Za-z_]*$'")
