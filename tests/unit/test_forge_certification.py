"""Forge through its bridge (oracle/adapters/forge/): built fresh from the shared Forge on first use,
it certifies a selection of the suite as the committed expectations say; the committed report
adjudicates every scenario that did not pass; and no refused action, over the whole suite, changes
what the engine lets a player observe (the contract: a rejected action leaves the state as it was,
which the bridge keeps by rebuilding a game Forge could not roll back)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from oracle.contract import Engine
from oracle.contract.interface import JSON
from oracle.contract.protocol import SubprocessEngine
from oracle.errors import EngineLoadError
from oracle.suite.expectations_file import load_expectations
from tests.unit.test_cli import cli

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = ROOT / "fixtures" / "engines" / "forge"
#: Scenarios certified fresh: the core ones, blocking (509.1) and paying a spell's cost (601.2f-h).
SELECTION = "core or cr.509.1a or cr.601.2f or cr.601.2h"


def _available() -> str | None:
    """Why Forge can't be run here (no build, JDK or packages), or None."""
    try:
        from oracle.adapters.forge import SHARED_FORGE, forge_build

        if not os.environ.get("MTG_CONFORMANCE_FORGE") and not SHARED_FORGE.is_dir():
            return f"no Forge build: set MTG_CONFORMANCE_FORGE=DIR (none at {SHARED_FORGE})"
        del forge_build
    except EngineLoadError as exc:  # pragma: no cover - depends on the machine
        return str(exc)
    return None


pytestmark = pytest.mark.skipif(_available() is not None, reason=str(_available()))


@pytest.fixture(scope="module")
def fresh_cache(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An empty cache: Forge and the bridge are built into it on first use."""
    return {"MTG_CONFORMANCE_CACHE": str(tmp_path_factory.mktemp("forge-cache"))}


def _expected() -> dict[str, dict[str, Any]]:
    """Every expectation, the SKIPs its ``undeclared`` capabilities imply among them."""
    found = load_expectations(PUBLISHED / "expectations.toml")
    return {key: {"outcome": e.outcome, "reason": e.reason} for key, e in found.items()}


def test_a_fresh_build_certifies_a_selection_as_expected(fresh_cache: dict[str, str], tmp_path: Path) -> None:
    result = cli(
        "certify", "--engine", "forge", "--validate-wire", "--out", str(tmp_path),
        "--expectations", str(PUBLISHED / "expectations.toml"), "-m", SELECTION,
        cwd=ROOT, env=fresh_cache,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["totals"]["PASS"] >= 30, report["totals"]
    assert not report["totals"].get("ERROR") and not report["totals"].get("TIMEOUT"), report["totals"]
    bridges = list((Path(fresh_cache["MTG_CONFORMANCE_CACHE"]) / "bridges").glob("forge-bridge-*/.complete"))
    assert bridges, "the bridge was not built into the fresh cache"


def test_the_committed_report_adjudicates_every_scenario_that_did_not_pass() -> None:
    report = json.loads((PUBLISHED / "report.json").read_text(encoding="utf-8"))
    expected = _expected()
    assert report["totals"]["PASS"] >= 300, report["totals"]
    for scenario in report["scenarios"]:
        key = scenario["id"]
        if scenario["outcome"] == "PASS":
            assert key not in expected, f"{key} passes but is expected not to"
            continue
        assert key in expected, f"{key}: {scenario['outcome']} with no adjudication"
        entry = expected[key]
        assert entry["outcome"] == scenario["outcome"], key
        if entry["outcome"] == "FAIL":  # a FAIL names the rule it breaks, and whose fault it is
            assert "CR " in entry["reason"] and entry["reason"].startswith("Forge"), entry["reason"]


class RefusalGuard(Engine):
    """Forge through its bridge, observed before and after every action it refuses: any difference
    is written to ``$FORGE_REFUSAL_LOG`` (one JSON line each)."""

    def __init__(self) -> None:
        from oracle.adapters.forge import command

        self.inner = SubprocessEngine(command(), timeout=20.0)
        self.log = Path(os.environ["FORGE_REFUSAL_LOG"])

    def describe(self) -> JSON:
        return self.inner.describe()

    def setup(self, position: JSON) -> JSON:
        return self.inner.setup(position)

    def perform(self, action: JSON) -> JSON:
        before = self.inner.observe()
        outcome = self.inner.perform(action)
        with self.log.open("a", encoding="utf-8") as log:
            if not outcome.get("accepted"):
                after = self.inner.observe()
                same = before == after
                log.write(json.dumps({"action": action, "code": outcome["rejection"]["code"], "same": same}) + "\n")
        return outcome

    def observe(self) -> JSON:
        return self.inner.observe()

    def close(self) -> None:
        self.inner.close()


def test_no_refused_action_over_the_whole_suite_changes_the_observation(tmp_path: Path) -> None:
    log = tmp_path / "refusals.jsonl"
    log.touch()
    result = cli(
        "run", "--engine", "tests.unit.test_forge_certification:RefusalGuard", "-n", "2",
        cwd=ROOT, env={"FORGE_REFUSAL_LOG": str(log), "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    summary = next(line for line in result.stdout.splitlines() if line.startswith("scenarios: "))
    assert " 0 ERROR, 0 TIMEOUT" in summary, result.stdout[-2000:]
    refusals = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert len(refusals) >= 30, f"only {len(refusals)} refusals seen: {result.stdout[-1500:]}"
    assert {"cannot-pay", "no-priority", "timing", "already-tapped"} <= {r["code"] for r in refusals}
    changed = [r for r in refusals if not r["same"]]
    assert not changed, changed[:5]
