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

from oracle.contract.outcomes import OUTCOMES, printable
from oracle.version import __version__

__all__ = ["FORMAT_VERSION", "SCHEMA", "build_report", "report_json"]

FORMAT_VERSION = "2.0"
#: The JSON Schema (draft-07) every report.json follows.
SCHEMA = Path(__file__).with_name("report.schema.json")
#: Outcomes of scenarios that did not run, left out of the pass rate.
DID_NOT_RUN = ("SKIP", "NOT RUN")


def build_report(
    scenarios: Sequence[Mapping[str, Any]], spec: str, described: Mapping[str, Any], date: str, duration: float
) -> dict[str, Any]:
    """The report of a run: ``scenarios`` are the dicts of each scenario's result, in suite order;
    ``described`` is what the engine said of itself.  A run in which a scenario did not run has no
    pass rate (it is incomplete)."""
    from oracle.contract.interface import CONTRACT_VERSION
    from oracle.contract.protocol import PROTOCOL_VERSION

    totals = {o: sum(1 for s in scenarios if s["outcome"] == o) for o in OUTCOMES}
    totals.update({o: n for o, n in _extra_totals(scenarios).items() if n})
    ran = sum(n for o, n in totals.items() if o not in DID_NOT_RUN)
    complete = ran > 0 and not totals.get("NOT RUN")
    capabilities = described.get("capabilities")
    return {
        "format_version": FORMAT_VERSION,
        "suite": {
            "name": "mtg-conformance",
            "version": __version__,
            "contract": CONTRACT_VERSION,
            "protocol": PROTOCOL_VERSION,
        },
        "engine": {
            "spec": printable(spec, 500),
            "name": printable(described.get("name", "?"), 200),
            "version": printable(described.get("version", "?"), 200),
            "capabilities": [printable(c, 200) for c in capabilities] if isinstance(capabilities, list) else [],
        },
        "date": date,
        "duration": round(duration, 3),
        "totals": totals,
        "pass_rate": round(totals["PASS"] / ran, 4) if complete else None,
        "scenarios": [{k: v for k, v in s.items() if k != "path"} for s in scenarios],  # paths: the suite's
    }


def _extra_totals(scenarios: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for s in scenarios:
        if s["outcome"] not in OUTCOMES:
            counts[s["outcome"]] = counts.get(s["outcome"], 0) + 1
    return counts


def report_json(report: Mapping[str, Any]) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"
