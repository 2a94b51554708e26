"""117.3a, 117.2c: during a step's turn-based actions no player has priority. The reference engine
once reported the last player to pass as holding priority while the active player divided combat
damage (510.1c), a question asked by a turn-based action (510.1)."""

from __future__ import annotations

from oracle.adapters.reference import ReferenceEngine

POSITION = {
    "players": [
        {"name": "Alice", "battlefield": [{"card": "Colossal Dreadmaw", "ref": "dreadmaw"}]},
        {"name": "Bob", "battlefield": [{"card": "Giant Spider", "ref": "spider"}]},
    ],
    "turn": {"active_player": "Alice", "step": "beginning-of-combat"},
}


def _pass_until(engine: ReferenceEngine, step: str) -> None:
    while engine.observe()["turn"]["step"] != step:
        assert engine.perform({"type": "pass", "player": engine.observe()["turn"]["priority_player"]})["accepted"]


def test_nobody_has_priority_while_the_active_player_divides_combat_damage() -> None:
    engine = ReferenceEngine()
    assert engine.setup(POSITION)["accepted"]
    _pass_until(engine, "declare-attackers")
    assert engine.observe()["turn"]["priority_player"] == ""  # 508.1: attackers first
    assert engine.perform({"type": "declare-attackers", "player": "Alice", "attackers": ["dreadmaw"]})["accepted"]
    _pass_until(engine, "declare-blockers")
    blocks = [{"blocker": "spider", "attacker": "dreadmaw"}]
    assert engine.perform({"type": "declare-blockers", "player": "Bob", "blockers": blocks})["accepted"]
    _pass_until(engine, "combat-damage")
    observation = engine.observe()
    assert observation["pending_choice"]["kind"] == "combat-damage"
    assert observation["turn"]["priority_player"] == ""
