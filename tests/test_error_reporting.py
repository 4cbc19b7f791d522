"""One way to report an error: a missing file is said in one wording on standard error by
every command; click's usage banner follows usage errors only; a log that needs an
optional package says which and how to install it (N-INSTALL, exit 2), never
"malformed"; the built-in data sets are shown by the names logs use for them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from tests.conftest import ROOT

LEGAL = "samples/korsar/legal/k-example.korsar"
BOARD = "samples/perroquets/boards/lagoon-9.json"
LEVEL2 = "samples/spanish-main/legal/level2-fog.spanish-main"
BANNER = " --help' for help"


def run(*args: str):
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(ROOT)
        return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("command", [["check"], ["score"], ["show"], ["export"], ["import"], ["fmt"], ["replay"],
                                     ["select"], ["join"], ["split"], ["duplicates"], ["check", LEGAL, "--data"],
                                     ["data", "show"], ["data", "check"], ["data", "import"], ["--config"]])
def test_a_missing_file_is_said_one_way_on_standard_error(command: list[str]) -> None:
    missing = "no-such-file.json" if command[-1] in ("import", "--data", "show", "check") and len(command) > 1 \
        else "no-such-file.korsar"
    args = [*command, missing] + (["check", LEGAL] if command == ["--config"] else [])
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"{missing}: cannot read: no such file or directory"), result.stderr
    assert BANNER not in result.stderr and "Error:" not in result.stderr
    assert "cannot read" not in result.stdout


@pytest.mark.parametrize("command", [["moves"], ["score", "--format", "json"], ["check", "--format", "json"],
                                     ["export"], ["show", "--format", "json"]])
def test_a_missing_file_is_said_so_by_every_other_command_too(command: list[str]) -> None:
    """In lower case (never the system's "No such file"), and on standard error even where
    a JSON report says it too."""
    result = run(*command, "no-such-file.korsar")
    assert result.exit_code == 2, result.output
    assert "no-such-file.korsar: cannot read: no such file or directory" in result.stderr, result.stderr


def test_an_export_that_read_nothing_writes_no_document_and_an_import_of_no_game_fails() -> None:
    """`referee export nosuch | referee import -` fails at both ends, so a script without
    pipefail stops too."""
    exported = run("export", "no-such-file.corsari")
    assert exported.exit_code == 2 and exported.stdout == ""
    empty = json.dumps({"$schema": "urn:referee:schema:game-record:1", "format": "referee-game-record",
                        "version": 1, "referee": "0.1.0", "games": []})
    imported = CliRunner().invoke(cli, ["import", "-"], input=empty)
    assert imported.exit_code == 1 and imported.stdout == ""
    assert "-: the document holds no game: nothing to import" in imported.stderr


def test_a_misspelt_command_gets_the_closest_name() -> None:
    assert "Did you mean 'check'?" in run("chek").stderr
    assert "Did you mean 'show'?" in run("data", "shw").stderr
    assert "Did you mean" not in run("zzzzz").stderr


def test_a_list_of_choices_is_never_cut() -> None:
    from referee.games import GAMES

    result = run("check", "--variant", "nosuch", LEGAL)
    assert result.exit_code == 2
    for variant in (variant.name for game in GAMES.values() for variant in game.variants):
        assert variant in result.stderr, variant
    assert "characters)" not in result.stderr


def test_a_file_without_games_says_why_and_counts_are_said_in_words(tmp_path: Path) -> None:
    latin = tmp_path / "latin.korsar"
    latin.write_bytes(b"; caf\xe9\n")
    for command in ("show", "moves"):
        result = run(command, str(latin))
        assert result.exit_code == 2
        assert "holds no game: the file is not UTF-8" in result.stderr and "(N-ENCODING)" in result.stderr
        assert "game(s)" not in result.stderr
        assert "holds 1 game; there is no game 2" in run(command, LEGAL, "-n", "2").stderr
    assert "for 1 player:" in run("simulate", "--game", "korsar", "--players", "1", "--seed", "s").stderr
    one = tmp_path / "one.korsar"
    one.write_text('[Game "Korsar"]\n[Players "A B"]\n[Result "*"]\n\n1. A: $3\n', encoding="utf-8")
    for command in ("show", "moves"):
        result = run(command, str(one), "--move", "9")
        assert result.exit_code == 2 and "has 1 move; there is no move 9" in result.stderr, result.stderr
        assert BANNER not in result.stderr, "a move the log does not have is no fault of the command line"


@pytest.mark.parametrize("args, said", [
    (["show", LEGAL, "--move", "99"], "there is no move 99"),
    (["moves", LEGAL, "--move", "99"], "there is no move 99"),
    (["moves", LEGAL, "-n", "9"], "there is no game 9"),
    (["show", LEGAL, "--format", "svg"], "use --format text or json"),
    (["data", "show", "sample", "--format", "svg"], "has no picture"),
    (["data", "show", "sample", "s-nothing"], "s-nothing"),
    (["rules", "X-NOTHING"], "no ruling or code 'X-NOTHING'"),
])
def test_an_error_that_is_not_in_the_command_line_has_no_usage_banner(args: list[str], said: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert said in result.stderr
    assert BANNER not in result.stderr and "Usage:" not in result.stderr


@pytest.mark.parametrize("args", [["fmt", "--check", "-i", LEGAL], ["show", "--format", "nope", LEGAL],
                                  ["data", "show", "sample", "s-gull", "--format", "svg"]])
def test_a_usage_error_keeps_the_banner(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert BANNER in result.stderr


@pytest.fixture
def faulty_board(tmp_path: Path) -> Path:
    board = json.loads((ROOT / BOARD).read_text(encoding="utf-8"))
    board["board"]["width"] = 0
    path = tmp_path / "faulty.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    return path


def test_a_faulty_data_file_is_data_checks_verdict_and_every_other_commands_refusal(faulty_board: Path) -> None:
    """`data check` judges data files: a fault is its finding (exit 1, on standard output, as
    `check` reports an illegal log); a command given a faulty file to work with refuses it (exit 2)."""
    checked = run("data", "check", str(faulty_board))
    assert checked.exit_code == 1 and str(faulty_board) in checked.stdout
    for args in (["data", "show", str(faulty_board)], ["check", "--data", str(faulty_board), LEGAL]):
        refused = run(*args)
        assert refused.exit_code == 2, refused.output
        assert str(faulty_board) in refused.stderr and BANNER not in refused.stderr
    unreadable = run("data", "check", str(faulty_board.with_name("gone.json")))
    assert unreadable.exit_code == 2


def _without_shapely(*args: str) -> subprocess.CompletedProcess[str]:
    """The referee as installed without the geometry extra: shapely cannot be imported."""
    code = ("import sys; sys.modules['shapely'] = None; from referee.cli import main; "
            "sys.argv = ['referee'] + sys.argv[1:]; main()")
    env = {name: os.environ[name] for name in ("HOME", "PATH") if name in os.environ} | {"LANG": "C.UTF-8"}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True, env=env,
                          timeout=120)


@pytest.mark.parametrize("command", [["check"], ["score"], ["show"], ["export"], ["fmt"], ["replay"]])
def test_a_log_that_needs_shapely_says_so_and_is_never_called_malformed(command: list[str]) -> None:
    done = _without_shapely(*command, LEVEL2)
    said = (done.stdout if command != ["replay"] else "") + done.stderr
    assert done.returncode == 2, said
    assert "needs shapely: pip install 'referee[geometry]'" in said and "N-INSTALL" in said
    assert "malformed" not in said.replace("0 malformed", "") and "syntax error" not in said
    assert "Traceback" not in said


def test_the_summary_counts_a_game_not_judged_here_apart() -> None:
    done = _without_shapely("check", "--format", "json", LEVEL2)
    summary = json.loads(done.stdout)["summary"]
    assert summary["not_judged"] == 1 and summary["syntax_errors"] == 0
    text = _without_shapely("check", LEVEL2).stdout.splitlines()[-1]
    assert text.endswith("0 malformed, 0 moves, 1 could not be judged here")


@pytest.mark.parametrize("name, game, named", [("default", "Pirates & Perroquets", '[Data "default"]'),
                                               ("sample", "Pirates of the Spanish Main", '[Cards "sample"]')])
def test_the_built_in_data_is_shown_by_the_name_a_log_uses(name: str, game: str, named: str) -> None:
    shown = run("data", "show", name)
    assert shown.exit_code == 0, shown.output
    assert f"a log names it {named}" in shown.stdout
    checked = run("data", "check", name)
    assert checked.exit_code == 0
    assert checked.stdout.startswith(f"{name}: sound {game} data, built into referee")


def test_a_built_in_card_and_board_picture_are_shown(tmp_path: Path) -> None:
    card = run("data", "show", "sample", "s-gull")
    assert card.exit_code == 0 and card.stdout.startswith("s-gull — Black Gull")
    picture = tmp_path / "default.svg"
    assert run("data", "show", "default", "--format", "svg", "-o", str(picture)).exit_code == 0
    assert picture.read_text(encoding="utf-8").startswith("<svg")


def test_a_file_of_that_name_is_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "default").write_text((ROOT / BOARD).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["data", "check", "default"])
    assert result.exit_code == 0 and "built into referee" not in result.stdout
    assert "lagoon-9" in result.stdout


def test_a_name_that_is_neither_says_what_is_built_in() -> None:
    result = run("data", "show", "defualt")
    assert result.exit_code == 2
    assert result.stderr.strip() == ("defualt: cannot read: no such file or directory "
                                     "(data built into referee: default, sample)")


def test_a_finding_counts_one_card_in_the_singular(tmp_path: Path) -> None:
    sample = (ROOT / "samples" / "korsar" / "illegal" / "k-cards-3.korsar").read_text(encoding="utf-8")
    log = tmp_path / "one-card.korsar"
    log.write_text(sample.replace('[Hands "A: $2 RC AD G2 R4 Y3 /', '[Hands "A: $2 /'), encoding="utf-8")
    result = run("check", "--format", "concise", str(log))
    assert "K-SETUP A is dealt 1 card instead of 6" in result.stdout, result.output
