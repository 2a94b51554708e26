"""``junit.xml``: the run for CI systems, one ``<testcase>`` per scenario.

Each test case is named after its scenario, its class after its feature, with properties for
its feature file (relative to ``features/``), rulings and CR paragraphs.  FAIL is a
``<failure>``; ERROR, TIMEOUT, PRECONDITION and NOT RUN are ``<error>`` (the engine or the
run broke, not the rules); UNSUPPORTED (the engine said it can't) is a ``<failure>`` of that
type, so no CI counts it as passed; SKIP is ``<skipped>``.  The message is one line of prose and the
body the Gherkin block the terminal prints; no path of the machine that ran it appears.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

from oracle.suite.inert import LONG, xml
from oracle.suite.reports.failures import block

__all__ = ["junit_xml"]


def _text(value: object) -> str:
    """Text XML 1.0 can hold, and no control character (:func:`oracle.suite.inert.xml`)."""
    return xml(value, 10 * LONG)


def _seconds(value: object) -> str:
    return f"{float(value or 0):.3f}"


def _testcase(scenario: Mapping[str, Any]) -> ET.Element:
    case = ET.Element(
        "testcase",
        name=_text(scenario["name"]),
        classname=_text(scenario.get("feature_name") or scenario["feature"]),
        file=_text(f"features/{scenario['feature']}"),
        line=str(scenario.get("line", 0)),
        time=_seconds(scenario.get("duration")),
    )
    properties = ET.SubElement(case, "properties")
    ET.SubElement(properties, "property", name="feature", value=_text(f"features/{scenario['feature']}"))
    for ruling in scenario.get("rulings", []):
        ET.SubElement(properties, "property", name="ruling", value=_text(ruling))
    for rule in scenario.get("rules", []):
        ET.SubElement(properties, "property", name="cr", value=_text(rule))
    outcome = scenario["outcome"]
    expected, observed = scenario.get("expected"), scenario.get("observed")
    message = f"expected {expected}; observed {observed}" if expected and observed else scenario.get("message", "")
    if outcome in ("FAIL", "UNSUPPORTED"):
        kind = "failure"
    elif outcome == "SKIP":
        ET.SubElement(case, "skipped", message=_text(observed or scenario.get("message") or "skipped"))
        return case
    elif outcome == "PASS":
        return case
    else:
        kind = "error"
    element = ET.SubElement(case, kind, message=_text(message or outcome), type=outcome)
    element.text = _text("\n".join(block(scenario)))
    return case


def junit_xml(report: Mapping[str, Any]) -> str:
    """The JUnit XML of a report: one test suite, the engine's, with a test case per scenario."""
    scenarios = report.get("scenarios", [])
    engine = report.get("engine", {})
    cases = [_testcase(scenario) for scenario in scenarios]
    kinds = [next((child.tag for child in case if child.tag != "properties"), "passed") for case in cases]
    counts = {  # counted from the elements written, so the header always says what the body holds
        "tests": str(len(cases)),
        "failures": str(kinds.count("failure")),
        "errors": str(kinds.count("error")),
        "skipped": str(kinds.count("skipped")),
        "time": _seconds(report.get("duration")),
    }
    root = ET.Element("testsuites", name="mtg-conformance", **counts)
    suite = ET.SubElement(
        root,
        "testsuite",
        name=_text(f"mtg-conformance: {engine.get('name')} {engine.get('version')}"),
        timestamp=_text(str(report.get("date", ""))[:19]),
        **counts,
    )
    properties = ET.SubElement(suite, "properties")
    for name, value in (
        ("engine", engine.get("name")),
        ("engine_version", engine.get("version")),
        ("suite_version", report.get("suite", {}).get("version")),
        ("contract", report.get("suite", {}).get("contract")),
        ("pass_rate", report.get("pass_rate")),
    ):
        ET.SubElement(properties, "property", name=name, value=_text(value))
    suite.extend(cases)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
