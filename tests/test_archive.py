"""select, join, split and duplicates: games copied exactly as written."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.pipeline.replay import check_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
EXAMPLE = SAMPLES / "korsar" / "legal" / "k-example.korsar"
MULTI = SAMPLES / "korsar" / "legal" / "multi-game.korsar"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def games_of(text: str) -> list[str]:
    return [game.record.tag_value("Players") or "" for game in check_text("x.korsar", text).games]


def test_select_by_player_copies_matching_games_exactly(tmp_path: Path) -> None:
    out = tmp_path / "a.korsar"
    code, _, err = run("select", str(SAMPLES / "korsar" / "legal"), "--player", "F", "-o", str(out))
    assert code == 0
    assert err.strip().endswith("games selected")
    text = out.read_text()
    selected = check_text(str(out), text).games
    assert selected and all("F" in game.record.tag_value("Players").split() for game in selected)
    # Each selected game is the very text of the original file.
    for game in selected:
        assert game.verdict == "legal"
    six = (SAMPLES / "korsar" / "legal" / "teams-6-players.korsar").read_text()
    assert six.rstrip("\n") in text


def test_select_combines_tests_and_reports_no_match_with_exit_1(tmp_path: Path) -> None:
    code, out, err = run("select", str(MULTI), "--tag", "Event~HARBOUR", "--player", "D")
    assert code == 0
    assert games_of(out) == ["A B C D"]
    code, out, err = run("select", str(MULTI), "--tag", "Event=nowhere")
    assert code == 1 and out == ""
    assert "0 of 2 games selected" in err


def test_select_by_verdict_and_game(tmp_path: Path) -> None:
    code, out, _ = run("select", str(SAMPLES / "korsar" / "illegal" / "k-pirate.korsar"), str(EXAMPLE),
                       "--verdict", "illegal", "-q")
    assert code == 0
    assert check_text("x", out).games[0].verdict == "illegal"
    assert len(check_text("x", out).games) == 1
    code, out, _ = run("select", str(SAMPLES), "--game", "corsari", "-q")
    assert code == 0
    assert {game.rules.id for game in check_text("x", out).games} == {"corsari"}
    code, _, err = run("select", str(EXAMPLE), "--game", "chess")
    assert code == 2 and "unknown game 'chess'" in err


def test_join_then_duplicates_then_select_unique(tmp_path: Path) -> None:
    joined = tmp_path / "j.korsar"
    again = tmp_path / "again.korsar"
    again.write_text(EXAMPLE.read_text())
    code, _, err = run("join", str(EXAMPLE), str(MULTI), str(again), "-o", str(joined))
    assert code == 0 and "4 games joined from 3 files" in err
    assert len(check_text(str(joined), joined.read_text()).games) == 4
    code, out, err = run("duplicates", str(joined))
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{joined}:") and "game 4 repeats the moves of game 1" in lines[0]
    unique = tmp_path / "u.korsar"
    assert run("select", str(joined), "--unique", "-o", str(unique))[0] == 0
    assert len(check_text(str(unique), unique.read_text()).games) == 3
    code, _, err = run("duplicates", str(unique))
    assert code == 0 and "3 games, 0 repeat an earlier one" in err


def test_comments_and_spacing_do_not_make_a_game_different(tmp_path: Path) -> None:
    respaced = tmp_path / "r.korsar"
    text = EXAMPLE.read_text().replace("1. A: $3  B: draw", "1.  A:  $3 {a thought}   B: draw")
    respaced.write_text(text)
    code, out, _ = run("duplicates", str(EXAMPLE), str(respaced))
    assert code == 1 and "repeats the moves of game 1" in out


def test_split_writes_one_file_per_game_and_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "parts"
    code, _, err = run("split", str(MULTI), "-d", str(target))
    assert code == 0 and "2 games written" in err
    names = sorted(path.name for path in target.iterdir())
    assert names == ["multi-game-0001.korsar", "multi-game-0002.korsar"]
    rejoined = "\n".join((target / name).read_text() for name in names)
    assert rejoined == MULTI.read_text()
    before = (target / names[0]).read_text()
    code, _, err = run("split", str(MULTI), "-d", str(target))
    assert code == 2 and "exists: not overwritten" in err
    assert (target / names[0]).read_text() == before


def test_split_makes_its_directory_only_for_a_readable_log(tmp_path: Path) -> None:
    broken = tmp_path / "broken.korsar"
    broken.write_bytes(b'[Game "Korsar"]\n[Players "A \xff B"]\n\n1. A: draw\n')
    code, _, err = run("split", str(broken), "-d", str(tmp_path / "never"))
    assert code == 2 and "cannot read" in err
    assert not (tmp_path / "never").exists(), "nothing is made for a log that cannot be read"
    empty = tmp_path / "empty.korsar"
    empty.write_text("")
    code, _, err = run("split", str(empty), "-d", str(tmp_path / "made"))
    assert code == 0 and "0 games written" in err
    assert (tmp_path / "made").is_dir() and not any((tmp_path / "made").iterdir())


def test_an_output_that_is_an_input_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "x.korsar"
    log.write_text(EXAMPLE.read_text())
    code, _, err = run("select", str(log), "--player", "A", "-o", str(log))
    assert code == 2 and "is the input" in err and "would lose the log" in err
    assert log.read_text() == EXAMPLE.read_text()


@pytest.mark.parametrize("command", ["select", "join", "duplicates"])
def test_unreadable_input_is_a_usage_error(tmp_path: Path, command: str) -> None:
    bad = tmp_path / "bad.korsar"
    bad.write_bytes(b'[Game "Korsar"]\n\xff\n')
    code, _, err = run(command, str(bad))
    assert code == 2 and "not UTF-8" in err
