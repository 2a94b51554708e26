"""The reference engine's two shortcuts, checked on every scenario of the suite.

* An action changes the state in place; one that is rejected, or that stops at a player's
  choice, is undone by replaying the actions accepted since a checkpoint (see
  :mod:`oracle.adapters.reference`).  After it the state must be exactly what it was before it,
  events included.
* The layers are applied once for each state of what they read
  (:func:`oracle.engine.characteristics.compute`): every answer must equal the layers applied
  afresh, so what the cache compares covers all the layers read.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.interface import JSON
from oracle.engine import characteristics
from oracle.engine.cards import CardDatabase
from oracle.harness import driver
from oracle.harness.world import World
from oracle.paths import cards_dir
from tests.wrong_engines import patch_everywhere

CARDS = CardDatabase.load(cards_dir())


class Undoing(ReferenceEngine):
    """The reference engine, checking that every action it doesn't complete leaves the state as it was."""

    def __init__(self) -> None:
        super().__init__()
        self.undone = 0

    def perform(self, action: JSON) -> JSON:
        before = copy.deepcopy(self.state)
        result = super().perform(action)
        if not result.get("accepted") or self._pending is not None:
            assert self.state == before, f"{action} changed the state though it was not completed"
            self.undone += 1
        return result


def _play(scenario: driver.Scenario, engine: ReferenceEngine) -> driver.Outcome:
    world = World(engine, CARDS)
    return driver.run(world, scenario.steps)


def test_an_action_not_completed_leaves_the_state_as_it_was() -> None:
    undone = 0
    for scenario in driver.scenarios():
        engine = Undoing()
        outcome = _play(scenario, engine)
        assert outcome.failed_step is None, f"{scenario.id}: {outcome.message}"
        undone += engine.undone
    assert undone >= 50  # not vacuous: the suite's scenarios reject actions and ask questions


def test_the_layers_cached_equal_the_layers_applied_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    original = characteristics.compute
    calls = {"checked": 0}

    def checked(state: Any) -> dict[int, Any]:
        answer = original(state)
        assert answer == characteristics._layered(state), "the cached layers differ from the layers applied now"
        calls["checked"] += 1
        return answer

    patch_everywhere(monkeypatch, characteristics, "compute", checked)
    for scenario in driver.scenarios():
        outcome = _play(scenario, ReferenceEngine())
        assert outcome.failed_step is None, f"{scenario.id}: {outcome.message}"
    assert calls["checked"] > 1000
