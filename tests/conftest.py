"""Shared fixtures: the sample folders, a CLI runner, and schema validation."""

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
EXPECT = re.compile(r";\s*expect:\s*(?P<code>[A-Z]+(?:-[A-Z0-9]+)+)\s+(?P<line>\d+)")


def sample_files(kind: str) -> list[Path]:
    return sorted(SAMPLES.glob(f"*/{kind}/*.korsar"))


def expectations(path: Path) -> list[tuple[str, int]]:
    """The `; expect: CODE LINE` comments a sample carries."""
    return [(m["code"], int(m["line"])) for m in EXPECT.finditer(path.read_text(encoding="utf-8"))]


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
