"""A seeded shuffle that gives the same order on every machine and in every language.

Documented in referee-notation(5) so that anyone can re-deal a seeded log:

    word(k)   = first 8 bytes, big-endian, of SHA-256(UTF-8 of "<seed>:<k>"), k = 0, 1, …
    below(n)  = the next word w with w < 2**64 - (2**64 mod n), taken mod n
    shuffle   = for i from len-1 down to 1: swap items i and below(i + 1)

Python's own `random` is not used: its algorithms are not a documented contract.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import repeat
from operator import add, mod
from typing import TypeVar

from referee.hashing import sha256 as _sha256

T = TypeVar("T")
_SPAN = 1 << 64


_digest = type(_sha256()).digest
_FIRST_WORD = struct.Struct(">Q").unpack_from


def _words(seed: str, start: int = 0) -> Iterator[int]:
    prefix = f"{seed}:".encode()
    counter = start
    while True:
        yield _FIRST_WORD(_sha256(prefix + b"%d" % counter).digest())[0]
        counter += 1


_COUNTERS: list[bytes] = []
"""b"0", b"1", … as far as any shuffle has asked: a word's counter as its input writes it.
Every shuffle of a deck asks for the same ones, and a game's decks shrink round by round,
so they are written once for the largest."""


@lru_cache(maxsize=256)
def _first_of_each(count: int) -> struct.Struct:
    """Reads the first word of each of `count` digests laid end to end."""
    return struct.Struct(">" + "Q24x" * count)


def _first_words(seed: str, count: int) -> tuple[int, ...]:
    """word(0) … word(count - 1), hashed and read by built-in calls alone: a shuffle asks
    for one word per swap, and the Python around each would cost as much as its hash."""
    return _hashed_words(seed, 0, count)


def _hashed_words(seed: str, start: int, count: int) -> tuple[int, ...]:
    """word(start) … word(start + count - 1), by built-in calls alone."""
    if len(_COUNTERS) < start + count:
        _COUNTERS.extend(b"%d" % k for k in range(len(_COUNTERS), start + count))
    prefixes = repeat(f"{seed}:".encode(), count)  # as many as there are words: `map` stops there
    counters = _COUNTERS[start:start + count] if start else _COUNTERS
    digests = map(_digest, map(_sha256, map(add, prefixes, counters)))
    return _first_of_each(count).unpack(b"".join(digests))


_BATCH = 64
"""Words `SeededChoices` hashes at a time: a simulated game asks for thousands."""


class SeededChoices:
    """`below(n)`: uniform integers from the documented word stream of one seed, read in
    order; the words are hashed a batch at a time, which changes none of them."""

    def __init__(self, seed: str) -> None:
        self._seed = seed
        self._batch: tuple[int, ...] = ()
        self._next = 0  # the place in the batch of the next word
        self._start = 0  # the counter of the batch's first word

    def _word(self) -> int:
        if self._next == len(self._batch):
            self._start += len(self._batch)
            self._batch = _hashed_words(self._seed, self._start, _BATCH)
            self._next = 0
        word = self._batch[self._next]
        self._next += 1
        return word

    def below(self, n: int) -> int:
        limit = _LIMITS.get(n)
        if limit is None:
            limit = _LIMITS[n] = _SPAN - (_SPAN % n)
            if len(_LIMITS) > _LIMITS_KEPT:
                _LIMITS.clear()
        at = self._next
        if at < len(self._batch):  # `_word`'s usual case, inline: a simulated player asks on every move
            word = self._batch[at]
            self._next = at + 1
        else:
            word = self._word()
        while word >= limit:
            word = self._word()
        return word % n


_LIMITS: dict[int, int] = {}
"""n -> the words `below(n)` takes, 2**64 - (2**64 mod n): the same few n are asked again and again."""
_LIMITS_KEPT = 4096


def shuffled(items: Sequence[T], seed: str) -> list[T]:
    result = list(items)
    size = len(result)
    if size < 2:
        return result
    words = _first_words(seed, size - 1)
    if max(words) <= _SPAN - size:  # every limit is above 2**64 - size: no word is rejected, below(n) = word mod n
        picks = map(mod, words, range(size, 1, -1))
    else:  # a word may be rejected (a chance of about size**2 in 2**64): draw as `below` does
        picks = map(SeededChoices(seed).below, range(size, 1, -1))
    for i, j in zip(range(size - 1, 0, -1), picks):
        result[i], result[j] = result[j], result[i]
    return result
