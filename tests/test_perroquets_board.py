"""The board as a person sees it: the text grid, the SVG picture (well formed, with
every element it must show, rendered to PNG where cairosvg is installed), and the
data files a board is read from."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.games import GAMES
from referee.games.perroquets.data import default_data, digest_of
from referee.pipeline.replay import check_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "perroquets"
GAME = SAMPLES / "legal" / "game-3-players.perroquets"
LAGOON = SAMPLES / "boards" / "lagoon-9.json"
SVG = "{http://www.w3.org/2000/svg}"


def view_after(path: Path, move: int | None = None) -> dict:
    report = check_text(str(path), path.read_text(encoding="utf-8"), stop_after=move)
    return report.games[0].engine.view()


def test_the_text_board_shows_islands_ships_parrots_and_the_margin():
    view = view_after(GAME, 30)
    lines = GAMES["perroquets"].render_view(view)
    grid = "\n".join(lines)
    assert "reconstructed" in lines[0]
    assert grid.count("#") >= len(view["board"]["islands"])
    for player, square in view["ships"].items():
        assert f"{player[0]}={player} {square}" in grid
    assert any(arrow in grid for arrow in "↑→↓←")


def test_the_svg_is_well_formed_and_holds_what_it_must():
    view = view_after(GAME, 60)
    svg = GAMES["perroquets"].render_svg(view)
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    classes = [element.get("class") for element in root.iter()]
    assert classes.count("island") == len(view["board"]["islands"])
    assert classes.count("sea") == 11 * 11 - len(view["board"]["islands"])
    assert classes.count("ship") == len(view["players"])
    assert classes.count("parrot") == len(view["parrots"])
    assert classes.count("hold") == len(view["players"])
    assert "wind" in classes and "data-note" in classes
    paths = [e for e in root.iter() if e.get("class") == "path"]
    assert len(paths) == sum(1 for voyage in view["last_round"]["order"] if voyage["path"])
    note = next(e for e in root.iter() if e.get("class") == "data-note")
    assert "reconstructed" in note.text


def test_the_svg_renders_to_png(tmp_path):
    cairosvg = pytest.importorskip("cairosvg", reason="cairosvg renders SVG in tests where it is installed")
    svg = GAMES["perroquets"].render_svg(view_after(GAME, 45))
    target = tmp_path / "board.png"
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(target))
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert target.stat().st_size > 5_000


def test_show_writes_svg_to_a_file_and_refuses_it_for_card_games(tmp_path):
    target = tmp_path / "board.svg"
    result = CliRunner().invoke(cli, ["show", str(GAME), "--move", "20", "--format", "svg", "-o", str(target)])
    assert result.exit_code == 0, result.output
    ElementTree.fromstring(target.read_text(encoding="utf-8"))
    korsar = CliRunner().invoke(cli, ["show", str(ROOT / "samples/korsar/legal/k-example.korsar"), "--format", "svg"])
    assert korsar.exit_code == 2
    assert "Korsar has no board to draw" in korsar.output


# -- data files (P-DATA) ---------------------------------------------------------------

def test_the_default_data_is_the_documented_reconstruction():
    data = default_data()
    assert data.id == "pp-reconstructed-1" and data.reconstructed
    assert (data.board.width, data.board.height, len(data.board.islands)) == (11, 11, 13)
    assert len(data.cards) == 40 and data.bag == {1: 12, 2: 12, 3: 12}
    card = data.cards["C4"]
    assert (card.weight, str(card.green), str(card.black)) == (3, "L F2 L", "R F2 R")
    raw = json.loads((ROOT / "referee/games/perroquets/default.json").read_text(encoding="utf-8"))
    assert digest_of(raw) == data.digest


def test_a_game_on_a_user_board_needs_its_file(tmp_path):
    # a copy: in the repository, its referee.toml gives the sample its board
    log = tmp_path / "lagoon-game.perroquets"
    log.write_bytes((SAMPLES / "boards" / "lagoon-game.perroquets").read_bytes())
    runner = CliRunner()
    missing = runner.invoke(cli, ["check", str(log)])
    assert missing.exit_code == 2 and "N-DATA" in missing.output
    given = runner.invoke(cli, ["check", "--data", str(LAGOON), str(log)])
    assert given.exit_code == 0, given.output
    changed = json.loads(LAGOON.read_text(encoding="utf-8"))
    changed["bag"]["3"] = 9
    other = tmp_path / "lagoon-9.json"
    other.write_text(json.dumps(changed), encoding="utf-8")
    wrong = runner.invoke(cli, ["check", "--data", str(other), str(log)])
    assert wrong.exit_code == 2 and "is not the one this log names" in wrong.output


@pytest.mark.parametrize("change, pointer, words", [
    (lambda d: d["board"].update(width=30), "/board/width", "30 is greater than the maximum of 26"),
    (lambda d: d["board"]["islands"].append("z3"), "/board/islands/5", "not a square of a 9 × 9 board"),
    (lambda d: d["board"]["sides"].update({"1": "E"}), "/board/sides", "name N, E, S and W once each"),
    (lambda d: d["board"]["dots"]["N"]["1"].__setitem__(0, "b5"), "/board/dots/N/1/0", "not on the N edge"),
    (lambda d: d["cards"][0].update(green="F X"), "/cards/0/green", "does not match"),
    (lambda d: d["cards"][1].update(id="A1"), "/cards/1/id", "card A1 is given twice"),
    (lambda d: d["cards"][0].update(pile="Q"), "/cards/0/pile", "pile Q is not among the piles"),
    (lambda d: d.update(bag={"1": 4}), "/bag", "the set-up needs 9"),
])
def test_a_bad_data_file_is_a_usage_error_naming_the_pointer(tmp_path, change, pointer, words):
    document = json.loads(LAGOON.read_text(encoding="utf-8"))
    change(document)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--data", str(path), str(GAME)])
    assert result.exit_code == 2
    assert f"{path}: {pointer}: " in result.output and words in result.output, result.output


def test_the_data_schema_accepts_the_shipped_files():
    from referee.validation import schema_errors

    for path in (ROOT / "referee/games/perroquets/default.json", LAGOON):
        assert schema_errors("perroquets-data", json.loads(path.read_text(encoding="utf-8"))) == []


def test_the_man_page_gives_every_ruling_and_variant():
    page = (ROOT / "man" / "referee-perroquets.7").read_text(encoding="utf-8").replace("\\-", "-")
    rules = GAMES["perroquets"]
    for ruling in rules.rulings:
        assert f'.SS "{ruling.id} ' in page, ruling.id
    for variant in rules.variants:
        assert f".B {variant.name}\n" in page, variant.name
    notation = (ROOT / "man" / "referee-notation.5").read_text(encoding="utf-8")
    assert "PIRATES & PERROQUETS ENTRIES" in notation and "Pirates & Perroquets entry body" in notation
