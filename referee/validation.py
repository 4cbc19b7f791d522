"""Validate documents against the bundled JSON Schemas (draft 2020-12), for the layers
above the games (export, import, the reports, the commands).

A document is first asked of the schema translated into Python (`is_valid`); jsonschema,
slow to import, is loaded only to explain a document that fails, or for a part of a
schema the translation leaves to it. The schemas and their validators themselves are
`referee.jsonschemas`, which the games use too."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import islice
from typing import Any

from referee.jsonschemas import SCHEMAS, load_schema, part_validator, registry, validator
from referee.schema_compiler import compile_schemas

__all__ = ["SCHEMAS", "game_record_errors", "is_valid", "part_errors", "part_validator", "schema_errors",
           "validator"]

_registry = registry


@lru_cache(maxsize=None)
def _by_id() -> dict[str, str]:
    return {load_schema(file)["$id"]: name for name, file in SCHEMAS.items()}


def _jsonschema_check(resource_id: str, node: Any) -> Callable[[Any], bool]:
    """jsonschema's yes-or-no for one schema object, loaded the first time it is asked."""
    checks: list[Callable[[Any], bool]] = []

    def check(value: Any) -> bool:
        if not checks:
            checks.append(validator(_by_id()[resource_id]).evolve(schema=node).is_valid)
        return checks[0](value)

    return check


def is_valid(name: str, definition: str | None = None) -> Callable[[Any], bool]:
    """The quick yes-or-no for a schema, or one of its definitions: the whole schema
    translated into Python once (see referee.schema_compiler); jsonschema is asked
    only for the errors of a document this refuses."""
    return _checks(name)["" if definition is None else definition]


@lru_cache(maxsize=None)
def _checks(name: str) -> dict[str, Callable[[Any], bool]]:
    """The checks of a schema ("") and of each of its definitions, translated together, so
    a command that asks for the document and for its games compiles the schema once. A
    game's actions (the `…-action` definitions) repeat through an archive: each distinct
    one is checked once."""
    resources = {load_schema(file)["$id"]: load_schema(file) for file in SCHEMAS.values()}
    schema = load_schema(SCHEMAS[name])
    definitions = list(schema.get("$defs", {}))
    actions = [(schema["$id"], f"/$defs/{key}") for key in definitions if key.endswith("-action")]
    checks = compile_schemas(resources, schema["$id"], ["", *(f"/$defs/{key}" for key in definitions)],
                             _jsonschema_check, remembered=actions)
    return dict(zip(["", *definitions], checks))


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


MESSAGE_CHARS = 300
"""A schema error quotes the value at fault, which may be megabytes long: a line of the report
shows its start and its end."""


def _clipped(message: str) -> str:
    if len(message) <= MESSAGE_CHARS:
        return message
    cut = len(message) - MESSAGE_CHARS
    return f"{message[:MESSAGE_CHARS - 60]} … ({cut:,} characters) … {message[-60:]}"


def game_record_errors(game: Any, prefix: str, limit: int | None = None) -> list[str]:
    """`part_errors("game-record", "game", …)`: one game of a document checked as it is read."""
    return part_errors("game-record", "game", game, prefix, limit)
