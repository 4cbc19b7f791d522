#!/usr/bin/env python3
"""How long an editor waits on `referee lsp` as a log is typed, game by game.

Run from the repository root, with the `lsp` extra installed::

    python bench/lsp.py            # every game
    python bench/lsp.py --seeds 4  # fewer games tried for the longest one (quicker)

For each game it plays seeded games with the project's own generator (as `referee
simulate` does) and keeps the longest, writes it in canonical notation, and opens it in
a `referee lsp` started as an editor starts it, talking JSON-RPC over its standard input
and output. It then takes the last entries out and types them back a character at a
time, as a person does, each keystroke one `textDocument/didChange`, and times:

  open        didOpen to the first publishDiagnostics: the whole game judged
  ready       didOpen to the answer of a request sent with it: the findings, then
              the game's full grammar built (once a game), which the first half-typed
              entry would otherwise wait for
  keystroke   didChange to its publishDiagnostics: the game judged again as it now
              stands (half the states typed are not yet legal entries)
  in 10       the same keystrokes in a document of ten such games, typed into its
              last: the nine others are not judged again
  completion  the completions at the end of the game (its legal entries, a word at a
              time), asked after each entry typed

Each figure is the median and the worst, in milliseconds; the bar is 50 ms from a
keystroke to its findings. `rss` is the server's resident memory with the ten-game
document open, in MiB.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games import GAMES  # noqa: E402
from referee.notation.writer import format_game  # noqa: E402
from longest import longest_record  # noqa: E402

TYPED_ENTRIES = 3
"""Entries taken out of the end of the game and typed back, a character at a time."""


def longest_game(game: str, seeds: int) -> tuple[str, int]:
    """The canonical text of the longest of `seeds` simulated games, and its moves."""
    record = longest_record(game, seeds, "lsp-bench")
    tag = record.tag("Result")
    if tag is not None:
        tag.value = "*"  # the game is typed to its end again: no claim to hold meanwhile
    return format_game(record, GAMES[game]), record.entry_count()


class Server:
    """`referee lsp` in a child process, spoken to as an editor speaks to it."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "referee", "lsp"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.inbox: queue.Queue[dict] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"processId": os.getpid(), "capabilities": {}})
        self.notify("initialized", {})

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = 0
            while True:
                line = stream.readline()
                if not line:
                    return
                if line.startswith(b"Content-Length:"):
                    length = int(line.split(b":")[1])
                elif line in (b"\r\n", b"\n"):
                    break
            self.inbox.put(json.loads(stream.read(length)))

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.wait(lambda message: message.get("id") == self.next_id)

    def wait(self, wanted) -> dict:
        while True:
            message = self.inbox.get(timeout=120)
            if wanted(message):
                return message

    def diagnostics_of(self, uri: str, version: int) -> dict:
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri and m["params"].get("version") == version)

    def rss_mib(self) -> float:
        with open(f"/proc/{self.process.pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def close(self) -> None:
        self.request("shutdown", {})
        self.notify("exit", {})
        self.process.wait(timeout=30)


def milliseconds(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:6.2f} {max(values) * 1000:7.2f}"


def typed(server: Server, uri: str, text: str, version: int, tail: str,
          completions: list[float] | None) -> tuple[list[float], int]:
    """`tail` typed a character at a time at the end of `text` (open as `version`): each
    keystroke's time to its findings."""
    times: list[float] = []
    lines = text.split("\n")
    line, column = len(lines) - 1, len(lines[-1])
    previous = " "
    for char in tail:
        version += 1
        if char == "\n":
            change = {"range": {"start": {"line": line, "character": column},
                                "end": {"line": line, "character": column}}, "text": "\n"}
            line, column = line + 1, 0
        else:
            change = {"range": {"start": {"line": line, "character": column},
                                "end": {"line": line, "character": column}}, "text": char}
            column += 1
        start = time.perf_counter()
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [change]})
        server.diagnostics_of(uri, version)
        times.append(time.perf_counter() - start)
        if completions is not None and char == " " and not previous.isspace():
            start = time.perf_counter()
            server.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                       "position": {"line": line, "character": column}})
            completions.append(time.perf_counter() - start)
        previous = char
    return times, version


def split_tail(text: str) -> tuple[str, str]:
    """The game less its last TYPED_ENTRIES entries, and those entries' text."""
    body = text.rstrip("\n")
    cut = len(body)
    for _ in range(TYPED_ENTRIES):
        cut = max(body.rfind("  ", 0, cut), body.rfind("\n", 0, cut))
    return body[:cut], body[cut:]


def bench(game: str, seeds: int) -> str:
    text, moves = longest_game(game, seeds)
    rules = GAMES[game]
    head, tail = split_tail(text)
    server = Server()
    try:
        uri = f"file:///bench/one{rules.extensions[0]}"
        start = time.perf_counter()
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": game, "version": 1,
                                                                "text": head}})
        server.diagnostics_of(uri, 1)
        opened = time.perf_counter() - start
        server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        ready = time.perf_counter() - start
        completions: list[float] = []
        alone, _ = typed(server, uri, head, 1, tail, completions)
        ten = f"file:///bench/ten{rules.extensions[0]}"
        document = "\n".join([text] * 9 + [head])
        server.notify("textDocument/didOpen", {"textDocument": {"uri": ten, "languageId": game, "version": 1,
                                                                "text": document}})
        server.diagnostics_of(ten, 1)
        among, _ = typed(server, ten, document, 1, tail, None)
        rss = server.rss_mib()
    finally:
        server.close()
    return (f"{rules.name:<28} {moves:5} {len(text):7} {opened * 1000:7.1f} {ready * 1000:7.1f} {milliseconds(alone)} "
            f"{milliseconds(among)} {milliseconds(completions or [0.0])} {rss:6.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=12, help="seeded games tried for each game's longest")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only this game (repeatable)")
    arguments = parser.parse_args()
    print(f"{'game':<28} {'moves':>5} {'chars':>7} {'open':>7} {'ready':>7} {'keystroke':>14} {'in 10':>14} "
          f"{'completion':>14} {'rss':>6}")
    print(f"{'':<28} {'':>5} {'':>7} {'ms':>7} {'ms':>7}" + f" {'median  worst':>14}" * 3 + f" {'MiB':>6}")
    for game in arguments.game or list(GAMES):
        print(bench(game, arguments.seeds), flush=True)


if __name__ == "__main__":
    main()
