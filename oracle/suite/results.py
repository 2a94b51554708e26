"""Collect each scenario's outcome during a pytest run, apply an engine's expectations, and
print the per-ruling conformance summary.

The plugin is registered by ``tests/conftest.py``; the CLI reads it after the run to write
reports and expectations files.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest

from oracle.contract.outcomes import OUTCOMES, classify
from oracle.errors import UserError
from oracle.toml import read_toml
from oracle.version import __version__

from .catalog import Catalog

#: Where tests/conftest.py keeps the run's :class:`ResultCollector` (read by the CLI).
RESULTS = pytest.StashKey["ResultCollector"]()


@dataclass
class ScenarioResult:
    """One scenario's outcome, with what it encodes."""

    id: str
    name: str
    feature: str
    line: int
    rulings: list[str]
    rules: list[str]
    needs: list[str]
    outcome: str = "PASS"
    message: str = ""


@dataclass
class Expectation:
    """A scenario an engine is expected not to pass, and why."""

    outcome: str
    reason: str


def load_expectations(path: Path) -> dict[str, Expectation]:
    """An engine's expectations file (TOML), pinned to the suite version it was written for."""
    data = read_toml(path, UserError)
    if data.get("suite_version") != __version__:
        raise UserError(
            f"{path}: written for suite {data.get('suite_version')!r}, this is {__version__}: "
            "regenerate it with 'mtg-conformance expectations'"
        )
    expected = {}
    for entry in data.get("expected", []):
        if entry.get("outcome") not in OUTCOMES or entry.get("outcome") == "PASS" or "scenario" not in entry:
            raise UserError(f"{path}: each [[expected]] needs a scenario and an outcome other than PASS")
        expected[entry["scenario"]] = Expectation(entry["outcome"], str(entry.get("reason", "")))
    return expected


def expectations_toml(results: list[ScenarioResult], engine: str) -> str:
    """The expectations file that makes this run the baseline: every scenario that did not pass."""
    lines = [
        f"# Scenarios {engine} is expected not to pass, written by 'mtg-conformance expectations'.",
        "# A run fails on a new failure and on an unexpected pass. Give each a reason or an issue link.",
        f'suite_version = "{__version__}"',
        f"engine = {_quote(engine)}",
        "",
    ]
    for result in sorted(results, key=lambda r: r.id):
        if result.outcome != "PASS":
            reason = result.message.splitlines()[0][:200] if result.message else ""
            lines += ["[[expected]]", f"scenario = {_quote(result.id)}", f'outcome = "{result.outcome}"']
            lines += [f"reason = {_quote(reason)}", ""]
    return "\n".join(lines)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass
class ResultCollector:
    """The pytest plugin: outcome of every scenario, per-ruling summary at the end."""

    catalog: Catalog
    engine: str
    expectations: dict[str, Expectation] = field(default_factory=dict)
    results: dict[str, ScenarioResult] = field(default_factory=dict)
    quiet: bool = False

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        from pytest_bdd.scenario import scenario_wrapper_template_registry

        for item in items:
            function = getattr(item, "obj", None)
            template = scenario_wrapper_template_registry.get(function) if callable(function) else None
            if template is None:
                continue
            markers = [m.name for m in item.iter_markers()]
            feature = template.feature.rel_filename
            self.results[item.nodeid] = ScenarioResult(
                id=f"{feature}::{template.name}",
                name=template.name,
                feature=feature,
                line=template.line_number,
                rulings=sorted({n.split(".", 1)[1] for n in markers if n.startswith("ruling.")}),
                rules=sorted({n.split(".", 1)[1] for n in markers if n.startswith("cr.")}),
                needs=sorted({str(m.args[0]) for m in item.iter_markers("needs")}),
            )

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        for item in items:
            self.results.pop(item.nodeid, None)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
        outcome = yield
        report: pytest.TestReport = outcome.get_result()
        result = self.results.get(item.nodeid)
        if result is None or (report.when != "call" and report.outcome == "passed"):
            return
        error = call.excinfo.value if call.excinfo is not None else None
        label = classify(error, skipped=report.outcome == "skipped")
        if report.when != "call" and label == "PASS":
            return
        result.outcome = label
        result.message = str(error).splitlines()[0] if error is not None and str(error) else ""
        expected = self.expectations.get(result.id)
        if expected is not None and label == expected.outcome:
            report.outcome = "skipped"  # known: an expected failure (like pytest's xfail)
            report.wasxfail = f"expected {expected.outcome}: {expected.reason}"
        elif expected is not None and label != "SKIP":
            report.outcome = "failed"
            report.longrepr = f"{result.id}: expected {expected.outcome} ({expected.reason}), got {label}"

    def ordered(self) -> list[ScenarioResult]:
        return sorted(self.results.values(), key=lambda r: (r.feature, r.line))

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self.quiet or not self.results:
            return
        write = terminalreporter.write_line
        per_ruling: dict[str, Counter[str]] = defaultdict(Counter)
        for result in self.results.values():
            for ruling_id in result.rulings:
                per_ruling[ruling_id][result.outcome] += 1
        terminalreporter.section(f"conformance summary: {self.engine}")
        write(f"{'#':>3}  {'ruling':<36} {'status':<8} {'pass':>4} {'fail':>4} {'skip':>4}")
        statuses: Counter[str] = Counter()
        for ruling in sorted(self.catalog.rulings.values(), key=lambda r: r.number):
            counts = per_ruling.get(ruling.id, Counter())
            failed = sum(counts[o] for o in ("FAIL", "ERROR", "TIMEOUT", "PRECONDITION"))
            status = _status(counts["PASS"], failed, counts["SKIP"])
            statuses[status] += 1
            write(
                f"{ruling.number:>3}  {ruling.id:<36} {status:<8} {counts['PASS']:>4} {failed:>4} {counts['SKIP']:>4}"
            )
        totals = Counter(r.outcome for r in self.results.values())
        write(
            f"rulings: {statuses['PASS']} pass, {statuses['FAIL']} fail, {statuses['PARTIAL'] + statuses['SKIP']} "
            f"with skips, {statuses['NOT RUN']} not run (no scenario selected); {len(self.catalog.rulings)} in the catalog"
        )
        write("scenarios: " + ", ".join(f"{totals[o]} {o}" for o in OUTCOMES))


def _status(passed: int, failed: int, skipped: int) -> str:
    if failed:
        return "FAIL"
    if passed and not skipped:
        return "PASS"
    if passed:
        return "PARTIAL"
    return "SKIP" if skipped else "NOT RUN"


def as_dicts(results: list[ScenarioResult]) -> list[dict[str, Any]]:
    return [asdict(r) for r in results]
