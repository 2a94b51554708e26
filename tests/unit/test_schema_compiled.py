"""The compiled schema checks say "valid" exactly when the node-by-node walk finds nothing.

Real messages (a position, actions, outcomes and observations of the reference engine) are
broken in every place they can be, one change at a time: each value replaced by values of
every JSON type (and a tuple, which is not JSON), each key dropped, an unknown key added, a
list item repeated.  For each, both forms of the check must agree.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.contract import validation

POSITION = {
    "players": [
        {
            "name": "Alice",
            "life": 20,
            "mana_pool": {"G": 1},
            "hand": [{"card": "Llanowar Elves", "ref": "elves"}],
            "battlefield": [
                {"card": "Forest", "ref": "forest", "tapped": False, "counters": {"+1/+1": 1}},
                {"card": "Grizzly Bears", "ref": "bears", "came_under_control_this_turn": True},
            ],
        },
        {"name": "Bob", "graveyard": [{"card": "Forest", "ref": "old-forest"}]},
    ],
    "turn": {"number": 2, "active_player": "Alice", "step": "precombat-main"},
}
ACTIONS = [
    {"type": "activate", "player": "Alice", "source": "forest", "ability": 1},
    {"type": "cast", "player": "Alice", "card": "elves", "x": 0, "targets": [], "mana": "{G}"},
    {"type": "pass", "player": "Alice"},
    {"type": "declare-attackers", "player": "Alice", "attackers": ["bears"]},
    {"type": "choose", "player": "Alice", "choice": "G"},
]
REPLACEMENTS: list[Any] = [None, True, 0, -1, 1.5, "", "x", [], [1, 1], {}, {"zz": 1}, ("a",)]


def _messages() -> list[tuple[str, Any]]:
    engine = ReferenceEngine()
    messages: list[tuple[str, Any]] = [("position.schema.json", POSITION)]
    messages.append(("outcome.schema.json", engine.setup(copy.deepcopy(POSITION))))
    messages.append(("observation.schema.json", engine.observe()))
    for action in ACTIONS:
        messages.append(("action.schema.json", action))
        messages.append(("outcome.schema.json", engine.perform(copy.deepcopy(action))))
        messages.append(("observation.schema.json", engine.observe()))
    messages.append(("engine.schema.json", engine.describe()))
    return messages


def _variants(value: Any) -> Iterator[Any]:
    """``value`` broken in one place, every way listed in the module docstring."""
    for replacement in REPLACEMENTS:
        yield copy.deepcopy(replacement)
    if isinstance(value, dict):
        yield {**value, "zz": 1}
        for key in value:
            yield {k: v for k, v in value.items() if k != key}
            for broken in _variants(value[key]):
                yield {**value, key: broken}
    if isinstance(value, list):
        if value:
            yield [*value, value[0]]
            yield tuple(value)
        for index, item in enumerate(value):
            for broken in _variants(item):
                yield [*value[:index], broken, *value[index + 1 :]]


@pytest.mark.parametrize(("schema", "message"), _messages())
def test_compiled_check_agrees_with_the_walk(schema: str, message: Any) -> None:
    check = validation.compiled(validation.load_schema(schema), schema)
    assert check(message) and validation.explain(message, schema) == []
    disagreements = []
    count = 0
    for variant in _variants(message):
        count += 1
        walked = validation.explain(variant, schema)
        if check(variant) != (not walked):
            disagreements.append((variant, walked))
    assert count > 20
    assert not disagreements, disagreements[:3]


def test_errors_on_a_broken_message_are_the_walks() -> None:
    action = {"type": "cast", "player": "Alice", "card": "x", "x": -1}
    assert validation.errors(action, "action.schema.json") == validation.explain(action, "action.schema.json")
    assert validation.errors(action, "action.schema.json")
