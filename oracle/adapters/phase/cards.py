"""phase.rs's card database, built offline from the suite's own card fixtures.

Each fixture's engine-neutral record (the one ``mtg-conformance cards`` exports) becomes the
MTGJSON ``AtomicCard``-shaped dict that ``phase.build_oracle_face`` reads; a card phase does not understand (an unimplemented effect, an unknown trigger mode, a
parse warning) is recorded as unsupported, with the reason.
"""

from __future__ import annotations

import importlib.metadata
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from oracle.contract.cards import card_records
from oracle.contract.interface import JSON
from oracle.engine.cards import shared_database


def atomic_card(record: JSON) -> JSON:
    """A card's engine-neutral record (:func:`oracle.contract.cards.card_record`, MTGJSON's field
    names) as the ``AtomicCard``-shaped dict ``phase.build_oracle_face`` reads: the same fields,
    with a null ``manaCost`` for a card without one and the few fields phase also wants."""
    colors = list(record["colors"])
    return {
        **record,
        "manaCost": record.get("manaCost"),
        "layout": "normal",
        "colorIdentity": colors,
        "identifiers": {},
    }


def not_understood(face: JSON) -> str | None:
    """What phase did not understand in a parsed face, or None when it parsed cleanly."""
    warnings = face.get("parse_warnings") or []
    if warnings:
        first = warnings[0]
        return f"parse warning {first.get('type', '?')} on {first.get('description', '?')!r}"
    for node in _nodes(face):
        if node.get("type") == "Unimplemented":
            return f"unimplemented {node.get('name', 'effect')}: {node.get('description', '?')}"
        if "Unknown" in node:
            return f"unknown trigger mode {node['Unknown']!r}"
    return None


def _nodes(value: Any) -> Iterator[JSON]:
    """Every dict nested anywhere in ``value``."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _nodes(item)
    elif isinstance(value, list):
        for item in value:
            yield from _nodes(item)


@cache
def load_library(folder: Path) -> tuple[Any, dict[str, str]]:
    """phase's engine loaded with every fixture card, and why each unsupported card is so."""
    import phase

    faces: dict[str, JSON] = {}
    unsupported: dict[str, str] = {}
    for name, record in card_records(folder).items():
        face = phase.build_oracle_face(atomic_card(record), None)
        faces[name.lower()] = face
        problem = not_understood(face)
        if problem:
            unsupported[name] = problem
    return phase.Engine.from_json(json.dumps(faces)), unsupported


@cache
def filler_land(folder: Path) -> str:
    """A basic land with no basic land type (so no colored mana) to fill decks with."""
    for card in shared_database(folder).cards.values():
        parsed = card.types
        if parsed.supertypes == ("Basic",) and parsed.types == ("Land",) and not parsed.subtypes:
            return card.name
    raise LookupError("no colorless basic land among the card fixtures to fill decks with")


def phase_version() -> str:
    """The installed phase-python version."""
    return importlib.metadata.version("phase-python")
