"""`referee check`: judge logs, report every syntax error and each game's first illegal move."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from typing import Any

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, Refused, WorkFailed, cli
from referee.cli.common import (config_of, emit, exclude_option, gather, judging_options, output_option, refuse_output_among_inputs,
                                report_stream, style_for)
from referee.cli.progress import Progress
from referee.config import FORMATS
from referee.games.base import JudgeOptions
from referee.notation.codes import USAGE_CODES
from referee.pipeline.fileio import Unreadable as UnreadableFile
from referee.pipeline.runner import (POOL_THRESHOLD, ClusterError, Judged, Unreadable, WorkersLost, default_jobs,
                                     input_size, run_on_dask, run_units)
from referee.pipeline.work import FileEnd, FileStart, file_findings
from referee.reports.json_report import Tally, diagnostic_json, file_verdict, unit_json
from referee.reports.selection import Selection
from referee.reports.style import Style
from referee.reports.visible import visible
from referee.reports.writers import ReportWriter, writer_for


@cli.command(short_help="Judge logs: every syntax error, each game's first illegal move.")
@click.argument("paths", nargs=-1, metavar="[PATH]...", type=click.Path())
@click.option("--format", "output_format", type=click.Choice(FORMATS), default=None,
              help="text (default) for people; concise (one line per finding); json, jsonl (one object "
                   "per game), github (workflow annotations), sarif (SARIF 2.1.0) or junit (XML) for "
                   "programs and CI. Default also from REFEREE_FORMAT or the configuration.")
@click.option("-q", "--quiet", is_flag=True, help="Text: print only the summary line; the exit code tells the rest.")
@click.option("--select", "selected", multiple=True, metavar="CODES",
              help="Report only these rule ids or prefixes (K-, N-SYNTAX, K-TEAM), comma-separated; repeatable.")
@click.option("--ignore", "ignored", multiple=True, metavar="CODES",
              help="Never report these rule ids or prefixes, comma-separated; repeatable.")
@click.option("--exit-zero", is_flag=True, default=None,
              help="Exit 0 even when logs are illegal or malformed (usage errors still exit 2).")
@click.option("--statistics", is_flag=True, default=None,
              help="Instead of each finding, a count per rule id (text and concise formats).")
@click.option("--show-suppressed", is_flag=True,
              help="Also list the findings that allow comments ({allow RULE} after a move) accepted; "
                   "they are always counted in the summary.")
@click.option("--stdin-filename", metavar="NAME", default=None,
              help="The name to report standard input (-) by, as editors and pre-commit pass it.")
@click.option("--max-errors", type=click.IntRange(min=1), default=None, metavar="N",
              help="Stop reading once N errors have been found, inside a file or between files.")
@exclude_option
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Processes to judge with, at most one a core (default: every core; under 1 MiB "
                   "of input is judged in this process). Results come in input order.")
@click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
              help="Judge the files on a Dask cluster: a scheduler address such as "
                   "tcp://host:8786, or 'local'. Needs the extra: pip install 'referee[dask]'.")
@click.option("--progress/--no-progress", default=None,
              help="A progress bar on standard error (default: when it is a terminal and the work is long).")
@output_option
@judging_options
@click.pass_context
def check(ctx: click.Context, paths: tuple[str, ...], output_format: str | None, quiet: bool,
          selected: tuple[str, ...], ignored: tuple[str, ...], exit_zero: bool | None, statistics: bool | None,
          show_suppressed: bool, stdin_filename: str | None, max_errors: int | None, exclude: tuple[str, ...], jobs: int | None,
          dask_address: str | None, progress: bool | None, output: str | None, options: JudgeOptions) -> None:
    """Judge game logs: files, folders (searched for every game's extension:
    *.korsar, *.corsari, *.perroquets, *.spanish-main, *.psm; hidden folders and what .gitignore ignores
    are left out unless named) or - for standard input; with no PATH, the current
    folder.

    Reports every syntax error of a file and the first illegal move of each
    game, then goes on with the next game. Files are read game by game, so
    memory stays flat however large they are. Exit 0 when all is legal, 1 when
    anything is illegal or malformed, 2 for usage errors or unreadable input,
    3 if the referee itself fails.

    \b
    Examples:
      referee check                     # every log below the current folder
      referee check samples/ --format concise --statistics
      referee check --select K- --ignore K-UNFINISHED -q samples/korsar/
    """
    started = time.perf_counter()
    config = config_of(ctx)
    output_format = output_format or _format_from_environment() or config.format or "text"
    statistics = config.statistics if statistics is None else statistics
    exit_zero = config.exit_zero if exit_zero is None else exit_zero
    if statistics and output_format not in ("text", "concise"):
        raise click.UsageError(f"--statistics counts findings for people: it goes with the text or concise "
                               f"format, not {output_format}")
    selection = Selection.of(_codes(selected) or config.select, _codes(ignored) or config.ignore)
    inputs, unreadable = gather(paths or (".",), ctx, exclude)
    refuse_output_among_inputs(output, inputs)
    if dask_address is not None and any(item.path == "-" for item in inputs):
        raise click.UsageError("--dask reads files by name: standard input cannot be sent to a cluster")
    style = style_for(ctx) if output is None else Style(False)
    size = input_size(inputs)
    bar = Progress(size, enabled=progress if progress is not None else sys.stderr.isatty())
    if dask_address is not None:
        try:
            events = run_on_dask(inputs, dask_address, options)
        except ClusterError as error:
            raise Refused(str(error)) from None
    else:
        if jobs is None:
            jobs = default_jobs() if size >= POOL_THRESHOLD else 1
        events = run_units(inputs, jobs, options=options, stdin_name=stdin_filename)
    with report_stream(output) as out:
        def write(text: str) -> None:
            """Every format goes out as the games are judged."""
            if text:
                bar.clear()
                out(text)

        try:
            writer = writer_for(output_format, write, style, quiet, started, statistics, show_suppressed)
            ok, failures, unreadable_pairs, data_missing = _judge(events, inputs, unreadable, writer, bar,
                                                                  max_errors, started, selection)
        finally:
            events.close()  # stops the workers early when --max-errors stopped the reading
            bar.clear()
    if failures:
        raise WorkFailed(*failures[0])
    if unreadable_pairs or data_missing:
        ctx.exit(EXIT_USAGE)
    ctx.exit(EXIT_OK if ok or exit_zero else EXIT_FINDINGS)


def _codes(given: tuple[str, ...]) -> list[str]:
    """Rule ids and prefixes from repeated, comma-separated options."""
    return [code.strip().upper() for value in given for code in value.split(",") if code.strip()]


def _format_from_environment() -> str | None:
    value = os.environ.get("REFEREE_FORMAT", "").strip()
    if value and value not in FORMATS:
        raise click.UsageError(f"REFEREE_FORMAT={value!r} is not a format ({', '.join(FORMATS)})")
    return value or None


def _unreadable(writer: ReportWriter, path: str, reason: str) -> None:
    """An input that cannot be read: said on standard error as every command says it, and
    kept in a machine report's document."""
    emit(f"{visible(path)}: cannot read: {visible(reason)}", err=True)
    writer.unreadable(path, reason)


def _judge(events: Iterator[Any], inputs: list[Any], unreadable: list[UnreadableFile], writer: ReportWriter,
           bar: Progress, max_errors: int | None, started: float,
           selection: Selection = Selection()) -> tuple[bool, list[tuple[str, dict[str, str]]], list[tuple[str, str]], bool]:
    """Hand every event to the writer; (all legal, internal failures, unreadable inputs,
    whether a game named data that was not given: N-DATA, a usage error)."""
    tally = Tally()
    pairs: list[tuple[str, str]] = []
    for problem in unreadable:
        tally.add_unreadable()
        pairs.append((problem.path, problem.reason))
        _unreadable(writer, problem.path, problem.reason)
    failures: list[tuple[str, dict[str, str]]] = []
    ok = True
    stopped = False
    current: _File | None = None
    done = 0
    data_missing = False

    def end_file(blank: bool | None) -> None:
        nonlocal current, ok
        assert current is not None
        if blank is not None:
            found = file_findings(current.path, current.count, blank)
            current.diagnostics.extend(selection.filter([diagnostic_json(d) for d in found]))
        tally.add_file(current.diagnostics, current.count)
        verdict = current.verdict()
        writer.file_end(current.path, current.diagnostics, verdict)
        ok = ok and verdict == "legal"
        current = None

    try:
        for event in events:
            if isinstance(event, Unreadable):
                tally.add_unreadable()
                pairs.append((event.path, event.reason))
                _unreadable(writer, event.path, event.reason)
                current = None
                done += 1
            elif isinstance(event, FileStart):
                current = _File(event.path)
                writer.file_start(event.path)
                if event.problem is not None:
                    current.diagnostics.extend(selection.filter([diagnostic_json(event.problem)]))
            elif isinstance(event, Judged) and current is not None:
                result = unit_json(event.result)
                if "internal_error" in result:
                    failures.append((event.path, result["internal_error"]))
                current.diagnostics.extend(selection.filter(result.get("diagnostics", [])))
                games = result["games"]
                selection.apply(games)
                if max_errors is not None:
                    games = _up_to_errors(games, max_errors - tally.errors)
                for game in games:
                    current.count += 1
                    game["index"] = current.count
                tally.add_games(games)
                data_missing = data_missing or any(d["code"] in USAGE_CODES for g in games for d in g["diagnostics"])
                current.verdicts.update(game["verdict"] for game in games)
                writer.games(event.path, games)
                bar.advance(event.size, tally.counts)
                if max_errors is not None and tally.errors >= max_errors:
                    end_file(None)
                    stopped = True
                    break
            elif isinstance(event, FileEnd) and current is not None:
                end_file(event.blank)
                done += 1
                if max_errors is not None and tally.errors >= max_errors:
                    stopped = done < len(inputs)
                    break
    except WorkersLost as lost:  # the pool cannot go on: the report ends in order, naming the file
        if current is not None:
            end_file(None)  # its games judged so far, closed in order: counted once, as not read whole
            tally.counts["unreadable"] += 1
        else:
            tally.add_unreadable()
        pairs.append((lost.path, lost.reason))
        _unreadable(writer, lost.path, lost.reason)
    elapsed = time.perf_counter() - started
    writer.close(dict(tally.counts), tally.errors if stopped else None, elapsed, pairs)
    return ok, failures, pairs, data_missing


def _up_to_errors(games: list[dict[str, Any]], left: int) -> list[dict[str, Any]]:
    """The games up to the one in which the `left`th error is found (all, if fewer are): where
    --max-errors stops, whatever batches the games were judged in."""
    for position, game in enumerate(games):
        left -= sum(1 for d in game["diagnostics"] if d["severity"] == "error")
        if left <= 0:
            return games[:position + 1]
    return games


class _File:
    """A file being judged: its findings, its games' verdicts, and its games themselves
    only when the output is one whole document."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.diagnostics: list[dict[str, Any]] = []
        self.games: list[dict[str, Any]] = []
        self.count = 0
        self.verdicts: set[str] = set()

    def verdict(self) -> str:
        return file_verdict(self.diagnostics, [{"verdict": verdict} for verdict in self.verdicts])
