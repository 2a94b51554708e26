"""What of an engine's answer the contract defines and the suite observes: what replay compares.

An answer to ``setup`` or ``perform`` follows ``outcome.schema.json``, one to ``observe``
``observation.schema.json``.  :func:`contract_view` keeps of it only what its schema defines (an
engine's own extra fields are not the contract's), and leaves out what the contract leaves free
and no step reads: the words of a rejection's ``reason`` and of a question's ``prompt``, the
``text`` of a stack item, the ``events`` (their wording is each engine's) and the ``contract``
version string.  Amounts of mana (106.1b: "types with no mana may be left out") and counters are
zero where absent.

:func:`differences` then lists every place two views differ, as ``$.path: was X, is Y``.  An
observation is compared with its defaults filled in and its free orders sorted
(:mod:`oracle.contract.defaults`): a field left out at its default (``lost`` false, ``damage`` 0) or
a list in another free order (a question's options, the battlefield) is no difference, while
``lost`` true against a field left out is.
"""

from __future__ import annotations

import json
from typing import Any

from oracle.contract.validation import compiled, load_schema

__all__ = ["contract_view", "differences", "schema_of"]

#: Fields whose words the contract leaves to each engine and the suite never reads.
FREE = frozenset({"reason", "prompt", "text", "events", "contract"})
#: Objects whose absent keys mean zero (a mana pool, 106.1b; counters on a permanent, 122.1).
ZERO_WHEN_ABSENT = ("mana_pool", "counters")
#: Lines past this many for one answer are counted, not listed.
LIMIT = 50


def schema_of(op: str) -> str:
    """The schema an answer to ``op`` follows."""
    return "observation.schema.json" if op == "observe" else "outcome.schema.json"


def contract_view(answer: Any, schema_name: str) -> Any:
    """``answer`` reduced to what its schema defines and the suite observes (module docstring)."""
    return _view(answer, load_schema(schema_name), schema_name)


def _view(value: Any, schema: dict[str, Any], file: str) -> Any:
    if "$ref" in schema:
        ref_file, _, pointer = schema["$ref"].partition("#")
        file = ref_file or file
        node: Any = load_schema(file)
        for part in [p for p in pointer.split("/") if p]:
            node = node[part]
        return _view(value, node, file)
    if "oneOf" in schema:
        branch = next((b for b in schema["oneOf"] if compiled(b, file)(value)), None)
        return value if branch is None else _view(value, branch, file)
    if isinstance(value, dict):
        defined = schema.get("properties", {})
        others = schema.get("additionalProperties")
        view = {}
        for key, item in value.items():
            if key in FREE:
                continue
            if key in defined:
                view[key] = _view(item, defined[key], file)
            elif isinstance(others, dict):
                view[key] = _view(item, others, file)
        return view
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [_view(item, schema["items"], file) for item in value]
    return value


def differences(before: Any, after: Any, where: str = "$", absent_is_null: bool = False) -> list[str]:
    """Every place two views differ, in order, as ``$.path: was X, is Y``; empty when they agree.
    With ``absent_is_null`` (observations whose other defaults are filled in) a field left out on
    one side is compared as null, its default; else it is no difference."""
    found: list[str] = []
    _compare(before, after, where, found, absent_is_null)
    if len(found) > LIMIT:
        found[LIMIT:] = [f"... and {len(found) - LIMIT} more differences"]
    return found


def _compare(before: Any, after: Any, where: str, found: list[str], absent_is_null: bool) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        zero = where.rsplit(".", 1)[-1] in ZERO_WHEN_ABSENT
        for key in sorted(set(before) | set(after), key=str):
            if zero:
                _compare(before.get(key, 0), after.get(key, 0), f"{where}.{key}", found, absent_is_null)
            elif absent_is_null or (key in before and key in after):  # else left out on one side: no difference
                _compare(before.get(key), after.get(key), f"{where}.{key}", found, absent_is_null)
        return
    if isinstance(before, list) and isinstance(after, list):
        for index, (old, new) in enumerate(zip(before, after)):  # noqa: B905 - lengths compared below
            _compare(old, new, f"{where}[{index}]", found, absent_is_null)
        if len(before) != len(after):
            found.append(f"{where}: had {len(before)} item(s), has {len(after)}")
        return
    if before == after and type(before) is type(after):
        return
    found.append(f"{where}: was {json.dumps(before)[:120]}, is {json.dumps(after)[:120]}")
