"""Validate contract messages against the JSON Schema files in ``oracle/contract/schemas/``.

The schemas are the contract's single written form.  This module checks data
against them with the subset of JSON Schema (2020-12) the files use: ``type``,
``enum``, ``const``, ``required``, ``properties``, ``additionalProperties``,
``items``, ``minItems``, ``maxItems``, ``uniqueItems``, ``minLength``,
``minimum``, ``pattern``, ``oneOf`` and ``$ref`` (within and across files).
A keyword outside that subset is an error, so a schema can't silently go unchecked.
"""

from __future__ import annotations

import json
import re
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
