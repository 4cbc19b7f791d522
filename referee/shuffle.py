"""A seeded shuffle that gives the same order on every machine and in every language.

Documented in referee-notation(5) so that anyone can re-deal a seeded log:

    word(k)   = first 8 bytes, big-endian, of SHA-256(UTF-8 of "<seed>:<k>"), k = 0, 1, …
    below(n)  = the next word w with w < 2**64 - (2**64 mod n), taken mod n
    shuffle   = for i from len-1 down to 1: swap items i and below(i + 1)

Python's own `random` is not used: its algorithms are not a documented contract.
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
_SPAN = 1 << 64


try:  # CPython's own SHA-256: for inputs this short, much quicker to start than OpenSSL's
    from _sha2 import sha256 as _sha256  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the Python version
    try:
        from _sha256 import sha256 as _sha256  # type: ignore[import-not-found,no-redef]
    except ImportError:
        from hashlib import sha256 as _sha256  # type: ignore[assignment]

_FIRST_WORD = struct.Struct(">Q").unpack_from


def _words(seed: str, start: int = 0) -> Iterator[int]:
    prefix = f"{seed}:".encode()
    counter = start
    while True:
        yield _FIRST_WORD(_sha256(prefix + b"%d" % counter).digest())[0]
        counter += 1


_COUNTERS = [b"%d" % k for k in range(128)]
_LIMITS = [0, 0] + [_SPAN - (_SPAN % n) for n in range(2, 128)]  # below(n) takes words under _LIMITS[n]


def _first_words(seed: str, count: int) -> Iterator[int]:
    """word(0), word(1), …: the first `count` computed at once, the rest on demand."""
    prefix = f"{seed}:".encode()
    first = [_FIRST_WORD(_sha256(prefix + counter).digest())[0] for counter in _COUNTERS[:count]]
    return itertools.chain(first, _words(seed, len(first)))


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
    words = _first_words(seed, max(len(result) - 1, 0))  # one word per swap, but for a rare rejection
    for i in range(len(result) - 1, 0, -1):
        n = i + 1
        limit = _LIMITS[n] if n < 128 else _SPAN - (_SPAN % n)
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % n
        result[i], result[j] = result[j], result[i]
    return result
