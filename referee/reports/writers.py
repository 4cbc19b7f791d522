"""`check`'s report in every format, written as the files are judged.

A writer is told, in input order, of each unreadable input, each file's start, its
judged games (in batches), its end with its own findings, and the close with the
counts. Every format streams: even the whole-document ones (JSON, SARIF, JUnit)
are written piece by piece — what must come first but is known only at the end
(a JUnit suite's counts, SARIF's list of files) waits in a temporary file that
spills to disk — so memory does not grow with the input.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, TextIO

from referee import __version__
from referee.reports import machine
from referee.reports.json_report import REPORT_SCHEMA_ID
from referee.reports.style import Style
from referee.reports.text import render_findings, summary_line
from referee.reports.visible import visible, xml_safe

Write = Callable[[str], None]
SPILL = 1 << 20
"""Bytes a waiting part of a document keeps in memory before it moves to disk."""


def _spill() -> Any:
    """A text file kept in memory up to SPILL characters, then on disk."""
    import tempfile

    return tempfile.SpooledTemporaryFile(max_size=SPILL, mode="w+", encoding="utf-8")


class ReportWriter:
    """The events of a check, as one format writes them; the base writes nothing."""

    def __init__(self, write: Write) -> None:
        self.write = write

    def unreadable(self, path: str, reason: str) -> None: ...

    def file_start(self, path: str) -> None: ...

    def games(self, path: str, games: list[dict[str, Any]]) -> None: ...

    def file_end(self, path: str, diagnostics: list[dict[str, Any]], verdict: str) -> None: ...

    def close(self, counts: dict[str, int], stopped_at: int | None, elapsed: float,
              unreadable: list[tuple[str, str]]) -> None: ...


class TextWriter(ReportWriter):
    def __init__(self, write: Write, style: Style, quiet: bool) -> None:
        super().__init__(write)
        self.style = style
        self.quiet = quiet
        self.notices: dict[str, int] = {}
        """What a game's verdict rests on that a reader must know (a reconstructed board): once each."""
        self.accepted = 0
        """Events judged on the log's word (stated facts, declared abilities), where a game counts
        them (S-LEVELS), with the events checked beside them and the declared ability texts."""
        self.checked = 0
        self.declared = 0
        self.show_suppressed = False
        """List the findings allow comments accepted (`--show-suppressed`), marked as such."""

    def unreadable(self, path: str, reason: str) -> None:
        """Said on standard error by the command, as every command says it; counted in the summary."""

    def _findings(self, diagnostics: list[dict[str, Any]]) -> None:
        if not self.quiet and diagnostics:
            self.write("".join(block + "\n\n" for block in render_findings(diagnostics, self.style)))

    def games(self, path: str, games: list[dict[str, Any]]) -> None:
        self._findings([d for game in games for d in game["diagnostics"]])
        if self.show_suppressed:
            self._findings([dict(d, severity="suppressed") for game in games for d in game.get("suppressed", ())])
        for game in games:
            summary = (game.get("score") or {}).get("summary") or {}
            notice = summary.get("notice")
            if isinstance(notice, str):
                self.notices[notice] = self.notices.get(notice, 0) + 1
            accepted, checked = summary.get("accepted_not_checked"), summary.get("checked_events")
            if isinstance(accepted, int) and isinstance(checked, int):
                self.accepted += accepted
                self.checked += checked
                self.declared += len(summary.get("declared_abilities") or ())

    def file_end(self, path: str, diagnostics: list[dict[str, Any]], verdict: str) -> None:
        self._findings(diagnostics)

    def close(self, counts: dict[str, int], stopped_at: int | None, elapsed: float,
              unreadable: list[tuple[str, str]]) -> None:
        note = (f"stopped after {stopped_at} error{'s' if stopped_at != 1 else ''}, "
                "leaving the rest of the input unread (--max-errors)\n") if stopped_at else ""
        for notice, count in self.notices.items():
            note += f"note: {count} game{'s' if count != 1 else ''} {notice}\n"
        if self.accepted or self.checked:
            declared = (f"; {self.declared} declared ability text{'s' if self.declared != 1 else ''}, listed by "
                        "`referee score`") if self.declared else ""
            note += (f"note: {self.checked} event{'s' if self.checked != 1 else ''} checked, {self.accepted} "
                     f"accepted, not checked (facts the logs state, declared abilities){declared}\n")
        self.write(note + summary_line(counts, self.style, elapsed) + "\n")


class ConciseWriter(TextWriter):
    """One line per finding, `path:line:col: RULE message`, as linters print them."""

    def _findings(self, diagnostics: list[dict[str, Any]]) -> None:
        if self.quiet or not diagnostics:
            return
        lines = []
        for diagnostic in diagnostics:
            where = visible(diagnostic["path"]) + (f":{diagnostic['line']}:{diagnostic['column']}"
                                                   if "line" in diagnostic else "")
            mark = " (suppressed)" if diagnostic["severity"] == "suppressed" else ""
            lines.append(f"{where}: {diagnostic['code']}{mark} {visible(diagnostic['message'])}\n")
        self.write("".join(lines))


class StatisticsWriter(TextWriter):
    """A count per rule id instead of each finding, most frequent first, then the summary."""

    def __init__(self, write: Write, style: Style, quiet: bool) -> None:
        super().__init__(write, style, quiet)
        self.counts: dict[str, int] = {}

    def _findings(self, diagnostics: list[dict[str, Any]]) -> None:
        for diagnostic in diagnostics:
            self.counts[diagnostic["code"]] = self.counts.get(diagnostic["code"], 0) + 1

    def close(self, counts: dict[str, int], stopped_at: int | None, elapsed: float,
              unreadable: list[tuple[str, str]]) -> None:
        if not self.quiet and self.counts:
            width = max(len(str(n)) for n in self.counts.values())
            rows = sorted(self.counts.items(), key=lambda item: (-item[1], item[0]))
            self.write("".join(f"{count:>{width}}  {code:<14} {rule_title(code)}\n" for code, count in rows) + "\n")
        super().close(counts, stopped_at, elapsed, unreadable)


def rule_title(code: str) -> str:
    """The title of the ruling or notation code, for a line of statistics."""
    from referee.games import GAMES
    from referee.notation.codes import notation_code

    found = notation_code(code)
    if found is None:
        for game in GAMES.values():
            found = game.ruling(code)
            if found is not None:
                break
    return found.title if found is not None else ""


class JsonLinesWriter(ReportWriter):
    def _line(self, record: dict[str, Any]) -> None:
        self.write(machine.jsonl_line(record) + "\n")

    def unreadable(self, path: str, reason: str) -> None:
        self._line(machine.jsonl_unreadable(path, reason))

    def games(self, path: str, games: list[dict[str, Any]]) -> None:
        self.write("".join(machine.jsonl_line(machine.jsonl_game(path, g)) + "\n" for g in games))

    def file_end(self, path: str, diagnostics: list[dict[str, Any]], verdict: str) -> None:
        if diagnostics:
            self._line(machine.jsonl_file(path, diagnostics))

    def close(self, counts: dict[str, int], stopped_at: int | None, elapsed: float,
              unreadable: list[tuple[str, str]]) -> None:
        self._line(machine.jsonl_summary(counts))


class GithubWriter(ReportWriter):
    def unreadable(self, path: str, reason: str) -> None:
        self.write(machine.github_unreadable(path, reason) + "\n")

    def games(self, path: str, games: list[dict[str, Any]]) -> None:
        self.write("".join(line + "\n" for g in games for line in machine.github_lines(g["diagnostics"])))

    def file_end(self, path: str, diagnostics: list[dict[str, Any]], verdict: str) -> None:
        self.write("".join(line + "\n" for line in machine.github_lines(diagnostics)))

    def close(self, counts: dict[str, int], stopped_at: int | None, elapsed: float,
              unreadable: list[tuple[str, str]]) -> None:
        self.write(f"::notice::{summary_line(counts, Style(False))}\n")


def _indented(value: Any, depth: int) -> str:
    """`value` as json.dumps(indent=2) writes it at `depth` levels of a document."""
    text = json.dumps(value, indent=2, ensure_ascii=False)
    return text.replace("\n", "\n" + "  " * depth)


class JsonWriter(ReportWriter):
    """The check report (schemas/check-report.schema.json), one file object after the
    other, each file's games as they are judged; a file's verdict and own findings
    follow its games."""

    def __init__(self, write: Write) -> None:
        super().__init__(write)
        self.files = 0
        self.games_in_file = 0
        head = {"$schema": REPORT_SCHEMA_ID, "format": "referee-check-report", "version": 1,
                "referee": __version__}
        self.write("{\n" + "".join(f"  {json.dumps(k)}: {json.dumps(v)},\n" for k, v in head.items())
                   + '  "files": [')

    def file_start(self, path: str) -> None:
        self.write(("," if self.files else "") + f'\n    {{\n      "path": {json.dumps(path, ensure_ascii=False)},'
                   '\n      "games": [')
        self.files += 1
        self.games_in_file = 0

    def games(self, path: str, games: list[dict[str, Any]]) -> None:
        for game in games:
            self.write(("," if self.games_in_file else "") + "\n        " + _indented(game, 4))
            self.games_in_file += 1

    def file_end(self, path: str, diagnostics: list[dict[str, Any]], verdict: str) -> None:
        self.write(("\n      ]" if self.games_in_file else "]")
                   + f',\n      "diagnostics": {_indented(diagnostics, 3)},\n      "verdict": {json.dumps(verdict)}'
                   "\n    }")

    def close(self, counts: dict[str, int], stopped_at: int | None, elapsed: float,
              unreadable: list[tuple[str, str]]) -> None:
        listed = [{"path": path, "reason": reason} for path, reason in unreadable]
        self.write(("\n  ]" if self.files else "]") + f',\n  "unreadable": {_indented(listed, 1)},'
                   f'\n  "summary": {_indented(counts, 1)}\n}}\n')


class SarifWriter(ReportWriter):
    """One SARIF 2.1.0 log: the rules first, then each finding as its file is judged;
    the list of files waits aside until the end."""

    def __init__(self, write: Write) -> None:
        super().__init__(write)
        self.index = machine.sarif_rule_index()
        self.artifacts = _spill()
        self.files = 0
        self.results = 0
        driver = {"name": "referee", "version": __version__, "semanticVersion": __version__,
                  "rules": machine.sarif_rules()}
        self.write('{\n  "$schema": ' + json.dumps(machine.SARIF_SCHEMA) + ',\n  "version": "2.1.0",'
                   '\n  "runs": [\n    {\n      "tool": {\n        "driver": ' + _indented(driver, 4)
                   + '\n      },\n      "results": [')

    def _result(self, diagnostic: dict[str, Any]) -> None:
        result = machine.sarif_result(diagnostic, self.index, self.files - 1)
        self.write(("," if self.results else "") + "\n        " + _indented(result, 4))
        self.results += 1

    def file_start(self, path: str) -> None:
        artifact = {"location": {"uri": machine.sarif_uri(path)}}
        self.artifacts.write(("," if self.files else "") + "\n        " + _indented(artifact, 4))
        self.files += 1

    def games(self, path: str, games: list[dict[str, Any]]) -> None:
        for game in games:
            for diagnostic in game["diagnostics"]:
                self._result(diagnostic)

    def file_end(self, path: str, diagnostics: list[dict[str, Any]], verdict: str) -> None:
        for diagnostic in diagnostics:
            self._result(diagnostic)

    def close(self, counts: dict[str, int], stopped_at: int | None, elapsed: float,
              unreadable: list[tuple[str, str]]) -> None:
        self.write(("\n      ]" if self.results else "]") + ',\n      "artifacts": [')
        self.artifacts.seek(0)
        while block := self.artifacts.read(SPILL):
            self.write(block)
        self.artifacts.close()
        invocation = machine.sarif_invocation(unreadable)
        self.write(("\n      ]" if self.files else "]") + ',\n      "invocations": ['
                   + "\n        " + _indented(invocation, 4) + '\n      ],\n      "columnKind": "unicodeCodePoints"'
                   "\n    }\n  ]\n}\n")


class JunitWriter(ReportWriter):
    """JUnit XML: one test suite per file, one test case per game. A suite's counts
    come before its cases, so each file's cases wait aside until the file ends, and
    the suites until the totals are known."""

    def __init__(self, write: Write, started: float) -> None:
        super().__init__(write)
        self.started = started
        self.suites = _spill()
        self.cases: TextIO | None = None
        self.counts = {"tests": 0, "failures": 0, "errors": 0}
        self.totals = {"tests": 0, "failures": 0, "errors": 0}

    def file_start(self, path: str) -> None:
        self.cases = _spill()  # type: ignore[assignment]
        self.counts = {"tests": 0, "failures": 0, "errors": 0}
        self.file_started = time.perf_counter()
        import datetime

        self.file_stamp = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
        self.last_case = self.file_started

    def _case(self, path: str, name: str, errors: list[dict[str, Any]]) -> None:
        """One test case; its time is what judging it took, as seen from the report."""
        assert self.cases is not None
        self.counts["tests"] += 1
        now = time.perf_counter()
        took, self.last_case = now - self.last_case, now
        head = f"    <testcase name={_attr(name)} classname={_attr(path)} time=\"{took:.3f}\""
        if not errors:
            self.cases.write(head + " />\n")
            return
        self.counts["failures"] += 1
        first = errors[0]
        body = "\n".join(machine.junit_line(d) for d in errors)
        message = _attr("[" + first["code"] + "] " + first["message"])
        self.cases.write(f"{head}>\n      <failure message={message} type={_attr(first['code'])}>"
                         f"{_text(body)}</failure>\n    </testcase>\n")

    def games(self, path: str, games: list[dict[str, Any]]) -> None:
        for game in games:
            errors = [d for d in game["diagnostics"] if d["severity"] == "error"]
            self._case(path, f"game {game['index']} (line {game['line']})", errors)

    def file_end(self, path: str, diagnostics: list[dict[str, Any]], verdict: str) -> None:
        assert self.cases is not None
        if diagnostics:
            self._case(path, "file", diagnostics)
        counts = self.counts
        took = time.perf_counter() - self.file_started
        self.suites.write(f"  <testsuite name={_attr(path)} tests=\"{counts['tests']}\" "
                          f"failures=\"{counts['failures']}\" errors=\"0\" skipped=\"0\" time=\"{took:.3f}\" "
                          f"timestamp=\"{self.file_stamp}\">\n")
        self.cases.seek(0)
        while block := self.cases.read(SPILL):
            self.suites.write(block)
        self.cases.close()
        self.cases = None
        self.suites.write("  </testsuite>\n")
        for key in ("tests", "failures"):
            self.totals[key] += counts[key]

    def close(self, counts: dict[str, int], stopped_at: int | None, elapsed: float,
              unreadable: list[tuple[str, str]]) -> None:
        if unreadable:
            self.suites.write(f"  <testsuite name=\"unreadable\" tests=\"{len(unreadable)}\" failures=\"0\" "
                              f"errors=\"{len(unreadable)}\" skipped=\"0\" time=\"0.000\">\n")
            for path, reason in unreadable:
                self.suites.write(f"    <testcase name={_attr(path)} classname=\"unreadable\" time=\"0.000\">\n"
                                  f"      <error message={_attr('cannot read: ' + reason)} type=\"unreadable\" />\n"
                                  "    </testcase>\n")
            self.suites.write("  </testsuite>\n")
            self.totals["tests"] += len(unreadable)
            self.totals["errors"] += len(unreadable)
        totals = self.totals
        self.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                   f"<testsuites name=\"referee\" tests=\"{totals['tests']}\" failures=\"{totals['failures']}\" "
                   f"errors=\"{totals['errors']}\" skipped=\"0\" time=\"{elapsed:.3f}\">\n")
        self.suites.seek(0)
        while block := self.suites.read(SPILL):
            self.write(block)
        self.suites.close()
        self.write("</testsuites>\n")


_XML_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_XML_ATTRIBUTE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                                "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})


def _attr(text: str) -> str:
    """An XML attribute value, quoted; a line end inside it survives parsing."""
    return '"' + xml_safe(text).translate(_XML_ATTRIBUTE) + '"'


def _text(text: str) -> str:
    return xml_safe(text).translate(_XML_TEXT)


def writer_for(output_format: str, write: Write, style: Style, quiet: bool, started: float,
               statistics: bool = False, show_suppressed: bool = False) -> ReportWriter:
    writer = _writer(output_format, write, style, quiet, started, statistics)
    if isinstance(writer, TextWriter) and not isinstance(writer, StatisticsWriter):
        writer.show_suppressed = show_suppressed
    return writer


def _writer(output_format: str, write: Write, style: Style, quiet: bool, started: float,
            statistics: bool) -> ReportWriter:
    if statistics:
        return StatisticsWriter(write, style, quiet)
    if output_format == "text":
        return TextWriter(write, style, quiet)
    if output_format == "concise":
        return ConciseWriter(write, style, quiet)
    if output_format == "jsonl":
        return JsonLinesWriter(write)
    if output_format == "github":
        return GithubWriter(write)
    if output_format == "json":
        return JsonWriter(write)
    if output_format == "sarif":
        return SarifWriter(write)
    if output_format == "junit":
        return JunitWriter(write, started)
    raise ValueError(f"unknown format {output_format!r}")
