"""Fuzzing `referee play`: `python -m fuzz.play --seconds 600 [--seed S]`.

Each step plays a seeded game (as `referee simulate` plays it) through a few `referee play`
processes on one log, typing into each, one line at a time and reading each verdict, a
random mix of the game's next entry, entries damaged or typed by the wrong player, random
text and bytes, undo, tags, and listings (show, moves, why, score, help, rules); each
process ends at the end of its script (standard input closed) or is killed outright
(SIGKILL) between two entries or while one is being written. What must hold:

- no process exits 3 (an internal error) or prints a traceback;
- a listing changes nothing: the state `show` prints, and the log's bytes, are the same
  before and after it;
- the log on disk, after every process, is one `check` reads (legal, but for what it says
  of a game's end), canonical, and one `play` resumes, holding every entry confirmed and
  at most the one being written when the process was killed.

It stops at the first step that breaks one, and leaves the log, and the lines typed, in
`fuzz-play-failure/`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from fuzz.invariants import InvariantBroken
from referee.games import GAMES
from referee.pipeline.replay import check_bytes
from referee.play.session import Unplayable, Session
from referee.simulate import random_game

ROOT = Path(__file__).resolve().parent.parent

SETUPS = {"korsar": ["A", "B", "C"], "corsari": ["A", "B", "C"], "perroquets": ["A", "B", "C"],
          "spanish-main": ["Anna", "Ben"]}
LISTINGS = ["moves", "why", "score", "help", "rules K-TARGET", "rules", "show"]
END_FINDINGS = ("S-SETUP", "K-HIDDEN", "K-END", "C-END", "P-END", "S-END")
"""What `check` may say of a log's end that `play` leaves for the game's end."""


@dataclass(slots=True)
class Game:
    """A game to type: its header on the command line and its entries in order."""

    name: str
    header: list[str]
    entries: list[str]


@dataclass(slots=True)
class Step:
    """What one step did, kept to say what broke."""

    typed: list[str] = field(default_factory=list)

    def note(self, line: str) -> None:
        self.typed.append(line)


def seeded_game(rng: random.Random) -> Game:
    name = rng.choice(sorted(SETUPS))
    rules = GAMES[name]
    players = SETUPS[name]
    record, _ = random_game(rules, players, False, f"fuzz-play-{rng.randrange(1 << 30)}")
    header = ["--game", rules.name, "--players", " ".join(players)]
    for tag in record.tags:
        if tag.name not in ("Game", "Players", "Result"):
            header += ["--tag", f"{tag.name}={tag.value}"]
    entries = [turn.written() for turn in record.turns()]
    return Game(name, header, entries)


def damaged(entry: str, game: Game, rng: random.Random) -> str:
    """An entry as a tired hand types it: a letter changed, a word dropped or doubled, the
    wrong player, random text, a comment."""
    player, _, body = entry.partition(": ")
    choice = rng.randrange(7)
    if choice == 0 and body:
        at = rng.randrange(len(body))
        return f"{player}: {body[:at]}{rng.choice('AZaz019@$-=/ .')}{body[at + 1:]}"
    if choice == 1:
        words = body.split()
        if words:
            del words[rng.randrange(len(words))]
        return f"{player}: {' '.join(words)}"
    if choice == 2:
        others = [p for p in SETUPS[game.name] + ["Nobody"] if p != player]
        return f"{rng.choice(others)}: {body}"
    if choice == 3:
        return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0xA0, 0x2FF)]))
                       for _ in range(rng.randrange(1, 40)))
    if choice == 4:
        return f"{entry} {{{rng.choice(['note', 'a } b', '', 'x' * rng.randrange(200)])}}}"
    if choice == 5:
        return f"{rng.randrange(0, 400)}. {entry}"
    return f"{entry} {entry}"


def _start(log: Path, game: Game, step: Step) -> subprocess.Popen[bytes]:
    header = [] if log.exists() else game.header
    step.note(f"# referee play {log.name} {' '.join(header)}")
    return subprocess.Popen([sys.executable, "-m", "referee", "--debug", "play", str(log), *header,
                             "--format", "jsonl"],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _say(process: subprocess.Popen[bytes], line: str, step: Step) -> dict | None:
    """Type one line and read its verdict; None when the process ended instead."""
    assert process.stdin is not None and process.stdout is not None
    step.note(line)
    try:
        process.stdin.write(line.encode("utf-8", "surrogateescape") + b"\n")
        process.stdin.flush()
    except (BrokenPipeError, OSError):
        return None
    answer = process.stdout.readline()
    if not answer:
        return None
    try:
        return json.loads(answer)
    except ValueError as error:
        raise InvariantBroken(f"a verdict that is not JSON: {answer[:200]!r}") from error


def _ended(process: subprocess.Popen[bytes], killed: bool) -> None:
    """The process's end: never exit 3, never a traceback."""
    assert process.stdout is not None and process.stderr is not None
    try:
        process.wait(timeout=120)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise InvariantBroken("play did not end once its input was closed") from None
    process.stdout.close()
    text = process.stderr.read().decode("utf-8", "replace")
    process.stderr.close()
    if killed and process.returncode == -signal.SIGKILL:
        return
    if process.returncode not in (0, 1) or "Traceback" in text or "internal error" in text:
        raise InvariantBroken(f"play exited {process.returncode}: {text[-2000:]}")


def _log_holds(log: Path, held: list[str], maybe_one_more: bool) -> int:
    """The log is one check reads, canonical, and one play resumes, holding the entries
    recorded (`held`, as the verdicts wrote them) and, when a kill fell while one was written,
    perhaps that one too (added to `held`): how many it holds."""
    data = log.read_bytes()
    report = check_bytes(str(log), data, canonical=True)
    errors = [d for d in report.all_diagnostics() if d.is_error and d.code not in END_FINDINGS]
    if len(report.games) != 1 or errors:
        raise InvariantBroken(f"check finds {[(d.code, d.message) for d in errors][:3]} in the log")
    from referee.formatting import canonical_game

    if canonical_game(report.games[0]) != data.decode("utf-8"):
        raise InvariantBroken("the log is not canonical")
    try:
        session = Session.resume(str(log))
    except Unplayable as refusal:
        raise InvariantBroken(f"play does not resume the log: {refusal.message}") from None
    found = [turn.written() for turn in session.record.turns()]
    if found[:len(held)] != held or len(found) - len(held) not in ((0, 1) if maybe_one_more else (0,)):
        raise InvariantBroken(f"the log holds {len(found)} entries, not the {len(held)} recorded: "
                              f"{[pair for pair in zip(found, held) if pair[0] != pair[1]][:2]}")
    held[:] = found
    return session.entries_played


def play_step(rng: random.Random, folder: Path, step: Step) -> None:
    """One game typed through a few processes on one log."""
    game = seeded_game(rng)
    log = folder / f"fuzz{GAMES[game.name].extensions[0]}"
    done = 0  # the entries of `game` the log holds
    held: list[str] = []  # the same, as recorded
    for _ in range(rng.randint(1, 4)):
        if done >= len(game.entries):
            break
        process = _start(log, game, step)
        killed = False
        writing = False  # a kill fell while an entry may have been written
        for _ in range(rng.randint(0, 25)):
            roll = rng.random()
            if roll < 0.05:  # killed now: between two entries, or while one is written
                if done < len(game.entries) and rng.random() < 0.5:
                    assert process.stdin is not None
                    step.note(game.entries[done] + "   (killed while written)")
                    try:
                        process.stdin.write(game.entries[done].encode() + b"\n")
                        process.stdin.flush()
                    except OSError:
                        pass
                    time.sleep(rng.uniform(0, 0.05))
                    writing = True
                process.kill()
                killed = True
                break
            if roll < 0.55:
                if done >= len(game.entries):
                    continue
                verdict = _say(process, game.entries[done], step)
                if verdict is None:
                    break
                if verdict.get("verdict") != "recorded":
                    raise InvariantBroken(f"the game's next entry {game.entries[done]!r} was refused: {verdict}")
                held.append(verdict["entry"])
                done += 1
            elif roll < 0.65:
                verdict = _say(process, "undo", step)
                if verdict is None:
                    break
                if done and verdict.get("verdict") != "done":
                    raise InvariantBroken(f"undo with {done} entries: {verdict}")
                done = max(0, done - 1)
                del held[done:]
            elif roll < 0.8:
                _listing(process, log, rng.choice(LISTINGS), step)
            elif roll < 0.85:
                value = "".join(rng.choice("abc xyz-é") for _ in range(rng.randrange(1, 20))).strip() or "x"
                verdict = _say(process, f"tag Event {value}", step)
                if verdict is None:
                    break
            else:
                typed = damaged(game.entries[done] if done < len(game.entries) else game.entries[-1], game, rng)
                if "\n" in typed or "\r" in typed:
                    continue
                verdict = _say(process, typed, step)
                if verdict is None:
                    break
                if verdict.get("verdict") == "recorded":  # another legal entry: taken back, to go on
                    undone = _say(process, "undo", step)
                    if undone is None or undone.get("verdict") != "done":
                        raise InvariantBroken(f"undo after {typed!r}: {undone}")
        assert process.stdin is not None
        try:
            process.stdin.close()
        except OSError:
            pass
        _ended(process, killed)
        if log.exists():
            done = _log_holds(log, held, writing)


def _listing(process: subprocess.Popen[bytes], log: Path, command: str, step: Step) -> None:
    """`show`, the listing, `show` again: the state and the log as they were."""
    first = _say(process, "show", step)
    if first is None:
        return
    before = log.read_bytes()  # written once the process has answered
    listed = _say(process, command, step)
    again = _say(process, "show", step)
    if first is None or listed is None or again is None:
        return
    if first.get("lines") != again.get("lines"):
        raise InvariantBroken(f"`{command}` changed the state `show` prints")
    if log.read_bytes() != before:
        raise InvariantBroken(f"`{command}` changed the log")


def run(seconds: float, seed: str, steps: int | None = None, quiet: bool = False,
        kept: Path = Path("fuzz-play-failure")) -> int:
    """Fuzz for `seconds` (or `steps` steps); 1 at the first broken invariant, whose log and
    lines typed are left in `kept`."""
    rng = random.Random(seed)
    start = time.perf_counter()
    number = 0
    with tempfile.TemporaryDirectory(prefix="referee-fuzz-play-") as where:
        folder = Path(where)
        while (steps is None and time.perf_counter() - start < seconds) or (steps is not None and number < steps):
            number += 1
            step = Step()
            for leftover in folder.iterdir():
                leftover.unlink()
            try:
                play_step(rng, folder, step)
            except InvariantBroken as error:
                shutil.rmtree(kept, ignore_errors=True)
                shutil.copytree(folder, kept)
                (kept / "typed.txt").write_text("\n".join(step.typed) + "\n", encoding="utf-8")
                print(f"step {number}: {error} (the log and the lines typed are in {kept}/)", file=sys.stderr)
                return 1
            if not quiet:
                print(f"{number} games, {time.perf_counter() - start:.0f} s, no invariant broken", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fuzz.play")
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--seed", default="referee")
    arguments = parser.parse_args(argv)
    os.environ.pop("PYTHONUNBUFFERED", None)
    return run(arguments.seconds, arguments.seed)


if __name__ == "__main__":
    raise SystemExit(main())
