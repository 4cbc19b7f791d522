"""`referee data check`: any game's data file checked on its own, as --data checks it, with
what a sound file holds and the tag a log names it by."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from referee.cli import cli
from referee.pipeline.replay import check_text

from .test_samples import bad_data_files

ROOT = Path(__file__).resolve().parent.parent
LAGOON = ROOT / "samples" / "perroquets" / "boards" / "lagoon-9.json"
LAGOON_GAME = ROOT / "samples" / "perroquets" / "boards" / "lagoon-game.perroquets"
DEFAULT_BOARD = ROOT / "referee" / "games" / "perroquets" / "default.json"
SAMPLE_CARDS = ROOT / "referee" / "games" / "spanish_main" / "sample-cards.json"


def data_check(*paths: Path | str):
    return CliRunner().invoke(cli, ["data", "check", *map(str, paths)])


def test_sound_files_of_each_game_say_what_they_hold():
    result = data_check(LAGOON, DEFAULT_BOARD, SAMPLE_CARDS)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:3] == [
        f"{LAGOON}: sound Pirates & Perroquets data",
        "  lagoon-9: board 9 × 9, 5 islands, entry dots on its edge squares",
        "  18 cards in piles A (6), B (6), C (6); bag: 8 of 1, 8 of 2, 8 of 3",
    ]
    assert f"{DEFAULT_BOARD}: sound Pirates & Perroquets data" in result.output
    assert "pp-reconstructed-1 (reconstructed: plausible, not the publisher's): board 11 × 11, 13 islands" \
        in result.output
    assert '  a log names it [Data "default"]' in result.output
    assert f"{SAMPLE_CARDS}: sound Pirates of the Spanish Main data" in result.output
    assert "  16 cards (3 crew, 1 event, 1 fort, 4 ships, 7 treasures), nationalities: Pirates, English" \
        in result.output
    assert '  a log names it [Cards "sample"]' in result.output


def test_the_tag_it_gives_is_the_one_a_log_is_judged_by(tmp_path: Path):
    printed = data_check(LAGOON).output
    (tag,) = re.findall(r'\[Data "[^"]+"\]', printed)
    game = LAGOON_GAME.read_text(encoding="utf-8")
    written = re.sub(r'\[Data "[^"]+"\]', tag, game)
    log = tmp_path / "lagoon.perroquets"
    log.write_text(written, encoding="utf-8")
    judged = CliRunner().invoke(cli, ["check", "--data", str(LAGOON), str(log)])
    assert judged.exit_code == 0, judged.output
    copy = json.loads(LAGOON.read_text(encoding="utf-8"))
    copy["description"] = "another file"
    other = tmp_path / "other.json"
    other.write_text(json.dumps(copy), encoding="utf-8")
    assert re.findall(r'\[Data "[^"]+"\]', data_check(other).output) != [tag], "the digest names the file's content"


def test_a_copy_of_the_built_in_data_is_named_by_its_own_tag(tmp_path: Path):
    """Only the built-in data is [Data "default"]; a file of the same kind, even marked
    reconstructed, is named by its id and digest, as a log must name it."""
    copy = json.loads(DEFAULT_BOARD.read_text(encoding="utf-8"))
    copy["id"] = "my-copy"
    path = tmp_path / "my-copy.json"
    path.write_text(json.dumps(copy), encoding="utf-8")
    printed = data_check(path).output
    assert copy["reconstructed"] and '[Data "default"]' not in printed
    assert re.search(r'a log names it\s+\[Data "my-copy sha256:[0-9a-f]{64}"\], the\s+file given with --data FILE',
                     printed)  # the tag whole on its line, the line broken at 100 columns


def test_a_fault_names_its_pointer_and_ruling_and_the_other_files_are_still_checked(tmp_path: Path):
    board = json.loads(LAGOON.read_text(encoding="utf-8"))
    board["board"]["islands"][3] = "k12"
    bad_board = tmp_path / "board.json"
    bad_board.write_text(json.dumps(board), encoding="utf-8")
    bad_cards = [path for path, _ in bad_data_files("spanish-main")]
    result = data_check(bad_board, *bad_cards, SAMPLE_CARDS)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"{bad_board}: /board/islands/3: 'k12' is not a square of a 9 × 9 board (P-DATA)"
    for path, rule in bad_data_files("spanish-main"):
        (line,) = [line for line in lines if line.startswith(f"{path}: /")]
        assert line.endswith(f"({rule})")
    assert f"{SAMPLE_CARDS}: sound Pirates of the Spanish Main data" in lines


def test_an_unreadable_file_is_exit_2_and_a_file_of_no_game_a_fault(tmp_path: Path):
    not_json = tmp_path / "notes.json"
    not_json.write_text("not json", encoding="utf-8")
    foreign = tmp_path / "foreign.json"
    foreign.write_text('{"format": "chess-board"}', encoding="utf-8")
    result = data_check(tmp_path / "missing.json", not_json, foreign, LAGOON)
    assert result.exit_code == 2
    assert f"{tmp_path / 'missing.json'}: cannot read: no such file or directory" in result.stderr
    assert f"{not_json}: invalid JSON at line 1, column 1" in result.stderr
    assert f"{foreign}: /format: unknown data format 'chess-board'" in result.stdout
    assert f"{LAGOON}: sound Pirates & Perroquets data" in result.stdout
    assert "Traceback" not in result.output


def test_the_sample_cards_named_as_a_file_are_the_sample():
    """What `data check` says of the bundled cards holds: a log naming them "sample" plays on them."""
    log = '[Game "Pirates of the Spanish Main"]\n[Players "Anna Ben"]\n[Build "40"]\n[Cards "{}"]\n\n'
    codes = {name: [d.code for d in check_text("x.spanish-main", log.format(name)).all_diagnostics()]
             for name in ("sample", "mine")}
    assert "S-DATA" not in codes["sample"] and "N-DATA" not in codes["sample"]
    assert "N-DATA" in codes["mine"], "card data no file gives is refused"
