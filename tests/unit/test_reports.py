"""The certification reports written from a run's report.json: the JSON against its schema,
report.md and report.html failures first, junit.xml for CI systems, Cucumber Messages checked
against the models of the ``cucumber-messages`` package, and the badge."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import fastjsonschema
import pytest
from cucumber_messages import Envelope, message_converter

from oracle.harness.steps import import_step_modules
from oracle.suite.catalog import load_catalog
from oracle.suite.reports.badge import badge_svg
from oracle.suite.reports.html import render_report_html
from oracle.suite.reports.json_report import FORMAT_VERSION, SCHEMA
from oracle.suite.reports.junit import junit_xml
from oracle.suite.reports.markdown import report_markdown
from oracle.suite.reports.messages import cucumber_messages, step_definitions
from oracle.suite.reports.writer import REPORT_FILES, write_reports
from tests.unit.test_docs import ORCHARD, make_report, small_report

import_step_modules()  # registers the step definitions

ROOT = Path(__file__).resolve().parents[2]
TAPPED = "A tapped land still counts, because costs are ignored"
GROTTO = "A land's mana ability with a mana cost counts even when nobody could pay it"
CONTAMINATION = "Contamination changes what an opponent's Forest could produce"
VALIDATE = fastjsonschema.compile(json.loads(SCHEMA.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    """A report with each way of not passing: FAIL, ERROR, PRECONDITION, SKIP."""
    return make_report(
        "tiny",
        "9.9",
        {ORCHARD: "FAIL", TAPPED: "ERROR", GROTTO: "PRECONDITION", CONTAMINATION: "SKIP"},
        {ORCHARD: "Alice's mana pool holds {C}", TAPPED: "the engine crashed", GROTTO: "could not build it"},
    )


def scenario(report: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in report["scenarios"] if s["name"] == name)


def test_report_json_declares_its_format_and_follows_its_schema(report: dict[str, Any]) -> None:
    assert report["format_version"] == FORMAT_VERSION
    VALIDATE(report)
    broken = json.loads(json.dumps(report))
    scenario(broken, ORCHARD)["failed_step"] = None
    with pytest.raises(fastjsonschema.JsonSchemaException):
        VALIDATE(broken)  # a FAIL must say where it stopped
    for field, value in (("feature", "/home/someone/features/x.feature"), ("expected", None), ("duration", -1)):
        broken = json.loads(json.dumps(report))
        scenario(broken, ORCHARD)[field] = value
        with pytest.raises(fastjsonschema.JsonSchemaException):
            VALIDATE(broken)


def test_report_md_opens_with_the_failures_and_why(report: dict[str, Any]) -> None:
    catalog = load_catalog(ROOT)
    text = report_markdown(report, catalog)
    assert text.index("## What did not pass (3)") < text.index("## Rulings") < text.index("## Skipped (1)")
    failure = text.split(f"### FAIL: {ORCHARD}")[1].split("### ")[0]
    line = scenario(report, ORCHARD)["failed_step"]["line"]
    assert f">> {line:>4}  Then Alice's mana pool contains exactly {{G}}" in failure
    assert f"   {line - 1:>4}  When Alice chooses green" in failure
    assert "| {G} | Alice's mana pool holds {C} |" in failure
    assert f"\u201c{catalog.rulings['mana.could-produce'].text}\u201d" in failure
    assert f"**CR 106.7** {catalog.rules['106.7'].title}: {catalog.rules['106.7'].text}" in failure
    assert (
        text.index(f"### FAIL: {ORCHARD}")
        < text.index(f"### ERROR: {TAPPED}")
        < text.index(f"### PRECONDITION: {GROTTO}")
    )
    assert "['" not in text


def test_report_html_opens_with_the_failures_and_why(report: dict[str, Any]) -> None:
    page = render_report_html(report, ROOT)
    assert page.index("What did not pass (3)") < page.index("<h2>The run</h2>") < page.index("<h2>Rulings</h2>")
    article = page.split(f"{ORCHARD.replace(chr(39), '&#x27;')}</h3>")[1].split("</article>")[0]
    line = scenario(report, ORCHARD)["failed_step"]["line"]
    assert f'<li class="failed"><span class="line">{line}</span><span class="kw">Then</span>' in article
    assert f'<li class="before"><span class="line">{line - 1}</span>' in article
    assert '<div class="exp"><strong>expected</strong><br>{G}</div>' in article
    assert '<div class="obs"><strong>observed</strong><br>Alice&#x27;s mana pool holds {C}</div>' in article
    assert "<strong>106.7</strong>" in article and "<strong>mana.could-produce</strong>" in article


def test_report_html_totals_and_pass_rate_leave_skips_out() -> None:
    report = small_report(["PASS", "PASS", "PASS", "FAIL", "SKIP", "SKIP", "SKIP", "SKIP"])
    page = render_report_html(report, ROOT)
    assert "<title>Certification report: tiny 9.9</title>" in page
    for fact in ("tiny 9.9 (spec tests:Engine)", "mtg-conformance 0.1.0", "1.2.0", "1.0", "2026-11-30T05:00:00+00:00"):
        assert f"<td>{fact}</td>" in page
    assert '<span class="rate">75.0 %</span> (3 passed of 4 scenarios that ran)' in page
    assert "Skipped, not counted in the rate: 4." in page
    page = render_report_html(small_report(["PASS", "ERROR", "TIMEOUT"], with_totals=False), ROOT)
    assert "(1 passed of 3 scenarios that ran)" in page
    assert '<span class="rate">n/a (nothing ran)</span>' in render_report_html(small_report(["SKIP", "SKIP"]), ROOT)


def test_junit_has_a_testcase_per_scenario_named_after_it_with_its_feature_and_tags(report: dict[str, Any]) -> None:
    text = junit_xml(report)
    root = ET.fromstring(text.encode("utf-8"))
    suite = root.find("testsuite")
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == [s["name"] for s in report["scenarios"]]
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors"), suite.get("skipped")) == (
        str(len(cases)),
        "1",
        "2",
        "1",
    )
    by_name = {c.get("name"): c for c in cases}
    orchard = by_name[ORCHARD]
    assert orchard.get("classname") == "The types of mana a permanent could produce"
    props = [(p.get("name"), p.get("value")) for p in orchard.find("properties")]
    assert ("ruling", "mana.could-produce") in props and ("cr", "106.7") in props
    assert ("feature", "features/mana/could_produce.feature") in props
    failure = orchard.find("failure")
    assert failure.get("message") == "expected {G}; observed Alice's mana pool holds {C}"
    line = scenario(report, ORCHARD)["failed_step"]["line"]
    assert f"step:     Then Alice's mana pool contains exactly {{G}} (line {line})" in failure.text
    assert by_name[TAPPED].find("error").get("type") == "ERROR"
    assert by_name[GROTTO].find("error").get("type") == "PRECONDITION"
    assert by_name[CONTAMINATION].find("skipped") is not None
    passing = next(c for c in cases if c.get("name") not in (ORCHARD, TAPPED, GROTTO, CONTAMINATION))
    assert [child.tag for child in passing] == ["properties"]
    for machine in (str(ROOT), "/home/", "/tmp/", "site-packages", "Traceback"):
        assert machine not in text


def test_cucumber_messages_follow_the_models_and_say_where_each_scenario_stopped(report: dict[str, Any]) -> None:
    definitions = step_definitions(ROOT)
    assert len(definitions) > 40 and all(d.uri.startswith("oracle/harness/steps/") for d in definitions)
    lines = cucumber_messages(report, ROOT, definitions).splitlines()
    messages = [json.loads(line) for line in lines]
    for message in messages:
        envelope = message_converter.from_dict(message, Envelope)  # required fields and enums
        assert message_converter.to_dict(envelope) == message  # and no field the models don't know
    kinds = [next(iter(m)) for m in messages]
    assert kinds[0] == "meta" and kinds[-1] == "testRunFinished"
    assert kinds.count("testCase") == len(report["scenarios"]) == kinds.count("testCaseFinished")
    pickles = {m["pickle"]["id"]: m["pickle"] for m in messages if "pickle" in m}
    known_definitions = {m["stepDefinition"]["id"] for m in messages if "stepDefinition" in m}
    cases, results = {}, {}
    for m in messages:
        if "testCase" in m:
            case = m["testCase"]
            pickle = pickles[case["pickleId"]]
            assert [s["pickleStepId"] for s in case["testSteps"]] == [s["id"] for s in pickle["steps"]]
            for step in case["testSteps"]:
                assert len(step["stepDefinitionIds"]) == 1 and set(step["stepDefinitionIds"]) <= known_definitions
            cases[case["id"]] = pickle["name"]
        if "testStepFinished" in m:
            started = m["testStepFinished"]["testCaseStartedId"]
            results.setdefault(cases["tc" + started.removeprefix("tcs")], []).append(
                m["testStepFinished"]["testStepResult"]["status"]
            )
    assert set(results[CONTAMINATION]) == {"SKIPPED"}
    assert results[ORCHARD] == ["PASSED"] * 7 + ["FAILED"]
    assert results[TAPPED][-1] == "FAILED" and results[GROTTO][-1] == "FAILED"
    passing = next(s["name"] for s in report["scenarios"] if s["outcome"] == "PASS")
    assert set(results[passing]) == {"PASSED"}
    failed = next(
        m for m in messages if m.get("testStepFinished", {}).get("testStepResult", {}).get("status") == "FAILED"
    )
    assert (
        failed["testStepFinished"]["testStepResult"]["message"] == "expected {G}; observed Alice's mana pool holds {C}"
    )
    assert messages[-1]["testRunFinished"]["success"] is False
    assert str(ROOT) not in "\n".join(lines)


def test_the_badge_shows_the_pass_rate(report: dict[str, Any]) -> None:
    svg = badge_svg(report)
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    ran = len(report["scenarios"]) - 1
    assert texts == ["tiny 9.9", f"{100 * report['pass_rate']:.1f} %"] and report["pass_rate"] == round(
        (ran - 3) / ran, 4
    )
    assert 'fill="#2e8b32"' in svg  # 95 % and above is green
    nothing = small_report(["SKIP"])
    nothing["pass_rate"] = None
    assert ">n/a</text>" in badge_svg(nothing) and "#9f9f9f" in badge_svg(nothing)


def test_write_reports_writes_every_file(report: dict[str, Any], tmp_path: Path) -> None:
    written = write_reports(tmp_path, report, ROOT)
    assert [p.name for p in written] == list(REPORT_FILES)
    assert json.loads((tmp_path / "report.json").read_text(encoding="utf-8")) == report
    assert re.search(r"^<\?xml", (tmp_path / "junit.xml").read_text(encoding="utf-8"))


def test_junit_header_counts_equal_its_elements_for_every_outcome() -> None:
    """UNSUPPORTED is written as a <failure>: the header counted it among the errors."""
    outcomes = ["PASS", "FAIL", "UNSUPPORTED", "UNSUPPORTED", "ERROR", "TIMEOUT", "PRECONDITION", "NOT RUN", "SKIP"]
    root = ET.fromstring(junit_xml(small_report(outcomes)).encode("utf-8"))
    for element in (root, root.find("testsuite")):
        cases = root.find("testsuite").findall("testcase")
        tags = [next((c.tag for c in case if c.tag != "properties"), "") for case in cases]
        header = {k: element.get(k) for k in ("tests", "failures", "errors", "skipped")}
        assert header == {
            "tests": str(len(cases)),
            "failures": str(tags.count("failure")),
            "errors": str(tags.count("error")),
            "skipped": str(tags.count("skipped")),
        }
        assert header["failures"] == "3" and header["errors"] == "4"
