"""Every Then step can fail on its own.

For each Then step definition of oracle/harness/steps/ (then.py, then_zones.py) there are cases: a state
where the step's claim holds (it must pass: the failure below comes from the claim, not
from a broken setup) and states where it is false (it must fail, with an assertion, not an
error).  A step about the state must also fail while a question is still pending, however
the state looks.  A new Then step without cases fails :func:`test_every_then_step_has_cases`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from oracle.contract.defaults import with_defaults
from oracle.contract.interface import CONTRACT_VERSION, JSON, Engine, accepted, rejected
from oracle.engine.cards import CardDatabase
from oracle.harness import driver
from oracle.harness.world import World
from oracle.paths import cards_dir

CARDS = CardDatabase.load(cards_dir())
#: The steps about questions and rejections, which read a state with a question pending.
QUESTION_STEPS = {
    "must_choose",
    "legend_rule_choice",
    "discard_choice",
    "trigger_order_choice",
    "must_choose_sacrifice",
    "may_sacrifice",
    "no_choice",
    "rejected",
    "may_divide",
}


class Table(Engine):
    """An engine that shows the state a test lays out, whatever is done."""

    def __init__(self, observation: JSON) -> None:
        self.observation = observation

    def describe(self) -> JSON:
        return {"name": "table", "version": "0", "contract": CONTRACT_VERSION, "capabilities": []}

    def setup(self, position: JSON) -> JSON:
        return accepted()

    def perform(self, action: JSON) -> JSON:
        return accepted()

    def observe(self) -> JSON:
        return self.observation


def player(name: str, life: int = 20, pool: dict[str, int] | None = None, **zones: list[str]) -> JSON:
    cards = {zone: [{"name": c, "ref": None} for c in zones.get(zone, [])] for zone in ("library", "hand", "graveyard")}
    return {"name": name, "life": life, "mana_pool": pool or {}, "exile": [], **cards}


def permanent(name: str, ref: str = "", **details: Any) -> JSON:
    power, toughness = details.pop("pt", (2, 2))
    base = details.pop("base", (power, toughness))
    entry = {
        "ref": ref or f"{name.lower().replace(' ', '-')}-{len(name)}",
        "name": name,
        "controller": "Alice",
        "token": False,
        "tapped": False,
        "types": ["Creature"],
        "subtypes": [],
        "supertypes": [],
        "colors": [],
        "power": power,
        "toughness": toughness,
        "base_power": base[0],
        "base_toughness": base[1],
        "keywords": [],
        "counters": {},
        "mana_value": 2,
    }
    return {**entry, **details}


def table(*permanents: JSON, alice: JSON | None = None, bob: JSON | None = None, **state: Any) -> JSON:
    return {
        "contract": CONTRACT_VERSION,
        "turn": {"number": 3, "active_player": "Alice", "step": "precombat-main", "priority_player": "Alice"},
        "players": [alice or player("Alice"), bob or player("Bob")],
        "battlefield": list(permanents),
        "stack": state.get("stack", []),
        "pending_choice": state.get("pending"),
        "events": [],
    }


def asked(*options: str, kind: str = "mana-color", who: str = "Alice") -> JSON:
    return {"player": who, "kind": kind, "options": list(options), "prompt": "?"}


@dataclass
class Case:
    """A Then step's text, a state where it holds and states where it is false."""

    step: str
    holds: JSON
    false: list[JSON]
    before: JSON | None = None  # the state before the last action
    outcome: JSON | None = None  # the last action's outcome
    false_before: list[JSON | None] = field(default_factory=list)  # the state before, for each false state
    false_outcome: list[JSON | None] = field(default_factory=list)  # the last outcome, for each false state


BEARS = permanent("Grizzly Bears", "bears")
CONTAMINATION = permanent("Contamination", "contamination", types=["Enchantment"], pt=(None, None))
BOB_BEARS = permanent("Grizzly Bears", "bob-bears", controller="Bob")
ELVES = permanent("Llanowar Elves", "elves", pt=(1, 1))
RABBIT = permanent("Intrepid Rabbit", "rabbit", pt=(1, 2))
ISAMARU = permanent("Isamaru, Hound of Konda", "isamaru", supertypes=["Legendary"])
ISAMARU_TOKEN = permanent("Isamaru, Hound of Konda", "#9", supertypes=["Legendary"], token=True)
HASTY = permanent("Grizzly Bears", "#7", token=True, keywords=["haste"])
NO_HASTE = permanent("Grizzly Bears", "#8", token=True)
THOPTER = permanent("Thopter", "#5", token=True, keywords=["flying"], pt=(1, 1))
ROGUE = permanent("Rogue Token", "#6", token=True)
TRIGGER = {"kind": "triggered", "name": "Manabarbs", "controller": "Alice"}
SICK = rejected("summoning-sickness", "no")

HAND_OF_TWO = {**player("Alice"), "hand": [{"name": "Forest", "ref": "forest"}, {"name": "Island", "ref": "island"}]}
LOST_ALICE = {**player("Alice", 0), "lost": True}
IN_ALICE = {**player("Alice"), "lost": False}
IN_BOB = {**player("Bob"), "lost": False}
GAME_OVER = {**table(alice=LOST_ALICE, bob=IN_BOB), "turn": {**table()["turn"], "priority_player": ""}}

GIANT = permanent("Hill Giant", "giant", pt=(3, 3))
ATTACKING_GIANT = {**GIANT, "attacking": "Bob"}
BLOCKING_BEARS = {**BOB_BEARS, "blocking": ["giant"]}
#: With trample, a legal division may assign damage to Bob once the blocker has lethal damage (702.19b).
TRAMPLING_GIANT = {**ATTACKING_GIANT, "keywords": ["trample"]}
DIVISIONS = ("3 to bob-bears; 0 to Bob", "2 to bob-bears; 1 to Bob")


def dividing(*options: str, source: str = "giant", who: str = "Alice") -> JSON:
    return {**asked(*options, kind="combat-damage", who=who), "source": source}


CASES: dict[str, list[Case]] = {
    "attacking": [
        Case(
            "Hill Giant is attacking Bob",
            table(ATTACKING_GIANT),
            [table(GIANT), table({**GIANT, "attacking": "Alice"}), table()],
        ),
        Case("Hill Giant is not attacking", table(GIANT), [table(ATTACKING_GIANT)]),
    ],
    "blocking": [
        Case(
            "Grizzly Bears is blocking Hill Giant",
            table(ATTACKING_GIANT, BLOCKING_BEARS),
            [table(ATTACKING_GIANT, BOB_BEARS), table(ATTACKING_GIANT, {**BOB_BEARS, "blocking": ["other"]})],
        ),
        Case(
            "Grizzly Bears is not blocking", table(ATTACKING_GIANT, BOB_BEARS), [table(ATTACKING_GIANT, BLOCKING_BEARS)]
        ),
    ],
    "blocked_or_not": [
        Case(
            "Hill Giant is blocked",
            table({**ATTACKING_GIANT, "blocked": True}),
            [table({**ATTACKING_GIANT, "blocked": False}), table(ATTACKING_GIANT), table({**GIANT, "blocked": True})],
        ),
        Case(
            "Hill Giant is unblocked",
            table({**ATTACKING_GIANT, "blocked": False}),
            [table({**ATTACKING_GIANT, "blocked": True}), table(ATTACKING_GIANT)],
        ),
    ],
    "may_divide": [
        Case(
            "Alice may divide Hill Giant's combat damage as 2 to Grizzly Bears and 1 to Bob",
            table(TRAMPLING_GIANT, BLOCKING_BEARS, pending=dividing(*DIVISIONS)),
            [
                table(TRAMPLING_GIANT, BLOCKING_BEARS, pending=dividing(DIVISIONS[0])),
                table(TRAMPLING_GIANT, BLOCKING_BEARS, pending=dividing("2 to giant", source="bob-bears")),
                table(TRAMPLING_GIANT, BLOCKING_BEARS, pending=dividing(*DIVISIONS, who="Bob")),
                table(TRAMPLING_GIANT, BLOCKING_BEARS),
            ],
        ),
        Case(
            "Alice can't divide Hill Giant's combat damage as 2 to Grizzly Bears and 1 to Bob",
            table(TRAMPLING_GIANT, BLOCKING_BEARS, pending=dividing(DIVISIONS[0])),
            [
                table(TRAMPLING_GIANT, BLOCKING_BEARS, pending=dividing(*DIVISIONS)),
                table(TRAMPLING_GIANT, BLOCKING_BEARS),
            ],
        ),
    ],
    "spell_on_stack": [
        Case(
            "Grizzly Bears is on the stack",
            table(stack=[{"kind": "spell", "name": "Grizzly Bears", "controller": "Alice"}]),
            [table(), table(stack=[{"kind": "activated", "name": "Grizzly Bears", "controller": "Alice"}])],
        )
    ],
    "it_is_now": [
        Case(
            "it is Bob's upkeep of turn 4",
            {**table(), "turn": {"number": 4, "active_player": "Bob", "step": "upkeep", "priority_player": "Bob"}},
            [
                table(),
                {**table(), "turn": {"number": 4, "active_player": "Alice", "step": "upkeep", "priority_player": ""}},
                {**table(), "turn": {"number": 6, "active_player": "Bob", "step": "upkeep", "priority_player": "Bob"}},
            ],
        ),
        Case(
            "it is Alice's precombat main phase",
            table(),
            [{**table(), "turn": {"number": 3, "active_player": "Alice", "step": "draw", "priority_player": "Alice"}}],
        ),
    ],
    "has_priority": [
        Case(
            "Bob has priority",
            {
                **table(),
                "turn": {"number": 3, "active_player": "Alice", "step": "precombat-main", "priority_player": "Bob"},
            },
            [
                table(),
                {**table(), "turn": {"number": 3, "active_player": "Alice", "step": "end", "priority_player": ""}},
            ],
        )
    ],
    "pool_empty": [Case("Alice's mana pool is empty", table(), [table(alice=player("Alice", pool={"G": 1}))])],
    "pool_exactly": [
        Case(
            "Alice's mana pool contains exactly {G}{G}",
            table(alice=player("Alice", pool={"G": 2})),
            [table(alice=player("Alice", pool={"G": 1})), table(alice=player("Alice", pool={"G": 2, "B": 1}))],
        )
    ],
    "must_choose": [
        Case(
            "Alice must choose among {B} and {G}",
            table(pending=asked("{G}", "{B}")),
            [table(), table(pending=asked("{B}")), table(pending=asked("{B}", "{G}", who="Bob"))],
        ),
        # A single mana option the engine chose itself: the mana it added is the consequence.
        Case(
            "Alice must choose among {B}",
            table(alice=player("Alice", pool={"B": 1})),
            [table(alice=player("Alice", pool={"B": 1})), table(alice=player("Alice", pool={"G": 1})), table()],
            before=table(),
            false_before=[table(alice=player("Alice", pool={"B": 1})), table(), table()],
        ),
        Case(
            "Alice must choose among Contamination",
            table(CONTAMINATION, pending=asked("Contamination", kind="replacement-effect")),
            [table()],
            before=table(),
        ),
    ],
    "legend_rule_choice": [
        Case(
            "Alice must choose which Isamaru, Hound of Konda to keep",
            table(ISAMARU, ISAMARU_TOKEN, pending=asked("isamaru", "#9", kind="legend-rule")),
            [table(ISAMARU, ISAMARU_TOKEN), table(ISAMARU, ISAMARU_TOKEN, pending=asked("#9", kind="legend-rule"))],
        )
    ],
    "discard_choice": [
        Case(
            "Alice must choose a card in her hand to discard",
            table(alice=HAND_OF_TWO, pending=asked("forest", "island", kind="discard")),
            [
                table(alice=HAND_OF_TWO),
                table(alice=HAND_OF_TWO, pending=asked("forest", kind="discard")),
                table(alice=HAND_OF_TWO, pending=asked("forest", "island", kind="target")),
                table(alice=HAND_OF_TWO, pending=asked("forest", "island", kind="discard", who="Bob")),
            ],
        )
    ],
    "trigger_order_choice": [
        Case(
            "Alice must choose which triggered ability of Intrepid Rabbit goes on the stack first",
            table(RABBIT, pending=asked("Intrepid Rabbit: When a", "Intrepid Rabbit: When b", kind="trigger-order")),
            [
                table(),
                table(pending=asked("Intrepid Rabbit: When a", kind="trigger-order")),
                table(pending=asked("Intrepid Rabbit: When a", "Manabarbs: Whenever", kind="trigger-order")),
                table(pending=asked("Intrepid Rabbit: When a", "Intrepid Rabbit: When b", kind="target")),
                table(pending=asked("Intrepid Rabbit: a", "Intrepid Rabbit: b", kind="trigger-order", who="Bob")),
            ],
        )
    ],
    "damage_marked": [
        Case(
            "Grizzly Bears has 4 damage marked on it",
            table({**BEARS, "damage": 4}),
            [table({**BEARS, "damage": 3}), table(BEARS)],
        ),
        Case(
            "Grizzly Bears has no damage marked on it",
            table({**BEARS, "damage": 0}),
            [table({**BEARS, "damage": 1})],  # left out, damage is 0: its default (observation.schema.json)
        ),
    ],
    "must_choose_sacrifice": [
        Case(
            "Alice must choose which permanent to sacrifice among Contamination and Grizzly Bears",
            table(CONTAMINATION, BEARS, BOB_BEARS, pending=asked("contamination", "bears", kind="sacrifice")),
            [
                table(CONTAMINATION, BEARS, BOB_BEARS),
                table(CONTAMINATION, BEARS, BOB_BEARS, pending=asked("contamination", kind="sacrifice")),
                table(CONTAMINATION, BEARS, BOB_BEARS, pending=asked("contamination", "bob-bears", kind="sacrifice")),
                table(CONTAMINATION, BEARS, BOB_BEARS, pending=asked("contamination", "bears", kind="permanent")),
                table(CONTAMINATION, BEARS, pending=asked("contamination", "bears", kind="sacrifice", who="Bob")),
                table(BEARS, pending=asked("contamination", "bears", kind="sacrifice")),
            ],
        )
    ],
    "may_sacrifice": [
        Case(
            "Alice may sacrifice Grizzly Bears or Llanowar Elves, or nothing",
            table(BEARS, ELVES, pending=asked("bears", "elves", "none", kind="sacrifice")),
            [
                table(BEARS, ELVES),
                table(BEARS, ELVES, pending=asked("bears", "elves", kind="sacrifice")),
                table(BEARS, ELVES, pending=asked("bears", "none", kind="sacrifice")),
                table(BEARS, ELVES, pending=asked("bears", "elves", "none", "gone", kind="sacrifice")),
                table(BEARS, ELVES, pending=asked("bears", "elves", "none", kind="permanent")),
                table(BEARS, ELVES, pending=asked("bears", "elves", "none", kind="sacrifice", who="Bob")),
            ],
        ),
        # The declining option may be the "unless" cost's source that has left the battlefield (118.12a).
        Case(
            "Alice may sacrifice Grizzly Bears, or nothing",
            table(BEARS, pending=asked("bears", "contamination", kind="sacrifice")),
            [table(BEARS, CONTAMINATION, pending=asked("bears", "contamination", kind="sacrifice"))],
            before=table(BEARS, CONTAMINATION),
        ),
    ],
    "no_choice": [Case("no player is asked to choose anything", table(), [table(pending=asked("{G}"))])],
    "rejected": [
        Case(
            "the action is rejected for summoning sickness",
            table(BEARS),
            [table(BEARS), table(BEARS), table(permanent("Grizzly Bears", "bears", tapped=True))],
            before=table(BEARS),
            outcome=SICK,
            false_outcome=[accepted(), rejected("timing", "not now"), SICK],
        ),
        Case(
            "the action is rejected for timing or not having priority",
            table(BEARS),
            [table(BEARS), table(BEARS)],
            before=table(BEARS),
            outcome=rejected("no-priority", "Bob has no priority"),
            false_outcome=[accepted(), SICK],
        ),
    ],
    "tapped_state": [
        Case(
            "Llanowar Elves is tapped",
            table(permanent("Llanowar Elves", tapped=True)),
            [
                table(permanent("Llanowar Elves")),
                table(),
            ],
        ),
        Case("Pili-Pala is untapped", table(permanent("Pili-Pala")), [table(permanent("Pili-Pala", tapped=True))]),
    ],
    "life_is": [Case("Alice's life total is 19", table(alice=player("Alice", 19)), [table()])],
    "counters_on": [
        Case(
            "Endless One has three +1/+1 counters on it",
            table(permanent("Endless One", counters={"+1/+1": 3})),
            [table(permanent("Endless One", counters={"+1/+1": 2})), table(permanent("Endless One"))],
        ),
        Case(
            "Endless One has no +1/+1 counters on it",
            table(permanent("Endless One")),
            [table(permanent("Endless One", counters={"+1/+1": 1}))],
        ),
    ],
    "power_toughness": [
        Case(
            "Endless One is a 3/3 creature",
            table(permanent("Endless One", pt=(3, 3))),
            [
                table(permanent("Endless One", pt=(3, 2))),
            ],
        )
    ],
    "mana_value": [
        Case(
            "Endless One's mana value is 0",
            table(permanent("Endless One", mana_value=0)),
            [
                table(permanent("Endless One", mana_value=3)),
            ],
        )
    ],
    "in_zone": [
        Case(
            "Blood Pet is in Alice's graveyard",
            table(alice=player("Alice", graveyard=["Blood Pet"])),
            [
                table(alice=player("Alice", hand=["Blood Pet"])),
                table(bob=player("Bob", graveyard=["Blood Pet"])),
            ],
        )
    ],
    "on_battlefield": [Case("Grizzly Bears is on the battlefield", table(BEARS), [table()])],
    "tokens": [
        Case(
            "Alice controls two Thopter tokens",
            table(THOPTER, {**THOPTER, "ref": "#2"}),
            [
                table(THOPTER),
                table(THOPTER, {**THOPTER, "ref": "#2", "token": False}),
                table(THOPTER, {**THOPTER, "ref": "#2", "controller": "Bob"}),
            ],
        ),
        Case("Alice controls no Thopter tokens", table(), [table(THOPTER)]),
        Case("Alice controls one Rogue token", table(ROGUE), [table()]),
    ],
    "base_power_toughness": [
        Case(
            "Grizzly Bears's base power and toughness are 2/2",
            table(permanent("Grizzly Bears", pt=(4, 4), base=(2, 2))),
            [
                table(permanent("Grizzly Bears", pt=(2, 2), base=(1, 1))),
            ],
        )
    ],
    "has_keyword": [
        Case("Grizzly Bears has haste", table(permanent("Grizzly Bears", keywords=["haste"])), [table(BEARS)]),
        Case(
            "the token Kavu Titan does not have trample",
            table(permanent("Kavu Titan", token=True)),
            [
                table(permanent("Kavu Titan", token=True, keywords=["trample"])),
                table(permanent("Kavu Titan")),
            ],
        ),
    ],
    "each_token_keyword": [
        Case(
            "each Grizzly Bears token has haste",
            table(BEARS, HASTY, {**HASTY, "ref": "#2"}),
            [
                table(BEARS, HASTY, NO_HASTE),
                table(permanent("Grizzly Bears", keywords=["haste"])),
            ],
        ),
        Case("each Grizzly Bears token does not have haste", table(NO_HASTE), [table(NO_HASTE, HASTY), table()]),
    ],
    "colors_are": [
        Case(
            "the token Agate Instigator is red",
            table(permanent("Agate Instigator", token=True, colors=["red"])),
            [
                table(permanent("Agate Instigator", token=True, colors=["red", "blue"])),
                table(permanent("Agate Instigator", token=True)),
            ],
        )
    ],
    "creature_types": [
        Case(
            "Grizzly Bears's creature types are Frog",
            table(permanent("Grizzly Bears", subtypes=["Frog"])),
            [
                table(permanent("Grizzly Bears", subtypes=["Bear"])),
                table(permanent("Grizzly Bears", subtypes=["Frog", "Bear"])),
            ],
        )
    ],
    "attached": [
        Case(
            "Holy Strength is attached to Grizzly Bears",
            table(BEARS, permanent("Holy Strength", types=["Enchantment"], attached_to="bears")),
            [table(BEARS, permanent("Holy Strength", types=["Enchantment"]))],
        )
    ],
    "not_attached": [
        Case(
            "Bonesplitter is not attached to anything",
            table(BEARS, permanent("Bonesplitter", types=["Artifact"])),
            [table(BEARS, permanent("Bonesplitter", types=["Artifact"], attached_to="bears"))],
        )
    ],
    "lost_game": [
        Case("Alice has lost the game", table(alice=LOST_ALICE), [table(alice=IN_ALICE), table()]),
        Case("Alice has not lost the game", table(alice=IN_ALICE), [table(alice=LOST_ALICE)]),  # absent: false
    ],
    "won_game": [
        Case(
            "Bob has won the game",
            GAME_OVER,
            [
                table(alice=LOST_ALICE, bob=IN_BOB),  # someone still has priority: the game goes on
                {**GAME_OVER, "players": [IN_ALICE, IN_BOB]},
                {**GAME_OVER, "players": [LOST_ALICE, {**IN_BOB, "lost": True}]},
            ],
        )
    ],
    "hand_size": [
        Case(
            "Alice has two cards in her hand",
            table(alice=player("Alice", hand=["Forest", "Island"])),
            [
                table(alice=player("Alice", hand=["Forest"])),
                table(),
            ],
        )
    ],
    "not_a_creature": [
        Case(
            "the token Forest is not a creature",
            table(permanent("Forest", token=True, types=["Land"], pt=(None, None))),
            [
                table(permanent("Forest", token=True, types=["Land", "Creature"])),
                table(permanent("Forest", token=True, types=["Land"])),
            ],
        )
    ],
    "not_on_battlefield": [Case("Isamaru, Hound of Konda is not on the battlefield", table(), [table(ISAMARU)])],
    "controls_count": [
        Case(
            "Alice controls two Girder Goons",
            table(permanent("Girder Goons"), permanent("Girder Goons", "#3", token=True)),
            [
                table(permanent("Girder Goons")),
                table(permanent("Girder Goons"), permanent("Girder Goons", "#3", controller="Bob")),
            ],
        ),
        Case(
            "Alice controls one untapped Rogue Token",
            table(ROGUE, {**ROGUE, "ref": "#2", "tapped": True}),
            [
                table({**ROGUE, "tapped": True}),
                table(ROGUE, {**ROGUE, "ref": "#2"}),
            ],
        ),
    ],
    "stack_empty": [Case("the stack is empty", table(), [table(stack=[TRIGGER])])],
    "ability_on_stack": [
        Case(
            "Manabarbs's triggered ability is on the stack",
            table(stack=[TRIGGER]),
            [
                table(),
                table(stack=[{**TRIGGER, "kind": "activated"}]),
            ],
        )
    ],
}


def _world(observation: JSON, case: Case, before: JSON | None = None, outcome: JSON | None = None) -> World:
    world = World(Table(observation), CARDS)
    world.players = [{"name": "Alice", "life": 20}, {"name": "Bob", "life": 20}]
    world.turn = {"number": 3, "active_player": "Alice", "step": "precombat-main"}
    world.refs = {"bears": "Grizzly Bears", "isamaru": "Isamaru, Hound of Konda"}
    world.built = True
    world.before = before or case.before
    if world.before is not None:  # observed before the last action, as World.act does
        world.memory.remember(with_defaults(world.before))
    outcome = outcome or case.outcome
    if outcome is not None:
        world.outcome, world.last_action = outcome, {"type": "pass", "player": "Alice"}
        world.outcome_checked = outcome["accepted"]
    return world


def _check(world: World, text: str) -> None:
    driver.run_step(world, driver.Step("then", text))


def _cases() -> list[Any]:
    return [
        pytest.param(name, case, id=f"{name}: {case.step}") for name, cases in sorted(CASES.items()) for case in cases
    ]


def test_every_then_step_has_cases() -> None:
    defined = {c.step_func.__name__ for c in driver.step_definitions("then")}
    assert sorted(defined - set(CASES)) == [], "Then steps without a case in tests/unit/test_then_steps.py"
    assert sorted(set(CASES) - defined) == [], "cases for Then steps that no longer exist"
    assert QUESTION_STEPS <= defined


@pytest.mark.parametrize(("name", "case"), _cases())
def test_the_step_holds_where_its_claim_is_true(name: str, case: Case) -> None:
    matching = [c.step_func.__name__ for c in driver.step_definitions("then") if c.parser.is_matching(case.step)]
    assert matching == [name]
    _check(_world(case.holds, case), case.step)


@pytest.mark.parametrize(("name", "case"), _cases())
def test_the_step_fails_where_its_claim_is_false(name: str, case: Case) -> None:
    for index, state in enumerate(case.false):
        before = case.false_before[index] if case.false_before else None
        outcome = case.false_outcome[index] if case.false_outcome else None
        with pytest.raises((AssertionError, pytest.fail.Exception)):
            _check(_world(state, case, before, outcome), case.step)


@pytest.mark.parametrize(("name", "case"), [p for p in _cases() if p.values[0] not in QUESTION_STEPS])
def test_a_step_about_the_state_fails_while_a_question_is_pending(name: str, case: Case) -> None:
    pending = {**case.holds, "pending_choice": asked("{G}")}
    with pytest.raises(pytest.fail.Exception, match="still being asked"):
        _check(_world(pending, case), case.step)


def test_a_discard_may_keep_the_cards_chosen_so_far_in_the_hand() -> None:
    """514.1: discarding to hand size is one action, so an engine may hold the cards chosen so far
    in the hand until the last answer; the question then offers the others, and only those."""
    case = CASES["discard_choice"][0]
    world = _world(table(alice=HAND_OF_TWO, pending=asked("island", kind="discard")), case)
    with pytest.raises(AssertionError):
        _check(world, case.step)
    world.answers = ["forest"]
    _check(world, case.step)
    world.answers = ["island"]
    with pytest.raises(AssertionError):
        _check(world, case.step)
