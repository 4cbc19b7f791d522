"""JSON read strictly, for every layer: a key given twice, NaN or Infinity, a number too
large for a float, and a lone surrogate (half of a UTF-16 pair, which is no character
and cannot be written out again) are all refused, located.

It sits below the games, so a game may read a foreign file it imports with it, and
above it the pipeline reads data files and the documents of `referee import`.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterator
from typing import Any


class JsonStreamError(ValueError):
    """Unreadable JSON, located: `line` and `column` in the document (and `pointer`, the JSON
    pointer of the value at fault, where the fault is in a value read whole)."""

    def __init__(self, message: str, line: int, column: int, pointer: str = "") -> None:
        super().__init__(f"at {pointer}: {message}" if pointer else f"invalid JSON at line {line}, column {column}: {message}")
        self.message = message
        self.line = line
        self.column = column
        self.pointer = pointer


def pairs(found_pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's members, refused when a key is given twice."""
    found = dict(found_pairs)
    if len(found) != len(found_pairs):  # rare: only then is the key given twice looked for
        seen: set[str] = set()
        for key, _ in found_pairs:
            if key in seen:
                raise ValueError(f"the key {key!r} is given twice in one object")
            seen.add(key)
    return found


def no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


class _NumberTooLarge(ValueError):
    def __init__(self, literal: str) -> None:
        super().__init__(f"the number {_clip(literal)} is too large for a float")
        self.literal = literal


def finite_float(text: str) -> float:
    """A number with a fraction or an exponent, refused when no float holds it (1e999)."""
    value = float(text)
    if math.isinf(value):
        raise _NumberTooLarge(text)
    return value


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else f"{text[:width - 10]}…{text[-6:]}"


FLOAT_DECODER = json.JSONDecoder(object_pairs_hook=pairs, parse_constant=no_constant, parse_float=finite_float)

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
"""How a surrogate is written in JSON text: only a text holding one is searched for a lone one."""

_SURROGATE = re.compile("[\ud800-\udfff]")


def strict_loads(text: str) -> Any:
    """One whole JSON text read strictly, numbers with a fraction as floats (data files
    measure things); JsonStreamError, located, if not."""
    try:
        document = FLOAT_DECODER.decode(text)
    except json.JSONDecodeError as error:
        raise JsonStreamError(error.msg, error.lineno, error.colno) from None
    except _NumberTooLarge as error:
        raise JsonStreamError(str(error), *place(text, _number_at(text, error.literal))) from None
    except ValueError as error:
        raise JsonStreamError(plain(error), 1, 1) from None
    except RecursionError:
        raise JsonStreamError("nested too deeply", 1, 1) from None
    if _SURROGATE_ESCAPE.search(text) is not None:
        refuse_lone_surrogates(document)
    return document


def _number_at(text: str, literal: str) -> int:
    """Where a number stands in the text: the first place the literal stands alone."""
    found = re.search(rf"(?<![0-9.eE+-]){re.escape(literal)}(?![0-9.eE+-])", text)
    return found.start() if found else 0


def place(text: str, offset: int) -> tuple[int, int]:
    """(line, column), from 1, of an offset in a text."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def refuse_lone_surrogates(value: Any, pointer: str = "") -> None:
    """JsonStreamError at the first string (or key) holding half a UTF-16 surrogate pair."""
    for where, text in _strings(value, pointer):
        found = _SURROGATE.search(text)
        if found is not None:
            shown = _SURROGATE.sub(lambda half: f"\\u{ord(half.group()):04x}", where) or "/"
            raise JsonStreamError(f"a lone surrogate \\u{ord(found.group()):04x} in a string: "
                                  "half of a UTF-16 pair is no character", 1, 1, shown)


def _strings(value: Any, pointer: str) -> Iterator[tuple[str, str]]:
    stack: list[tuple[Any, str]] = [(value, pointer)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            yield where, item
        elif isinstance(item, dict):
            for key, member in reversed(list(item.items())):
                place = f"{where}/{escape_pointer(key)}"
                yield place, key
                stack.append((member, place))
        elif isinstance(item, list):
            stack.extend((member, f"{where}/{index}") for index, member in reversed(list(enumerate(item))))


def escape_pointer(key: str) -> str:
    """A key as a JSON pointer writes it (RFC 6901)."""
    return key.replace("~", "~0").replace("/", "~1")


def plain(error: ValueError) -> str:
    """The decoder's complaint in the document's terms: Python's own limit on the digits of an
    integer would otherwise advise a function call."""
    text = str(error)
    if "integer string conversion" in text:
        return f"a number of more than {sys.get_int_max_str_digits()} digits"
    return text
