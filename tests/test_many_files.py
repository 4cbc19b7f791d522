"""score, export and show read several files and folders as check does, and their
shared options (-o, --format, -q, --exclude) mean the same on every command."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from referee.cli import cli
from referee.validation import schema_errors

ROOT = Path(__file__).resolve().parent.parent
KORSAR = ROOT / "samples" / "korsar" / "legal"
EXAMPLE = KORSAR / "k-example.korsar"
PERROQUETS = ROOT / "samples" / "perroquets" / "legal" / "p-example-1-island.perroquets"


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_score_takes_files_and_folders_and_heads_each_table_with_its_file(tmp_path):
    result = run("score", str(EXAMPLE), str(PERROQUETS))
    assert result.exit_code == 0
    assert f"{EXAMPLE}: Game 1 (line 6) — Korsar" in result.output
    assert f"{PERROQUETS}: Game 1 (line 4) — Pirates & Perroquets" in result.output
    assert result.output.rstrip().splitlines()[-1].startswith("2 files, 2 games, 2 legal")
    quiet = run("score", "-q", str(KORSAR))
    assert quiet.output.count("\n") == 1 and quiet.output.startswith(f"{len(list(KORSAR.glob('*.korsar')))} files")
    document = json.loads(run("score", "--format", "json", str(KORSAR)).output)
    assert schema_errors("check-report", document) == []
    target = tmp_path / "scores.txt"
    assert run("score", "-o", str(target), str(EXAMPLE)).exit_code == 0
    assert "Game 1 (line 6) — Korsar" in target.read_text()


def test_exclude_means_the_same_for_score_export_show_and_fmt(tmp_path):
    folder = tmp_path / "logs"
    (folder / "old").mkdir(parents=True)
    (folder / "a.korsar").write_text(EXAMPLE.read_text())
    (folder / "old" / "b.korsar").write_text(EXAMPLE.read_text().replace("  B:", "   B:"))  # fmt lists it
    for command in (["score", "-q"], ["export"], ["show"], ["fmt", "--check"], ["check", "-q"]):
        every = run(*command, str(folder))
        some = run(*command, "--exclude", "*/old/*", str(folder))
        assert str(folder / "old" / "b.korsar") in every.output or "2 files" in every.output, command
        assert str(folder / "old" / "b.korsar") not in some.output and "2 files" not in some.output, command


def test_export_of_several_files_names_each_game_source_and_imports_back(tmp_path):
    target = tmp_path / "all.json"
    assert run("export", str(EXAMPLE), str(PERROQUETS), "-o", str(target)).exit_code == 0
    document = json.loads(target.read_text())
    assert schema_errors("game-record", document) == []
    assert [game["source"] for game in document["games"]] == [str(EXAMPLE), str(PERROQUETS)]
    back = run("import", str(target))
    assert back.exit_code == 0 and back.output.count("[Game ") == 2


def test_export_leaves_out_a_log_with_syntax_errors_but_keeps_the_others(tmp_path):
    broken = tmp_path / "broken.korsar"
    broken.write_text('[Game "Korsar"]\n[Players "A B"]\n\n1. A: $3@@\n')
    result = run("export", str(EXAMPLE), str(broken))
    assert result.exit_code == 1
    assert f"{broken}: not exported: it has syntax errors" in result.stderr
    assert [g["source"] for g in json.loads(result.stdout)["games"]] == [str(EXAMPLE)]
    quiet = run("export", "-q", str(EXAMPLE), str(broken))
    assert "N-SYNTAX" not in quiet.stderr and "not exported" in quiet.stderr
    alone = run("export", str(broken))
    assert alone.exit_code == 1 and alone.stdout == ""


def test_show_takes_several_files_and_names_the_game_by_index():
    result = run("show", "--move", "3", str(EXAMPLE), str(PERROQUETS))
    assert result.exit_code == 0
    assert f"{EXAMPLE}, game 1" in result.output and f"{PERROQUETS}, game 1" in result.output
    lines = run("show", "--format", "json", str(EXAMPLE), str(PERROQUETS)).output.splitlines()
    assert len(lines) == 2 and all(schema_errors("position", json.loads(line)) == [] for line in lines)
    assert run("show", "-n", "2", str(EXAMPLE)).exit_code == 2
    svg = run("show", "--format", "svg", str(PERROQUETS), str(EXAMPLE))
    assert svg.exit_code == 2 and "draws one position" in svg.output


def test_game_means_a_game_name_on_every_command():
    for command in (["simulate"], ["rules"], ["select"]):
        text = run(*command, "--help").output
        assert "--game" in text, command
    assert "--game" not in run("show", "--help").output
