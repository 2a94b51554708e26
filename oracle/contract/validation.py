"""Validate contract messages against the JSON Schema files in ``oracle/contract/schemas/``.

The schemas are the contract's single written form.  This module checks data
against them with the subset of JSON Schema (2020-12) the files use: ``type``,
``enum``, ``const``, ``required``, ``properties``, ``additionalProperties``,
``items``, ``minItems``, ``maxItems``, ``uniqueItems``, ``minLength``,
``minimum``, ``pattern``, ``oneOf`` and ``$ref`` (within and across files).
A keyword outside that subset is an error, so a schema can't silently go unchecked.

Each schema is compiled once into Python functions, written out as source (one per node
with objects, arrays or options, the tests of its other keywords inline), that only answer
"valid or not"; they apply exactly the checks of the walk below, without building paths or
messages.  Valid data, the common case, costs only that; data that breaks a schema is walked
again to say where and why, so the messages are the walk's own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

SCHEMA_DIR = Path(__file__).parent / "schemas"
KNOWN = {
    "$schema",
    "$id",
    "$defs",
    "title",
    "description",
    "default",
    "type",
    "enum",
    "const",
    "required",
    "properties",
    "additionalProperties",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "minLength",
    "minimum",
    "pattern",
    "oneOf",
    "$ref",
}
_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


@cache
def load_schema(name: str) -> dict[str, Any]:
    """Load ``oracle/contract/schemas/<name>`` (e.g. ``"action.schema.json"``)."""
    return json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))


def _resolve(ref: str, current: str) -> tuple[dict[str, Any], str]:
    file, _, pointer = ref.partition("#")
    file = file or current
    node: Any = load_schema(file)
    for part in [p for p in pointer.split("/") if p]:
        node = node[part]
    return node, file


def errors(instance: Any, schema_name: str) -> list[str]:
    """All the ways ``instance`` breaks the schema, each as ``"$.path: reason"``; empty if valid."""
    schema = load_schema(schema_name)
    if compiled(schema, schema_name)(instance):
        return []
    return explain(instance, schema_name)


def explain(instance: Any, schema_name: str) -> list[str]:
    """:func:`errors` by walking the schema node by node, naming the path of each problem."""
    found: list[str] = []
    _check(instance, load_schema(schema_name), schema_name, "$", found)
    return found


def _check(value: Any, schema: dict[str, Any], file: str, path: str, found: list[str]) -> None:
    unknown = schema.keys() - KNOWN
    if unknown:
        raise ValueError(f"{file}: unsupported schema keyword(s) {sorted(unknown)}")
    if "$ref" in schema:
        target, target_file = _resolve(schema["$ref"], file)
        _check(value, target, target_file, path, found)
    if "type" in schema:
        allowed = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[t](value) for t in allowed):
            found.append(f"{path}: expected {' or '.join(allowed)}, got {json.dumps(value)[:60]}")
            return
    if "const" in schema and value != schema["const"]:
        found.append(f"{path}: expected {json.dumps(schema['const'])}, got {json.dumps(value)[:60]}")
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{path}: {json.dumps(value)[:60]} is not one of {', '.join(map(str, schema['enum']))}")
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            found.append(f"{path}: string is too short")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            found.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and "minimum" in schema
        and value < schema["minimum"]
    ):
        found.append(f"{path}: {value} is less than {schema['minimum']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                found.append(f"{path}: missing required property {key!r}")
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                _check(item, properties[key], file, f"{path}.{key}", found)
            elif schema.get("additionalProperties") is False:
                found.append(f"{path}: unexpected property {key!r}")
            elif isinstance(schema.get("additionalProperties"), dict):
                _check(item, schema["additionalProperties"], file, f"{path}.{key}", found)
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            found.append(f"{path}: needs at least {schema['minItems']} item(s)")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            found.append(f"{path}: allows at most {schema['maxItems']} item(s)")
        if schema.get("uniqueItems") and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
            found.append(f"{path}: items must be unique")
        if "items" in schema:
            for index, item in enumerate(value):
                _check(item, schema["items"], file, f"{path}[{index}]", found)
    if "oneOf" in schema:
        results = []
        for option in schema["oneOf"]:
            sub: list[str] = []
            _check(value, option, file, path, sub)
            results.append(sub)
        passing = sum(1 for r in results if not r)
        if passing != 1:
            best = min(results, key=len) if passing == 0 else []
            detail = f" (closest: {best[0]})" if best else ""
            found.append(f"{path}: matches {passing} of the {len(results)} allowed forms, not exactly one{detail}")


# -- the compiled form: the same checks, answering only "valid or not" ------------------------

Check = Callable[[Any], bool]
#: Each schema node's check, by the id of the node (kept, so that its id stays its own): the
#: name of a function of :data:`_SPACE`, written out as Python source and compiled once.
_COMPILED: dict[int, tuple[dict[str, Any], str]] = {}
#: The namespace the generated functions live in, with the values they test against.
_SPACE: dict[str, Any] = {"_dumps": json.dumps, "_MISSING": object()}
_TYPE_TESTS = {
    "object": "isinstance({v}, dict)",
    "array": "isinstance({v}, list)",
    "string": "isinstance({v}, str)",
    "integer": "(isinstance({v}, int) and not isinstance({v}, bool))",
    "number": "(isinstance({v}, (int, float)) and not isinstance({v}, bool))",
    "boolean": "isinstance({v}, bool)",
    "null": "{v} is None",
}
_CONTAINERS = {
    "required",
    "properties",
    "additionalProperties",
    "minItems",
    "maxItems",
    "uniqueItems",
    "items",
    "oneOf",
}


def compiled(schema: dict[str, Any], file: str) -> Check:
    """The check of one schema node: true exactly when :func:`_check` would find nothing.

    Each node becomes one Python function with its keywords' tests written inline (a property
    whose schema has no objects, arrays or ``oneOf`` of its own is tested in its parent's
    function), so valid data costs a few calls rather than one per keyword per node."""
    check: Check = _SPACE[_name(schema, file)]
    return check


def _name(schema: dict[str, Any], file: str) -> str:
    """The function checking ``schema``, generated (with those it calls) on first use."""
    known = _COMPILED.get(id(schema))
    if known is not None and known[0] is schema:
        return known[1]
    unknown = schema.keys() - KNOWN
    if unknown:
        raise ValueError(f"{file}: unsupported schema keyword(s) {sorted(unknown)}")
    name = f"_node{len(_COMPILED)}"
    _COMPILED[id(schema)] = (schema, name)  # first: a $ref back to this node calls it by name
    try:
        lines = [f"def {name}(v):", *_body(schema, file, "v", 1), "    return True"]
        # The source is written here, from the schema files: nothing an engine sends reaches it.
        exec(compile("\n".join(lines), f"<{file} checks>", "exec"), _SPACE)
    except BaseException:
        del _COMPILED[id(schema)]
        raise
    return name


def _constant(value: Any) -> str:
    """A name in :data:`_SPACE` holding ``value`` (an enum, a pattern, a set of keys...)."""
    name = f"_c{len(_SPACE)}"
    _SPACE[name] = value
    return name


def _simple(schema: dict[str, Any], file: str) -> bool:
    """Whether a node tests only its own value (no objects, arrays or options within it, and a
    ``$ref`` only to a node with none of its own: a chain of references is called, not inlined)."""
    if _CONTAINERS & schema.keys() or schema.keys() - KNOWN:
        return False
    return "$ref" not in schema or "$ref" not in _resolve(schema["$ref"], file)[0]


def _test(schema: dict[str, Any], file: str, v: str) -> str:
    """One expression, true when ``v`` meets ``schema``: inline for a simple node, else a call."""
    if not _simple(schema, file):
        return f"{_name(schema, file)}({v})"
    return " and ".join(_value_tests(schema, file, v)) or "True"


def _value_tests(schema: dict[str, Any], file: str, v: str) -> list[str]:
    """The tests of the keywords about the value itself, in :func:`_check`'s order."""
    tests = []
    if "$ref" in schema:
        target, target_file = _resolve(schema["$ref"], file)
        tests.append(_test(target, target_file, v))
    if "type" in schema:
        declared = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        tests.append("(" + " or ".join(_TYPE_TESTS[t].format(v=v) for t in declared) + ")")
    if "const" in schema:
        tests.append(f"not {v} != {_constant(schema['const'])}")
    if "enum" in schema:
        tests.append(f"{v} in {_constant(schema['enum'])}")
    if "minLength" in schema or "pattern" in schema:
        length = f"len({v}) >= {int(schema.get('minLength', 0))}"
        if "pattern" in schema:
            length += f" and {_constant(re.compile(schema['pattern']))}.search({v}) is not None"
        tests.append(f"(not isinstance({v}, str) or ({length}))")
    if "minimum" in schema:
        number = _TYPE_TESTS["number"].format(v=v)
        tests.append(f"not ({number} and {v} < {_constant(schema['minimum'])})")
    return tests


def _body(schema: dict[str, Any], file: str, v: str, depth: int) -> list[str]:
    """The statements of a node's function: ``return False`` at the first test that fails."""
    pad = "    " * depth
    lines = [f"{pad}if not ({test}):\n{pad}    return False" for test in _value_tests(schema, file, v)]
    if {"required", "properties", "additionalProperties"} & schema.keys():
        lines += _object_lines(schema, file, v, pad)
    if {"minItems", "maxItems", "uniqueItems", "items"} & schema.keys():
        lines += _array_lines(schema, file, v, pad)
    if "oneOf" in schema:
        options = " + ".join(f"bool({_test(option, file, v)})" for option in schema["oneOf"])
        lines.append(f"{pad}if ({options}) != 1:\n{pad}    return False")
    return lines


def _object_lines(schema: dict[str, Any], file: str, v: str, pad: str) -> list[str]:
    properties = schema.get("properties", {})
    extra = schema.get("additionalProperties")
    lines = [f"{pad}if isinstance({v}, dict):"]
    if schema.get("required"):
        lines.append(
            f"{pad}    if not {v}.keys() >= {_constant(frozenset(schema['required']))}:\n{pad}        return False"
        )
    if extra is False:
        lines.append(f"{pad}    if not {v}.keys() <= {_constant(frozenset(properties))}:\n{pad}        return False")
    for key, sub in properties.items():
        lines.append(
            f"{pad}    x = {v}.get({key!r}, _MISSING)\n"
            f"{pad}    if x is not _MISSING and not ({_test(sub, file, 'x')}):\n{pad}        return False"
        )
    if isinstance(extra, dict):
        known = _constant(frozenset(properties))
        lines.append(
            f"{pad}    for k, x in {v}.items():\n"
            f"{pad}        if k not in {known} and not ({_test(extra, file, 'x')}):\n{pad}            return False"
        )
    return lines


def _array_lines(schema: dict[str, Any], file: str, v: str, pad: str) -> list[str]:
    lines = [f"{pad}if isinstance({v}, list):"]
    if schema.get("minItems", 0):
        lines.append(f"{pad}    if len({v}) < {int(schema['minItems'])}:\n{pad}        return False")
    if "maxItems" in schema:
        lines.append(f"{pad}    if len({v}) > {int(schema['maxItems'])}:\n{pad}        return False")
    if schema.get("uniqueItems"):
        lines.append(
            f"{pad}    if len({{_dumps(i, sort_keys=True) for i in {v}}}) != len({v}):\n{pad}        return False"
        )
    if "items" in schema:
        lines.append(
            f"{pad}    for x in {v}:\n{pad}        if not ({_test(schema['items'], file, 'x')}):\n{pad}            return False"
        )
    lines.append(f"{pad}    pass")
    return lines
