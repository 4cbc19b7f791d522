"""The command line: exit codes, outputs and files written, through click's CliRunner."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from referee.cli import cli
from referee.validation import schema_errors

LEGAL = """[Game "Korsar"]
[Players "A B C"]
[Result "*"]

1. A: $3  B: draw  C: R2@A3
2. A: Y3@A3  B: $2  C: R2@A3
"""
ILLEGAL = LEGAL + "3. A: draw  B: R2@A3  C: draw\n"
MALFORMED = LEGAL + "3. A: drw\n"


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    (folder / "deep").mkdir(parents=True)
    (folder / "legal.korsar").write_text(LEGAL)
    (folder / "deep" / "illegal.korsar").write_text(ILLEGAL)
    (folder / "notes.txt").write_text("not a log")
    return folder


def test_check_legal_file_exits_0(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text(LEGAL)
    result = run("check", str(path))
    assert result.exit_code == 0
    assert result.output == "1 file, 1 game, 1 legal, 0 illegal, 0 malformed, 6 moves\n"


def test_check_illegal_shows_location_rule_and_caret(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text(ILLEGAL)
    result = run("check", str(path))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"{path}:7:16: error[K-PIRATE] C already plays red on A3: each side needs its own colour"
    assert lines[1:4] == [
        "  |",
        "7 | 3. A: draw  B: R2@A3  C: draw",
        "  | " + " " * 15 + "^^",
    ]
    assert "  = move 8: B: R2@A3" in lines
    assert "  = note: A3: C R2 R2 (4); A Y3 (3) — held by C" in lines
    assert "  = help: `referee rules K-PIRATE` explains the rule" in lines
    assert lines[-1] == "1 file, 1 game, 0 legal, 1 illegal, 0 malformed, 7 moves"


def test_check_folder_recurses_by_extension(run, logs):
    result = run("check", "--format", "json", str(logs))
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert [f["path"] for f in report["files"]] == [str(logs / "deep" / "illegal.korsar"), str(logs / "legal.korsar")]
    assert report["summary"]["games"] == 2 and report["summary"]["illegal"] == 1
    assert schema_errors("check-report", report) == []


def test_check_reads_standard_input(run):
    result = run("check", "-", input=MALFORMED)
    assert result.exit_code == 1
    assert result.output.startswith("<stdin>:7:7: error[N-SYNTAX] cannot read 'drw'")


def test_unreadable_input_exits_2_but_others_are_still_checked(run, tmp_path):
    good = tmp_path / "a.korsar"
    good.write_text(LEGAL)
    result = run("check", str(tmp_path / "missing.korsar"), str(good))
    assert result.exit_code == 2
    assert result.stderr == f"{tmp_path / 'missing.korsar'}: cannot read: no such file or directory\n"
    assert result.stdout.rstrip().endswith("2 files, 1 game, 1 legal, 0 illegal, 0 malformed, 6 moves, 1 could not be read")


def test_broken_symlink_and_empty_folder(run, tmp_path):
    link = tmp_path / "gone.korsar"
    os.symlink(tmp_path / "nowhere", link)
    result = run("check", str(link))
    assert result.exit_code == 2
    assert "broken symbolic link" in result.output
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run("check", str(empty))
    assert result.exit_code == 2
    assert "no log files found" in result.output


def test_usage_errors_exit_2(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    nothing = run("check")  # no path: the current folder, which holds no log
    assert nothing.exit_code == 2 and "no log files found in ." in nothing.output
    assert run("check", "--format", "xml", "x").exit_code == 2
    assert run("nonsense").exit_code == 2


def test_internal_error_exits_3_without_traceback(run, tmp_path, monkeypatch):
    import referee.pipeline.work as work

    def explode(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(work, "judge_plain", explode)
    path = tmp_path / "a.korsar"
    path.write_text(LEGAL)
    result = run("check", str(path))
    assert result.exit_code == 3
    assert "internal error (RuntimeError)" in result.output
    assert "Traceback" not in result.output


def test_json_report_validates_and_carries_the_facts(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text(ILLEGAL)
    result = run("check", "--format", "json", str(path))
    report = json.loads(result.output)
    assert schema_errors("check-report", report) == []
    (diagnostic,) = report["files"][0]["games"][0]["diagnostics"]
    assert diagnostic == {
        "code": "K-PIRATE", "severity": "error",
        "message": "C already plays red on A3: each side needs its own colour",
        "path": str(path), "line": 7, "column": 16, "end_column": 18,
        "move": "B: R2@A3", "move_number": 8,
        "notes": ["A3: C R2 R2 (4); A Y3 (3) — held by C"],
        "facts": {"galleon": "A3", "card": "R2", "colour": "R", "side": "C"},
        "excerpt": {"text": "3. A: draw  B: R2@A3  C: draw", "column": 1},
    }


def test_check_output_file_is_written(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text(LEGAL)
    out = tmp_path / "report.json"
    result = run("check", "--format", "json", "-o", str(out), str(path))
    assert result.exit_code == 0 and result.output == ""
    assert json.loads(out.read_text())["summary"]["legal"] == 1


def test_colour_only_when_asked_or_forced(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text(ILLEGAL)
    assert "\x1b[" not in run("check", str(path)).output
    assert "\x1b[" in run("--color", "always", "check", str(path)).output
    assert "\x1b[" in run("check", str(path), env={"FORCE_COLOR": "1"}).output
    assert "\x1b[" not in run("check", str(path), env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).output


def test_score_reports_sides_and_claim(run, tmp_path, korsar):
    from referee.simulate import random_game_text

    path = tmp_path / "game.korsar"
    path.write_text(random_game_text(korsar, ["A", "B", "C", "D"], True, "score-test"))
    result = run("score", str(path))
    assert result.exit_code == 0
    assert "claimed result: holds" in result.output
    data = json.loads(run("score", "--format", "json", str(path)).output)
    assert schema_errors("check-report", data) == []
    data = data["files"][0]
    sides = data["games"][0]["score"]["sides"]
    assert [s["side"] for s in sides] == ["A+B", "C+D"]
    gold = sum(sum(s["details"]["captured"]) + sum(s["details"]["swept"]) + sum(s["details"]["galleons_in_hand"])
               for s in sides)
    left = data["games"][0]["score"]["summary"]["left_on_table"]
    assert gold + sum(int(ref.split("/")[0].lstrip("ABCD")) for ref in left) == 100


def test_show_state_after_a_move(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text(LEGAL)
    result = run("show", str(path), "--move", "3")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "After move 3 (C: R2@A3, line 5)"
    assert "  A3  3 gold, placed by A in round 1 — held by C" in result.output
    document = json.loads(run("show", str(path), "--move", "3", "--format", "json").output)
    assert schema_errors("position", document) == []
    view = document["state"]
    assert view["table"][0]["forces"][0]["cards"] == ["R2"]
    assert view["next"] == "A"
    assert run("show", str(path), "--move", "99").exit_code == 2
    assert run("show", str(path), "--index", "2").exit_code == 2


@pytest.mark.parametrize("fmt", ["text", "json", "svg"])
def test_show_of_something_not_a_file_is_a_usage_error(run, tmp_path, fmt):
    """/dev/null or a FIFO is collected as unreadable: show says so (exit 2), as check does,
    and an output file given is left as it was."""
    kept = tmp_path / "kept.txt"
    kept.write_text("before")
    result = run("show", "--format", fmt, "-o", str(kept), os.devnull)
    assert result.exit_code == 2
    assert f"{os.devnull}: cannot read: not a regular file" in result.output
    assert kept.read_text() == "before"


def test_show_stops_at_an_illegal_move(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text(ILLEGAL)
    result = run("show", str(path), "--move", "9")
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == "After move 7 (A: draw, line 7)"
    assert "The replay stopped at move 8" in result.output


def test_export_import_round_trip(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text("; a comment\n" + LEGAL.replace("B: $2", "B: $2 {quick}"))
    exported = run("export", str(path))
    assert exported.exit_code == 0
    document = json.loads(exported.output)
    assert schema_errors("game-record", document) == []
    assert document["games"][0]["verdict"]["verdict"] == "legal"
    json_path = tmp_path / "a.json"
    json_path.write_text(exported.output)
    back = run("import", str(json_path))
    assert back.exit_code == 0
    assert back.output == run("fmt", str(path)).output
    assert "{quick}" in back.output and back.output.startswith("; a comment\n")


def test_import_reports_schema_errors_by_path(run, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "referee-game-record", "version": 1, "games": [
        {"game": "korsar", "tags": [], "rounds": [{"number": 1, "turns": [
            {"player": "A", "action": {"kind": "fly"}}]}]}]}))
    result = run("import", str(bad))
    assert result.exit_code == 1
    assert "$.games[0].rounds[0].turns[0].action.kind: 'fly' is not one of" in result.output


@pytest.mark.parametrize("content,message", [
    ("{not json", "invalid JSON at line 1, column 2"),
    ('{"games": [' + "[" * 100_000 + "]" * 100_000 + "]}", "nested too deeply"),
    ("[" * 100_000 + "]" * 100_000, "expected '{', found '['"),
    ('{"format": "referee-game-record", "format": "x", "games": []}', "the key 'format' is given twice"),
    ('{"games": [{"game": "korsar", "game": "corsari", "tags": [], "rounds": []}]}', "given twice"),
    ('{"games": [], "version": NaN}', "NaN is not a JSON number"),
    ('{"games": [] ', "expected ',' or '}'"),
    ('{"format": "referee-game-record", "version": 1, "games": [], "x": 1}', "Additional properties"),
    ('{"format": "referee-game-record", "version": 1, "games": [{"game": "korsar", "tags": [], '
     '"rounds": [{"number": 1' + "0" * 400 + ', "turns": []}]}]}', "is greater than the maximum"),
])
def test_import_rejects_bad_documents_without_traceback(run, tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = run("import", str(path))
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output


def test_import_missing_file_exits_2(run, tmp_path):
    assert run("import", str(tmp_path / "none.json")).exit_code == 2


def test_fmt_check_and_in_place(run, tmp_path):
    path = tmp_path / "a.korsar"
    messy = LEGAL.replace("1. A: $3  B: draw", "1.   A:$3 B: draw")
    path.write_text(messy)
    assert run("fmt", "--check", str(path)).exit_code == 1
    assert path.read_text() == messy
    assert run("fmt", "-i", str(path)).exit_code == 0
    assert path.read_text() == LEGAL
    assert run("fmt", "--check", str(path)).exit_code == 0
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_fmt_refuses_files_with_syntax_errors(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text(MALFORMED)
    result = run("fmt", "-i", str(path))
    assert result.exit_code == 1
    assert path.read_text() == MALFORMED
    assert "not formatted: it has syntax errors" in result.output


def test_rules_lists_and_explains(run):
    everything = run("rules")
    assert everything.exit_code == 0
    assert "K-TEAM-ROUND — Partners in the same round" in everything.output
    one = run("rules", "k-target")
    assert one.exit_code == 0 and one.output.startswith("K-TARGET — Naming a galleon  (Korsar)")
    unknown = run("rules", "K-NOPE")
    assert unknown.exit_code == 2


def test_rules_explains_several_codes_in_the_order_given(run):
    both = run("rules", "K-CARDS", "k-example")
    assert both.exit_code == 0
    assert both.output.startswith("K-CARDS — ")
    assert "\n\nK-EXAMPLE — The rules' worked example  (Korsar)" in both.output
    as_json = json.loads(run("rules", "--format", "json", "K-EXAMPLE", "C-CREW").output)
    assert [rule["id"] for rule in as_json["rules"]] == ["K-EXAMPLE", "C-CREW"]
    assert schema_errors("rules", as_json) == []
    half_known = run("rules", "K-CARDS", "K-NOPE")
    assert half_known.exit_code == 2 and "K-CARDS —" not in half_known.output


MISPRINT = Path(__file__).resolve().parent.parent / "samples" / "korsar" / "illegal" / "k-example-as-printed.korsar"


def test_a_finding_names_the_rulings_that_decided_it(run):
    text = run("check", str(MISPRINT))
    assert text.exit_code == 1
    assert "   = decided by: K-EXAMPLE\n" in text.output
    assert "   = help: `referee rules K-CARDS K-EXAMPLE` explains them\n" in text.output
    report = json.loads(run("check", "--format", "json", str(MISPRINT)).output)
    (finding,) = report["files"][0]["games"][0]["diagnostics"]
    assert (finding["code"], finding["rulings"], finding["facts"]["meant"]) == ("K-CARDS", ["K-EXAMPLE"], "Y3")
    assert schema_errors("check-report", report) == []
    sarif = json.loads(run("check", "--format", "sarif", str(MISPRINT)).output)
    (result,) = sarif["runs"][0]["results"]
    assert result["properties"]["rulings"] == ["K-EXAMPLE"]
    rule_ids = {rule["id"] for rule in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert "K-EXAMPLE" in rule_ids


@pytest.mark.parametrize("command", ["check", "score", "show", "export", "import", "fmt", "rules"])
def test_every_command_has_help(run, command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert result.output.startswith(f"Usage: cli {command}") or result.output.startswith("Usage:")


def test_version(run):
    from referee import __version__

    assert run("--version").output == f"referee, version {__version__}\n"


def test_python_dash_m_entry_point_runs(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "a.korsar"
    path.write_text(ILLEGAL)
    done = subprocess.run([sys.executable, "-m", "referee", "check", str(path)], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 1
    assert "error[K-PIRATE]" in done.stdout
    assert cli.name == "cli"


def test_fmt_treats_a_bom_and_crlf_as_not_canonical(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_bytes(b"\xef\xbb\xbf" + LEGAL.replace("\n", "\r\n").encode())
    assert run("fmt", "--check", str(path)).exit_code == 1
    assert run("fmt", "-i", str(path)).exit_code == 0
    assert path.read_bytes() == LEGAL.encode()


def test_seed_is_read_as_its_grammar_reads_it(run, tmp_path):
    """A blank inside the quotes must not change the deal that fmt would write."""
    path = tmp_path / "a.korsar"
    path.write_text('[Game "Korsar"]\n[Players "A B"]\n[Seed " demo"]\n\n1. A: draw\n')
    before = run("show", str(path), "--move", "0", "--format", "json").output
    run("fmt", "-i", str(path))
    assert '[Seed "demo"]' in path.read_text()
    assert run("show", str(path), "--move", "0", "--format", "json").output == before


def test_result_entries_need_blanks_between_them(run, tmp_path):
    """The grammar and the reader agree: 'A=3B=2' is no result, it is malformed."""
    path = tmp_path / "a.korsar"
    path.write_text('[Game "Korsar"]\n[Players "A B"]\n[Result "A=3B=2"]\n\n1. A: draw\n')
    result = run("check", str(path))
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:3:13: error[N-TAG] malformed Result tag")


def test_text_and_json_summaries_agree_on_an_undecodable_file(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_bytes(b'[Game "Korsar"]\n[Players "A B"]\n\n1. A: \xff\n')
    text = run("check", str(path)).output.splitlines()[-1]
    report = json.loads(run("check", "--format", "json", str(path)).output)
    assert text == "1 file, 0 games, 0 legal, 0 illegal, 1 malformed, 0 moves, 1 syntax error"
    assert report["summary"]["malformed"] == 1 and report["summary"]["syntax_errors"] == 1


def test_import_refuses_a_comment_that_would_not_read_back(run, tmp_path):
    document = {"format": "referee-game-record", "version": 1, "games": [{
        "game": "korsar", "tags": [{"name": "Game", "value": "Korsar"}, {"name": "Players", "value": "A B"}],
        "rounds": [{"number": 1, "turns": [{"player": "A", "action": {"kind": "draw"},
                                            "comments": [{"text": "one\n[two", "braced": True}]}]}]}]}
    path = tmp_path / "a.json"
    path.write_text(json.dumps(document))
    result = run("import", str(path))
    assert result.exit_code == 1
    assert "$.games[0].rounds[0].turns[0].comments[0].text" in result.output


def test_import_of_a_record_with_illegal_moves_writes_them_for_check_to_judge(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text(ILLEGAL)
    json_path = tmp_path / "a.json"
    json_path.write_text(run("export", str(path)).output)
    back = run("import", str(json_path))
    assert back.exit_code == 0
    relog = tmp_path / "b.korsar"
    relog.write_text(back.output)
    result = run("check", str(relog))
    assert result.exit_code == 1 and "error[K-PIRATE]" in result.output


def test_rules_explain_every_code_a_diagnostic_can_cite(run):
    import json
    import re
    from pathlib import Path

    from referee.validation import schema_errors

    document = json.loads(run("rules", "--format", "json").output)
    assert schema_errors("rules", document) == []
    explained = {rule["id"] for rule in document["rules"]}
    source = "\n".join(path.read_text() for path in Path("referee").rglob("*.py"))
    cited = set(re.findall(r'"(N-[A-Z]+)"', source))
    assert cited and cited <= explained
    for code in ("N-SYNTAX", "N-TAG", "N-GAME", "N-COMMENT", "N-ENCODING"):
        one = run("rules", code.lower())
        assert one.exit_code == 0 and one.output.startswith(f"{code} — ")
        assert "(the notation)" in one.output.splitlines()[0]
    listed = run("rules", "--list").output.splitlines()
    assert len(listed) == len(document["rules"]) + len(document["variants"])
    assert any(line.startswith("K-TARGET ") and "Korsar" in line for line in listed)
    only = json.loads(run("rules", "--game", "corsari", "--format", "json").output)
    assert {rule["game"] for rule in only["rules"]} == {"corsari"}
    single = json.loads(run("rules", "C-RAISE", "--format", "json").output)
    assert [rule["id"] for rule in single["rules"]] == ["C-RAISE"]


def test_a_notation_finding_points_at_its_explanation(run, tmp_path):
    log = tmp_path / "x.korsar"
    log.write_text('[Game "Korsar"]\n[Players "A B"]\n\n1. A: quux\n')
    result = run("check", str(log))
    assert result.exit_code == 1
    assert "= help: `referee rules N-SYNTAX` explains the rule" in result.output


@pytest.mark.parametrize("args", [
    ["show", "samples/perroquets/legal/game-2-players.perroquets"],
    ["show", "samples/perroquets/legal/p-example-4-meeting.perroquets"],
    ["show", "samples/spanish-main/legal/short-game.spanish-main"],
    ["show", "samples/corsari/legal/game-4-players.corsari"],
    ["show", "samples/korsar/legal/k-example.korsar"],
    ["data", "show", "default"], ["data", "show", "sample"],
    ["data", "show", "samples/perroquets/boards/lagoon-9.json"],
    ["data", "check", "default", "sample", "samples/perroquets/boards/lagoon-9.json"],
])
def test_text_output_fits_100_columns(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from tests.conftest import ROOT

    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    wide = [line for line in result.stdout.splitlines() if len(line) > 100]
    assert not wide, wide


def test_a_long_line_is_broken_at_spaces_but_never_inside_a_tag() -> None:
    from referee.reports.text import fitted

    tag = '[Data "lagoon-9 sha256:' + "a" * 64 + '"]'
    lines = fitted([f"  a log names it {tag}, the file given with --data FILE", "short", "x" * 120])
    assert lines == ["  a log names it", f"    {tag}, the", "    file given with --data FILE", "short", "x" * 120]
