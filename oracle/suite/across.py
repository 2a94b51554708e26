"""Across engines: what the committed certifications say together.

In a conformance suite, a scenario that every real engine fails is the first suspect of a wrong
scenario (a wrong engine is likelier than three wrong engines agreeing), and a scenario that one
engine alone fails, where the others that ran it pass, is that engine's most likely defect.  This
module reads the certifications committed under ``fixtures/engines/`` (which of them are real
rules engines is said in ``fixtures/engines/engines.toml``) and answers both lists; each scenario
of the first is re-checked against the Comprehensive Rules, and what was found is kept in
``fixtures/engines/across.toml`` (a test holds the two equal).

A scenario *ran* on an engine when its outcome is PASS, FAIL, ERROR or TIMEOUT; PRECONDITION,
UNSUPPORTED and SKIP say that the engine could not be asked, never what it answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle.toml import read_toml

__all__ = [
    "FAILED",
    "RAN",
    "Certified",
    "Review",
    "certified",
    "failing_alone",
    "failing_everywhere",
    "reviews",
]

#: Outcomes of a scenario that ran and did not pass.
FAILED = ("FAIL", "ERROR", "TIMEOUT")
#: Outcomes of a scenario that ran.
RAN = ("PASS", *FAILED)


@dataclass(frozen=True)
class Certified:
    """One engine's committed certification: its folder under fixtures/engines/, its name and
    version as its handshake gave them, whether it is a real rules engine, and each scenario's
    outcome by id."""

    folder: str
    name: str
    version: str
    date: str
    real: bool
    outcomes: Mapping[str, str] = field(default_factory=dict)
    report: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def label(self) -> str:
        return f"{self.name} {self.version}".strip()


@dataclass(frozen=True)
class Review:
    """What a re-check of a scenario that every real engine fails found, against the CR."""

    scenario: str
    verdict: str
    finding: str


def _engines_file(root: Path) -> Path:
    return root / "fixtures" / "engines" / "engines.toml"


def certified(root: Path) -> list[Certified]:
    """The committed certifications, in the order of ``fixtures/engines/engines.toml``; a folder
    it names whose report.json is missing or unreadable is a one-line error, never left out."""
    from oracle.suite.reports.reading import read_report  # the reports package imports this module

    listed = read_toml(_engines_file(root)).get("engine", [])
    found = []
    for entry in listed:
        path = root / "fixtures" / "engines" / str(entry["folder"]) / "report.json"
        report = read_report(path)  # whole and valid, or one line naming the file
        engine = report["engine"]
        outcomes = {str(s["id"]): str(s["outcome"]) for s in report["scenarios"]}
        found.append(
            Certified(
                folder=str(entry["folder"]),
                name=str(engine.get("name") or entry["folder"]),
                version=str(engine.get("version") or ""),
                date=str(report.get("date", "")),
                real=bool(entry.get("real", False)),
                outcomes=outcomes,
                report=report,
            )
        )
    return found


def failing_everywhere(runs: Sequence[Mapping[str, str]]) -> list[str]:
    """Scenarios that ran on at least two of ``runs`` and passed on none of those."""
    ids = sorted({key for run in runs for key in run})
    found = []
    for key in ids:
        ran = [run[key] for run in runs if run.get(key) in RAN]
        if len(ran) >= 2 and all(outcome in FAILED for outcome in ran):
            found.append(key)
    return found


def failing_alone(own: Mapping[str, str], others: Sequence[Mapping[str, str]]) -> list[str]:
    """Scenarios ``own`` ran and did not pass, that ran on at least one of ``others`` and passed
    on every one of them that ran it."""
    found = []
    for key in sorted(own):
        if own[key] not in FAILED:
            continue
        ran = [run[key] for run in others if run.get(key) in RAN]
        if ran and all(outcome == "PASS" for outcome in ran):
            found.append(key)
    return found


def reviews(root: Path) -> dict[str, Review]:
    """The re-checks of ``fixtures/engines/across.toml``, by scenario id."""
    data = read_toml(root / "fixtures" / "engines" / "across.toml")
    return {
        str(entry["scenario"]): Review(str(entry["scenario"]), str(entry["verdict"]), str(entry["finding"]))
        for entry in data.get("reviewed", [])
    }
