"""A large log is judged with memory that does not grow with it: the referee holds
one batch of games at a time, whatever the size of the file."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from tests.conftest import ROOT

PROBE = textwrap.dedent("""
    import io, resource, sys
    from referee.cli import cli
    from referee.runner import Judged, run_units
    from referee.fileio import Input
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
    print(games, moves, len(game) * copies, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
""")


def peak(copies: int) -> tuple[int, int, int, int]:
    done = subprocess.run([sys.executable, "-c", PROBE, str(copies)], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    games, moves, size, megabytes = map(int, done.stdout.split())
    return games, moves, size, megabytes


def test_memory_stays_flat_as_the_input_grows():
    small = peak(8)
    large = peak(400)
    assert small[0] == 160 and large[0] == 8000
    assert large[2] > 10 * (1 << 20) and large[2] == 50 * small[2]
    assert large[3] - small[3] < 8, f"peak grew from {small[3]} to {large[3]} MiB"
    assert large[3] < 100
