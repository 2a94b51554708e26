"""Where a position starts in its step (features/README.md, "Where a position starts in its step";
the contract's setup): as the active player first receives priority in it (117.3a), its turn-based
actions done, nobody having passed.  The reference engine is held to the glossary's table, step by
step, and the table to the steps the contract names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from oracle.adapters.reference import ReferenceEngine

ROOT = Path(__file__).resolve().parents[2]
STEPS = (
    "upkeep", "draw", "precombat-main", "beginning-of-combat", "declare-attackers", "declare-blockers",
    "combat-damage", "end-of-combat", "postcombat-main", "end",
)  # fmt: skip


def _position(step: str) -> dict[str, Any]:
    return {
        "players": [
            {
                "name": "Alice",
                "library": [{"card": "Forest", "ref": "top"}],
                "battlefield": [{"card": "Grizzly Bears", "ref": "bears"}, {"card": "Forest", "ref": "f", "tapped": True}],
            },
            {"name": "Bob", "battlefield": [{"card": "Hill Giant", "ref": "giant"}]},
        ],
        "turn": {"number": 3, "active_player": "Alice", "step": step},
    }


@pytest.fixture
def engine() -> ReferenceEngine:
    return ReferenceEngine()


@pytest.mark.parametrize("step", STEPS)
def test_a_position_starts_with_the_active_player_holding_priority_and_nothing_done_to_it(
    engine: ReferenceEngine, step: str
) -> None:
    assert engine.setup(_position(step)) == {"accepted": True}
    seen = engine.observe()
    assert seen["turn"] == {"number": 3, "active_player": "Alice", "step": step, "priority_player": "Alice"}
    alice = seen["players"][0]
    assert [c["ref"] for c in alice["library"]] == ["top"] and alice["hand"] == []  # no draw on setup (504.1)
    tapped = {p["ref"]: p["tapped"] for p in seen["battlefield"]}
    assert tapped == {"bears": False, "f": True, "giant": False}  # no untap on setup (502.3)
    assert not any(p.get("attacking") or p.get("blocking") for p in seen["battlefield"])
    assert all(not p.get("damage") for p in seen["battlefield"]) and all(pl["life"] == 20 for pl in seen["players"])


@pytest.mark.parametrize("step", ["untap", "cleanup"])
def test_no_position_starts_where_no_player_receives_priority(engine: ReferenceEngine, step: str) -> None:
    answer = engine.setup(_position(step))
    assert answer["accepted"] is False and answer["rejection"]["code"] == "not-allowed"


def test_in_the_declare_steps_the_declaration_is_made_and_was_none(engine: ReferenceEngine) -> None:
    engine.setup(_position("declare-attackers"))
    refused = engine.perform({"type": "declare-attackers", "player": "Alice", "attackers": ["bears"]})
    assert refused["accepted"] is False and refused["rejection"]["code"] == "timing"  # 508.1
    engine.perform({"type": "pass", "player": "Alice"})
    engine.perform({"type": "pass", "player": "Bob"})
    assert engine.observe()["turn"]["step"] == "end-of-combat"  # 508.8: no attackers were declared
    engine.setup(_position("declare-blockers"))
    refused = engine.perform({"type": "declare-blockers", "player": "Bob", "blockers": []})
    assert refused["accepted"] is False and refused["rejection"]["code"] == "timing"  # 509.1


def test_in_the_combat_damage_step_passing_goes_to_the_end_of_combat(engine: ReferenceEngine) -> None:
    engine.setup(_position("combat-damage"))
    engine.perform({"type": "pass", "player": "Alice"})
    engine.perform({"type": "pass", "player": "Bob"})
    assert engine.observe()["turn"]["step"] == "end-of-combat"


def test_the_glossary_table_has_a_row_for_every_step_of_the_contract() -> None:
    import json

    steps = json.loads((ROOT / "oracle/contract/schemas/common.schema.json").read_text(encoding="utf-8"))
    glossary = (ROOT / "features" / "README.md").read_text(encoding="utf-8")
    table = glossary.split("#### Where a position starts in its step", 1)[1].split("\n\n", 3)[2]
    words = {"precombat-main": "precombat main phase", "postcombat-main": "postcombat main phase", "draw": "draw step"}
    for step in steps["$defs"]["step"]["enum"]:
        name = words.get(step, step.replace("-", " ") + ("" if step in ("untap", "cleanup", "upkeep") else " step"))
        assert re.search(rf"^\| [^|]*{re.escape(name)}", table, re.M), f"the glossary's table has no row for {step}"
