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
            games += len(event.result.games)
            moves += sum(g.moves for g in event.result.games if g.verdict == "legal")
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


COMMAND_PROBE = textwrap.dedent("""
    import atexit, sys
    from referee.cli import main

    def peak():
        with open("/proc/self/status") as status:
            found = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
        sys.stderr.write(f"\\npeak-kib {found}\\n")

    atexit.register(peak)
    sys.argv = ["referee", *sys.argv[1:]]
    main()
""")

COMMANDS = [
    ["check", "{log}"], ["check", "--format", "json", "{log}"], ["check", "--format", "jsonl", "{log}"],
    ["check", "-j", "2", "{log}"], ["check", "--format", "sarif", "{log}"], ["check", "--format", "junit", "{log}"],
    ["check", "--format", "github", "{log}"], ["check", "--format", "json", "-o", "{out}", "{log}"],
    ["score", "{log}"], ["score", "--format", "json", "{log}"], ["show", "{log}", "-n", "{last}", "--move", "5"],
    ["fmt", "{log}"], ["fmt", "--check", "{log}"], ["fmt", "-i", "{copy}"], ["export", "{log}"],
    ["export", "{log}", "-o", "{out}"], ["import", "{json}"], ["select", "{log}", "--player", "A", "-o", "{out}"],
    ["duplicates", "{log}"], ["fmt", "--fix-result", "{log}"], ["baseline", "{copy}"],
    ["select", "{log}", "--result", "holds", "--min-moves", "10", "-o", "{out}"],
]


def _command_peak(command: list[str], files: dict[str, str]) -> int:
    args = [part.format(**files) for part in command]
    done = subprocess.run([sys.executable, "-c", COMMAND_PROBE, *args], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode in (0, 1), (args, done.stderr[-2000:])
    return int(done.stderr.rsplit("peak-kib", 1)[1].split()[0]) // 1024


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    from click.testing import CliRunner

    from referee.cli import cli

    folder = tmp_path_factory.mktemp("memory")
    games = CliRunner().invoke(cli, ["simulate", "--game", "korsar", "--players", "4", "--seed", "mem",
                                     "--count", "100"]).output
    sizes: dict[str, dict[str, str]] = {}
    for name, copies, exported in (("small", 3, 1), ("large", 15, 4)):
        log = folder / f"{name}.korsar"
        log.write_text("\n".join([games] * copies))
        (folder / f"{name}-copy.korsar").write_text(log.read_text().replace("  B:", "   B:"))  # fmt -i rewrites it
        part = folder / f"{name}-part.korsar"
        part.write_text("\n".join([games] * exported))
        document = folder / f"{name}.json"
        assert CliRunner().invoke(cli, ["export", str(part), "-o", str(document)]).exit_code == 0
        sizes[name] = {"log": str(log), "copy": str(folder / f"{name}-copy.korsar"), "json": str(document),
                       "out": str(folder / f"{name}-out.txt"), "last": str(100 * copies)}
    return sizes


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak from /proc")
@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: " ".join(c for c in command if "{" not in c))
def test_every_command_and_format_keeps_memory_flat(corpora: dict[str, dict[str, str]], command: list[str]) -> None:
    """Five times the input (four times for import's JSON): the same peak, give or take
    the allocator's noise; a command that kept the input, its records or its report
    would need tens of MiB more."""
    small = _command_peak(command, corpora["small"])
    large = _command_peak(command, corpora["large"])
    assert large - small < 12, f"peak went from {small} to {large} MiB"
