"""Run `check_unit` over the inputs and hand back results in input order.

Three executors map the same pure function: this process, a pool of processes
(`jobs` > 1: a big file is cut into parts by bytes, each read by the worker that
judges it, so one file uses every core; see `ranges`), and a Dask cluster (each
worker reads whole files by name). Whatever runs the units, the caller sees one
stream of events, file by file, in input order, and never holds more than a few
batches in memory.
"""

from __future__ import annotations

import dataclasses
import gc
import io
import itertools
import marshal
import os
import signal
import stat
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO

from referee.games import game_for_tag
from referee.games.base import NO_OPTIONS, JudgeOptions
from referee.notation.chunks import game_tag_value

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor
from referee.pipeline.fileio import Input, display_path, reason_of, standard_input
from referee.pipeline.ranges import FileRange, RangeJudged, RangesEnd, RangeVerdict, check_range, file_ranges, stitched
from referee.pipeline.verdicts import UnitVerdict
from referee.pipeline.work import FileEnd, FileStart, Judged, Unit, check_unit, file_units, spool

POOL_THRESHOLD = 1 << 20
"""Inputs smaller than this (bytes in all) are checked in this process: starting
workers would cost more than it saves."""


@dataclass(frozen=True, slots=True)
class Unreadable:
    path: str
    reason: str


class WorkersLost(Exception):
    """A worker process died while judging part of `path` (killed from outside, most often for
    want of memory): the rest of the run cannot be judged by the pool. Not a bug in the
    referee: the report ends in order, naming the file, and the run exits 2."""

    def __init__(self, path: str) -> None:
        super().__init__("a worker process was stopped from outside (killed, most often for want of memory) "
                         "while judging it; the files after it were not judged: run again with fewer jobs "
                         "(-j 1) or with more memory")
        self.path = path
        self.reason = str(self)


Event = FileStart | Judged | FileEnd | Unreadable
Work = Unit | FileRange


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def input_size(inputs: list[Input]) -> int:
    total = 0
    for item in inputs:
        if item.path != "-":
            try:
                total += os.stat(item.path).st_size
            except OSError:
                pass
    return total


def run_units(inputs: list[Input], jobs: int = 1, stdin: BinaryIO | None = None,
              options: JudgeOptions = NO_OPTIONS, stdin_name: str | None = None) -> Iterator[Event]:
    """Events for every input, in order, the units run in this process or in `jobs` processes (at
    most one a usable core); standard input is reported as `stdin_name` (by default <stdin>)."""
    stdin = stdin if stdin is not None else standard_input()
    stdin_name = stdin_name or "<stdin>"
    jobs = min(jobs, default_jobs())  # judging is all CPU: more processes than cores only share them
    if jobs <= 1:
        for item in _read_inputs(inputs, stdin, options, stdin_name):
            if isinstance(item, Unit):
                yield Judged(item.path, check_unit(item), item.size())
            else:
                yield item
        return
    from concurrent.futures import ProcessPoolExecutor  # only a run on several processes pays for it

    items = iter(_read_inputs(inputs, stdin, options, stdin_name, by_range=True))
    ahead: list[Work | Event | RangesEnd] = []
    for item in items:  # up to the first unit, whose games are loaded before the workers start
        ahead.append(item)
        if isinstance(item, (Unit, FileRange)):
            _load_games(item)
            break
    # What this process holds now (the games' modules and tables) is the workers' too, forked:
    # frozen, the collector never scans it there (nor writes to its pages, shared until then)
    gc.freeze()
    # the run's options (a card set may be megabytes) go to each worker once, as it starts
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=(options,))
    try:
        yield from stitched(_in_order(pool, itertools.chain(ahead, items), window=jobs * 3))
    finally:
        # Stopped early (--max-errors, Control-C, SIGTERM) or done: no queued unit is
        # started, and every worker has exited before this returns.
        if getattr(pool, "_broken", False):
            # A worker was lost: a survivor may be blocked writing its verdict to a pipe that
            # no thread reads any more, and the pool's own shutdown would wait for it forever
            # (it asks the survivors to stop with SIGTERM, which such a write can outlast).
            _stop_workers(pool, signal.SIGKILL)
        try:
            pool.shutdown(wait=True, cancel_futures=True)
        except BaseException:
            _stop_workers(pool, signal.SIGTERM)  # a signal cut the shutdown short: stopped outright
            raise


def _stop_workers(pool: "ProcessPoolExecutor", how: signal.Signals) -> None:
    """Send every worker of `pool` still running the signal `how`."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        if process.pid is not None and process.exitcode is None:
            try:
                os.kill(process.pid, how)
            except OSError:
                pass  # gone already


def _load_games(unit: Work) -> None:
    """Load the games a unit names here, before the pool starts: its workers are forked
    from this process, and each would otherwise load the same modules on its own."""
    for lines in _heads(unit):
        for line in lines:
            if line.lstrip()[:1].isdigit():
                break  # the movetext: the tags are behind
            game = game_tag_value(line)
            if game is not None:
                game_for_tag(game)


HEAD_BYTES = 1 << 14


def _heads(unit: Work) -> Iterator[list[str]]:
    """The lines of each game of a unit; of a part of a file, those of its first few kilobytes."""
    if isinstance(unit, Unit):
        yield from (chunk.lines for chunk in unit.chunks)
        return
    try:
        with open(unit.path, "rb") as stream:
            stream.seek(unit.start)
            head = stream.read(min(HEAD_BYTES, unit.end - unit.start))
    except OSError:
        return  # the worker that reads it says why
    yield head.decode("utf-8", "replace").splitlines()


_RUN_OPTIONS = NO_OPTIONS
"""In a worker, the options of the run it serves: given once as it starts (`_start_worker`), not
with every unit, which travels without them (`_sent`)."""


def _start_worker(options: JudgeOptions) -> None:
    global _RUN_OPTIONS
    _RUN_OPTIONS = options
    _quiet_worker()


def _quiet_worker() -> None:
    """A worker leaves signals to the main process: Control-C reaches the whole
    process group, and the main process stops the pool in order."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _sent(unit: Work) -> Work:
    """A unit as it travels to a worker: without the run's options, which the worker holds."""
    return unit if unit.options == NO_OPTIONS else dataclasses.replace(unit, options=NO_OPTIONS)


CONNECT_SECONDS = 30


class ClusterError(Exception):
    """No Dask cluster to work on: the extra is not installed, or the scheduler cannot be reached."""


def run_on_dask(inputs: list[Input], address: str, options: JudgeOptions = NO_OPTIONS) -> Iterator[Event]:
    """Each file judged whole by a Dask worker, which reads it by name: the workers must
    see the same files (a shared file system). `address` is a scheduler, or "local" for
    a cluster of this machine's cores. Connects at once, raising ClusterError."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError("--dask needs the optional Dask support: pip install 'referee[dask]'") from None
    try:
        cluster = LocalCluster(processes=True, dashboard_address=None) if address == "local" else None
        client = Client(cluster if cluster is not None else address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    return _on_cluster(client, cluster, inputs, options)


def _on_cluster(client: Any, cluster: Any, inputs: list[Input], options: JudgeOptions) -> Iterator[Event]:
    try:
        yield from map_paths(client, [os.path.abspath(item.path) for item in inputs],
                             [item.path for item in inputs], options)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def map_paths(client: Any, paths: list[str], shown: list[str],
              options: JudgeOptions = NO_OPTIONS) -> Iterator[Event]:
    """Map `check_unit` over file paths with a Dask client; events in input order. The
    options (which may hold large `--data` sets) are sent to every worker once, not with
    every file: each mapped call names them by their key on the cluster."""
    if options == NO_OPTIONS:
        futures = client.map(check_unit, paths, pure=False)
    else:
        shared = client.scatter(options, broadcast=True, hash=False)
        futures = client.map(check_unit, paths, options=shared, pure=False)
    for future, name in zip(futures, shown):
        result = _renamed(future.result(), name)
        if result.unreadable is not None:
            yield Unreadable(name, result.unreadable)
            continue
        yield FileStart(name)
        yield Judged(name, result, _file_size(name))
        yield FileEnd(name, blank=None)


def _renamed(result: UnitVerdict, name: str) -> UnitVerdict:
    """Report a file under the name the user gave, not the absolute path sent to workers."""
    if result.path == name:
        return result
    result = dataclasses.replace(result, path=name)
    for finding in result.diagnostics:
        finding.path = name
    for game in result.games:
        for diagnostic in game.diagnostics:
            diagnostic.path = name
    return result


def _in_order(pool: "ProcessPoolExecutor", items: Iterable[Work | Event | RangesEnd],
              window: int) -> Iterator[Event | RangeJudged | RangesEnd]:
    """Submit units as the window allows and yield results (and markers) in order."""
    pending: deque[tuple["Future[bytes | UnitVerdict | RangeVerdict]", Work] | Event | RangesEnd] = deque()
    running = 0
    for item in items:
        if isinstance(item, (Unit, FileRange)):
            pending.append((pool.submit(_check_packed, _sent(item)), item))
            running += 1
        else:
            pending.append(item)
        while pending and (not isinstance(pending[0], tuple) or running > window or pending[0][0].done()):
            head = pending.popleft()
            if isinstance(head, tuple):
                running -= 1
                yield _verdict(*head)
            else:
                yield head
    while pending:
        head = pending.popleft()
        yield _verdict(*head) if isinstance(head, tuple) else head


def _verdict(future: "Future[bytes | UnitVerdict | RangeVerdict]", unit: Work) -> Judged | RangeJudged:
    from concurrent.futures.process import BrokenProcessPool

    try:
        result = _unpacked(future.result())
    except BrokenProcessPool:
        raise WorkersLost(unit.name if isinstance(unit, FileRange) else unit.path) from None
    if isinstance(unit, FileRange):
        return RangeJudged(unit, result)
    return Judged(unit.path, result, unit.size())


def _check_packed(unit: Work) -> bytes | UnitVerdict | RangeVerdict:
    """`check_unit` (or `check_range`) in a worker, its verdict packed by marshal as plain
    values: the main process, the busiest of a run, reads them back from marshal several
    times faster than objects from pickle."""
    unit = dataclasses.replace(unit, options=_RUN_OPTIONS)
    result = check_range(unit) if isinstance(unit, FileRange) else check_unit(unit)
    try:
        return (b"R" if isinstance(result, RangeVerdict) else b"U") + marshal.dumps(result.plain())
    except ValueError:  # not plain data after all (a finding's facts): pickle takes it
        return result


def _unpacked(result: bytes | UnitVerdict | RangeVerdict) -> UnitVerdict | RangeVerdict:
    if not isinstance(result, bytes):
        return result
    plain = marshal.loads(memoryview(result)[1:])
    return RangeVerdict.of_plain(plain) if result[:1] == b"R" else UnitVerdict.of_plain(plain)


def _read_inputs(inputs: list[Input], stdin: BinaryIO | None, options: JudgeOptions,
                 stdin_name: str = "<stdin>", by_range: bool = False) -> Iterator[Work | Event | RangesEnd]:
    """Each input's units and markers; `by_range`: a regular file is cut into parts by bytes,
    which the workers read themselves, and anything else (standard input) into units."""
    for item in inputs:
        name = stdin_name if item.path == "-" else display_path(item.path)
        if item.path == "-" and stdin is None:
            yield Unreadable(name, "standard input is closed")
            continue
        try:
            stream = spool(stdin) if item.path == "-" else open(item.path, "rb")  # type: ignore[arg-type]
        except IsADirectoryError:
            yield Unreadable(name, "is a directory")
            continue
        except OSError as error:
            yield Unreadable(name, reason_of(error))
            continue
        try:
            if by_range and item.path != "-" and _is_regular(stream):  # a worker reads its part by the path
                yield from file_ranges(item.path, name, stream, options)
            else:
                yield from file_units(name, stream, options=options)
        except OSError as error:
            yield Unreadable(name, reason_of(error))
        finally:
            stream.close()


def _is_regular(stream: BinaryIO) -> bool:
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, io.UnsupportedOperation):
        return False


def _file_size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0
