"""Helpers the per-ruling tests of every game share: judge one game, find a place."""

from __future__ import annotations

import hashlib

from referee.pipeline.replay import GameReport, check_text


def replay(text: str, name: str) -> GameReport:
    """Judge a file holding exactly one game and no file-level problem."""
    report = check_text(name, text)
    assert report.diagnostics == []
    assert len(report.games) == 1
    return report.games[0]


def legal(text: str, name: str) -> GameReport:
    """Replay a log that must be legal: no diagnostic at all."""
    game = replay(text, name)
    assert game.diagnostics == []
    assert game.verdict == "legal"
    return game


def where(text: str, needle: str) -> tuple[int, int]:
    """Line and column (1-based) of the last occurrence of `needle` in `text`;
    a '^' inside the needle marks the column meant, else it is the needle's start."""
    offset = needle.index("^") if "^" in needle else 0
    index = text.rindex(needle.replace("^", "")) + offset
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, column


def documented_shuffle(items, seed: str) -> list[str]:
    """The documented seeded shuffle, written out independently of referee's own code:
    SHA-256 words of "<seed>:<k>", the first 8 bytes big-endian, rejection at or above
    2**64 - 2**64 mod n, Fisher-Yates from the last position down."""
    cards = list(items)
    counter = 0
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        limit = 2**64 - 2**64 % n
        while True:
            digest = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
            counter += 1
            word = int.from_bytes(digest[:8], "big")
            if word < limit:
                break
        j = word % n
        cards[i], cards[j] = cards[j], cards[i]
    return cards
