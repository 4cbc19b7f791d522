"""A replay page: one self-contained HTML file a person steps through, move by move.

Every position on the page is a view the rules engine computed (what `referee
show --format json` prints as `state`), embedded as data; the page's script only
draws them, with each game's own drawing (`GameRules.replay_script`), so the page
can never disagree with the referee. Each game's data is gzip-compressed and
base64-encoded (the browser inflates it with DecompressionStream), so a long game
stays small. Games are written one at a time, so memory holds one game.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, TextIO

from referee import __version__
from referee.games import GAMES
from referee.games.base import GameRules, View
from referee.pipeline.replay import GameReport, ReplayStep
from referee.reports.json_report import diagnostic_json
from referee.reports.style import Style
from referee.reports.text import consequence_line, render_json_diagnostic
from referee.reports.visible import visible


@dataclass(slots=True)
class ReplayGame:
    """What the page shows of one game: its header, moves, positions and findings."""

    index: int
    line: int
    game: str | None
    name: str
    verdict: str
    tags: list[tuple[str, str]] = field(default_factory=list)
    moves: list[dict[str, Any]] = field(default_factory=list)
    positions: list[View] = field(default_factory=list)
    accounts: list[list[str]] = field(default_factory=list)
    """What the move of each position did, a line a consequence (`Engine.account`)."""
    findings: list[dict[str, Any]] = field(default_factory=list)
    pictures: list[str] = field(default_factory=list)
    """For games played on a board: each position drawn as `show --format svg` draws it, less
    `picture_head`, the text every one of them begins with (the board), written once."""
    picture_head: str = ""
    opening: int = 0
    """The move the page opens this game at: the one asked for, else the first illegal move."""
    offset: int = 0
    """The move the first position is after (0: before the first move); `moves` begins with the
    next. A long game's page keeps the last POSITIONS_KEPT positions only."""
    left_out: int = 0
    """Moves written after the last judged one that the page does not list."""

    @property
    def illegal(self) -> bool:
        return any(finding["severity"] == "error" for finding in self.findings)


POSITIONS_KEPT = 1000
"""The positions a page keeps of one game: a view is up to tens of kilobytes, a game may hold
a million moves, and the dispute is where judging stopped. `referee show --move N` prints any."""
UNPLAYED_LISTED = 100
"""Moves written after the one that stopped the judging that the page still lists."""


def replay_game_data(report: GameReport, positions: list[ReplayStep], line_text: Any,
                     move: int | None = None) -> ReplayGame:
    """The page's data for a judged game: moves as written, in rounds; the position after
    each legal move; each finding as the text report shows it, with its ruling. The game
    opens at `move` when given (or its last move, if it has fewer), else at its first
    illegal move, where a referee looks first."""
    rules = report.rules
    game = ReplayGame(report.index, report.line, rules.id if rules else None,
                      rules.name if rules else "unknown game", report.verdict)
    record = report.record
    game.offset = positions[0].move if positions else 0
    last = positions[-1].move if positions else 0
    if record is not None:
        game.tags = [(tag.name, tag.value) for tag in record.tags]
        number = 0
        for round_ in record.rounds:
            for turn in round_.turns:
                number += 1
                if number <= game.offset:
                    continue
                if number > last + UNPLAYED_LISTED:
                    game.left_out += 1
                    continue
                game.moves.append({"n": number, "round": round_.number, "text": turn.written(),
                                   "line": turn.span.line if turn.span else None})
    game.positions = [position.view for position in positions]
    game.accounts = [[consequence_line(c) for c in position.account] for position in positions]
    stopping: list[dict[str, Any]] = []
    for diagnostic in report.diagnostics:
        data = diagnostic_json(diagnostic, line_text)
        ruling = _ruling(rules, diagnostic.code)
        game.findings.append({"code": diagnostic.code, "severity": diagnostic.severity,
                              "move": diagnostic.move_number, "text": render_json_diagnostic(data, Style(False)),
                              "ruling": ruling})
        if diagnostic.is_error:
            stopping.append(data)
    if rules is not None and positions and rules.render_svg(positions[0].view) is not None:
        last = len(positions) - 1
        pictures = [rules.render_svg(position.view, stopped_by=stopping if number == last else None) or ""
                    for number, position in enumerate(positions)]
        game.picture_head = os.path.commonprefix(pictures) if len(pictures) > 1 else ""
        game.pictures = [picture[len(game.picture_head):] for picture in pictures]
    game.opening = _opening(game, move)
    return game


def _opening(game: ReplayGame, move: int | None) -> int:
    """The move a game opens at, as the page's script would clamp it (`selectable`)."""
    last = game.offset + max(len(game.positions) - 1, 0)
    stopped = next((f["move"] for f in game.findings if f["severity"] == "error" and f["move"]), None)
    selectable = max(last, stopped or 0)
    if move is not None:
        return max(game.offset, min(move, selectable))
    if stopped is not None:
        return stopped
    return last if game.illegal else game.offset


def _ruling(rules: GameRules | None, code: str) -> dict[str, str] | None:
    from referee.notation.codes import notation_code

    found = rules.ruling(code) if rules is not None else None
    found = found or notation_code(code)
    return {"id": found.id, "title": found.title, "text": found.text} if found is not None else None


def _header(game: ReplayGame) -> dict[str, Any]:
    return {"index": game.index, "line": game.line, "game": game.game, "name": game.name,
            "verdict": game.verdict, "tags": game.tags, "moves": game.moves, "findings": game.findings,
            "opening": game.opening, "offset": game.offset, "left_out": game.left_out}


def _packed(game: ReplayGame) -> str:
    data = {**_header(game), "positions": game.positions, "accounts": game.accounts, "pictures": game.pictures,
            "picture_head": game.picture_head}
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
    return base64.b64encode(gzip.compress(raw, mtime=0)).decode("ascii")


def _plain(game: ReplayGame) -> str:
    """The game without its positions but the one it opens at, as JSON the page reads at
    once: the first view is drawn as the page loads, before the rest is inflated. Every
    `<` is written as an escape, so no text of the log can close the script block."""
    shown = min(game.opening - game.offset, len(game.positions) - 1)  # its place among the positions kept
    data = {**_header(game), "count": len(game.positions),
            "shown": shown, "position": game.positions[shown] if shown >= 0 else None,
            "account": game.accounts[shown] if 0 <= shown < len(game.accounts) else [],
            "picture": game.picture_head + game.pictures[shown] if 0 <= shown < len(game.pictures) else ""}
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


class ReplayPage:
    """The page written as games come: head, one data block per game, then the scripts."""

    def __init__(self, out: TextIO, path: str) -> None:
        self.out = out
        self.games: set[str] = set()
        self.count = 0
        self.illegal_seen = False
        title = html.escape(visible(path))
        self.out.write(_HEAD.replace("{title}", title).replace("{version}", html.escape(__version__)))

    def add(self, game: ReplayGame) -> None:
        """One game's data; the first game, and the first illegal one, also in plain JSON,
        so that whichever the page opens at is drawn before anything is inflated."""
        if game.game:
            self.games.add(game.game)
        self.count += 1
        illegal = ' data-illegal="yes"' if game.illegal else ""
        if self.count == 1 or (game.illegal and not self.illegal_seen):
            self.out.write(f'<script type="application/json" class="referee-opening" '
                           f'data-index="{game.index}">{_plain(game)}</script>\n')
        self.illegal_seen = self.illegal_seen or game.illegal
        self.out.write(f'<script type="application/octet-stream" class="referee-game" '
                       f'data-index="{game.index}"{illegal}>{_packed(game)}</script>\n')

    def close(self) -> None:
        self.out.write("<script>\n" + _SCRIPT_HEAD + "\n")
        for game_id in sorted(self.games):
            script = GAMES[game_id].replay_script()
            if script:
                self.out.write(script.replace("</", "<\\/") + "\n")
        self.out.write(_SCRIPT_MAIN + "\n</script>\n</body>\n</html>\n")


def write_replay(out: TextIO, path: str, games: Iterable[ReplayGame]) -> int:
    page = ReplayPage(out, path)
    count = 0
    for game in games:
        page.add(game)
        count += 1
    page.close()
    return count


_HEAD = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="referee {version}">
<title>Replay — {title}</title>
<style>
:root { --ink: #1d2733; --muted: #667380; --line: #d8dee4; --paper: #fbfaf7; --accent: #0b5fad; --bad: #b3261e; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--paper); }
header { padding: 12px 20px; border-bottom: 1px solid var(--line); background: #fff; display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
header h1 { font-size: 18px; margin: 0; }
header .path { color: var(--muted); font-family: ui-monospace, monospace; font-size: 13px; }
nav#games button { margin-right: 4px; }
main { display: grid; grid-template-columns: minmax(260px, 360px) minmax(0, 1fr); gap: 0; min-height: calc(100vh - 56px); }
aside { border-right: 1px solid var(--line); padding: 12px 16px; background: #fff; overflow: auto; max-height: calc(100vh - 56px); position: sticky; top: 0; }
section#position { padding: 14px 22px; overflow: auto; }
h2 { font-size: 16px; margin: 4px 0 8px; }
h3 { font-size: 14px; margin: 16px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
table.tags { font-size: 13px; border-collapse: collapse; margin-bottom: 10px; }
table.tags th { text-align: left; padding-right: 8px; color: var(--muted); font-weight: 500; vertical-align: top; }
table.tags td { word-break: break-word; }
ol#moves { list-style: none; padding: 0; margin: 0; font-family: ui-monospace, monospace; font-size: 13px; }
ol#moves li { display: grid; grid-template-columns: 2.4em 1fr; gap: 6px; align-items: start; padding: 3px 0; border-bottom: 1px solid #f0f2f4; }
ol#moves .round { color: var(--muted); text-align: right; padding-top: 2px; }
ol#moves .turns { display: flex; flex-wrap: wrap; gap: 2px 4px; }
button.move { font: inherit; border: 1px solid transparent; background: none; padding: 1px 4px; border-radius: 4px; cursor: pointer; color: var(--ink); text-align: left; overflow-wrap: anywhere; }
button.move:hover { border-color: var(--line); }
button.move.current { background: var(--accent); color: #fff; }
button.move.illegal { color: var(--bad); border-color: var(--bad); font-weight: 600; }
button.move.illegal.current { background: var(--bad); color: #fff; }
button.move.unplayed { color: #aab3bc; cursor: default; }
.rule { font-size: 11px; padding: 0 4px; border-radius: 3px; background: var(--bad); color: #fff; margin-left: 4px; }
button.start { font: inherit; font-size: 13px; margin-bottom: 6px; }
.verdict { font-size: 12px; padding: 1px 8px; border-radius: 10px; color: #fff; background: #2e7d32; }
.verdict.illegal, .verdict.malformed { background: var(--bad); }
p.status { font-size: 17px; margin: 2px 0; font-weight: 600; }
p.meta, .small { color: var(--muted); font-size: 13px; margin: 2px 0; }
.galleons { display: flex; flex-wrap: wrap; gap: 10px; }
.galleon { border: 1px solid var(--line); background: #fff; border-radius: 8px; padding: 8px 10px; min-width: 170px; }
.galleon.tied { border-style: dashed; }
.galleon-head { font-size: 15px; }
.holder { font-size: 13px; margin: 2px 0 4px; }
table.forces, table.grid { border-collapse: collapse; font-size: 13px; }
table.forces td, table.grid td, table.grid th { padding: 2px 8px 2px 0; text-align: left; vertical-align: top; }
table.grid th { color: var(--muted); font-weight: 500; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.card { display: inline-block; font-family: ui-monospace, monospace; font-size: 12px; padding: 0 4px; border-radius: 3px; border: 1px solid #c9d1d9; background: #fff; margin: 1px 0; }
.c-Y { background: #fff4b3; } .c-R { background: #ffd6d1; } .c-G { background: #d3f1d6; } .c-B { background: #d6e6ff; }
.c-O { background: #ffe0bd; } .c-C { background: #d2f4f7; } .c-V { background: #e6dcff; } .c-P { background: #ffdcef; }
.c-K { background: #3b3f45; color: #fff; } .c-W { background: #fff; } .c-A { background: #efe7d2; } .c-D { background: #f3e3a1; }
.port { padding: 0 5px; border-radius: 3px; border: 1px solid #c9d1d9; }
.quay { font-size: 14px; margin: 6px 0; }
.warn { color: var(--bad); }
.step { display: flex; flex-wrap: wrap; gap: 14px 22px; align-items: flex-start; }
.step #view { flex: 1 1 520px; min-width: 0; }
#account { flex: 0 1 340px; background: #fff; border: 1px solid var(--line); border-left: 4px solid var(--accent); padding: 6px 12px; font-size: 13px; }
#account h3 { margin: 4px 0 6px; }
#account ul { margin: 0; padding-left: 18px; }
#account li { margin: 2px 0; }
#finding { margin: 8px 0 14px; }
#finding { background: #fff; border: 1px solid var(--bad); border-left-width: 4px; padding: 10px 12px; font-size: 12.5px; line-height: 1.35; }
#finding p { margin: 0; font-family: ui-monospace, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
#finding p.headline { font-weight: 600; padding-left: 2em; text-indent: -2em; }
#finding pre.excerpt { margin: 4px 0; overflow-x: auto; }
nav#games button.illegal { color: var(--bad); border-color: var(--bad); }
#finding details { margin-top: 6px; font-size: 14px; }
#view { margin-top: 12px; }
.hint { color: var(--muted); font-size: 12px; margin-top: 12px; }
.empty { color: var(--muted); font-style: italic; }
.board svg { max-width: 100%; height: auto; }
footer { color: var(--muted); font-size: 12px; padding: 8px 20px; border-top: 1px solid var(--line); }
@media (max-width: 760px) { main { grid-template-columns: 1fr; } aside { position: static; max-height: none; border-right: 0; } }
</style>
</head>
<body>
<header><h1>Replay</h1><span class="path">{title}</span><nav id="games"></nav></header>
<main>
<aside><div id="header"></div><button class="start" id="start">Before the first move</button><ol id="moves"></ol>
<p class="hint">← → step · Home End · a link ending in #move-N opens move N</p></aside>
<section id="position"><p class="empty">Loading…</p></section>
</main>
<footer>Every position was computed by referee {version}; this page only draws it.</footer>
"""

_SCRIPT_HEAD = """"use strict";
const REFEREE_RENDERERS = {};
"""

_SCRIPT_MAIN = r"""
const helpers = {
  text(value) {
    return String(value).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  },
  card(code) {
    const text = helpers.text(code);
    const colour = /^\$/.test(code) ? "D" : (code === "AD" ? "A" : code.charAt(0));
    return `<span class="card c-${helpers.text(colour)}">${text}</span>`;
  },
};

async function inflate(element) {
  const bytes = Uint8Array.from(atob(element.textContent.trim()), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

const page = { games: [], game: 0, move: 0, loaded: false };

function lastPlayable(game) { return game.offset + game.positions.length - 1; }

function findingAt(game, move) {
  return game.findings.find((f) => f.severity === "error" && (f.move === move || (f.move === null && move === lastPlayable(game))));
}

// The game a page opens at, from its plain JSON: every position but the one shown is
// left empty until the compressed data is inflated.
function openingGame(data) {
  const positions = new Array(data.count);
  const pictures = data.picture ? new Array(data.count) : [];
  const accounts = new Array(data.count);
  if (data.shown >= 0) {
    positions[data.shown] = data.position;
    accounts[data.shown] = data.account;
    if (data.picture) pictures[data.shown] = data.picture;
  }
  return Object.assign({}, data, {positions: positions, accounts: accounts, pictures: pictures, partial: true});
}

function showGame(number) {
  const game = page.games[number];
  page.game = number;
  const t = helpers.text;
  document.querySelectorAll("nav#games button").forEach((b, i) => b.classList.toggle("current", i === number));
  let header = `<h2>Game ${game.index} — ${t(game.name)} <span class="verdict ${t(game.verdict)}">${t(game.verdict)}</span></h2><table class="tags">`;
  for (const [name, value] of game.tags) header += `<tr><th>${t(name)}</th><td>${t(value)}</td></tr>`;
  let notes = "";
  if (game.offset) {
    notes += `<p class="meta">This page keeps the positions of the last ${game.positions.length - 1} moves judged: ` +
      `moves 1 to ${game.offset} are left out (<code>referee show FILE --move N</code> prints any of them).</p>`;
  }
  if (game.left_out) notes += `<p class="meta">${game.left_out} more moves written after these are not listed.</p>`;
  document.getElementById("header").innerHTML = header + "</table>" + notes;
  const stopped = game.findings.find((f) => f.severity === "error" && f.move);
  let list = "";
  let round = null;
  for (const move of game.moves) {
    if (move.round !== round) {
      if (round !== null) list += "</span></li>";
      round = move.round;
      list += `<li><span class="round">${round}.</span><span class="turns">`;
    }
    const illegal = stopped && stopped.move === move.n;
    const unplayed = !illegal && move.n > lastPlayable(game);
    const cls = "move" + (illegal ? " illegal" : "") + (unplayed ? " unplayed" : "");
    const rule = illegal ? `<span class="rule">${t(stopped.code)}</span>` : "";
    list += `<button class="${cls}" id="entry-${move.n}" data-move="${move.n}" title="line ${move.line ?? "?"}"` +
      `${unplayed ? " disabled" : ""}>${t(move.text)}${rule}</button>`;
  }
  document.getElementById("moves").innerHTML = list + (round !== null ? "</span></li>" : "");
  document.querySelectorAll("button.move").forEach((button) => {
    button.addEventListener("click", () => showMove(Number(button.dataset.move)));
  });
}

function selectable(game) {
  const stopped = game.findings.find((f) => f.severity === "error" && f.move);
  return stopped ? Math.max(lastPlayable(game), stopped.move) : lastPlayable(game);
}

// The list of moves scrolls to the move shown; the page itself stays where it is.
function keepInSight(element) {
  const list = element.closest("aside");
  if (!list) return;
  const outer = list.getBoundingClientRect();
  const inner = element.getBoundingClientRect();
  if (inner.top < outer.top) list.scrollTop -= outer.top - inner.top + 8;
  else if (inner.bottom > outer.bottom) list.scrollTop += inner.bottom - outer.bottom + 8;
}

// The address follows the move shown (#move-N; the buttons' ids differ, so that the browser
// scrolls nothing to it); while the page loads the address waits, or the browser would take
// it for the one it was opened at.
function followAddress(hash) {
  if (document.readyState !== "complete") {
    page.address = hash;
    return;
  }
  if (location.hash !== hash) history.replaceState(null, "", hash);
}
window.addEventListener("load", () => { if (page.address) followAddress(page.address); });

function showMove(move) {
  const game = page.games[page.game];
  if (!game) return;
  move = Math.max(game.offset, Math.min(move, selectable(game)));
  page.move = move;
  const t = helpers.text;
  const shownAt = Math.min(move, lastPlayable(game));
  const view = game.positions[shownAt - game.offset];
  const waiting = view === undefined && game.partial;
  document.querySelectorAll("button.move").forEach((b) => b.classList.toggle("current", Number(b.dataset.move) === move));
  const current = document.getElementById(`entry-${move}`);
  if (current) keepInSight(current);
  const written = game.moves[move - 1 - game.offset];
  let html = move === 0 ? "<h2>Before the first move</h2>" : !written ? `<h2>After move ${move}</h2>`
    : `<h2>After move ${move}: ${t(written.text)} <span class="small">line ${written.line ?? "?"}</span></h2>`;
  const finding = findingAt(game, move);
  if (finding && finding.move === move) {
    html = `<h2>Move ${move}: ${t(written.text)} — illegal</h2><p class="meta">The position below is the last legal one, before this move.</p>`;
  }
  const shownFinding = finding || (view === undefined && !waiting ? game.findings.find((f) => f.severity === "error") : null);
  if (shownFinding) {
    html += `<div id="finding">${findingText(shownFinding.text)}`;
    if (shownFinding.ruling) {
      html += `<details><summary>${t(shownFinding.ruling.id)} — ${t(shownFinding.ruling.title)}</summary>` +
        `<p>${t(shownFinding.ruling.text)}</p></details>`;
    }
    html += "</div>";
  }
  if (waiting) {
    html += "<p class=\"empty\">Loading…</p>";
  } else if (view === undefined) {
    html += "<p class=\"empty\">This game could not be replayed.</p>";
  } else {
    const draw = REFEREE_RENDERERS[game.game];
    const picture = (game.pictures || [])[shownAt - game.offset];
    const shown = Object.assign({}, helpers, {picture: picture === undefined ? "" : (game.picture_head || "") + picture});
    const told = (game.accounts || [])[shownAt - game.offset] || [];
    const account = told.length && shownAt === move
      ? `<div id="account"><h3>What move ${move} did</h3><ul>${told.map((line) => `<li>${t(line)}</li>`).join("")}</ul></div>`
      : "";
    html += `<div class="step"><div id="view">${draw ? draw(view, shown) : `<pre>${t(JSON.stringify(view, null, 2))}</pre>`}</div>${account}</div>`;
  }
  document.getElementById("position").innerHTML = html;
  const hash = page.games.length > 1 ? `#game-${game.index}-move-${move}` : `#move-${move}`;
  followAddress(hash);
  window.refereeShown = {game: game.index, move: move, position: shownAt, view: view === undefined ? null : view};
}

// A finding as the text report prints it: its headline and notes wrap to the page; only the
// quoted line, whose caret must stay under its column, keeps its width and scrolls.
function findingText(text) {
  const t = helpers.text;
  let html = "";
  let quoted = [];
  const flush = () => { if (quoted.length) html += `<pre class="excerpt">${t(quoted.join("\n"))}</pre>`; quoted = []; };
  text.split("\n").forEach((line, number) => {
    if (number > 0 && /^\s*\d*\s*\|/.test(line)) { quoted.push(line); return; }
    flush();
    html += `<p class="${number === 0 ? "headline" : "note"}">${t(line)}</p>`;
  });
  flush();
  return html;
}

function openFragment() {
  const found = /^#(?:game-(\d+)-)?move-(\d+)$/.exec(location.hash);
  if (!found) return false;
  const index = found[1] ? page.games.findIndex((g) => g && g.index === Number(found[1])) : page.game;
  if (index < 0 || !page.games[index]) return false;
  if (index !== page.game) showGame(index);
  showMove(Number(found[2]));
  return true;
}

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const game = page.games[page.game];
  if (!game) return;
  const moves = {ArrowLeft: page.move - 1, ArrowRight: page.move + 1, Home: game.offset, End: selectable(game)};
  if (event.key in moves) {
    event.preventDefault();
    showMove(moves[event.key]);
  }
});
window.addEventListener("hashchange", openFragment);

// Draw the game the page opens at as it loads, from its plain JSON; then inflate every game.
(() => {
  const blocks = [...document.querySelectorAll("script.referee-game")];
  const plain = new Map([...document.querySelectorAll("script.referee-opening")].map(
    (b) => [b.dataset.index, b]));
  if (!blocks.length) {
    document.getElementById("position").innerHTML = "<p class=\"empty\">The file holds no game.</p>";
    document.body.dataset.ready = "yes";
    return;
  }
  const nav = document.getElementById("games");
  if (blocks.length > 1) {
    nav.innerHTML = blocks.map((b, i) => `<button data-game="${i}"` +
      `${b.dataset.illegal ? ' class="illegal" title="illegal"' : ""}>Game ${helpers.text(b.dataset.index)}</button>`).join("");
    nav.querySelectorAll("button").forEach((b) => b.addEventListener("click", () => {
      const number = Number(b.dataset.game);
      if (!page.games[number]) return;
      showGame(number);
      showMove(page.games[number].opening || 0);
    }));
  }
  document.getElementById("start").addEventListener("click", () => showMove(0));
  const first = Math.max(0, blocks.findIndex((b) => b.dataset.illegal));
  page.game = first;
  const opening = plain.get(blocks[first].dataset.index);
  if (opening) {
    page.games[first] = openingGame(JSON.parse(opening.textContent));
    const found = /^#(?:game-(\d+)-)?move-(\d+)$/.exec(location.hash);
    const elsewhere = found && found[1] && Number(found[1]) !== page.games[first].index;
    if (!elsewhere) {
      showGame(first);
      showMove(found ? Number(found[2]) : page.games[first].opening);
    }
  }
  window.refereeLoading = (async () => {
    try {
      for (let i = 0; i < blocks.length; i++) page.games[i] = await inflate(blocks[i]);
    } catch (error) {
      document.getElementById("position").innerHTML = `<p class="warn">This browser cannot read the page's data (${helpers.text(error)}).</p>`;
      return;
    }
    page.loaded = true;
    const shown = window.refereeShown;
    if (shown === undefined) {
      showGame(page.game);
      if (!openFragment()) showMove(page.games[page.game].opening);
    } else if (shown.view === null || !document.getElementById("view")) {
      showMove(page.move);  // the position asked for before it was inflated
    }
    document.body.dataset.ready = "yes";
  })();
})();
"""
