"""Validate documents against the bundled JSON Schemas (draft 2020-12), for the layers
above the games (export, import, the reports, the commands).

A document is first asked of the schema translated into Python (`is_valid`); jsonschema,
slow to import, is loaded only to explain a document that fails, or for a part of a
schema the translation leaves to it. The schemas and their validators themselves are
`referee.jsonschemas`, which the games use too."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import Any

from referee.jsonschemas import SCHEMAS, clipped as _clipped, is_valid, part_validator, registry, validator

__all__ = ["SCHEMAS", "game_record_errors", "is_valid", "part_errors", "part_validator", "schema_errors",
           "validator"]

_registry = registry


def schema_errors(name: str, document: Any, prefix: str = "$", limit: int | None = None) -> list[str]:
    """Each error as 'JSON path: message', in document order; `prefix` is where the document
    stands in a larger one. With `limit`, only the first `limit` errors found are gathered
    (a document of a million wrong items is not explained item by item)."""
    if is_valid(name)(document):
        return []
    return _lines(validator(name).iter_errors(document), prefix, limit)


def part_errors(name: str, definition: str, part: Any, prefix: str, limit: int | None = None) -> list[str]:
    if is_valid(name, definition)(part):
        return []
    return _lines(part_validator(name, definition).iter_errors(part), prefix, limit)


def _lines(errors: Iterable[Any], prefix: str, limit: int | None) -> list[str]:
    found = sorted(islice(errors, limit), key=lambda e: [(isinstance(p, str), p) for p in e.absolute_path])
    return [f"{prefix}{error.json_path[1:]}: {_clipped(error.message)}" for error in found]


def game_record_errors(game: Any, prefix: str, limit: int | None = None) -> list[str]:
    """`part_errors("game-record", "game", …)`: one game of a document checked as it is read."""
    return part_errors("game-record", "game", game, prefix, limit)
