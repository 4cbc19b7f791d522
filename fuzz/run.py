"""The long fuzz campaign: `python -m fuzz.run --count 1000000 [--seed S] [--shallow]`.

Feeds mutated samples and random bytes to the referee and checks every
invariant of fuzz.invariants on each; prints throughput as it goes and stops at
the first broken invariant, writing the input to fuzz-failure.bin.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from fuzz.invariants import InvariantBroken, check_input, mutate, seeds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fuzz.run")
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--seed", default="referee")
    parser.add_argument("--deep-every", type=int, default=50,
                        help="check the costly invariants (schema, fmt, JSON) on one input in N")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    corpus = seeds()
    start = time.perf_counter()
    last = start
    for number in range(1, args.count + 1):
        if rng.random() < 0.05:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 512)))
        else:
            data = rng.choice(corpus)
            for _ in range(rng.randrange(1, 4)):
                data = mutate(data, rng)
        try:
            check_input(data, deep=number % args.deep_every == 0)
        except InvariantBroken as error:
            Path("fuzz-failure.bin").write_bytes(data)
            print(f"input {number}: {error} (written to fuzz-failure.bin)", file=sys.stderr)
            return 1
        now = time.perf_counter()
        if now - last >= 10 or number == args.count:
            last = now
            print(f"{number} inputs, {number / (now - start):.0f}/s, no invariant broken", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
