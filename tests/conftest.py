"""Shared fixtures: the sample folders, a CLI runner, and schema validation; and the whole
suite's run spread over every core."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
EXPECT = re.compile(r";\s*expect:\s*(?P<code>[A-Z]+(?:-[A-Z0-9]+)+)\s+(?P<line>\d+)"
                    r"(?:[ \t]+by(?P<rulings>(?:[ \t]+[A-Z]+(?:-[A-Z0-9]+)+)+))?")


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """`python -m pytest` with no test named runs the whole suite on every core (pytest-xdist;
    a worker done with its share takes tests from the other's). Naming files or tests
    (`python -m pytest tests/test_cli.py -k json`) runs them in this one process, where `-s`
    and `--pdb` work as usual. `-n N` decides either way: `-n 0`, the whole suite in one process."""
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return  # no pytest-xdist (`-p no:xdist`), or this is one of its workers
    whole_suite = config.args_source is pytest.Config.ArgsSource.TESTPATHS
    if whole_suite and config.option.numprocesses is None and not config.option.usepdb:
        config.option.numprocesses = "auto"
        if config.option.dist == "no":
            config.option.dist = "worksteal"


def sample_files(kind: str, game: str = "*") -> list[Path]:
    """Sample logs of one kind (legal, illegal, malformed), of every game by default."""
    extensions = tuple(ext for rules in GAMES.values() for ext in rules.extensions)
    return sorted(p for p in SAMPLES.glob(f"{game}/{kind}/*") if p.suffix in extensions)


def expectations(path: Path) -> list[tuple[str, int, tuple[str, ...]]]:
    """The `; expect: CODE LINE [by RULING...]` comments a sample carries: each error's code,
    its line, and the rulings that decided it besides its code (sorted)."""
    return [(m["code"], int(m["line"]), tuple(sorted((m["rulings"] or "").split())))
            for m in EXPECT.finditer(path.read_text(encoding="utf-8"))]


@pytest.fixture
def korsar():
    return GAMES["korsar"]


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str, input: str | bytes | None = None, env: dict[str, str] | None = None):
        return runner.invoke(cli, list(args), input=input, env=env, catch_exceptions=False)

    return invoke


def parse_json(text: str):
    return json.loads(text)
