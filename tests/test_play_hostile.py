"""`referee play` used as a hostile user would use it: listings that fail halfway, links
planted at the lock's name, header facts and typed lines no log can hold, bytes that are
not text and characters that would act on a terminal. Each is refused or shown escaped,
with a documented exit code, and the game in play is left as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee.games import GAMES
from referee.games.korsar.notation import KorsarAction
from referee.pipeline.replay import check_text
from referee.play.session import Unplayable, Session
from tests.play_games import ROOT

REFEREE = [sys.executable, "-m", "referee"]


def play(log: Path, lines: list[str] | bytes, *arguments: str, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    given = lines if isinstance(lines, bytes) else "".join(line + "\n" for line in lines).encode("utf-8")
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    return subprocess.run([*REFEREE, "play", str(log), *arguments], input=given, capture_output=True,
                          cwd=ROOT, timeout=120, env=env, **kwargs)


def korsar(tmp_path: Path) -> Session:
    return Session.new(str(tmp_path / "g.korsar"), GAMES["korsar"], [("Players", "A B C"), ("Seed", "solo3-39")])


# -- listing, completion and why never touch the game ------------------------------------------


def test_a_listing_that_fails_halfway_leaves_the_game_as_it_was(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A listing that plays a trial entry and then fails (a generator's gap) must not leave the
    trial in the game: the state and the next legal entry are those before it."""
    session = korsar(tmp_path)
    assert session.enter("A: $4").status == "recorded"
    rules = session.rules
    before = session.engine.view()

    def failing(self: Any, engine: Any, table: bool) -> Any:
        assert engine.play("B", KorsarAction("draw")) is None  # a trial played, never taken back
        raise RuntimeError("a gap in the generator")

    monkeypatch.setattr(type(rules), "entries_now", failing)
    assert len(session.legal_entries()) == 0 and "cannot be listed" in (session.entries_problem or "")
    due = session.due()
    assert due.players == ("B",)
    assert session.engine.view() == before
    monkeypatch.undo()
    assert session.enter("B: $5").status == "recorded"


def test_why_that_fails_is_reported_and_the_game_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = korsar(tmp_path)
    session.enter("A: $4")
    before = session.engine.view()
    monkeypatch.setattr(type(session.rules), "new_engine", lambda *args, **kwargs: 1 / 0)
    told = session.account_of(1)
    assert told is not None and told[1] == [] and "cannot be worked out" in (session.why_problem or "")
    monkeypatch.undo()
    assert session.engine.view() == before and session.enter("B: $5").status == "recorded"


# -- the lock is never written through a link -----------------------------------------------------


@pytest.mark.parametrize("planted", ["symlink", "hardlink", "dangling", "fifo"])
def test_a_lock_that_is_not_a_plain_file_of_one_link_is_refused(tmp_path: Path, planted: str) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    lock = tmp_path / ".g.korsar.lock"
    if planted == "symlink":
        lock.symlink_to(victim)
    elif planted == "hardlink":
        os.link(victim, lock)
    elif planted == "dangling":
        lock.symlink_to(tmp_path / "created.txt")
    else:
        os.mkfifo(lock)
    done = play(tmp_path / "g.korsar", ["A: draw"], "--game", "Korsar", "--players", "A B")
    assert done.returncode == 2, done.stderr
    assert b"cannot be the log's lock" in done.stderr and b"Traceback" not in done.stderr
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    assert not (tmp_path / "created.txt").exists() and not (tmp_path / "g.korsar").exists()


# -- a new game on one's own card set ------------------------------------------------------------


@pytest.mark.parametrize("name", ["my-cards.json", "club cards été.json"])
def test_a_spanish_main_game_starts_on_any_card_set_data_accepts(tmp_path: Path, name: str) -> None:
    cards = tmp_path / name
    cards.write_bytes((ROOT / "docs/examples/my-cards.json").read_bytes())
    log = tmp_path / "g.spanish-main"
    done = play(log, ["show"], "--game", "spanish-main", "--players", "Anna Ben", "--data", str(cards))
    assert done.returncode == 0, done.stderr
    text = log.read_text(encoding="utf-8")
    assert "[Cards \"" in text and "sha256:" in text
    checked = subprocess.run([*REFEREE, "check", str(log), "--data", str(cards)], capture_output=True, cwd=ROOT)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert play(log, ["show"], "--data", str(cards)).returncode == 0


# -- header facts no log can hold -------------------------------------------------------------------


@pytest.mark.parametrize("game", ["Korsar", "Corsari", "perroquets", "spanish-main"])
@pytest.mark.parametrize("players", ["1 2 3", "", "Ä B C", "A:B C D"])
def test_players_no_log_can_name_are_a_usage_error(tmp_path: Path, game: str, players: str) -> None:
    log = tmp_path / "g.log"
    done = play(log, [], "--game", game, "--players", players)
    assert done.returncode == 2, done.stderr
    assert b"error[N-TAG]" in done.stderr and b"Players" in done.stderr and b"internal error" not in done.stderr
    assert not log.exists()


@pytest.mark.parametrize("name", ['X-a"b', "X-a]b", "X-a[b", "X a", "X-a{b", "X-a;b", "X-a\x1bb", "1X", "X-é"])
def test_a_tag_name_follows_the_schemas_pattern_on_the_command_line_and_at_the_prompt(tmp_path: Path,
                                                                                       name: str) -> None:
    log = tmp_path / "g.korsar"
    done = play(log, [], "--game", "Korsar", "--players", "A B", "--tag", f"{name}=1")
    assert done.returncode == 2 and b"error[N-TAG]" in done.stderr and b"tag's name" in done.stderr
    assert not log.exists()
    done = play(log, [f"tag {name} 1", "A: draw"], "--game", "Korsar", "--players", "A B")
    assert done.returncode == 1
    verdicts = done.stdout.decode("utf-8").splitlines()
    assert "error[N-TAG]" in verdicts[0] and "\x1b" not in done.stdout.decode("utf-8")
    assert verdicts[-1].startswith("recorded 1: A: draw")
    assert check_text("g", log.read_text(encoding="utf-8")).ok
    assert play(log, ["B: draw"]).returncode == 0


@pytest.mark.parametrize("value", ["a\nb", "a\rb", "x" * 100_000])
def test_a_tag_value_no_log_line_can_hold_is_refused(tmp_path: Path, value: str) -> None:
    log = tmp_path / "g.korsar"
    done = play(log, [], "--game", "Korsar", "--players", "A B", "--tag", f"Event={value}")
    assert done.returncode == 2 and b"error[N-TAG]" in done.stderr and not log.exists()
    session = korsar(tmp_path)
    before = Path(session.path).read_text(encoding="utf-8")
    problems = session.set_tag("Event", value)
    assert problems and problems[0].code == "N-TAG"
    assert Path(session.path).read_text(encoding="utf-8") == before
    assert session.enter("A: $4").status == "recorded"


def test_a_comment_longer_than_a_log_line_is_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    session = korsar(tmp_path)
    typed = "A: $4 {" + "x" * 99_993 + "}"
    assert len(typed) == 100_001
    judgement = session.enter(typed)
    assert judgement.status == "refused" and "longer than 100,000" in judgement.diagnostics[0].message
    assert session.entries_played == 0 and session.due().players == ("A",)
    assert "xxxx" not in Path(session.path).read_text(encoding="utf-8")
    assert session.enter("A: $4 {a short one}").status == "recorded"
    assert check_text("g", Path(session.path).read_text(encoding="utf-8")).ok


def test_an_entry_that_would_lay_the_log_past_one_games_lines_is_refused(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The log's own limit (100,000 lines) taken down to a few: the entry that would pass it is
    refused, the game and its log left as they were."""
    session = korsar(tmp_path)
    for entry in ["A: $4", "B: $5", "C: draw"]:
        assert session.enter(entry).status == "recorded"
    lines = Path(session.path).read_text(encoding="utf-8").count("\n")
    monkeypatch.setattr("referee.play.session.MAX_GAME_LINES", lines)
    before = Path(session.path).read_text(encoding="utf-8")
    judgement = session.enter("A: R1@B5")
    assert judgement.status == "refused" and "lines" in judgement.diagnostics[0].message
    assert Path(session.path).read_text(encoding="utf-8") == before
    assert session.entries_played == 3 and session.current_round() == 2
    monkeypatch.undo()
    assert session.enter("A: R1@B5").entry == "A: xA4 R1@B5"


# -- typed lines that are not text, too long, or nothing at all -----------------------------------


def test_a_byte_that_is_not_utf8_refuses_its_line_and_the_script_goes_on(tmp_path: Path) -> None:
    log = tmp_path / "g.korsar"
    script = b"A: draw {caf\xe9}\ntag Event caf\xe9\nA: draw\nB: draw\n"
    done = play(log, script, "--game", "Korsar", "--players", "A B")
    assert done.returncode == 1, done.stderr
    verdicts = done.stdout.decode("utf-8").splitlines()
    assert verdicts[0] == "refused: N-SYNTAX this line holds byte 0xe9 at column 13, which is not UTF-8 text"
    assert verdicts[1].startswith("refused: N-SYNTAX this line holds byte 0xe9")
    assert verdicts[-2:] == ["recorded 1: A: draw (round 1 begins)", "recorded 2: B: draw"]
    assert check_text("g", log.read_text(encoding="utf-8")).ok
    done = play(log, b"A: draw {caf\xe9}\n", "--format", "jsonl")
    verdict = json.loads(done.stdout.decode("utf-8"))  # strict UTF-8 JSON, no lone surrogate
    assert verdict["input"] == "A: draw {caf\\xe9}" and verdict["verdict"] == "refused"


def test_closed_standard_input_is_a_usage_error(tmp_path: Path) -> None:
    log = tmp_path / "g.korsar"
    done = subprocess.run([*REFEREE, "play", str(log), "--game", "Korsar", "--players", "A B"], capture_output=True,
                          cwd=ROOT, stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0), timeout=120)
    assert done.returncode == 2, done.stderr
    assert b"standard input is closed" in done.stderr and not log.exists()


def test_a_line_longer_than_a_log_line_is_refused_at_once_and_not_echoed(tmp_path: Path) -> None:
    log = tmp_path / "g.korsar"
    script = b"A: " + b"draw " * 200_000 + b"\n" + b"tag Event " + b"x" * 500_000 + b"\nA: draw\n"
    done = play(log, script, "--game", "Korsar", "--players", "A B", "--format", "jsonl")
    assert done.returncode == 1, done.stderr
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert [v["verdict"] for v in verdicts] == ["refused", "refused", "recorded"]
    assert "longer than 100,000 characters" in verdicts[0]["diagnostics"][0]["message"]
    assert len(verdicts[0]["input"]) <= 80 and len(done.stdout) < 10_000


# -- what comes back is shown escaped ------------------------------------------------------------


def test_control_and_bidi_characters_come_back_escaped(tmp_path: Path) -> None:
    log = tmp_path / "g.korsar"
    script = ["A: draw {\x1b]0;title\x07}", "tag Event \x1b[2J\u202e", "rules \x1b[31mK\x07", "undo",
              "B: \x1b[31m", "why"]
    done = play(log, script, "--game", "Korsar", "--players", "A B")
    out = done.stdout.decode("utf-8")
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    verdicts = out.splitlines()
    assert verdicts[1] == '[Event "\\x1b[2J\\u202e"] given; Result "*"'
    assert verdicts[2].startswith("\\x1b[31MK\\x07: no such ruling")
    refused = next(line for line in verdicts if line.startswith("refused: "))
    assert "\\x1b" in refused
    assert '[Event "\x1b[2J\u202e"]' in log.read_text(encoding="utf-8")  # the log holds what was typed
    done = play(log, ["A: draw {\u202e}", "show", "rules \u202e"], "--format", "jsonl")
    assert b"\xe2\x80\xae" not in done.stdout and b"\\u202e" in done.stdout
    for line in done.stdout.splitlines():
        json.loads(line)


def test_card_names_from_data_are_shown_escaped_by_show_and_by_plays_show(tmp_path: Path) -> None:
    cards = json.loads((ROOT / "referee/games/spanish_main/sample-cards.json").read_text(encoding="utf-8"))
    cards.pop("id", None)
    for card in cards["cards"]:
        card["name"] += "\x1b[2J\u202e"
    data = tmp_path / "club.json"
    data.write_text(json.dumps(cards), encoding="utf-8")
    sample = ROOT / "samples/spanish-main/legal/board-takes-face-down.spanish-main"
    log = tmp_path / "g.spanish-main"
    log.write_text(sample.read_text(encoding="utf-8").replace('[Cards "sample"]', '[Cards "club"]'), encoding="utf-8")
    shown = subprocess.run([*REFEREE, "show", str(log), "--data", str(data), "--move", "10"], capture_output=True,
                           cwd=ROOT, timeout=120)
    assert shown.returncode in (0, 1), shown.stderr
    assert b"Black Gull\\x1b[2J\\u202e" in shown.stdout and b"\x1b" not in shown.stdout
    as_json = subprocess.run([*REFEREE, "show", str(log), "--data", str(data), "--format", "json"],
                             capture_output=True, cwd=ROOT, timeout=120)
    assert b"\xe2\x80\xae" not in as_json.stdout and b"\\u202e" in as_json.stdout
    json.loads(as_json.stdout)
    done = play(log, ["show"], "--data", str(data))
    assert b"Gull\\x1b[2J\\u202e" in done.stdout and b"\x1b" not in done.stdout and b"\xe2\x80\xae" not in done.stdout


# -- the end of a hidden Korsar game ---------------------------------------------------------------


def checked(path: str) -> list[str]:
    game = check_text(path, Path(path).read_text(encoding="utf-8")).games[0]
    return [d.code for d in game.diagnostics if d.is_error]


def test_a_finished_game_whose_result_is_unknown_claims_none_and_resumes(tmp_path: Path) -> None:
    """A hidden-hand team game over with the other hands never shown: the log claims no result
    (as the sample does), never `*`, which would say it goes on (K-SCORE)."""
    sample = ROOT / "samples/korsar/legal/team-partner-plays-on.korsar"
    log = tmp_path / "t.korsar"
    log.write_text(sample.read_text(encoding="utf-8"), encoding="utf-8")
    done = play(log, ["tag Event Club night", "score"])
    assert done.returncode == 0, done.stdout + done.stderr
    assert '[Event "Club night"]' in log.read_text(encoding="utf-8") and "Result" not in log.read_text(encoding="utf-8")
    assert checked(str(log)) == []
    session = Session.resume(str(log), log.read_text(encoding="utf-8"))
    assert session.engine.is_over
    session.undo()
    assert '[Result "*"]' in log.read_text(encoding="utf-8") and checked(str(log)) == []


def test_undo_of_the_end_takes_the_hands_shown_at_it_out_too(tmp_path: Path) -> None:
    from tests.play_games import typed_game

    typed = typed_game(ROOT / "samples/korsar/legal/no-deal.korsar")
    end_hands = next(arg for arg in typed.header if arg.startswith("EndHands="))[len("EndHands="):]
    session = Session.new(str(tmp_path / "nd.korsar"), GAMES["korsar"], [("Players", "A B C")])
    for entry in typed.entries:
        assert session.enter(entry).status == "recorded"
    assert checked(session.path) == []  # over, the hands not shown yet: no result claimed
    assert session.last is not None and "not known yet" in session.last.changes[-1]
    assert session.set_tag("EndHands", end_hands) == [] and checked(session.path) == []
    assert session.undo() == typed.entries[-1] and session.dropped == ["EndHands"]
    assert "EndHands" not in Path(session.path).read_text(encoding="utf-8") and checked(session.path) == []
    assert session.enter(typed.entries[-1]).status == "recorded"
    assert session.set_tag("EndHands", end_hands) == []
    assert Path(session.path).read_text(encoding="utf-8") == typed.expected


def test_hands_shown_before_the_end_are_judged_and_stand_only_for_that_end(tmp_path: Path) -> None:
    session = Session.new(str(tmp_path / "h.korsar"), GAMES["korsar"], [("Players", "A B")])
    session.enter("A: draw")
    wrong = session.set_tag("EndHands", "A: $2 / B: $3")
    assert wrong and wrong[0].code == "K-HIDDEN" and checked(session.path) == []
    assert session.set_tag("EndHands", "A: $2 $3 $4 $5 $6 $7 $8 / B: R1 R2 R3 R4 Y1 Y2") == []
    assert checked(session.path) == []
    judgement = session.enter("B: draw")
    assert judgement.status == "recorded" and "EndHands tag" in judgement.changes[-1]
    assert session.current_round() == 2 and session.enter("A: draw").round == 2
    assert "EndHands" not in Path(session.path).read_text(encoding="utf-8") and checked(session.path) == []


def test_a_view_that_fails_is_reported_and_the_session_goes_on(tmp_path: Path) -> None:
    """`show`, `score`, `moves` and `why` only look: a failure in one is said, and the entries
    typed after it are judged as ever."""
    from referee.cli import play as play_command
    from referee.reports.style import Style

    session = korsar(tmp_path)
    session.enter("A: $4")

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise TypeError("a gap")

    session.engine.view = broken  # type: ignore[method-assign]
    session.engine.outcome = broken  # type: ignore[method-assign]
    for word, said in (("show", "cannot be shown here"), ("score", "cannot be shown here"),
                       ("why", "move 1: A: $4")):  # why tells from a fresh replay, not the game in play
        lines, _ = play_command._command_lines(session, word, "", Style(False))
        assert any(said in line for line in lines), (word, lines)
    del session.engine.view, session.engine.outcome
    assert session.enter("B: $5").status == "recorded"


def test_a_log_whose_canonical_form_would_run_past_one_games_lines_is_not_resumed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A log packed on few lines, within the limits, whose canonical form (one round a line,
    comments wrapped) would run past them: refused when resumed, left as it was."""
    log = tmp_path / "g.korsar"
    text = '[Game "Korsar"]\n[Players "A B"]\n[Seed "s"]\n\n1. A: draw {' + "word " * 400 + "} B: draw\n"
    log.write_text(text, encoding="utf-8")
    monkeypatch.setattr("referee.play.session.MAX_GAME_LINES", 8)
    assert check_text("g", text).ok
    with pytest.raises(Unplayable) as refused:
        Session.resume(str(log), text)
    assert "cannot be continued here" in refused.value.message and refused.value.usage
    assert log.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(("source", "built_in", "log"), [
    ("docs/examples/my-cards.json", "sample", "g.spanish-main"),
    ("samples/perroquets/boards/lagoon-9.json", "default", "g.perroquets"),
])
def test_data_that_takes_the_built_in_name_for_other_data_is_refused(tmp_path: Path, source: str, built_in: str,
                                                                       log: str) -> None:
    """A log naming the built-in data by its name is judged on the built-in data: a file of other
    data under that name could never be named, so --data refuses it rather than start a game
    that cannot be resumed."""
    document = json.loads((ROOT / source).read_text(encoding="utf-8"))
    document["id"] = built_in
    data = tmp_path / "club.json"
    data.write_text(json.dumps(document), encoding="utf-8")
    game = "spanish-main" if log.endswith("spanish-main") else "perroquets"
    done = play(tmp_path / log, [], "--game", game, "--players", "Anna Ben", "--data", str(data))
    assert done.returncode == 2, done.stderr
    assert f"named '{built_in}'".encode() in done.stderr and not (tmp_path / log).exists()


def test_a_log_a_replay_of_the_session_cannot_go_on_from_ends_it_with_a_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """undo, tag and a reread replay the log from the disk: one that finds it cannot be played
    on (data that no longer fits, a log changed into another) ends the session with the
    findings, exit 1, never an internal error."""
    from click.testing import CliRunner

    from referee.cli import cli
    from referee.play.session import Unplayable, Session

    log = tmp_path / "g.korsar"
    started = CliRunner().invoke(cli, ["play", str(log), "--game", "Korsar", "--players", "A B", "--seed", "club"],
                                 input="A: draw\n")
    assert started.exit_code == 0, started.output

    def unplayable(self: Session) -> str | None:
        raise Unplayable("the log cannot be replayed here")

    monkeypatch.setattr(Session, "undo", unplayable)
    ended = CliRunner().invoke(cli, ["play", str(log)], input="undo\n")
    assert ended.exit_code == 1, (ended.output, ended.exception)
    assert "referee play: the log cannot be replayed here" in ended.output
