"""Every command README and the man pages show runs as written and does what the text says.

The commands are taken from README's code blocks and from each man page's EXAMPLES, in the
order the text gives them, and run one page at a time from a copy of the repository root
(the package linked, the files the docs name copied, so that a command that writes a file
leaves the repository as it was). Each runs through `sh -c` in the environment a plain
shell gives (HOME, PATH, LANG, TERM), the word `referee` being `python -m referee`, so pipes,
redirections and `&&` work as a reader's shell runs them.

What the text promises is held to:
- a transcript (`$ command` and the lines under it) prints exactly those lines, standard
  output and error as a terminal shows them, and exits 0, or with the code a following
  `$ echo $?` shows;
- a command on its own (a `sh` block in README, a command block of a man page) exits 0, or
  with the code its `# exit N` comment gives;
- a whole log shown as an example (a block with a `Game` tag) is legal;
- README's Python example runs.
Only what cannot run here is left out, each for a stated reason (`NOT_RUN`).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "man").glob("referee*.[157]"))]

NOT_RUN = {
    "pip install": "installs the package: it needs the network and minutes (CI runs it, through .ci/run)",
    "_REFEREE_COMPLETE": "lines for a shell's start-up files",
    "fuzz.": "a long fuzzing run, kept apart from the tests",
    "GRAMMAR_EXAMPLES=": "a long search of the grammar, kept apart from the tests (the default run holds the "
                         "same test to fewer examples)",
    "bench/bench.py": "the benchmark, minutes long, kept apart from the tests",
    "big-1gb.korsar": "a 1 GB corpus the benchmark builds, not shipped",
}
"""Commands the docs show that are not run here, by a piece of their text, and why."""

TIMING = re.compile(r" in [\d.]+ s(?: \([\d,]+ moves/s\))?$", re.M)
"""The time a long run took: the summary line gives it after about a second of work."""


@dataclass
class Example:
    where: str
    command: str
    shown: str | None = None
    """The output the text shows, or None where it shows none (a command on its own)."""
    code: int = 0
    stdin: str | None = None


# -- reading the examples out of the docs ------------------------------------------------

ROFF = [("\\(ha", "^"), ("\\(ga", "`"), ("\\(aq", "'"), ("\\(dq", '"'), ("\\[em]", "\u2014"), ("\\(em", "\u2014"),
        ("\\(en", "\u2013"), ("\\[pc]", "\u00b7"), ("\\(pc", "\u00b7"), ("\\[mu]", "\u00d7"), ("\\(mu", "\u00d7"),
        ("\\[->]", "\u2192"), ("\\(->", "\u2192"), ("\\[<-]", "\u2190"), ("\\(<-", "\u2190"), ("\\[da]", "\u2193"),
        ("\\(da", "\u2193"), ("\\[ua]", "\u2191"), ("\\(ua", "\u2191"), ("\\(ti", "~"), ("\\(de", "\u00b0"),
        ("\\(<=", "\u2264"), ("\\(*e", "\u03b5"), ("\\-", "-"), ("\\&", ""), ("\\%", ""), ("\\fB", ""),
        ("\\fI", ""), ("\\fR", ""), ("\\fP", "")]


def plain(line: str) -> str:
    """A line of a man page as man(1) shows it."""
    line = re.sub(r"\\\[u([0-9A-Fa-f]{4,5})\]", lambda m: chr(int(m[1], 16)), line)
    for escape, text in ROFF:
        line = line.replace(escape, text)
    return line.replace("\\e", "\\")


def man_blocks(text: str) -> list[tuple[int, list[str]]]:
    """(line number, lines) of each example block (.EX/.EE, .nf/.fi) of the EXAMPLES section."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if re.fullmatch(r"\.SH EXAMPLES?", line)), None)
    if start is None:
        return []
    blocks, current, first = [], None, 0
    for number in range(start + 1, len(lines)):
        line = lines[number]
        if line.startswith(".SH "):
            break
        if line in (".EX", ".nf"):
            current, first = [], number + 2
        elif line in (".EE", ".fi") and current is not None:
            blocks.append((first, [plain(item) for item in current if not item.startswith(".")]))
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def readme_blocks(text: str) -> list[tuple[int, str, list[str]]]:
    """(line number, language, lines) of each fenced code block."""
    blocks, current, language, first = [], None, "", 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            if current is None:
                current, language, first = [], line[3:].strip(), number + 1
            else:
                blocks.append((first, language, current))
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def expected_code(command: str) -> tuple[str, int]:
    """A command without its `# exit N` comment, and that N (0 without one)."""
    found = re.search(r"\s+#\s*exits?\s+(\d+)\b.*$", command)
    if found is None:
        return command, 0
    return command[:found.start()], int(found[1])


def examples_of(where: str, first: int, lines: list[str], commands: bool) -> list[Example]:
    """The examples of one block: a transcript, a log, or (with `commands`) commands on their own."""
    found: list[Example] = []
    if any(line.startswith("$ ") for line in lines):
        for index, line in enumerate(lines):
            if not line.startswith("$ "):
                if found:
                    found[-1].shown = (found[-1].shown or "") + line + "\n"
                continue
            command = line[2:]
            if command == "echo $?":
                found[-1].code = int(lines[index + 1])
                lines[index + 1] = "$ "  # read as the code, not as output
                continue
            found.append(Example(f"{where}:{first + index}", command, ""))
        return [example for example in found if example.command]
    if any(line.startswith("[Game ") for line in lines):
        return [Example(f"{where}:{first}", "referee check -", stdin="\n".join(lines) + "\n")]
    if "case $?" in "\n".join(lines):
        return [Example(f"{where}:{first}", "\n".join(lines))]
    if commands:
        for index, line in enumerate(lines):
            if line.strip() and not line.startswith("#"):
                command, code = expected_code(line)
                found.append(Example(f"{where}:{first + index}", command.strip(), None, code))
    return found


def page_examples(page: Path) -> list[Example]:
    text = page.read_text(encoding="utf-8")
    if page.suffix == ".md":
        found = []
        for first, language, lines in readme_blocks(text):
            if language == "python":
                found.append(Example(f"{page.name}:{first}", f"'{sys.executable}' -", stdin="\n".join(lines) + "\n"))
            elif language in ("", "sh"):
                if lines and lines[0].startswith("referee check PATH"):
                    continue  # the synopsis of the commands, not commands to run
                found.extend(examples_of(page.name, first, list(lines), commands=language == "sh"))
        return found
    return [example for first, lines in man_blocks(text)
            for example in examples_of(page.name, first, lines, commands=True)]


def help_examples() -> dict[str, list[Example]]:
    """The examples of every command's `--help`, by the help they are in: each line of the
    block under "Examples:" is a command, as a reader pastes it (a `# …` comment is the shell's)."""
    import click

    from referee.cli import cli

    found: dict[str, list[Example]] = {}

    def walk(command: click.Command, words: list[str]) -> None:
        text = command.help or ""
        if "Examples:" in text:
            block = text.split("Examples:", 1)[1].strip("\n").split("\n\n", 1)[0]
            where = f"{' '.join(words)} --help"
            found[where] = [Example(where, line.strip()) for line in block.splitlines() if line.strip()]
        if isinstance(command, click.Group):
            context = click.Context(command)
            for name in command.list_commands(context):
                walk(command.get_command(context, name), [*words, name])

    walk(cli, ["referee"])
    return found


HELP = help_examples()

ALL = {page.name: page_examples(page) for page in PAGES}


def runnable(examples: list[Example]) -> list[Example]:
    return [example for example in examples if not any(piece in example.command for piece in NOT_RUN)]


# -- running them -------------------------------------------------------------------------


@pytest.fixture
def workspace(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A copy of the repository root, and the environment of a plain shell in which the
    word `referee` runs this checkout's referee."""
    root = tmp_path / "repository"
    root.mkdir()
    for name in ("samples", "docs", "man"):
        shutil.copytree(ROOT / name, root / name)
    for name in ("README.md", "referee.toml"):
        shutil.copy(ROOT / name, root / name)
    for name in ("referee", "schemas"):
        (root / name).symlink_to(ROOT / name)
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    shim = bin_folder / "referee"
    shim.write_text(f"#!/bin/sh\nexec '{sys.executable}' -m referee \"$@\"\n", encoding="utf-8")
    shim.chmod(0o755)
    env = {name: os.environ[name] for name in ("HOME", "TERM") if name in os.environ}
    env.update(LANG="C.UTF-8", PATH=f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}")
    return root, env


def run_example(example: Example, root: Path, env: dict[str, str]) -> tuple[int, str]:
    done = subprocess.run(["sh", "-c", example.command], cwd=root, env=env, input=example.stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                          timeout=300)
    return done.returncode, TIMING.sub("", done.stdout)


def test_the_docs_show_examples_of_every_kind() -> None:
    examples = [example for found in ALL.values() for example in found]
    assert len(examples) >= 60
    assert sum(example.shown is not None for example in examples) >= 30, "transcripts"
    assert sum(example.stdin is not None and "check" in example.command for example in examples) >= 5, "logs"
    for page in ("referee.1", "referee-perroquets.7", "referee-spanish-main.7", "referee-corsari.7",
                 "referee-notation.5", "README.md"):
        assert ALL[page], page


def test_every_command_left_out_is_one_the_docs_show() -> None:
    shown = [example.command for found in ALL.values() for example in found]
    for piece in NOT_RUN:
        assert any(piece in command for command in shown), f"{piece}: no longer in the docs"


@pytest.mark.parametrize("page", list(ALL))
def test_every_example_does_what_the_text_says(page: str, workspace: tuple[Path, dict[str, str]]) -> None:
    root, env = workspace
    wrong = []
    for example in runnable(ALL[page]):
        code, printed = run_example(example, root, env)
        if code != example.code:
            wrong.append(f"{example.where}: {example.command!r} exits {code}, not {example.code}:\n{printed}")
        elif example.shown is not None and printed.rstrip("\n") != example.shown.rstrip("\n"):
            wrong.append(f"{example.where}: {example.command!r} prints\n{printed}\ninstead of\n{example.shown}")
    assert not wrong, "\n\n".join(wrong)
    assert changed_files(root) == [], "an example changed a shipped file: it should work on a copy it makes"


def changed_files(root: Path) -> list[str]:
    """The files of the repository copied into `root` (samples, docs, man, README) that
    differ from the repository's now, or are gone."""
    changed = []
    for name in ("samples", "docs", "man", "README.md"):
        original = ROOT / name
        for path in [original] if original.is_file() else sorted(original.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                copy = root / path.relative_to(ROOT)
                if not copy.is_file() or copy.read_bytes() != path.read_bytes():
                    changed.append(str(path.relative_to(ROOT)))
    return changed


def test_the_fish_completion_line_runs_in_a_home_that_has_no_fish_folder_yet(
        workspace: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    """The line README gives for fish's start-up files, run as written where fish has never
    been set up: it makes the folder it writes to."""
    root, env = workspace
    lines = [example.command for example in ALL["README.md"] if "fish_source" in example.command]
    assert len(lines) == 1
    home = tmp_path / "home"
    home.mkdir()
    done = subprocess.run(["sh", "-c", lines[0]], cwd=root, env={**env, "HOME": str(home)}, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "complete" in (home / ".config" / "fish" / "completions" / "referee.fish").read_text(encoding="utf-8")


def test_a_log_the_text_calls_canonical_is_canonical(tmp_path: Path) -> None:
    """A man page that says of its example log "the file is in canonical form" is held to it by
    `fmt --check`, as the samples are."""
    said = 0
    for page in PAGES[1:]:
        text = page.read_text(encoding="utf-8")
        lines = text.splitlines()
        for first, block in man_blocks(text):
            before = " ".join(lines[max(0, first - 8):first - 2])
            if "in canonical form" not in before or not any(line.startswith("[Game ") for line in block):
                continue
            said += 1
            log = tmp_path / f"example-{first}.korsar"
            log.write_text("\n".join(block) + "\n", encoding="utf-8")
            done = subprocess.run([sys.executable, "-m", "referee", "fmt", "--check", str(log)], capture_output=True,
                                  text=True, timeout=120)
            assert done.returncode == 0, f"{page.name}:{first}: not canonical:\n{done.stdout}{done.stderr}"
    assert said >= 1


def test_every_command_s_help_gives_examples() -> None:
    from referee.cli import COMMAND_MODULES

    for command in set(COMMAND_MODULES) - {"cards"}:
        assert HELP.get(f"referee {command} --help"), command
    assert sum(len(examples) for examples in HELP.values()) >= 60


@pytest.mark.parametrize("help_text", sorted(HELP))
def test_every_help_example_runs_as_pasted_from_a_clean_copy(help_text: str,
                                                             workspace: tuple[Path, dict[str, str]]) -> None:
    """Help is where a reader copies from first: each of a command's examples, in order, in a
    copy of the repository, runs on the files it ships (a log judged illegal is exit 1, no more),
    and leaves every one of them as it was (an in-place example works on a copy it makes)."""
    root, env = workspace
    wrong = []
    for example in HELP[help_text]:
        done = subprocess.run(["sh", "-c", example.command], cwd=root, env=env, input="", capture_output=True,
                              text=True, encoding="utf-8", timeout=300)
        said = done.stderr
        if done.returncode > 1 or ": cannot read: " in said or "Usage:" in said or "Error:" in said:
            wrong.append(f"{example.command!r} exits {done.returncode}:\n{said[-2000:]}")
    assert not wrong, "\n\n".join(wrong)
    assert changed_files(root) == [], "an example changed a shipped file: it should work on a copy it makes"
