"""mtg-conformance explore plays whole turns: lands played (305.1), costs paid by tapping lands as
they are paid (601.2g), attackers and blockers declared (508.1, 509.1) and combat damage divided
(510.1c), each attempt in the words of a step of the suite that sends the very same action; and
its explorations reach blocks and combat damage, on the reference engine (finding nothing) and on
a wrong engine of combat (finding it)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.steps import step_function_context_registry

import oracle.harness.steps.combat_steps
import oracle.harness.steps.given
import oracle.harness.steps.then
import oracle.harness.steps.then_questions
import oracle.harness.steps.then_zones
import oracle.harness.steps.when  # noqa: F401  (registers the steps)
from oracle.adapters.reference import ReferenceEngine
from oracle.engine.cards import CardDatabase
from oracle.harness.steps import STEP_MODULES
from oracle.harness.world import World
from oracle.paths import cards_dir
from oracle.suite.explore.cards import load_pool
from oracle.suite.explore.combat import division_words, named, parse_division
from oracle.suite.explore.facts import facts_of
from oracle.suite.explore.freedoms import division_left_to_the_engine, no_blockers_declared_by_the_engine
from oracle.suite.explore.moves import Move, moves
from oracle.suite.explore.naming import answer_phrase
from oracle.suite.explore.positions import Permanent, Position, render
from oracle.suite.explore.runner import Options, Run, explore
from tests.unit.test_explore import run_written

ROOT = Path(__file__).resolve().parents[2]
JSON = dict[str, Any]
#: Alice's creatures and lands against Bob's, a land and a creature in Alice's hand: every kind of
#: attempt a whole turn offers.
COMBAT = Position(
    active="Alice",
    step="precombat-main",
    number=3,
    life=(20, 20),
    pools=("", ""),
    battlefield=(
        Permanent("Colossal Dreadmaw", "Alice"),
        Permanent("Serra Angel", "Alice"),
        Permanent("Forest", "Alice"),
        Permanent("Forest", "Alice"),
        Permanent("Grizzly Bears", "Bob"),
        Permanent("Giant Spider", "Bob"),
        Permanent("Typhoid Rats", "Bob", tapped=True),
    ),
    zones=(("Alice", "hand", ("Forest", "Grizzly Bears")),),
)

pytestmark = pytest.mark.usefixtures("unmeasured_engines")  # tests/unit/conftest.py


class Recording:
    """The engine a scenario's world sees: it observes the reference engine the explorer drives,
    and records each action a step sends instead of performing it."""

    def __init__(self, engine: ReferenceEngine) -> None:
        self.engine = engine
        self.sent: list[JSON] = []

    def setup(self, position: JSON) -> JSON:
        return self.engine.setup(position)

    def observe(self) -> JSON:
        return self.engine.observe()

    def perform(self, action: JSON) -> JSON:
        self.sent.append(action)
        return {"accepted": True}


def _step(text: str) -> Any:
    modules = set(STEP_MODULES)
    matching = [
        c
        for c in step_function_context_registry.values()
        if c.step_func.__module__ in modules and c.type == "when" and c.parser.is_matching(text)
    ]
    assert len(matching) == 1, f"when {text!r} matches {[c.step_func.__name__ for c in matching]}"
    return matching[0]


def _sends(world: World, recording: Recording, move: Move) -> JSON:
    """The action the step with the move's words sends, in the state the engine is in now."""
    world._seen, world.outcome, recording.sent = None, None, []
    context = _step(move.text)
    context.step_func(world=world, **context.parser.parse_arguments(move.text))
    return recording.sent[0]


def _offered(engine: ReferenceEngine, refs: dict[str, str]) -> dict[str, list[Move]]:
    return moves(engine.observe(), refs, load_pool())


def _round(engine: ReferenceEngine) -> None:
    for _ in range(2):
        holder = engine.observe()["turn"]["priority_player"]
        assert engine.perform({"type": "pass", "player": holder}) == {"accepted": True}


def test_a_whole_combat_is_offered_in_the_words_of_steps_that_send_the_same_actions() -> None:
    engine = ReferenceEngine()
    recording = Recording(engine)
    rendered = render(COMBAT)
    world = World(recording, CardDatabase.load(cards_dir()))  # type: ignore[arg-type]
    for text in rendered.given:
        context = next(
            c
            for c in step_function_context_registry.values()
            if c.type == "given" and c.step_func.__module__ in STEP_MODULES and c.parser.is_matching(text)
        )
        context.step_func(world=world, **context.parser.parse_arguments(text))
    world.build()
    checked: dict[str, int] = {}

    def check(kinds: tuple[str, ...]) -> dict[str, list[Move]]:
        offered = _offered(engine, rendered.refs)
        for kind in kinds:
            for move in offered.get(kind, []):
                if kind in ("play", "block", "blocks", "divide", "declare") or "mana_abilities" in move.action:
                    assert _sends(world, recording, move) == move.action, move.text
                    checked[kind] = checked.get(kind, 0) + 1
        observation = engine.observe()
        for fact in facts_of(observation, observation, rendered.refs):
            assert fact.holds(observation), fact.text
        return offered

    offered = check(("play", "cast"))
    assert [m.text for m in offered["play"]] == ["Alice plays Forest"]
    tapping = [m.text for m in offered["cast"] if "mana_abilities" in m.action]
    assert "Alice casts Grizzly Bears tapping two Forests for mana" in tapping
    _round(engine)
    _round(engine)  # the beginning of combat step ends: attackers are declared as the next begins
    offered = check(("declare",))
    everyone = next(
        m for m in offered["declare"] if m.text == "Alice declares Colossal Dreadmaw and Serra Angel as attackers"
    )
    assert engine.perform(everyone.action) == {"accepted": True}
    _round(engine)
    offered = check(("block", "blocks"))
    texts = [m.text for m in offered["block"] + offered["blocks"]]
    assert "Bob declares Grizzly Bears and Giant Spider as blockers of Colossal Dreadmaw" in texts
    assert "Bob declares Typhoid Rats as a blocker of Serra Angel" in texts  # tapped, and no reach: illegal
    assert offered["block"][-1].text == "Bob declares no blockers"  # after the blocks: shrinking tries a block
    double = next(m for m in offered["blocks"] if "Grizzly Bears and Giant Spider as blockers of" in m.text)
    assert engine.perform(double.action) == {"accepted": True}
    facts = [f.text for f in facts_of(engine.observe(), engine.observe(), rendered.refs)]
    assert "Grizzly Bears is blocking Colossal Dreadmaw" in facts and "Colossal Dreadmaw is blocked" in facts
    _round(engine)
    offered = check(("divide",))
    divisions = [m.text for m in offered["divide"]]
    assert "Alice divides Colossal Dreadmaw's combat damage as 2 to Grizzly Bears and 4 to Giant Spider" in divisions
    assert "Alice divides Colossal Dreadmaw's combat damage as 2 to Grizzly Bears and 4 to Bob" not in divisions
    questions = [f.text for f in facts_of(engine.observe(), engine.observe(), rendered.refs)]
    assert "Alice may divide Colossal Dreadmaw's combat damage as 6 to Giant Spider" in questions
    assert "choose" not in offered  # a division is named by its own step, never by the engine's refs
    assert set(checked) == {"play", "cast", "declare", "block", "blocks", "divide"}


def _explore(tmp_path: Path, engine: str, **options: Any) -> Run:
    quick = {"shrinks": 10, "simplifications": 10}
    return explore(Options(engine, out=tmp_path / "found", **{**quick, **options}), output=open(os.devnull, "w"))


def test_exploring_the_reference_engine_reaches_blocks_and_combat_damage_and_finds_nothing(tmp_path: Path) -> None:
    run = _explore(tmp_path, f"cmd:{sys.executable} -m oracle serve", examples=80, seed=2)
    assert run.found == [] and run.free_choices == 0
    assert run.with_blocks >= 3 and run.with_combat_damage >= 3
    summary = json.loads((tmp_path / "found" / "exploration.json").read_text(encoding="utf-8"))
    assert summary["examples_reaching_declare_blockers_with_a_block"] == run.with_blocks
    assert summary["examples_reaching_combat_damage"] == run.with_combat_damage


@pytest.mark.parametrize(
    ("mutant", "seed", "examples", "said"),
    [
        ("tapped-creatures-block", 2, 120, "Then the action is rejected for being already tapped"),
        ("lethal-damage-in-order", 13, 150, "combat damage as "),
    ],
)
def test_a_wrong_engine_of_combat_is_found_and_the_scenario_fails_on_it_only(
    tmp_path: Path, mutant: str, seed: int, examples: int, said: str
) -> None:
    """Wrong engines of tests/wrong_engines/turn_readings.py (a tapped creature blocks, 509.1a)
    and combat_readings.py (lethal damage to each blocker in order, as before 510.1c changed),
    served as tests/exploration/mutants.py serves them.  The seeds are ones that reach the defect in
    the card pool of today: a card added to the pool changes what a seed draws (seed 11 found the
    divisions' one until the reviews of 2026-12-04 added cards; seeds 1 to 12 then did not, 13 did)."""
    engine = f"cmd:{sys.executable} -m tests.mutant_engine {mutant}"
    run = _explore(tmp_path, engine, examples=examples, seed=seed)
    assert run.found, f"{mutant} not found in {run.examples} examples"
    text = (tmp_path / "found" / run.found[0]["file"]).read_text(encoding="utf-8")
    assert " as blockers of " in text or " as a blocker of " in text
    assert said in text
    for spec, status in (("reference", 0), (engine, 1)):
        result = run_written(tmp_path / "found", spec)
        assert result.returncode == status, result.stdout[-2000:] + result.stderr


def _combat_state(step: str, priority: str, bob_creatures: list[JSON], pending: JSON | None = None) -> JSON:
    angel = {"ref": "alice-serra-angel-1", "name": "Serra Angel", "controller": "Alice", "types": ["Creature"]}
    angel |= {"tapped": True, "keywords": ["flying", "vigilance"], "attacking": "Bob"}
    players = [{"name": name, "mana_pool": {}} for name in ("Alice", "Bob")]
    turn = {"number": 3, "active_player": "Alice", "step": step, "priority_player": priority}
    return {"turn": turn, "players": players, "battlefield": [angel, *bob_creatures], "pending_choice": pending}


def _bob(name: str, tapped: bool = False, keywords: tuple[str, ...] = ()) -> JSON:
    slug = name.lower().replace(" ", "-")
    return {"ref": f"bob-{slug}-1", "name": name, "controller": "Bob", "types": ["Creature"], "tapped": tapped} | {
        "keywords": list(keywords)
    }


@pytest.mark.parametrize(
    ("creatures", "free"),
    [
        ([], True),
        ([_bob("Grizzly Bears", tapped=True)], True),
        ([_bob("Grizzly Bears")], True),  # no flying nor reach: it can't block Serra Angel (702.9b)
        ([_bob("Giant Spider", keywords=("reach",))], False),  # it could block: the engine left no choice
    ],
)
def test_no_blockers_declared_by_an_engine_is_free_only_when_nothing_could_block(
    creatures: list[JSON], free: bool
) -> None:
    """509.1a, 702.9b, 702.17b: declaring no blockers is the only declaration when no creature of the
    defending player could block; an engine may make it itself, as a choice with one option."""
    waiting = _combat_state("declare-blockers", "", creatures)
    moved_on = _combat_state("declare-blockers", "Alice", creatures)
    assert no_blockers_declared_by_the_engine(waiting, moved_on) is free
    assert no_blockers_declared_by_the_engine(moved_on, moved_on) is False


def test_a_division_of_combat_damage_the_engine_makes_itself_is_free() -> None:
    """510.1c: the attacking player divides the damage; an engine that does it without asking made
    a choice no step stated, where several divisions were legal."""
    options = ["2 to bob-grizzly-bears-1; 2 to bob-giant-spider-1", "1 to bob-grizzly-bears-1; 3 to bob-giant-spider-1"]
    asked = {"player": "Alice", "kind": "combat-damage", "options": options, "source": "alice-serra-angel-1"}
    mine = _combat_state("combat-damage", "", [], asked)
    theirs = _combat_state("combat-damage", "Alice", [])
    assert division_left_to_the_engine(mine, theirs)
    assert not division_left_to_the_engine(mine, _combat_state("end-of-combat", "Alice", []))
    assert not division_left_to_the_engine(mine | {"pending_choice": asked | {"options": options[:1]}}, theirs)


def test_of_two_identical_tokens_neither_is_chosen_by_an_engines_ref() -> None:
    """The legend rule between two identical tokens (704.5j): no name tells them apart, and a
    ref is the engine's own, so no step can choose one; the explorer offers no such answer (it
    used to write "Bob chooses #27", which no other engine's question has)."""
    token = {"name": "Tuktuk the Returned", "controller": "Bob", "token": True, "types": ["Creature"]}
    battlefield = [{**token, "ref": "#26"}, {**token, "ref": "#27"}]
    pending = {"player": "Bob", "kind": "legend-rule", "options": ["#26", "#27"]}
    players = [{"name": name, "hand": [], "graveyard": []} for name in ("Alice", "Bob")]
    observation = {"battlefield": battlefield, "players": players, "stack": [], "pending_choice": pending}
    assert answer_phrase(observation, {}, "#27") is None
    turn = {"number": 2, "active_player": "Alice", "step": "combat-damage", "priority_player": ""}
    assert moves(observation | {"turn": turn}, {}, load_pool()) == {}


def test_a_creature_sharing_its_name_with_another_players_is_named_by_its_controller() -> None:
    """ "Bob's Grizzly Bears", as the combat steps read it, when Alice's shares the name."""
    bears = {"name": "Grizzly Bears", "token": False, "types": ["Creature"]}
    alices, bobs = {**bears, "ref": "a1", "controller": "Alice"}, {**bears, "ref": "b1", "controller": "Bob"}
    players = [{"name": name, "hand": [], "graveyard": []} for name in ("Alice", "Bob")]
    observation = {"battlefield": [alices, bobs], "players": players, "stack": []}
    assert named(observation, {}, alices) == "Grizzly Bears" and named(observation, {}, bobs) == "Bob's Grizzly Bears"
    assert division_words(observation, {}, "2 to b1; 0 to Alice") == "2 to Bob's Grizzly Bears"
    assert parse_division(observation, {}, "2 to Bob's Grizzly Bears") == {"b1": 2}
