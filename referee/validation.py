"""Validate documents against the bundled JSON Schemas (draft 2020-12).

A document is first asked of the schema translated into Python (`is_valid`); jsonschema,
slow to import, is loaded only to explain a document that fails, or for a part of a
schema the translation leaves to it."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from referee.export import load_schema
from referee.schema_compiler import compile_schemas

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from referencing import Registry

SCHEMAS = {
    "game-record": "game-record.schema.json",
    "check-report": "check-report.schema.json",
    "position": "position.schema.json",
    "moves": "moves.schema.json",
    "rules": "rules.schema.json",
    "perroquets-data": "perroquets-data.schema.json",
    "spanish-main-cards": "spanish-main-cards.schema.json",
    "play-verdict": "play-verdict.schema.json",
}


@lru_cache(maxsize=None)
def _registry() -> Registry:
    from referencing import Registry, Resource

    resources = [(load_schema(f)["$id"], Resource.from_contents(load_schema(f))) for f in SCHEMAS.values()]
    return Registry().with_resources(resources)


@lru_cache(maxsize=None)
def validator(name: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(load_schema(SCHEMAS[name]), registry=_registry())


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


def schema_errors(name: str, document: Any, prefix: str = "$") -> list[str]:
    """Each error as 'JSON path: message', deepest first-found order; `prefix` is
    where the document stands in a larger one."""
    if is_valid(name)(document):
        return []
    errors = sorted(validator(name).iter_errors(document), key=lambda e: list(e.absolute_path))
    return [f"{prefix}{error.json_path[1:]}: {_clipped(error.message)}" for error in errors]


@lru_cache(maxsize=None)
def part_validator(name: str, definition: str) -> Draft202012Validator:
    """A validator for one definition of a schema (`#/$defs/<definition>`), so the
    parts of a long document can be checked as they are read."""
    from jsonschema import Draft202012Validator

    schema_id = load_schema(SCHEMAS[name])["$id"]
    return Draft202012Validator({"$ref": f"{schema_id}#/$defs/{definition}"}, registry=_registry())


def part_errors(name: str, definition: str, part: Any, prefix: str) -> list[str]:
    if is_valid(name, definition)(part):
        return []
    errors = sorted(part_validator(name, definition).iter_errors(part), key=lambda e: list(e.absolute_path))
    return [f"{prefix}{error.json_path[1:]}: {_clipped(error.message)}" for error in errors]


MESSAGE_CHARS = 300
"""A schema error quotes the value at fault, which may be megabytes long: a line of the report
shows its start and its end."""


def _clipped(message: str) -> str:
    if len(message) <= MESSAGE_CHARS:
        return message
    cut = len(message) - MESSAGE_CHARS
    return f"{message[:MESSAGE_CHARS - 60]} … ({cut:,} characters) … {message[-60:]}"


def game_record_errors(game: Any, prefix: str) -> list[str]:
    """`part_errors("game-record", "game", …)`: one game of a document checked as it is read."""
    return part_errors("game-record", "game", game, prefix)
