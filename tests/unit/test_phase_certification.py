"""phase.rs through phase-python: a fresh certification matches the committed expectations (no new
failure, no unexpected pass), so any change of the suite or the adapter that changes phase's
outcomes shows; its reports are what the schema, CI systems and Cucumber's tools expect; and the
published reports say, for every failure, where it stopped, what was expected and what was observed."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import fastjsonschema
import pytest
from cucumber_messages import Envelope, message_converter

from oracle.suite.reports.json_report import SCHEMA
from tests.unit.test_cli import cli

pytest.importorskip("phase", reason="phase-python is not installed: pip install -e '.[phase]'")

ROOT = Path(__file__).resolve().parents[2]
PUBLISHED = ROOT / "fixtures" / "engines" / "phase"
VALIDATE = fastjsonschema.compile(json.loads(SCHEMA.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def certified(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("phase")
    expectations = PUBLISHED / "expectations.toml"
    result = cli("certify", "--engine", "phase", "--expectations", str(expectations), "--out", str(out), cwd=ROOT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    last = result.stdout.splitlines()[-2]
    assert "FAIL (expected)" in last and "CHANGED" not in last and " failed" not in last, last
    return out


def report_of(folder: Path) -> dict[str, Any]:
    report: dict[str, Any] = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    return report


@pytest.mark.parametrize("where", ["fresh", "published"])
def test_every_failure_says_where_it_stopped_and_the_report_follows_its_schema(certified: Path, where: str) -> None:
    report = report_of(certified if where == "fresh" else PUBLISHED)
    VALIDATE(report)
    failures = [s for s in report["scenarios"] if s["outcome"] == "FAIL"]
    assert failures
    for scenario in failures:
        assert scenario["failed_step"]["text"] and scenario["failed_step"]["line"] > scenario["line"]
        assert scenario["expected"] and scenario["observed"], scenario["id"]
        assert "['" not in scenario["observed"] and "['" not in scenario["message"], scenario["observed"]


def test_junit_has_a_testcase_per_scenario_and_preconditions_as_errors(certified: Path) -> None:
    report = report_of(certified)
    cases = ET.parse(certified / "junit.xml").getroot().iter("testcase")
    by_name = {c.get("name"): c for c in cases}
    assert list(by_name) == [s["name"] for s in report["scenarios"]]
    for scenario in report["scenarios"]:
        case = by_name[scenario["name"]]
        kinds = [child.tag for child in case if child.tag != "properties"]
        wanted = {"PASS": [], "FAIL": ["failure"], "UNSUPPORTED": ["failure"], "SKIP": ["skipped"]}.get(
            scenario["outcome"], ["error"]
        )
        assert kinds == wanted, (scenario["name"], scenario["outcome"], kinds)
    assert any(s["outcome"] == "PRECONDITION" for s in report["scenarios"])


def test_the_cucumber_messages_are_written_and_follow_the_models(certified: Path) -> None:
    lines = (certified / "cucumber-messages.ndjson").read_text(encoding="utf-8").splitlines()
    statuses: dict[str, set[str]] = {}
    for line in lines:
        message = json.loads(line)
        assert message_converter.to_dict(message_converter.from_dict(message, Envelope)) == message
        if "testStepFinished" in message:
            started = message["testStepFinished"]["testCaseStartedId"]
            statuses.setdefault(started, set()).add(message["testStepFinished"]["testStepResult"]["status"])
    report = report_of(certified)
    assert len(statuses) == len(report["scenarios"])
    assert sum(1 for s in statuses.values() if s == {"SKIPPED"}) == report["totals"]["SKIP"]
    assert (
        sum(1 for s in statuses.values() if "FAILED" in s)
        == report["totals"]["FAIL"] + report["totals"]["PRECONDITION"] + report["totals"]["UNSUPPORTED"]
    )


def test_the_published_report_md_opens_with_each_failure_and_why() -> None:
    text = (PUBLISHED / "report.md").read_text(encoding="utf-8")
    report = report_of(PUBLISHED)
    section = text.split("## What did not pass")[1].split("\n## ")[0]
    entries = section.split("\n### ")[1:]
    assert len(entries) == sum(
        1 for s in report["scenarios"] if s["outcome"] in ("FAIL", "ERROR", "PRECONDITION", "UNSUPPORTED")
    )
    rulings = {s["name"]: s.get("rulings", []) for s in report["scenarios"]}
    for entry in entries:
        assert ">> " in entry and "| expected | observed |" in entry and "**CR " in entry, entry
        # the ruling's words, quoted, or (for an @rules scenario, which no ruling is about) a note saying so
        name = entry.split("\n", 1)[0].split(": ", 1)[1]
        assert ("\u201c" in entry) if rulings[name] else ("no ruling: the rules alone" in entry), entry
    assert (PUBLISHED / "badge.svg").read_text(encoding="utf-8").startswith("<svg")
