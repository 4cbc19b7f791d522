"""Nothing a command reads may be overwritten by its -o: not the log, not a --data file, not the
file `data show` shows or `data import` imports, by its own name or through a link. One check,
made where every output is opened, refuses it (exit 2) and leaves the file as it was."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli

ROOT = Path(__file__).resolve().parent.parent
LAGOON = ROOT / "samples" / "perroquets" / "boards" / "lagoon-9.json"
LAGOON_GAME = ROOT / "samples" / "perroquets" / "boards" / "lagoon-game.perroquets"
SAMPLE_CARDS = ROOT / "referee" / "games" / "spanish_main" / "sample-cards.json"
EXPORT = [{"type": "Ship", "name": "Gull", "cardId": "g-1", "nationality": "Pirates", "pointValue": 9,
           "details": {"masts": 2, "cargo": 3, "baseMove": "S+L", "cannons": ["3S", "2L"]}}]

COMMANDS = {
    "data show": ["data", "show", "{board}"],
    "data show svg": ["data", "show", "{board}", "--format", "svg"],
    "data show card": ["data", "show", "{cards}", "s-gull"],
    "data import": ["data", "import", "{export}"],
    "cards import": ["cards", "import", "{export}"],
    "replay": ["replay", "--data", "{board}", "{log}"],
    "export": ["export", "--data", "{board}", "{log}"],
    "check json": ["check", "--format", "json", "--data", "{board}", "{log}"],
    "score": ["score", "--data", "{board}", "{log}"],
    "show svg": ["show", "--format", "svg", "--move", "3", "--data", "{board}", "{log}"],
    "select": ["select", "--data", "{board}", "{log}"],
}
TARGETS = {
    "data show": "board", "data show svg": "board", "data show card": "cards", "data import": "export",
    "cards import": "export", "replay": "board", "export": "board", "check json": "board", "score": "board",
    "show svg": "board", "select": "board",
}


@pytest.fixture()
def files(tmp_path: Path) -> dict[str, Path]:
    made = {"board": tmp_path / "board.json", "cards": tmp_path / "cards.json", "export": tmp_path / "export.json",
            "log": tmp_path / "game.perroquets"}
    shutil.copy(LAGOON, made["board"])
    shutil.copy(SAMPLE_CARDS, made["cards"])
    made["export"].write_text(json.dumps(EXPORT), encoding="utf-8")
    shutil.copy(LAGOON_GAME, made["log"])
    return made


@pytest.mark.parametrize("through_a_link", [False, True], ids=["by-name", "through-a-link"])
@pytest.mark.parametrize("name", list(COMMANDS))
def test_an_output_that_is_an_input_is_refused(files, tmp_path, name, through_a_link):
    target = files[TARGETS[name]]
    before = target.read_bytes()
    output = target
    if through_a_link:
        output = tmp_path / "link"
        output.symlink_to(target)
    args = [part.format(**{key: str(path) for key, path in files.items()}) for part in COMMANDS[name]]
    result = CliRunner().invoke(cli, [*args, "-o", str(output)])
    assert result.exit_code == 2, result.output
    assert f"-o {output} is the input {target}: writing to it would lose the" in result.output
    assert target.read_bytes() == before


def test_fmt_in_place_still_rewrites_its_own_logs(files, tmp_path):
    log = files["log"]
    log.write_text(log.read_text(encoding="utf-8").replace("\n\n1.", "\n\n1.  "), encoding="utf-8")
    result = CliRunner().invoke(cli, ["fmt", "-i", "--data", str(files["board"]), str(log)])
    assert result.exit_code == 0, result.output


def test_another_output_is_written(files, tmp_path):
    output = tmp_path / "out.svg"
    result = CliRunner().invoke(cli, ["data", "show", str(files["board"]), "--format", "svg", "-o", str(output)])
    assert result.exit_code == 0 and output.read_text(encoding="utf-8").startswith("<svg")
