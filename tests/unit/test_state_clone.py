"""GameState.clone: the reference engine's checkpoint, from which a rejected action is undone (by
replaying the actions accepted since), so that it leaves the game as it was; tests/unit/
test_engine_undo.py checks that on every action of the suite's scenarios not completed.

The copy must equal the original and share nothing that can change with it, but for the event
log's records: each is written once and never changed (``GameBase.log``), so clones share them,
and an observation hands out copies of them, which a reader may change freely.  The sample
state gives every field of every class of the state a value other than its default, so a
field added later is covered (or this test says which one the sample lacks).
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from typing import Any

from oracle.adapters.reference import ReferenceEngine
from oracle.engine.cards import shared_database
from oracle.engine.characteristics import characteristics
from oracle.engine.mana import ManaPool
from oracle.engine.state import ContinuousEffect, GameObject, GameState, Player, StackItem
from oracle.paths import cards_dir

ATOMS = (str, int, float, bool, type(None))


def sample() -> GameState:
    cards = shared_database(cards_dir())
    forest, clone = cards["Forest"], cards["Clone"]
    ability = forest.abilities[0] if forest.abilities else clone.abilities[0]
    state = GameState(players=[Player("Alice"), Player("Bob")])
    alice = state.players[0]
    alice.life, alice.pool = 7, ManaPool(Counter(G=2))
    alice.library, alice.hand, alice.graveyard = [4], [5], [6]
    alice.spells_cast_this_turn, alice.drew_from_empty_library, alice.has_lost = 1, True, True
    alice.lands_played_this_turn = 1
    land = GameObject(1, forest, "Alice", "Alice", "battlefield", ref="f", tapped=True, timestamp=3)
    land.counters, land.damage, land.is_token, land.controlled_since_turn_start = Counter(p=1), 2, True, False
    land.chosen, land.x, land.targets, land.attacking = {"color": "G"}, 3, [2], True
    land.blocked, land.blocking, land.deathtouch_damage = True, [2], True
    land.copy_face, land.attached_to, land.paid, land.created_by = clone.face(), 2, ("kicker",), 2
    other = GameObject(2, clone, "Bob", "Bob", "battlefield")
    state.objects = {1: land, 2: other, 4: GameObject(4, forest, "Alice", "Alice", "library")}
    state.objects[5] = GameObject(5, forest, "Alice", "Alice", "hand")
    state.objects[6] = GameObject(6, forest, "Alice", "Alice", "graveyard")
    state.objects[7] = GameObject(7, forest, "Bob", "Bob", "exile")
    state.battlefield, state.exile = [1, 2], [7]
    info = {"characteristics": characteristics(state, land), "counters": {"p": 1}, "event": {"object": 1}}
    item = StackItem(8, "triggered", "Alice", 1, ability, info, [2], "Bob")
    state.stack, state.pending_triggers = [item], [copy.deepcopy(item)]
    state.turn, state.active, state.step, state.priority, state.passes = 3, "Alice", "end", "Bob", 1
    state.next_id, state.next_timestamp, state.winner, state.awaiting_attackers = 9, 4, "Bob", True
    state.awaiting_blockers, state.first_strikers, state.second_damage_step = True, [1], True
    state.attackers_declared = state.cleanup_again = True
    state.events = [{"type": "spell-cast", "paid": ["kicker"]}]
    state.effects = [ContinuousEffect("7c", [1], {"modify": [1, 1], "abilities": [ability]}, 2, False)]
    state.delayed = [("end", "Alice", 1)]
    return state


def _instances(value: Any) -> list[Any]:
    """Every dataclass instance of the state module reachable from ``value``."""
    found: list[Any] = []
    if isinstance(value, (GameState, Player, GameObject, StackItem, ContinuousEffect, ManaPool)):
        found.append(value)
        for f in dataclasses.fields(value):
            found += _instances(getattr(value, f.name))
    elif isinstance(value, dict):
        for item in value.values():
            found += _instances(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            found += _instances(item)
    return found


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def test_the_sample_gives_every_field_a_value_of_its_own() -> None:
    instances = _instances(sample())
    for kind in (GameState, Player, GameObject, StackItem, ContinuousEffect, ManaPool):
        mine = [i for i in instances if type(i) is kind]
        for f in dataclasses.fields(kind):
            default = _default(f)
            assert any(getattr(i, f.name) != default for i in mine), f"give {kind.__name__}.{f.name} a value"


def _shares(original: Any, copied: Any, path: str) -> list[str]:
    """Paths at which the copy holds the very same changeable object as the original."""
    if isinstance(original, ATOMS):
        return []
    frozen = dataclasses.is_dataclass(original) and type(original).__dataclass_params__.frozen  # type: ignore[attr-defined]
    if frozen or (isinstance(original, tuple) and all(isinstance(v, ATOMS) for v in original)):
        return []  # immutable: cards, faces, abilities, mana costs
    if original is copied:
        return [path]
    if dataclasses.is_dataclass(original):
        pairs = [(getattr(original, f.name), getattr(copied, f.name), f.name) for f in dataclasses.fields(original)]
    elif isinstance(original, dict):
        pairs = [(v, copied[k], repr(k)) for k, v in original.items()]
    elif isinstance(original, (list, tuple)):
        pairs = [(v, copied[i], str(i)) for i, v in enumerate(original)]
    else:
        raise AssertionError(f"{path}: unexpected {type(original).__name__} in the state")
    return [shared for a, b, name in pairs for shared in _shares(a, b, f"{path}.{name}")]


def test_a_clone_equals_the_state_and_shares_nothing_that_changes() -> None:
    state = sample()
    clone = state.clone()
    assert clone == state
    assert clone.events is not state.events
    records = [f"state.events.{i}" for i in range(len(state.events))]  # written once, never changed
    assert [path for path in _shares(state, clone, "state") if not path.startswith(tuple(records))] == []


def test_an_observation_hands_out_copies_of_the_event_records() -> None:
    """What a reader does with an observation's events never reaches the log the engine keeps."""
    engine = ReferenceEngine()
    engine.state = sample()
    seen = engine.observe()["events"]
    seen[0]["paid"].append("buyback")
    seen[0]["type"] = "changed"
    assert engine.observe()["events"] == [{"type": "spell-cast", "paid": ["kicker"]}]


def test_changing_the_clone_leaves_the_state_as_it_was() -> None:
    state = sample()
    before = copy.deepcopy(state)
    clone = state.clone()
    clone.players[0].pool.mana["G"] += 1
    clone.objects[1].counters["p"] += 1
    clone.stack[0].source_info["event"]["object"] = 2
    clone.effects[0].change["modify"][0] = 5
    clone.stack[0].source_info["characteristics"].keywords.append("flying")
    clone.events.append({"type": "priority-passed"})
    assert state == before
