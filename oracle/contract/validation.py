"""Validate contract messages against the JSON Schema files in ``oracle/contract/schemas/``.

The schemas are the contract's single written form.  This module checks data
against them with the subset of JSON Schema (2020-12) the files use: ``type``,
``enum``, ``const``, ``required``, ``properties``, ``additionalProperties``,
``items``, ``minItems``, ``maxItems``, ``uniqueItems``, ``minLength``,
``minimum``, ``pattern``, ``oneOf`` and ``$ref`` (within and across files).
A keyword outside that subset is an error, so a schema can't silently go unchecked.

Each schema is compiled once into nested closures that only answer "valid or not"; they
apply exactly the checks of the walk below, in the same order, without building paths or
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
#: Compiled checks by the id of their schema node (the node is kept, so its id stays its own).
_COMPILED: dict[int, tuple[dict[str, Any], Check]] = {}


def compiled(schema: dict[str, Any], file: str) -> Check:
    """The check of one schema node: true exactly when :func:`_check` would find nothing."""
    known = _COMPILED.get(id(schema))
    if known is not None and known[0] is schema:
        return known[1]
    built: list[Check] = []
    _COMPILED[id(schema)] = (schema, lambda value: built[0](value))  # a $ref back to this node
    unknown = schema.keys() - KNOWN
    if unknown:
        del _COMPILED[id(schema)]
        raise ValueError(f"{file}: unsupported schema keyword(s) {sorted(unknown)}")
    built.append(_all(_parts(schema, file)))
    _COMPILED[id(schema)] = (schema, built[0])
    return built[0]


def _all(checks: list[Check]) -> Check:
    if not checks:
        return lambda value: True
    if len(checks) == 1:
        return checks[0]

    def every(value: Any) -> bool:
        for check in checks:
            if not check(value):
                return False
        return True

    return every


def _parts(schema: dict[str, Any], file: str) -> list[Check]:
    """One check per group of keywords, in the order :func:`_check` applies them."""
    parts: list[Check] = []
    if "$ref" in schema:
        target, target_file = _resolve(schema["$ref"], file)
        parts.append(compiled(target, target_file))
    if "type" in schema:
        parts.append(_type_check(schema["type"]))
    if "const" in schema:
        const = schema["const"]
        parts.append(lambda value: not value != const)
    if "enum" in schema:
        enum = schema["enum"]
        parts.append(lambda value: value in enum)
    if "minLength" in schema or "pattern" in schema:
        parts.append(_string_check(schema.get("minLength", 0), schema.get("pattern")))
    if "minimum" in schema:
        minimum = schema["minimum"]
        parts.append(
            lambda value: not (isinstance(value, (int, float)) and not isinstance(value, bool) and value < minimum)
        )
    if {"required", "properties", "additionalProperties"} & schema.keys():
        parts.append(_object_check(schema, file))
    if {"minItems", "maxItems", "uniqueItems", "items"} & schema.keys():
        parts.append(_array_check(schema, file))
    if "oneOf" in schema:
        options = [compiled(option, file) for option in schema["oneOf"]]
        parts.append(lambda value: sum(1 for option in options if option(value)) == 1)
    return parts


def _type_check(declared: str | list[str]) -> Check:
    allowed = declared if isinstance(declared, list) else [declared]
    tests = [_TYPES[t] for t in allowed]
    if len(tests) == 1:
        return tests[0]
    return lambda value: any(test(value) for test in tests)


def _string_check(min_length: int, pattern: str | None) -> Check:
    regex = re.compile(pattern) if pattern is not None else None

    def check(value: Any) -> bool:
        if not isinstance(value, str):
            return True
        return len(value) >= min_length and (regex is None or regex.search(value) is not None)

    return check


def _object_check(schema: dict[str, Any], file: str) -> Check:
    required = list(schema.get("required", []))
    properties = {key: compiled(sub, file) for key, sub in schema.get("properties", {}).items()}
    extra = schema.get("additionalProperties")
    closed = extra is False
    others = compiled(extra, file) if isinstance(extra, dict) else None

    def check(value: Any) -> bool:
        if not isinstance(value, dict):
            return True
        for key in required:
            if key not in value:
                return False
        for key, item in value.items():
            prop = properties.get(key)
            if prop is not None:
                if not prop(item):
                    return False
            elif closed or (others is not None and not others(item)):
                return False
        return True

    return check


def _array_check(schema: dict[str, Any], file: str) -> Check:
    least, most, unique = schema.get("minItems", 0), schema.get("maxItems"), schema.get("uniqueItems")
    each = compiled(schema["items"], file) if "items" in schema else None

    def check(value: Any) -> bool:
        if not isinstance(value, list):
            return True
        if len(value) < least or (most is not None and len(value) > most):
            return False
        if unique and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
            return False
        if each is not None:
            for item in value:
                if not each(item):
                    return False
        return True

    return check
