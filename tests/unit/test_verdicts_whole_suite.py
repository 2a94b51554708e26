"""Verdicts never lie, over the whole suite: every scenario against an engine that misbehaves in a
different way in about half of them (tests/fake_engines/hostile.py, ``chaos``).

A module of its own, apart from tests/unit/test_verdicts.py: at a minute or more, the longest test
of the project, run by another process than the rest of the verdicts' tests under ``-n``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from oracle.suite.catalog import scenario_ids
from tests.fake_engines.harness import ROOT, hostile, run_cli


def report_of(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "report.json").read_text(encoding="utf-8"))


def test_a_hostile_engine_through_the_whole_suite_ends_in_bounded_time_and_memory(tmp_path: Path) -> None:
    """Every scenario of the suite against an engine that misbehaves in a different way in about half
    of them: the run completes, every scenario has an honest outcome, and nothing is left running."""
    out = tmp_path / "reports"
    result = run_cli(
        "certify", "--engine", hostile("chaos"), "--engine-timeout", "3", "--out", str(out), pids=tmp_path / "pids"
    )
    assert result.returncode == 1, result.stdout[-3000:] + result.stderr
    report = report_of(out)
    scenarios = report["scenarios"]
    assert len(scenarios) == len(scenario_ids(ROOT / "features")) and report["totals"]["NOT RUN"] == 0
    broken = [s for s in scenarios if s["outcome"] in ("ERROR", "TIMEOUT")]
    assert len(broken) >= 20 and report["totals"]["PASS"] >= 20
    kinds = {
        "crash or children": "before answering setup; its stderr ended: hostile engine:",
        "crash-between": "after answering setup and before answering",
        "hang": "no answer to the perform request within 3 s",
        "close-stdout": "it closed its output before answering setup but kept running",
        "garbage": "is not a protocol message: it is not JSON",
        "schema": "the engine's observation breaks observation.schema.json",
        "deep": "is not a protocol message: it is nested deeper than 64 levels",
        "long-line": "is not a protocol message: its line is longer than the limit",
        "invalid-utf8": "is not a protocol message: it is not UTF-8",
        "surrogate": "it could not do perform: bad \\ud800 action",
        "wrong-id": "it answered request",
    }
    said = {kind: [s for s in broken if phrase in s["message"]] for kind, phrase in kinds.items()}
    assert all(said.values()), {kind: len(found) for kind, found in said.items()}  # each misbehaviour happened
    slow = [s for s in broken if "no answer to the handshake request" in s["message"]]  # a restart on a busy machine
    assert sum(len(found) for found in said.values()) + len(slow) == len(broken), [s["message"] for s in broken]
