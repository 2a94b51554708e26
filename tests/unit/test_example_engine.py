"""example-js, the worked example of an engine in another language (fixtures/engines/example-js/):
a fresh certification matches its committed expectations, which are all SKIPs for capabilities it
does not declare (nothing beyond what it declares ever reaches it), its published report follows
the report's schema, and it refuses honestly what it can't play."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import fastjsonschema
import pytest

from oracle.contract.protocol import SubprocessEngine
from oracle.registry import ALIASES
from oracle.suite.expectations_file import load_expectations
from oracle.suite.reports.json_report import SCHEMA
from oracle.toml import read_toml
from tests.unit.test_cli import cli

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = ROOT / "fixtures" / "engines" / "example-js"
MAIN = {"number": 3, "active_player": "Alice", "step": "precombat-main"}


def test_node_is_there() -> None:
    """CI installs Node.js (.ci/run): without it the example engine is not certified, which is a failure."""
    assert shutil.which("node"), "Node.js ('node') is needed to certify fixtures/engines/example-js"


@pytest.fixture(scope="module")
def certified(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("example-js")
    expectations = PUBLISHED / "expectations.toml"
    result = cli("certify", "--engine", "example-js", "--expectations", str(expectations), "--out", str(out), cwd=ROOT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    assert "CHANGED" not in result.stdout
    return out


def _report(folder: Path) -> dict[str, Any]:
    report: dict[str, Any] = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    return report


def test_a_fresh_certification_matches_the_published_one(certified: Path) -> None:
    fresh, published = _report(certified), _report(PUBLISHED)
    validate = fastjsonschema.compile(json.loads(SCHEMA.read_text(encoding="utf-8")))
    validate(fresh)
    validate(published)
    assert fresh["totals"] == published["totals"] and fresh["totals"]["PASS"] >= 13
    assert [(s["id"], s["outcome"]) for s in fresh["scenarios"]] == [
        (s["id"], s["outcome"]) for s in published["scenarios"]
    ]
    core = [s for s in fresh["scenarios"] if s["feature"].startswith("core/")]
    assert core and all(s["outcome"] == "PASS" for s in core)
    assert _untimed(fresh) == _untimed(published)  # every field, each step's status included
    skipped = [s for s in fresh["scenarios"] if s["outcome"] == "SKIP"]
    assert skipped and all(step["status"] == "skipped" for s in skipped for step in s["steps"])


def _untimed(data: Any) -> Any:
    """A report without what differs from run to run: its date and the durations."""
    if isinstance(data, dict):
        return {k: _untimed(v) for k, v in data.items() if k not in ("date", "duration", "seconds")}
    if isinstance(data, list):
        return [_untimed(v) for v in data]
    return data


def test_every_scenario_it_does_not_pass_needs_a_capability_it_does_not_declare() -> None:
    """Declaring only casting, mana abilities and summoning sickness, it gets SKIP, never ERROR or
    UNSUPPORTED: each scenario's derived needs keep from it every card and step beyond those."""
    data = read_toml(PUBLISHED / "expectations.toml")
    assert data["engine"] == "example-js" and data["undeclared"] and not data.get("expected")
    expected = load_expectations(PUBLISHED / "expectations.toml")
    assert expected  # the SKIPs its undeclared capabilities imply
    for entry in expected.values():
        assert entry.outcome == "SKIP", entry
        assert entry.reason.startswith("the engine does not declare: "), entry


@pytest.fixture
def engine() -> Iterator[SubprocessEngine]:
    started = SubprocessEngine(ALIASES["example-js"][4:], timeout=10)
    yield started
    started.close()


def _position(**alice: Any) -> dict[str, Any]:
    return {"players": [{"name": "Alice", **alice}, {"name": "Bob"}], "turn": MAIN}


def test_it_refuses_what_it_cannot_play_as_unsupported(engine: SubprocessEngine) -> None:
    assert engine.describe()["capabilities"] == ["casting", "mana-abilities", "summoning-sickness"]
    refused = engine.setup(_position(battlefield=[{"card": "Mana Flare", "ref": "m"}]))
    assert refused["rejection"]["code"] == "unsupported" and "Mana Flare" in refused["rejection"]["reason"]
    assert engine.setup(_position(hand=[{"card": "Endless One", "ref": "e"}]))["rejection"]["code"] == "unsupported"
    assert engine.setup(_position(hand=[{"card": "Grizzly Bears", "ref": "b"}], mana_pool={"G": 2})) == {
        "accepted": True
    }
    outcome = engine.perform({"type": "cast", "player": "Alice", "card": "b", "x": 1})
    assert outcome["rejection"]["code"] == "unsupported"
    assert engine.perform({"type": "cast", "player": "Alice", "card": "b"}) == {"accepted": True}


def test_a_rejected_action_leaves_its_game_as_it_was(engine: SubprocessEngine) -> None:
    engine.setup(_position(battlefield=[{"card": "Llanowar Elves", "ref": "e", "came_under_control_this_turn": True}]))
    before = engine.observe()
    outcome = engine.perform({"type": "activate", "player": "Alice", "source": "e", "ability": 1})
    assert outcome["rejection"]["code"] == "summoning-sickness"
    after = engine.observe()
    assert {k: v for k, v in after.items() if k != "events"} == {k: v for k, v in before.items() if k != "events"}
