#!/usr/bin/env python3
"""How long a person at the table waits on `referee play`, game by game.

Run from the repository root::

    python bench/play.py            # every game
    python bench/play.py --seeds 4  # fewer games tried for the longest one (quicker)
    python bench/play.py --long     # an entry typed into long logs, against a whole rewrite

For each game it plays seeded games with the project's own generator (as `referee
simulate` does) and keeps the longest, then types that game's entries into a play
session one by one, from its middle to its end, and times, for each entry:

  completions  the legal entries offered after it (`GameRules.legal_entries`, what Tab
               completes and what the prompt names), computed afresh in the state it leaves
  judge        the entry read, judged, recorded and written to the log and flushed to
               disk (`Session.enter`: everything between Enter and the next prompt;
               the entry is appended in place, the log written whole only where an
               earlier line changes)
  rewrite      the log written whole, timed after it, as the game's end, undo and a
               tag write it: canonical text, temporary file, fsync, rename and the
               folder's fsync (`Session.rewrite`)
  append       beside it, what appending the entry's line and an fsync to a file
               costs, the floor of any durable write
  to prompt    judge, then the completions of the next entry, which the prompt
               needs to say whose entry is due and of what kind: the wait between
               Enter and the next prompt

Each figure is the median and the worst over those entries, in milliseconds; the
bar is 50 ms between Enter and the prompt. The log is written in a temporary
folder on the same file system as the system's temporary files.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games import GAMES  # noqa: E402
from referee.play.session import Session  # noqa: E402
from longest import SETUPS, longest_record  # noqa: E402

BAR_MS = 50.0


def longest_game(game: str, seeds: int) -> tuple[list[tuple[str, str]], list[str]]:
    record = longest_record(game, seeds, "play-bench")
    tags = [(tag.name, tag.value) for tag in record.tags if tag.name not in ("Game", "Result")]
    return tags, [turn.written() for turn in record.turns()]


def milliseconds(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:6.2f} {max(values) * 1000:7.2f}"


def bench(game: str, seeds: int, folder: str) -> str:
    tags, entries = longest_game(game, seeds)
    rules = GAMES[game]
    path = os.path.join(folder, f"bench{rules.extensions[0]}")
    session = Session.new(path, rules, tags)
    half = len(entries) // 2
    for entry in entries[:half]:
        session.enter(entry)
    completions: list[float] = []
    judged: list[float] = []
    written: list[float] = []
    appended: list[float] = []
    prompted: list[float] = []
    offered = 0
    side = os.path.join(folder, "append.log")
    for entry in entries[half:]:
        start = time.perf_counter()
        judgement = session.enter(entry)
        judged.append(time.perf_counter() - start)
        assert judgement.status == "recorded", judgement
        start = time.perf_counter()
        session.due()  # the legal entries of the state the entry leaves, computed afresh
        completions.append(time.perf_counter() - start)
        prompted.append(judged[-1] + completions[-1])
        offered += sum(len(texts) for _, _, texts in session.legal_entries().runs())
        start = time.perf_counter()
        session.rewrite()
        written.append(time.perf_counter() - start)
        start = time.perf_counter()
        with open(side, "a", encoding="utf-8") as stream:
            stream.write(entry + "\n")
            stream.flush()
            os.fsync(stream.fileno())
        appended.append(time.perf_counter() - start)
    size = os.path.getsize(path)
    return (f"{rules.name:<28} {len(entries):5} {size:7} {milliseconds(completions)} {offered / len(completions):7.1f} "
            f"{milliseconds(judged)} {milliseconds(written)} {milliseconds(appended)} {milliseconds(prompted)}")


LONG_ROUNDS = (1_000, 10_000, 60_000)
"""Rounds of the long Spanish Main logs an entry is typed into (one short entry a round)."""


def long_logs(folder: str, entries: int = 20) -> None:
    """An entry typed into a long canonical log, as a log grows over an evening and beyond:
    its cost must not grow with the log (the entry is appended), where a whole rewrite's does."""
    print(f"{'rounds':>8} {'bytes':>9} {'judge':>14} {'rewrite':>14}")
    rules = GAMES["spanish-main"]
    sample = Path(__file__).resolve().parent.parent / "samples" / "spanish-main" / "legal" / "short-game.spanish-main"
    head = "\n".join(line for line in sample.read_text(encoding="utf-8").split("1. Anna:")[0].splitlines()
                     if not line.startswith(";")).rstrip() + "\n"
    for rounds in LONG_ROUNDS:
        path = os.path.join(folder, f"long-{rounds}{rules.extensions[0]}")
        names = ("Anna", "Ben")
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(head + "".join(f"{number}. {names[(number - 1) % 2]}: end\n"
                                        for number in range(1, rounds + 1)))
        session = Session.resume(path)
        judged: list[float] = []
        written: list[float] = []
        for number in range(rounds + 1, rounds + entries + 1):
            start = time.perf_counter()
            judgement = session.enter(f"{names[(number - 1) % 2]}: end")
            judged.append(time.perf_counter() - start)
            assert judgement.status == "recorded", judgement
            start = time.perf_counter()
            session.rewrite()
            written.append(time.perf_counter() - start)
        print(f"{rounds:8} {os.path.getsize(path):9} {milliseconds(judged)} {milliseconds(written)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=12, help="seeded games tried for each game's longest")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only this game (repeatable)")
    parser.add_argument("--long", action="store_true", help="only the long logs (an entry typed into "
                        + ", ".join(f"{rounds:,}" for rounds in LONG_ROUNDS) + " rounds)")
    arguments = parser.parse_args()
    if arguments.long:
        with tempfile.TemporaryDirectory(prefix="referee-play-bench-") as folder:
            long_logs(folder)
        return
    print(f"{'game':<28} {'moves':>5} {'bytes':>7} {'completions':>14} {'offered':>7} {'judge':>14} "
          f"{'rewrite':>14} {'append':>14} {'to prompt':>14}")
    print(f"{'':<28} {'':>5} {'':>7} {'median  worst':>14} {'':>7}" + f" {'median  worst':>14}" * 4)
    with tempfile.TemporaryDirectory(prefix="referee-play-bench-") as folder:
        for game in arguments.game or list(SETUPS):
            print(bench(game, arguments.seeds, folder), flush=True)
    print(f"milliseconds per entry, over the second half of each game; the bar is {BAR_MS:.0f} ms "
          "between Enter and the next prompt")


if __name__ == "__main__":
    main()
