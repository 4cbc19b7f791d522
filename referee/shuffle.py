"""A seeded shuffle that gives the same order on every machine and in every language.

Documented in referee-notation(5) so that anyone can re-deal a seeded log:

    word(k)   = first 8 bytes, big-endian, of SHA-256(UTF-8 of "<seed>:<k>"), k = 0, 1, …
    below(n)  = the next word w with w < 2**64 - (2**64 mod n), taken mod n
    shuffle   = for i from len-1 down to 1: swap items i and below(i + 1)

Python's own `random` is not used: its algorithms are not a documented contract.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
_SPAN = 1 << 64


def _words(seed: str) -> Iterator[int]:
    counter = 0
    while True:
        digest = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
        yield int.from_bytes(digest[:8], "big")
        counter += 1


class SeededChoices:
    """`below(n)`: uniform integers from the documented word stream of one seed."""

    def __init__(self, seed: str) -> None:
        self._words = _words(seed)

    def below(self, n: int) -> int:
        limit = _SPAN - (_SPAN % n)
        word = next(self._words)
        while word >= limit:
            word = next(self._words)
        return word % n


def shuffled(items: Sequence[T], seed: str) -> list[T]:
    result = list(items)
    choices = SeededChoices(seed)
    for i in range(len(result) - 1, 0, -1):
        j = choices.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result
