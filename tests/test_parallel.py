"""The same report whoever runs the work: this process, a pool of processes, Dask."""

from __future__ import annotations

import io
import json
import pickle
import re
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.diagnostics import Diagnostic
from referee.notation.chunks import Chunk
from referee.pipeline.fileio import Input
from referee.pipeline.runner import Judged, Unreadable, _in_order, run_units
from referee.pipeline.verdicts import UnitVerdict
from referee.pipeline.work import FileEnd, FileStart, Unit, check_unit, file_units
from tests.conftest import SAMPLES
from referee.validation import schema_errors


def corpus(tmp_path: Path, run, count: int = 60) -> Path:
    """Random legal and illegal games, in one file, with a few malformed ones between."""
    legal = run("simulate", "--game", "korsar", "--players", "4", "--seed", "7", "--count", str(count)).output
    illegal = run("simulate", "--game", "corsari", "--players", "3", "--seed", "8", "--count", "10",
                  "--illegal").output
    broken = '[Game "Korsar"]\n[Players "A B"]\n\n1. A: draw B: $9@A3 {never closed\n'
    path = tmp_path / "mixed.korsar"
    path.write_text(legal + "\n" + broken + illegal + "\n" + legal)
    return path


def normalised(report: dict) -> dict:
    report = dict(report)
    report.pop("referee", None)
    return report


def test_jobs_give_the_same_report_in_the_same_order(run, tmp_path):
    path = corpus(tmp_path, run)
    one = run("check", "--format", "json", "-j", "1", str(path))
    two = run("check", "--format", "json", "-j", "2", str(path))
    assert one.exit_code == two.exit_code == 1
    first, second = json.loads(one.output), json.loads(two.output)
    assert first == second
    assert schema_errors("check-report", first) == []
    games = first["files"][0]["games"]
    assert [game["index"] for game in games] == list(range(1, len(games) + 1))
    assert {game["verdict"] for game in games} == {"legal", "illegal", "malformed"}

TIMING = re.compile(r" in [\d.]+ s(?: \([\d,]+ moves/s\))?$", re.M)


def test_streamed_text_is_the_same_with_any_number_of_jobs(run, tmp_path):
    path = corpus(tmp_path, run, count=30)
    # The closing line gives the time taken once the work takes a second: on a busy machine,
    # only for some of the runs.
    outputs = {jobs: TIMING.sub("", run("check", "-j", str(jobs), str(path)).output) for jobs in (1, 2, 3)}
    assert outputs[1] == outputs[2] == outputs[3]
    assert "error[N-COMMENT]" in outputs[1]


def test_batches_keep_games_whole_and_in_order(run, tmp_path):
    path = corpus(tmp_path, run, count=20)
    with open(path, "rb") as stream:
        items = list(file_units(str(path), stream, batch_lines=25))
    assert isinstance(items[0], FileStart) and isinstance(items[-1], FileEnd)
    units = [item for item in items if isinstance(item, Unit)]
    assert len(units) > 3
    lines = [line for unit in units for chunk in unit.chunks for line in chunk.lines]
    assert "\n".join(lines) == path.read_text()
    numbers = [chunk.first_line for unit in units for chunk in unit.chunks]
    assert numbers == sorted(numbers)


def test_results_come_back_in_input_order_however_long_each_takes():
    from concurrent.futures import ThreadPoolExecutor

    text = (SAMPLES / "korsar/legal/multi-game.korsar").read_text()
    units = [Unit.of_text(f"file{i}", text) for i in range(12)]
    markers = [FileStart(f"file{i}") for i in range(12)]
    items = [x for pair in zip(markers, units) for x in pair]
    with ThreadPoolExecutor(max_workers=4) as pool:
        events = list(_in_order(pool, items, window=2))  # type: ignore[arg-type]
    order = [(type(e).__name__, e.path) for e in events]
    assert order == [(kind, f"file{i}") for i in range(12) for kind in ("FileStart", "Judged")]


def test_the_unit_never_raises_and_says_what_failed(monkeypatch):
    import referee.pipeline.work as work

    def explode(*args, **kwargs):
        raise ValueError("boom")

    monkeypatch.setattr(work, "judge_plain", explode)
    result = check_unit(Unit.of_text("x.korsar", '[Game "Korsar"]\n[Players "A B"]\n\n1. A: draw\n'))
    assert result.games == []
    assert result.internal_error is not None and result.internal_error.kind == "ValueError"
    assert result.internal_error.message == "boom" and "boom" in result.internal_error.traceback


def test_a_path_unit_reads_the_file_itself(tmp_path):
    path = tmp_path / "a.korsar"
    path.write_text((SAMPLES / "korsar/legal/multi-game.korsar").read_text())
    result = check_unit(str(path))
    assert [game.verdict for game in result.games] == ["legal"] * len(result.games)
    assert check_unit(str(tmp_path / "missing.korsar")).unreadable
    empty = tmp_path / "empty.korsar"
    empty.write_text("\n\n")
    assert [d.message for d in check_unit(str(empty)).diagnostics] == ["the file holds no game"]


def test_standard_input_is_read_as_a_stream():
    data = (SAMPLES / "korsar/legal/multi-game.korsar").read_bytes()
    events = list(run_units([Input("-")], jobs=1, stdin=io.BytesIO(data)))
    judged = [e for e in events if isinstance(e, Judged)]
    assert judged and all(e.path == "<stdin>" for e in judged)
    assert not any(isinstance(e, Unreadable) for e in events)


def test_progress_bar_draws_only_for_long_work_and_clears_itself():
    from referee.cli.progress import Progress

    stream = io.StringIO()
    bar = Progress(1000, enabled=True, stream=stream)
    counts = {"games": 3, "moves": 300, "illegal": 1, "malformed": 0}
    bar.advance(100, counts)
    assert stream.getvalue() == ""  # under a second: nothing drawn
    bar.started -= 5
    bar.advance(400, counts)
    drawn = stream.getvalue()
    assert "50%" in drawn and "3 games" in drawn and "1 not legal" in drawn and "moves/s" in drawn
    bar.clear()
    assert stream.getvalue().endswith("\r\x1b[K")


def test_long_work_closes_with_its_time_and_speed():
    from referee.reports.style import Style
    from referee.reports.text import summary_line

    counts = {"files": 1, "games": 2, "legal": 2, "illegal": 0, "malformed": 0, "unreadable": 0,
              "moves": 5000, "errors": 0, "syntax_errors": 0, "warnings": 0}
    assert summary_line(counts, Style(False), 0.5) == "1 file, 2 games, 2 legal, 0 illegal, 0 malformed, 5000 moves"
    assert summary_line(counts, Style(False), 2.0) == (
        "1 file, 2 games, 2 legal, 0 illegal, 0 malformed, 5000 moves in 2.0 s (2,500 moves/s)")


def test_export_is_written_game_by_game_one_game_a_line(run, tmp_path):
    from referee.export import export_document
    from referee.pipeline.replay import check_bytes

    path = corpus(tmp_path, run, count=4)
    text = path.read_text()
    clean = text.replace('[Game "Korsar"]\n[Players "A B"]\n\n1. A: draw B: $9@A3 {never closed\n', "")
    path.write_text(clean)
    result = run("export", str(path))
    whole = check_bytes(str(path), clean.encode())
    assert json.loads(result.output) == export_document(whole.games, str(path))
    games = [line for line in result.output.splitlines() if line.startswith('    {"game": ')]
    assert len(games) == len(whole.games)  # one game a line
    empty = tmp_path / "none.korsar"
    empty.write_text("; nothing\n")
    assert run("export", str(empty)).exit_code == 1


def test_the_games_of_the_first_batch_are_loaded_before_the_workers_start():
    """Workers are forked from the main process: a game it has loaded, none of them loads again."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from referee.pipeline.runner import _load_games\n"
        "from referee.pipeline.work import Unit\n"
        "unit = Unit.of_text('x', '; a comment\\n\\n[Event \"e\"]\\n [Game \"corsari\"]\\n\\n1. A: deck -R1\\n')\n"
        "assert 'referee.games.corsari.engine' not in sys.modules\n"
        "_load_games(unit)\n"
        "assert 'referee.games.corsari.engine' in sys.modules\n"
        "assert 'referee.games.korsar.engine' not in sys.modules\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr


@settings(max_examples=300, deadline=None)
@given(shape=st.lists(st.tuples(st.integers(1, 10**6), st.lists(st.text("ab \n\r{", max_size=5), max_size=4)),
                      max_size=5),
       cut=st.dictionaries(st.integers(1, 99), st.integers(1, 99), max_size=2))
def test_a_unit_sent_to_a_worker_arrives_as_it_left(shape, cut):
    unit = Unit("a.korsar", [Chunk(first, lines) for first, lines in shape], cut)
    assert pickle.loads(pickle.dumps(unit)) == unit


def test_a_files_own_findings_and_failure_come_back_from_a_worker_typed(monkeypatch):
    import referee.pipeline.runner as runner
    from referee.pipeline.work import check_stream, failure

    def sent_back(verdict: UnitVerdict) -> UnitVerdict:
        monkeypatch.setattr(runner, "check_unit", lambda unit: verdict)
        packed = runner._check_packed(Unit.of_text("x.korsar", ""))
        assert isinstance(packed, bytes)  # plain data: marshalled, not pickled
        return runner._unpacked(pickle.loads(pickle.dumps(packed)))

    for data in (b"\xff\xfe", b"", b"; only a comment\n", b'{"format": "referee-check-report"}'):
        verdict = check_stream("x.korsar", io.BytesIO(data))
        assert [type(d) for d in verdict.diagnostics] == [Diagnostic]
        assert sent_back(verdict) == verdict
    try:
        raise ValueError("boom")
    except ValueError as error:
        failed = failure("x.korsar", error)
    assert sent_back(failed) == failed and failed.internal_error is not None


def test_a_verdict_comes_back_from_a_worker_as_it_was_made(monkeypatch):
    import referee.pipeline.runner as runner

    unit = Unit.of_text("x.korsar", (SAMPLES / "korsar/legal/multi-game.korsar").read_text())
    packed = runner._check_packed(unit)
    assert isinstance(packed, bytes) and runner._unpacked(pickle.loads(pickle.dumps(packed))) == check_unit(unit)
    odd = UnitVerdict("x.korsar", diagnostics=[Diagnostic("N-GAME", "odd", "x.korsar", None,
                                                          facts={"value": Decimal("1.5")})])  # not plain data: sent as it is
    monkeypatch.setattr(runner, "check_unit", lambda unit: odd)
    assert runner._unpacked(pickle.loads(pickle.dumps(runner._check_packed(unit)))) == odd


def test_a_verdict_renamed_for_the_user_names_the_given_path_in_every_finding():
    from referee.pipeline.runner import _renamed
    from referee.pipeline.work import check_stream

    verdict = check_stream("/abs/x.korsar", io.BytesIO(b"\xff"))
    renamed = _renamed(verdict, "x.korsar")
    assert renamed.path == "x.korsar" and [d.path for d in renamed.diagnostics] == ["x.korsar"]
