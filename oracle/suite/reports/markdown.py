"""``report.md``: one engine's certification as Markdown, failures first.

It opens with the totals and the pass rate, then every scenario that did not pass: the step
where it stopped with the steps before and after it (the failed one marked), what was expected
beside what was observed, the ruling's words and the text of its CR paragraphs.  Then one line
per ruling, and the skipped scenarios with why.  Between them, where other real engines'
certifications are committed with the suite, the run beside them
(:mod:`oracle.suite.reports.across_section`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import quote

from oracle.suite.across import Certified, Review
from oracle.suite.catalog import Catalog
from oracle.suite.docs.runs import pass_rate, ruling_status
from oracle.suite.inert import LONG, NAME, markdown, markdown_code, plain
from oracle.suite.reports.across_section import across_markdown
from oracle.suite.reports.failures import UNRELIABLE, around, core_not_passed, not_passed, step_line, where

__all__ = ["report_markdown"]


def _cell(text: object) -> str:
    """Text for a Markdown table cell: one line, inert (:func:`oracle.suite.inert.markdown`)."""
    return markdown(text, LONG)


def _failure(scenario: Mapping[str, Any], catalog: Catalog) -> list[str]:
    lines = [f"### {scenario['outcome']}: {markdown(scenario['name'], 1000)}", ""]
    rulings = scenario.get("rulings", [])
    about = f"ruling {', '.join(markdown_code(r) for r in rulings)}" if rulings else "no ruling: the rules alone"
    lines.append(f"{markdown_code(where(scenario), 1000)} · {about}")
    lines.append("")
    steps = around(scenario)
    if steps:
        lines.append("```gherkin")
        for role, step in steps:
            mark = ">>" if role == "failed" else "  "
            lines.append(f"{mark} {step.get('line', ''):>4}  {plain(step_line(step), 1000)}")  # one line: no fence ends
        lines.append("```")
        lines.append("")
    failed = scenario.get("failed_step")
    if failed:
        lines += [f"Stopped at line {failed.get('line')}: **{markdown(step_line(failed), 1000)}**", ""]
    if scenario.get("transcript"):
        path = plain(scenario["transcript"], 1000)  # a relative link: every byte but the path's own percent-encoded
        lines += [f"Transcript: [{markdown(path, 1000)}]({quote(path, safe='/.-_~')})", ""]
    lines += [
        "| expected | observed |",
        "|---|---|",
        f"| {_cell(scenario.get('expected') or '')} | {_cell(scenario.get('observed') or scenario.get('message', ''))} |",
        "",
    ]
    for ruling_id in scenario.get("rulings", []):
        ruling = catalog.rulings.get(ruling_id)
        if ruling:
            lines += [f"> **{ruling_id}** (ruling {ruling.number}): \u201c{ruling.text}\u201d", ""]
    for number in scenario.get("rules", []):
        rule = catalog.rules.get(number)
        if rule:
            lines += [f"- **CR {number}** {rule.title}: {rule.text}"]
    return [*lines, ""]


def _rate(report: Mapping[str, Any], ran: int) -> str:
    not_run = report["totals"].get("NOT RUN", 0)
    if not_run:
        return f"n/a (the run is incomplete: {not_run} scenarios NOT RUN)"
    return f"{pass_rate(report['totals'])} of the {ran} scenarios that ran"


def report_markdown(
    report: Mapping[str, Any],
    catalog: Catalog,
    others: Sequence[Certified] = (),
    checked: Mapping[str, Review] | None = None,
) -> str:
    """report.md: totals, then every scenario that did not pass, then the run beside the other
    certified engines (``others``, with the re-checks ``checked``), then one line per ruling, then skips."""
    engine = report["engine"]
    name, version = markdown(engine.get("name") or "?", NAME), markdown(engine.get("version") or "", NAME)
    totals: Mapping[str, int] = report["totals"]
    ran = sum(n for o, n in totals.items() if o not in ("SKIP", "NOT RUN"))
    counts = ", ".join(f"{n} {o}" for o, n in totals.items() if n)
    lines = [
        f"# Certification of {name} {version}",
        "",
        f"Suite {report['suite']['version']}, contract {report['suite']['contract']}, protocol "
        f"{report['suite']['protocol']}, report format {report.get('format_version', '1.0')}; "
        f"run on {markdown(report['date'], 64)} in {report.get('duration', 0):.1f} s. "
        f"Engine spec: {markdown_code(engine['spec'], 500)}.",
        "",
        f"**{counts}**. Pass rate: {_rate(report, ran)} (skips are not counted).",
        "",
    ]
    core = core_not_passed(report["scenarios"])
    if core:
        lines += [f"> **Warning**: {UNRELIABLE}: {markdown(', '.join(s['name'] for s in core), LONG)}.", ""]
    problems = not_passed(report)
    lines += [f"## What did not pass ({len(problems)})", ""]
    for scenario in problems:
        lines += _failure(scenario, catalog)
    if not problems:
        lines += ["Every scenario that ran passed.", ""]
    lines += across_markdown(report, others, checked or {})
    lines += ["## Rulings", "", "| # | ruling | outcome | pass | not passed | skipped |", "|---|---|---|---|---|---|"]
    for ruling in sorted(catalog.rulings.values(), key=lambda r: r.number):
        outcomes = [s["outcome"] for s in report["scenarios"] if ruling.id in s["rulings"]]
        passed, skipped = outcomes.count("PASS"), outcomes.count("SKIP")
        lines.append(
            f"| {ruling.number} | {ruling.id} | {ruling_status(outcomes)} | {passed} | "
            f"{len(outcomes) - passed - skipped} | {skipped} |"
        )
    skips = [s for s in report["scenarios"] if s["outcome"] == "SKIP"]
    lines += ["", f"## Skipped ({len(skips)})", ""]
    lines += [
        f"- {markdown_code(s['id'], 1000)}: {_cell(s.get('observed') or s.get('message', ''))}" for s in skips
    ] or ["None."]
    return "\n".join(lines) + "\n"
