"""What a linter user expects of `check`: select and ignore, exit-zero, statistics,
the concise format, a name for standard input, REFEREE_FORMAT, no path meaning the
current folder, hidden and git-ignored folders left out, a path given twice read once."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from tests.conftest import ROOT

ILLEGAL = ROOT / "samples" / "korsar" / "illegal"
PIRATE = ILLEGAL / "k-pirate.korsar"
LEGAL = ROOT / "samples" / "korsar" / "legal" / "k-example.korsar"


def run(*args: str, **kwargs) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), **kwargs)
    return result.exit_code, result.output


def test_concise_prints_one_line_per_finding() -> None:
    code, out = run("check", "--format", "concise", str(PIRATE))
    assert code == 1
    assert out.splitlines() == [
        f"{PIRATE}:7:24: K-PIRATE B already plays red on A3: each side needs its own colour",
        "1 file, 1 game, 0 legal, 1 illegal, 0 malformed, 2 moves"]


def test_select_and_ignore_take_ids_and_prefixes() -> None:
    code, out = run("check", "--format", "concise", "--select", "K-PIRATE,K-TEAM", str(ILLEGAL))
    codes = {line.split(": ")[1].split()[0] for line in out.splitlines()[:-1]}
    assert codes and all(c == "K-PIRATE" or c.startswith("K-TEAM") for c in codes)
    assert code == 1
    code, out = run("check", "-q", "--ignore", "k-", str(ILLEGAL))
    assert code == 0 and out.rstrip().endswith("0 illegal, 0 malformed, 797 moves")
    code, out = run("check", "--format", "json", "--ignore", "K-PIRATE", str(PIRATE))
    assert code == 0 and '"verdict": "legal"' in out


def test_exit_zero_keeps_the_report_but_not_the_failure() -> None:
    code, out = run("check", "--exit-zero", str(PIRATE))
    assert code == 0 and "error[K-PIRATE]" in out
    assert run("check", "--exit-zero", str(ROOT / "missing.korsar"))[0] == 2


def test_statistics_count_each_rule() -> None:
    code, out = run("check", "--statistics", str(ILLEGAL))
    lines = out.splitlines()
    assert code == 1
    assert any(line.split()[1:3] == ["K-PIRATE", "Pirates"] and line.split()[0] == "2" for line in lines)
    assert "error[" not in out and lines[-1].startswith("50 files")
    code, _ = run("check", "--statistics", "--format", "json", str(ILLEGAL))
    assert code == 2


def test_standard_input_takes_a_name_and_the_format_an_environment_default() -> None:
    code, out = run("check", "--format", "concise", "--stdin-filename", "club/x.korsar", "-",
                    input=PIRATE.read_text())
    assert code == 1 and out.startswith("club/x.korsar:7:24: K-PIRATE")
    code, out = run("check", str(PIRATE), env={"REFEREE_FORMAT": "concise"})
    assert out.startswith(f"{PIRATE}:7:24: K-PIRATE")
    assert run("check", str(PIRATE), env={"REFEREE_FORMAT": "xml"})[0] == 2


def test_the_configuration_sets_them_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(PIRATE, tmp_path / "p.korsar")
    (tmp_path / "referee.toml").write_text('format = "concise"\nignore = ["K-PIRATE"]\nexit-zero = true\n')
    monkeypatch.chdir(tmp_path)
    code, out = run("check")
    assert code == 0 and out.splitlines() == ["1 file, 1 game, 1 legal, 0 illegal, 0 malformed, 2 moves"]
    (tmp_path / "referee.toml").write_text("statistics = 1\n")
    code, out = run("check")
    assert code == 2 and "statistics must be true or false" in out


def test_no_path_means_the_current_folder_without_hidden_or_ignored_ones(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".git").mkdir()
    for folder in ("games", ".cache", "build", "games/old"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(LEGAL, tmp_path / folder / "x.korsar")
    shutil.copy(PIRATE, tmp_path / "games" / "drop.korsar")
    shutil.copy(PIRATE, tmp_path / "games" / "keep.korsar")
    (tmp_path / ".gitignore").write_text("build/\n")
    (tmp_path / "games" / ".gitignore").write_text("old/\ndrop.korsar\n")
    monkeypatch.chdir(tmp_path / "games")
    code, out = run("check", "--format", "concise", "..")
    assert out.splitlines()[-1].startswith("2 files"), out  # games/x.korsar and games/keep.korsar
    monkeypatch.chdir(tmp_path)
    code, out = run("check", "--format", "concise")
    assert out.splitlines()[-1].startswith("2 files"), out
    code, out = run("check", "--format", "concise", "build", ".cache")
    assert out.splitlines()[-1].startswith("2 files"), "a folder named on the command line is searched"
    code, out = run("check", "--format", "concise", "games/drop.korsar")
    assert out.splitlines()[-1].startswith("1 file"), "a file named on the command line is read"


def test_a_path_given_twice_is_read_once(tmp_path: Path) -> None:
    link = tmp_path / "link.korsar"
    os.symlink(PIRATE, link)
    code, out = run("check", "--format", "concise", str(PIRATE), str(PIRATE), str(link), str(ILLEGAL))
    assert out.count("K-PIRATE B already plays red") == 1
    assert out.splitlines()[-1].startswith("50 files")


def test_color_is_taken_after_the_command_too() -> None:
    code, out = run("check", str(PIRATE), "--color", "always")
    assert code == 1 and "\x1b[" in out
    code, out = run("check", "--color=never", str(PIRATE))
    assert "\x1b[" not in out
    assert run("check", "--color", "sometimes", str(PIRATE))[0] == 2


@pytest.mark.parametrize("command", ["check", "score", "show", "export", "import", "fmt", "rules", "simulate",
                                     "replay", "select", "join", "split", "duplicates"])
def test_every_help_ends_with_examples(command: str) -> None:
    code, out = run(command, "--help")
    assert code == 0
    assert "Examples:" in out and f"referee {command}" in out.split("Examples:")[1]


def test_debug_is_listed() -> None:
    assert "--debug" in run("--help")[1]


def test_a_false_claim_reads_does_not_hold(tmp_path: Path) -> None:
    log = tmp_path / "claim.korsar"
    log.write_text(LEGAL.read_text().replace('[Result "*"]', '[Result "A=1 B=2 C=3"]'))
    code, out = run("score", str(log))
    assert code == 1 and "claimed result: does not hold" in out


# -- the configuration's data table ----------------------------------------------------------

BOARDS = ROOT / "samples" / "perroquets" / "boards"


@pytest.fixture
def club(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a configuration that gives its lagoon games their board."""
    (tmp_path / "boards").mkdir()
    shutil.copy(BOARDS / "lagoon-9.json", tmp_path / "boards" / "lagoon-9.json")
    (tmp_path / "lagoon").mkdir()
    shutil.copy(BOARDS / "lagoon-game.perroquets", tmp_path / "lagoon" / "evening.perroquets")
    shutil.copy(BOARDS / "lagoon-game.perroquets", tmp_path / "elsewhere.perroquets")
    (tmp_path / "referee.toml").write_text('[data]\n"lagoon/*.perroquets" = ["boards/lagoon-9.json"]\n',
                                           encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_configuration_gives_the_logs_of_a_place_their_data(club: Path) -> None:
    judged = CliRunner().invoke(cli, ["check", "lagoon/evening.perroquets"])
    assert judged.exit_code == 0, judged.output
    for command in (["score"], ["show"], ["moves"], ["fmt", "--check"], ["export"]):
        done = CliRunner().invoke(cli, [*command, "lagoon/evening.perroquets"])
        assert done.exit_code == 0 and "N-DATA" not in done.output, (command, done.output)
    elsewhere = CliRunner().invoke(cli, ["check", "elsewhere.perroquets"])
    assert elsewhere.exit_code == 2 and "N-DATA" in elsewhere.output, "only the place the pattern names"
    whole = CliRunner().invoke(cli, ["check", "-j", "2", "lagoon", str(club / "lagoon" / "evening.perroquets")])
    assert whole.exit_code == 0, whole.output


def test_data_given_on_the_command_line_replaces_the_configuration_s(club: Path) -> None:
    other = str(ROOT / "referee" / "games" / "perroquets" / "default.json")
    replaced = CliRunner().invoke(cli, ["check", "--data", other, "lagoon/evening.perroquets"])
    assert replaced.exit_code == 2 and "N-DATA" in replaced.output


@pytest.mark.parametrize("table, said", [
    ('data = "boards/lagoon-9.json"\n', "data must be a table"),
    ('[data]\n"lagoon/*" = []\n', "must be a list of data files"),
])
def test_a_faulty_data_table_is_a_configuration_error(club: Path, table: str, said: str) -> None:
    (club / "referee.toml").write_text(table, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "lagoon/evening.perroquets"])
    assert result.exit_code == 2 and "configuration:" in result.output and said in result.output, result.output


def test_a_data_file_that_cannot_be_used_leaves_the_logs_it_is_given_to_unjudged(club: Path) -> None:
    (club / "referee.toml").write_text('[data]\n"lagoon/*" = ["boards/none.json"]\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "lagoon/evening.perroquets"])
    assert result.exit_code == 2 and "N-DATA" in result.output and "none.json: cannot read" in result.output
    assert CliRunner().invoke(cli, ["check", "elsewhere.perroquets", "--data", "boards/lagoon-9.json"]).exit_code == 0


def test_data_files_are_read_only_for_the_logs_they_are_given_to() -> None:
    """A run that judges no log of a configured place reads no data file (nor jsonschema)."""
    script = ("import sys\n"
              "from click.testing import CliRunner\n"
              "from referee.cli import cli\n"
              "done = CliRunner().invoke(cli, ['check', 'samples/korsar/legal/k-example.korsar'])\n"
              "assert done.exit_code == 0, done.output\n"
              "assert 'jsonschema' not in sys.modules\n")
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_the_repository_is_judged_as_it_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its referee.toml gives the logs played on data of their own their data: nothing in the
    tree is left unjudged (exit 1 is the illegal samples)."""
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["check", "--format", "concise"])
    assert result.exit_code == 1 and "N-DATA" not in result.output, result.output[-2000:]
    formatted = CliRunner().invoke(cli, ["fmt", "--check", "samples", "docs"])
    assert "N-DATA" not in formatted.output and "could not be judged" not in formatted.output
