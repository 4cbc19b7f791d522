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
    prefix = f"{seed}:".encode()
    sha256 = hashlib.sha256
    counter = 0
    while True:
        yield int.from_bytes(sha256(prefix + b"%d" % counter).digest()[:8], "big")
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
    """The documented shuffle, written out flat: every seeded game pays for it."""
    result = list(items)
    prefix = f"{seed}:".encode()
    sha256 = hashlib.sha256
    from_bytes = int.from_bytes
    counter = 0
    for i in range(len(result) - 1, 0, -1):
        n = i + 1
        limit = _SPAN - (_SPAN % n)
        while True:
            word = from_bytes(sha256(prefix + b"%d" % counter).digest()[:8], "big")
            counter += 1
            if word < limit:
                break
        j = word % n
        result[i], result[j] = result[j], result[i]
    return result
