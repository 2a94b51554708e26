"""``replay`` on a transcript edited by hand (tests/hostile_inputs/transcripts/): every malformed one
is refused in one line naming the file and the line, before anything is sent to an engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.suite.cli import main

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "hostile_inputs" / "transcripts"
HEADER = '{"transcript": {"scenario": "core/basics.feature::x", "outcome": "FAIL", "engine": "reference"}}\n'


def replay(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str, str]:
    status = main(["replay", str(path), "--engine", "reference"])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    ("name", "line", "says"),
    [
        ("setup-without-position.jsonl", 2, "missing required property 'position'"),
        ("perform-without-action.jsonl", 4, "missing required property 'action'"),
        ("position-not-an-object.jsonl", 2, '$.position: expected object, got "x"'),
        ("request-without-id.jsonl", 2, "missing required property 'id'"),
        ("id-a-list.jsonl", 2, "$.id: expected integer, got [1]"),
        ("reply-without-result.jsonl", 3, "the reply breaks reply.schema.json"),
    ],
)
def test_a_malformed_transcript_is_refused_in_one_line_naming_file_and_line(
    name: str, line: int, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = replay(capsys, TRANSCRIPTS / name)
    assert status == 2 and out == ""  # refused before any engine was started
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert f"{TRANSCRIPTS / name}: line {line}" in err and says in err, err


def test_a_request_nested_100000_deep_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.jsonl"
    deep = '{"id": 1, "op": "setup", "position": ' + "[" * 100_000 + "]" * 100_000 + "}\n"
    path.write_text(HEADER + deep + '{"id": 1, "result": {"accepted": true}}\n', encoding="utf-8")
    status, _, err = replay(capsys, path)
    assert status == 2 and err.count("\n") == 1, err[-2000:]
    assert f"{path}: line 2: not a transcript line (it is nested deeper than 64 levels)" in err


def test_a_line_past_the_wires_limit_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.jsonl"
    path.write_text(HEADER + json.dumps({"id": 1, "op": "observe", "x": "y" * (5 << 20)}) + "\n", encoding="utf-8")
    status, _, err = replay(capsys, path)
    assert status == 2 and "line 2: not a transcript line (longer than" in err


def test_a_valid_transcript_replays_and_a_header_prints_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = replay(capsys, TRANSCRIPTS / "valid.jsonl")
    assert status == 0 and "every answer is the same" in out
    status, out, _ = replay(capsys, TRANSCRIPTS / "header-with-escapes.jsonl")
    assert status == 0
    assert not any((ord(c) < 32 and c != "\n") or 0x7F <= ord(c) < 0xA0 for c in out), repr(out)
