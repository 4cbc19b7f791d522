"""What must hold for any input whatsoever, checked on one input at a time.

Used by the bounded fuzz tests and by `python -m fuzz.run`, the long campaign.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

from referee.export import record_to_json, records_from_json
from referee.formatting import canonical_game, canonical_records
from referee.pipeline.replay import FileReport, check_bytes
from referee.reports.json_report import check_report, file_json, unit_json
from referee.validation import schema_errors
from referee.notation.chunks import Splitter, split_games
from referee.notation.scanner import scan_chunk
from referee.pipeline.work import check_stream

ROOT = Path(__file__).resolve().parent.parent


class InvariantBroken(AssertionError):
    """An input that breaks a promise; the message says which."""


def seeds() -> list[bytes]:
    """Every bundled sample, the corpus mutations start from."""
    from referee.games import all_extensions

    return [path.read_bytes() for path in sorted((ROOT / "samples").glob("*/*/*"))
            if path.suffix in all_extensions()]


def check_input(data: bytes, deep: bool = True) -> FileReport:
    """Judge `data` and verify every invariant; raises InvariantBroken."""
    try:
        report = check_bytes("fuzz.log", data, canonical=True)
    except Exception as error:  # noqa: BLE001 - the point is to catch anything
        raise InvariantBroken(f"check raised {type(error).__name__}: {error}") from error
    lines = report.source.lines if report.source else data.split(b"\n")
    for diagnostic in report.all_diagnostics():
        span = diagnostic.span
        if span is None:
            raise InvariantBroken(f"a diagnostic with no place: {diagnostic.code}")
        if not 1 <= span.line <= max(len(lines), 1):
            raise InvariantBroken(f"{diagnostic.code} points at line {span.line} of {len(lines)}")
        if report.source is not None:
            length = len(report.source.line(span.line))
            if not 1 <= span.col <= length + 1:
                raise InvariantBroken(f"{diagnostic.code} points at column {span.col} of a {length}-character line")
    if report.source is not None:
        check_game_boundaries(report.source.lines)
    whole = file_json(report)
    streamed = unit_json(check_stream("fuzz.log", io.BytesIO(data)))
    if (streamed["games"], streamed["diagnostics"]) != (whole["games"], whole["diagnostics"]):
        raise InvariantBroken("reading game by game (as check does) differs from reading the whole text")
    if not deep:
        return report
    document = check_report([whole], [])
    errors = schema_errors("check-report", document)
    if errors:
        raise InvariantBroken(f"check report does not validate: {errors[0]}")
    json.dumps(document)
    games = [g for g in report.games if g.record is not None and g.rules is not None and g.verdict != "malformed"]
    if report.games and not report.diagnostics and len(games) == len(report.games):
        formatted = "\n".join(canonical_game(g) for g in report.games)
        again = check_bytes("fuzz.log", formatted.encode(), canonical=True)
        if [g.verdict for g in again.games] != [g.verdict for g in report.games]:
            raise InvariantBroken("check(fmt(x)) gives another verdict than check(x)")
        if [[d.code for d in g.diagnostics] for g in again.games] != [[d.code for d in g.diagnostics]
                                                                      for g in report.games]:
            raise InvariantBroken("check(fmt(x)) reports other rules than check(x)")
        twice = "\n".join(canonical_game(g) for g in again.games)
        if twice != formatted:
            raise InvariantBroken("fmt is not idempotent")
        document = {"games": [record_to_json(g.record, g.rules) for g in again.games]}
        if canonical_records(records_from_json(document)) != formatted:
            raise InvariantBroken("notation -> JSON -> notation is not stable")
    return report


# -- ways of making inputs -------------------------------------------------------------------

def check_game_boundaries(lines: list[str]) -> None:
    """The games read from the chunks `split_games` cuts begin where the splitter, asked
    about every line of the file, says games begin."""
    splitter = Splitter()
    starts = [number for number, line in enumerate(lines, start=1) if splitter.starts_game(line)]
    chunked = [raw.line for chunk in split_games(lines) for raw in scan_chunk("fuzz.log", chunk)]
    if chunked != starts:
        raise InvariantBroken(f"games read at lines {chunked[:5]}, but the splitter begins them at {starts[:5]}")


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One of: flip bytes, delete / duplicate / swap lines, truncate, swap tokens or players."""
    choice = rng.randrange(8)
    if not data:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if choice == 0:
        buffer = bytearray(data)
        for _ in range(rng.randrange(1, 4)):
            buffer[rng.randrange(len(buffer))] = rng.randrange(256)
        return bytes(buffer)
    lines = data.split(b"\n")
    if choice == 1 and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
    elif choice == 2:
        index = rng.randrange(len(lines))
        lines.insert(index, lines[index])
    elif choice == 3 and len(lines) > 1:
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
    elif choice == 4:
        return data[: rng.randrange(len(data))]
    elif choice == 5:
        words = data.split(b" ")
        if len(words) > 1:
            a, b = rng.randrange(len(words)), rng.randrange(len(words))
            words[a], words[b] = words[b], words[a]
        return b" ".join(words)
    elif choice == 6:
        players = [b"A:", b"B:", b"C:", b"D:"]
        a, b = rng.sample(players, 2)
        return data.replace(a, b"\x00").replace(b, a).replace(b"\x00", b)
    else:
        words = data.split(b" ")
        index = rng.randrange(len(words))
        words[index] = rng.choice([b"draw", b"deck", b"-R1", b"raise", b"fill", b"xA3", b"~AD", b"$9",
                                   b"R2@A3/1", b"{", b"}", b";", b"[Game", b"99.", b"Z:", b"quay=K1"])
        return b" ".join(words)
    return b"\n".join(lines)
