"""``report.json``: one engine's run of the suite as data, the source of every other report.

It declares its format (:data:`FORMAT_VERSION`) and follows ``report.schema.json`` beside this
module: versions of the suite, contract and protocol; the engine's spec, name, version and
capabilities; the date and duration of the run; totals by outcome; the pass rate (PASS over
the scenarios that ran, skips never counted); and every scenario with its rulings, CR
paragraphs, needs, outcome, duration and steps.  A scenario that did not pass names the step
where it stopped (``failed_step``: keyword, text, line), what that step ``expected`` and what
was ``observed``.  Paths are relative to the suite's ``features/`` folder, never the machine's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from oracle.contract.outcomes import OUTCOMES
from oracle.version import __version__

__all__ = ["FORMAT_VERSION", "SCHEMA", "build_report", "report_json"]

FORMAT_VERSION = "2.0"
#: The JSON Schema (draft-07) every report.json follows.
SCHEMA = Path(__file__).with_name("report.schema.json")
#: Outcomes of scenarios that did not run, left out of the pass rate.
DID_NOT_RUN = ("SKIP", "NOT RUN")


def build_report(
    scenarios: Sequence[Mapping[str, Any]],
    spec: str,
    described: Mapping[str, Any],
    date: str,
    duration: float,
    contract: str,
    protocol: str,
) -> dict[str, Any]:
    """The report of a run: ``scenarios`` are the dicts of each scenario's result, in suite order."""
    totals = {o: sum(1 for s in scenarios if s["outcome"] == o) for o in OUTCOMES}
    totals.update({o: n for o, n in _extra_totals(scenarios).items() if n})
    ran = sum(n for o, n in totals.items() if o not in DID_NOT_RUN)
    return {
        "format_version": FORMAT_VERSION,
        "suite": {"name": "mtg-conformance", "version": __version__, "contract": contract, "protocol": protocol},
        "engine": {"spec": spec, **{k: described.get(k) for k in ("name", "version", "capabilities")}},
        "date": date,
        "duration": round(duration, 3),
        "totals": totals,
        "pass_rate": round(totals["PASS"] / ran, 4) if ran else None,
        "scenarios": [dict(s) for s in scenarios],
    }


def _extra_totals(scenarios: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for s in scenarios:
        if s["outcome"] not in OUTCOMES:
            counts[s["outcome"]] = counts.get(s["outcome"], 0) + 1
    return counts


def report_json(report: Mapping[str, Any]) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"
