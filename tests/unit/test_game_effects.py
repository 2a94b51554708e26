"""Triggered and activated abilities, their effects, tokens and state-based actions in the reference engine.

Driven through the adapter contract (helpers from :mod:`tests.unit.test_game_turns`); a few
paths the adapter can't reach are exercised with :class:`oracle.game.Game` directly.
"""

from __future__ import annotations

import copy

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.engine import effects
from oracle.engine.base import NeedChoice
from oracle.engine.game import Game
from oracle.errors import Rejected
from tests.unit.test_game_turns import (
    JSON,
    advance_to,
    bobs_end_step,
    card,
    do,
    engine_with,
    events,
    look,
    names,
    pass_round,
    permanent,
    player,
    refuse,
    start,
)

THOPTER = {
    "name": "Thopter Token",
    "owner": "Alice",
    "controller": "Alice",
    "token": True,
    "tapped": False,
    "types": ["Artifact", "Creature"],
    "subtypes": ["Thopter"],
    "supertypes": [],
    "colors": [],
    "power": 1,
    "toughness": 1,
    "base_power": 1,
    "base_toughness": 1,
    "keywords": ["flying"],
    "counters": {},
    "mana_value": 0,
    "damage": 0,
}
TEST_BIG_CREATURE = {
    "name": "Test Big Creature",
    "mana_cost": "{3}{W}",
    "type_line": "Creature — Giant",
    "oracle_text": "",
    "power": "4",
    "toughness": "4",
}


def upkeep_with(*battlefield: JSON, bob: JSON | None = None) -> ReferenceEngine:
    """Bob's end step passes, and Alice's upkeep begins with ``battlefield`` under her control
    (and a card in her library, so that her draw step doesn't lose her the game, 704.5b)."""
    engine = bobs_end_step({"battlefield": list(battlefield), "library": [card("Forest")]}, bob)
    observation = pass_round(engine)
    assert (observation["turn"]["step"], observation["turn"]["active_player"]) == ("upkeep", "Alice")
    return engine


def hangarback(counters: int, ref: str = "hangarback-walker", **details: object) -> JSON:
    """A Hangarback Walker entry with ``counters`` +1/+1 counters."""
    if counters:
        details["counters"] = {"+1/+1": counters}
    return card("Hangarback Walker", ref, **details)


def tokens(observation: JSON) -> list[JSON]:
    return [p for p in observation["battlefield"] if p["token"]]


def without_ref(entry: JSON) -> JSON:
    return {k: v for k, v in entry.items() if k != "ref"}


# -- Contamination's upkeep trigger (503.1, 603.3, 118.12a) ----------------------------


def test_contamination_triggers_as_its_controllers_upkeep_begins() -> None:
    """CR 503.1, 603.3: Contamination's "at the beginning of your upkeep" ability triggers as Alice's upkeep
    begins and is put on the stack before she receives priority."""
    engine = upkeep_with(card("Contamination"))
    observation = look(engine)
    assert [(s["kind"], s["name"], s["controller"]) for s in observation["stack"]] == [
        ("triggered", "Contamination", "Alice")
    ]
    assert observation["turn"]["priority_player"] == "Alice"
    assert [e["source"] for e in events(observation, "ability-triggered")] == ["Contamination"]


def test_contamination_does_not_trigger_in_the_opponents_upkeep() -> None:
    """CR 503.1: "your upkeep" is only its controller's upkeep; Bob's Contamination ignores Alice's."""
    engine = upkeep_with(bob={"battlefield": [card("Contamination")]})
    assert look(engine)["stack"] == []


def test_contamination_asks_its_controller_which_permanent_to_sacrifice() -> None:
    """CR 118.12a, 701.21a: as the trigger resolves, Alice chooses to sacrifice a creature she controls or
    Contamination; her Forest and Bob's creature are not options."""
    engine = upkeep_with(
        card("Contamination"), card("Forest"), hangarback(2), bob={"battlefield": [card("Grizzly Bears")]}
    )
    observation = pass_round(engine)
    choice = observation["pending_choice"]
    assert (choice["player"], choice["kind"]) == ("Alice", "sacrifice")
    assert choice["options"] == ["contamination", "hangarback-walker"]  # refs: Contamination itself, or a creature


def test_contamination_can_sacrifice_itself() -> None:
    """CR 118.12a, 701.21a: choosing not to sacrifice a creature sacrifices Contamination."""
    engine = upkeep_with(card("Contamination"), hangarback(2))
    pass_round(engine)
    observation = do(engine, "choose", "Alice", choice="contamination")
    assert names(observation["battlefield"]) == ["Hangarback Walker"]
    assert names(player(observation, "Alice")["graveyard"]) == ["Contamination"]
    assert observation["stack"] == []


def test_sacrificed_hangarback_walker_makes_a_thopter_per_counter() -> None:
    """CR 603.10a, 111.1, 111.4: Hangarback Walker's dies trigger looks back at its two +1/+1 counters
    and creates two 1/1 colorless flying Thopter artifact creature tokens."""
    engine = upkeep_with(card("Contamination"), hangarback(2))
    pass_round(engine)
    observation = do(engine, "choose", "Alice", choice="hangarback-walker")
    assert [(s["kind"], s["name"]) for s in observation["stack"]] == [("triggered", "Hangarback Walker")]
    assert names(player(observation, "Alice")["graveyard"]) == ["Hangarback Walker"]
    observation = pass_round(engine)
    assert [without_ref(t) for t in tokens(observation)] == [THOPTER, THOPTER]
    assert names(observation["battlefield"]) == ["Contamination", "Thopter Token", "Thopter Token"]
    assert len(events(observation, "token-created")) == 2


def test_identical_simultaneous_triggers_need_no_order() -> None:
    """CR 603.3b: two Contaminations trigger at once; their abilities are the same, so there is no
    order for Alice to choose and both go on the stack."""
    engine = bobs_end_step({"battlefield": [card("Contamination", "c1"), card("Contamination", "c2")]})
    observation = pass_round(engine)
    assert observation["pending_choice"] is None
    assert [s["name"] for s in observation["stack"]] == ["Contamination", "Contamination"]
    assert observation["turn"] == {"number": 2, "active_player": "Alice", "step": "upkeep", "priority_player": "Alice"}


def test_a_sacrificed_token_ceases_to_exist() -> None:
    """CR 111.7, 704.5d: a Thopter token sacrificed to the second Contamination goes to the graveyard
    and then ceases to exist."""
    engine = bobs_end_step({"battlefield": [card("Contamination", "c1"), card("Contamination", "c2"), hangarback(1)]})
    pass_round(engine)
    pass_round(engine)
    do(engine, "choose", "Alice", choice="hangarback-walker")
    pass_round(engine)  # the dies trigger makes one Thopter
    observation = pass_round(engine)
    options = observation["pending_choice"]["options"]
    assert options[0] == "c1" and options[1].startswith("#")  # Contamination itself, or the Thopter token
    observation = do(engine, "choose", "Alice", choice=options[1])
    assert tokens(observation) == []
    assert names(player(observation, "Alice")["graveyard"]) == ["Hangarback Walker"]
    assert events(observation, "zone-change")[-1] == {
        "type": "zone-change",
        "card": "Thopter Token",
        "source_zone": "battlefield",
        "to": "graveyard",
        "token": True,
    }


def test_a_token_created_this_turn_attacks_with_haste() -> None:
    """CR 702.10b, 508.1a, 111.1: a Thopter token made in Alice's upkeep attacks thanks to Fervor,
    named by the ref the engine gave it."""
    engine = upkeep_with(card("Contamination"), card("Fervor"), hangarback(1))
    pass_round(engine)
    do(engine, "choose", "Alice", choice="hangarback-walker")
    pass_round(engine)
    observation = advance_to(engine, "declare-attackers")
    thopter = tokens(observation)[0]["ref"]
    assert thopter.startswith("#")
    observation = do(engine, "declare-attackers", "Alice", attackers=[thopter])
    assert permanent(observation, thopter)["tapped"]


def test_contamination_gone_still_lets_its_controller_sacrifice_a_creature() -> None:
    """CR 118.12, 118.12a: "sacrifice this unless you sacrifice a creature" means "you may sacrifice a
    creature; if you don't, sacrifice this". With Contamination gone (400.7) nothing is left to
    keep, but Alice may still sacrifice a creature, or decline ("none"); Contamination is not
    offered, as a permanent that's gone can't be sacrificed (701.21a).

    The trigger resolves through :func:`oracle.effects.run` directly, its source sacrificed first.
    """
    engine = upkeep_with(card("Contamination"), card("Grizzly Bears"))
    for answer, left in (("none", ["Grizzly Bears"]), ("grizzly-bears", [])):
        asked = Game(copy.deepcopy(engine.state))
        item = asked.state.stack[-1]
        asked.sacrifice(asked.obj(item.source_id))
        with pytest.raises(NeedChoice) as question:
            effects.run(asked, item)
        assert question.value.choice.options == ["grizzly-bears", "none"]
        game = Game(copy.deepcopy(engine.state), [answer])
        item = game.state.stack[-1]
        game.sacrifice(game.obj(item.source_id))
        effects.run(game, item)
        assert [o.card.name for o in game.state.permanents()] == left


def test_contamination_gone_with_no_creature_asks_nothing() -> None:
    """With neither Contamination nor a creature to sacrifice, there is nothing to choose."""
    engine = upkeep_with(card("Contamination"), card("Forest"))
    game = Game(copy.deepcopy(engine.state))
    item = game.state.stack[-1]
    game.sacrifice(game.obj(item.source_id))
    effects.run(game, item)
    assert [o.card.name for o in game.state.permanents()] == ["Forest"]


# -- Hangarback Walker's activated ability (602.2, 608.2) ------------------------------


def test_hangarback_walkers_ability_uses_the_stack() -> None:
    """CR 602.2, 405.1, 608.2: "{1}, {T}: Put a +1/+1 counter" is paid on activation and goes on the
    stack; the counter is put on as it resolves (122.1)."""
    engine = start({"battlefield": [hangarback(2)], "mana_pool": {"C": 1}})
    observation = do(engine, "activate", "Alice", source="hangarback-walker", ability=1)
    assert observation["stack"] == [
        {
            "kind": "activated",
            "name": "Hangarback Walker",
            "ref": "hangarback-walker",
            "controller": "Alice",
            "text": "{1}, {T}: Put a +1/+1 counter on this creature.",
            "x": None,
        }
    ]
    walker = permanent(observation, "hangarback-walker")
    assert walker["tapped"] and walker["counters"] == {"+1/+1": 2}
    assert player(observation, "Alice")["mana_pool"] == {}
    observation = pass_round(engine)
    walker = permanent(observation, "hangarback-walker")
    assert walker["counters"] == {"+1/+1": 3}
    assert (walker["power"], walker["toughness"], walker["base_power"], walker["base_toughness"]) == (3, 3, 0, 0)


def test_hangarback_walkers_ability_needs_its_cost() -> None:
    """CR 302.6, 602.2b, 601.2h: the {T} ability needs the Walker under control since the turn began,
    and {1} in the pool."""
    engine = start({"battlefield": [hangarback(1, came_under_control_this_turn=True)], "mana_pool": {"C": 1}})
    refuse(engine, "summoning-sickness", "activate", "Alice", source="hangarback-walker", ability=1)
    engine = start({"battlefield": [hangarback(1)]})
    refuse(engine, "cannot-pay", "activate", "Alice", source="hangarback-walker", ability=1)


def test_a_counter_ability_whose_source_died_puts_no_counter() -> None:
    """CR 608.2h, 400.7, 704.5f: a 0/0 Hangarback Walker activates its ability, dies as state-based actions
    are checked, and the ability resolves without putting a counter on anything."""
    engine = start({"battlefield": [hangarback(0)], "mana_pool": {"C": 1}})
    observation = do(engine, "activate", "Alice", source="hangarback-walker", ability=1)
    assert [s["kind"] for s in observation["stack"]] == ["activated", "triggered"]
    assert names(player(observation, "Alice")["graveyard"]) == ["Hangarback Walker"]
    pass_round(engine)
    observation = pass_round(engine)
    assert observation["stack"] == [] and observation["battlefield"] == []
    assert events(observation, "counters-added") == [] and events(observation, "token-created") == []


def test_hangarback_walker_cast_for_x_equal_zero_dies_without_thopters() -> None:
    """CR 107.3m, 704.5f, 603.10a: Hangarback Walker cast with X=0 enters with no counters, dies as a 0/0,
    and its dies trigger creates no Thopter."""
    engine = start({"hand": [hangarback(0)]})
    do(engine, "cast", "Alice", card="hangarback-walker", x=0)
    observation = pass_round(engine)
    assert observation["battlefield"] == []
    assert [s["name"] for s in observation["stack"]] == ["Hangarback Walker"]
    observation = pass_round(engine)
    assert observation["battlefield"] == [] and observation["stack"] == []


# -- Order of Whiteclay: targets (115, 608.2b) -----------------------------------------


def whiteclay(
    *extra: JSON, graveyard: list[JSON] | None = None, bob: JSON | None = None, engine: ReferenceEngine | None = None
) -> ReferenceEngine:
    """Alice controls tapped Order(s) of Whiteclay, has {W}x6 and Grizzly Bears in her graveyard."""
    alice = {
        "battlefield": [card("Order of Whiteclay", "order-1", tapped=True), *extra],
        "graveyard": graveyard if graveyard is not None else [card("Grizzly Bears")],
        "mana_pool": {"W": 6},
    }
    return start(alice, bob, engine=engine)


def test_an_ability_whose_only_target_became_illegal_does_nothing() -> None:
    """CR 608.2b: two Orders of Whiteclay target the same Grizzly Bears; after the first returns it, the
    second's target is gone (400.7), so that ability doesn't resolve and does nothing."""
    engine = whiteclay(card("Order of Whiteclay", "order-2", tapped=True))
    do(engine, "activate", "Alice", source="order-1", ability=1, targets=["grizzly-bears"])
    observation = do(engine, "activate", "Alice", source="order-2", ability=1, targets=["grizzly-bears"])
    assert len(observation["stack"]) == 2
    observation = pass_round(engine)
    assert names(observation["battlefield"]).count("Grizzly Bears") == 1
    assert player(observation, "Alice")["graveyard"] == []
    observation = pass_round(engine)
    assert observation["stack"] == []
    assert names(observation["battlefield"]).count("Grizzly Bears") == 1
    fizzled = events(observation, "fizzled")
    assert len(fizzled) == 1 and fizzled[0]["ability"].startswith("{1}{W}{W}, {Q}: Return target creature card")


@pytest.mark.parametrize(
    "alice_graveyard, bob, targets",
    [
        ([], {"graveyard": [card("Grizzly Bears")]}, ["grizzly-bears"]),
        ([card("Contamination")], None, ["contamination"]),
        ([], {"battlefield": [card("Grizzly Bears")]}, ["grizzly-bears"]),
        ([card("Grizzly Bears")], None, []),
        ([card("Test Big Creature", "giant")], None, ["giant"]),
    ],
    ids=["opponents-graveyard", "not-a-creature", "on-the-battlefield", "no-target", "mana-value-4"],
)
def test_order_of_whiteclay_needs_a_legal_target(
    alice_graveyard: list[JSON], bob: JSON | None, targets: list[str]
) -> None:
    """CR 115.1, 602.2b: the target must be a creature card with mana value 3 or less in Alice's graveyard."""
    engine = whiteclay(graveyard=alice_graveyard, bob=bob, engine=engine_with(TEST_BIG_CREATURE))
    refuse(engine, "illegal-target", "activate", "Alice", source="order-1", ability=1, targets=targets)


# -- Gauntlet of Power, Vernal Bloom: chosen colors and trigger filters ---------------------


def test_gauntlet_of_power_color_is_chosen_as_it_enters() -> None:
    """CR 614.12, 613.4c, 105.2: Alice chooses a color as Gauntlet of Power enters; green creatures get
    +1/+1 and the colorless Pili-Pala does not."""
    engine = start(
        {
            "hand": [card("Gauntlet of Power")],
            "battlefield": [card("Grizzly Bears"), card("Pili-Pala")],
            "mana_pool": {"C": 5},
        }
    )
    do(engine, "cast", "Alice", card="gauntlet-of-power")
    observation = pass_round(engine)
    choice = observation["pending_choice"]
    assert (choice["player"], choice["kind"], choice["options"]) == (
        "Alice",
        "color",
        ["white", "blue", "black", "red", "green"],
    )
    observation = do(engine, "choose", "Alice", choice="green")
    assert permanent(observation, "gauntlet-of-power")["chosen_color"] == "green"
    bears, pili = permanent(observation, "grizzly-bears"), permanent(observation, "pili-pala")
    assert (bears["power"], bears["toughness"], bears["base_power"]) == (3, 3, 2)
    assert (pili["power"], pili["toughness"]) == (1, 1)


def test_gauntlet_of_power_adds_mana_only_for_basic_lands() -> None:
    """CR 106.12a, 605.1b, 205.4a: Gauntlet of Power (green) adds {G} when a basic Forest is tapped for {G},
    but not when the nonbasic Reflecting Pool is."""
    engine = start(
        {"battlefield": [card("Gauntlet of Power", chosen_color="green"), card("Forest"), card("Reflecting Pool")]}
    )
    do(engine, "activate", "Alice", source="reflecting-pool", ability=1)
    observation = do(engine, "choose", "Alice", choice="{G}")
    assert player(observation, "Alice")["mana_pool"] == {"G": 1}
    observation = do(engine, "activate", "Alice", source="forest", ability=1)
    assert player(observation, "Alice")["mana_pool"] == {"G": 3}


@pytest.mark.parametrize("land, pool", [("Mountain", {"R": 1}), ("Forest", {"G": 2})])
def test_vernal_bloom_triggers_only_for_forests(land: str, pool: dict[str, int]) -> None:
    """CR 106.12a, 205.3i: Vernal Bloom adds {G} when a Forest is tapped for mana, not a Mountain."""
    ref = land.lower()
    engine = start({"battlefield": [card("Vernal Bloom"), card(land)]})
    observation = do(engine, "activate", "Alice", source=ref, ability=1)
    assert player(observation, "Alice")["mana_pool"] == pool


# -- state-based actions (704) ----------------------------------------------------------


def test_a_player_at_zero_life_loses() -> None:
    """CR 704.5a, 120.3a: Manabarbs deals Alice her last point of life; she loses when state-based actions
    are checked after it resolves."""
    engine = start({"life": 1, "battlefield": [card("Mountain")]}, {"battlefield": [card("Manabarbs")]})
    observation = do(engine, "activate", "Alice", source="mountain", ability=1)
    assert [s["name"] for s in observation["stack"]] == ["Manabarbs"]
    assert not player(observation, "Alice")["lost"]
    observation = pass_round(engine)
    assert player(observation, "Alice")["life"] == 0
    assert player(observation, "Alice")["lost"]
    assert not player(observation, "Bob")["lost"]
    assert "704.5a" in events(observation, "player-lost")[0]["reason"]


def test_state_based_actions_are_checked_when_priority_passes() -> None:
    """CR 117.5, 704.3, 704.5a: before Bob receives priority, state-based actions are checked, so Alice,
    at 0 life, loses."""
    engine = start({"life": 0})
    observation = do(engine, "pass", "Alice")
    assert player(observation, "Alice")["lost"]


def test_lethal_damage_puts_a_creature_into_the_graveyard() -> None:
    """CR 704.5g: a creature with damage at least its toughness is destroyed; less damage is not enough.

    The adapter can't deal damage, so it is marked on the state and the check is run directly.
    """
    engine = start({"battlefield": [card("Grizzly Bears", "dying"), card("Grizzly Bears", "hurt")]})
    game = Game(engine.state)
    game.obj(engine._ref(engine.state, "dying")).damage = 2
    game.obj(engine._ref(engine.state, "hurt")).damage = 1
    assert game.check_state_based_actions() is True
    observation = look(engine)
    assert [p["ref"] for p in observation["battlefield"]] == ["hurt"]
    assert names(player(observation, "Alice")["graveyard"]) == ["Grizzly Bears"]
    assert game.check_state_based_actions() is False  # 704.3: nothing more applies


# -- Game-level guards the adapter screens off ----------------------------------------


def test_the_game_refuses_an_answer_outside_the_options() -> None:
    """CR 105.1, 106.7: Pili-Pala adds mana of one of the five colors; "purple" is not one of them."""
    engine = start({"battlefield": [card("Pili-Pala", tapped=True)], "mana_pool": {"C": 2}})
    game = Game(copy.deepcopy(engine.state), ["purple"])
    with pytest.raises(Rejected) as caught:
        game.activate("Alice", engine._ref(engine.state, "pili-pala"))
    assert caught.value.code == "invalid-choice"


def test_an_object_that_left_its_zone_is_gone() -> None:
    """CR 400.7: a sacrificed Grizzly Bears becomes a new object in the graveyard; the permanent it was
    can no longer be found.

    The adapter follows a card by its ref across zones, so the old object is looked up directly.
    """
    engine = start({"battlefield": [card("Grizzly Bears")]})
    game = Game(copy.deepcopy(engine.state))
    old = game.obj(engine._ref(engine.state, "grizzly-bears"))
    game.sacrifice(old)
    with pytest.raises(Rejected) as caught:
        game.obj(old.id)
    assert caught.value.code == "unknown-object"
    [new_id] = game.state.player("Alice").graveyard
    assert new_id != old.id and game.obj(new_id).card.name == "Grizzly Bears"
