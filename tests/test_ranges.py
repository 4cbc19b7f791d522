"""A file cut into parts by bytes is judged exactly as when it is read whole: the same
games, findings, line numbers and file verdict, wherever the cuts fall."""

from __future__ import annotations

import io
import json
import re
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.pipeline import ranges
from referee.pipeline.ranges import FileRange, RangeJudged, check_range, cut_points, file_ranges, stitched
from referee.pipeline.work import FileEnd, FileStart, Judged, Unit, check_unit, file_units
from referee.reports.json_report import unit_json
from tests.conftest import SAMPLES

LINE_END = re.compile(rb"\r\n|\r|\n")


def line_ends(data: bytes) -> int:
    return len(LINE_END.findall(data))


@settings(max_examples=400, deadline=None)
@given(pieces=st.lists(st.sampled_from([b"\n", b"\r\n", b"\r", b"\n\n[", b"\r\n\r\n[", b"[", b" ", b"x",
                                        b"\xc3\xa9", b"\t\n"]), max_size=80),
       target=st.integers(1, 40), longest=st.integers(1, 120), block=st.integers(1, 50))
def test_parts_cover_the_stream_and_start_on_a_line_with_its_number(pieces, target, longest, block):
    data = b"".join(pieces)
    parts = list(cut_points(io.BytesIO(data), target, longest, block))
    assert parts[0][0] == 0 and parts[-1][1] == len(data)
    for (_, end, _, last), (start, _, _, _) in zip(parts, parts[1:]):
        assert end == start and not last
    assert parts[-1][3]
    for start, end, first_line, _ in parts:
        assert start < end or len(parts) == 1
        if start:
            assert data[start - 1:start] in (b"\n", b"\r") and data[start - 1:start + 1] != b"\r\n"
        assert first_line == 1 + line_ends(data[:start])


@pytest.mark.parametrize("line_end", [b"\n", b"\r", b"\r\n", b"\n  \n"])
def test_lines_with_no_tag_are_searched_once_not_once_a_part(monkeypatch, line_end):
    """Twenty million blank lines took minutes: every part searched the rest of the buffer for a
    likely start again. A search that found none resumes where it ended, so the bytes searched
    stay a small multiple of the stream's, and the parts are the same."""
    searched = []

    class Counted:
        def __init__(self, pattern: re.Pattern[bytes]) -> None:
            self.pattern = pattern

        def search(self, buffer: bytes, start: int = 0) -> re.Match[bytes] | None:
            searched.append(len(buffer) - start)
            return self.pattern.search(buffer, start)

    data = b"[Game x]" + line_end * 200_000 + b"\n\n[Game y]\n"
    expected = list(cut_points(io.BytesIO(data), 1 << 10, 1 << 14, 1 << 12))
    monkeypatch.setattr(ranges, "_LIKELY_START", Counted(ranges._LIKELY_START))
    monkeypatch.setattr(ranges, "_TAG_START", Counted(ranges._TAG_START))
    assert list(cut_points(io.BytesIO(data), 1 << 10, 1 << 14, 1 << 12)) == expected
    assert any(start == len(data) - len(b"[Game y]\n") for start, _, _, _ in expected)
    assert sum(searched) < 8 * len(data), f"{sum(searched):,} bytes searched for {len(data):,}"


def test_a_line_longer_than_any_part_is_never_held_whole():
    class Endless(io.RawIOBase):
        """Twenty MiB of one line, made as it is read."""

        def __init__(self) -> None:
            self.left = 20 << 20

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            count = min(len(buffer), self.left)
            buffer[:count] = b"x" * count
            self.left -= count
            return count

    tracemalloc.start()
    parts = list(cut_points(io.BufferedReader(Endless()), 1 << 10, 1 << 20, 1 << 16))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert parts == [(0, 20 << 20, 1, True)]
    assert peak < 4 << 20, f"{peak} bytes held"


def by_units(path: Path) -> list[Any]:
    """Events of the ordinary reading, every unit judged here."""
    with open(path, "rb") as stream:
        return [Judged(item.path, check_unit(item), item.size()) if isinstance(item, Unit) else item
                for item in file_units(str(path), stream)]


def by_ranges(path: Path, target: int, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Events of the reading by parts, every part judged here as a worker would."""
    monkeypatch.setattr(ranges, "RANGE_BYTES", target)
    with open(path, "rb") as stream:
        items = list(file_ranges(str(path), str(path), stream))
    return list(stitched(RangeJudged(item, check_range(item)) if isinstance(item, FileRange) else item
                         for item in items))


def summary(events: list[Any]) -> tuple[list[Any], list[Any], list[Any]]:
    """Games (their place in the file, not their batch's numbering), file findings, and
    the markers, in order."""
    games, findings, markers = [], [], []
    for event in events:
        if isinstance(event, Judged):
            result = unit_json(event.result)
            assert "internal_error" not in result, result["internal_error"]["traceback"]
            games.extend({key: value for key, value in game.items() if key != "index"}
                         for game in result["games"])
            findings.extend(result["diagnostics"])
        else:
            assert isinstance(event, (FileStart, FileEnd))
            markers.append(event)
    return games, findings, markers


def assert_same_reading(path: Path, target: int, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = summary(by_units(path))
    cut = summary(by_ranges(path, target, monkeypatch))
    assert cut == whole


SAMPLE_TEXTS = sorted((SAMPLES / game / kind / name).read_bytes()
                      for game in ("korsar", "corsari", "perroquets", "spanish-main") for kind in ("legal", "illegal")
                      for name in sorted(p.name for p in (SAMPLES / game / kind).iterdir()
                                         if not p.name.endswith((".json", ".md")))[:3])
"""A few legal and illegal games of every game, as written."""

BETWEEN = [b"\n", b"\n\n", b"", b"{ a comment\n\n[in it] }\n", b"; a note\n\n", b"\n\n\n   \n"]
TAG_GAP = b'[Event "club night"]\n\n'
"""A blank line inside a game's tags: a guessed cut there is no seam."""


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=st.lists(st.tuples(st.integers(0, len(SAMPLE_TEXTS) - 1), st.integers(0, len(BETWEEN) - 1),
                                st.booleans()), min_size=1, max_size=8),
       line_end=st.sampled_from([b"\n", b"\r\n", b"\r"]), mark=st.booleans(), target=st.integers(1, 600))
def test_parts_are_judged_as_the_whole_file(tmp_path_factory, monkeypatch, order, line_end, mark, target):
    text = b"".join(BETWEEN[gap] + (TAG_GAP if gapped else b"") + SAMPLE_TEXTS[index]
                    for index, gap, gapped in order)
    text = (b"\xef\xbb\xbf" if mark else b"") + text.replace(b"\r\n", b"\n").replace(b"\n", line_end)
    path = tmp_path_factory.mktemp("ranges") / "mixed.log"
    path.write_bytes(text)
    assert_same_reading(path, target, monkeypatch)


def test_a_seam_that_does_not_hold_reads_the_rest_of_the_file_again(tmp_path, monkeypatch):
    games = (SAMPLES / "korsar/legal/multi-game.korsar").read_bytes()
    path = tmp_path / "gapped.korsar"
    path.write_bytes((games + b"\n" + TAG_GAP) * 6 + games)
    read_again = []
    original = ranges._read_again

    def spy(*args: Any) -> Any:
        read_again.append(args[0].part.start)
        return (yield from original(*args))

    monkeypatch.setattr(ranges, "_read_again", spy)
    assert_same_reading(path, 1, monkeypatch)
    assert read_again, "no guessed cut fell inside a game's tags"


def test_a_file_with_no_game_or_not_a_log_says_so_as_when_read_whole(tmp_path, monkeypatch):
    for name, data in (("empty.korsar", b""), ("blank.korsar", b"\n \n\t\n"), ("notes.korsar", b"; only a note\n"),
                       ("latin1.korsar", b'[Game "Korsar"]\n\xe9\n'), ("doc.korsar", b'{"games": []}')):
        path = tmp_path / name
        path.write_bytes(data)
        assert_same_reading(path, 1, monkeypatch)


def test_an_overlong_line_is_cut_and_reported_at_its_place(tmp_path, monkeypatch):
    games = (SAMPLES / "korsar/legal/multi-game.korsar").read_bytes()
    path = tmp_path / "long.korsar"
    path.write_bytes(games + b"\n" + games.replace(b"1. ", b"1. " + b"x" * 150_000 + b" ", 1) + b"\n" + games)
    assert_same_reading(path, 200, monkeypatch)
    findings = [d["message"] for game in summary(by_units(path))[0] for d in game["diagnostics"]]
    assert any("150,061 characters long" in message for message in findings)


def test_a_part_that_cannot_be_read_is_a_reported_failure_not_a_crash(tmp_path):
    result = check_range(FileRange(str(tmp_path / "gone.korsar"), "gone.korsar", 0, 10, 1, True))
    assert result.verdict.internal_error is not None
    assert result.verdict.internal_error.kind == "FileNotFoundError"
    assert result.verdict.games == [] and result.seam is None


def test_check_on_several_processes_cuts_by_parts_and_reports_as_one(run, tmp_path, monkeypatch):
    games = (SAMPLES / "korsar/legal/multi-game.korsar").read_text()
    illegal = (SAMPLES / "korsar/illegal").iterdir()
    text = "\n".join([games, TAG_GAP.decode() + games] * 5 + [p.read_text() for p in sorted(illegal)
                                                            if p.suffix == ".korsar"][:4])
    path = tmp_path / "mixed.korsar"
    path.write_text(text)
    monkeypatch.setattr(ranges, "RANGE_BYTES", 300)
    one = run("check", "--format", "json", "-j", "1", str(path))
    two = run("check", "--format", "json", "-j", "2", str(path))
    assert one.exit_code == two.exit_code == 1
    assert json.loads(one.output) == json.loads(two.output)
    assert "error[" in run("check", "-j", "2", str(path)).output


def test_standard_input_on_several_processes_is_sent_in_batches_and_reports_as_one(run, tmp_path):
    path = tmp_path / "mixed.korsar"
    games = (SAMPLES / "korsar/legal/multi-game.korsar").read_text()
    path.write_text("\n".join([games, TAG_GAP.decode() + games] * 3))
    by_name = run("check", "--format", "json", "-j", "2", str(path))
    piped = run("check", "--format", "json", "-j", "2", "--stdin-filename", str(path), "-", input=path.read_bytes())
    assert by_name.exit_code == piped.exit_code == 1  # the tags cut off by a blank line are a game of their own
    assert json.loads(by_name.output) == json.loads(piped.output)


def test_max_errors_stops_a_file_read_by_parts_where_one_process_would(run, tmp_path, monkeypatch):
    illegal = sorted(p for p in (SAMPLES / "korsar/illegal").iterdir() if p.suffix == ".korsar")
    path = tmp_path / "many.korsar"
    path.write_text("\n".join(p.read_text() for p in illegal * 3))
    monkeypatch.setattr(ranges, "RANGE_BYTES", 200)
    one = run("check", "-j", "1", "--max-errors", "3", str(path))
    two = run("check", "-j", "2", "--max-errors", "3", str(path))
    assert one.exit_code == two.exit_code == 1
    assert two.output.count("error[") == 3
    assert "(--max-errors)" in two.output
    assert one.output.split("\n")[:-2] == two.output.split("\n")[:-2]  # all but the timed summary


def test_no_more_processes_than_cores_whatever_jobs_asks(run, tmp_path, monkeypatch):
    """`-j 100000` on a small log once forked a hundred thousand workers: the pool is capped at
    the usable cores, and the report is the one of any other count."""
    from concurrent import futures

    from referee.pipeline import runner

    started: list[int] = []
    real_pool = futures.ProcessPoolExecutor

    def counted(max_workers: int, **kwargs: Any) -> futures.ProcessPoolExecutor:
        started.append(max_workers)
        return real_pool(max_workers=max_workers, **kwargs)

    monkeypatch.setattr(futures, "ProcessPoolExecutor", counted)
    monkeypatch.setattr(runner, "default_jobs", lambda: 2)
    monkeypatch.setattr(ranges, "RANGE_BYTES", 300)
    path = tmp_path / "games.korsar"
    path.write_text((SAMPLES / "korsar/legal/multi-game.korsar").read_text() * 3)
    many = run("check", "--format", "json", "-j", "100000", str(path))
    one = run("check", "--format", "json", "-j", "1", str(path))
    assert started == [2]
    assert many.exit_code == one.exit_code == 0 and json.loads(many.output) == json.loads(one.output)
    monkeypatch.setattr(runner, "default_jobs", lambda: 1)
    assert run("check", "-j", "100000", str(path)).exit_code == 0 and started == [2]  # one core: no pool at all
