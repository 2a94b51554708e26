"""The adapter contract: loading engines by spec, and the reference engine's answers."""

from __future__ import annotations

import copy
import sys
import types

import pytest

from oracle import CONTRACT_VERSION, load_engine
from oracle.adapters.reference import ReferenceEngine
from oracle.contract.interface import Engine, accepted, rejected
from oracle.contract.validation import errors
from oracle.errors import EngineLoadError, Rejected

POSITION = {
    "players": [
        {
            "name": "Alice",
            "battlefield": [{"card": "Llanowar Elves", "ref": "elves", "came_under_control_this_turn": True}],
        },
        {"name": "Bob"},
    ],
    "turn": {"number": 2, "active_player": "Alice", "step": "precombat-main"},
}


def test_reference_engine_describes_itself() -> None:
    engine = load_engine("reference")
    assert isinstance(engine, ReferenceEngine)
    assert engine.describe()["contract"] == CONTRACT_VERSION


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "nonsense",
            "expected 'reference', 'phase', 'argentum', 'forge', 'example-js', 'example-py', 'module:Class' or 'cmd:<command line>'",
        ),
        ("no_such_module_xyz:Engine", "cannot import 'no_such_module_xyz'"),
        ("oracle.contract.interface:NoSuchClass", "has no 'NoSuchClass'"),
        ("fake_engines_for_tests:Broken", "constructing it failed: RuntimeError: boom"),
        ("fake_engines_for_tests:Partial", "missing contract method(s) setup, perform, observe"),
    ],
)
def test_bad_engine_specs_are_one_line(spec: str, message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("fake_engines_for_tests")

    class Broken:
        def __init__(self) -> None:
            raise RuntimeError("boom")

    class Partial:
        def describe(self) -> dict[str, object]:
            return {}

    module.Broken = Broken  # type: ignore[attr-defined]
    module.Partial = Partial  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_engines_for_tests", module)
    with pytest.raises(EngineLoadError) as info:
        load_engine(spec)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_outside_engine_by_module_and_class() -> None:
    engine = load_engine("oracle.adapters.reference:ReferenceEngine")
    assert isinstance(engine, Engine)
    engine.close()


def test_rejection_leaves_the_state_unchanged() -> None:
    """CR 302.6: the activation is illegal; nothing about the game changes."""
    engine = ReferenceEngine()
    assert engine.setup(copy.deepcopy(POSITION)) == accepted()
    before = engine.observe()
    outcome = engine.perform({"type": "activate", "player": "Alice", "source": "elves", "ability": 1})
    assert outcome["accepted"] is False and outcome["rejection"]["code"] == "summoning-sickness"
    assert errors(outcome, "outcome.schema.json") == []
    assert engine.observe() == before


def test_observation_matches_the_schema() -> None:
    engine = ReferenceEngine()
    engine.setup(copy.deepcopy(POSITION))
    assert errors(engine.observe(), "observation.schema.json") == []


def test_outcome_helpers_and_codes() -> None:
    assert rejected("timing", "why") == {"accepted": False, "rejection": {"code": "timing", "reason": "why"}}
    with pytest.raises(ValueError):
        Rejected("no-such-code", "x")


def test_each_capability_a_contract_version_introduced_exists_and_is_not_later_than_the_contract() -> None:
    """fixtures/capabilities.toml's [since]: land play, blocking and mana abilities while paying came with 1.3.0."""
    from oracle.registry import _version, capability_since, known_capabilities

    since = capability_since()
    assert since == {"land-play": "1.3.0", "blocking": "1.3.0", "mana-abilities-while-paying": "1.3.0"}
    assert set(since) <= known_capabilities()
    assert all(_version(v) <= _version(CONTRACT_VERSION) for v in since.values())


def test_the_reference_engine_plays_a_land_and_declares_blockers_through_the_contract() -> None:
    """Contract 1.3.0's two actions, validated against action.schema.json, and what the observation shows."""
    engine = load_engine("reference")
    position = {
        "players": [
            {
                "name": "Alice",
                "hand": [{"card": "Forest", "ref": "f"}],
                "battlefield": [{"card": "Hill Giant", "ref": "g"}],
            },
            {"name": "Bob", "battlefield": [{"card": "Grizzly Bears", "ref": "b"}]},
        ],
        "turn": {"number": 3, "active_player": "Alice", "step": "precombat-main"},
    }
    assert engine.setup(position) == accepted()
    play = {"type": "play", "player": "Alice", "card": "f"}
    assert errors(play, "action.schema.json") == [] and engine.perform(play) == accepted()
    for _ in range(4):  # to the declare attackers step
        engine.perform({"type": "pass", "player": engine.observe()["turn"]["priority_player"]})
    assert engine.perform({"type": "declare-attackers", "player": "Alice", "attackers": ["g"]}) == accepted()
    for _ in range(2):
        engine.perform({"type": "pass", "player": engine.observe()["turn"]["priority_player"]})
    block = {"type": "declare-blockers", "player": "Bob", "blockers": [{"blocker": "b", "attacker": "g"}]}
    assert errors(block, "action.schema.json") == [] and engine.perform(block) == accepted()
    observation = engine.observe()
    assert errors(observation, "observation.schema.json") == []
    by_ref = {p["ref"]: p for p in observation["battlefield"]}
    assert (by_ref["g"]["attacking"], by_ref["g"]["blocked"], by_ref["b"]["blocking"]) == ("Bob", True, ["g"])
    assert by_ref["f"]["types"] == ["Land"] and "attacking" not in by_ref["f"]
