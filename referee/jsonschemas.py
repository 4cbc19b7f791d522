"""The bundled JSON Schemas (draft 2020-12) and their validators, below every layer.

A game checks its data file here, the pipeline and the commands check documents
through `referee.validation`, which builds on this. jsonschema is loaded only when a
validator is first asked for. Two things it does are replaced, because data files
come from anywhere: its `uniqueItems` compares every item with every other when the
items cannot be sorted (a board of 20,000 islands of mixed types took 41 s), and its
message for a repeated item quotes the whole array; and a file's errors are taken
as they are found, the first few only (`first_errors`), not all built and sorted.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

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


def schema_text(name: str) -> str:
    """A bundled schema; from the installed package, or the checkout's schemas/."""
    packaged = resources.files("referee") / "schemas" / name
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (Path(__file__).resolve().parent.parent / "schemas" / name).read_text(encoding="utf-8")


def load_schema(name: str) -> dict[str, Any]:
    return json.loads(schema_text(name))


@lru_cache(maxsize=None)
def registry() -> Registry:
    from referencing import Registry, Resource

    resources_ = [(load_schema(f)["$id"], Resource.from_contents(load_schema(f))) for f in SCHEMAS.values()]
    return Registry().with_resources(resources_)


def json_key(value: Any) -> Hashable:
    """A key equal for two JSON values exactly when JSON Schema calls them equal: 1 and 1.0
    are one number, true is not 1, and an object's members are unordered."""
    if isinstance(value, bool) or value is None:
        return ("literal", value)
    if isinstance(value, str):
        return ("string", value)
    if isinstance(value, (int, float)):
        return ("number", value)
    if isinstance(value, list):
        return ("array", tuple(json_key(item) for item in value))
    if isinstance(value, dict):
        return ("object", frozenset((key, json_key(item)) for key, item in value.items()))
    return ("other", repr(value))


def first_repeat(items: list[Any]) -> tuple[int, int] | None:
    """(first index, repeating index) of the first item equal to an earlier one, in one pass."""
    seen: dict[Hashable, int] = {}
    for index, item in enumerate(items):
        key = json_key(item)
        if key in seen:
            return seen[key], index
        seen[key] = index
    return None


def _unique_items(validator: Any, wanted: Any, instance: Any, schema: Any) -> Iterator[Any]:
    """`uniqueItems` in one pass, its message naming the repeated item and where it was first."""
    from jsonschema import ValidationError

    if not wanted or not validator.is_type(instance, "array"):
        return
    repeat = first_repeat(instance)
    if repeat is not None:
        first, again = repeat
        shown = json.dumps(instance[again], ensure_ascii=False)
        if len(shown) > 80:
            shown = shown[:70] + "…"
        yield ValidationError(f"item {again} repeats item {first} ({shown}): the items must be unique",
                              path=[again])


@lru_cache(maxsize=1)
def validator_class() -> type[Draft202012Validator]:
    """Draft 2020-12 with the one-pass `uniqueItems`."""
    from jsonschema import Draft202012Validator
    from jsonschema.validators import extend

    return extend(Draft202012Validator, {"uniqueItems": _unique_items})  # type: ignore[no-any-return]


@lru_cache(maxsize=None)
def validator(name: str) -> Draft202012Validator:
    return validator_class()(load_schema(SCHEMAS[name]), registry=registry())


@lru_cache(maxsize=None)
def part_validator(name: str, definition: str) -> Draft202012Validator:
    """A validator for one definition of a schema (`#/$defs/<definition>`), so the
    parts of a long document can be checked as they are read."""
    schema_id = load_schema(SCHEMAS[name])["$id"]
    return validator_class()({"$ref": f"{schema_id}#/$defs/{definition}"}, registry=registry())


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


MESSAGE_CHARS = 300
"""A schema error quotes the value at fault, which may be megabytes long: a line of the report
shows its start and its end."""


def clipped(message: str) -> str:
    if len(message) <= MESSAGE_CHARS:
        return message
    cut = len(message) - MESSAGE_CHARS
    return f"{message[:MESSAGE_CHARS - 60]} … ({cut:,} characters) … {message[-60:]}"


FEW_ERRORS = 20
"""How many of a document's errors are gathered before the rest are only said to exist."""


@dataclass(frozen=True, slots=True)
class SchemaErrors:
    """The first errors found in a document (at most `FEW_ERRORS`), in document order, and
    whether there are more past them (`more`: found before gathering stopped)."""

    errors: list[Any]
    more: bool

    @property
    def first(self) -> Any:
        return self.errors[0]

    def others(self) -> str:
        """How many errors follow the first, in words ("" for none)."""
        count = len(self.errors) - 1
        if count <= 0 and not self.more:
            return ""
        at_least = "at least " if self.more else ""
        return f"{at_least}{count + self.more} more error{'s' if count + self.more != 1 else ''}"


def first_errors(name: str, document: Any, limit: int = FEW_ERRORS) -> SchemaErrors | None:
    """A document's first errors against a schema, or None when it is valid: jsonschema's
    errors are taken as they are found, `limit` of them (and one to know there are more),
    never all of them built at once."""
    if is_valid(name)(document):
        return None
    found = list(islice(validator(name).iter_errors(document), limit + 1))
    if not found:
        return None
    more = len(found) > limit
    kept = sorted(found[:limit], key=lambda error: [(isinstance(part, str), part) for part in error.absolute_path])
    return SchemaErrors(kept, more)


def pointer_of(error: Any) -> str:
    """A jsonschema error's place as a JSON pointer."""
    return "".join(f"/{str(part).replace('~', '~0').replace('/', '~1')}" for part in error.absolute_path)
