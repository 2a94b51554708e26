"""example-py, the worked example of an engine in Python (fixtures/engines/example-py/): the alias
loads its class in-process from the shipped file, as ``module:Class`` does from the import path; a
fresh certification gives the committed outcomes; every scenario it ran passed, the rest SKIP for
capabilities it does not declare; and the cards it reads, ``oracle.card_data()``, are the export
``mtg-conformance cards`` writes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import oracle
from oracle.paths import shipped_fixture
from oracle.registry import SHIPPED, load_engine
from oracle.suite.expectations_file import load_expectations
from oracle.toml import read_toml
from tests.unit.test_cli import cli

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = ROOT / "fixtures" / "engines" / "example-py"
#: A part of the suite, to certify afresh in seconds: the core scenarios and those of two rules of combat.
SELECTION = "core or cr.509.1a or cr.510.1c"
MAIN = {"number": 3, "active_player": "Alice", "step": "precombat-main"}


def _report(folder: Path) -> dict[str, Any]:
    report: dict[str, Any] = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    return report


def _untimed(data: Any) -> Any:
    """A report's data without what differs from run to run: its date and the durations."""
    if isinstance(data, dict):
        return {k: _untimed(v) for k, v in data.items() if k not in ("date", "duration", "seconds")}
    if isinstance(data, list):
        return [_untimed(v) for v in data]
    return data


def test_the_alias_loads_the_shipped_file_in_process_without_the_import_path() -> None:
    path = list(sys.path)
    engine = load_engine("example-py")
    assert sys.path == path  # nothing added: the file is loaded by its location
    assert type(engine).__name__ == "ExampleEngine" and isinstance(engine, oracle.Engine)
    assert Path(sys.modules[type(engine).__module__].__file__ or "") == shipped_fixture(*SHIPPED["example-py"][0])
    assert engine.describe() == {
        "name": "example-py",
        "version": "1.0.0",
        "contract": "1.3.0",
        "capabilities": ["blocking", "combat", "state-based-actions", "summoning-sickness"],
    }


def test_module_class_with_its_folder_on_the_path_is_the_same_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's equivalent spec: ``engine:ExampleEngine`` with PYTHONPATH=fixtures/engines/example-py."""
    monkeypatch.syspath_prepend(str(PUBLISHED))
    monkeypatch.delitem(sys.modules, "engine", raising=False)
    try:
        engine = load_engine("engine:ExampleEngine")
        assert engine.describe() == load_engine("example-py").describe()
    finally:
        sys.modules.pop("engine", None)


def test_a_fresh_certification_gives_the_committed_outcomes(tmp_path: Path) -> None:
    expectations = PUBLISHED / "expectations.toml"
    result = cli(
        "certify", "--engine", "example-py", "-m", SELECTION, "--expectations", str(expectations),
        "--out", str(tmp_path), cwd=ROOT,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    fresh = {s["id"]: s for s in _report(tmp_path)["scenarios"]}
    published = {s["id"]: s for s in _report(PUBLISHED)["scenarios"]}
    ran = [s for s in fresh.values() if s["outcome"] != "SKIP"]
    assert len(ran) >= 10 and all(s["outcome"] == "PASS" for s in ran)
    assert any(s["feature"].startswith("core/") for s in ran)
    for key, scenario in fresh.items():
        assert _untimed(scenario) == _untimed(published[key]), key  # every field, each step's status included


def test_every_scenario_it_ran_passed_and_the_rest_need_what_it_does_not_declare() -> None:
    report = _report(PUBLISHED)
    outcomes = {s["outcome"] for s in report["scenarios"]}
    assert outcomes == {"PASS", "SKIP"} and report["totals"]["PASS"] > 0 and report["pass_rate"] == 1.0
    assert report["engine"]["spec"] == "example-py"
    data = read_toml(PUBLISHED / "expectations.toml")
    assert data["engine"] == "example-py" and data["undeclared"] and not data.get("expected")
    assert not set(data["undeclared"]) & set(report["engine"]["capabilities"])
    expected = load_expectations(PUBLISHED / "expectations.toml")
    assert sorted(expected) == sorted(s["id"] for s in report["scenarios"] if s["outcome"] == "SKIP")
    for entry in expected.values():
        assert entry.outcome == "SKIP" and entry.reason.startswith("the engine does not declare: "), entry
    readme = (PUBLISHED / "README.md").read_text(encoding="utf-8")
    assert f"Of {len(report['scenarios'])} scenarios: **{report['totals']['PASS']} PASS, {report['totals']['SKIP']} SKIP**" in readme


def test_the_card_data_is_the_export_the_cards_command_writes(tmp_path: Path) -> None:
    written = tmp_path / "cards.json"
    result = cli("cards", "--out", str(written), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert oracle.card_data() == json.loads(written.read_text(encoding="utf-8"))
    data = oracle.card_data()
    data["data"].clear()  # the caller's own copy
    assert oracle.card_data()["data"]
    engine = load_engine("example-py")
    assert sorted([*engine.cards, *engine.problems]) == sorted(oracle.card_data()["data"])  # type: ignore[attr-defined]


def test_a_refusal_is_an_outcome_and_leaves_the_game_as_it_was() -> None:
    engine = load_engine("example-py")
    battlefield = [{"card": "Grizzly Bears", "ref": "b", "tapped": True}, {"card": "Hill Giant", "ref": "h"}]
    position = {"players": [{"name": "Alice", "battlefield": battlefield}, {"name": "Bob"}], "turn": MAIN}
    assert engine.setup(position) == {"accepted": True}
    while engine.observe()["turn"]["step"] != "declare-attackers":
        engine.perform({"type": "pass", "player": engine.observe()["turn"]["priority_player"]})
    before = engine.observe()
    refused = engine.perform({"type": "declare-attackers", "player": "Alice", "attackers": ["h", "b"]})
    assert refused["accepted"] is False and refused["rejection"]["code"] == "already-tapped"
    assert engine.observe() == before  # Hill Giant, legal alone, neither tapped nor attacking
    cast = engine.perform({"type": "cast", "player": "Alice", "card": "b"})
    assert cast["rejection"]["code"] == "unsupported"
    forest = {"players": [{"name": "Alice", "battlefield": [{"card": "Forest", "ref": "f"}]}, {"name": "Bob"}], "turn": MAIN}
    assert engine.setup(forest)["rejection"]["code"] == "unsupported"  # a mana ability is beyond it
