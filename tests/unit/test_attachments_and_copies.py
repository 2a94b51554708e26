"""Auras, Equipment and copies set up in a position (CR 301.5, 303.4, 704.5m, 704.5n, 707.2)."""

from __future__ import annotations

from tests.unit.test_game_turns import card, do, look, permanent, start


def test_a_position_may_hold_a_copy_and_an_attached_aura() -> None:
    """CR 707.2: a Clone copying Grizzly Bears is a Grizzly Bears; CR 303.4: Holy Strength gives +1/+2."""
    engine = start(
        {
            "battlefield": [
                card("Grizzly Bears"),
                card("Clone", copy_of="grizzly-bears"),
                card("Holy Strength", attached_to="clone"),
            ]
        }
    )
    clone = permanent(look(engine), "clone")
    assert (clone["name"], clone["power"], clone["toughness"], clone["base_power"]) == ("Grizzly Bears", 3, 4, 2)
    assert permanent(look(engine), "holy-strength")["attached_to"] == "clone"


def test_an_unknown_ref_in_a_position_is_refused() -> None:
    engine = start()
    outcome = engine.setup(
        {
            "players": [{"name": "Alice", "battlefield": [card("Clone", copy_of="nothing-here")]}, {"name": "Bob"}],
            "turn": {"number": 3, "active_player": "Alice", "step": "precombat-main"},
        }
    )
    assert not outcome["accepted"] and "'nothing-here'" in outcome["rejection"]["reason"]


def test_an_aura_whose_creature_leaves_goes_to_the_graveyard() -> None:
    """CR 704.5m: an Aura attached to nothing is put into its owner's graveyard."""
    engine = start(
        {
            "battlefield": [card("Grizzly Bears"), card("Holy Strength", attached_to="grizzly-bears")],
            "hand": [card("Unsummon")],
            "mana_pool": {"U": 1},
        }
    )
    do(engine, "cast", "Alice", card="unsummon", targets=["grizzly-bears"])
    do(engine, "pass", "Alice")
    observation = do(engine, "pass", "Bob")
    alice = observation["players"][0]
    assert [c["name"] for c in alice["graveyard"]] == ["Unsummon", "Holy Strength"]
    assert [c["name"] for c in alice["hand"]] == ["Grizzly Bears"]


def test_equip_attaches_as_a_sorcery_and_stays_when_the_creature_leaves() -> None:
    """CR 702.6a: Equip attaches to target creature you control; 704.5n: an Equipment attached to
    nothing legal becomes unattached and stays on the battlefield."""
    engine = start(
        {
            "battlefield": [card("Grizzly Bears"), card("Bonesplitter")],
            "hand": [card("Unsummon")],
            "mana_pool": {"C": 1, "U": 1},
        }
    )
    do(engine, "activate", "Alice", source="bonesplitter", ability=1, targets=["grizzly-bears"])
    do(engine, "pass", "Alice")
    observation = do(engine, "pass", "Bob")
    assert permanent(observation, "grizzly-bears")["power"] == 4
    assert permanent(observation, "bonesplitter")["attached_to"] == "grizzly-bears"
    do(engine, "cast", "Alice", card="unsummon", targets=["grizzly-bears"])
    do(engine, "pass", "Alice")
    observation = do(engine, "pass", "Bob")
    assert "attached_to" not in permanent(observation, "bonesplitter")
