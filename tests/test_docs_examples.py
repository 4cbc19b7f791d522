"""The commands README shows, run on the bundled samples, print what README says they
print: the docs cannot drift from the tool."""

from __future__ import annotations

import re
import shlex

import pytest
from click.testing import CliRunner

from referee.cli import cli
from tests.conftest import ROOT

README = ROOT / "README.md"


def shown_commands(text: str) -> list[tuple[int, str, str]]:
    """(line, command, output shown) for every `$ referee …` in a fenced block whose
    files are all in the repository (an example about a file it lacks is illustrative)."""
    found = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("$ referee "):
            command = line[2:].split("  #")[0].strip()
            output = []
            index += 1
            while index < len(lines) and not lines[index].startswith(("$ ", "```")):
                output.append(lines[index])
                index += 1
            args = shlex.split(command)[1:]
            files = [arg for arg in args if "/" in arg or arg.endswith((".korsar", ".corsari"))]
            if all((ROOT / arg).exists() for arg in files):
                found.append((text.count("\n", 0, text.index(line)) + 1, command, "\n".join(output).strip("\n")))
            continue
        index += 1
    return found


EXAMPLES = shown_commands(README.read_text(encoding="utf-8"))


def test_readme_shows_runnable_examples() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("line, command, shown", EXAMPLES, ids=[f"README:{e[0]}" for e in EXAMPLES])
def test_readme_example_prints_what_readme_shows(line: int, command: str, shown: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, shlex.split(command)[1:], color=False)
    printed = re.sub(r" in [\d.]+ s \([\d,]+ moves/s\)", "", result.output).strip("\n")
    assert printed == shown, f"README line {line}: {command}"
