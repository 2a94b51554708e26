"""A pytest plugin that prints the per-ruling conformance summary of a run.

Each scenario counts once for each ``@ruling:`` tag it carries.  A ruling
passes when every one of its scenarios passed; a skipped scenario is shown
apart and never counted as a pass.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import pytest

from .catalog import Catalog


@dataclass
class RulingResult:
    """Outcomes of one ruling's scenarios."""

    passed: int = 0
    failed: int = 0
    skipped: int = 0

    @property
    def status(self) -> str:
        if self.failed:
            return "FAIL"
        if self.passed and not self.skipped:
            return "PASS"
        if self.passed:
            return "PARTIAL"
        return "SKIP" if self.skipped else "NOT RUN"


@dataclass
class ConformanceSummary:
    """Collects outcomes per ruling while pytest runs, then prints the table."""

    catalog: Catalog
    engine: str
    rulings_of: dict[str, list[str]] = field(default_factory=dict)
    outcome_of: dict[str, str] = field(default_factory=dict)

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        for item in items:
            names = [m.name for m in item.iter_markers()]
            self.rulings_of[item.nodeid] = sorted({n.split(".", 1)[1] for n in names if n.startswith("ruling.")})

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call" or report.outcome != "passed":
            previous = self.outcome_of.get(report.nodeid)
            if previous in ("failed",):
                return
            self.outcome_of[report.nodeid] = report.outcome

    def results(self) -> dict[str, RulingResult]:
        table: dict[str, RulingResult] = defaultdict(RulingResult)
        for nodeid, rulings in self.rulings_of.items():
            outcome = self.outcome_of.get(nodeid)
            for ruling in rulings:
                result = table[ruling]
                if outcome == "passed":
                    result.passed += 1
                elif outcome == "skipped":
                    result.skipped += 1
                elif outcome == "failed":
                    result.failed += 1
        return table

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        results = self.results()
        write = terminalreporter.write_line
        terminalreporter.section(f"conformance summary: {self.engine}")
        write(f"{'#':>3}  {'ruling':<36} {'status':<8} {'pass':>4} {'fail':>4} {'skip':>4}")
        for ruling in sorted(self.catalog.rulings.values(), key=lambda r: r.number):
            result = results.get(ruling.id, RulingResult())
            write(
                f"{ruling.number:>3}  {ruling.id:<36} {result.status:<8} "
                f"{result.passed:>4} {result.failed:>4} {result.skipped:>4}"
            )
        statuses = [results.get(r, RulingResult()).status for r in self.catalog.rulings]
        ran = sum(1 for s in statuses if s != "NOT RUN")
        passing = statuses.count("PASS")
        write(
            f"rulings: {passing} pass, {statuses.count('FAIL')} fail, {statuses.count('PARTIAL') + statuses.count('SKIP')} "
            f"with skips, {len(statuses) - ran} not run (no scenario selected); {len(statuses)} in the catalog"
        )
