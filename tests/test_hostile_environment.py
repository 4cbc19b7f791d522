"""A hostile user or a broken environment: never an internal error (exit 3), nothing
overwritten, every machine format valid, nothing a log holds acting on a terminal."""

from __future__ import annotations

import errno
import json
import os
import signal
import stat
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from tests.conftest import ROOT

SAMPLES = ROOT / "samples"
LEGAL = SAMPLES / "korsar" / "legal" / "k-example.korsar"
ILLEGAL = SAMPLES / "korsar" / "illegal" / "k-pirate.korsar"
REFEREE = [sys.executable, "-m", "referee"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def referee(*args: str, **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*REFEREE, *args], capture_output=True, text=True, cwd=ROOT, **kwargs)


@pytest.mark.parametrize("command", [["check", "-"], ["score", "-"], ["fmt", "-"], ["export", "-"],
                                     ["import", "-"], ["show", "-"], ["select", "-"], ["join", "-"],
                                     ["duplicates", "-"], ["split", "-d", "parts", "-"]])
def test_closed_standard_input_is_a_usage_error(tmp_path: Path, command: list[str]) -> None:
    command = [str(tmp_path / word) if word == "parts" else word for word in command]
    done = subprocess.run([*REFEREE, *command], capture_output=True, text=True, cwd=ROOT, stdin=subprocess.DEVNULL,
                          preexec_fn=lambda: os.close(0))
    assert done.returncode == 2, done.stderr
    assert "standard input" in (done.stdout + done.stderr) and "closed" in (done.stdout + done.stderr)


@pytest.mark.parametrize("command", [["check", str(LEGAL)], ["export", str(LEGAL)],
                                     ["simulate", "--game", "korsar", "--players", "3", "--seed", "s"]])
@pytest.mark.parametrize("target", ["missing-folder/out.txt", ""])
def test_an_output_that_cannot_be_written_is_a_usage_error(tmp_path: Path, command: list[str], target: str) -> None:
    output = str(tmp_path / target) if target else ""
    code, out, err = run(*command, "-o", output)
    assert code == 2, (out, err)
    assert "cannot write" in err or "needs a file name" in err


def test_a_full_standard_output_is_an_io_error_not_a_bug() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([*REFEREE, "rules"], stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert done.returncode == 2
    assert "no space left on device" in done.stderr and "bug" not in done.stderr


@pytest.mark.parametrize("command", [["check", "-o", "{out}", str(LEGAL)], ["export", str(LEGAL), "-o", "{out}"],
                                     ["fmt", "-i", "{out}"]])
def test_a_full_disk_leaves_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               command: list[str]) -> None:
    out = tmp_path / "target.korsar"
    original = LEGAL.read_text().replace("1. A: $3  B: draw", "1. A: $3   B: draw")  # not canonical: fmt writes
    out.write_text(original)

    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)
    code, _, err = run(*[part.replace("{out}", str(out)) for part in command])
    assert code == 2, err
    assert "no space left on device" in err
    assert out.read_text() == original
    assert [p.name for p in tmp_path.iterdir()] == ["target.korsar"], "no temporary file is left behind"


def test_a_configuration_that_is_not_utf8_or_not_toml_is_a_usage_error(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_bytes(b'[tool.black]\nname = "caf\xe9"\n')
    monkeypatch.chdir(tmp_path)
    code, _, err = run("check", str(LEGAL))
    assert code == 2 and "pyproject.toml: not UTF-8" in err
    (tmp_path / "pyproject.toml").write_text("[tool.referee\n")
    code, _, err = run("check", str(LEGAL))
    assert code == 2 and "invalid TOML" in err and "line 1" in err


@pytest.mark.parametrize("args, option", [(["--players", "3", "--teams"], "--teams"),
                                          (["--players", "6"], "--teams"),
                                          (["--players", "3", "--seed", "a b"], "--seed"),
                                          (["--players", "3", "--seed", "x" * 70], "--seed")])
def test_simulate_names_the_option_at_fault(args: list[str], option: str) -> None:
    if "--seed" not in args:
        args = args + ["--seed", "s"]
    code, _, err = run("simulate", "--game", "korsar", *args)
    assert code == 2, err
    assert f"Error: {option}: " in err
    assert "[" not in err.split("Error:")[1], "no Python list syntax reaches a user"


def test_an_output_that_is_an_input_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "game.korsar"
    log.write_text(LEGAL.read_text())
    link = tmp_path / "link.korsar"
    link.symlink_to(log)
    for command in (["check", str(log), "-o", str(log)], ["check", str(tmp_path), "-o", str(link)],
                    ["export", str(log), "-o", str(link)]):
        code, _, err = run(*command)
        assert code == 2 and "would lose the log" in err
    assert log.read_text() == LEGAL.read_text()


def test_written_files_behave_as_an_editor_writes_them(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old")
    target.chmod(0o640)
    link = tmp_path / "latest.json"
    link.symlink_to(target)
    assert run("check", "--format", "json", str(LEGAL), "-o", str(link))[0] == 0
    assert link.is_symlink(), "the link stays a link"
    assert json.loads(target.read_text())["summary"]["legal"] == 1
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    fresh = tmp_path / "fresh.json"
    mask = os.umask(0o022)
    try:
        assert run("check", "--format", "json", str(LEGAL), "-o", str(fresh))[0] == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644


def _bad_name_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    name = os.fsdecode(b"bad\xff.korsar")
    (folder / name).write_bytes(ILLEGAL.read_bytes())
    return folder


@pytest.mark.parametrize("output_format", ["json", "jsonl", "sarif", "junit", "github", "text"])
def test_every_format_is_valid_for_a_file_name_that_is_not_utf8(tmp_path: Path, output_format: str) -> None:
    done = referee("check", "--format", output_format, str(_bad_name_folder(tmp_path)))
    assert done.returncode == 1, done.stderr
    if output_format in ("json", "sarif"):
        json.loads(done.stdout)
    elif output_format == "jsonl":
        assert [json.loads(line) for line in done.stdout.splitlines()]
    elif output_format == "junit":
        ET.fromstring(done.stdout)
    shown = "bad\\\\xff.korsar" if output_format in ("json", "jsonl", "sarif") else "bad\\xff.korsar"
    assert shown in done.stdout or "bad%5Cxff.korsar" in done.stdout


CONTROLS = "".join(chr(c) for c in range(0x20) if chr(c) not in "\n\r") + "\x7f\u202e\u2066"


@pytest.mark.parametrize("output_format", ["junit", "json", "jsonl", "sarif"])
def test_machine_formats_stay_valid_with_control_characters_in_a_log(tmp_path: Path, output_format: str) -> None:
    log = tmp_path / "x.korsar"
    log.write_text(f'[Game "Korsar"]\n[Event "{CONTROLS}"]\n[Players "A B"]\n\n'
                   f"1. A: $3 {{{CONTROLS}}} B: zz{CONTROLS}\n", encoding="utf-8")
    code, out, _ = run("check", "--format", output_format, str(log))
    assert code == 1
    if output_format == "junit":
        root = ET.fromstring(out)
        assert root.find(".//failure") is not None
    elif output_format == "jsonl":
        [json.loads(line) for line in out.splitlines()]
    else:
        json.loads(out)


def test_text_output_shows_control_and_bidi_characters_escaped(tmp_path: Path) -> None:
    log = tmp_path / "x.korsar"
    log.write_text('[Game "Korsar"]\n[Players "A B"]\n\n1. A: $3 {\x1b]0;title\x07\u202e} B: zz\x1b[2J\n')
    code, out, _ = run("check", str(log))
    assert code == 1
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    lines = out.splitlines()
    shown = next(line for line in lines if line.startswith("4 | "))
    assert shown == "4 | 1. A: $3 {\\x1b]0;title\\x07\\u202e} B: zz\\x1b[2J"
    carets = lines[lines.index(shown) + 1]
    assert carets.index("^") == shown.index("zz") and carets.count("^") == len("zz\\x1b[2J")
    fmt = run("fmt", "--check", str(log))
    assert "\x1b" not in fmt[1]


def test_a_flood_of_syntax_errors_is_not_taken_for_a_log(tmp_path: Path) -> None:
    log = tmp_path / "flood.korsar"
    log.write_text('[Game "Korsar"]\n[Players "A B"]\n\n1. A: $3\n' + "}\n" * 50_000)
    code, out, _ = run("check", "--format", "json", str(log))
    assert code == 1
    (game,) = json.loads(out)["files"][0]["games"]
    assert len(game["diagnostics"]) == 4
    assert game["diagnostics"][-1]["message"] == "this does not read as a game log: 49,997 more notation errors follow"
    assert len(out) < 20_000
    code, out, _ = run("check", "-q", "--max-errors", "1", str(log))
    assert "stopped after" in out


def test_a_game_reports_its_first_hundred_notation_errors(tmp_path: Path) -> None:
    turns = "".join("1. A: draw\n" + ("}\n" if index % 2 else "") for index in range(300))
    log = tmp_path / "many.korsar"
    log.write_text('[Game "Korsar"]\n[Players "A B"]\n\n' + turns)
    code, out, _ = run("check", "--format", "json", str(log))
    (game,) = json.loads(out)["files"][0]["games"]
    assert len(game["diagnostics"]) == 101
    assert game["diagnostics"][-1]["message"] == "and 50 more notation errors in this game, not shown one by one"


def test_text_that_is_not_a_log_says_so_after_a_few_lines(tmp_path: Path) -> None:
    letter = tmp_path / "letter.korsar"
    letter.write_text("Dear club,\n\nplease find the games of Sunday below; A won the first two.\n" * 30)
    code, out, _ = run("check", "--format", "concise", str(letter))
    lines = out.splitlines()
    assert code == 1 and len(lines) == 5
    assert "this does not read as a game log" in lines[3]
    document = tmp_path / "games.korsar"
    document.write_text(CliRunner().invoke(cli, ["export", str(LEGAL)]).stdout)
    code, out, _ = run("check", str(document))
    assert code == 1 and "this is JSON, not a game log" in out and "referee import FILE" in out


@pytest.mark.parametrize("opening", ['[\n[Game "Corsari"]\n', "[\n1. A: draw\n", "[ \n\n[Game \"Korsar\"]\n"])
def test_a_stray_bracket_line_before_a_log_is_a_broken_tag_not_json(tmp_path: Path, opening: str) -> None:
    """A log whose first line is a lone `[` reads as a log with a broken tag line, the same
    whether a file is read game by game or whole; only what JSON can open with is JSON."""
    import io

    from referee.pipeline.replay import check_bytes
    from referee.pipeline.work import check_stream
    from referee.reports.json_report import file_json, unit_json

    data = opening.encode()
    streamed = unit_json(check_stream("x.log", io.BytesIO(data)))
    whole = file_json(check_bytes("x.log", data))
    assert (streamed["games"], streamed["diagnostics"]) == (whole["games"], whole["diagnostics"])
    assert streamed["games"][0]["diagnostics"][0]["code"] == "N-TAG"
    for document in (b'[{"game": "korsar"}]', b"[\n  [1, 2]\n]", b'{\n  "games": []\n}', b"[]"):
        streamed = unit_json(check_stream("x.json", io.BytesIO(document)))
        assert streamed["diagnostics"][0]["message"] == "this is JSON, not a game log"
        whole = file_json(check_bytes("x.json", document))
        assert (streamed["games"], streamed["diagnostics"]) == (whole["games"], whole["diagnostics"])


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """400 simulated four-player games, made once for the tests that need a long run."""
    target = tmp_path_factory.mktemp("corpus") / "corpus.korsar"
    assert run("simulate", "--game", "korsar", "--players", "4", "--seed", "p", "--count", "400",
               "-o", str(target))[0] == 0
    return target


def test_a_broken_pipe_exits_141_not_0(corpus: Path) -> None:
    # 400 games write some 300 KB, well past what a pipe holds: the referee is still
    # writing when the reader leaves, however the two processes are scheduled
    reader = subprocess.Popen(["head", "-c", "1"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    done = subprocess.run([*REFEREE, "check", "--format", "jsonl", str(corpus)], stdout=reader.stdin,
                          stderr=subprocess.PIPE, text=True, cwd=ROOT)
    reader.stdin.close()
    reader.wait()
    assert done.returncode == 141, done.stderr
    assert "Traceback" not in done.stderr


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table from /proc")
def test_sigterm_stops_the_workers_and_leaves_no_process(corpus: Path, tmp_path: Path) -> None:
    big = tmp_path / "big.korsar"
    with open(big, "w") as out:
        for _ in range(4):
            out.write(corpus.read_text() + "\n")
    process = subprocess.Popen([*REFEREE, "check", "-j", "2", "-q", str(big)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 20
    while not _children(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = _children(process.pid)
    assert workers, "the pool started"
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 143, err
    assert "terminated" in err and "Traceback" not in err
    time.sleep(0.2)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()
                and "Z" not in (Path(f"/proc/{pid}") / "stat").read_text().rsplit(")", 1)[1].split()[0]]


@pytest.mark.parametrize("command", [["import"], ["data", "check"], ["data", "import"], ["data", "show"],
                                     ["check", str(LEGAL), "--data"]])
def test_a_fifo_given_as_a_document_or_data_file_is_refused_not_waited_on(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    done = referee(*command, str(fifo), timeout=30)
    assert done.returncode == 2, done.stderr
    assert "a FIFO, not a regular file" in done.stderr


@pytest.mark.parametrize("command", [["score"], ["export"]])
def test_an_output_is_left_as_it_was_when_no_input_can_be_read(tmp_path: Path, command: list[str]) -> None:
    kept = tmp_path / "kept.txt"
    kept.write_text("before")
    code, _, err = run(*command, str(tmp_path / "missing.korsar"), "-o", str(kept))
    assert code == 2 and "cannot read" in err
    assert kept.read_text() == "before"


def test_an_output_that_is_a_pipe_is_written_through_not_replaced(tmp_path: Path) -> None:
    """-o naming a FIFO (or a device such as /dev/null) writes into it; replacing it with a
    regular file, as a file is replaced, would have left the reader waiting and the node gone."""
    fifo = tmp_path / "report.fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE, text=True)
    code, _, err = run("check", str(LEGAL), "-o", str(fifo))
    out, _ = reader.communicate(timeout=30)
    assert code == 0, err
    assert "1 file, 1 game, 1 legal" in out
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_csv_field_too_long_for_the_csv_reader_is_a_read_error(tmp_path: Path) -> None:
    path = tmp_path / "fleet.csv"
    path.write_text("type,name\nShip," + "a" * 200_000 + "\n")
    code, _, err = run("data", "import", str(path))
    assert code == 2 and "not a readable CSV" in err
