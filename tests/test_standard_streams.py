"""Standard output as a user's shell gives it, for every command that writes to it: run
as real processes with nothing of Python's own environment variables set (no
PYTHONUNBUFFERED, no PYTHONIOENCODING), since those change what a full disk, a closed
output or a narrow encoding does.

- a full disk (/dev/full) is exit 2 with the reason on standard error, never the
  interpreter's warning and exit 120;
- a reader that has gone (`| head`) is exit 141;
- standard output closed (`>&-`) is exit 2 and a message, never exit 0 having written nothing;
- an output encoding that cannot hold a character (latin-1, ASCII, a C locale) gets an
  escape for it; the command does what it does in UTF-8 and files written with -o stay UTF-8.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

KORSAR = "samples/korsar/legal/k-example.korsar"
BOARD = "samples/perroquets/boards/lagoon-9.json"
PERROQUETS = "samples/perroquets/legal/p-example-1-island.perroquets"

NON_ASCII_LOG = ('[Game "Korsar"]\n[Event "Caf\u00e9 de la Marine \u2014 \u2693 \U0001F99C"]\n[Players "A B"]\n\n'
                 "1. A: $3 B: draw\n")
FLEET = [{"type": "Ship", "name": "Se\u00f1ora del Mar \u2014 \u2693", "cardId": "pc-001", "nationality": "Spain",
          "pointValue": 7, "details": {"masts": 2, "cargo": 3, "baseMove": "S+S", "cannons": "3S-2L"},
          "ability": "Once a game, she may fire twice \u2014 at one target."}]


def scrubbed(**extra: str) -> dict[str, str]:
    """What a plain shell gives: HOME, PATH, LANG and TERM, and nothing of Python's own."""
    env = {name: os.environ[name] for name in ("HOME", "PATH", "TERM") if name in os.environ}
    env["LANG"] = "C.UTF-8"
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("streams")
    (folder / "cafe.korsar").write_text(NON_ASCII_LOG, encoding="utf-8")
    (folder / "copy.korsar").write_text(NON_ASCII_LOG, encoding="utf-8")
    (folder / "fleet.json").write_text(json.dumps(FLEET, ensure_ascii=False), encoding="utf-8")
    (folder / "game.json").write_text(
        subprocess.run([sys.executable, "-m", "referee", "export", str(folder / "cafe.korsar")], cwd=ROOT,
                       capture_output=True, text=True, encoding="utf-8", env=scrubbed(), check=True).stdout,
        encoding="utf-8")
    return {"log": str(folder / "cafe.korsar"), "copy": str(folder / "copy.korsar"), "fleet": str(folder / "fleet.json"),
            "document": str(folder / "game.json"), "folder": str(folder)}


# Every command that writes to standard output, with the exit code it gives on these inputs.
COMMANDS: list[tuple[list[str], int]] = [
    (["rules"], 0),
    (["rules", "P-DEFAULT"], 0),
    (["check", "{log}"], 0),
    (["check", "--format", "json", "{log}"], 0),
    (["score", "{log}"], 0),
    (["show", "{log}"], 0),
    (["show", PERROQUETS], 0),
    (["replay", "{log}"], 0),
    (["export", "{log}"], 0),
    (["import", "{document}"], 0),
    (["fmt", "{log}"], 0),
    (["select", "--tag", "Players=A B", "{log}"], 0),
    (["join", "{log}", KORSAR], 0),
    (["duplicates", "{log}", "{copy}"], 1),
    (["simulate", "--game", "korsar", "--players", "3", "--seed", "s"], 0),
    (["data", "check", BOARD], 0),
    (["data", "show", BOARD], 0),
    (["data", "show", "default"], 0),
    (["data", "import", "{fleet}"], 0),
    (["play", "{log}"], 0),
    (["moves", "{log}"], 0),
    (["moves", "--format", "json", "{log}"], 0),
    (["lsp"], 0),
    (["--help"], 0),
]
IDS = [" ".join(command) for command, _ in COMMANDS]
LSP_INITIALIZE = b'Content-Length: 75\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'


def referee(command: list[str], inputs: dict[str, str], **kwargs) -> subprocess.CompletedProcess[bytes]:
    args = [word.format(**inputs) for word in command]
    kwargs.setdefault("env", scrubbed())
    if command[0] == "play":
        kwargs.setdefault("input", b"help\n")  # a command, whose lines go to standard output
    if command[0] == "lsp":
        kwargs.setdefault("input", LSP_INITIALIZE)  # answered on standard output; then the input ends
    return subprocess.run([sys.executable, "-m", "referee", *args], cwd=ROOT, stderr=subprocess.PIPE,
                          timeout=120, **kwargs)


@pytest.mark.parametrize("command, code", COMMANDS, ids=IDS)
def test_a_full_standard_output_is_exit_2_with_its_reason(command: list[str], code: int,
                                                          inputs: dict[str, str]) -> None:
    with open("/dev/full", "wb") as full:
        done = referee(command, inputs, stdout=full)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert "no space left on device" in err
    assert "Exception ignored" not in err and "bug" not in err and "Traceback" not in err


@pytest.mark.parametrize("command, code", COMMANDS, ids=IDS)
def test_a_reader_gone_is_exit_141(command: list[str], code: int, inputs: dict[str, str]) -> None:
    """As `referee … | head` when head has read its lines and left before the output is written."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = referee(command, inputs, stdout=write_end)
    finally:
        os.close(write_end)
    err = done.stderr.decode()
    assert done.returncode == 141, err
    assert "Traceback" not in err and "Exception ignored" not in err


@pytest.fixture(scope="module")
def long_outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Logs whose listing or export runs past what a pipe holds (64 KiB)."""
    folder = tmp_path_factory.mktemp("long-outputs")
    corsari = folder / "four.corsari"
    corsari.write_text(subprocess.run([sys.executable, "-m", "referee", "simulate", "--game", "corsari", "--players",
                                       "4", "--seed", "big1"], cwd=ROOT, capture_output=True, text=True,
                                      env=scrubbed(), check=True).stdout, encoding="utf-8")
    many = folder / "many.corsari"
    many.write_text("\n".join([corsari.read_text(encoding="utf-8")] * 6), encoding="utf-8")
    return {"corsari": str(corsari), "many": str(many)}


LONG_OUTPUTS = [["moves", "--all", "--move", "5", "{corsari}"], ["moves", "--format", "json", "--move", "5", "{corsari}"],
                ["export", "{many}"]]


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "PYTHONUNBUFFERED"])
@pytest.mark.parametrize("command", LONG_OUTPUTS, ids=[" ".join(c[:3]) for c in LONG_OUTPUTS])
def test_a_reader_gone_in_the_middle_of_a_long_output_is_exit_141(command: list[str], unbuffered: bool,
                                                                   long_outputs: dict[str, str]) -> None:
    """`referee moves … | head -c 1`: head reads a byte and leaves while the command writes more
    than the pipe holds. One large write cut short by the reader's leaving returns the count it
    wrote, which Python drops when it writes without a buffer (PYTHONUNBUFFERED=1, as many
    containers set it): the rest of the output was lost and moves exited 0, where export,
    writing in pieces, exited 141. Every command exits 141."""
    args = [word.format(**long_outputs) for word in command]
    env = scrubbed(**({"PYTHONUNBUFFERED": "1"} if unbuffered else {}))
    whole = subprocess.run([sys.executable, "-m", "referee", *args], cwd=ROOT, capture_output=True, env=env,
                           timeout=120)
    assert len(whole.stdout) > 1 << 16
    read_end, write_end = os.pipe()
    process = subprocess.Popen([sys.executable, "-m", "referee", *args], cwd=ROOT, stdout=write_end,
                               stderr=subprocess.PIPE, env=env)
    os.close(write_end)
    assert os.read(read_end, 1)
    os.close(read_end)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 141, err.decode()
    assert b"Traceback" not in err and b"Exception ignored" not in err


@pytest.mark.parametrize("command, code", COMMANDS, ids=IDS)
def test_a_closed_standard_output_is_an_error(command: list[str], code: int, inputs: dict[str, str]) -> None:
    """`referee … >&-`: the output is lost, so the command fails and says why."""
    done = referee(command, inputs, stdout=subprocess.DEVNULL, preexec_fn=lambda: os.close(1))
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert "standard output is closed" in err and "Traceback" not in err


def test_a_closed_standard_output_is_no_error_when_the_output_goes_to_a_file(tmp_path: Path,
                                                                            inputs: dict[str, str]) -> None:
    target = tmp_path / "report.txt"
    done = referee(["check", "{log}", "-o", str(target)], inputs, stdout=subprocess.DEVNULL,
                   preexec_fn=lambda: os.close(1))
    assert done.returncode == 0, done.stderr
    assert "1 legal" in target.read_text(encoding="utf-8")


ENCODINGS = [("ascii", command, code) for command, code in COMMANDS] + [
    ("latin-1", command, code) for command, code in COMMANDS if command[0] in ("rules", "data", "show", "score")]


@pytest.mark.parametrize("encoding, command, code", ENCODINGS,
                         ids=[f"{encoding}: {' '.join(command)}" for encoding, command, _ in ENCODINGS])
def test_any_output_encoding_gets_escapes_never_a_crash(command: list[str], code: int, encoding: str,
                                                        inputs: dict[str, str]) -> None:
    """ASCII, the narrowest, for every command; latin-1, a legacy 8-bit terminal, for some."""
    done = referee(command, inputs, stdout=subprocess.PIPE, env=scrubbed(PYTHONIOENCODING=encoding))
    err = done.stderr.decode(encoding)
    assert done.returncode == code, err
    out = done.stdout.decode(encoding)  # every byte is one the terminal can show
    assert out and "Traceback" not in err


def test_escapes_say_which_character_was_meant(inputs: dict[str, str]) -> None:
    done = referee(["select", "{log}"], inputs, stdout=subprocess.PIPE, env=scrubbed(PYTHONIOENCODING="latin-1"))
    out = done.stdout.decode("latin-1")
    assert "Caf\u00e9 de la Marine \\u2014 \\u2693 \\ud83e\\udd9c" in out


def test_a_c_locale_without_utf8_mode_gets_escapes(inputs: dict[str, str]) -> None:
    env = scrubbed(LC_ALL="C", PYTHONUTF8="0", PYTHONCOERCECLOCALE="0")
    env.pop("LANG")
    done = referee(["select", "{log}"], inputs, stdout=subprocess.PIPE, env=env)
    assert done.returncode == 0, done.stderr
    assert "Caf\\u00e9 de la Marine \\u2014" in done.stdout.decode("ascii")


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_machine_output_stays_valid_json_in_any_encoding(encoding: str, inputs: dict[str, str]) -> None:
    done = referee(["export", "{log}"], inputs, stdout=subprocess.PIPE, env=scrubbed(PYTHONIOENCODING=encoding))
    document = json.loads(done.stdout.decode(encoding))
    event = next(tag["value"] for tag in document["games"][0]["tags"] if tag["name"] == "Event")
    assert event == "Caf\u00e9 de la Marine \u2014 \u2693 \U0001F99C"


@pytest.mark.parametrize("command", [["export", "{log}"], ["select", "{log}"], ["data", "import", "{fleet}"],
                                     ["replay", "{log}"], ["score", "{log}"]])
def test_files_written_with_o_stay_utf8(command: list[str], inputs: dict[str, str], tmp_path: Path) -> None:
    target = tmp_path / "out"
    done = referee([*command, "-o", str(target)], inputs, stdout=subprocess.PIPE,
                   env=scrubbed(PYTHONIOENCODING="ascii"))
    assert done.returncode == 0, done.stderr
    text = target.read_bytes().decode("utf-8")
    assert "\u2014" in text and "\\u2014" not in text


def test_ci_runs_the_readme_test_command_without_pythons_variables(tmp_path: Path) -> None:
    """CI sees what a user's shell gives: `.ci/run` clears every PYTHON* variable, then runs
    exactly the README's test command."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(line for line in readme.splitlines() if line.endswith("-m pytest"))
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert script.rstrip("\n").splitlines()[-1] == command
    before_tests = script[:script.rindex(command)].replace('cd "$(dirname "$0")/.."', f'cd "{ROOT}"')
    probe = tmp_path / "probe"
    probe.write_text(before_tests.split("# The replay page")[0] + "env\n", encoding="utf-8")
    env = scrubbed(PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8", PYTHONUTF8="1", PYTHONWARNINGS="error",
                   PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0", PYTHONDEVMODE="1", PYTHONPATH="/x")
    shown = subprocess.run(["bash", str(probe)], env=env, capture_output=True, text=True, check=True).stdout
    assert not [line for line in shown.splitlines() if line.startswith("PYTHON")]


WRITE_NO_STANDARD_OUTPUT = {
    "split": "writes one file per game; its summary goes to standard error",
    "baseline": "rewrites the files it is given; its report goes to standard error",
    "cards": "the older spelling of `data`, running the same code",
}


def test_every_command_is_held_to_these_rules() -> None:
    """A command added to the CLI is added to COMMANDS above, or said here to write nothing
    to standard output."""
    from referee.cli import COMMAND_MODULES

    tested = {command[0] for command, _ in COMMANDS}
    assert set(COMMAND_MODULES) <= tested | set(WRITE_NO_STANDARD_OUTPUT), \
        set(COMMAND_MODULES) - tested - set(WRITE_NO_STANDARD_OUTPUT)
