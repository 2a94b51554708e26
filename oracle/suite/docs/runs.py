"""Reading run reports (the dicts a run writes) into what the pages show: totals, pass rate,
each scenario's outcome and why, and each ruling's status.

The pass rate is PASS over the scenarios that ran: a skip (or a scenario that did not run) is
shown apart and never counted.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from oracle.contract.outcomes import OUTCOMES
from oracle.suite.inert import LONG, NAME, plain

__all__ = ["EngineRun", "Result", "engine_run", "pass_rate", "ruling_status", "totals"]

#: Outcomes of a scenario that ran and did not pass, the worst first.
NOT_PASSED = ("FAIL", "ERROR", "TIMEOUT", "PRECONDITION", "UNSUPPORTED")
#: Outcomes that mean the scenario did not run (not counted in the pass rate).
DID_NOT_RUN = ("SKIP", "NOT RUN")


@dataclass(frozen=True)
class Result:
    """One scenario's outcome in one report, and why it did not pass."""

    outcome: str
    message: str = ""
    failed_step: Mapping[str, Any] | None = None
    expected: str = ""
    observed: str = ""


@dataclass(frozen=True)
class EngineRun:
    """One engine's report: its name, version and date, totals, each scenario's result by name,
    and each ruling's outcomes."""

    name: str
    version: str
    date: str
    totals: dict[str, int]
    results: dict[str, Result]
    rulings: dict[str, list[str]] = field(default_factory=dict)
    #: a rules engine written apart from the suite (fixtures/engines/engines.toml), read by the
    #: cross-engine lists
    real: bool = False

    @property
    def label(self) -> str:
        return f"{self.name} {self.version}".strip()


def totals(report: Mapping[str, Any]) -> dict[str, int]:
    if isinstance(report.get("totals"), Mapping):
        return {str(k): int(v) for k, v in report["totals"].items()}
    counts = dict.fromkeys(OUTCOMES, 0)
    for scenario in report.get("scenarios", []):
        counts[str(scenario.get("outcome"))] = counts.get(str(scenario.get("outcome")), 0) + 1
    return counts


def ran(totals: Mapping[str, int]) -> int:
    """How many scenarios ran: every outcome but SKIP and NOT RUN."""
    return sum(n for o, n in totals.items() if o not in DID_NOT_RUN)


def pass_rate(totals: Mapping[str, int]) -> str:
    """PASS over the scenarios that ran (every outcome but SKIP and NOT RUN), as a percentage."""
    count = ran(totals)
    return f"{100 * totals.get('PASS', 0) / count:.1f} %" if count else "n/a (nothing ran)"


def ruling_status(outcomes: Iterable[str]) -> str:
    """A ruling's outcome from its scenarios': the worst that ran and did not pass (FAIL, ERROR,
    TIMEOUT, PRECONDITION, then UNSUPPORTED), else NOT RUN when one did not run (or none is in the report),
    else PASS when every one passed, PARTIAL when some passed and others were skipped, SKIP
    when all were skipped.  So a ruling whose scenarios all ended as PRECONDITION says so."""
    counts = Counter(outcomes)
    for outcome in NOT_PASSED:
        if counts[outcome]:
            return outcome
    if counts["NOT RUN"]:
        return "NOT RUN"
    if counts["PASS"]:
        return "PASS" if counts["PASS"] == sum(counts.values()) else "PARTIAL"
    return "SKIP" if counts["SKIP"] else "NOT RUN"


def _text(value: object) -> str:
    """An engine's words, as the pages show them: one line of at most :data:`~oracle.suite.inert.LONG` characters."""
    return "" if value is None else plain(value, LONG)


def engine_run(report: Mapping[str, Any]) -> EngineRun:
    """What the pages show of a report; every engine-supplied text is cut on the way in (a name to
    :data:`~oracle.suite.inert.NAME` characters, since every page repeats it), so the pages' size
    does not grow with the report's longest strings."""
    engine = report.get("engine", {})
    results: dict[str, Result] = {}
    by_ruling: dict[str, list[str]] = defaultdict(list)
    for s in report.get("scenarios", []):
        step = s.get("failed_step")
        results[str(s.get("name", ""))] = Result(
            outcome=str(s.get("outcome", "")),
            message=_text(s.get("message")),
            failed_step=step if isinstance(step, Mapping) else None,
            expected=_text(s.get("expected")),
            observed=_text(s.get("observed")),
        )
        for ruling in s.get("rulings", []):
            by_ruling[str(ruling)].append(str(s.get("outcome", "")))
    return EngineRun(
        name=plain(engine.get("name") or "?", NAME),
        version=plain(engine.get("version") or "", NAME),
        date=str(report.get("date", ""))[:10],
        totals=totals(report),
        results=results,
        rulings=dict(by_ruling),
    )
