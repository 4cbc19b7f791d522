"""Validate documents against the bundled JSON Schemas (draft 2020-12)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from referee.export import load_schema

SCHEMAS = {
    "game-record": "game-record.schema.json",
    "check-report": "check-report.schema.json",
    "position": "position.schema.json",
    "rules": "rules.schema.json",
    "perroquets-data": "perroquets-data.schema.json",
    "spanish-main-cards": "spanish-main-cards.schema.json",
}


@lru_cache(maxsize=None)
def _registry() -> Registry:
    resources = [(load_schema(f)["$id"], Resource.from_contents(load_schema(f))) for f in SCHEMAS.values()]
    return Registry().with_resources(resources)


@lru_cache(maxsize=None)
def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(load_schema(SCHEMAS[name]), registry=_registry())


def schema_errors(name: str, document: Any, prefix: str = "$") -> list[str]:
    """Each error as 'JSON path: message', deepest first-found order; `prefix` is
    where the document stands in a larger one."""
    errors = sorted(validator(name).iter_errors(document), key=lambda e: list(e.absolute_path))
    return [f"{prefix}{error.json_path[1:]}: {error.message}" for error in errors]


@lru_cache(maxsize=None)
def part_validator(name: str, definition: str) -> Draft202012Validator:
    """A validator for one definition of a schema (`#/$defs/<definition>`), so the
    parts of a long document can be checked as they are read."""
    schema_id = load_schema(SCHEMAS[name])["$id"]
    return Draft202012Validator({"$ref": f"{schema_id}#/$defs/{definition}"}, registry=_registry())


def part_errors(name: str, definition: str, part: Any, prefix: str) -> list[str]:
    errors = sorted(part_validator(name, definition).iter_errors(part), key=lambda e: list(e.absolute_path))
    return [f"{prefix}{error.json_path[1:]}: {error.message}" for error in errors]


@lru_cache(maxsize=None)
def _game_skeleton_validator() -> Draft202012Validator:
    """The game record's `game` definition without its per-game action schemas: the
    actions are checked one by one, and each distinct action only once."""
    import copy

    schema = copy.deepcopy(load_schema(SCHEMAS["game-record"]))
    game = schema["$defs"]["game"]
    game.pop("allOf", None)
    schema["$defs"]["game"]["properties"]["rounds"] = {"type": "array"}  # rounds and turns: one by one, below
    schema["$defs"]["game"]["properties"]["tags"].pop("items")  # each tag too; the list keeps its `contains`
    schema["$defs"]["game"]["properties"]["verdict"] = {}  # new in every game: checked on its own
    defs = schema["$defs"]

    def inline(node: Any) -> Any:
        """Local references copied in place: looking them up is most of a validator's work."""
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) == 1:
                return inline(copy.deepcopy(defs[ref[len("#/$defs/"):]]))
            return {key: inline(value) for key, value in node.items()}
        if isinstance(node, list):
            return [inline(item) for item in node]
        return node

    schema["$defs"]["game"] = inline(defs["game"])
    schema_id = "urn:referee:schema:game-record-skeleton:1"
    schema["$id"] = schema_id
    registry = _registry().with_resource(schema_id, Resource.from_contents(schema))
    return Draft202012Validator({"$ref": f"{schema_id}#/$defs/game"}, registry=registry)


@lru_cache(maxsize=None)
def _definitions(name: str) -> frozenset[str]:
    """The names a schema defines (`$defs`): asked for every game imported, read once."""
    return frozenset(load_schema(SCHEMAS[name])["$defs"])


_KNOWN_ERRORS: dict[tuple[str, str], tuple[tuple[str, str], ...]] = {}
_KNOWN_LIMIT = 1 << 16


def _errors_once(definition: str, part: Any) -> tuple[tuple[str, str], ...]:
    """A part's errors against one definition (or "skeleton", the game's shape, or
    "verdict", the check report's), each
    distinct part judged once: keyed by its repr, exact for JSON values (1, 1.0, True
    and Decimal("1.5") all differ), and bounded, so a stream of new parts cannot grow it."""
    key = (definition, repr(part))
    known = _KNOWN_ERRORS.get(key)
    if known is None:
        validator = (_game_skeleton_validator() if definition == "skeleton"
                     else part_validator("check-report", "verdict") if definition == "verdict"
                     else part_validator("game-record", definition))
        errors = sorted(validator.iter_errors(part), key=lambda e: list(e.absolute_path))
        known = tuple((error.json_path[1:], error.message) for error in errors)
        if len(_KNOWN_ERRORS) >= _KNOWN_LIMIT:
            _KNOWN_ERRORS.clear()
        _KNOWN_ERRORS[key] = known
    return known


def game_record_errors(game: Any, prefix: str) -> list[str]:
    """What `part_errors("game-record", "game", …)` finds, faster: the game's shape (its
    tags by name only), each tag, round, turn and action against their schemas, a part
    seen before (archives repeat them) judged from memory. A game with any fault is
    validated whole, so the report is the same."""
    kind = game.get("game") if isinstance(game, dict) else None
    tags = game.get("tags") if isinstance(game, dict) else None
    if (not isinstance(kind, str) or f"{kind}-action" not in _definitions("game-record")
            or not isinstance(tags, list) or not all(isinstance(tag, dict) for tag in tags)):
        return part_errors("game-record", "game", game, prefix)
    rounds = game.get("rounds")
    shape = {**game, "tags": [{"name": tag["name"]} if "name" in tag else {} for tag in tags]}
    if isinstance(rounds, list):
        shape["rounds"] = []
    if isinstance(shape.get("source"), str):
        shape["source"] = ""  # any string will do; each game names its own
    found = [f"{prefix}{path}: {message}" for path, message in _errors_once("skeleton", shape)]
    if "verdict" in game:
        found.extend(f"{prefix}.verdict{path}: {message}" for path, message in _errors_once("verdict", game["verdict"]))
    for t, tag in enumerate(tags):
        found.extend(f"{prefix}.tags[{t}]{path}: {message}" for path, message in _errors_once("tag", tag))
    for r, round_ in enumerate(rounds if isinstance(rounds, list) else ()):
        turns = round_.get("turns") if isinstance(round_, dict) else None
        shell = {**round_, "turns": []} if isinstance(turns, list) else round_
        found.extend(f"{prefix}.rounds[{r}]{path}: {message}" for path, message in _errors_once("round", shell))
        for t, turn in enumerate(turns if isinstance(turns, list) else ()):
            where = f"{prefix}.rounds[{r}].turns[{t}]"
            action = turn.get("action") if isinstance(turn, dict) else None
            shell = {**turn, "action": {}} if isinstance(action, dict) else turn
            found.extend(f"{where}{path}: {message}" for path, message in _errors_once("turn", shell))
            if isinstance(action, dict):
                found.extend(f"{where}.action{path}: {message}" for path, message in
                             _errors_once(f"{kind}-action", action))
    # a game at fault is rare: validated whole, its report is exactly what the schema says
    return part_errors("game-record", "game", game, prefix) if found else found
