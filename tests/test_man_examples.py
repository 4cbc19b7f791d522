"""The commands the man pages' EXAMPLES show, run in order on a copy of the bundled
samples, print what the pages say they print: the manual cannot drift from the tool."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from tests.conftest import ROOT

PAGES = sorted((ROOT / "man").glob("referee*.[157]"))
ROFF = [("\\(ha", "^"), ("\\(ga", "`"), ("\\(aq", "'"), ("\\[em]", "—"), ("\\[pc]", "·"), ("\\[u2026]", "…"),
        ("\\[mu]", "×"), ("\\[->]", "→"), ("\\[da]", "↓"), ("\\[ua]", "↑"), ("\\[<-]", "←"), ("\\-", "-"),
        ("\\&", ""), ("\\e", "\\")]


def plain(line: str) -> str:
    for escape, text in ROFF:
        line = line.replace(escape, text)
    return line


def examples(page: Path) -> list[tuple[str, str]]:
    """(command, output shown) for every `$ …` line of the page's EXAMPLES section, in order."""
    text = page.read_text(encoding="utf-8")
    section = re.search(r"^\.SH EXAMPLES?\n(.*?)(?=^\.SH )", text, re.S | re.M)
    if section is None:
        return []
    found: list[tuple[str, str]] = []
    for block in re.findall(r"^\.EX\n(.*?)^\.EE", section.group(1), re.S | re.M):
        command: str | None = None
        shown: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    found.append((command, "\n".join(shown)))
                command, shown = plain(line[2:]), []
            elif command is not None:
                shown.append(plain(line))
        if command is not None:
            found.append((command, "\n".join(shown)))
    return found


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("man")
    for name in ("samples", "docs"):
        shutil.copytree(ROOT / name, folder / name)
    return folder


def run_shown(command: str, folder: Path, last: list[int]) -> str | None:
    """What the command prints, run as the page shows it; None for one that names files the
    repository lacks."""
    if command == "echo $?":
        return f"{last[0]}\n"
    if command.startswith("cat "):
        return (folder / command[4:]).read_text(encoding="utf-8")
    compare = None
    stdin = None
    if " | diff - " in command:
        command, _, rest = command.partition(" | diff - ")
        compare = rest.removesuffix(" && echo same")
    if " < " in command:
        command, _, source = command.partition(" < ")
        stdin = (folder / source).read_bytes()
    args = shlex.split(command)
    if args[0] != "referee":
        return None
    outputs = {args[i + 1] for i, arg in enumerate(args[:-1]) if arg in ("-o", "--output")}
    paths = [arg for arg in args[1:] if arg not in outputs and (
        "/" in arg or arg.endswith((".korsar", ".corsari", ".perroquets", ".json")))]
    if not all((folder / arg).exists() for arg in paths):
        return None
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        result = CliRunner().invoke(cli, args[1:], input=stdin)
    last[0] = result.exit_code
    if compare is not None:
        return "same\n" if result.stdout == (folder / compare).read_text(encoding="utf-8") else result.stdout
    return result.stdout


CASES = [(page, index, command, shown) for page in PAGES for index, (command, shown) in enumerate(examples(page))]


def test_the_pages_show_examples():
    assert any(page.name == "referee.1" for page, *_ in CASES)
    assert len(CASES) >= 20


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_example_prints_what_the_page_shows(page: Path, workspace: Path):
    last = [0]
    for command, shown in examples(page):
        printed = run_shown(command, workspace, last)
        assert printed is not None, f"{page.name}: {command} names files the repository lacks"
        assert printed.rstrip("\n") == shown.rstrip("\n"), f"{page.name}: {command}"


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff formats the pages")
@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_page_formats_without_a_warning(page: Path):
    """As man(1) lays it out on an 80-column terminal: a warning there (a table wider than
    the line, an unknown request) is a page that reads badly."""
    formatted = subprocess.run(["groff", "-k", "-t", "-man", "-Tutf8", "-ww", "-z", str(page)],
                               capture_output=True, text=True, check=False)
    assert formatted.returncode == 0 and formatted.stderr == "", formatted.stderr


def test_every_command_has_its_synopsis_line_and_its_section():
    """A command added to the CLI is added to referee(1) too: in the synopsis and as a section."""
    from referee.cli import COMMAND_MODULES

    page = (ROOT / "man" / "referee.1").read_text(encoding="utf-8")
    synopsis = page.split(".SH SYNOPSIS", 1)[1].split(".SH DESCRIPTION", 1)[0]
    for command in COMMAND_MODULES:
        assert f".B \\%referee {command}" in synopsis, command
        assert f'.SS "referee {command} ' in page, command
