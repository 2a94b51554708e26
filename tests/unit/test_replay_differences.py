"""Replay shows the rules difference: it compares only what the contract defines and the suite
observes (an optional field absent on one side, a field the contract does not define, the words of
a reason or a prompt, the events, are no difference), and it lists every difference of an answer,
not only the first."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.interface import JSON
from oracle.suite.commands import replay_file
from oracle.suite.transcripts import Recording, replay, write_transcript

POSITION = {
    "players": [
        {"name": "Alice", "life": 20, "battlefield": [{"card": "Forest", "ref": "f"}]},
        {"name": "Bob"},
    ],
    "turn": {"number": 3, "active_player": "Alice", "step": "precombat-main"},
}
TAP = {"type": "activate", "player": "Alice", "source": "f", "ability": 1}
TAP_AGAIN = TAP


class Terse(ReferenceEngine):
    """Plays as the reference engine, but leaves out what the contract makes optional (``lost``,
    ``damage``, a permanent's ``owner``), adds fields of its own, words its events, reasons and
    version otherwise, and, its one rules defect, makes its Forest add {R} and costs Alice 1 life."""

    red = False

    def perform(self, action: JSON) -> JSON:
        outcome = super().perform(action)
        if not outcome["accepted"]:
            return {"accepted": False, "rejection": {**outcome["rejection"], "reason": "nope"}}
        if action == TAP:
            self.red = True  # its Forest added {R}, not {G}
        return outcome

    def observe(self) -> JSON:
        observation: dict[str, Any] = super().observe()
        if self.red:
            observation["players"][0]["mana_pool"] = {"R": 1}
        observation["contract"] = "1.2.1"
        observation["engine_debug"] = {"tick": 7}
        observation["events"] = [{"type": "mana", "permanent": "f"}]
        for player in observation["players"]:
            player.pop("lost", None)
            player["mana_pool"] = {**{k: 0 for k in "WUBRGC"}, **player["mana_pool"]}
        for permanent in observation["battlefield"]:
            permanent.pop("damage", None)
            permanent.pop("owner", None)
            permanent["internal_id"] = 42
        if observation["players"][0]["mana_pool"]["R"]:
            observation["players"][0]["life"] = 19
        return observation


def _transcript(tmp_path: Path) -> Path:
    recording = Recording(Terse())
    recording.setup(POSITION)
    recording.perform(TAP)
    recording.observe()
    recording.perform(TAP_AGAIN)  # rejected: already tapped (107.5), in other words
    recording.observe()
    header = {"scenario": "core/basics.feature::A basic land taps for mana", "outcome": "FAIL"}
    return write_transcript(tmp_path, header, recording.messages)


def test_only_the_rules_differences_are_named_and_every_one_of_them(tmp_path: Path) -> None:
    from oracle.suite.transcripts import read_transcript

    _, pairs = read_transcript(_transcript(tmp_path))
    found = [differences for _, _, differences in replay(pairs, ReferenceEngine())]
    assert found == [
        [],
        [],
        [
            "$.players[0].life: was 19, is 20",
            "$.players[0].mana_pool.G: was 0, is 1",
            "$.players[0].mana_pool.R: was 1, is 0",
        ],
        [],  # rejected for already-tapped both times, in other words
        [
            "$.players[0].life: was 19, is 20",
            "$.players[0].mana_pool.G: was 0, is 1",
            "$.players[0].mana_pool.R: was 1, is 0",
        ],
    ]


def test_a_different_rejection_code_is_a_difference() -> None:
    recorded = {"id": 1, "result": {"accepted": False, "rejection": {"code": "timing", "reason": "x"}}}
    pairs = [({"id": 1, "op": "setup", "position": POSITION}, {"id": 1, "result": {"accepted": True}})]
    pairs.append(({"id": 2, "op": "perform", "action": TAP}, {**recorded, "id": 2}))
    engine = ReferenceEngine()
    found = [d for _, _, d in replay(pairs, engine)]
    assert found == [[], ["$.accepted: was false, is true"]]


def test_the_command_prints_each_difference_on_a_line(tmp_path: Path, capsys: Any) -> None:
    import argparse

    path = _transcript(tmp_path)
    args = argparse.Namespace(file=str(path), engine="reference", engine_timeout=None, validate_wire=False)
    assert replay_file(args) == 1
    out = capsys.readouterr().out
    assert "lost" not in out and "damage" not in out and "events" not in out and "engine_debug" not in out
    assert "$.players[0].mana_pool.R: was 1, is 0" in out and "$.players[0].mana_pool.G: was 0, is 1" in out
    assert out.count("$.players[0].life: was 19, is 20") == 2
    assert "2 of 5 answers differ" in out
    assert json.dumps(TAP) in out


def test_an_order_the_contract_leaves_open_is_no_difference_and_a_field_left_out_is_its_default() -> None:
    from oracle.suite.transcripts import _differences

    engine = ReferenceEngine()
    engine.setup(
        {**POSITION, "players": [{"name": "Alice", "hand": [{"card": "Forest"}, {"card": "Island"}]}, {"name": "Bob"}]}
    )
    seen = engine.observe()
    other = json.loads(json.dumps(seen))
    other["players"][0]["hand"].reverse()  # the order of a hand is the engine's (the contract)
    other["players"][1].pop("lost")  # false, its default
    assert _differences("observe", {"result": seen}, {"result": other}) == []
    seen["players"][1]["lost"] = True
    assert _differences("observe", {"result": seen}, {"result": other}) == ["$.players[1].lost: was true, is false"]
    choice = {"player": "Alice", "kind": "combat-damage", "options": ["6 to g; 0 to Bob", "5 to g; 1 to Bob"]}
    reordered = {**choice, "options": ["1 to Bob; 5 to g", "0 to Bob; 6 to g"]}
    assert (
        _differences(
            "observe",
            {"result": {**other, "pending_choice": choice}},
            {"result": {**other, "pending_choice": reordered}},
        )
        == []
    )
