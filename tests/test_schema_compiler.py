"""The translated schemas answer exactly as jsonschema does: on what the tool writes,
on every kind of damage done to it, and keyword by keyword on small schemas."""

from __future__ import annotations

import copy
import json
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from referee.games import GAMES
from referee.schema_compiler import compile_schema, equal, remembering
from referee.validation import SCHEMAS, is_valid, validator

from .conftest import sample_files

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


@lru_cache(maxsize=None)
def written(kind: str, game: str) -> Any:
    """What the tool writes about a game's samples: an export, a check report, a position."""
    from click.testing import CliRunner

    from referee.cli import cli

    paths = [str(p) for p in sample_files("legal", game) + sample_files("illegal", game)]
    runner = CliRunner()
    if kind == "game-record":
        result = runner.invoke(cli, ["export", *paths])
    elif kind == "check-report":
        result = runner.invoke(cli, ["check", "--format", "json", *paths])
    else:
        result = runner.invoke(cli, ["show", paths[0], "--format", "json"])
    assert result.output, result
    return json.loads(result.output)


DOCUMENTS = [(kind, game) for kind in ("game-record", "check-report", "position") for game in sorted(GAMES)]


def both(name: str, document: Any) -> tuple[bool, bool]:
    return is_valid(name)(document), validator(name).is_valid(document)


@pytest.mark.parametrize(("kind", "game"), DOCUMENTS)
def test_what_the_tool_writes_is_valid_both_ways(kind, game):
    document = written(kind, game)
    assert both(kind, document) == (True, True)


def test_every_definition_translates_and_accepts_what_jsonschema_accepts():
    document = written("game-record", "korsar")
    game = document["games"][0]
    assert is_valid("game-record", "game")(game) is validator("game-record").evolve(
        schema={"$ref": "urn:referee:schema:game-record:1#/$defs/game"}).is_valid(game) is True
    for name in SCHEMAS:
        assert callable(is_valid(name))


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 1 << 40) | st.sampled_from([0, 1, 1.0, 2.5, -1, Decimal("1"),
                                                                             Decimal("1.5"), True, False])
    | st.text(max_size=6) | st.sampled_from(["", "A", "korsar", "play", "draw", "legal", "Game", "x" * 300]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


def _places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _places(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _places(value, path + (index,))
    return found


def _one_of(draw: Any, document: Any, key: str) -> dict[str, Any]:
    """One member of a document's long list, so each example stays small."""
    items = document.get(key)
    return {key: [draw(st.sampled_from(items))]} if isinstance(items, list) and items else {}


@st.composite
def damaged(draw: Any) -> tuple[str, Any]:
    """A document the tool wrote (one game or file of it), with one to three places
    changed, removed or added to."""
    kind, game = draw(st.sampled_from(DOCUMENTS))
    whole = written(kind, game)
    document = copy.deepcopy({**whole, **_one_of(draw, whole, "games"), **_one_of(draw, whole, "files")})
    for _ in range(draw(st.integers(1, 3))):
        places = _places(document)
        path = draw(st.sampled_from(places))
        if not path:
            continue
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        action = draw(st.sampled_from(["replace", "remove", "add", "retype"]))
        if action == "replace":
            parent[last] = draw(VALUES)
        elif action == "remove":
            del parent[last]
        elif action == "add" and isinstance(parent[last], dict):
            parent[last][draw(st.text(max_size=8))] = draw(VALUES)
        elif action == "add" and isinstance(parent[last], list):
            parent[last].append(draw(VALUES))
        else:
            value = parent[last]
            swaps = {True: 1, False: 0, 1: True, 0: False}
            if isinstance(value, (bool, int)) and value in swaps:
                parent[last] = swaps[value]
            elif isinstance(value, int):
                parent[last] = draw(st.sampled_from([float(value), Decimal(value), str(value)]))
            elif isinstance(value, str):
                parent[last] = draw(st.sampled_from([value + "!", value.upper(), value[:1], [value]]))
    return kind, document


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_documents_are_judged_as_jsonschema_judges_them(case):
    kind, document = case
    quick, reference = both(kind, document)
    assert quick == reference


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([("game-record", g) for g in sorted(GAMES)]), st.data())
def test_damaged_games_are_judged_alike_one_by_one(source, data):
    """Import checks each game of a document on its own, against the `game` definition."""
    document = written(*source)
    game = copy.deepcopy(data.draw(st.sampled_from(document["games"])))
    turns = [turn for round_ in game["rounds"] for turn in round_["turns"]]
    if turns:
        turn = data.draw(st.sampled_from(turns))
        key = data.draw(st.sampled_from(sorted(turn["action"]) or ["kind"]))
        turn["action"][key] = data.draw(VALUES)
    reference = validator("game-record").evolve(schema={"$ref": "urn:referee:schema:game-record:1#/$defs/game"})
    assert is_valid("game-record", "game")(game) == reference.is_valid(game)


# -- keyword by keyword ---------------------------------------------------------------------------

def small(schema: dict[str, Any]) -> tuple[Any, Draft202012Validator]:
    schema = {"$id": "urn:test", **schema}
    reference = Draft202012Validator(schema)
    check = compile_schema({"urn:test": schema}, "urn:test", "", lambda base, node: reference.evolve(schema=node).is_valid)
    return check, reference


CASES: list[tuple[dict[str, Any], list[Any]]] = [
    ({"type": "integer"}, [1, 1.0, 1.5, True, Decimal("1"), "1", None]),
    ({"type": "number", "minimum": 1, "exclusiveMaximum": 3}, [0, 1, 2.9, 3, True, Decimal("2.5"), "2"]),
    ({"type": ["string", "null"], "minLength": 2, "pattern": "^a"}, ["ab", "a", "ba", None, 3]),
    ({"const": 1}, [1, 1.0, True, "1", Decimal("1")]),
    ({"const": False}, [False, 0, None]),
    ({"const": [1, {"a": True}]}, [[1, {"a": True}], [True, {"a": 1}], [1.0, {"a": True}]]),
    ({"enum": ["a", 1, None]}, ["a", 1, True, None, "b", 1.0]),
    ({"enum": ["a", "b"]}, ["a", "c", 1, ["a"]]),
    ({"properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False},
     [{"a": "x"}, {"a": 1}, {}, {"a": "x", "b": 1}, [], "a"]),
    ({"patternProperties": {"^[0-9]$": {"type": "integer"}}, "additionalProperties": {"type": "string"}},
     [{"1": 1, "x": "y"}, {"1": "1"}, {"x": 1}, {"12": "a"}]),
    ({"propertyNames": {"pattern": "^[a-z]+$"}, "minProperties": 1, "maxProperties": 2},
     [{"a": 1}, {}, {"A": 1}, {"a": 1, "b": 2, "c": 3}]),
    ({"prefixItems": [{"type": "string"}, {"type": "integer"}], "items": False, "minItems": 1},
     [["a"], ["a", 1], ["a", 1, 2], [], [1], "x"]),
    ({"prefixItems": [{"const": 0}], "items": {"type": "string"}, "maxItems": 3}, [[0, "a"], [0, 1], [0, "a", "b", "c"]]),
    ({"contains": {"const": "G"}}, [["G"], ["a", "G"], [], ["a"], "G"]),
    ({"oneOf": [{"type": "integer"}, {"minimum": 2}]}, [1, 3, 2.5, "x"]),
    ({"anyOf": [{"type": "string"}, {"type": "null"}]}, ["a", None, 1]),
    ({"not": {"required": ["x"]}}, [{"x": 1}, {"y": 1}, 3]),
    ({"if": {"properties": {"k": {"const": "p"}}}, "then": {"required": ["t"]}, "else": {"not": {"required": ["t"]}}},
     [{"k": "p", "t": 1}, {"k": "p"}, {"k": "d"}, {"k": "d", "t": 1}, 5]),
    ({"then": {"required": ["t"]}}, [{}, 1]),
    ({"$defs": {"n": {"type": "integer", "minimum": 0}}, "items": {"$ref": "#/$defs/n"}}, [[0, 1], [-1], [1.5]]),
    ({"$defs": {"tree": {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/tree"}}},
                         "additionalProperties": False}}, "$ref": "#/$defs/tree"},
     [{"kids": [{"kids": []}]}, {"kids": [{"x": 1}]}, {"kids": [{"kids": [3]}]}]),
    ({"items": {"type": "string", "pattern": "^a"}}, [["ab", "ab", "b", "b"], ["b", "ab"], ["ab", "ab", "a"]]),
    ({"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/c"}, "c": {"type": "integer", "minimum": 1}},
      "items": {"$ref": "#/$defs/a"}}, [[1, 2], [0], ["1"]]),
    ({"$defs": {"odd": {"type": "array", "items": {"$ref": "#/$defs/even"}},
                "even": {"type": "array", "items": {"$ref": "#/$defs/odd"}, "minItems": 1}}, "$ref": "#/$defs/odd"},
     [[], [[[]]], [[]], [[[[]]]], [[[], 1]]]),
    ({"oneOf": [{"type": "object", "properties": {"k": {"const": "a"}, "x": {"type": "integer"}}, "required": ["k", "x"]},
                {"type": "object", "properties": {"k": {"const": "b"}}, "required": ["k"], "additionalProperties": False}]},
     [{"k": "a", "x": 1}, {"k": "a"}, {"k": "b"}, {"k": "b", "x": 1}, {"k": "c"}, {"k": 1}, {}, "a", [], {"k": ["a"]}]),
    ({"$defs": {"a": {"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"]},
                "b": {"type": "object", "properties": {"k": {"const": "b"}, "n": {"minimum": 2}}, "required": ["n", "k"]}},
      "oneOf": [{"$ref": "#/$defs/a"}, {"$ref": "#/$defs/b"}]},
     [{"k": "a"}, {"k": "b", "n": 3}, {"k": "b", "n": 1}, {"k": "b"}, {"n": 3}, None]),
    ({"oneOf": [{"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"]},
                {"type": "object", "properties": {"k": {"const": "a"}, "x": {"type": "integer"}}, "required": ["k"]}]},
     [{"k": "a"}, {"k": "a", "x": 1}, {"k": "a", "x": "s"}, {"k": "b"}]),
    ({"oneOf": [{"properties": {"k": {"const": "a"}}, "required": ["k"]},
                {"type": "object", "properties": {"k": {"const": "b"}}, "required": ["k"]}]},
     [{"k": "a"}, {"k": "b"}, 3, "x", {}]),
    ({"if": {"properties": {"k": {"enum": ["a", "b"]}, "m": {"const": "z"}}, "required": ["k"]},
      "then": {"required": ["t"]}, "else": {"not": {"required": ["u"]}}},
     [{"k": "a", "t": 1}, {"k": "a"}, {"k": "c", "u": 1}, {"k": "c"}, {"k": "b", "m": "y", "u": 1}, {"m": "z"},
      {"u": 1}, {"k": ["a"]}, 4, {"k": "a", "m": "z", "t": 0}, {"k": True, "u": 1}]),
    ({"not": {"properties": {"k": {"const": "a"}}}}, [{"k": "a"}, {"k": "b"}, {}, 1, {"k": ["a"]}]),
    ({"uniqueItems": True, "items": {"type": "integer"}}, [[1, 2], [1, 1], [1, True], [1, 1.0]]),
    ({"properties": {"a": {"const": 1}}, "unevaluatedProperties": False}, [{"a": 1}, {"a": 1, "b": 2}]),
    (True, [1, None]),
    (False, [1, None]),
]


@pytest.mark.parametrize(("schema", "values"), CASES, ids=[json.dumps(s, default=str)[:40] for s, _ in CASES])
def test_each_keyword_answers_as_jsonschema_does(schema, values):
    if isinstance(schema, bool):
        check = compile_schema({"urn:test": {"$defs": {"b": schema}}}, "urn:test", "/$defs/b", lambda b, n: None)
        assert [check(v) for v in values] == [schema] * len(values)
        return
    check, reference = small(schema)
    assert [check(value) for value in values] == [reference.is_valid(value) for value in values]


@given(VALUES, VALUES)
def test_equality_is_jsonschemas(one, two):
    from jsonschema._utils import equal as reference

    assert equal(one, two) == reference(one, two)


def test_a_remembered_definition_is_asked_once_per_distinct_value():
    asked = []

    def check(value):
        asked.append(value)
        return isinstance(value, dict) and value.get("n") == 1 and type(value.get("n")) is int

    remembered = remembering(check)
    assert remembered({"n": 1}) and remembered({"n": 1}) and len(asked) == 1  # equal: answered at once
    assert not remembered({"n": True}) and not remembered({"n": 1.0})  # equal to 1 in Python, not as data
    assert not remembered({"n": 2}) and not remembered({"n": 2}) and len(asked) == 5  # a refusal is asked again
    assert not remembered({"n": Decimal("1.5")}) and len(asked) == 6  # no marshal bytes: asked each time
    assert remembered({"n": 1}) and len(asked) == 6


def test_actions_are_remembered_where_the_schema_refers_to_them():
    """The game-record schema checks each distinct action once, and still refuses a broken one."""
    document = written("game-record", "korsar")
    game = document["games"][0]
    check = is_valid("game-record", "game")
    assert check(game) and check(copy.deepcopy(game))
    broken = copy.deepcopy(game)
    turn = next(turn for round_ in broken["rounds"] for turn in round_["turns"])
    turn["action"]["kind"] = "nonsense"
    assert not check(broken)
