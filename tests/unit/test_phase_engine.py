"""Unit tests of the phase.rs adapter (:mod:`oracle.adapters.phase`); skipped without phase-python."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("phase")

from oracle.adapters.phase.cards import atomic_card, not_understood
from oracle.adapters.phase.engine import PhaseEngine
from oracle.contract.cards import card_records
from oracle.contract.validation import errors
from oracle.paths import cards_dir

MAIN_PHASE = {"number": 3, "active_player": "Alice", "step": "precombat-main"}


def position(alice: dict[str, Any], bob: dict[str, Any] | None = None, turn: dict[str, Any] = MAIN_PHASE) -> dict:
    return {"players": [{"name": "Alice", **alice}, {"name": "Bob", **(bob or {})}], "turn": dict(turn)}


def elves_and_forest(forest_tapped: bool = False) -> dict[str, Any]:
    return position(
        {
            "battlefield": [
                {"card": "Llanowar Elves", "ref": "elves"},
                {"card": "Forest", "ref": "forest", "tapped": forest_tapped},
            ]
        }
    )


@pytest.fixture(scope="module")
def engine() -> PhaseEngine:
    return PhaseEngine()


def observe(engine: PhaseEngine) -> dict[str, Any]:
    """Observe, and check the observation against the contract on the way."""
    observation = engine.observe()
    assert errors(observation, "observation.schema.json") == []
    return observation


def permanent(observation: dict[str, Any], ref: str) -> dict[str, Any]:
    return next(p for p in observation["battlefield"] if p["ref"] == ref)


def test_describe_fits_the_contract(engine: PhaseEngine) -> None:
    description = engine.describe()
    assert errors(description, "engine.schema.json") == []
    assert description["name"] == "phase.rs"
    assert description["version"]


def test_a_simple_position_sets_up_and_is_observed(engine: PhaseEngine) -> None:
    assert engine.setup(elves_and_forest()) == {"accepted": True}
    observation = observe(engine)
    assert observation["turn"] == {
        "number": 3,
        "active_player": "Alice",
        "step": "precombat-main",
        "priority_player": "Alice",
    }
    elves = permanent(observation, "elves")
    assert (elves["name"], elves["controller"], elves["tapped"], elves["token"]) == (
        "Llanowar Elves",
        "Alice",
        False,
        False,
    )
    assert (elves["power"], elves["toughness"], elves["base_power"], elves["mana_value"]) == (1, 1, 1, 1)
    assert (elves["types"], elves["subtypes"], elves["colors"]) == (["Creature"], ["Elf", "Druid"], ["green"])
    forest = permanent(observation, "forest")
    assert forest["supertypes"] == ["Basic"] and forest["power"] is None
    assert observation["players"][0]["life"] == 20 and observation["players"][0]["hand"] == []
    assert observation["stack"] == [] and observation["pending_choice"] is None


def test_tapping_forest_for_mana_adds_green(engine: PhaseEngine) -> None:
    engine.setup(elves_and_forest())
    assert engine.perform({"type": "activate", "player": "Alice", "source": "forest", "ability": 1}) == {
        "accepted": True
    }
    observation = observe(engine)
    assert observation["players"][0]["mana_pool"] == {"G": 1}
    assert permanent(observation, "forest")["tapped"]


def test_tapping_a_tapped_permanent_is_rejected_and_changes_nothing(engine: PhaseEngine) -> None:
    engine.setup(elves_and_forest(forest_tapped=True))
    before = observe(engine)
    outcome = engine.perform({"type": "activate", "player": "Alice", "source": "forest", "ability": 1})
    assert errors(outcome, "outcome.schema.json") == []
    assert outcome["accepted"] is False and outcome["rejection"]["code"] == "already-tapped"
    assert observe(engine) == before


def test_summoning_sickness_is_its_own_rejection(engine: PhaseEngine) -> None:
    engine.setup(
        position({"battlefield": [{"card": "Llanowar Elves", "ref": "e", "came_under_control_this_turn": True}]})
    )
    outcome = engine.perform({"type": "activate", "player": "Alice", "source": "e", "ability": 1})
    assert outcome["rejection"]["code"] == "summoning-sickness"


def test_a_mana_color_question_is_a_pending_choice(engine: PhaseEngine) -> None:
    engine.setup(position({"battlefield": [{"card": "Pili-Pala", "ref": "p", "tapped": True}], "mana_pool": {"C": 2}}))
    assert engine.perform({"type": "activate", "player": "Alice", "source": "p", "ability": 1})["accepted"]
    pending = observe(engine)["pending_choice"]
    assert pending["player"] == "Alice" and pending["kind"] == "mana-color"
    assert sorted(pending["options"]) == ["{B}", "{G}", "{R}", "{U}", "{W}"]
    assert engine.perform({"type": "pass", "player": "Alice"})["rejection"]["code"] == "pending-choice"
    assert engine.perform({"type": "choose", "player": "Alice", "choice": "{B}"})["accepted"]
    observation = observe(engine)
    assert observation["players"][0]["mana_pool"] == {"B": 1} and observation["pending_choice"] is None


def test_casting_a_spell_pays_from_the_pool_and_resolves(engine: PhaseEngine) -> None:
    engine.setup(position({"hand": [{"card": "Grizzly Bears", "ref": "b"}], "mana_pool": {"G": 2}}))
    assert engine.perform({"type": "cast", "player": "Alice", "card": "b"})["accepted"]
    observation = observe(engine)
    assert [(s["kind"], s["name"], s["ref"]) for s in observation["stack"]] == [("spell", "Grizzly Bears", "b")]
    assert observation["players"][0]["mana_pool"] == {}
    for player in ("Alice", "Bob"):
        assert engine.perform({"type": "pass", "player": player})["accepted"]
    assert permanent(observe(engine), "b")["name"] == "Grizzly Bears"


def test_a_spell_the_pool_cannot_pay_for_is_rejected(engine: PhaseEngine) -> None:
    engine.setup(position({"hand": [{"card": "Grizzly Bears", "ref": "b"}], "mana_pool": {"G": 1}}))
    before = observe(engine)
    outcome = engine.perform({"type": "cast", "player": "Alice", "card": "b"})
    assert outcome["rejection"]["code"] == "cannot-pay"
    assert observe(engine) == before


def test_a_player_without_priority_cannot_pass(engine: PhaseEngine) -> None:
    engine.setup(elves_and_forest())
    assert engine.perform({"type": "pass", "player": "Bob"})["rejection"]["code"] == "no-priority"


def test_a_triggered_ability_is_an_event_and_a_stack_entry(engine: PhaseEngine) -> None:
    engine.setup(position({"battlefield": [{"card": "Forest", "ref": "f"}, {"card": "Manabarbs", "ref": "m"}]}))
    engine.perform({"type": "activate", "player": "Alice", "source": "f", "ability": 1})
    observation = observe(engine)
    assert {"type": "ability-triggered", "source": "Manabarbs"} in observation["events"]
    assert [(s["kind"], s["name"]) for s in observation["stack"]] == [("triggered", "Manabarbs")]


def test_a_card_phase_does_not_understand_is_unsupported(engine: PhaseEngine) -> None:
    outcome = engine.setup(position({"battlefield": [{"card": "Mana Reflection", "ref": "r"}]}))
    assert errors(outcome, "outcome.schema.json") == []
    assert outcome["accepted"] is False and outcome["rejection"]["code"] == "unsupported"
    assert "Mana Reflection" in outcome["rejection"]["reason"] and "\n" not in outcome["rejection"]["reason"]


def test_a_copy_in_the_position_is_not_built(engine: PhaseEngine) -> None:
    outcome = engine.setup(
        position(
            {
                "battlefield": [
                    {"card": "Grizzly Bears", "ref": "b"},
                    {"card": "Clone", "ref": "c", "copy_of": "b"},
                ]
            }
        )
    )
    assert outcome["rejection"]["code"] == "not-allowed"


def test_cards_become_mtgjson_shaped_dicts_with_their_keywords() -> None:
    cards = card_records(cards_dir())
    data = atomic_card(cards["Ornithopter"])
    assert data["keywords"] == ["Flying"] and data["manaCost"] == "{0}"
    assert (data["power"], data["toughness"], data["types"], data["layout"]) == (
        "0",
        "2",
        ["Artifact", "Creature"],
        "normal",
    )
    assert "power" not in atomic_card(cards["Forest"])


def test_what_the_parser_missed_is_named() -> None:
    assert not_understood({"abilities": [{"effect": {"type": "Mana"}}]}) is None
    assert "Unimplemented" not in str(
        not_understood({"abilities": [{"effect": {"type": "Unimplemented", "name": "x"}}]})
    )
    assert "unknown trigger mode" in str(not_understood({"triggers": [{"mode": {"Unknown": "Whenever"}}]}))
    assert "parse warning" in str(not_understood({"parse_warnings": [{"type": "SwallowedClause", "description": "y"}]}))


def test_a_target_phase_would_not_take_is_rejected_and_changes_nothing(engine: PhaseEngine) -> None:
    engine.setup(
        position(
            {
                "hand": [{"card": "Murder", "ref": "m"}],
                "battlefield": [{"card": "Forest", "ref": "f"}],
                "mana_pool": {"B": 3},
            },
            {"battlefield": [{"card": "Grizzly Bears", "ref": "b"}]},
        )
    )
    before = observe(engine)
    outcome = engine.perform({"type": "cast", "player": "Alice", "card": "m", "targets": ["f"]})
    assert outcome["rejection"]["code"] == "illegal-target"
    assert observe(engine) == before
    assert engine.perform({"type": "cast", "player": "Alice", "card": "m", "targets": ["b"]})["accepted"]


@pytest.mark.parametrize(("named", "left"), [("{G}{G}", {"R": 1}), ("{R}{G}", {"G": 1})])
def test_the_mana_named_is_the_mana_spent(engine: PhaseEngine, named: str, left: dict[str, int]) -> None:
    engine.setup(position({"hand": [{"card": "Grizzly Bears", "ref": "b"}], "mana_pool": {"G": 2, "R": 1}}))
    assert engine.perform({"type": "cast", "player": "Alice", "card": "b", "mana": named})["accepted"]
    assert observe(engine)["players"][0]["mana_pool"] == left


def test_an_x_for_a_cost_without_x_and_a_missing_blitz_cost_are_refused_not_allowed(engine: PhaseEngine) -> None:
    hand = [{"card": "Grizzly Bears", "ref": "bears"}]
    assert engine.setup(position({"hand": hand, "mana_pool": {"G": 4}})) == {"accepted": True}
    cast = {"type": "cast", "player": "Alice", "card": "bears"}
    assert engine.perform({**cast, "x": 2})["rejection"]["code"] == "not-allowed"
    assert engine.perform({**cast, "alternative_cost": "blitz"})["rejection"]["code"] == "not-allowed"
    assert [c["ref"] for c in observe(engine)["players"][0]["hand"]] == ["bears"]


def test_a_missing_ability_number_is_an_unknown_object(engine: PhaseEngine) -> None:
    assert engine.setup(elves_and_forest()) == {"accepted": True}
    refused = engine.perform({"type": "activate", "player": "Alice", "source": "elves", "ability": 2})
    assert refused["rejection"]["code"] == "unknown-object"


def test_discarding_two_to_hand_size_is_asked_one_card_at_a_time(engine: PhaseEngine) -> None:
    names = ["Forest", "Island", "Swamp", "Mountain", "Plains", "Wastes", "Giant Growth", "Unsummon", "Murder"]
    hand = [{"card": name, "ref": f"card{i}"} for i, name in enumerate(names)]
    end_step = {"number": 3, "active_player": "Alice", "step": "end"}
    assert engine.setup(position({"hand": hand}, turn=end_step)) == {"accepted": True}
    for player in ("Alice", "Bob"):
        assert engine.perform({"type": "pass", "player": player}) == {"accepted": True}
    pending = observe(engine)["pending_choice"]
    assert (pending["kind"], len(pending["options"])) == ("discard", 9)
    assert engine.perform({"type": "choose", "player": "Alice", "choice": "card6"}) == {"accepted": True}
    observation = observe(engine)
    assert len(observation["pending_choice"]["options"]) == 8
    assert "card6" not in [c["ref"] for c in observation["players"][0]["hand"]]
    assert engine.perform({"type": "choose", "player": "Alice", "choice": "card8"}) == {"accepted": True}
    observation = observe(engine)
    assert observation["pending_choice"] is None
    assert sorted(c["ref"] for c in observation["players"][0]["graveyard"]) == ["card6", "card8"]
    assert len(observation["players"][0]["hand"]) == 7


def test_contaminations_unless_is_one_question_of_which_permanent_to_sacrifice(engine: PhaseEngine) -> None:
    battlefield = [{"card": "Contamination", "ref": "contamination"}, {"card": "Grizzly Bears", "ref": "bears"}]
    bobs_end = {"number": 2, "active_player": "Bob", "step": "end"}
    assert engine.setup(position({"battlefield": battlefield}, turn=bobs_end)) == {"accepted": True}
    for _ in range(6):
        if observe(engine)["pending_choice"] is not None:
            break
        holder = observe(engine)["turn"]["priority_player"]
        assert engine.perform({"type": "pass", "player": holder}) == {"accepted": True}
    pending = observe(engine)["pending_choice"]
    assert (pending["player"], pending["kind"], sorted(pending["options"])) == (
        "Alice",
        "sacrifice",
        ["bears", "contamination"],
    )
    assert engine.perform({"type": "choose", "player": "Alice", "choice": "bears"}) == {"accepted": True}
    observation = observe(engine)
    assert [p["ref"] for p in observation["battlefield"]] == ["contamination"]


# -- contract 1.3.0: land play, blockers, the division of combat damage, mana abilities while paying


def _to_blockers(engine: PhaseEngine, attackers: list[str]) -> None:
    """Pass to Alice's declare attackers step, declare ``attackers``, pass to the declare blockers step."""
    for _ in range(4):
        engine.perform({"type": "pass", "player": observe(engine)["turn"]["priority_player"]})
    assert engine.perform({"type": "declare-attackers", "player": "Alice", "attackers": attackers}) == {
        "accepted": True
    }
    while (turn := observe(engine)["turn"])["step"] == "declare-attackers":
        engine.perform({"type": "pass", "player": turn["priority_player"]})


def test_a_land_is_played_and_a_second_one_refused(engine: PhaseEngine) -> None:
    libraries = {"library": [{"card": "Swamp", "ref": "swamp"}]}
    hand = [{"card": "Forest", "ref": "forest"}, {"card": "Island", "ref": "island"}]
    assert engine.setup(position({"hand": hand, **libraries}, libraries)) == {"accepted": True}
    assert engine.perform({"type": "play", "player": "Alice", "card": "forest"}) == {"accepted": True}
    assert permanent(observe(engine), "forest")["types"] == ["Land"]
    second = engine.perform({"type": "play", "player": "Alice", "card": "island"})
    assert second["accepted"] is False and second["rejection"]["code"] == "not-allowed"


def test_blockers_are_declared_and_observed_and_the_damage_of_two_blockers_divided(engine: PhaseEngine) -> None:
    libraries = {"library": [{"card": "Swamp", "ref": "swamp"}]}
    bob = {"battlefield": [{"card": "Grizzly Bears", "ref": "bears"}, {"card": "Llanowar Elves", "ref": "elves"}]}
    assert engine.setup(
        position({"battlefield": [{"card": "Hill Giant", "ref": "giant"}], **libraries}, {**bob, **libraries})
    ) == {"accepted": True}
    _to_blockers(engine, ["giant"])
    assert observe(engine)["turn"]["priority_player"] == ""  # phase waits for Bob's declaration (509.1)
    blocks = [{"blocker": "bears", "attacker": "giant"}, {"blocker": "elves", "attacker": "giant"}]
    assert engine.perform({"type": "declare-blockers", "player": "Bob", "blockers": blocks}) == {"accepted": True}
    observation = observe(engine)
    assert (permanent(observation, "giant")["attacking"], permanent(observation, "giant")["blocked"]) == ("Bob", True)
    assert permanent(observation, "bears")["blocking"] == ["giant"]
    while (pending := observe(engine)["pending_choice"]) is None:
        engine.perform({"type": "pass", "player": observe(engine)["turn"]["priority_player"]})
    assert (pending["kind"], pending["source"], len(pending["options"])) == ("combat-damage", "giant", 4)
    choice = next(o for o in pending["options"] if set(o.split("; ")) == {"1 to bears", "2 to elves"})
    assert engine.perform({"type": "choose", "player": "Alice", "choice": choice}) == {"accepted": True}
    observation = observe(engine)
    assert permanent(observation, "bears")["damage"] == 1
    assert "elves" not in {p["ref"] for p in observation["battlefield"]}


def test_mana_abilities_named_while_casting_pay_and_phase_tapping_more_is_refused(engine: PhaseEngine) -> None:
    lands = [{"card": "Forest", "ref": "forest-1"}, {"card": "Forest", "ref": "forest-2"}]
    alice = {"battlefield": lands, "hand": [{"card": "Grizzly Bears", "ref": "bears"}]}
    assert engine.setup(position(alice)) == {"accepted": True}
    one = engine.perform(
        {"type": "cast", "player": "Alice", "card": "bears", "mana_abilities": [{"source": "forest-1", "ability": 1}]}
    )
    assert one["accepted"] is False and one["rejection"]["code"] == "cannot-pay"
    assert not any(p["tapped"] for p in observe(engine)["battlefield"])
    both = [{"source": "forest-1", "ability": 1}, {"source": "forest-2", "ability": 1}]
    assert engine.perform({"type": "cast", "player": "Alice", "card": "bears", "mana_abilities": both}) == {
        "accepted": True
    }
    assert [s["name"] for s in observe(engine)["stack"]] == ["Grizzly Bears"]
