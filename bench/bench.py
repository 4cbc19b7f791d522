#!/usr/bin/env python3
"""Throughput and memory benchmark of the referee, side by side with python-chess.

Run from the repository root, in an environment where the project is installed
(or importable from the checkout) together with bench/requirements.txt::

    pip install -e . -r bench/requirements.txt
    python bench/bench.py                          # 2,000,000 moves, plus a 1 GB run
    python bench/bench.py --moves 200000 --skip-big    # a quick smoke run

Options: ``--moves N`` (Korsar moves in the corpus, default 2,000,000),
``--corsari-moves N``, ``--perroquets-moves N`` and ``--spanish-main-moves N``
(moves in the corpus of Corsari, Pirates & Perroquets and Pirates of the Spanish
Main, default 300,000 each, like the quick Korsar run: start-up and the first
reading of each distinct entry, paid once a run, then weigh alike on every row;
0 leaves a game out),
``--big-gb G`` (size of the big input, default 1.0; a GB here is 2**30
bytes), ``--skip-big`` (leave out the big-input run), ``--simulate-games K``
(two-player games each game's simulate row plays, default 200; 0 leaves the
rows of making moves out) and ``--only-making`` (only those rows)::

    python bench/bench.py --only-making            # simulate and legal entries, a few minutes

What it does, in order:

1. Builds, or reuses, a seeded Korsar corpus in bench/corpus/ with the project's
   own generator (``referee simulate``): batches of 500 four-player games, every
   other batch in team play, generated one process per core, then concatenated.
   The corpus holds at least N moves, counted by ``referee check``. A JSON
   manifest next to each corpus file records what it holds; a file is reused when
   its manifest matches and its size is the recorded one.
2. Builds, or reuses, a seeded python-chess PGN corpus of random legal games
   (``random.Random``, at most 200 plies a game) with exactly as many plies as
   the Korsar corpus has moves.
3. Times each measurement in a fresh subprocess:

   parse only    the file streamed through ``LineReader`` and ``split_games``,
                 each game read by the full notation reader (``read_chunk``:
                 scanner, tag checks and the game's grammar on every turn),
                 building the game records; no rules, no replay
   check -j 1    ``referee check -j 1 FILE``: reading, rules and scoring
   check -j all  ``referee check -j CORES FILE``
   export        ``referee export FILE -o out.json``: every game's record and
                 verdict as one JSON document, written game by game
   import        ``referee import out.json``: that document back into a log,
                 read game by game
   Corsari       ``check -j 1`` and ``-j CORES``, export and import, on a corpus
                 of three-player Corsari games played the way ``referee simulate``
                 plays them; likewise Perroquets and Spanish Main on theirs
   python-chess  ``chess.pgn.read_game`` over the PGN corpus, every game's
                 mainline replayed on a board
4. Cold start: the median of 20 runs of ``referee check`` on one small log of
   each game, beside ``python -c pass``, once the package's bytecode is written (as pip
   writes it on install).
5. Unless --skip-big, concatenates copies of the corpus into a file of at least
   G GB (reused if present with the right size) and runs ``check -j 1`` and
   ``check -j CORES`` on it.

How to read the table:

  moves        Korsar moves (or chess plies) the measurement went through
  moves/s      moves divided by wall time (process start-up included)
  x chess      moves/s divided by python-chess's plies/s: above 1 is faster
  wall s       wall-clock seconds of the subprocess
  max RSS MiB  peak resident memory of the largest single process (from
               wait4; for -j runs each worker is its own process)
  sum RSS MiB  the largest sampled total of the whole process tree (parent plus
               workers, polled from /proc every 0.1 s; '-' where unavailable)

The target is a peak RSS of at most 100 MiB per process whatever the input
size; a row above it is flagged with '!'. Figures are noisy on a busy machine.

A second table gathers the same figures game by game against the bars each game
is held to: ``check -j 1`` at least 5 times python-chess, ``-j CORES`` at least
1.8 times ``-j 1``, export and import at least 3 times python-chess, a peak RSS
of at most 100 MiB; and a cold-start row, under 100 ms. A figure that misses its
bar is flagged with '!'.

Making moves, last: for each game ``referee simulate -o`` of K two-player games
(start-up included) and, run just after it, python-chess playing as many plies
at random (each ply: list the legal moves, pick one, push it; start-up
included), held to at least the playouts' rate; every position of three
simulated games listed by ``GameRules.legal_entries`` in process (median, 99th
percentile and slowest, held to under 5 ms); and ``referee moves`` after move
200 of a simulated log beside ``referee check`` on it, cold, median of 11 (held
to within 50 ms of check).

A third table says where the time of ``check -j 1`` goes, in microseconds a move, so
that what is left to gain is plain: each corpus is passed over on check's quick path,
cut into games and read without rules in one fresh process, judged in another; the
rest of ``check -j 1``'s wall time (start-up, verdicts, the report) is what judging leaves.
Beside it, what the check bar allows a move, and what that leaves the rules once the
other parts are paid; "rules / at most" above 1 is how many times quicker the rules
would have to be, all else as it is.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
CORPUS_DIR = BENCH_DIR / "corpus"

KORSAR_SEED = "bench"
BATCH_GAMES = 500
MOVES_PER_GAME_GUESS = 120
CHESS_SEED = 20240601
CHESS_MAX_PLIES = 200
RSS_TARGET_MIB = 100.0
BARS = {"check -j 1": 5.0, "-j N / -j 1": 1.8, "export": 3.0, "import": 3.0}
"""What each game is held to: `check -j 1`, export and import in times python-chess's
plies per second, and `-j CORES` in times `-j 1`."""
COLD_START_BAR_MS = 100.0
GIB = 1 << 30

CHILD = "_child"
"""First argument that makes this script run one of its measured functions."""


# --- measurement -----------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One subprocess: its exit status, output and costs."""

    returncode: int
    stdout: str
    stderr: str
    wall: float
    max_rss_mib: float
    tree_rss_mib: float | None


@dataclass(frozen=True)
class Row:
    """One line of the table."""

    name: str
    moves: int
    wall: float
    max_rss_mib: float
    tree_rss_mib: float | None
    note: str = ""

    @property
    def rate(self) -> float:
        return self.moves / self.wall if self.wall > 0 else 0.0


def _maxrss_mib(value: int) -> float:
    """ru_maxrss is KiB on Linux, bytes on macOS."""
    return value / (1 << 20) if sys.platform == "darwin" else value / 1024


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            found.extend(int(p) for p in Path(f"/proc/{pid}/task/{task}/children").read_text().split())
        except (OSError, ValueError):
            pass
    return found


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _tree_rss_kib(pid: int) -> int:
    total, pending = 0, [pid]
    while pending:
        current = pending.pop()
        total += _rss_kib(current)
        pending.extend(_children(current))
    return total


class TreeSampler:
    """Polls the summed RSS of a process and its descendants (Linux /proc only)."""

    def __init__(self, pid: int, interval: float = 0.1) -> None:
        self.pid = pid
        self.interval = interval
        self.peak_kib = 0
        self.available = Path("/proc/self/status").exists()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def __enter__(self) -> "TreeSampler":
        if self.available:
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self.available:
            self._thread.join()

    def _poll(self) -> None:
        while not self._stop.is_set():
            self.peak_kib = max(self.peak_kib, _tree_rss_kib(self.pid))
            self._stop.wait(self.interval)

    @property
    def peak_mib(self) -> float | None:
        return self.peak_kib / 1024 if self.available and self.peak_kib else None


def measure(command: Sequence[str]) -> Run:
    """Run `command` in the repository root; wall time, and the peak RSS of the
    largest process of its tree as wait4 reports it."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(list(command), cwd=REPO_ROOT, stdout=out, stderr=err)
        with TreeSampler(process.pid) as sampler:
            _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(process.returncode, out.read().decode("utf-8", "replace"),
                   err.read().decode("utf-8", "replace"), wall,
                   _maxrss_mib(usage.ru_maxrss), sampler.peak_mib)


def require_success(run: Run, what: str, allowed: tuple[int, ...] = (0,)) -> None:
    if run.returncode not in allowed:
        sys.exit(f"bench: {what} failed with exit code {run.returncode}:\n{run.stderr[-2000:]}")


def referee(*args: str) -> list[str]:
    return [sys.executable, "-m", "referee", *args]


def child(*args: str) -> list[str]:
    return [sys.executable, str(Path(__file__).resolve()), CHILD, *args]


# --- counting moves ----------------------------------------------------------------

_SUMMARY = re.compile(r"(\d[\d,]*) games?, .*?(\d[\d,]*) moves")


def summary_moves(text: str) -> int:
    """The move count of `referee check`'s text summary line."""
    for line in reversed(text.strip().splitlines()):
        match = _SUMMARY.search(line)
        if match:
            return int(match.group(2).replace(",", ""))
    raise ValueError(f"no summary line in check output: {text[-500:]!r}")


def count_moves(path: Path) -> int:
    run = measure(referee("check", "-q", "-j", "1", str(path)))
    require_success(run, f"check of {path.name}")
    return summary_moves(run.stdout)


# --- corpora -----------------------------------------------------------------------


def cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def manifest_path(path: Path) -> Path:
    return path.with_suffix(path.suffix + ".json")


def cached(path: Path, expected: dict[str, Any]) -> dict[str, Any] | None:
    """The manifest of `path` if it matches `expected` and the file has its recorded size."""
    try:
        manifest: dict[str, Any] = json.loads(manifest_path(path).read_text())
    except (OSError, ValueError):
        return None
    if any(manifest.get(key) != value for key, value in expected.items()):
        return None
    if not path.exists() or path.stat().st_size != manifest.get("bytes"):
        return None
    return manifest


def write_manifest(path: Path, manifest: dict[str, Any]) -> None:
    manifest_path(path).write_text(json.dumps(manifest, indent=2) + "\n")


def concatenate(parts: Sequence[Path], target: Path, copies: int = 1) -> None:
    """Join files of whole games with a blank line between them (written, then renamed)."""
    partial = target.with_suffix(target.suffix + ".part")
    with open(partial, "wb") as out:
        first = True
        for _ in range(copies):
            for part in parts:
                if not first:
                    out.write(b"\n")
                with open(part, "rb") as source:
                    shutil.copyfileobj(source, out, 1 << 20)
                first = False
    partial.replace(target)


def run_parallel(commands: Sequence[Sequence[str]], what: str) -> list[Run]:
    with ThreadPoolExecutor(max_workers=cores()) as pool:
        runs = list(pool.map(measure, commands))
    for run in runs:
        require_success(run, what)
    return runs


@dataclass(frozen=True)
class GameCorpus:
    """How one game's corpus is simulated: players, and whether odd batches play in teams."""

    game: str
    seed: str
    players: int
    teams_on_odd_batches: bool
    moves_per_game: int
    policy: int = 1
    """Raised when the simulated players change the way they play, so an old corpus is rebuilt."""


KORSAR = GameCorpus("korsar", KORSAR_SEED, 4, True, MOVES_PER_GAME_GUESS)
CORSARI = GameCorpus("corsari", "bench-corsari", 3, False, 190, policy=3)
PERROQUETS = GameCorpus("perroquets", "bench-perroquets", 3, False, 145)
SPANISH_MAIN = GameCorpus("spanish-main", "bench-spanish-main", 2, False, 65, policy=2)


def game_batch(kind: GameCorpus, index: int, folder: Path, games: int) -> tuple[Path, list[str]]:
    """Batch i: `games` games of the kind, seed <seed>-i."""
    path = folder / f"batch-{index:04d}.{kind.game}"
    args = ["simulate", "--game", kind.game, "--players", str(kind.players), "--seed", f"{kind.seed}-{index}",
            "--count", str(games), "-o", str(path)]
    if kind.teams_on_odd_batches and index % 2:
        args.insert(5, "--teams")
    return path, referee(*args)


def build_corpus(kind: GameCorpus, target_moves: int) -> tuple[Path, int]:
    """The corpus of at least `target_moves` moves of a game, and its move count."""
    path = CORPUS_DIR / f"{kind.game}-{target_moves}.{kind.game}"
    games = BATCH_GAMES if kind.game == "korsar" else max(10, min(BATCH_GAMES, target_moves // 2000))
    expected: dict[str, Any] = {"target_moves": target_moves, "seed": kind.seed, "batch_games": games,
                                "players_policy": kind.policy}
    manifest = cached(path, expected)
    if manifest is not None:
        log(f"reusing {path.relative_to(REPO_ROOT)} ({manifest['moves']:,} moves)")
        return path, int(manifest["moves"])
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(dir=CORPUS_DIR) as scratch:
        folder = Path(scratch)
        parts: list[Path] = []
        moves = 0
        while moves < target_moves:
            missing = target_moves - moves
            count = max(1, math.ceil(missing / (games * kind.moves_per_game)))
            batches = [game_batch(kind, len(parts) + i, folder, games) for i in range(count)]
            log(f"generating {count} batch(es) of {games} {kind.game} games on {cores()} cores")
            run_parallel([command for _, command in batches], "referee simulate")
            new = [batch for batch, _ in batches]
            counts = run_parallel([referee("check", "-q", "-j", "1", str(p)) for p in new], "referee check")
            moves += sum(summary_moves(run.stdout) for run in counts)
            parts.extend(new)
        concatenate(parts, path)
    write_manifest(path, {**expected, "moves": moves, "games": len(parts) * games,
                          "bytes": path.stat().st_size})
    log(f"built {path.relative_to(REPO_ROOT)}: {moves:,} moves in {time.perf_counter() - start:.0f} s")
    return path, moves


def build_korsar(target_moves: int) -> tuple[Path, int]:
    return build_corpus(KORSAR, target_moves)


def build_chess(plies: int) -> Path:
    """A PGN corpus of random legal chess games with exactly `plies` plies."""
    path = CORPUS_DIR / f"chess-{plies}.pgn"
    expected: dict[str, Any] = {"plies": plies, "seed": CHESS_SEED, "max_plies": CHESS_MAX_PLIES}
    if cached(path, expected) is not None:
        log(f"reusing {path.relative_to(REPO_ROOT)}")
        return path
    start = time.perf_counter()
    workers = cores()
    shares = [plies // workers + (1 if i < plies % workers else 0) for i in range(workers)]
    with tempfile.TemporaryDirectory(dir=CORPUS_DIR) as scratch:
        parts = [Path(scratch) / f"part-{i}.pgn" for i in range(workers)]
        log(f"generating {plies:,} plies of random chess on {workers} cores")
        run_parallel([child("chess-generate", str(part), str(CHESS_SEED * 1000 + i), str(share))
                      for i, (part, share) in enumerate(zip(parts, shares)) if share],
                     "chess corpus generation")
        concatenate([part for part, share in zip(parts, shares) if share], path)
    write_manifest(path, {**expected, "bytes": path.stat().st_size})
    log(f"built {path.relative_to(REPO_ROOT)} in {time.perf_counter() - start:.0f} s")
    return path


def build_big(corpus: Path, moves: int, gigabytes: float) -> tuple[Path, int]:
    """Copies of the corpus joined into at least `gigabytes` GiB, and its move count."""
    size = corpus.stat().st_size
    copies = max(1, math.ceil(gigabytes * GIB / size))
    path = CORPUS_DIR / f"{corpus.stem}-x{copies}.korsar"
    expected_bytes = copies * size + (copies - 1)
    if path.exists() and path.stat().st_size == expected_bytes:
        log(f"reusing {path.relative_to(REPO_ROOT)} ({expected_bytes / GIB:.2f} GiB)")
    else:
        log(f"writing {path.relative_to(REPO_ROOT)}: {copies} copies, {expected_bytes / GIB:.2f} GiB")
        concatenate([corpus], path, copies)
    return path, copies * moves


# --- functions run in a child process ---------------------------------------------------


def parse_only(path: str) -> dict[str, int]:
    """Stream the file through the notation reader (scanner + grammar), without rules."""
    from referee.notation.chunks import split_games
    from referee.notation.reader import read_chunk
    from referee.pipeline.source import LineReader

    games = moves = malformed = 0
    with open(path, "rb") as stream:
        for chunk in split_games(LineReader(stream)):
            for read in read_chunk(path, chunk):
                games += 1
                malformed += read.malformed
                if read.record is not None:
                    moves += sum(len(round_.turns) for round_ in read.record.rounds)
    return {"games": games, "moves": moves, "malformed": malformed}


def time_parts(path: str, judging: str) -> dict[str, Any]:
    """Seconds of passes over the file on check's quick path: with `judging` "no", cutting
    it into games, then that and reading each game (its tags, its turns split into words,
    each distinct turn parsed once) with the rules left out; with "yes", all that and the
    rules. Each is the first reading in its process, so each parses what check parses."""
    import gc

    from referee.notation.chunks import split_games
    from referee.pipeline.fastpath import judge_plain, reads_plainly
    from referee.pipeline.source import LineReader

    gc.freeze()  # the collector as the command line sets it (referee.cli.main)
    gc.set_threshold(20_000, 10, 10)

    def timed(per_game: Callable[[int, Any], object]) -> float:
        start = time.perf_counter()
        with open(path, "rb") as stream:
            for index, chunk in enumerate(split_games(LineReader(stream))):
                per_game(index, chunk)
        return time.perf_counter() - start

    if judging == "yes":
        return {"judge": timed(lambda index, chunk: judge_plain(path, index, chunk))}
    return {"split": timed(lambda index, chunk: None), "read": timed(lambda index, chunk: reads_plainly(path, chunk))}


def import_chess() -> ModuleType:
    try:
        import chess
        import chess.pgn
    except ImportError:
        sys.exit("bench: the 'chess' package is missing; install it with "
                 "pip install -r bench/requirements.txt")
    return chess


def chess_replay(path: str) -> dict[str, int]:
    """Read every game with chess.pgn.read_game and replay its mainline on a board."""
    chess = import_chess()
    games = plies = errors = 0
    with open(path, encoding="utf-8") as stream:
        while (game := chess.pgn.read_game(stream)) is not None:
            games += 1
            errors += len(game.errors)
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                plies += 1
    return {"games": games, "moves": plies, "errors": errors}


def chess_generate(path: str, seed: str, plies: str) -> dict[str, int]:
    """Random legal games (at most CHESS_MAX_PLIES plies) until exactly `plies` plies."""
    import random

    chess = import_chess()
    chooser = random.Random(int(seed))
    left = int(plies)
    games = 0
    with open(path, "w", encoding="utf-8") as out:
        while left > 0:
            games += 1
            board = random_chess_game(chess, chooser, min(CHESS_MAX_PLIES, left))
            left -= len(board.move_stack)
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"bench {seed}-{games}"
            print(game, file=out, end="\n\n")
    return {"games": games, "moves": int(plies)}


def chess_playouts(seed: str, plies: str) -> dict[str, int]:
    """Random games played, not written: each ply lists the legal moves, picks one, pushes it."""
    import random

    chess = import_chess()
    chooser = random.Random(int(seed))
    left = int(plies)
    while left > 0:
        left -= len(random_chess_game(chess, chooser, min(CHESS_MAX_PLIES, left)).move_stack)
    return {"moves": int(plies)}


def random_chess_game(chess: ModuleType, chooser: Any, most: int) -> Any:
    """A board after at most `most` random plies: each lists the legal moves, picks one, pushes it."""
    board = chess.Board()
    for _ in range(most):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(chooser.choice(moves))
    return board


def entry_times(game: str, players: str, games: str) -> dict[str, Any]:
    """How long `legal_entries` takes on every position of `games` simulated games: the
    median and the slowest, in seconds, and the most entries a position listed."""
    from referee.games import GAMES
    from referee.simulate import random_game

    rules = GAMES[game]
    seats = [chr(ord("A") + i) for i in range(int(players))]
    times: list[float] = []
    most = 0
    for index in range(int(games)):
        record, _ = random_game(rules, seats, False, f"entries-{index}")
        engine = rules.new_engine(record)
        if not index:
            rules.legal_entries(engine)  # the first listing loads what every later one uses
        for round_ in record.rounds:
            for turn in round_.turns:
                start = time.perf_counter()
                listed = rules.legal_entries(engine)
                times.append(time.perf_counter() - start)
                most = max(most, len(listed))
                if engine.round_due() is not None:
                    engine.start_round(round_.number)
                engine.play(turn.player, turn.action)
    times.sort()
    return {"moves": len(times), "median": times[len(times) // 2], "p99": times[len(times) * 99 // 100],
            "slowest": times[-1], "most": most}


CHILD_FUNCTIONS: dict[str, Callable[..., dict[str, Any]]] = {
    "parse": parse_only,
    "parts": time_parts,
    "chess-replay": chess_replay,
    "chess-generate": chess_generate,
    "chess-playouts": chess_playouts,
    "entries": entry_times,
}


def run_child(args: Sequence[str]) -> None:
    result = CHILD_FUNCTIONS[args[0]](*args[1:])
    print(json.dumps(result))


# --- the measurements ---------------------------------------------------------------


def child_row(name: str, args: Sequence[str], note: str = "") -> Row:
    run = measure(child(*args))
    require_success(run, name)
    result = json.loads(run.stdout.strip().splitlines()[-1])
    return Row(name, result["moves"], run.wall, run.max_rss_mib, run.tree_rss_mib, note)


def time_child(game: str, path: Path) -> dict[str, Any]:
    """`time_parts` on a game's corpus: reading, then judging, each in a fresh process."""
    log(f"{game}: where the time goes")
    found: dict[str, Any] = {}
    for judging in ("no", "yes"):
        run = measure(child("parts", str(path), judging))
        require_success(run, f"{game}: parts")
        found.update(json.loads(run.stdout.strip().splitlines()[-1]))
    return found


def check_row(name: str, path: Path, jobs: int, note: str = "") -> Row:
    run = measure(referee("check", "-q", "-j", str(jobs), str(path)))
    require_success(run, name)
    return Row(name, summary_moves(run.stdout), run.wall, run.max_rss_mib, run.tree_rss_mib, note)


def json_rows(corpus: Path, moves: int, prefix: str = "") -> list[Row]:
    """export, then import of what export wrote: JSON out and back in."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "out.json"
        run = measure(referee("export", str(corpus), "-o", str(out)))
        require_success(run, "referee export")
        size = out.stat().st_size
        back = measure(referee("import", str(out), "-o", str(Path(scratch) / "back.log")))
        require_success(back, "referee import")
    note = f"{size / (1 << 20):.0f} MiB of JSON, game by game"
    return [Row(f"{prefix}export (JSON)", moves, run.wall, run.max_rss_mib, run.tree_rss_mib, note),
            Row(f"{prefix}import (JSON)", moves, back.wall, back.max_rss_mib, back.tree_rss_mib, note)]


def compile_bytecode() -> None:
    """Write the package's bytecode, as pip does on install: a start-up measured
    without it (PYTHONDONTWRITEBYTECODE, or a fresh checkout) times the compiler."""
    import referee

    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(referee.__file__).parent)],
                   cwd=REPO_ROOT, env=env, stdout=subprocess.DEVNULL, check=False)


COLD_START_LOGS = {
    "Korsar": "samples/korsar/legal/k-example.korsar",
    "Corsari": "samples/corsari/legal/game-3-players.corsari",
    "Perroquets": "samples/perroquets/legal/game-3-players.perroquets",
    "Spanish Main": "samples/spanish-main/legal/declared-ability.spanish-main",
}
"""One small legal log of each game: a cold start loads only the game the log names."""


def median_seconds(command: list[str], runs: int) -> float:
    """The median wall time of `runs` runs of a command from the repository root."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=REPO_ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def cold_start(runs: int = 20) -> tuple[dict[str, float], float]:
    """Median seconds of `referee check` on one small log of each game, and of `python -c pass`."""
    compile_bytecode()

    def median(command: list[str]) -> float:
        return median_seconds(command, runs)

    verdicts = {game: median(referee("check", str(REPO_ROOT / log))) for game, log in COLD_START_LOGS.items()}
    return verdicts, median([sys.executable, "-c", "pass"])


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def logged(row: Row) -> Row:
    log(f"{row.name}: {row.moves:,} moves in {row.wall:.1f} s, "
        f"{row.rate:,.0f}/s, max RSS {row.max_rss_mib:.0f} MiB")
    return row


def main_rows(corpus: Path, moves: int, chess_corpus: Path, jobs: int) -> list[Row]:
    rows = [
        logged(child_row("python-chess read+replay", ["chess-replay", str(chess_corpus)],
                         "chess.pgn.read_game, mainline pushed on a board")),
        logged(child_row("parse only", ["parse", str(corpus)],
                         "LineReader + split_games + read_chunk; no rules")),
        logged(check_row("check -j 1", corpus, 1)),
        logged(check_row(f"check -j {jobs}", corpus, jobs, "max RSS: largest process")),
    ]
    rows += [logged(row) for row in json_rows(corpus, moves)]
    return rows


def game_rows(name: str, corpus: Path, moves: int, jobs: int) -> list[Row]:
    return [logged(check_row(f"{name}: check -j 1", corpus, 1)),
            logged(check_row(f"{name}: check -j {jobs}", corpus, jobs, "max RSS: largest process")),
            *(logged(row) for row in json_rows(corpus, moves, f"{name}: "))]


SIMULATED = (("Korsar", "korsar"), ("Corsari", "corsari"), ("Perroquets", "perroquets"),
             ("Spanish Main", "spanish-main"))
"""The games whose moves are made as well as judged: `referee simulate`, and the legal entries."""


def making_rows(games: int, players: int) -> tuple[list[Row], dict[str, dict[str, Any]], dict[str, Row]]:
    """`referee simulate -o` of `games` games of `players` players, game by game, beside
    python-chess playing as many plies at random (each ply: list the legal moves, pick one,
    push it), both with start-up; then the time of a position's legal entries, in process.
    The simulate rows are named by game; the playouts row beside each."""
    rows: list[Row] = []
    chess_rows: dict[str, Row] = {}
    entries: dict[str, dict[str, Any]] = {}
    compile_bytecode()  # as the playouts' python-chess is: a start-up without it times the compiler
    with tempfile.TemporaryDirectory() as scratch:
        for name, game in SIMULATED:
            out = Path(scratch) / f"simulated.{game}"
            run = measure(referee("simulate", "--game", game, "--players", str(players), "--seed", "bench-moves",
                                  "--count", str(games), "-o", str(out)))
            require_success(run, f"{name}: simulate")
            moves = count_moves(out)
            rows.append(logged(Row(f"{name}: simulate", moves, run.wall, run.max_rss_mib, run.tree_rss_mib,
                                   f"{games} games of {players} players, written")))
            chess_rows[name] = logged(child_row(f"{name}: python-chess playouts", ["chess-playouts", "7", str(moves)],
                                                "as many random plies: list, pick, push"))
            timed = measure(child("entries", game, str(players), "3"))
            require_success(timed, f"{name}: entries")
            entries[name] = json.loads(timed.stdout.strip().splitlines()[-1])
    return rows, entries, chess_rows


def making_table(rows: Sequence[Row], chess_rows: dict[str, Row], entries: dict[str, dict[str, Any]],
                 moves_cold: dict[str, tuple[float, float]]) -> str:
    """One row per game: simulate's moves a second against python-chess's random playouts run
    beside it (bar: at least 1), a position's legal entries (median and slowest, bar: under
    5 ms), and `referee moves` on a log of about 200 moves against `referee check` on it, cold."""
    found = {row.name: row for row in rows}
    header = ("game", "simulate moves/s", "playouts plies/s", "x playouts", "entries median ms",
              "99% under ms", "slowest ms", "most entries", "moves / check cold ms")
    lines = [header, ("bar", "", "", ">= 1.00  ", "", "< 5.00  ", "< 5.00  ", "", "within 50  ")]
    for name, _ in SIMULATED:
        if f"{name}: simulate" not in found:
            continue
        row, chess_row, timed = found[f"{name}: simulate"], chess_rows[name], entries[name]
        ratio = row.rate / chess_row.rate
        slowest = timed["slowest"] * 1000
        listing, check = moves_cold[name]
        lines.append((name, f"{row.rate:,.0f}", f"{chess_row.rate:,.0f}", f"{ratio:.2f}" + (" !" if ratio < 1 else "  "),
                      f"{timed['median'] * 1000:.2f}",
                      f"{timed['p99'] * 1000:.2f}" + (" !" if timed["p99"] * 1000 >= 5 else "  "),
                      f"{slowest:.2f}" + (" !" if slowest >= 5 else "  "),
                      f"{timed['most']:,}",
                      f"{listing * 1000:.0f} / {check * 1000:.0f}" + (" !" if (listing - check) * 1000 > 50 else "  ")))
    return "\n".join(_aligned(lines, rule_after=1))


def moves_cold_start(players: int, runs: int = 11) -> dict[str, tuple[float, float]]:
    """Median seconds of `referee moves` after the 200th move of a simulated log (or its last)
    and of `referee check` on the same log, once the package's bytecode is written."""
    compile_bytecode()

    def median(command: list[str]) -> float:
        return median_seconds(command, runs)

    found = {}
    with tempfile.TemporaryDirectory() as scratch:
        for name, game in SIMULATED:
            log_path = Path(scratch) / f"one.{game}"
            for seed in range(5):  # a game of at least 200 moves, where the game has them
                run = measure(referee("simulate", "--game", game, "--players", str(players), "--seed",
                                      f"cold-{seed}", "-o", str(log_path)))
                require_success(run, f"{name}: simulate")
                if count_moves(log_path) >= 200:
                    break
            move = str(min(200, count_moves(log_path)))
            found[name] = (median(referee("moves", str(log_path), "--move", move)),
                           median(referee("check", str(log_path))))
    return found


def big_rows(big: Path, jobs: int) -> list[Row]:
    size = f"{big.stat().st_size / GIB:.2f} GiB"
    return [
        logged(check_row("big: check -j 1", big, 1, size)),
        logged(check_row(f"big: check -j {jobs}", big, jobs, f"{size}; max RSS: largest process")),
    ]


# --- output -----------------------------------------------------------------------------


def table(rows: Sequence[Row], chess_rate: float) -> str:
    header = ("measurement", "moves", "moves/s", "x chess", "wall s", "max RSS MiB", "sum RSS MiB", "note")
    lines = [header]
    for row in rows:
        flag = " !" if row.max_rss_mib > RSS_TARGET_MIB else ""
        tree = f"{row.tree_rss_mib:.0f}" if row.tree_rss_mib is not None else "-"
        lines.append((row.name, f"{row.moves:,}", f"{row.rate:,.0f}",
                      f"{row.rate / chess_rate:.2f}" if chess_rate else "-",
                      f"{row.wall:.1f}", f"{row.max_rss_mib:.0f}{flag}", tree, row.note))
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    numeric = {1, 2, 3, 4, 5, 6}
    out = []
    for index, line in enumerate(lines):
        cells = [cell.rjust(widths[i]) if i in numeric else cell.ljust(widths[i]) for i, cell in enumerate(line)]
        out.append("  ".join(cells).rstrip())
        if index == 0:
            out.append("  ".join("-" * width for width in widths))
    return "\n".join(out)


def bar_table(rows: Sequence[Row], chess_rate: float, jobs: int, cold: dict[str, float], bare: float) -> str:
    """One row per game against the bars, and the cold start: the figures of `table`, gathered."""
    found = {row.name: row for row in rows}
    games = [("Korsar", "")] + [(name, f"{name}: ") for name in ("Corsari", "Perroquets", "Spanish Main")
                                  if f"{name}: check -j 1" in found]
    header = ("game", "check -j 1", f"-j {jobs} / -j 1", "export", "import", "peak RSS MiB")
    bars = ("bar", f">= {BARS['check -j 1']:.2f}  ", f">= {BARS['-j N / -j 1']:.2f}  ",
            f">= {BARS['export']:.2f}  ", f">= {BARS['import']:.2f}  ", f"<= {RSS_TARGET_MIB:.0f}  ")
    lines = [header, bars]

    def cell(value: float, bar: float) -> str:
        return f"{value:.2f}" + (" !" if value < bar else "  ")  # the figures stay aligned

    for game, prefix in games:
        one, many = found[f"{prefix}check -j 1"], found[f"{prefix}check -j {jobs}"]
        export, back = found[f"{prefix}export (JSON)"], found[f"{prefix}import (JSON)"]
        peak = max(row.max_rss_mib for row in (one, many, export, back))
        lines.append((game, cell(one.rate / chess_rate, BARS["check -j 1"]),
                      cell(many.rate / one.rate, BARS["-j N / -j 1"]),
                      cell(export.rate / chess_rate, BARS["export"]), cell(back.rate / chess_rate, BARS["import"]),
                      f"{peak:.0f}" + (" !" if peak > RSS_TARGET_MIB else "  ")))
    out = _aligned(lines, rule_after=1)
    slow = [f"{game} {seconds * 1000:.0f} ms" + (" !" if seconds * 1000 >= COLD_START_BAR_MS else "")
            for game, seconds in cold.items()]
    out.append(f"cold start (bar: under {COLD_START_BAR_MS:.0f} ms; python -c pass {bare * 1000:.0f} ms): "
               + ", ".join(slow))
    return "\n".join(out)


def parts_table(rows: Sequence[Row], parts: dict[str, dict[str, Any]], chess_rate: float) -> str:
    """Where a move's time goes in `check -j 1`, game by game, beside what the check bar allows
    a move: the part left to the rules once reading and the rest are paid."""
    found = {row.name: row for row in rows}
    allowed = 1e6 / (BARS["check -j 1"] * chess_rate)
    header = ("game", "cut", "read", "rules", "rest", "check -j 1", "bar", "rules at most", "rules / at most")
    lines = [header]
    for game, timed in parts.items():
        row = found[f"{game}: check -j 1" if game != "Korsar" else "check -j 1"]
        moves = row.moves  # the passes time every game, as check -j 1 does
        cut = timed["split"] / moves * 1e6
        read = (timed["read"] - timed["split"]) / moves * 1e6
        rules = (timed["judge"] - timed["read"]) / moves * 1e6  # both passes the first of their process
        total = row.wall / row.moves * 1e6
        rest = total - cut - read - rules
        room = allowed - cut - read - rest
        lines.append((game, f"{cut:.2f}", f"{read:.2f}", f"{rules:.2f}", f"{rest:.2f}", f"{total:.2f}",
                      f"{allowed:.2f}", f"{room:.2f}", f"{rules / room:.2f}" if room > 0 else "-"))
    return "\n".join(_aligned(lines, rule_after=0))


def _aligned(lines: Sequence[Sequence[str]], rule_after: int) -> list[str]:
    """Columns of a table of games: the first to the left, the figures to the right, and a
    rule under line `rule_after`."""
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    out = []
    for index, line in enumerate(lines):
        out.append("  ".join(cell.ljust(widths[0]) if i == 0 else cell.rjust(widths[i])
                             for i, cell in enumerate(line)).rstrip())
        if index == rule_after:
            out.append("  ".join("-" * width for width in widths))
    return out


def machine() -> str:
    return (f"{platform.platform()}; {cores()} cores; Python {platform.python_version()} "
            f"({platform.python_implementation()}); {sys.executable}")


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Benchmark the referee against python-chess.")
    parser.add_argument("--moves", type=int, default=2_000_000, help="Korsar moves in the corpus (default 2,000,000)")
    parser.add_argument("--big-gb", type=float, default=1.0, help="size of the big input in GiB (default 1.0)")
    parser.add_argument("--skip-big", action="store_true", help="leave out the big-input run")
    parser.add_argument("--corsari-moves", type=int, default=300_000,
                        help="Corsari moves in its corpus (default 300,000; 0 leaves Corsari out)")
    parser.add_argument("--perroquets-moves", type=int, default=300_000,
                        help="Pirates & Perroquets moves in its corpus (default 300,000; 0 leaves it out)")
    parser.add_argument("--spanish-main-moves", type=int, default=300_000,
                        help="Pirates of the Spanish Main moves in its corpus (default 300,000; 0 leaves it out)")
    parser.add_argument("--simulate-games", type=int, default=200,
                        help="two-player games each game's simulate row plays (default 200; 0 leaves the rows out)")
    parser.add_argument("--only-making", action="store_true",
                        help="only the rows of making moves: simulate, playouts, legal entries")
    args = parser.parse_args(argv)
    if args.moves < 1 or args.big_gb <= 0:
        parser.error("--moves and --big-gb must be positive")
    return args


def main(argv: Sequence[str]) -> None:
    if argv[:1] == [CHILD]:
        run_child(argv[1:])
        return
    args = parse_args(argv)
    import_chess()
    if args.only_making:
        print_making(args.simulate_games)
        return
    CORPUS_DIR.mkdir(exist_ok=True)
    jobs = cores()
    corpus, moves = build_korsar(args.moves)
    chess_corpus = build_chess(moves)
    rows = main_rows(corpus, moves, chess_corpus, jobs)
    if args.corsari_moves:
        corsari, corsari_count = build_corpus(CORSARI, args.corsari_moves)
        rows += game_rows("Corsari", corsari, corsari_count, jobs)
    if args.perroquets_moves:
        perroquets, perroquets_count = build_corpus(PERROQUETS, args.perroquets_moves)
        rows += game_rows("Perroquets", perroquets, perroquets_count, jobs)
    if args.spanish_main_moves:
        spanish_main, spanish_main_count = build_corpus(SPANISH_MAIN, args.spanish_main_moves)
        rows += game_rows("Spanish Main", spanish_main, spanish_main_count, jobs)
    corpora = {"Korsar": corpus}
    if args.corsari_moves:
        corpora["Corsari"] = corsari
    if args.perroquets_moves:
        corpora["Perroquets"] = perroquets
    if args.spanish_main_moves:
        corpora["Spanish Main"] = spanish_main
    parts = {game: time_child(game, path) for game, path in corpora.items()}
    if not args.skip_big:
        big, _ = build_big(corpus, moves, args.big_gb)
        rows += big_rows(big, jobs)
    print(machine())
    print(f"Korsar corpus: {corpus.relative_to(REPO_ROOT)} ({moves:,} moves, "
          f"{corpus.stat().st_size / (1 << 20):.1f} MiB); chess corpus: {chess_corpus.relative_to(REPO_ROOT)}")
    print("parse only: the full notation reader (scanner, tag checks, grammar on every turn), no rules")
    print()
    print(table(rows, rows[0].rate))
    print()
    print(f"'!' marks a max RSS above the {RSS_TARGET_MIB:.0f} MiB target; wall times include interpreter start-up.")
    verdicts, bare = cold_start()
    print()
    print("each game against its bars: times python-chess (check -j 1, export, import), times -j 1 (-j "
          f"{jobs}), peak RSS of any one process; cold start: referee check on one small log, median of 20")
    print()
    print(bar_table(rows, rows[0].rate, jobs, verdicts, bare))
    print("'!' marks a figure that misses its bar")
    print()
    print("where check -j 1's time goes, in microseconds a move: cutting the file into games; reading them "
          "(tags, turns split into words, each distinct turn parsed once); the rules; the rest (start-up, "
          "verdicts, the report) from check -j 1's wall time; what the check bar allows a move; and what that "
          "leaves the rules once the other parts are paid")
    print()
    print(parts_table(rows, parts, rows[0].rate))
    if args.simulate_games:
        print_making(args.simulate_games)


def print_making(games: int) -> None:
    making, entries, chess_rows = making_rows(games, 2)
    cold = moves_cold_start(2)
    print()
    print(table([row for pair in zip(making, chess_rows.values()) for row in pair], 0.0))
    print()
    print("making moves: referee simulate -o (two-player games, start-up included) beside python-chess random "
          "playouts of as many plies run just after it; a position's legal entries in process (every position "
          "of three simulated games); referee moves after move 200 of a simulated log, and referee check on "
          "that log, cold, median of 11")
    print()
    print(making_table(making, chess_rows, entries, cold))
    print("'!' marks a figure that misses its bar")


if __name__ == "__main__":
    main(sys.argv[1:])
