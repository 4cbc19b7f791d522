"""`referee check`: judge logs, report every syntax error and each game's first illegal move."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

import click

from referee.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, WorkFailed, cli
from referee.cli.common import config_of, emit, gather, judging_options, output_option, style_for
from referee.games.base import JudgeOptions
from referee.cli.progress import Progress
from referee.config import FORMATS
from referee.pipeline.fileio import Unreadable as UnreadableFile
from referee.pipeline.fileio import write_atomic
from referee.reports import machine
from referee.reports.json_report import Tally, check_report, file_verdict
from referee.reports.style import Style
from referee.reports.text import render_findings, summary_line
from referee.pipeline.runner import (POOL_THRESHOLD, ClusterError, Judged, Unreadable, default_jobs, input_size,
                            run_on_dask, run_units)
from referee.pipeline.work import FileEnd, FileStart, file_findings

STREAMED = ("text", "jsonl", "github")


@cli.command(short_help="Judge logs: every syntax error, each game's first illegal move.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...", type=click.Path())
@click.option("--format", "output_format", type=click.Choice(FORMATS), default=None,
              help="text (default) for people; json, jsonl (one object per game, streamed), github "
                   "(workflow annotations), sarif (SARIF 2.1.0) or junit (XML) for programs and CI.")
@click.option("-q", "--quiet", is_flag=True, help="Text: print only the summary line; the exit code tells the rest.")
@click.option("--max-errors", type=click.IntRange(min=1), default=None, metavar="N",
              help="Stop reading further files once N errors have been found.")
@click.option("--exclude", multiple=True, metavar="PATTERN",
              help="Leave out files found in folders whose path matches PATTERN (repeatable; "
                   "replaces the configuration's exclude list).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help="Processes to judge with (default: every core; under 1 MiB of input is "
                   "judged in this process). Results come in input order.")
@click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
              help="Judge the files on a Dask cluster: a scheduler address such as "
                   "tcp://host:8786, or 'local'. Needs the extra: pip install 'referee[dask]'.")
@click.option("--progress/--no-progress", default=None,
              help="A progress bar on standard error (default: when it is a terminal and the work is long).")
@output_option
@judging_options
@click.pass_context
def check(ctx: click.Context, paths: tuple[str, ...], output_format: str | None, quiet: bool,
          max_errors: int | None, exclude: tuple[str, ...], jobs: int | None, dask_address: str | None,
          progress: bool | None, output: str | None, options: JudgeOptions) -> None:
    """Judge game logs: files, folders (searched for every game's extension:
    *.korsar, *.corsari) or - for standard input.

    Reports every syntax error of a file and the first illegal move of each
    game, then goes on with the next game. Files are read game by game, so
    memory stays flat however large they are. Exit 0 when all is legal, 1 when
    anything is illegal or malformed, 2 for usage errors or unreadable input,
    3 if the referee itself fails.
    """
    started = time.perf_counter()
    output_format = output_format or config_of(ctx).format or "text"
    inputs, unreadable = gather(paths, ctx, exclude)
    if dask_address is not None and any(item.path == "-" for item in inputs):
        raise click.UsageError("--dask reads files by name: standard input cannot be sent to a cluster")
    style = style_for(ctx) if output is None else Style(False)
    streamed = output is None and output_format in STREAMED
    chunks: list[str] = []
    size = input_size(inputs)
    bar = Progress(size, enabled=progress if progress is not None else sys.stderr.isatty())

    def write(text: str) -> None:
        """Streamed formats go out as each game is judged, unless written to a file."""
        if not text:
            return
        if streamed:
            bar.clear()
            emit(text, nl=False)
        else:
            chunks.append(text)

    render = _streamer(output_format, quiet, style)
    document = output_format in ("json", "sarif", "junit")
    tally = Tally()
    files: list[dict[str, Any]] = []
    for problem in unreadable:
        tally.add_unreadable()
        write(render.unreadable(problem.path, problem.reason))
    failures: list[tuple[str, dict[str, str]]] = []
    ok = True
    stopped = False
    if dask_address is not None:
        try:
            events = run_on_dask(inputs, dask_address, options)
        except ClusterError as error:
            raise click.UsageError(str(error)) from None
    else:
        if jobs is None:
            jobs = default_jobs() if size >= POOL_THRESHOLD else 1
        events = run_units(inputs, jobs, options=options)
    current: _File | None = None
    done = 0
    for event in events:
        if isinstance(event, Unreadable):
            unreadable.append(UnreadableFile(event.path, event.reason))
            tally.add_unreadable()
            write(render.unreadable(event.path, event.reason))
            current = None
            done += 1
        elif isinstance(event, FileStart):
            current = _File(event.path)
            if event.problem is not None:
                current.diagnostics.append(event.problem)
        elif isinstance(event, Judged) and current is not None:
            result = event.result
            if "internal_error" in result:
                failures.append((event.path, result["internal_error"]))
            current.diagnostics.extend(result.get("diagnostics", []))
            games = result["games"]
            for game in games:
                current.count += 1
                game["index"] = current.count
            tally.add_games(games)
            current.verdicts.update(game["verdict"] for game in games)
            if document:
                current.games.extend(games)
            write(render.games(event.path, games))
            bar.advance(event.size, tally.counts)
        elif isinstance(event, FileEnd) and current is not None:
            if event.blank is not None:
                current.diagnostics.extend(file_findings(current.path, current.count, event.blank))
            tally.add_file(current.diagnostics, current.count)
            write(render.file(current.path, current.diagnostics))
            verdict = current.verdict()
            ok = ok and verdict == "legal"
            if document:
                files.append({"path": current.path, "verdict": verdict,
                              "diagnostics": current.diagnostics, "games": current.games})
            current = None
            done += 1
            if max_errors is not None and tally.errors >= max_errors:
                stopped = done < len(inputs)
                break
    events.close()  # stops the workers early when --max-errors stopped the reading
    bar.clear()
    pairs = [(u.path, u.reason) for u in unreadable]
    if output_format == "json":
        report = check_report(files, [{"path": p, "reason": r} for p, r in pairs], dict(tally.counts))
        write(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    elif output_format == "sarif":
        write(json.dumps(machine.sarif_document(files, pairs), indent=2, ensure_ascii=False) + "\n")
    elif output_format == "junit":
        write(machine.junit_xml(files, pairs))
    else:
        elapsed = time.perf_counter() - started
        write(render.close(dict(tally.counts), tally.errors if stopped else None, elapsed))
    if chunks:
        text = "".join(chunks)
        if output is None:
            emit(text, nl=False)
        else:
            write_atomic(output, text)
    if failures:
        raise WorkFailed(*failures[0])
    if unreadable:
        ctx.exit(EXIT_USAGE)
    ctx.exit(EXIT_OK if ok else EXIT_FINDINGS)


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


class _Render:
    """How one streamed format writes an unreadable input, judged games, a file's own
    findings, and the close."""

    def __init__(self, unreadable: Callable[[str, str], str],
                 games: Callable[[str, list[dict[str, Any]]], str],
                 file: Callable[[str, list[dict[str, Any]]], str],
                 close: Callable[[dict[str, int], int | None, float], str]) -> None:
        self.unreadable = unreadable
        self.games = games
        self.file = file
        self.close = close


def _streamer(output_format: str, quiet: bool, style: Style) -> _Render:
    if output_format == "jsonl":
        return _Render(
            lambda path, reason: machine.jsonl_line(machine.jsonl_unreadable(path, reason)) + "\n",
            lambda path, games: "".join(machine.jsonl_line(machine.jsonl_game(path, g)) + "\n" for g in games),
            lambda path, found: machine.jsonl_line(machine.jsonl_file(path, found)) + "\n" if found else "",
            lambda counts, _, __: machine.jsonl_line(machine.jsonl_summary(counts)) + "\n")
    if output_format == "github":
        return _Render(
            lambda path, reason: machine.github_unreadable(path, reason) + "\n",
            lambda path, games: "".join(line + "\n" for g in games
                                        for line in machine.github_lines(g["diagnostics"])),
            lambda path, found: "".join(line + "\n" for line in machine.github_lines(found)),
            lambda counts, _, __: f"::notice::{summary_line(counts, Style(False))}\n")
    if output_format == "text":
        def unreadable_text(path: str, reason: str) -> str:
            if quiet:
                return ""
            return f"{style(path, 'bold')}: {style('error', 'red', 'bold')} cannot read: {reason}\n\n"

        def findings_text(diagnostics: list[dict[str, Any]]) -> str:
            if quiet:
                return ""
            return "".join(block + "\n\n" for block in render_findings(diagnostics, style))

        def close_text(counts: dict[str, int], stopped_at: int | None, elapsed: float) -> str:
            note = (f"stopped after {stopped_at} error{'s' if stopped_at != 1 else ''}, "
                    "leaving the remaining files unread (--max-errors)\n") if stopped_at else ""
            return note + summary_line(counts, style, elapsed) + "\n"

        return _Render(unreadable_text,
                       lambda path, games: findings_text([d for g in games for d in g["diagnostics"]]),
                       lambda path, found: findings_text(found),
                       close_text)
    return _Render(lambda path, reason: "", lambda path, games: "", lambda path, found: "",
                   lambda counts, _, __: "")
