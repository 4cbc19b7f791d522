"""`referee play` driven as a program drives it (standard input not a terminal): whole
games typed entry by entry, with refused entries, undo and a resume halfway, must give
back the sample they were typed from, exactly."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.games import GAMES
from referee.pipeline.replay import check_text
from referee.play.session import Unplayable, Session
from referee.validation import schema_errors
from tests.play_games import PLAYED, ROOT, typed_game, without_automatic_parts


def play(log: Path, lines: list[str], *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "referee", "play", str(log), *arguments],
                          input="".join(line + "\n" for line in lines), capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def judged_legal_and_canonical(log: Path) -> None:
    checked = subprocess.run([sys.executable, "-m", "referee", "check", "-q", str(log)], capture_output=True,
                             text=True, cwd=ROOT)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    formatted = subprocess.run([sys.executable, "-m", "referee", "fmt", "--check", str(log)], capture_output=True,
                               text=True, cwd=ROOT)
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr


def with_mistakes(entries: list[str], players: list[str]) -> tuple[list[str], int]:
    """The entries with mistakes among them, as at a table: a body no grammar reads, an
    entry by someone who is not playing, and an entry taken back and typed again. Returns
    the lines and how many are refused."""
    lines: list[str] = []
    refused = 0
    for index, entry in enumerate(entries):
        if index == 2:
            lines.append(f"{players[0]}: %%%")
            refused += 1
        if index == 4:
            lines.append("Nobody: " + entry.partition(": ")[2])
            refused += 1
        lines.append(entry)
        if index == 6:
            lines += ["undo", entry]
    return lines, refused


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_a_whole_game_typed_with_mistakes_undo_and_a_resume_gives_back_the_sample(tmp_path: Path, game: str) -> None:
    typed = typed_game(PLAYED[game])
    entries = [without_automatic_parts(e) for e in typed.entries] if game == "korsar" else typed.entries
    if game == "korsar":
        assert entries != typed.entries  # the capture phases really are left to the referee
    half = len(entries) // 2
    log = tmp_path / f"table{GAMES[game].extensions[0]}"

    first, refused = with_mistakes(entries[:half], typed.players)
    done = play(log, first, *typed.header)
    verdicts = done.stdout.splitlines()
    assert done.returncode == 1, done.stderr
    assert sum(v.startswith("refused") for v in verdicts) == refused
    assert sum(v.startswith("recorded") for v in verdicts) == half + 1  # one entry typed again after undo
    assert any(v.startswith("undone: ") for v in verdicts)
    judged_legal_and_canonical(log)
    assert '[Result "*"]' in log.read_text(encoding="utf-8")

    second = entries[half:half + 3] + ["undo", entries[half + 2], "Nobody: " + entries[half + 3].partition(": ")[2]]
    second += entries[half + 3:]
    done = play(log, second)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines()[-1].startswith("recorded")
    assert log.read_text(encoding="utf-8") == typed.expected
    judged_legal_and_canonical(log)


def test_every_entry_standing_exits_0_and_each_verdict_is_valid_json(tmp_path: Path) -> None:
    typed = typed_game(PLAYED["corsari"])
    log = tmp_path / "evening.corsari"
    lines = typed.entries[:12] + ["undo", typed.entries[11], "show", "moves", "why", "score", "rules C-RAISE", "help"]
    done = play(log, lines, *typed.header, "--format", "jsonl")
    assert done.returncode == 0, done.stdout + done.stderr
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(verdicts) == len(lines)
    for verdict in verdicts:
        assert schema_errors("play-verdict", verdict) == []
    assert [v["verdict"] for v in verdicts[:12]] == ["recorded"] * 12
    assert verdicts[0]["changes"][0] == "round 1 begins"
    assert [v["line"] for v in verdicts] == list(range(1, len(lines) + 1))
    assert verdicts[12]["lines"] == [f"undone: {typed.entries[11]}"]


IMPLIED = {"korsar": ("takes galleon", "(K-CONTROL)", "(K-SCORE)"),
           "corsari": ("is the fastest captain (C-RAISE)", "home-port colour", "cards in all (C-SCORE)"),
           "perroquets": ("flies from", "sails from", "(P-FLY-SHIP)", "(P-END)"),
           "spanish-main": ("docks at", "(S-EXPLORE)", "(S-UNLOAD)", "(S-WIN)")}
"""Sentences the rules imply somewhere in each game of PLAYED: captures, a round's split, a
parrot caught and a ship's path, exploring and the gold that wins."""


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_a_whole_game_typed_tells_every_entrys_account_and_why_tells_it_again_after_a_resume(
        tmp_path: Path, game: str) -> None:
    typed = typed_game(PLAYED[game])
    log = tmp_path / f"table{GAMES[game].extensions[0]}"
    done = play(log, typed.entries, *typed.header, "--format", "jsonl")
    assert done.returncode == 0, done.stderr
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(verdicts) == len(typed.entries)
    for verdict in verdicts:
        assert schema_errors("play-verdict", verdict) == []
        assert verdict["verdict"] == "recorded" and verdict["account"], verdict
        for line in verdict["account"]:
            assert re.search(r"\([A-Z]-[A-Z0-9-]+\)$", line), line  # each cites its ruling
            assert not re.search(r"[{}]|\[\{|\"\w+\":", line), line  # no dump of the state
    told = "\n".join(line for verdict in verdicts for line in verdict["account"])
    for sentence in IMPLIED[game]:
        assert sentence in told, sentence
    resumed = play(log, ["why", "why 2"])  # a new session: the log's last entry, and entry 2
    said = resumed.stdout.splitlines()
    assert said[0] == f"move {len(typed.entries)}: {typed.entries[-1]}"
    assert said[1:1 + len(verdicts[-1]["account"])] == [f"  {line}" for line in verdicts[-1]["account"]]
    assert f"move 2: {verdicts[1]['entry']}" in said and f"  {verdicts[1]['account'][0]}" in said
    assert "no entry judged" not in resumed.stdout


def test_a_refused_entry_says_the_rule_and_points_at_the_part_at_fault(tmp_path: Path) -> None:
    log = tmp_path / "g.korsar"
    done = play(log, ["A: $4", "B: $5", "C: draw", "A: R1@C9"], "--game", "Korsar", "--players", "A B C",
                "--seed", "solo3-39", "--format", "jsonl")
    assert done.returncode == 1
    refused = json.loads(done.stdout.splitlines()[-1])
    assert schema_errors("play-verdict", refused) == []
    finding = refused["diagnostics"][0]
    assert (refused["verdict"], finding["code"]) == ("refused", "K-TARGET")
    assert (finding["column"], finding["end_column"]) == (7, 9)  # under C9
    assert finding["excerpt"]["text"] == "A: R1@C9" and finding["move_number"] == 4
    assert "A: xA4" not in log.read_text(encoding="utf-8") and log.read_text(encoding="utf-8").count(":") == 3


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_each_entry_is_judged_as_check_judges_it_at_the_end_of_the_log(tmp_path: Path, game: str) -> None:
    """Entries typed in play — the game's own illegal moves where it can build them, and each
    next entry written by every other player and by a stranger — get the verdict `check`
    gives the same entry at the end of the log so far: refused with the same rule and
    sentence (the log left as it was), or recorded where check finds it legal (then undone)."""
    typed = typed_game(PLAYED[game])
    rules = GAMES[game]
    header = [tuple(arg.split("=", 1)) for arg in typed.header[5::2]] + [("Players", " ".join(typed.players))]
    session = Session.new(str(tmp_path / f"g{rules.extensions[0]}"), rules, header)
    refused = 0
    for entry in typed.entries[:40]:
        body = entry.partition(": ")[2]
        tries = [f"{player}: {rules.format_turn(action)}" for _, player, action in rules.illegal_moves(session.engine)]
        tries += [f"{player}: {body}" for player in typed.players + ["Nobody"] if not entry.startswith(player + ":")]
        for text in tries:
            before = Path(session.path).read_text(encoding="utf-8")
            pending = session.pending
            judgement = session.enter(text)
            joined = before.rstrip("\n") + (f"\n{pending}. " if pending is not None else "  ") + text + "\n"
            errors = [d for d in check_text("g", joined).games[0].diagnostics
                      if d.is_error and d.move_text == text]  # not what check says of the log's end
            if judgement.status == "refused":
                assert errors, text
                assert (judgement.diagnostics[0].code, judgement.diagnostics[0].message) == \
                    (errors[0].code, errors[0].message), text
                assert Path(session.path).read_text(encoding="utf-8") == before
                refused += 1
            else:
                assert not errors, text
                assert session.undo() == judgement.entry
                assert Path(session.path).read_text(encoding="utf-8") == before
        assert session.enter(entry).status == "recorded", entry
    assert refused >= 40


def test_a_resumed_log_is_judged_first(tmp_path: Path) -> None:
    sample = ROOT / "samples/korsar/illegal"
    illegal = sorted(sample.glob("*.korsar"))[0]
    log = tmp_path / "bad.korsar"
    log.write_text(illegal.read_text(encoding="utf-8"), encoding="utf-8")
    done = play(log, ["A: draw"])
    assert done.returncode == 1 and "cannot be continued" in done.stderr and "error[" in done.stderr
    assert log.read_text(encoding="utf-8") == illegal.read_text(encoding="utf-8")


def test_header_facts_that_set_up_no_game_are_a_usage_error(tmp_path: Path) -> None:
    log = tmp_path / "g.korsar"
    done = play(log, [], "--game", "Korsar", "--players", "A B C", "--tag", "Hands=nonsense")
    assert done.returncode == 2 and "error[N-TAG]" in done.stderr and not log.exists()
    done = play(log, [], "--game", "Chess", "--players", "A B")
    assert done.returncode == 2 and "unknown game" in done.stderr
    assert play(log, [], "--game", "Korsar", "--players", "A B C").returncode == 0
    done = play(log, [], "--game", "Korsar", "--players", "A B C")
    assert done.returncode == 2 and "exists" in done.stderr


def test_a_session_resumes_where_the_log_stops_and_writes_it_canonically(tmp_path: Path) -> None:
    log = tmp_path / "g.korsar"
    log.write_text('[Game "Korsar"]\n[Seed "solo3-39"]\n[Players "A  B C"]\n\n1. A: $4 B: $5 C: draw\n2.\n',
                   encoding="utf-8")
    session = Session.resume(str(log), log.read_text(encoding="utf-8"))
    assert session.current_round() == 2 and session.due().players == ("A",)
    assert session.enter("A: R1@B5").entry == "A: xA4 R1@B5"
    assert log.read_text(encoding="utf-8") == ('[Game "Korsar"]\n[Players "A B C"]\n[Seed "solo3-39"]\n'
                                                '[Result "*"]\n\n1. A: $4  B: $5  C: draw\n2. A: xA4 R1@B5\n')
    with pytest.raises(Unplayable):
        Session.resume(str(log), log.read_text(encoding="utf-8") * 2)


def test_round_numbers_may_be_typed_but_must_be_the_right_ones(tmp_path: Path) -> None:
    session = Session.new(str(tmp_path / "g.korsar"), GAMES["korsar"], [("Players", "A B"), ("Seed", "s")])
    assert session.enter("1. A: draw").status == "recorded"
    wrong = session.enter("2. B: draw")
    assert wrong.status == "refused" and wrong.diagnostics[0].span.col == 1
    assert session.enter("1. B: draw { a comment kept }").status == "recorded"
    assert "B: draw {a comment kept}" in Path(session.path).read_text(encoding="utf-8")
    assert check_text("g", Path(session.path).read_text(encoding="utf-8")).ok


def test_the_end_of_the_game_writes_the_result_and_undo_takes_it_back(tmp_path: Path) -> None:
    typed = typed_game(PLAYED["korsar"])
    session = Session.new(str(tmp_path / "g.korsar"), GAMES["korsar"], [("Players", "A B C"), ("Seed", "solo3-39")])
    for entry in typed.entries:
        assert session.enter(entry).status == "recorded"
    assert session.engine.is_over and session.last is not None and session.last.over
    assert session.last.changes[-1].startswith("the game is over")
    assert Path(session.path).read_text(encoding="utf-8") == typed.expected
    assert session.enter("A: draw").status == "refused"
    assert session.undo() == typed.entries[-1]
    assert '[Result "*"]' in Path(session.path).read_text(encoding="utf-8")


def test_why_tells_what_the_last_entry_did_and_leaves_the_game_as_it_was(tmp_path: Path) -> None:
    session = Session.new(str(tmp_path / "g.korsar"), GAMES["korsar"], [("Players", "A B C"), ("Seed", "solo3-39")])
    for entry in ["A: $4", "B: $5", "C: draw", "A: R1@B5"]:
        session.enter(entry)
    before = session.engine.view()
    told = session.account_of(session.entries_played)
    assert told is not None and told[0] == "A: xA4 R1@B5"  # the capture phase the referee wrote out
    assert any("takes galleon A4" in consequence.text for consequence in told[1])
    assert session.engine.view() == before and session.why_problem is None
    assert session.account_of(session.entries_played + 1) is None
    refused = session.enter("B: G2@B9")
    assert refused.status == "refused" and session.engine.view() == before


def test_a_new_game_names_its_data_and_variants_and_needs_its_data_again(tmp_path: Path) -> None:
    board = str(ROOT / "samples/perroquets/boards/lagoon-9.json")
    log = tmp_path / "harbour.perroquets"
    done = play(log, [], "--game", "perroquets", "--players", "Anna Ben", "--data", board, "--variant", "draw-rounds")
    assert done.returncode == 0, done.stderr
    text = log.read_text(encoding="utf-8")
    assert '[Data "lagoon-9 sha256:' in text and '[Variants "draw-rounds"]' in text and '[First "Anna"]' in text
    done = play(log, [])
    assert done.returncode == 2 and "error[N-DATA]" in done.stderr
    assert play(log, ["help"], "--data", board).returncode == 0
    assert log.read_text(encoding="utf-8") == text


def test_a_hidden_korsar_game_ends_with_the_hands_shown_and_gives_back_its_sample(tmp_path: Path) -> None:
    """Without the deal, draws are recorded without the card; at the end the hands are shown
    (`tag EndHands …`), checked against what each player was seen to take (K-HIDDEN), and the
    result they give is written: the log is the sample's, EndHands and all."""
    typed = typed_game(ROOT / "samples/korsar/legal/no-deal.korsar")
    end_hands = next(arg for arg in typed.header if arg.startswith("EndHands="))[len("EndHands="):]
    log = tmp_path / "table.korsar"
    wrong = end_hands.replace("C: $3", "C: -")
    done = play(log, typed.entries + [f"tag EndHands {wrong}", f"tag EndHands {end_hands}"],
                "--game", "Korsar", "--players", " ".join(typed.players))
    verdicts = done.stdout.splitlines()
    assert done.returncode == 1
    refused = next(index for index, line in enumerate(verdicts) if "error[" in line)
    assert "error[K-HIDDEN]" in verdicts[refused]
    assert verdicts[-1].startswith("[EndHands ")
    assert log.read_text(encoding="utf-8") == typed.expected
    judged_legal_and_canonical(log)


def test_an_empty_file_is_where_a_new_game_starts(tmp_path: Path) -> None:
    log = tmp_path / "g.korsar"
    log.write_text("\n", encoding="utf-8")
    done = play(log, ["# the first round", "", "A: draw"], "--game", "Korsar", "--players", "A B")
    assert done.returncode == 0 and done.stdout == "recorded 1: A: draw (round 1 begins)\n"
    assert log.read_text(encoding="utf-8") == '[Game "Korsar"]\n[Players "A B"]\n[Result "*"]\n\n1. A: draw\n'


def test_a_log_is_played_in_one_session_at_a_time(tmp_path: Path) -> None:
    """Two sessions on one log would each rewrite it whole, and one's entries would vanish
    under the other's: the second is refused (exit 2, naming the first's process) until the
    first ends, and the lock the first leaves behind, even killed, holds nothing."""
    log = tmp_path / "table.korsar"
    first = _korsar_session_with_one_entry(log)
    second = play(log, ["B: draw"])
    assert second.returncode == 2, second.stdout + second.stderr
    assert f"{log} is being played in another session (process {first.pid})" in second.stderr
    assert second.stdout == "" and "Traceback" not in second.stderr
    first.stdin.close()
    assert first.wait(timeout=60) == 0
    assert not (tmp_path / ".table.korsar.lock").exists()
    again = play(log, ["B: draw"])
    assert again.returncode == 0 and again.stdout.startswith("recorded 2: B: draw"), again.stdout + again.stderr

    killed = subprocess.Popen([sys.executable, "-m", "referee", "play", str(log)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert killed.stdin is not None and killed.stdout is not None
    killed.stdin.write("A: draw\n")
    killed.stdin.flush()
    assert killed.stdout.readline().startswith("recorded 3: A: draw")
    killed.kill()
    killed.wait(timeout=60)
    assert (tmp_path / ".table.korsar.lock").exists()  # left by the killed session, and held by no one
    after = play(log, ["B: draw"])
    assert after.returncode == 0 and after.stdout.startswith("recorded 4: B: draw"), after.stdout + after.stderr
    assert not (tmp_path / ".table.korsar.lock").exists()


def test_a_seed_is_refused_for_a_game_no_seed_deals_rather_than_dropped(tmp_path: Path) -> None:
    for game, players in (("perroquets", "Anna Ben"), ("spanish-main", "Anna Ben")):
        log = tmp_path / f"g{GAMES[game].extensions[0]}"
        done = play(log, [], "--game", game, "--players", players, "--seed", "club-night")
        assert done.returncode == 2 and "is not dealt by a seed" in done.stderr, done.stderr
        assert not log.exists()
    log = tmp_path / "g.corsari"
    assert play(log, [], "--game", "corsari", "--players", "A B C", "--seed", "club-night").returncode == 0
    assert '[Seed "club-night"]' in log.read_text(encoding="utf-8")


def test_a_face_down_card_is_named_by_no_entry_offered(tmp_path: Path) -> None:
    """A seeded Corsari deck is known to the engine, not to the table: neither Tab nor `moves`
    offers an entry that names the card a take from the deck draws (a discard of it, a raise
    after it); the entry is still recorded when its taker types it."""
    session = Session.new(str(tmp_path / "g.corsari"), GAMES["corsari"],
                          [("Players", "A B C"), ("First", "A"), ("Seed", "corsari3-65")])
    state = session.engine.current
    top, hand = state.deck[-1], set(state.hands[0])
    assert top not in hand  # the seed deals A a hand without the deck's top card
    offered = [text for _, _, texts in session.legal_entries().runs() for text in texts]
    assert offered and not any(top in text.split() or f"-{top}" in text for text in offered)
    assert not any(text.startswith("deck") and "raise" in text for text in offered)
    assert {f"deck -{card}" for card in hand} <= set(offered)
    listed = play(tmp_path / "g.corsari", ["moves all"])
    assert f"-{top} " not in listed.stdout + " " and f"-{top}\n" not in listed.stdout
    assert session.enter(f"A: deck -{top}").status == "recorded"


def test_moves_sums_up_a_long_listing_by_kind_and_lists_every_entry_when_asked(tmp_path: Path) -> None:
    log = tmp_path / "g.corsari"
    done = play(log, ["moves", "moves all"], "--game", "corsari", "--players", "A B C", "--seed", "corsari3-65",
                "--format", "jsonl")
    summed, every = (json.loads(line)["lines"] for line in done.stdout.splitlines())
    assert len(summed) <= 40 and "by kind" in summed[0] and "'moves all'" in summed[0]
    assert any(line.startswith("  take (A, ") and "A: deck -" in line and "A: pile -" in line for line in summed)
    count = int(summed[0].split()[0])
    assert every[0] == f"{count} legal entries:" and len(every) > 40


def test_the_reveal_is_offered_once_the_draws_of_a_hidden_round_are_made(tmp_path: Path) -> None:
    """After the hidden draws of a round the reveal is due (P-REVEAL): Tab and `moves` offer it,
    every way the draws may turn face up, not only 'none'; once made, it is offered no more."""
    typed = typed_game(ROOT / "samples/perroquets/legal/p-example-4-meeting.perroquets")
    header = [tuple(arg.split("=", 1)) for arg in typed.header[5::2]] + [("Players", " ".join(typed.players))]
    session = Session.new(str(tmp_path / "g.perroquets"), GAMES["perroquets"], header)
    for entry in typed.entries[:typed.entries.index("Y: draw A B") + 1]:
        assert session.enter(entry).status == "recorded"
    reveals = [texts for player, kind, texts in session.legal_entries().runs() if kind == "reveal"]
    assert reveals and len(reveals[0]) > 1000 and all(text.startswith("X A") for text in reveals[0][:5])
    assert session.enter(f"reveal: {reveals[0][0]}").status == "recorded"
    assert not [kind for _, kind, _ in session.legal_entries().runs() if kind == "reveal"]
    assert {"none", "take"} >= {text.split()[0] for _, _, texts in session.legal_entries().runs() for text in texts}


def test_an_entry_is_appended_and_the_log_written_whole_only_when_an_earlier_line_changes(tmp_path: Path) -> None:
    """An entry adds to the log's last round, or a round after it: the bytes before stay as they
    are and the file is the same one (written in place, flushed). The Result tag at the game's
    end, undo and a tag change earlier lines: the log is written whole, renamed into place."""
    typed = typed_game(PLAYED["korsar"])
    log = tmp_path / "g.korsar"
    session = Session.new(str(log), GAMES["korsar"], [("Players", "A B C"), ("Seed", "solo3-39")])
    for entry in typed.entries[:-1]:
        before, inode = log.read_bytes(), log.stat().st_ino
        assert session.enter(entry).status == "recorded"
        after = log.read_bytes()
        assert log.stat().st_ino == inode, entry
        assert after.startswith(before.rstrip(b"\n")) and len(after) > len(before)
        assert check_text("g", after.decode("utf-8")).ok
    inode = log.stat().st_ino
    assert session.enter(typed.entries[-1]).over
    assert log.stat().st_ino != inode and log.read_text(encoding="utf-8") == typed.expected
    inode = log.stat().st_ino
    assert session.undo() == typed.entries[-1]
    assert log.stat().st_ino != inode and '[Result "*"]' in log.read_text(encoding="utf-8")
    inode = log.stat().st_ino
    assert session.set_tag("Event", "Club night") == []
    assert log.stat().st_ino != inode and '[Event "Club night"]' in log.read_text(encoding="utf-8")
    assert session.enter(typed.entries[-1]).over
    assert log.read_text(encoding="utf-8") == typed.expected.replace('[Players', '[Event "Club night"]\n[Players')


def test_a_change_made_to_the_log_by_another_program_is_read_again_never_lost(tmp_path: Path) -> None:
    """Another program edits the log during a session (a tag added, an entry written by hand):
    the next entry finds it, reads the log again as at the start, and is judged after it. An edit
    that leaves a log no game can go on from ends the session, the edit kept."""
    from referee.play.session import LogChanged

    typed = typed_game(PLAYED["korsar"])
    log = tmp_path / "g.korsar"
    session = Session.new(str(log), GAMES["korsar"], [("Players", "A B C"), ("Seed", "solo3-39")])
    for entry in typed.entries[:4]:
        session.enter(entry)
    text = log.read_text(encoding="utf-8")
    log.write_text(text.replace('[Players', '[Event "Cafe"]\n[Players').rstrip("\n") + f"  {typed.entries[4]}\n",
                   encoding="utf-8")
    judgement = session.enter(typed.entries[5])
    assert judgement.status == "recorded" and judgement.move == 6, judgement
    assert judgement.changes[0] == f"{log} was changed by another program: read again, 5 moves"
    written = log.read_text(encoding="utf-8")
    assert '[Event "Cafe"]' in written and typed.entries[4] in written and typed.entries[5] in written
    assert check_text("g", written).ok
    log.write_text(written.replace(typed.entries[5], "A: %%%"), encoding="utf-8")
    edited = log.read_text(encoding="utf-8")
    with pytest.raises(LogChanged):
        session.enter(typed.entries[6])
    assert log.read_text(encoding="utf-8") == edited


def test_a_log_changed_during_a_session_into_one_that_cannot_go_on_ends_it(tmp_path: Path) -> None:
    log = tmp_path / "g.korsar"
    process = _korsar_session_with_one_entry(log)
    log.write_text(log.read_text(encoding="utf-8") + "2. Nobody: draw\n", encoding="utf-8")
    edited = log.read_text(encoding="utf-8")
    out, err = process.communicate("B: draw\n", timeout=60)
    assert process.returncode == 1, out + err
    assert "was changed by another program during the session" in err and "Traceback" not in err
    assert log.read_text(encoding="utf-8") == edited


def test_a_fifo_is_refused_as_a_log(tmp_path: Path) -> None:
    """Opening a FIFO to read it waits for a writer that never comes: refused unopened, as every
    command that reads logs refuses one."""
    import os

    fifo = tmp_path / "pipe.korsar"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "referee", "play", str(fifo)], input="A: draw\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=30)
    assert done.returncode == 2 and "a FIFO, not a regular file" in done.stderr, done.stderr


def test_tab_offers_the_legal_entries_a_word_at_a_time(tmp_path: Path) -> None:
    """A Corsari turn has thousands of legal entries (every raise of every crew): Tab offers
    the next word of them — the player, the kind of take, then the card — never thousands of
    whole entries; an entry alone behind what is typed is offered whole."""
    from referee.cli.play import entry_completions

    session = Session.new(str(tmp_path / "g.corsari"), GAMES["corsari"],
                          [("Players", "A B C"), ("First", "A"), ("Seed", "corsari3-65")])
    every = sum(len(texts) for _, _, texts in session.legal_entries().runs())
    assert every > 1000
    first = [completion.text for completion in entry_completions(session, "")]
    assert "A:" in first and len(first) < 20  # the player first (and the commands)
    kinds = [completion.text for completion in entry_completions(session, "A: ")]
    assert set(kinds) == {"deck", "pile", "quay"}, kinds
    cards = [completion.text for completion in entry_completions(session, "A: pile ")]
    assert cards and len(cards) < 40 and all(text.startswith("-") for text in cards)
    whole = list(entry_completions(session, "hel"))
    assert [completion.text for completion in whole] == ["help"]
    for completion in entry_completions(session, "A: pile " + cards[0]):  # typed on from a word offered
        assert completion.start_position == -len(cards[0])


def test_a_tag_the_referee_keeps_is_refused_with_a_note_about_that_tag(tmp_path: Path) -> None:
    session = Session.new(str(tmp_path / "g.corsari"), GAMES["corsari"], [("Players", "A B C"), ("First", "A"), ("Seed", "corsari3-65")])
    (game,) = session.set_tag("Game", "Corsari")
    assert game.code == "N-TAG" and "Game tag" in game.message
    assert not any("Result" in note for note in game.notes) and "names the game" in game.notes[0]
    (result,) = session.set_tag("Result", "A")
    assert "Result tag says '*'" in result.notes[0]


def test_help_and_notes_end_their_sentences(tmp_path: Path) -> None:
    """No line of help, and no note of a listing, is cut in the middle of a sentence."""
    from referee.cli.play import COMMANDS

    assert COMMANDS["quit"].endswith("goes on from it")
    session = Session.new(str(tmp_path / "g.corsari"), GAMES["corsari"], [("Players", "A B C"), ("First", "A"), ("Seed", "corsari3-65")])
    notes = session.rules.legal_entries(session.engine).notes
    assert notes and all(not note.rstrip().endswith(("need not", "the", "a", "and", "or")) for note in notes)


def test_a_log_the_configuration_gives_its_data_is_played_taken_back_and_told_on_that_data(tmp_path: Path) -> None:
    """A log whose board comes from the configuration's data table (no --data) is judged on it
    by every replay of the session: `why N` tells the entry, `undo` takes one back, as `show
    --move N` tells it too. Before, the session's own replays had no board: why told nothing
    and undo stopped with an internal error."""
    boards = ROOT / "samples/perroquets/boards"
    (tmp_path / "lagoon-9.json").write_bytes((boards / "lagoon-9.json").read_bytes())
    (tmp_path / "referee.toml").write_text('[data]\n"*.perroquets" = ["lagoon-9.json"]\n', encoding="utf-8")
    log = tmp_path / "game.perroquets"
    log.write_bytes((boards / "lagoon-game.perroquets").read_bytes())
    done = subprocess.run([sys.executable, "-m", "referee", "play", str(log)], input="why 3\nundo\nwhy\n",
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    said = done.stdout.splitlines()
    assert said[:2] == ["move 3: Cleo: ship b4", "  Cleo places his ship on b4 (P-SETUP-SHIPS)"], said
    assert any(line.startswith("undone: ") for line in said) and "internal error" not in done.stderr
    shown = subprocess.run([sys.executable, "-m", "referee", "show", "--move", "3", str(log)],
                           capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert "What move 3 did:" in shown.stdout and "P-SETUP-SHIPS" in shown.stdout, shown.stdout + shown.stderr


def _korsar_session_with_one_entry(log: Path) -> subprocess.Popen[str]:
    """A `play` process started on a new two-player Korsar log, its first entry recorded."""
    process = subprocess.Popen([sys.executable, "-m", "referee", "play", str(log), "--game", "Korsar",
                                "--players", "A B", "--seed", "club"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("A: draw\n")
    process.stdin.flush()
    assert process.stdout.readline().startswith("recorded 1: A: draw")
    return process
