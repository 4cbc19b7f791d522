"""Allow comments: an archive's real illegal move accepted at one move, so that the rest
of the game is still judged; what they accept is counted and listed, never dropped."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import cli
from referee.notation.allow import allowance
from referee.pipeline.replay import check_text
from referee.record import Comment
from referee.validation import schema_errors

from .perroquets_logs import meeting

KORSAR = '''[Game "Korsar"]
[Players "A B C"]
[Result "*"]

1. A: $3  B: Y2@A4 {allow K-TARGET: the scorer wrote A4 for A3}  C: R2@A3
2. A: Y3@A3  B: draw  C: R9@A5
'''


def test_the_comment_names_rules_by_id_with_an_optional_reason():
    assert allowance([Comment("allow K-TARGET", True)], "K-TARGET") == "{allow K-TARGET}"
    assert allowance([Comment("allow k-claim, K-TARGET: typo", True)], "K-TARGET") is not None
    assert allowance([Comment("allow K-TARGET", False)], "K-TARGET") is None  # a ; line comment is prose
    assert allowance([Comment("we allow K-TARGET here", True)], "K-TARGET") is None
    assert allowance([Comment("allow K-CLAIM", True)], "K-TARGET") is None


def test_an_allowed_move_is_set_aside_and_the_rest_of_the_game_is_judged():
    (game,) = check_text("a.korsar", KORSAR).games
    assert [d.code for d in game.suppressed] == ["K-TARGET"]
    assert [d.code for d in game.diagnostics] == ["K-CARDS"]  # the next mistake is still found
    assert game.diagnostics[0].span.line == 6
    assert "allowed by {allow K-TARGET: the scorer wrote A4 for A3}" in game.suppressed[0].notes[-1]


def test_a_game_whose_only_finding_is_allowed_is_legal_and_the_summary_counts_it():
    text = KORSAR.replace("  C: R9@A5", "")
    result = CliRunner().invoke(cli, ["check", "-"], input=text)
    assert result.exit_code == 0
    assert result.output.strip().endswith("1 legal, 0 illegal, 0 malformed, 5 moves, 1 suppressed by allow comments")
    assert "K-TARGET" not in result.output
    shown = CliRunner().invoke(cli, ["check", "--show-suppressed", "-"], input=text)
    assert "suppressed[K-TARGET] there is no galleon A4 on the table" in shown.output
    report = json.loads(CliRunner().invoke(cli, ["check", "--format", "json", "-"], input=text).output)
    assert schema_errors("check-report", report) == []
    assert report["summary"]["suppressed"] == 1
    assert report["files"][0]["games"][0]["suppressed"][0]["code"] == "K-TARGET"


def test_an_allow_comment_for_another_rule_accepts_nothing():
    text = KORSAR.replace("allow K-TARGET", "allow K-CARDS")
    (game,) = check_text("a.korsar", text).games
    assert game.suppressed == [] and [d.code for d in game.diagnostics] == ["K-TARGET"]


def test_a_false_claim_and_a_false_result_can_be_allowed():
    claimed = meeting() + "claim: X holds 5 {allow P-CLAIM}  claim: Y holds 0\n"
    (game,) = check_text("m.perroquets", claimed).games
    assert game.verdict == "legal" and [d.code for d in game.suppressed] == ["P-CLAIM"]
    result = meeting().replace('[Data "default"]', '[Data "default"]\n[Result "X=9 Y=0"] {allow P-END}')
    (game,) = check_text("m.perroquets", result).games
    assert game.verdict == "legal" and [d.code for d in game.suppressed] == ["P-END"]


def test_a_corsari_turn_set_aside_passes_to_the_next_player():
    from pathlib import Path

    sample = Path(__file__).resolve().parent.parent / "samples" / "corsari" / "illegal" / "c-discard.corsari"
    text = sample.read_text(encoding="utf-8")
    (game,) = check_text("c.corsari", text).games
    first = game.diagnostics[0]
    lines = text.splitlines()
    lines[first.span.line - 1] += " {allow C-DISCARD}"
    (again,) = check_text("c.corsari", "\n".join(lines) + "\n").games
    assert [d.code for d in again.suppressed] == ["C-DISCARD"]
    assert all(d.code != "C-TURN" for d in again.diagnostics)  # the next player's turn is judged as such
