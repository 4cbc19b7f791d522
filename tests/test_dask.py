"""Dask maps the same unit of work over files and gathers the same report."""

from __future__ import annotations

import json
import os

import pytest

from referee.pipeline.runner import Judged
from referee.reports.json_report import unit_json
from referee.validation import schema_errors
from tests.conftest import SAMPLES
from tests.test_parallel import corpus

distributed = pytest.importorskip("distributed")


@pytest.fixture(autouse=True)
def scratch_space(tmp_path):
    """Dask's workers keep their files in the test's own folder, not in the one /tmp shares."""
    import dask

    with dask.config.set({"temporary-directory": str(tmp_path)}):
        yield


def test_dask_maps_the_unit_over_files_and_gathers_the_same_report(run, tmp_path):
    from distributed import Client

    from referee.pipeline.runner import map_paths

    paths = [corpus(tmp_path, run, count=5)]
    for name in ("korsar/legal/multi-game.korsar", "corsari/illegal/c-cards-2.corsari"):
        target = tmp_path / name.replace("/", "-")
        target.write_bytes((SAMPLES / name).read_bytes())
        paths.append(target)
    with Client(processes=False, dashboard_address=None) as client:
        events = list(map_paths(client, [str(p) for p in paths], [str(p) for p in paths]))
    by_dask = {e.path: unit_json(e.result)["games"] for e in events if isinstance(e, Judged)}
    for path in paths:
        alone = json.loads(run("check", "--format", "json", "-j", "1", str(path)).output)
        assert by_dask[str(path)] == alone["files"][0]["games"]


def test_check_dask_local_runs_a_cluster_of_this_machine(run, tmp_path):
    path = tmp_path / "a.korsar"
    path.write_bytes((SAMPLES / "korsar/legal/multi-game.korsar").read_bytes())
    missing = tmp_path / "gone.korsar"
    result = run("check", "--format", "json", "--dask", "local", str(path))
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{"):])
    assert report["files"][0]["path"] == str(path)
    assert schema_errors("check-report", report) == []
    assert run("check", "--dask", "local", "-").exit_code == 2
    assert not missing.exists()
    assert os.path.exists(path)


def test_an_unreachable_scheduler_is_a_usage_error_not_a_crash(run, monkeypatch):
    import referee.pipeline.runner as runner

    monkeypatch.setattr(runner, "CONNECT_SECONDS", 1)
    result = run("check", "--dask", "tcp://127.0.0.1:1", str(SAMPLES / "korsar/legal/k-example.korsar"))
    assert result.exit_code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in result.output
    assert "Traceback" not in result.output


def test_the_run_options_reach_the_cluster_once_not_with_every_file(run, tmp_path):
    """A `--data` set may be megabytes: mapped over many files, it is scattered to the workers
    once and every call names it, and the verdicts are those judged here with the same data."""
    from distributed import Client, Future

    from referee.pipeline.datafiles import judge_options
    from referee.pipeline.runner import map_paths

    board = SAMPLES / "perroquets" / "boards" / "lagoon-9.json"
    paths = []
    for index in range(3):
        target = tmp_path / f"lagoon-{index}.perroquets"
        target.write_bytes((SAMPLES / "perroquets" / "boards" / "lagoon-game.perroquets").read_bytes())
        paths.append(str(target))
    options = judge_options([str(board)])
    sent: list[dict[str, object]] = []
    with Client(processes=False, dashboard_address=None) as client:
        mapped = client.map

        def recording_map(function, *iterables, **kwargs):
            sent.append(kwargs)
            return mapped(function, *iterables, **kwargs)

        client.map = recording_map
        events = list(map_paths(client, paths, paths, options))
    assert len(sent) == 1 and isinstance(sent[0]["options"], Future)
    judged = {e.path: unit_json(e.result)["games"] for e in events if isinstance(e, Judged)}
    alone = json.loads(run("check", "--format", "json", "-j", "1", "--data", str(board), paths[0]).output)
    assert [game["verdict"] for game in alone["files"][0]["games"]] == ["legal"]
    for path in paths:
        assert judged[path] == alone["files"][0]["games"]
