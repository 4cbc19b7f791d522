"""Work lost outside the referee is an error a user can act on, never a bug (exit 3): a worker
process killed under `check -j 2` (most often for want of memory) ends the report in order —
machine output stays valid — naming the file and what to do, exit 2. And a run's data goes to
each worker once, as it starts, not with every unit of work."""

from __future__ import annotations

import json
import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from referee.games.base import JudgeOptions
from referee.pipeline import runner
from referee.pipeline.datafiles import judge_options
from referee.pipeline.fileio import Input
from referee.pipeline.verdicts import UnitVerdict

ROOT = Path(__file__).resolve().parent.parent
KORSAR = sorted((ROOT / "samples" / "korsar" / "legal").glob("*.korsar"))
LAGOON = ROOT / "samples" / "perroquets" / "boards" / "lagoon-9.json"
LAGOON_GAME = ROOT / "samples" / "perroquets" / "boards" / "lagoon-game.perroquets"


def _children(pid: int) -> list[int]:
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    return [int(child) for child in found]


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs /proc to find the workers")
@pytest.mark.parametrize("output_format", ["json", "text"])
def test_a_killed_worker_ends_the_report_in_order_with_exit_2(tmp_path, output_format):
    text = "\n\n".join(path.read_text(encoding="utf-8") for path in KORSAR)
    big = tmp_path / "big.korsar"
    big.write_text("\n\n".join([text] * 120), encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-m", "referee", "check", "-j", "2", "--format", output_format,
                                str(big)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not _children(process.pid) and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.02)
    workers = _children(process.pid)
    assert workers, "the run started no worker"
    os.kill(workers[-1], signal.SIGKILL)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 2, err
    assert "internal error" not in err and "Traceback" not in err
    reason = "a worker process was stopped from outside (killed, most often for want of memory)"
    if output_format == "json":
        report = json.loads(out)
        from referee.validation import schema_errors

        assert schema_errors("check-report", report) == []
        assert report["unreadable"][0]["path"] == str(big) and reason in report["unreadable"][0]["reason"]
    else:
        assert f"{big}: cannot read: {reason}" in err
        assert "run again with fewer jobs (-j 1)" in err
        assert out.rstrip().splitlines()[-1].startswith("1 file, ") and "1 could not be read" in out


def test_a_unit_travels_without_the_run_s_data(tmp_path, monkeypatch):
    """The options went with every unit: 53 s against 7.9 s with -j 1 on a 2.8 MB card set."""
    options = judge_options([str(LAGOON)])
    sizes: list[int] = []
    from concurrent.futures import ProcessPoolExecutor

    submit = ProcessPoolExecutor.submit

    def measured(self, function, *args, **kwargs):
        sizes.append(len(pickle.dumps(args)))
        return submit(self, function, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", measured)
    logs = []
    for number in range(3):
        path = tmp_path / f"game-{number}.perroquets"
        path.write_text(LAGOON_GAME.read_text(encoding="utf-8"), encoding="utf-8")
        logs.append(Input(str(path)))
    events = list(runner.run_units(logs, jobs=2, options=options))
    judged = [event for event in events if isinstance(event, runner.Judged)]
    assert len(judged) == 3 and all(not game.diagnostics for event in judged for game in event.result.games)
    assert sizes and max(sizes) < len(pickle.dumps(options)), "the data travelled with the work"


def test_a_unit_judged_in_a_worker_gets_the_run_s_options():
    options = JudgeOptions(variants=("wide",))
    unit = runner.Unit("x.korsar", [], options=options)
    assert runner._sent(unit).options == JudgeOptions()
    handlers = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    runner._start_worker(options)
    try:
        seen = []
        original = runner.check_unit
        runner.check_unit = lambda sent: seen.append(sent.options) or UnitVerdict(sent.path)
        try:
            runner._check_packed(runner._sent(unit))
        finally:
            runner.check_unit = original
        assert seen == [options]
    finally:
        runner._RUN_OPTIONS = JudgeOptions()
        signal.signal(signal.SIGINT, handlers[0])
        signal.signal(signal.SIGTERM, handlers[1])
