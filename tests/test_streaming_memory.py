"""A large log is judged with memory that does not grow with it: the referee holds
one batch of games at a time, whatever the size of the file."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import ROOT

PROBE = textwrap.dedent("""
    import io, sys
    from referee.cli import cli
    from referee.pipeline.runner import Judged, run_units
    from referee.pipeline.fileio import Input
    from click.testing import CliRunner

    game = CliRunner().invoke(cli, ["simulate", "--game", "korsar", "--players", "4", "--seed", "m",
                                    "--count", "20"]).output.encode()
    copies = int(sys.argv[1])

    class Repeated(io.RawIOBase):
        '''The same games over and over, made as they are read: the input is never in memory.'''
        def __init__(self):
            self.position = 0
        def readable(self):
            return True
        def seekable(self):
            return True
        def seek(self, offset, whence=0):
            self.position = offset
            return offset
        def tell(self):
            return self.position
        def readinto(self, buffer):
            total = len(game) * copies
            if self.position >= total:
                return 0
            start = self.position % len(game)
            piece = game[start:start + len(buffer)][: total - self.position]
            buffer[: len(piece)] = piece
            self.position += len(piece)
            return len(piece)

    games = moves = 0
    stream = io.BufferedReader(Repeated())
    for event in run_units([Input("-")], jobs=1, stdin=stream):
        if isinstance(event, Judged):
            games += len(event.result["games"])
            moves += sum(g["moves"] for g in event.result["games"] if g["verdict"] == "legal")
    with open("/proc/self/status") as status:  # this process's own peak (ru_maxrss would count the parent's)
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    print(games, moves, len(game) * copies, peak // 1024)
""")


def peak(copies: int) -> tuple[int, int, int, int]:
    done = subprocess.run([sys.executable, "-c", PROBE, str(copies)], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    games, moves, size, megabytes = map(int, done.stdout.split())
    return games, moves, size, megabytes


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak from /proc")
def test_memory_stays_flat_as_the_input_grows():
    medium = peak(100)
    large = peak(400)
    assert medium[0] == 2000 and large[0] == 8000
    assert large[1] == 4 * medium[1] and large[2] > 10 * (1 << 20)
    # a few MiB of noise (allocator, caches warming up), but nothing that follows the input's size
    assert abs(large[3] - medium[3]) < 10, f"peak went from {medium[3]} to {large[3]} MiB"
    assert large[3] < 100
