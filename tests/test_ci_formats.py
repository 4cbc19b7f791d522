"""Made for CI: output formats, exit codes, --quiet and --max-errors, configuration,
pre-commit hooks, shell completion, and fmt --check's diff."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from referee.games import GAMES
from referee.validation import _registry, schema_errors

from .conftest import ROOT, SAMPLES

ILLEGAL = str(SAMPLES / "korsar" / "illegal" / "k-pirate.korsar")
LEGAL = str(SAMPLES / "korsar" / "legal" / "k-example.korsar")
MALFORMED = str(SAMPLES / "korsar" / "malformed")
JSONL = Draft202012Validator({"$ref": "urn:referee:schema:check-report:1#/$defs/jsonl-record"},
                             registry=_registry())


def test_jsonl_streams_one_valid_object_per_game_then_the_summary(run, tmp_path):
    missing = str(tmp_path / "gone.korsar")
    result = run("check", "--format", "jsonl", ILLEGAL, LEGAL, MALFORMED, missing)
    assert result.exit_code == 2
    records = [json.loads(line) for line in result.stdout.splitlines()]
    for record in records:
        assert list(JSONL.iter_errors(record)) == []
    assert records[0] == {"type": "unreadable", "path": missing, "reason": "no such file or directory"}
    games = [r for r in records if r["type"] == "game"]
    assert [g["path"] for g in games[:2]] == [ILLEGAL, LEGAL]
    assert [g["verdict"] for g in games[:2]] == ["illegal", "legal"]
    assert records[-1]["type"] == "summary" and records[-1]["games"] == len(games)


def test_github_annotations(run):
    result = run("check", "--format", "github", ILLEGAL)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"::error file={ILLEGAL},line=7,col=24,endColumn=26,title=K-PIRATE::"
        "B already plays red on A3: each side needs its own colour (move: C: R1@A3)",
        "::notice::1 file, 1 game, 0 legal, 1 illegal, 0 malformed, 2 moves",
    ]


def test_github_escapes_what_workflow_commands_reserve(run, tmp_path):
    odd = tmp_path / "a,b:c%.korsar"
    odd.write_text('[Game "Korsar"]\n[Players "A B"]\n\n1. A: R2@B3\n')
    line = run("check", "--format", "github", str(odd)).output.splitlines()[0]
    assert "a%2Cb%3Ac%25.korsar" in line
    assert line.startswith("::error file=") and "title=K-TARGET::" in line


def test_sarif_has_every_rule_and_one_result_per_finding(run):
    result = run("check", "--format", "sarif", ILLEGAL, MALFORMED)
    assert result.exit_code == 1
    document = json.loads(result.output)
    assert document["version"] == "2.1.0"
    assert document["$schema"].endswith("sarif-schema-2.1.0.json")
    (sarif_run,) = document["runs"]
    rules = sarif_run["tool"]["driver"]["rules"]
    ids = [rule["id"] for rule in rules]
    expected = [r.id for game in GAMES.values() for r in game.rulings]
    assert ids[:len(expected)] == expected
    assert {"N-SYNTAX", "N-TAG", "N-GAME", "N-COMMENT", "N-ENCODING"} <= set(ids)
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
    check = json.loads(run("check", "--format", "json", ILLEGAL, MALFORMED).output)
    assert len(sarif_run["results"]) == check["summary"]["errors"] + check["summary"]["warnings"]
    first = sarif_run["results"][0]
    assert first["ruleId"] == "K-PIRATE" and ids[first["ruleIndex"]] == "K-PIRATE"
    assert first["level"] == "error"
    assert first["message"]["text"] == "B already plays red on A3: each side needs its own colour"
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "file://" + ILLEGAL
    assert location["region"] == {"startLine": 7, "startColumn": 24, "endColumn": 26,
                                  "snippet": {"text": "R1"}}
    assert location["contextRegion"] == {"startLine": 7, "startColumn": 1, "endColumn": 29,
                                         "snippet": {"text": "1. A: $3  B: R2@A3  C: R1@A3"}}
    assert all(rule["help"]["text"] for rule in rules)
    for result_ in sarif_run["results"]:
        assert set(result_) <= {"ruleId", "ruleIndex", "level", "message", "locations", "properties"}
        assert result_["level"] in ("error", "warning")
        region = dict(result_["locations"][0]["physicalLocation"].get("region", {}))
        assert isinstance(region.pop("snippet", {"text": ""})["text"], str)
        assert all(isinstance(v, int) and v >= 1 for v in region.values())


def test_junit_counts_games(run, tmp_path):
    result = run("check", "--format", "junit", ILLEGAL, LEGAL, str(tmp_path / "gone.korsar"))
    assert result.exit_code == 2
    root = ET.fromstring(result.stdout)
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("3", "1", "1")
    cases = root.findall(".//testcase")
    assert [c.get("name") for c in cases[:2]] == ["game 1 (line 3)", "game 1 (line 6)"]
    failure = cases[0].find("failure")
    assert failure.get("message") == "[K-PIRATE] B already plays red on A3: each side needs its own colour"
    assert cases[1].find("failure") is None


@pytest.mark.parametrize("output_format", ["json", "jsonl", "sarif", "junit", "github", "text"])
def test_every_format_keeps_the_exit_code_contract(run, output_format):
    assert run("check", "--format", output_format, LEGAL).exit_code == 0
    assert run("check", "--format", output_format, ILLEGAL).exit_code == 1
    assert run("check", "--format", output_format, "/no/such/file.korsar").exit_code == 2


def test_json_output_still_validates(run):
    assert schema_errors("check-report", json.loads(run("check", "--format", "json", ILLEGAL).output)) == []


def test_quiet_prints_only_the_summary(run):
    result = run("check", "-q", ILLEGAL, LEGAL)
    assert result.exit_code == 1
    assert result.output == "2 files, 2 games, 1 legal, 1 illegal, 0 malformed, 20 moves\n"


def test_max_errors_stops_reading_further_files(run):
    folder = str(SAMPLES / "korsar" / "illegal")
    result = run("check", "--max-errors", "2", folder)
    assert result.exit_code == 1
    assert result.output.count("error[") == 2
    assert "stopped after 2 errors, leaving the rest of the input unread (--max-errors)" in result.output
    assert result.output.rstrip().endswith("2 files, 2 games, 0 legal, 2 illegal, 0 malformed, 3 moves")


# -- configuration -------------------------------------------------------------------------


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = tmp_path / "club"
    (root / "games" / "old").mkdir(parents=True)
    (root / "games" / "a.korsar").write_text(Path(ILLEGAL).read_text())
    (root / "games" / "b.ksr").write_text(Path(LEGAL).read_text())
    (root / "games" / "old" / "c.korsar").write_text(Path(ILLEGAL).read_text())
    monkeypatch.chdir(root / "games")
    return root


def test_pyproject_config_is_found_walking_up(run, project):
    (project / "pyproject.toml").write_text('[project]\nname = "club"\n\n[tool.referee]\nformat = "jsonl"\n'
                                            'exclude = ["games/old/*"]\n\n[tool.referee.extensions]\n'
                                            'korsar = [".korsar", ".ksr"]\n')
    result = run("check", ".")
    records = [json.loads(line) for line in result.output.splitlines()]
    assert [r["path"] for r in records if r["type"] == "game"] == ["./a.korsar", "./b.ksr"]
    text = run("check", "--format", "text", "--exclude", "nothing", ".")
    assert text.output.rstrip().endswith("3 files, 3 games, 1 legal, 2 illegal, 0 malformed, 22 moves")


def test_referee_toml_wins_over_a_pyproject_further_up(run, project):
    (project / "pyproject.toml").write_text('[tool.referee]\nformat = "jsonl"\n')
    (project / "games" / "referee.toml").write_text('format = "github"\n')
    assert run("check", "a.korsar").output.startswith("::error file=a.korsar,")


def test_explicit_config_and_config_errors(run, project, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "xml"\n')
    result = run("--config", str(bad), "check", "a.korsar")
    assert result.exit_code == 2
    assert f"configuration: {bad}: format must be one of text, concise, json, jsonl, github, sarif, junit" in result.output
    broken = tmp_path / "broken.toml"
    broken.write_text("format = \n")
    assert run("--config", str(broken), "check", "a.korsar").exit_code == 2
    unknown = tmp_path / "unknown.toml"
    unknown.write_text("[extensions]\nchess = ['.pgn']\n")
    result = run("--config", str(unknown), "check", "a.korsar")
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output
    assert run("--config", str(tmp_path / "none.toml"), "check", "a.korsar").exit_code == 2


# -- pre-commit, completion, fmt --check ------------------------------------------------------------


def hooks() -> dict[str, dict[str, str]]:
    """The hooks file, read with the few YAML forms it uses."""
    found: dict[str, dict[str, str]] = {}
    current: dict[str, str] = {}
    for line in (ROOT / ".pre-commit-hooks.yaml").read_text().splitlines():
        match = re.match(r"^(- )?\s*(\w+): (.*)$", line)
        assert match, line
        if match[1]:
            current = {}
        current[match[2]] = match[3]
        if match[2] == "id":
            found[match[3]] = current
    return found


def run_entry(entry: str, files: list[str]) -> subprocess.CompletedProcess[str]:
    words = shlex.split(entry)
    assert words[0] == "referee"
    return subprocess.run([sys.executable, "-m", "referee", *words[1:], *files],
                          capture_output=True, text=True, cwd=ROOT)


def test_pre_commit_hooks_run_on_samples(tmp_path):
    found = hooks()
    assert set(found) == {"referee-check", "referee-fmt"}
    pattern = re.compile(found["referee-check"]["files"])
    assert pattern.search("x/game.korsar") and pattern.search("y.corsari") and not pattern.search("z.txt")
    assert run_entry(found["referee-check"]["entry"], [LEGAL]).returncode == 0
    assert run_entry(found["referee-check"]["entry"], [LEGAL, ILLEGAL]).returncode == 1
    messy = tmp_path / "messy.korsar"
    messy.write_text(Path(LEGAL).read_text().replace("1. A: $3  B: draw", "1.A:$3 B:draw"))
    assert run_entry(found["referee-fmt"]["entry"], [str(messy)]).returncode == 0
    assert messy.read_text() == Path(LEGAL).read_text()


@pytest.mark.parametrize("shell,marker", [("bash", "complete -o"), ("zsh", "#compdef referee"),
                                          ("fish", "complete --no-files --command referee")])
def test_shell_completion_scripts(shell, marker):
    done = subprocess.run([sys.executable, "-m", "referee"], capture_output=True, text=True,
                          env={**os.environ, "_REFEREE_COMPLETE": f"{shell}_source"})
    assert done.returncode == 0
    assert marker in done.stdout


def test_fmt_check_prints_a_unified_diff(run, tmp_path):
    messy = tmp_path / "m.korsar"
    messy.write_text('[Game "Korsar"]\n[Players "A B C"]\n1.A:$3 B:draw\n')
    result = run("fmt", "--check", str(messy))
    assert result.exit_code == 1
    assert f"--- {messy}\n+++ {messy} (canonical)\n" in result.output
    assert "-1.A:$3 B:draw\n+\n+1. A: $3  B: draw\n" in result.output
    assert f"{messy}: not in canonical form" in result.output


@pytest.mark.skipif(not os.environ.get("REFEREE_SARIF_SCHEMA"),
                    reason="set REFEREE_SARIF_SCHEMA to a copy of the published sarif-schema-2.1.0.json")
def test_sarif_validates_against_the_published_schema(run):
    schema = json.loads(Path(os.environ["REFEREE_SARIF_SCHEMA"]).read_text(encoding="utf-8"))
    document = json.loads(run("check", "--format", "sarif", ILLEGAL, LEGAL, MALFORMED).output)
    validator_class = Draft202012Validator if "2020-12" in schema.get("$schema", "") else None
    from jsonschema.validators import validator_for

    validator = (validator_class or validator_for(schema))(schema)
    assert [error.message for error in validator.iter_errors(document)] == []


def test_max_errors_reports_how_many_were_found(run):
    several = str(SAMPLES / "korsar" / "malformed" / "several-syntax-errors.korsar")
    result = run("check", "--max-errors", "1", several, ILLEGAL)
    found = result.output.count("error[")
    assert found == 5 and "K-PIRATE" not in result.output
    assert f"stopped after {found} errors, leaving the rest of the input unread" in result.output


def test_a_bad_configuration_only_stops_commands_that_read_it(run, project):
    (project / "games" / "referee.toml").write_text("format = \n")
    assert run("rules", "K-DRAW").exit_code == 0
    assert run("check", "--help").exit_code == 0
    assert run("check", "a.korsar").exit_code == 2
    (project / "games" / "referee.toml").unlink()
    # A pyproject.toml that is not TOML could hold settings its author expects: it is
    # named with its line, never silently skipped.
    (project / "games" / "pyproject.toml").write_text("[project\n")
    broken = run("check", "--format", "text", "b.ksr")
    assert broken.exit_code == 2
    assert "pyproject.toml: invalid TOML" in broken.output and "line 1" in broken.output
    assert run("rules", "K-DRAW").exit_code == 0


def test_exclude_matches_paths_relative_to_the_current_folder(run, project):
    result = run("check", "--format", "text", "--exclude", "old/*", ".")
    assert result.output.rstrip().endswith("1 file, 1 game, 0 legal, 1 illegal, 0 malformed, 2 moves")


def test_sarif_rule_names_are_unique_and_plain(run):
    rules = json.loads(run("check", "--format", "sarif", LEGAL).output)["runs"][0]["tool"]["driver"]["rules"]
    names = [rule["name"] for rule in rules]
    assert len(names) == len(set(names))
    assert all(re.fullmatch(r"[A-Za-z0-9]+", name) for name in names)
    assert "CorsariCompletingTheFastestCaptainCrew" in names


def test_junit_failure_type_is_the_rule(run):
    root = ET.fromstring(run("check", "--format", "junit", ILLEGAL).output)
    assert root.find(".//failure").get("type") == "K-PIRATE"


def test_paths_complete_as_file_names():
    done = subprocess.run([sys.executable, "-m", "referee"], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "_REFEREE_COMPLETE": "bash_complete",
                               "COMP_WORDS": "referee check sam", "COMP_CWORD": "2"})
    assert done.stdout.strip() == "file,sam"


def test_debug_shows_the_traceback_and_keeps_exit_3(tmp_path, monkeypatch):
    from click.testing import CliRunner

    import referee.pipeline.work as work
    from referee.cli import cli

    def explode(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(work, "judge_plain", explode)
    path = tmp_path / "a.korsar"
    path.write_text(Path(LEGAL).read_text())
    result = CliRunner().invoke(cli, ["--debug", "check", str(path)])
    assert result.exit_code == 3
    assert "Traceback" in result.output and "RuntimeError: boom" in result.output


def test_junit_gives_times_timestamps_and_skipped(run):
    root = ET.fromstring(run("check", "--format", "junit", ILLEGAL, LEGAL).output)
    assert root.get("skipped") == "0" and float(root.get("time")) >= 0
    for suite in root.findall("testsuite"):
        assert suite.get("skipped") == "0" and float(suite.get("time")) >= 0
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", suite.get("timestamp"))
        for case in suite.findall("testcase"):
            assert float(case.get("time")) >= 0
