"""Transcripts record what an engine was asked and answered; replay sends it again and names
every place each reply differs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.interface import JSON, Engine
from oracle.contract.outcomes import EngineFailure
from oracle.errors import UserError
from oracle.suite.answers import differences
from oracle.suite.transcripts import (
    Recording,
    read_transcript,
    replay,
    transcript_name,
    write_transcript,
)

POSITION = {
    "players": [{"name": "Alice", "battlefield": [{"card": "Forest", "ref": "f"}]}, {"name": "Bob"}],
    "turn": {"number": 3, "active_player": "Alice", "step": "precombat-main"},
}
TAP = {"type": "activate", "player": "Alice", "source": "f", "ability": 1}


def _recorded(engine: Engine) -> Recording:
    recording = Recording(engine)
    recording.setup(POSITION)
    recording.perform(TAP)
    recording.observe()
    return recording


def test_a_recording_keeps_each_request_and_reply_as_wire_messages() -> None:
    recording = _recorded(ReferenceEngine())
    assert [m.get("op", "reply") for m in recording.messages] == [
        "setup",
        "reply",
        "perform",
        "reply",
        "observe",
        "reply",
    ]
    assert recording.messages[2] == {"id": 2, "op": "perform", "action": TAP}
    assert recording.messages[3] == {"id": 2, "result": {"accepted": True}}
    assert recording.messages[5]["result"]["players"][0]["mana_pool"] == {"G": 1}


class Wrong(ReferenceEngine):
    """Taps the Forest for {U}."""

    def perform(self, action: JSON) -> JSON:
        outcome = super().perform(action)
        self.state.players[0].pool.mana = type(self.state.players[0].pool.mana)({"U": 1})
        return outcome


class Broken(ReferenceEngine):
    """Crashes when observed."""

    def observe(self) -> JSON:
        raise EngineFailure("the engine exited (status 3) before answering observe\nmore")


def test_an_engine_failure_is_recorded_as_an_error_reply_and_still_raised() -> None:
    recording = Recording(Broken())
    recording.setup(POSITION)
    with pytest.raises(EngineFailure):
        recording.observe()
    assert recording.messages[-1] == {
        "id": 2,
        "error": {"message": "the engine exited (status 3) before answering observe"},
    }


def test_a_transcript_written_is_read_back_and_replays_identically(tmp_path: Path) -> None:
    scenario = "core/basics.feature::A basic land taps for the mana of its type"
    path = write_transcript(tmp_path, {"scenario": scenario, "outcome": "FAIL"}, _recorded(ReferenceEngine()).messages)
    assert path.name == "core-basics--a-basic-land-taps-for-the-mana-of-its-type.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["transcript"]["scenario"] == scenario and len(lines) == 7
    header, pairs = read_transcript(path)
    assert header["outcome"] == "FAIL" and len(pairs) == 3
    assert [d for _, _, d in replay(pairs, ReferenceEngine())] == [[], [], []]


def test_replay_names_where_a_reply_differs_and_stops_after_an_error() -> None:
    messages = _recorded(ReferenceEngine()).messages
    pairs = list(zip(messages[::2], messages[1::2], strict=True))
    assert [d for _, _, d in replay(pairs, Wrong())] == [
        [],
        [],
        ["$.players[0].mana_pool.G: was 1, is 0", "$.players[0].mana_pool.U: was 0, is 1"],
    ]
    found = list(replay([*pairs, pairs[-1]], Broken()))
    assert [d for _, _, d in found] == [
        [],
        [],
        ["was a result, is an error: the engine exited (status 3) before answering observe"],
    ]


def test_differences_lists_every_path_that_differs() -> None:
    assert differences({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}) == []
    assert differences({"a": [1, {"b": 2}], "d": 1}, {"a": [1, {"b": 3}], "d": 2}) == [
        "$.a[1].b: was 2, is 3",
        "$.d: was 1, is 2",
    ]
    assert differences({"a": 1}, {"a": 1, "c": 2}) == []  # optional, left out on one side
    assert differences({"a": [1]}, {"a": [1, 2]}) == ["$.a: had 1 item(s), has 2"]
    assert differences({"a": 1}, {"a": True}) == ["$.a: was 1, is true"]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "its first line is not"),
        ('{"transcript": {}}\nnot json\n', r"line 2: not a transcript line \(it is not JSON"),
        ('{"transcript": {}}\n{"id": 1, "op": "stop"}\n{"id": 1, "result": {}}\n', "not a setup, perform or observe"),
        ('{"transcript": {}}\n{"id": 1, "op": "observe"}\n', "has no reply after it"),
    ],
)
def test_a_malformed_transcript_is_one_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UserError, match=problem):
        read_transcript(path)
    with pytest.raises(UserError, match="cannot read"):
        read_transcript(tmp_path / "missing.jsonl")


def test_names_are_stable_and_safe() -> None:
    assert transcript_name('mana/could_produce.feature::Exotic Orchard\'s {G} / "x"') == (
        "mana-could_produce--exotic-orchard-s-g-x.jsonl"
    )


class CrashesOnTheSecond(ReferenceEngine):
    """Crashes at its first action: the requests after it are never sent."""

    def perform(self, action: JSON) -> JSON:
        raise EngineFailure("the engine exited (status 9)")


def test_replay_never_counts_a_request_it_did_not_send_as_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    import oracle.registry
    from oracle.suite.commands import replay_file

    recording = _recorded(ReferenceEngine())
    recording.perform(TAP)
    recording.observe()
    path = write_transcript(tmp_path, {"scenario": "s", "outcome": "FAIL"}, recording.messages)
    described = {"name": "crashy", "version": "1", "capabilities": []}
    monkeypatch.setattr(oracle.registry, "open_engine", lambda *a: (CrashesOnTheSecond(), described))
    monkeypatch.setattr(oracle.registry, "close_engine", lambda *a, **k: None)
    args = argparse.Namespace(file=str(path), engine="x", engine_timeout=None, validate_wire=False)
    assert replay_file(args) == 1
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == "1 of 2 answers differ; 3 of 5 requests not sent: the engine failed at request 2", last
