"""JSON Schemas (draft 2020-12) turned into Python functions that answer valid or not.

jsonschema walks the schema afresh for every document, which costs more than
reading the game the document holds. Import and the reports check thousands of
games that are nearly always valid, so a schema is translated once into Python
source, one function per definition, that answers yes or no. Only a document it
refuses is walked by jsonschema, whose messages the user reads.

Each keyword translated here behaves as jsonschema's does, bool apart from int
included, and tests hold the two to each other. A schema object with any keyword
not translated here (`unevaluatedProperties`, `uniqueItems`, …) is handed to
jsonschema whole, so a document is never accepted that jsonschema refuses.
"""

from __future__ import annotations

import marshal
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from numbers import Number
from typing import Any

Check = Callable[[Any], bool]
Fallback = Callable[[str, Any], Check]
"""Given a resource's id and one of its schema objects, jsonschema's yes-or-no for it."""

_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "$comment", "title", "description", "default", "examples",
                          "deprecated", "readOnly", "writeOnly", "format"})
"""Keywords that never make a document invalid (`format` asserts nothing unless a format
checker is asked for, and none is)."""

_TYPE_TESTS = {
    "object": "isinstance({0}, dict)",
    "array": "isinstance({0}, list)",
    "string": "isinstance({0}, str)",
    "boolean": "isinstance({0}, bool)",
    "null": "{0} is None",
    "integer": ("(type({0}) is int or isinstance({0}, int) and not isinstance({0}, bool)"
                " or isinstance({0}, float) and {0}.is_integer())"),
    "number": "(isinstance({0}, Number) and not isinstance({0}, bool))",
}

_FAMILIES = {
    "object": ("properties", "required", "additionalProperties", "patternProperties", "propertyNames",
               "minProperties", "maxProperties"),
    "array": ("prefixItems", "items", "minItems", "maxItems", "contains"),
    "string": ("pattern", "minLength", "maxLength"),
    "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"),
}
"""The keywords that look only at one type of value, and pass every other type."""

_GENERAL = {"const": "k_const", "enum": "k_enum", "$ref": "k_ref", "allOf": "k_allOf", "anyOf": "k_anyOf",
            "oneOf": "k_oneOf", "not": "k_not", "if": "k_if"}
"""The keywords that look at any value, and the methods that write them (`then` and
`else` are written with their `if`)."""
_TRANSLATED = frozenset(_GENERAL) | {"type", "then", "else"} | {k for keys in _FAMILIES.values() for k in keys}


def equal(one: Any, two: Any) -> bool:
    """JSON equality as jsonschema judges it: true and 1 differ, 1 and 1.0 do not."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return len(one) == len(two) and all(key in two and equal(value, two[key]) for key, value in one.items())
    if isinstance(one, bool) or isinstance(two, bool):
        return isinstance(one, bool) and isinstance(two, bool) and one == two
    return bool(one == two)


INLINE_DEPTH = 2
"""How many `$ref`s deep a definition is written in place rather than called; a definition
met again inside itself is called, so a recursive one ends."""
KNOWN_STRINGS = 512
"""Strings remembered per pattern: a document names the same players and cards again and
again, and a schema of a hundred patterns holds no more than a few megabytes of them."""


def matched(pattern: re.Pattern[str], known: set[str], text: str) -> bool:
    """`pattern.search`, a short string that matches remembered in `known`."""
    if pattern.search(text) is None:
        return False
    if len(text) <= 64 and len(known) < KNOWN_STRINGS:
        known.add(text)
    return True


KNOWN_VALUES = 4096
"""Valid values remembered per remembered definition (a few hundred bytes each)."""


def remembering(check: Check) -> Check:
    """`check`, answered at once for a value equal to one it found valid before. Values are
    keyed by their marshal bytes in version 2, which writes no back-references, so equal
    bytes are equal values (true and 1 apart, as the schema keeps them)."""
    known: set[bytes] = set()

    def remembered(value: Any) -> bool:
        try:
            key = marshal.dumps(value, 2)
        except ValueError:  # not plain data: nothing to remember it by
            return check(value)
        if key in known:
            return True
        if not check(value):
            return False
        if len(known) < KNOWN_VALUES:
            known.add(key)
        return True

    return remembered


def compile_schema(resources: Mapping[str, Any], resource_id: str, pointer: str, fallback: Fallback,
                   remembered: Collection[tuple[str, str]] = ()) -> Check:
    """The check of the schema at `pointer` (a JSON pointer, "" for the whole) in the
    resource `resource_id`; `resources` holds every schema by its `$id`, for `$ref`.
    A `$ref` to one of the `remembered` definitions (resource id, pointer), whose values
    repeat through a document, is checked once per distinct value (`remembering`)."""
    (check,) = compile_schemas(resources, resource_id, [pointer], fallback, remembered)
    return check


def compile_schemas(resources: Mapping[str, Any], resource_id: str, pointers: Sequence[str], fallback: Fallback,
                    remembered: Collection[tuple[str, str]] = ()) -> list[Check]:
    """`compile_schema` for several pointers of one resource, translated together: the
    definitions they share are written and compiled once."""
    translator = _Translator(resources, fallback, remembered)
    entries = [translator.function_for(resource_id, pointer) for pointer in pointers]
    namespace = translator.finish()
    return [namespace[entry] for entry in entries]


class _Translator:
    """Writes the source: a function for each schema object named by a `$ref` or needed
    as a yes-or-no (an `anyOf` branch, an `if`); the rest inline in its parent."""

    def __init__(self, resources: Mapping[str, Any], fallback: Fallback,
                 remembered: Collection[tuple[str, str]] = ()) -> None:
        self.resources = resources
        self.fallback = fallback
        self.counter = 0
        self.remembered = {key: self.fresh("m") for key in remembered}  # its memo's name in the namespace
        self.namespace: dict[str, Any] = {"Number": Number, "equal": equal, "matched": matched,
                                          "MISSING": object()}
        self.named: dict[tuple[str, str], str] = {}
        self.by_node: dict[int, str] = {}
        self.waiting: list[tuple[str, str, Any]] = []
        self.source: list[str] = []
        self.inlined: list[int] = []  # the definitions being written in place, innermost last
        self.tables: list[tuple[dict[str, Any], dict[str, str]]] = []  # a tagged union's branches by tag

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def constant(self, value: Any) -> str:
        name = self.fresh("c")
        self.namespace[name] = value
        return name

    def function_for(self, resource_id: str, pointer: str) -> str:
        key = (resource_id, pointer)
        if key not in self.named:
            node = _resolve(self.resources[resource_id], pointer)
            self.named[key] = self.function_of(resource_id, node)
        return self.named[key]

    def function_of(self, base: str, node: Any) -> str:
        """The name of the function checking `node` (written once per schema object)."""
        name = self.by_node.get(id(node))
        if name is None:
            name = self.by_node[id(node)] = self.fresh("f")
            self.waiting.append((name, base, node))
        return name

    def finish(self) -> dict[str, Any]:
        while self.waiting:
            name, base, node = self.waiting.pop()
            self.source.append(f"def {name}(v):")
            self.source.extend(self.checks(node, "v", base, 1))
            self.source.append("    return True")
        exec(compile("\n".join(self.source), "<schema>", "exec"), self.namespace)  # noqa: S102 - our own source
        for table, branches in self.tables:
            table.update((tag, self.namespace[name]) for tag, name in branches.items())
        for key, memo in self.remembered.items():
            if key in self.named:
                self.namespace[memo] = remembering(self.namespace[self.named[key]])
        return self.namespace

    def checks(self, node: Any, value: str, base: str, depth: int) -> list[str]:
        """Statements, indented `depth` levels, that return False when `value` breaks `node`."""
        pad = "    " * depth
        if node is True or node == {}:
            return []
        if node is False:
            return [f"{pad}return False"]
        if (not isinstance(node, dict) or not node.keys() <= _TRANSLATED | _ANNOTATIONS
                or "$id" in node and node is not self.resources.get(base)):  # a new base: jsonschema's business
            check = self.constant(self.fallback(base, node))
            return [f"{pad}if not {check}({value}): return False"]
        lines: list[str] = []
        types = node.get("type")
        known = types if isinstance(types, str) else None
        if types is not None:
            wanted = [types] if isinstance(types, str) else list(types)
            test = " or ".join(_TYPE_TESTS[t].format(value) for t in wanted)
            lines.append(f"{pad}if not ({test}): return False")
        for family, keywords in _FAMILIES.items():
            if known is not None and known != family and not (known == "integer" and family == "number"):
                continue  # a value of the one type allowed never meets these keywords
            body: list[str] = []
            for keyword in keywords:
                if keyword in node:
                    body.extend(getattr(self, "k_" + keyword)(node, value, base, depth + 1))
            if not body:
                continue
            if known == family or known == "integer" and family == "number":
                lines.extend(line[4:] for line in body)
            else:
                lines.append(f"{pad}if {_TYPE_TESTS[family].format(value)}:")
                lines.extend(body)
        for keyword, method in _GENERAL.items():
            if keyword in node:
                lines.extend(getattr(self, method)(node, value, base, depth))
        return lines

    # -- objects -------------------------------------------------------------------------

    def k_properties(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        pad = "    " * depth
        lines: list[str] = []
        for name, schema in node["properties"].items():
            item = self.fresh("p")
            body = self.checks(schema, item, base, depth + 1)
            if body:
                lines.append(f"{pad}{item} = {value}.get({name!r}, MISSING)")
                lines.append(f"{pad}if {item} is not MISSING:")
                lines.extend(body)
        return lines

    def k_required(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        names = node["required"]
        if not names:
            return []
        test = " or ".join(f"{name!r} not in {value}" for name in names)
        return [f"{'    ' * depth}if {test}: return False"]

    def k_additionalProperties(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        pad = "    " * depth
        known = self.constant(frozenset(node.get("properties", ())))
        patterns = [self.constant(re.compile(p)) for p in node.get("patternProperties", ())]
        extra = node["additionalProperties"]
        if extra is False and not patterns:
            return [f"{pad}if not {value}.keys() <= {known}: return False"]
        key, item = self.fresh("k"), self.fresh("x")
        outside = f"{key} not in {known}" + "".join(f" and not {p}.search({key})" for p in patterns)
        body = self.checks(extra, item, base, depth + 2)
        if not body:
            return []
        return [f"{pad}for {key}, {item} in {value}.items():", f"{pad}    if {outside}:", *body]

    def k_patternProperties(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        pad = "    " * depth
        lines: list[str] = []
        for pattern, schema in node["patternProperties"].items():
            key, item = self.fresh("k"), self.fresh("x")
            body = self.checks(schema, item, base, depth + 2)
            if body:
                regex = self.constant(re.compile(pattern))
                lines += [f"{pad}for {key}, {item} in {value}.items():", f"{pad}    if {regex}.search({key}):", *body]
        return lines

    def k_propertyNames(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        key = self.fresh("k")
        body = self.checks(node["propertyNames"], key, base, depth + 1)
        return [f"{'    ' * depth}for {key} in {value}:", *body] if body else []

    def k_minProperties(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        return [f"{'    ' * depth}if len({value}) < {node['minProperties']!r}: return False"]

    def k_maxProperties(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        return [f"{'    ' * depth}if len({value}) > {node['maxProperties']!r}: return False"]

    # -- arrays --------------------------------------------------------------------------

    def k_prefixItems(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        pad = "    " * depth
        lines: list[str] = []
        for index, schema in enumerate(node["prefixItems"]):
            item = self.fresh("x")
            body = self.checks(schema, item, base, depth + 1)
            if body:
                lines += [f"{pad}if len({value}) > {index}:", f"{pad}    {item} = {value}[{index}]", *body]
        return lines

    def k_items(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        pad = "    " * depth
        prefix = len(node.get("prefixItems", ()))
        if node["items"] is False:
            return [f"{pad}if len({value}) > {prefix}: return False"]
        item = self.fresh("x")
        body = self.checks(node["items"], item, base, depth + 1)
        if not body:
            return []
        rest = f"{value}[{prefix}:]" if prefix else value
        return [f"{pad}for {item} in {rest}:", *body]

    def k_minItems(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        return [f"{'    ' * depth}if len({value}) < {node['minItems']!r}: return False"]

    def k_maxItems(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        return [f"{'    ' * depth}if len({value}) > {node['maxItems']!r}: return False"]

    def k_contains(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        check = self.function_of(base, node["contains"])
        item = self.fresh("x")
        return [f"{'    ' * depth}if not any({check}({item}) for {item} in {value}): return False"]

    # -- strings and numbers -------------------------------------------------------------

    def k_pattern(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        regex = self.constant(re.compile(node["pattern"]))
        known = self.constant(set())
        return [f"{'    ' * depth}if {value} not in {known} and not matched({regex}, {known}, {value}): return False"]

    def k_minLength(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        return [f"{'    ' * depth}if len({value}) < {node['minLength']!r}: return False"]

    def k_maxLength(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        return [f"{'    ' * depth}if len({value}) > {node['maxLength']!r}: return False"]

    def _bound(self, node: dict[str, Any], keyword: str, value: str, depth: int, breaks: str) -> list[str]:
        limit = self.constant(node[keyword])
        return [f"{'    ' * depth}if {value} {breaks} {limit}: return False"]

    def k_minimum(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        return self._bound(node, "minimum", value, depth, "<")

    def k_maximum(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        return self._bound(node, "maximum", value, depth, ">")

    def k_exclusiveMinimum(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        return self._bound(node, "exclusiveMinimum", value, depth, "<=")

    def k_exclusiveMaximum(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        return self._bound(node, "exclusiveMaximum", value, depth, ">=")

    # -- any value -----------------------------------------------------------------------

    def k_const(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        wanted = node["const"]
        if isinstance(wanted, str):
            return [f"{'    ' * depth}if {value} != {wanted!r}: return False"]
        return [f"{'    ' * depth}if not equal({value}, {self.constant(wanted)}): return False"]

    def k_enum(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        pad = "    " * depth
        choices = node["enum"]
        if choices and all(isinstance(choice, str) for choice in choices):
            names = self.constant(frozenset(choices))
            return [f"{pad}if not (isinstance({value}, str) and {value} in {names}): return False"]
        options = self.constant(tuple(choices))
        item = self.fresh("e")
        return [f"{pad}if not any(equal({value}, {item}) for {item} in {options}): return False"]

    def referred(self, reference: str, base: str) -> tuple[str, str, Any] | None:
        """The resource, pointer and schema object a `$ref` names; None for a reference this
        translation leaves to jsonschema (another document, an anchor)."""
        address, _, fragment = reference.partition("#")
        resource = address or base
        if resource not in self.resources or (fragment and not fragment.startswith("/")):
            return None
        return resource, fragment, _resolve(self.resources[resource], fragment)

    def k_ref(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        found = self.referred(node["$ref"], base)
        if found is None:
            check = self.constant(self.fallback(base, {"$ref": node["$ref"]}))
        else:
            resource, fragment, target = found
            memo = self.remembered.get((resource, fragment))
            if memo is not None:
                self.function_for(resource, fragment)  # wrapped by `finish`
                return [f"{'    ' * depth}if not {memo}({value}): return False"]
            if len(self.inlined) < INLINE_DEPTH and id(target) not in self.inlined:
                self.inlined.append(id(target))  # a short definition is written in place: no call
                try:
                    return self.checks(target, value, resource, depth)
                finally:
                    self.inlined.pop()
            check = self.function_for(resource, fragment)
        return [f"{'    ' * depth}if not {check}({value}): return False"]

    def k_allOf(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        return [line for schema in node["allOf"] for line in self.checks(schema, value, base, depth)]

    def k_anyOf(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        test = " or ".join(f"{self.function_of(base, schema)}({value})" for schema in node["anyOf"])
        return [f"{'    ' * depth}if not ({test}): return False"]

    def k_oneOf(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        pad = "    " * depth
        tagged = self._tagged_union(node["oneOf"], base)
        if tagged is not None:
            key, branches = tagged
            table = self.constant({})
            self.tables.append((self.namespace[table], branches))  # filled once the functions exist
            tag, check = self.fresh("t"), self.fresh("b")
            return [f"{pad}if not isinstance({value}, dict): return False",
                    f"{pad}{tag} = {value}.get({key!r})",
                    f"{pad}{check} = {table}.get({tag}) if isinstance({tag}, str) else None",
                    f"{pad}if {check} is None or not {check}({value}): return False"]
        count = " + ".join(f"{self.function_of(base, schema)}({value})" for schema in node["oneOf"])
        return [f"{pad}if ({count}) != 1: return False"]

    def _tagged_union(self, branches: list[Any], base: str) -> tuple[str, dict[str, str]] | None:
        """When every branch is an object that requires one key to hold a string of its own
        (`kind`: "move", "fire", …), the one branch a value's key names is the only one it
        can meet: oneOf is then that branch alone, found by the key, not every branch tried."""
        resolved = []
        for branch in branches:
            target, target_base = branch, base
            if isinstance(branch, dict) and branch.keys() == {"$ref"}:
                found = self.referred(branch["$ref"], base)
                if found is None:
                    return None
                target_base, _, target = found
            if not isinstance(target, dict) or target.get("type") != "object" or "$id" in target:
                return None
            resolved.append((target, target_base))
        for key in resolved[0][0].get("required", []) if resolved else []:
            tags: dict[str, str] = {}
            for target, target_base in resolved:
                rule = target.get("properties", {}).get(key)
                if (key not in target.get("required", []) or not isinstance(rule, dict)
                        or not isinstance(rule.get("const"), str) or rule["const"] in tags):
                    break
                tags[rule["const"]] = self.function_of(target_base, target)
            else:
                return key, tags
        return None

    def k_not(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        test = _condition(node["not"], value) or f"{self.function_of(base, node['not'])}({value})"
        return [f"{'    ' * depth}if {test}: return False"]

    def k_if(self, node: dict[str, Any], value: str, base: str, depth: int) -> list[str]:
        pad = "    " * depth
        then = self.checks(node.get("then", True), value, base, depth + 1)
        otherwise = self.checks(node.get("else", True), value, base, depth + 1)
        if not then and not otherwise:
            return []
        test = _condition(node["if"], value) or f"{self.function_of(base, node['if'])}({value})"
        lines = [f"{pad}if {test}:", *(then or [f"{pad}    pass"])]
        if otherwise:
            lines += [f"{pad}else:", *otherwise]
        return lines


def _condition(node: Any, value: str) -> str | None:
    """An expression for a schema that only names keys an object must have and the strings
    they may hold (the usual `if` of a tagged object), so that asking costs no call; None
    for any other schema."""
    if not isinstance(node, dict) or not node.keys() <= {"properties", "required"} | _ANNOTATIONS - {"$id"}:
        return None
    parts = [f"{key!r} in {value}" for key in node.get("required", [])]
    for key, rule in node.get("properties", {}).items():
        if not isinstance(rule, dict):
            return None
        if rule.keys() == {"const"} and isinstance(rule["const"], str):
            choices = [rule["const"]]
        elif rule.keys() == {"enum"} and rule["enum"] and all(isinstance(c, str) for c in rule["enum"]):
            choices = rule["enum"]
        else:
            return None
        parts.append(f"{value}.get({key!r}, MISSING) in (MISSING, {', '.join(map(repr, choices))})")
    return f"(not isinstance({value}, dict) or ({' and '.join(parts) or 'True'}))"


def _resolve(document: Any, pointer: str) -> Any:
    """The value a JSON pointer names (RFC 6901)."""
    node = document
    for part in pointer.split("/")[1:] if pointer else ():
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node
