"""Expectations that keep what people write (oracle/suite/expectations_file.py): the capabilities an
engine does not declare are one line each and imply their SKIPs, with the run's verdict what it was
with every SKIP listed; ``expectations --update`` keeps a reason written by hand, notes a changed
outcome beside the old reason, drops what now passes, and keeps a pinned version."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.errors import UserError
from oracle.suite.expectations_file import expectations_toml, implied_skips, load_expectations, scenario_needs
from oracle.suite.results import ScenarioResult
from oracle.toml import tomllib
from tests.unit.test_cli import cli

ROOT = Path(__file__).resolve().parents[2]
DESCRIBED = {"name": "My Engine", "version": "2.1", "capabilities": ["casting", "mana-abilities"]}


def _result(key: str, outcome: str, message: str = "") -> ScenarioResult:
    feature, name = key.split("::")
    return ScenarioResult(key, name, feature, 1, [], [], [], outcome=outcome, message=message)


def _keys() -> list[str]:
    needs = scenario_needs()
    return sorted(k for k, wanted in needs.items() if wanted <= {"casting", "mana-abilities"})[:3]


def test_the_undeclared_capabilities_are_one_line_each_and_imply_every_skip(tmp_path: Path) -> None:
    needs = scenario_needs()
    a, b, _c = _keys()
    skipped = sorted(implied_skips(["combat"], needs))
    results = [_result(a, "FAIL", "Then it broke"), _result(b, "PASS"), *(_result(k, "SKIP") for k in skipped)]
    text = expectations_toml(results, DESCRIBED)
    data = tomllib.loads(text)
    assert "combat" in data["undeclared"] and "casting" not in data["undeclared"]
    assert [e["scenario"] for e in data["expected"]] == [a]  # no SKIP listed one by one
    path = tmp_path / "expectations.toml"
    path.write_text(text, encoding="utf-8")
    loaded = load_expectations(path)
    assert loaded[a].outcome == "FAIL"
    implied = implied_skips(data["undeclared"], needs)
    assert {k for k, e in loaded.items() if e.outcome == "SKIP"} == set(implied)
    assert set(skipped) <= set(implied) and b not in loaded


def test_update_keeps_a_hand_written_reason_and_notes_a_changed_outcome() -> None:
    a, b, c = _keys()
    previous = {
        "engine": "My Engine",
        "engine_version": "2.0",
        "expected": [
            {"scenario": a, "outcome": "FAIL", "reason": "our bug #12: the stack is LIFO only on Tuesdays"},
            {"scenario": b, "outcome": "FAIL", "reason": "fixed in 2.1, see #13"},
            {"scenario": c, "outcome": "FAIL", "reason": "was an ERROR once, see #14"},
        ],
    }
    results = [_result(a, "FAIL", "Then x"), _result(b, "PASS"), _result(c, "ERROR", "engine crashed")]
    text = expectations_toml(results, DESCRIBED, previous)
    data = tomllib.loads(text)
    entries = {e["scenario"]: e for e in data["expected"]}
    assert entries[a]["reason"] == "our bug #12: the stack is LIFO only on Tuesdays"
    assert b not in entries  # passes now
    assert entries[c] == {"scenario": c, "outcome": "ERROR", "reason": "engine crashed"}
    assert "# was FAIL: was an ERROR once, see #14" in text
    assert data["engine_version"] == "2.1"  # pinned by a person: stays pinned, to this version


def test_an_unknown_undeclared_capability_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "e.toml"
    path.write_text('suite_version = "0.1.0"\nengine = "x"\nundeclared = ["time-travel"]\n', encoding="utf-8")
    with pytest.raises(UserError, match="undeclared names no capability of the suite: time-travel"):
        load_expectations(path)


def test_update_through_the_command_keeps_the_file_green(tmp_path: Path) -> None:
    target = tmp_path / "expectations.toml"
    note = "# Every SKIP below was checked by hand on the day of the release."
    written = (ROOT / "fixtures/engines/example-js/expectations.toml").read_text(encoding="utf-8")
    target.write_text(written.replace("\nsuite_version", f"\n{note}\nsuite_version", 1), encoding="utf-8")
    done = cli("expectations", "--engine", "example-js", "--update", str(target), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"wrote {target}" in done.stdout
    assert target.read_text(encoding="utf-8").split("[[expected]]")[0].count(note) == 1  # a note at its head is kept
    run = cli("run", "--engine", "example-js", "--expectations", str(target), cwd=tmp_path)
    assert run.returncode == 0 and "SKIP (expected)" in run.stdout.splitlines()[-1], run.stdout[-500:]
    other = tmp_path / "other.toml"
    other.write_text('suite_version = "0.1.0"\nengine = "Someone Else"\n', encoding="utf-8")
    refused = cli("expectations", "--engine", "example-js", "--update", str(other), cwd=tmp_path)
    assert refused.returncode == 2 and "written for engine 'Someone Else'" in refused.stderr
    assert other.read_text(encoding="utf-8") == 'suite_version = "0.1.0"\nengine = "Someone Else"\n'
