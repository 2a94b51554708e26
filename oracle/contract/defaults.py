"""What an observation means where an engine leaves an optional field out.

Every optional field of ``observation.schema.json`` states its default there (the JSON Schema
``default`` keyword, beside a description in words): a player who has not lost the game, no damage
marked (CR 120.3), no subtypes, not attacking, not blocking, attached to nothing. The suite reads an
observation only through :func:`with_defaults`, so a correct engine that omits a field at its default
reads exactly as one that sends it: no Then step sees the difference. The one default no constant can
state is a permanent's ``owner``: absent, its controller (CR 108.3 defines owner; the schema's
description says so).
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

from oracle.contract.validation import load_schema

Schema = dict[str, Any]


@cache
def _observation_schema() -> Schema:
    return load_schema("observation.schema.json")


def _resolved(node: Schema, root: Schema) -> Schema:
    """``node`` with a local ``$ref`` (``#/$defs/...``) followed; other files' refs are leaves."""
    ref = node.get("$ref", "")
    if isinstance(ref, str) and ref.startswith("#/"):
        target: Any = root
        for part in ref[2:].split("/"):
            target = target[part]
        return dict(target)
    return node


def _fill(value: Any, node: Schema, root: Schema, nulls: bool) -> None:
    node = _resolved(node, root)
    if isinstance(value, dict):
        for branch in node.get("oneOf", []):  # the object branch of "null or an object"
            branch = _resolved(branch, root)
            if "properties" in branch:
                node = branch
        for key, sub in node.get("properties", {}).items():
            sub = _resolved(sub, root) if "default" not in sub else sub
            if key not in value and "default" in sub and (nulls or sub["default"] is not None):
                value[key] = copy.deepcopy(sub["default"])
            elif key in value:
                _fill(value[key], sub, root, nulls)
    elif isinstance(value, list) and isinstance(node.get("items"), dict):
        for item in value:
            _fill(item, node["items"], root, nulls)


def with_defaults(observation: dict[str, Any], nulls: bool = True) -> dict[str, Any]:
    """A copy of ``observation`` with every optional field an engine left out set to its default
    (without ``nulls``, only the defaults that are not null: the result still fits the schema)."""
    root = _observation_schema()
    full = copy.deepcopy(observation)
    _fill(full, root, root, nulls)
    for permanent in full.get("battlefield", []):
        if isinstance(permanent, dict) and "owner" not in permanent and "controller" in permanent:
            permanent["owner"] = permanent["controller"]
    return full


def optional_fields() -> dict[str, Any]:
    """Each optional field of the observation, by its path (``battlefield[].damage``), with its
    default: what an engine may leave out. ``owner``'s default is the permanent's controller."""
    root = _observation_schema()
    found: dict[str, Any] = {}

    def walk(node: Schema, path: str) -> None:
        node = _resolved(node, root)
        for branch in node.get("oneOf", []):
            walk(branch, path)
        required = set(node.get("required", []))
        for key, sub in node.get("properties", {}).items():
            if key not in required:
                found[f"{path}.{key}".lstrip(".")] = sub.get("default", "its controller" if key == "owner" else None)
            walk(sub, f"{path}.{key}")
        if isinstance(node.get("items"), dict):
            walk(node["items"], f"{path}[]")

    walk(root, "")
    return found


#: The zones of a player whose order the contract leaves to the engine (the library's is the game's).
FREE_ZONES = ("hand", "graveyard", "exile")
#: A permanent's lists whose order is free.
FREE_LISTS = ("types", "colors", "keywords", "subtypes", "supertypes")


def _key(value: Any) -> str:
    return repr(sorted(value.items())) if isinstance(value, dict) else repr(value)


def in_canonical_order(observation: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``observation`` with every list whose order the contract leaves free sorted: the
    battlefield, each hand, graveyard and exile, a permanent's types, colors, keywords, subtypes and
    supertypes, what it blocks, a question's options and the recipients within each division of
    combat damage (510.1c). Two observations that differ only there are the same game."""
    full = copy.deepcopy(observation)
    for player in full.get("players", []):
        for zone in FREE_ZONES:
            if isinstance(player.get(zone), list):
                player[zone].sort(key=_key)
    for permanent in full.get("battlefield", []):
        for key in (*FREE_LISTS, "blocking"):
            if isinstance(permanent.get(key), list):
                permanent[key].sort(key=_key)
    if isinstance(full.get("battlefield"), list):
        full["battlefield"].sort(key=_key)
    pending = full.get("pending_choice")
    if isinstance(pending, dict) and isinstance(pending.get("options"), list):
        if pending.get("kind") == "combat-damage":
            pending["options"] = ["; ".join(sorted(str(o).split("; "))) for o in pending["options"]]
        pending["options"].sort(key=_key)
    return full
