"""Read a JSON document of many games one game at a time.

`referee import` takes documents of any size: the top-level object's members are
read in order, and the members of its `games` array are handed out one by one,
so memory holds one game, not the document. The reading is strict: a key given
twice in one object, NaN or Infinity, and numbers written with a fraction or an
exponent where the schema wants integers (they come back as Decimal, which no
integer type accepts) are all caught.
"""

from __future__ import annotations

import json
import re
from collections.abc import Container, Iterator
from decimal import Decimal
from typing import Any, TextIO

from referee.strictjson import JsonStreamError, no_constant, pairs, plain, strict_loads

__all__ = ["JsonStreamError", "LongObject", "document_games", "strict_loads"]

BLOCK = 1 << 16
LINE_WAIT = 1 << 20
"""How far ahead the reader looks for the end of a value's line before it decodes the value:
export writes a game a line, and a game cut at the end of a block would be decoded twice."""
MAX_ITEM_CHARS = 64 << 20
"""One game of a document is a few kilobytes; past this, it is no game."""


DECODER = json.JSONDecoder(object_pairs_hook=pairs, parse_constant=no_constant, parse_float=Decimal)


_KEY_END = re.compile(r'"[ \t\r\n]*:')
"""How a key ends: a quote, white space, a colon. Only a string holding '":' has more."""

_SPACED_COLON = re.compile(r":(?<=[ \t\r\n]:)")
"""A colon after white space (sought colon first, which is quick)."""


def _no_key_twice(text: str, start: int, end: int, kept: int) -> bool:
    """Whether the keys given in text[start:end], a JSON value read whole, number no more than
    the `kept` its objects hold, so none was given twice. Each given key is followed by a
    colon outside the strings, so a count of colons, or of what `_KEY_END` finds, no greater
    than the keys kept proves it. Counting '":' is as good, and much quicker than the search,
    when no colon anywhere follows white space: then no key is set apart from its colon. A
    colon inside a string (a digest's "sha256:") spoils the first count but not that one."""
    if text.count(":", start, end) == kept:
        return True
    if text.count('":', start, end) == kept and _SPACED_COLON.search(text, start, end) is None:
        return True
    return len(_KEY_END.findall(text, start, end)) == kept


def _counting_decoder() -> tuple[json.JSONDecoder, list[int]]:
    """A decoder that lets a key given twice pass (the last wins) and counts the keys it keeps,
    because the strict `DECODER`'s per-object hook costs a third of the reading. From the keys kept,
    `_no_key_twice` tells whether any was given twice: if not, the text need not be read again."""
    kept = [0]

    def count(found: dict[str, Any]) -> dict[str, Any]:
        kept[0] += len(found)
        return found

    return json.JSONDecoder(object_hook=count, parse_constant=no_constant, parse_float=Decimal), kept


class _Reader:
    """A window over the text with the absolute place of its start, for messages."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.buffer = ""
        self.position = 0  # index in buffer
        self.line = 1  # line of buffer[0]
        self.column = 1
        self.eof = False
        self.decoder, self.kept = _counting_decoder()
        self.by_line = True  # until a value's line is found longer than LINE_WAIT

    def more(self, wanted: int = BLOCK) -> bool:
        """At least one more character of the document, and up to `wanted`; False at its end."""
        if self.eof:
            return False
        blocks: list[str] = []
        read = 0
        while read < wanted:
            block = self.stream.read(min(wanted - read, BLOCK << 4))
            if not block:
                self.eof = True
                break
            blocks.append(block)
            read += len(block)
        if not blocks:
            return False
        self._drop_read()
        self.buffer += "".join(blocks)
        return True

    def grow(self) -> bool:
        """More of a value that did not end in view: as much again as is unread (up to just past
        MAX_ITEM_CHARS), so that a value of n characters is decoded O(log n) times, not once a
        block (a 60 MB string took a minute); False at the end of the document."""
        unread = len(self.buffer) - self.position
        return self.more(max(BLOCK, min(unread, MAX_ITEM_CHARS + 1 - unread)))

    def _drop_read(self) -> None:
        done = self.buffer[:self.position]
        newlines = done.count("\n")
        if newlines:
            self.line += newlines
            self.column = len(done) - done.rfind("\n")
        else:
            self.column += len(done)
        self.buffer = self.buffer[self.position:]
        self.position = 0

    def where(self, index: int | None = None) -> tuple[int, int]:
        index = self.position if index is None else index
        done = self.buffer[:index]
        newlines = done.count("\n")
        if newlines:
            return self.line + newlines, len(done) - done.rfind("\n")
        return self.line, self.column + len(done)

    def fail(self, message: str, index: int | None = None) -> JsonStreamError:
        line, column = self.where(index)
        return JsonStreamError(message, line, column)

    def skip_space(self) -> str:
        """The next character that is not white space ('' at the end)."""
        while True:
            while self.position < len(self.buffer) and self.buffer[self.position] in " \t\r\n":
                self.position += 1
            if self.position < len(self.buffer):
                return self.buffer[self.position]
            if not self.more():
                return ""

    def expect(self, char: str) -> None:
        if self.skip_space() != char:
            found = self.buffer[self.position:self.position + 1] or "the end of the document"
            raise self.fail(f"expected {char!r}, found {found!r}")
        self.position += 1

    def array_ends(self) -> bool:
        """After an item of an array: True at its ']', False past the ',' before the next item."""
        char = self.skip_space()
        self.position += 1
        if char == "]":
            return True
        if char != ",":
            raise self.fail(f"expected ',' or ']', found {char or 'the end of the document'!r}", self.position - 1)
        return False

    def next_key(self, first: bool, seen: Container[str]) -> str | None:
        """The key of an object's next member, its ':' read too; None at the object's '}'."""
        char = self.skip_space()
        if char == "}":
            self.position += 1
            return None
        if not first:
            if char != ",":
                raise self.fail(f"expected ',' or '}}', found {char or 'the end of the document'!r}")
            self.position += 1
            self.skip_space()
        key = self.value()
        if not isinstance(key, str):
            raise self.fail("an object's keys are strings")
        if key in seen:
            raise self.fail(f"the key {key!r} is given twice in one object")
        self.expect(":")
        return key

    def _quick_value(self) -> tuple[Any, int]:
        """The value here and where it ends, read again strictly when the quick reading cannot
        vouch for it: a key may be given twice, or the text is at fault (the strict reader
        names the first fault, which may be that key)."""
        self.kept[0] = 0
        try:
            value, end = self.decoder.raw_decode(self.buffer, self.position)
        except (ValueError, RecursionError):
            return DECODER.raw_decode(self.buffer, self.position)  # type: ignore[no-any-return]
        if not _no_key_twice(self.buffer, self.position, end, self.kept[0]):
            return DECODER.raw_decode(self.buffer, self.position)  # type: ignore[no-any-return]
        return value, end

    def value(self, limit: int | None = None) -> Any:
        """The JSON value that starts here, read whole; with `limit`, LongValue is raised
        (and nothing is read past) when it runs on past `limit` characters."""
        self.skip_space()
        while self.by_line and self.buffer.find("\n", self.position, self.position + LINE_WAIT) < 0:
            if len(self.buffer) - self.position >= LINE_WAIT:
                self.by_line = False  # a document not laid out a value a line
            elif not self.more():
                break
        while True:
            try:
                value, end = self._quick_value()
            except json.JSONDecodeError as error:
                if limit is not None and len(self.buffer) - self.position > limit:
                    raise LongValue() from None
                if self.grow():
                    if len(self.buffer) - self.position > MAX_ITEM_CHARS:
                        raise self.fail(f"a value over {MAX_ITEM_CHARS >> 20} MiB") from None
                    continue
                raise self.fail(error.msg, error.pos) from None
            except ValueError as error:
                raise self.fail(plain(error)) from None
            except RecursionError:
                raise self.fail("nested too deeply") from None
            if end == len(self.buffer) and not self.eof and self.more():
                continue  # a number may go on in the next block
            self.position = end
            return value


class LongValue(Exception):
    """A value runs on past the length asked of it: it is to be read by parts."""


class LongObject:
    """An object too long to read whole (a game of a million turns): its members read one
    at a time, each array's items one at a time, in the order the document gives them."""

    def __init__(self, reader: _Reader) -> None:
        self.reader = reader
        self.reading = self._members()

    def members(self) -> Iterator[tuple[str, Any]]:
        """(key, value) in order; an array's value is an iterator over its items, to be read
        before the next member is asked for (what is left of it is read past). One reading:
        asked again, it goes on where it was left."""
        return self.reading

    def _members(self) -> Iterator[tuple[str, Any]]:
        reader = self.reader
        reader.expect("{")
        seen: set[str] = set()
        while True:
            key = reader.next_key(not seen, seen)
            if key is None:
                return
            seen.add(key)
            if reader.skip_space() == "[":
                items = self._items()
                yield key, items
                for _ in items:
                    pass
            else:
                yield key, reader.value()

    def _items(self) -> Iterator[Any]:
        reader = self.reader
        reader.expect("[")
        if reader.skip_space() == "]":
            reader.position += 1
            return
        while True:
            yield reader.value()
            if reader.array_ends():
                return

    def read_past(self) -> None:
        """Read what is left of the object, for the document to go on after it."""
        for _ in self.reading:
            pass


def document_games(stream: TextIO, games_key: str = "games",
                   long_after: int | None = None) -> tuple[dict[str, Any], Iterator[Any]]:
    """The document's members before its games (read at once), and an iterator over the
    games, which also reads the members after them into the first dict as it ends. With
    `long_after`, a game that runs on past that many characters comes as a LongObject,
    to be read by its members (or read past) before the next game is asked for."""
    reader = _Reader(stream)
    if reader.skip_space() == "\ufeff":
        reader.position += 1
    reader.expect("{")
    head: dict[str, Any] = {}

    def members(after_games: bool) -> str | None:
        """Read members until the games array starts ("games") or the object ends (None)."""
        while True:
            key = reader.next_key(not (head or after_games), head)
            if key is None:
                return None
            if key == games_key and not after_games:
                head[key] = []
                return key
            head[key] = reader.value()

    started = members(False)

    def games() -> Iterator[Any]:
        if started is not None:
            reader.expect("[")
            if reader.skip_space() == "]":
                reader.position += 1
            else:
                while True:
                    try:
                        yield reader.value(long_after)
                    except LongValue:
                        if reader.skip_space() != "{":
                            yield reader.value()  # read whole, as any value is, up to MAX_ITEM_CHARS
                        else:
                            long = LongObject(reader)
                            yield long
                            long.read_past()
                    if reader.array_ends():
                        break
            members(True)
        if reader.skip_space():
            raise reader.fail("text after the document")

    return head, games()
