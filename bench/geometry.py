#!/usr/bin/env python3
"""How long level 2 takes to judge the geometry of one Spanish Main entry.

Run from the repository root where the project is installed with its geometry extra::

    python bench/geometry.py [--rounds N]

Each legal level-2 sample is replayed N times (default 200) at level 2 and at level 1;
every entry is timed as the engine plays it. The figure for a kind of entry (a move, a
shot, coming about, placing a ship…) is the median time at level 2, the median at level 1,
and their difference: what measuring its geometry costs. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.games import GAMES  # noqa: E402
from referee.games.base import JudgeOptions  # noqa: E402
from referee.notation.reader import read_games  # noqa: E402
from referee.pipeline.source import Source  # noqa: E402

LEGAL = sorted((ROOT / "samples" / "spanish-main" / "legal").glob("level2-*.spanish-main"))


def timings(level: str, rounds: int) -> dict[str, list[float]]:
    options = JudgeOptions(settings={"level": level})
    found: dict[str, list[float]] = defaultdict(list)
    rules = GAMES["spanish-main"]
    records = []
    for path in LEGAL:
        for read in read_games(str(path), Source.from_text(str(path), path.read_text(encoding="utf-8")).lines):
            records.append(read.record)
    for _ in range(rounds):
        for record in records:
            engine = rules.new_engine(record, options)
            for round_ in record.rounds:
                assert engine.start_round(round_.number) is None
                for turn in round_.turns:
                    start = time.perf_counter()
                    violation = engine.play(turn.player, turn.action)
                    found[turn.action.verb].append(time.perf_counter() - start)
                    assert violation is None, violation
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200, help="replays of each sample (default 200)")
    args = parser.parse_args()
    level2, level1 = timings("2", args.rounds), timings("1", args.rounds)
    print(f"{len(LEGAL)} level-2 samples replayed {args.rounds} times; median microseconds an entry")
    print(f"{'entry':10} {'count':>8} {'level 2':>9} {'level 1':>9} {'geometry':>9}")
    for verb in sorted(level2, key=lambda v: -statistics.median(level2[v])):
        two, one = statistics.median(level2[verb]) * 1e6, statistics.median(level1[verb]) * 1e6
        print(f"{verb:10} {len(level2[verb]):8,} {two:9.0f} {one:9.0f} {two - one:9.0f}")


if __name__ == "__main__":
    main()
