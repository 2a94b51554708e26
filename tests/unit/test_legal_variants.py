"""No false FAIL: every legal-variant engine (tests/legal_variants.py), a correct engine making each
free choice otherwise, passes every scenario; and each variant does vary, so that its pass proves
something."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.contract.defaults import in_canonical_order, with_defaults
from tests.legal_variants import VARIANTS, AllAtOnce, OmitsDefaults, OtherOrders, run

ROOT = Path(__file__).resolve().parents[2]

#: A tapped creature declared as a blocker (CR 509.1a): refused as tapped or as an illegal blocker.
TAPPED_BLOCKER = {
    "players": [
        {"name": "Alice", "battlefield": [{"card": "Hill Giant", "ref": "giant"}]},
        {"name": "Bob", "battlefield": [{"card": "Grizzly Bears", "ref": "bears", "tapped": True}]},
    ],
    "turn": {"active_player": "Alice", "step": "beginning-of-combat"},
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_legal_variant_passes_every_scenario(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = run(name)
    last = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""
    assert result.returncode == 0 and " PASS in " in last and "FAIL" not in last, result.stdout[-3000:] + result.stderr


def _blocked_by_a_tapped_creature(engine: AllAtOnce) -> dict[str, object]:
    assert engine.setup(TAPPED_BLOCKER)["accepted"]
    for player in ("Alice", "Bob"):  # to the declare attackers step (507.1, 508.1)
        assert engine.perform({"type": "pass", "player": player})["accepted"]
    assert engine.perform({"type": "declare-attackers", "player": "Alice", "attackers": ["giant"]})["accepted"]
    while engine.observe()["turn"]["step"] != "declare-blockers":
        holder = engine.observe()["turn"]["priority_player"]
        assert engine.perform({"type": "pass", "player": holder})["accepted"]
    return engine.perform(
        {"type": "declare-blockers", "player": "Bob", "blockers": [{"blocker": "bears", "attacker": "giant"}]}
    )


def test_the_variant_of_every_choice_refuses_a_tapped_blocker_as_an_illegal_one_and_omits_defaults() -> None:
    engine = AllAtOnce()
    outcome = _blocked_by_a_tapped_creature(engine)
    assert outcome == {
        "accepted": False,
        "rejection": {"code": "not-allowed", "reason": outcome["rejection"]["reason"]},
    }
    observation = engine.observe()
    assert all("lost" not in p for p in observation["players"])
    assert all("damage" not in p and "blocking" not in p for p in observation["battlefield"])
    assert with_defaults(observation)["players"][0]["lost"] is False


def test_omitting_defaults_and_reordering_change_the_message_but_not_the_game() -> None:
    plain, omitting, reordering = (
        OmitsDefaults.__mro__[1](),
        OmitsDefaults(),
        OtherOrders(),
    )
    position = {
        "players": [
            {
                "name": "Alice",
                "hand": [{"card": "Forest"}, {"card": "Island"}],
                "battlefield": [{"card": "Grizzly Bears"}, {"card": "Serra Angel"}],
            },
            {"name": "Bob"},
        ]
    }
    seen = []
    for engine in (plain, omitting, reordering):
        assert engine.setup(position)["accepted"]
        seen.append(engine.observe())
    assert seen[1] != seen[0] and seen[2] != seen[0]
    canonical = [in_canonical_order(with_defaults(o)) for o in seen]
    assert canonical[0] == canonical[1] == canonical[2]
