"""`data import` says what it does not read: each key of a card it has no place for is a
warning naming the key and the card (with the key meant, where one is close); `--strict`
makes it an error that leaves the card out. The man page lists every key it reads."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.games.spanish_main.fleet_import import CARD_KEYS, DETAIL_KEYS
from tests.conftest import ROOT

CHEST = {"type": "Treasure", "name": "Gold Chest", "cardId": "t-chest", "values": [1, 2, 3]}
WOLF = {"type": "Ship", "name": "Sea Wolf", "cardId": "s-wolf", "nationality": "Pirates", "pointValue": 8,
        "rarity": "rare", "details": {"masts": 2, "cargo": 3, "baseMove": "S+L", "cannons": "3S-2L", "Cargo": 2}}
GULL = {"type": "Ship", "name": "Gull", "cardId": "s-gull", "nationality": "Pirates", "pointValue": 5,
        "details": {"masts": 1, "cargo": 2, "baseMove": "S", "cannons": "2S"}}


def imported(tmp_path: Path, cards: list, *options: str, name: str = "fleet.json", text: str | None = None):
    source = tmp_path / name
    source.write_text(text if text is not None else json.dumps(cards), encoding="utf-8")
    target = tmp_path / "cards.json"
    result = CliRunner().invoke(cli, ["data", "import", *options, str(source), "-o", str(target)])
    written = json.loads(target.read_text(encoding="utf-8")) if target.exists() else None
    return result, written


def test_an_unknown_key_is_a_warning_naming_it_and_its_card(tmp_path: Path) -> None:
    result, written = imported(tmp_path, [CHEST, WOLF, GULL])
    assert result.exit_code == 0, result.output
    warnings = result.stderr.split("warning: keys not read, left out of their cards: 3\n", 1)[1].splitlines()
    assert warnings == ["  #1 Gold Chest: values (details.treasureValues?)",
                        "  #2 Sea Wolf: rarity",
                        "  #2 Sea Wolf: details.Cargo (details.cargo?)"]
    assert [card["id"] for card in written["cards"]] == ["t-chest", "s-wolf", "s-gull"]


def test_strict_makes_an_unknown_key_an_error_that_leaves_its_card_out(tmp_path: Path) -> None:
    result, written = imported(tmp_path, [CHEST, WOLF, GULL], "--strict")
    assert result.exit_code == 1, result.output
    assert "  #1 Gold Chest: keys it does not read (--strict): values (details.treasureValues?)" in result.stderr
    assert "  #2 Sea Wolf: keys it does not read (--strict): rarity, details.Cargo (details.cargo?)" in result.stderr
    assert [card["id"] for card in written["cards"]] == ["s-gull"]


def test_a_csv_column_it_does_not_read_is_a_warning(tmp_path: Path) -> None:
    text = ("type,name,cardId,nationality,pointValue,masts,cargo,baseMove,cannons,colour\n"
            "Ship,Sea Wolf,s-wolf,Pirates,8,2,3,S+L,3S-2L,red\n")
    result, written = imported(tmp_path, [], name="fleet.csv", text=text)
    assert result.exit_code == 0
    assert result.stderr.rstrip().endswith("warning: keys not read, left out of their cards: 1\n  #1 Sea Wolf: colour")
    assert written["cards"][0]["masts"] == 2


def test_a_file_of_known_keys_gives_no_warning(tmp_path: Path) -> None:
    for example in ("fleet-export.json", "collection.csv"):
        result = CliRunner().invoke(cli, ["data", "import", "--strict", str(ROOT / "docs" / "examples" / example),
                                          "-o", str(tmp_path / "out.json")])
        assert result.exit_code == 0, result.output
        assert "warning" not in result.stderr and "left out: 0" in result.stderr


def test_the_man_page_lists_every_key_the_import_reads() -> None:
    page = (ROOT / "man" / "referee.1").read_text(encoding="utf-8")
    section = page.split('.SS "referee data import', 1)[1].split(".SS ", 1)[0]
    named = set(re.findall(r"^\.B[RI]? (\w+)", section, re.M)) | set(re.findall(r'"\s*(\w+)"', section))
    named |= {word for line in re.findall(r"^\.B[RI]? (.*)$", section, re.M) for word in re.findall(r"\w+", line)}
    for key in (*CARD_KEYS, *DETAIL_KEYS):
        assert key in named, key
    for example in ("docs/examples/fleet\\-export.json", "docs/examples/collection.csv"):
        assert example in section


@pytest.mark.parametrize("key", ["Values", "treasure_values", "masts"])
def test_a_near_miss_says_which_key_was_meant(tmp_path: Path, key: str) -> None:
    card = {"type": "Treasure", "name": "Chest", "cardId": "t-1", key: [1]}
    result, _ = imported(tmp_path, [card])
    assert "details.treasureValues?" in result.stderr or "details.masts?" in result.stderr
