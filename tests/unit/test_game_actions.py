"""Player actions in the reference engine: priority, casting, costs, attacking, choices and setup.

Driven through the adapter contract; helpers come from :mod:`tests.unit.test_game_turns`.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.adapters.reference import ReferenceEngine
from tests.unit.test_game_turns import (
    JSON,
    act,
    advance_to,
    card,
    do,
    engine_with,
    events,
    look,
    pass_round,
    permanent,
    player,
    position,
    refuse,
    start,
)

#: Cards the fixtures lack, to reach rules no fixture card uses.
TEST_INSTANT = {"name": "Test Instant", "mana_cost": "{U}", "type_line": "Instant", "oracle_text": ""}
TEST_SORCERY_SPEED = {
    "name": "Test Sorcery Speed",
    "mana_cost": "{G}",
    "type_line": "Creature — Elf",
    "oracle_text": "{T}: Put a +1/+1 counter on this creature. Activate only as a sorcery.",
    "power": "1",
    "toughness": "1",
    "abilities": [
        {
            "kind": "activated",
            "text": "{T}: Put a +1/+1 counter on this creature.",
            "timing": "sorcery",
            "effects": [{"put_counters": {"counter": "+1/+1", "amount": 1}}],
        }
    ],
}


def in_combat(alice: JSON | None = None, bob: JSON | None = None) -> ReferenceEngine:
    """Alice's declare attackers step has just begun: she must declare attackers (508.1)."""
    engine = start(alice, bob, step="beginning-of-combat")
    observation = pass_round(engine)
    assert observation["turn"]["step"] == "declare-attackers" and observation["turn"]["priority_player"] == ""
    return engine


BEARS_IN_HAND = {"hand": [card("Grizzly Bears")], "mana_pool": {"G": 2}}

# -- priority (117) ------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "pass"},
        {"type": "activate", "source": "forest", "ability": 1},
        {"type": "cast", "card": "llanowar-elves"},
    ],
    ids=["pass", "activate", "cast"],
)
def test_a_player_without_priority_can_not_act(action: JSON) -> None:
    """CR 117.1: only the player holding priority may pass, cast or activate; the state is unchanged."""
    engine = start(bob={"battlefield": [card("Forest")], "hand": [card("Llanowar Elves")], "mana_pool": {"G": 1}})
    fields = {k: v for k, v in action.items() if k != "type"}
    reason = refuse(engine, "no-priority", action["type"], "Bob", **fields)
    assert "Alice" in reason


def test_the_caster_keeps_priority_after_casting() -> None:
    """CR 117.3c, 601.2i: after casting a spell, its caster receives priority; the spell waits on the stack."""
    engine = start(BEARS_IN_HAND)
    observation = do(engine, "cast", "Alice", card="grizzly-bears")
    assert observation["turn"]["priority_player"] == "Alice"
    assert observation["stack"] == [
        {"kind": "spell", "name": "Grizzly Bears", "ref": "grizzly-bears", "controller": "Alice", "text": None, "x": 0}
    ]
    assert player(observation, "Alice")["mana_pool"] == {}
    assert player(observation, "Alice")["hand"] == []


# -- casting spells (601, 302, 307) -----------------------------------------------------


def test_a_creature_spell_can_not_be_cast_outside_a_main_phase() -> None:
    """CR 302.1: a creature spell may be cast only in its controller's main phase."""
    engine = start(BEARS_IN_HAND, step="upkeep")
    reason = refuse(engine, "timing", "cast", "Alice", card="grizzly-bears")
    assert "302.1" in reason


def test_a_creature_spell_can_not_be_cast_while_the_stack_is_not_empty() -> None:
    """CR 302.1: a creature spell needs an empty stack, even in its controller's main phase."""
    engine = start(
        {
            "hand": [card("Grizzly Bears")],
            "battlefield": [card("Hangarback Walker", counters={"+1/+1": 1})],
            "mana_pool": {"G": 2, "C": 1},
        }
    )
    do(engine, "activate", "Alice", source="hangarback-walker", ability=1)
    refuse(engine, "timing", "cast", "Alice", card="grizzly-bears")


def test_a_creature_spell_can_not_be_cast_in_the_opponents_main_phase() -> None:
    """CR 302.1: only the active player's main phase allows casting a creature spell."""
    engine = start(bob=BEARS_IN_HAND)
    do(engine, "pass", "Alice")
    refuse(engine, "timing", "cast", "Bob", card="grizzly-bears")


def test_a_land_can_not_be_cast() -> None:
    """CR 305.1: lands are played, not cast."""
    engine = start({"hand": [card("Forest")]})
    reason = refuse(engine, "not-allowed", "cast", "Alice", card="forest")
    assert "land" in reason


def test_x_can_not_be_announced_for_a_card_without_x() -> None:
    """CR 107.3, 601.2b: X is announced only for a spell with {X} in its cost."""
    engine = start(BEARS_IN_HAND)
    refuse(engine, "not-allowed", "cast", "Alice", card="grizzly-bears", x=2)


def test_x_can_not_be_negative() -> None:
    """CR 107.1b: a player can't choose a negative number for X."""
    engine = start({"hand": [card("Endless One")]})
    refuse(engine, "not-allowed", "cast", "Alice", card="endless-one", x=-1)


@pytest.mark.parametrize("zone", ["battlefield", "graveyard", "library"])
def test_only_a_card_in_the_casters_hand_can_be_cast(zone: str) -> None:
    """CR 601.2a: a spell is cast from where it is, and the reference engine supports only the hand."""
    engine = start({zone: [card("Grizzly Bears")], "mana_pool": {"G": 2}})
    refuse(engine, "not-allowed", "cast", "Alice", card="grizzly-bears")


def test_an_instant_can_be_cast_at_any_time_and_goes_to_the_graveyard() -> None:
    """CR 304.1, 117.1a, 608.2n: an instant is cast whenever its caster has priority, even with a
    non-empty stack, and is put into its owner's graveyard as it resolves."""
    engine = start(
        {"hand": [card("Test Instant", "first"), card("Test Instant", "second")], "mana_pool": {"U": 2}},
        step="upkeep",
        engine=engine_with(TEST_INSTANT),
    )
    do(engine, "cast", "Alice", card="first")
    observation = do(engine, "cast", "Alice", card="second")
    assert [item["name"] for item in observation["stack"]] == ["Test Instant", "Test Instant"]
    observation = pass_round(engine)
    assert [c["ref"] for c in player(observation, "Alice")["graveyard"]] == ["second"]
    observation = pass_round(engine)
    assert [c["ref"] for c in player(observation, "Alice")["graveyard"]] == ["second", "first"]
    assert observation["battlefield"] == []


# -- activated abilities (602) ------------------------------------------------------


def test_an_ability_needs_a_permanent_its_activator_controls() -> None:
    """CR 602.2: a player activates abilities of permanents they control only."""
    engine = start({"hand": [card("Llanowar Elves")]}, {"battlefield": [card("Forest")]})
    refuse(engine, "not-allowed", "activate", "Alice", source="forest", ability=1)
    refuse(engine, "not-allowed", "activate", "Alice", source="llanowar-elves", ability=1)


def test_an_ability_number_must_exist() -> None:
    """CR 602.1, 305.6: a Forest has exactly one activated ability, its intrinsic mana ability."""
    engine = start({"battlefield": [card("Forest")]})
    refuse(engine, "unknown-object", "activate", "Alice", source="forest", ability=2)


def test_a_sorcery_speed_ability_can_not_be_activated_in_the_upkeep() -> None:
    """CR 602.5d: "activate only as a sorcery" needs the main phase, an empty stack and priority."""
    engine = start(
        {"battlefield": [card("Test Sorcery Speed", "elf")]}, step="upkeep", engine=engine_with(TEST_SORCERY_SPEED)
    )
    reason = refuse(engine, "timing", "activate", "Alice", source="elf", ability=1)
    assert "602.5d" in reason


def test_a_sorcery_speed_ability_uses_the_stack_in_the_main_phase() -> None:
    """CR 602.5d, 602.2, 608.2: in the main phase the ability is activated and resolves from the stack."""
    engine = start({"battlefield": [card("Test Sorcery Speed", "elf")]}, engine=engine_with(TEST_SORCERY_SPEED))
    observation = do(engine, "activate", "Alice", source="elf", ability=1)
    assert [item["kind"] for item in observation["stack"]] == ["activated"]
    observation = pass_round(engine)
    assert permanent(observation, "elf")["counters"] == {"+1/+1": 1}


def test_tapping_an_untapped_creature_for_a_cost_needs_one() -> None:
    """CR 118.3, 602.2b: a cost that can't be paid can't be paid at all; Springleaf Drum needs a creature to tap."""
    engine = start({"battlefield": [card("Springleaf Drum"), card("Grizzly Bears", tapped=True)]})
    refuse(engine, "cannot-pay", "activate", "Alice", source="springleaf-drum", ability=1)


def test_the_player_chooses_which_creature_to_tap_for_a_cost() -> None:
    """CR 601.2h, 602.2b: the activating player chooses which untapped creature pays Springleaf Drum's cost."""
    engine = start({"battlefield": [card("Springleaf Drum"), card("Grizzly Bears"), card("Llanowar Elves")]})
    observation = do(engine, "activate", "Alice", source="springleaf-drum", ability=1)
    choice = observation["pending_choice"]
    assert (choice["player"], choice["kind"], choice["options"]) == (
        "Alice",
        "permanent",
        ["grizzly-bears", "llanowar-elves"],
    )
    observation = do(engine, "choose", "Alice", choice="llanowar-elves")
    assert observation["pending_choice"]["kind"] == "mana-color"
    observation = do(engine, "choose", "Alice", choice="{U}")
    assert player(observation, "Alice")["mana_pool"] == {"U": 1}
    assert permanent(observation, "llanowar-elves")["tapped"]
    assert not permanent(observation, "grizzly-bears")["tapped"]


# -- references, choices and malformed actions --------------------------------------


@pytest.mark.parametrize(
    "kind, fields",
    [
        ("cast", {"card": "no-such-card"}),
        ("activate", {"source": "no-such-card", "ability": 1}),
        ("activate", {"source": "#999", "ability": 1}),
        ("activate", {"source": "order-of-whiteclay", "ability": 1, "targets": ["nothing"]}),
    ],
    ids=["cast", "activate", "numbered-ref", "target"],
)
def test_unknown_refs_are_rejected(kind: str, fields: JSON) -> None:
    """CR 109.1: an action must name an object that exists."""
    engine = start({"battlefield": [card("Order of Whiteclay", tapped=True)], "mana_pool": {"W": 3}})
    refuse(engine, "unknown-object", kind, "Alice", **fields)


def test_an_unknown_attacker_ref_is_rejected() -> None:
    """CR 508.1a, 109.1: only an existing creature can be declared as an attacker."""
    engine = in_combat()
    refuse(engine, "unknown-object", "declare-attackers", "Alice", attackers=["ghost"])


def test_answering_without_a_pending_choice_is_rejected() -> None:
    """CR 117.1: a player answers only a choice the rules put to them."""
    engine = start()
    refuse(engine, "no-pending-choice", "choose", "Alice", choice="{G}")


def test_a_pending_choice_must_be_answered_first_and_correctly() -> None:
    """CR 106.7, 605.3b: Pili-Pala's controller chooses the mana's color; until then nothing else happens,
    and only that player can answer, with one of the offered colors."""
    engine = start({"battlefield": [card("Pili-Pala", tapped=True)], "mana_pool": {"C": 2}})
    observation = do(engine, "activate", "Alice", source="pili-pala", ability=1)
    assert observation["pending_choice"]["options"] == ["{W}", "{U}", "{B}", "{R}", "{G}"]
    refuse(engine, "pending-choice", "pass", "Alice")
    refuse(engine, "invalid-choice", "choose", "Alice", choice="{C}")
    refuse(engine, "invalid-choice", "choose", "Bob", choice="{B}")
    observation = do(engine, "choose", "Alice", choice="{B}")
    assert observation["pending_choice"] is None
    assert player(observation, "Alice")["mana_pool"] == {"B": 1}


def test_an_unknown_action_type_or_player_is_rejected() -> None:
    """CR 102.1, 117.1: only the game's players take the actions the rules define."""
    engine = start()
    refuse(engine, "unsupported", "play-land", "Alice")
    refuse(engine, "not-allowed", "pass", "Carol")


# -- cost increases (601.2f): Damping Sphere ---------------------------------------------


@pytest.mark.parametrize("sphere, accepted", [(True, False), (False, True)], ids=["with-sphere", "without-sphere"])
def test_damping_sphere_taxes_the_second_spell_of_the_turn(sphere: bool, accepted: bool) -> None:
    """CR 601.2f: Damping Sphere makes each spell cost {1} more for each other spell its caster cast this
    turn, so after Llanowar Elves, {G}{G} no longer pays for Grizzly Bears."""
    battlefield = [card("Damping Sphere")] if sphere else []
    engine = start(
        {"battlefield": battlefield, "hand": [card("Llanowar Elves"), card("Grizzly Bears")], "mana_pool": {"G": 3}}
    )
    do(engine, "cast", "Alice", card="llanowar-elves")
    observation = pass_round(engine)
    assert player(observation, "Alice")["mana_pool"] == {"G": 2}  # the first spell costs no more
    outcome = act(engine, "cast", "Alice", card="grizzly-bears")
    assert outcome["accepted"] is accepted
    if not accepted:
        assert outcome["rejection"]["code"] == "cannot-pay"


def test_damping_sphere_second_spell_paid_with_the_extra_mana() -> None:
    """CR 601.2f, 601.2h: with Damping Sphere the second spell of the turn costs {1} more, and that is paid."""
    engine = start(
        {
            "battlefield": [card("Damping Sphere")],
            "hand": [card("Llanowar Elves"), card("Grizzly Bears")],
            "mana_pool": {"G": 4},
        }
    )
    do(engine, "cast", "Alice", card="llanowar-elves")
    pass_round(engine)
    observation = do(engine, "cast", "Alice", card="grizzly-bears")
    assert player(observation, "Alice")["mana_pool"] == {}
    assert observation["stack"][0]["name"] == "Grizzly Bears"


def test_damping_sphere_counts_only_spells_cast_this_turn() -> None:
    """CR 601.2f: spells Alice cast in an earlier turn don't make her first spell of a new turn cost more."""
    engine = start(
        {
            "battlefield": [card("Damping Sphere"), card("Forest", "forest-1"), card("Forest", "forest-2")],
            "hand": [card("Llanowar Elves"), card("Grizzly Bears")],
            "mana_pool": {"G": 1},
            "library": [card("Island")],
        },
        {"library": [card("Island")]},  # both draw on the way: an empty library loses (704.5b)
    )
    do(engine, "cast", "Alice", card="llanowar-elves")
    pass_round(engine)
    advance_to(engine, "upkeep", active="Bob")
    advance_to(engine, "precombat-main", active="Alice")
    do(engine, "activate", "Alice", source="forest-1", ability=1)
    do(engine, "activate", "Alice", source="forest-2", ability=1)
    observation = do(engine, "cast", "Alice", card="grizzly-bears")
    assert observation["stack"][0]["name"] == "Grizzly Bears"


# -- declaring attackers (508) -------------------------------------------------------------


def test_attackers_can_not_be_declared_outside_the_declare_attackers_step() -> None:
    """CR 508.1: attackers are declared as the declare attackers step begins, not in a main phase."""
    engine = start({"battlefield": [card("Grizzly Bears")]})
    refuse(engine, "timing", "declare-attackers", "Alice", attackers=["grizzly-bears"])


def test_only_the_active_player_declares_attackers() -> None:
    """CR 508.1: the active player declares attackers; the other player can't, and nobody has priority before."""
    engine = in_combat(bob={"battlefield": [card("Grizzly Bears")]})
    refuse(engine, "timing", "declare-attackers", "Bob", attackers=["grizzly-bears"])
    refuse(engine, "no-priority", "pass", "Alice")


def test_declaring_no_attackers_is_legal() -> None:
    """CR 508.1a, 508.1d: no creature is required to attack; Alice then receives priority (117.3a)."""
    engine = in_combat({"battlefield": [card("Grizzly Bears")]})
    observation = do(engine, "declare-attackers", "Alice", attackers=[])
    assert observation["turn"]["priority_player"] == "Alice"
    assert not permanent(observation, "grizzly-bears")["tapped"]
    refuse(engine, "timing", "declare-attackers", "Alice", attackers=["grizzly-bears"])  # only once


def test_attacking_taps_the_attackers() -> None:
    """CR 508.1f: declared attackers become tapped."""
    engine = in_combat({"battlefield": [card("Grizzly Bears"), card("Llanowar Elves")]})
    observation = do(engine, "declare-attackers", "Alice", attackers=["grizzly-bears"])
    assert permanent(observation, "grizzly-bears")["tapped"]
    assert not permanent(observation, "llanowar-elves")["tapped"]
    assert events(observation, "attackers-declared")[-1]["attackers"] == ["Grizzly Bears"]


def test_a_summoning_sick_creature_can_not_attack() -> None:
    """CR 302.6, 508.1a: a creature that came under Alice's control this turn can't attack."""
    engine = in_combat({"battlefield": [card("Grizzly Bears", came_under_control_this_turn=True)]})
    refuse(engine, "summoning-sickness", "declare-attackers", "Alice", attackers=["grizzly-bears"])


def test_a_creature_with_haste_attacks_the_turn_it_arrives() -> None:
    """CR 702.10b, 508.1a: Fervor gives haste, so a creature new to Alice can attack."""
    engine = in_combat({"battlefield": [card("Fervor"), card("Grizzly Bears", came_under_control_this_turn=True)]})
    observation = do(engine, "declare-attackers", "Alice", attackers=["grizzly-bears"])
    assert permanent(observation, "grizzly-bears")["tapped"]
    assert "haste" in permanent(observation, "grizzly-bears")["keywords"]


def test_a_creature_cast_this_turn_can_not_attack() -> None:
    """CR 302.6, 508.1a: a creature spell that resolved this turn is summoning sick in this turn's combat."""
    engine = start(BEARS_IN_HAND)
    do(engine, "cast", "Alice", card="grizzly-bears")
    pass_round(engine)
    advance_to(engine, "declare-attackers")
    refuse(engine, "summoning-sickness", "declare-attackers", "Alice", attackers=["grizzly-bears"])


@pytest.mark.parametrize(
    "alice, bob, code",
    [
        ({"battlefield": [card("Grizzly Bears", tapped=True)]}, {}, "already-tapped"),
        ({"battlefield": [card("Forest", "grizzly-bears")]}, {}, "not-allowed"),
        ({}, {"battlefield": [card("Grizzly Bears")]}, "not-allowed"),
    ],
    ids=["tapped", "not-a-creature", "opponents-creature"],
)
def test_only_untapped_creatures_alice_controls_can_attack(alice: JSON, bob: JSON, code: str) -> None:
    """CR 508.1a: the attackers are untapped creatures the active player controls."""
    engine = in_combat(alice, bob)
    refuse(engine, code, "declare-attackers", "Alice", attackers=["grizzly-bears"])


def test_declaring_no_attackers_skips_to_the_end_of_combat() -> None:
    """CR 506.1, 508.8: if no creatures are declared as attackers, the declare blockers and combat
    damage steps are skipped."""
    engine = in_combat()
    do(engine, "declare-attackers", "Alice", attackers=[])
    observation = pass_round(engine)
    assert observation["turn"]["step"] == "end-of-combat"


def test_an_unblocked_attacker_deals_combat_damage() -> None:
    """CR 510.1a, 120.3a: an unblocked Grizzly Bears deals 2 combat damage to the defending player."""
    engine = in_combat({"battlefield": [card("Grizzly Bears")]})
    do(engine, "declare-attackers", "Alice", attackers=["grizzly-bears"])
    observation = advance_to(engine, "end-of-combat")
    assert player(observation, "Bob")["life"] == 18


# -- setup ----------------------------------------------------------------------


def test_an_unknown_card_in_a_position_is_refused_by_name() -> None:
    """CR 108.1, 109.1: a position can only hold cards the engine knows; setup says which one it doesn't,
    and the previous game stays as it was."""
    engine = start({"battlefield": [card("Forest")]})
    before = look(engine)
    outcome = engine.setup(position({"hand": [card("Black Lotus")]}))
    assert outcome["accepted"] is False
    assert outcome["rejection"]["code"] == "not-allowed"
    assert "Black Lotus" in outcome["rejection"]["reason"]
    assert look(engine) == before


@pytest.mark.parametrize("turn", [{"active": "Carol"}, {"step": "second-main"}], ids=["player", "step"])
def test_a_position_must_name_a_real_player_and_step(turn: dict[str, Any]) -> None:
    """CR 500.1, 102.1: the turn names one of the game's players and one of the steps of a turn."""
    outcome = ReferenceEngine().setup(position(**turn))
    assert outcome["accepted"] is False
    assert outcome["rejection"]["code"] == "not-allowed"
    assert "turn names an unknown player or step" in outcome["rejection"]["reason"]
