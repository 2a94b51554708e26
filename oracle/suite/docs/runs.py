"""Reading run reports (the dicts a run writes) into what the pages show: totals, pass rate, outcomes.

The pass rate is PASS over the scenarios that ran: a skip is shown apart and never counted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from oracle.contract.outcomes import OUTCOMES

__all__ = ["EngineRun", "engine_run", "pass_rate", "totals"]


@dataclass(frozen=True)
class EngineRun:
    """One engine's report: its column head, totals and each scenario's outcome and message by name."""

    label: str
    totals: dict[str, int]
    results: dict[str, tuple[str, str]]


def totals(report: Mapping[str, Any]) -> dict[str, int]:
    if isinstance(report.get("totals"), Mapping):
        return {str(k): int(v) for k, v in report["totals"].items()}
    counts = dict.fromkeys(OUTCOMES, 0)
    for scenario in report.get("scenarios", []):
        counts[str(scenario.get("outcome"))] = counts.get(str(scenario.get("outcome")), 0) + 1
    return counts


def pass_rate(totals: Mapping[str, int]) -> str:
    """PASS over the scenarios that ran (every outcome but SKIP), as a percentage."""
    ran = sum(totals.values()) - totals.get("SKIP", 0)
    return f"{100 * totals.get('PASS', 0) / ran:.1f} %" if ran else "n/a (nothing ran)"


def engine_run(report: Mapping[str, Any]) -> EngineRun:
    engine = report.get("engine", {})
    results = {
        str(s.get("name", "")): (str(s.get("outcome", "")), str(s.get("message") or ""))
        for s in report.get("scenarios", [])
    }
    return EngineRun(f"{engine.get('name', '?')} {engine.get('version', '')}".strip(), totals(report), results)
