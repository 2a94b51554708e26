"""Argentum through its bridge: a fresh build of the bridge (in a cache of the test's own) certifies a
selection of scenarios over the wire with every message checked against the schemas, matching the
committed expectations; the committed report agrees with those expectations, each of its failures
adjudicated by a rule of the CR; and without an Argentum build the engine fails to load in one line."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from oracle.adapters import argentum
from oracle.errors import EngineLoadError
from oracle.toml import read_toml
from tests.unit.test_cli import cli

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = ROOT / "fixtures" / "engines" / "argentum"
EXPECTATIONS = PUBLISHED / "expectations.toml"
#: A selection that plays every request of the contract: the core scenarios (setup, casting and
#: paying, refusals), combat with blockers and divided damage and its question (510.1c), and the
#: adjudicated failures of priority (117.4).
SELECTION = "core or cr.510.1c or cr.117.4 or cr.509.2"


def argentum_available() -> bool:
    try:
        argentum.jars(argentum.engine_build(argentum.VARIABLE, argentum.default_build(), "", ""))
    except EngineLoadError:
        return False
    return shutil.which("javac") is not None and shutil.which("java") is not None


needs_argentum = pytest.mark.skipif(
    not argentum_available(), reason="no Argentum build (MTG_CONFORMANCE_ARGENTUM) or no JDK"
)


def expected() -> dict[str, dict[str, Any]]:
    data = read_toml(EXPECTATIONS)
    return {e["scenario"]: e for e in data["expected"]}


@needs_argentum
def test_a_fresh_bridge_certifies_a_selection_as_expected(tmp_path: Path) -> None:
    env = {"MTG_CONFORMANCE_CACHE": str(tmp_path / "cache")}
    out = tmp_path / "report"
    args = ["certify", "--engine", "argentum", "--validate-wire", "-m", SELECTION]
    result = cli(*args, "--expectations", str(EXPECTATIONS), "--out", str(out), cwd=ROOT, env=env)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    last = result.stdout.splitlines()[-2]
    assert "PASS" in last and "FAIL (expected)" in last and "CHANGED" not in last and "ERROR" not in last, last
    assert list((tmp_path / "cache" / "bridges").glob("argentum-*/bridge.jar"))
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["totals"]["PASS"] >= 15 and not report["totals"].get("ERROR")


def test_the_committed_report_is_adjudicated_by_the_expectations() -> None:
    report = json.loads((PUBLISHED / "report.json").read_text(encoding="utf-8"))
    wanted = expected()
    not_passed = [s for s in report["scenarios"] if s["outcome"] not in ("PASS",)]
    assert not [s for s in report["scenarios"] if s["outcome"] in ("ERROR", "TIMEOUT", "PRECONDITION")]
    for scenario in not_passed:
        entry = wanted.get(scenario["id"])
        assert entry is not None, f"{scenario['id']} ({scenario['outcome']}) has no expectation"
        assert entry["outcome"] == scenario["outcome"], scenario["id"]
    passed = {s["id"] for s in report["scenarios"] if s["outcome"] == "PASS"}
    assert not passed & set(wanted), "a scenario expected not to pass passed"
    for name, entry in wanted.items():
        if entry["outcome"] == "FAIL":
            assert re.search(r"\b\d{3}\.\d+[a-z]?\b", entry["reason"]), f"{name}: its reason cites no rule of the CR"
        if entry["outcome"] == "UNSUPPORTED":
            assert "Argentum defines no card" in entry["reason"], f"{name}: unsupported for another reason than a card"


def test_without_an_argentum_build_the_engine_fails_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(argentum.VARIABLE, str(tmp_path / "missing"))
    with pytest.raises(EngineLoadError) as raised:
        argentum.command()
    assert "\n" not in str(raised.value) and argentum.VARIABLE in str(raised.value)
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv(argentum.VARIABLE, str(tmp_path / "empty"))
    with pytest.raises(EngineLoadError, match="argentum-rules-engine"):
        argentum.command()
    result = cli(
        "run",
        "--engine",
        "argentum",
        "-m",
        "core",
        cwd=ROOT,
        env={argentum.VARIABLE: str(tmp_path / "missing"), "MTG_CONFORMANCE_CACHE": str(tmp_path / "cache")},
    )
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
