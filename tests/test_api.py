"""The Python interface reports exactly what the command line reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import referee.api as api
from referee.cli import cli
from tests.conftest import ROOT

SAMPLES = ROOT / "samples"
EXAMPLE = SAMPLES / "korsar" / "legal" / "k-example.korsar"


@pytest.mark.parametrize("sample", ["korsar/legal/multi-game.korsar", "korsar/illegal/k-pirate.korsar",
                                    "korsar/malformed/unknown-game.korsar", "corsari/legal/no-deal.corsari",
                                    "corsari/illegal/c-raise.corsari"])
def test_check_file_is_the_check_report(sample: str) -> None:
    path = str(SAMPLES / sample)
    result = api.check_file(path)
    report = json.loads(CliRunner().invoke(cli, ["check", "--format", "json", path]).stdout)
    (file,) = report["files"]
    assert [game.data for game in result.games] == file["games"]
    assert result.verdict == file["verdict"]
    assert result.ok == (file["verdict"] == "legal")
    assert [f.code for game in result.games for f in game.findings] == \
        [d["code"] for game in file["games"] for d in game["diagnostics"]]


def test_check_text_and_findings_are_typed() -> None:
    result = api.check_text('[Game "Korsar"]\n[Players "A B C"]\n\n1. A: $3  B: R2@A3  C: R1@A3\n', "t.korsar")
    (game,) = result.games
    assert (game.verdict, game.moves, game.players) == ("illegal", 2, ("A", "B", "C"))
    (finding,) = game.findings
    assert (finding.code, finding.location, finding.move) == ("K-PIRATE", "t.korsar:4:24", "C: R1@A3")
    empty = api.check_text("")
    assert not empty.ok and [f.code for f in empty.findings] == ["N-GAME"]


def test_positions_are_what_show_prints() -> None:
    found = list(api.positions(EXAMPLE.read_text()))
    assert [p.move for p in found] == list(range(19))
    assert found[13].written == "A: BC@B6 ~AD" and found[0].written is None
    shown = json.loads(CliRunner().invoke(cli, ["show", str(EXAMPLE), "--move", "13", "--format", "json"]).stdout)
    assert found[13].view == shown["state"]
    with pytest.raises(ValueError):
        list(api.positions(EXAMPLE.read_text(), game=2))


def test_games_and_rulings_as_the_command_line_lists_them() -> None:
    assert [(g.id, g.name, g.extensions) for g in api.games()] == [("korsar", "Korsar", (".korsar",)),
                                                                    ("corsari", "Corsari", (".corsari",)),
                                                                    ("perroquets", "Pirates & Perroquets",
                                                                     (".perroquets",)),
                                                                    ("spanish-main", "Pirates of the Spanish Main",
                                                                     (".spanish-main", ".psm"))]
    document = json.loads(CliRunner().invoke(cli, ["rules", "--format", "json"]).stdout)
    assert [(r.id, r.game, r.title, r.text) for r in api.rulings()] == \
        [(r["id"], r["game"], r["title"], r["text"]) for r in document["rules"]]
    assert {r.game for r in api.rulings("corsari")} == {"corsari"}


def test_iter_games_reads_one_game_at_a_time(tmp_path: Path) -> None:
    log = tmp_path / "two.korsar"
    log.write_text(EXAMPLE.read_text() + "\n" + EXAMPLE.read_text())
    games = api.iter_games(str(log))
    first = next(games)
    assert first.index == 1 and first.verdict == "legal"
    assert [g.index for g in games] == [2]
    with pytest.raises(OSError):
        list(api.iter_games(str(tmp_path / "missing.korsar")))
