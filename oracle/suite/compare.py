"""``mtg-conformance compare OLD NEW``: what changed between two certifications of an engine.

Two report.json files (each read and checked as ``docs --report`` reads one,
:func:`oracle.suite.reports.reading.read_report`) are compared scenario by scenario, by id:

* **broken** — a new failure: PASS in the old report, and in the new one an outcome of a scenario
  that ran and did not pass (FAIL, ERROR, TIMEOUT, PRECONDITION or UNSUPPORTED,
  :data:`~oracle.contract.outcomes.NOT_PASSED`); shown with the step where it stopped;
* **fixed** — not PASS in the old report, PASS in the new one;
* **changed** — any other change of outcome (FAIL to ERROR, PASS to SKIP, SKIP to FAIL...), and a
  scenario that still does not pass with the same outcome but now stops at another step;
* **added** and **removed** — a scenario in one report only (a new scenario is no regression).

The command prints them as text, or with ``--markdown`` as Markdown for a pull request's comment,
and exits 1 when anything broke, else 0; a file that is not a readable report is one line and 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle.contract.outcomes import NOT_PASSED, OUTCOMES
from oracle.suite.inert import LONG, NAME, markdown, markdown_code, plain
from oracle.suite.reports.failures import step_line

__all__ = [
    "BROKEN_HELP",
    "Change",
    "Comparison",
    "add_parser",
    "compare",
    "compare_files",
    "kind",
    "markdown_text",
    "run",
    "text",
]

#: What the command counts as a new failure, in its help and the README.
BROKEN_HELP = (
    "exit status 1 when a scenario that passed in OLD ran and did not pass in NEW (FAIL, ERROR, TIMEOUT, "
    "PRECONDITION or UNSUPPORTED); a scenario that is new, skipped or not run is shown but never fails the "
    "comparison; 0 otherwise, 2 when a file is not a readable report.json"
)

#: The kinds of change, in the order they are printed: what broke first.
KINDS = ("broken", "fixed", "changed", "added", "removed")


def kind(old: str | None, new: str | None, old_step: object = None, new_step: object = None) -> str | None:
    """The kind of change from outcome ``old`` to ``new`` (None: the scenario is not in that report),
    or None when nothing changed; ``old_step`` and ``new_step`` are where a failure stopped."""
    if old is None:
        return None if new is None else "added"
    if new is None:
        return "removed"
    if old == new:
        return "changed" if new in NOT_PASSED and old_step != new_step else None
    if new == "PASS":
        return "fixed"
    if old == "PASS" and new in NOT_PASSED:
        return "broken"
    return "changed"


@dataclass(frozen=True)
class Change:
    """One scenario whose outcome changed: its id, both outcomes (None: absent), and, when it does not
    pass in the new report, the step where it stopped and the engine's message."""

    id: str
    old: str | None
    new: str | None
    step: str = ""
    line: int | None = None
    message: str = ""


@dataclass
class Comparison:
    """Two reports compared: each engine's label, both totals, the changes by kind, and how many
    scenarios of both reports kept their outcome."""

    old_label: str
    new_label: str
    old_totals: dict[str, int]
    new_totals: dict[str, int]
    changes: dict[str, list[Change]] = field(default_factory=lambda: {k: [] for k in KINDS})
    unchanged: int = 0

    @property
    def broken(self) -> list[Change]:
        return self.changes["broken"]

    @property
    def fixed(self) -> list[Change]:
        return self.changes["fixed"]


def _label(report: Mapping[str, Any]) -> str:
    engine = report.get("engine", {})
    name = plain(engine.get("name") or engine.get("spec") or "?", NAME)
    version = plain(engine.get("version") or "", NAME)
    date = str(report.get("date", ""))[:10]
    return " ".join(part for part in (name, version, f"({date})" if date else "") if part)


def _totals(report: Mapping[str, Any]) -> dict[str, int]:
    totals = report.get("totals") or {}
    return {o: int(totals.get(o, 0)) for o in OUTCOMES}


def compare(old: Mapping[str, Any], new: Mapping[str, Any]) -> Comparison:
    """The changes from report ``old`` to report ``new``, each kind in the new report's order (then
    the old one's, for the removed)."""
    before = {str(s["id"]): s for s in old.get("scenarios", [])}
    after = {str(s["id"]): s for s in new.get("scenarios", [])}
    result = Comparison(_label(old), _label(new), _totals(old), _totals(new))
    for scenario_id in [*after, *(i for i in before if i not in after)]:
        was, now = before.get(scenario_id), after.get(scenario_id)
        old_outcome = str(was["outcome"]) if was is not None else None
        new_outcome = str(now["outcome"]) if now is not None else None
        found = kind(
            old_outcome,
            new_outcome,
            was.get("failed_step") if was is not None else None,
            now.get("failed_step") if now is not None else None,
        )
        if found is None:
            result.unchanged += 1
            continue
        step = now.get("failed_step") if now is not None and new_outcome in NOT_PASSED else None
        result.changes[found].append(
            Change(
                id=scenario_id,
                old=old_outcome,
                new=new_outcome,
                step=step_line(step) if now is not None and new_outcome in NOT_PASSED else "",
                line=int(step["line"]) if isinstance(step, Mapping) and isinstance(step.get("line"), int) else None,
                message=str(now.get("message") or "") if now is not None and new_outcome in NOT_PASSED else "",
            )
        )
    return result


def _counts(result: Comparison) -> str:
    parts = [f"{len(result.changes[k])} {k}" for k in KINDS if k in ("broken", "fixed", "changed") or result.changes[k]]
    return ", ".join(parts) + f", {result.unchanged} unchanged"


def _outcomes(change: Change) -> str:
    return f"{change.old or '(none)'} → {change.new or '(none)'}"


def _totals_line(result: Comparison) -> str:
    shown = [o for o in OUTCOMES if result.old_totals[o] or result.new_totals[o]]
    return ", ".join(f"{o} {result.old_totals[o]} → {result.new_totals[o]}" for o in shown)


def text(result: Comparison) -> str:
    """The comparison for a terminal: a heading, the counts and totals, then each kind's scenarios."""
    lines = [f"{result.old_label} → {result.new_label}", _counts(result), f"totals: {_totals_line(result)}"]
    for name in KINDS:
        changes = result.changes[name]
        if not changes and name not in ("broken", "fixed"):
            continue
        lines += ["", f"{name} ({len(changes)}):" if changes else f"{name}: none"]
        for change in changes:
            lines.append(f"  {_outcomes(change)}  {plain(change.id, LONG)}")
            if change.step:
                at = f" (line {change.line})" if change.line is not None else ""
                lines.append(f"      stopped at{at}: {plain(change.step, LONG)}")
                if change.message:
                    lines.append(f"      {plain(change.message, LONG)}")
    return "\n".join(lines) + "\n"


def _row(change: Change) -> str:
    feature, _, name = change.id.partition("::")
    where = f"{markdown(name or feature, 1000)}<br>{markdown_code(feature, 1000, table=True)}"
    if not change.step:
        return f"| {where} | {change.old or '—'} → {change.new or '—'} | |"
    at = f"line {change.line}: " if change.line is not None else ""
    why = f"{markdown(at + change.step, 1000)}" + (f"<br>{markdown(change.message, 500)}" if change.message else "")
    return f"| {where} | {change.old or '—'} → {change.new or '—'} | {why} |"


def markdown_text(result: Comparison) -> str:
    """The comparison as Markdown for a pull request's comment: a heading, the counts, the totals
    side by side, then a table per kind; all but the broken folded in a ``<details>`` block."""
    heading = f"### {markdown(result.old_label, 500)} → {markdown(result.new_label, 500)}"
    verdict = "**no new failure**" if not result.broken else f"**{len(result.broken)} new failure(s)**"
    lines = [heading, "", f"{verdict}: {_counts(result)}.", "", "| outcome | old | new |", "|---|---:|---:|"]
    lines += [
        f"| {o} | {result.old_totals[o]} | {result.new_totals[o]} |"
        for o in OUTCOMES
        if result.old_totals[o] or result.new_totals[o]
    ]
    for name in KINDS:
        changes = result.changes[name]
        if not changes:
            continue
        table = ["| scenario | outcome | stopped at |", "|---|---|---|", *(_row(c) for c in changes)]
        title = f"{name.capitalize()} ({len(changes)})"
        if name == "broken":
            lines += ["", f"#### {title}", "", *table]
        else:
            lines += ["", f"<details><summary>{title}</summary>", "", *table, "", "</details>"]
    return "\n".join(lines) + "\n"


def add_parser(commands: Any) -> None:
    """Add ``compare`` to the CLI's subparsers."""
    about = "show what was fixed, what broke and what changed between two report.json"
    sub = commands.add_parser("compare", help=about, description=f"{about[0].upper()}{about[1:]}: {BROKEN_HELP}.")
    sub.add_argument("old", metavar="OLD", help="the earlier report.json (e.g. the last release's)")
    sub.add_argument("new", metavar="NEW", help="the later report.json")
    sub.add_argument("--markdown", action="store_true", help="print Markdown, for a pull request's comment")


def compare_files(old: str | Path, new: str | Path) -> Comparison:
    """The comparison of the report.json files at ``old`` and ``new``, each read and checked as
    ``docs --report`` reads one; a file that is not a readable report is a one-line UserError."""
    from oracle.suite.reports.reading import read_report

    return compare(read_report(Path(old)), read_report(Path(new)))


def run(args: argparse.Namespace, out: Any = None) -> int:
    """Read both reports, print their comparison and return 1 when something broke, else 0."""
    import sys

    result = compare_files(args.old, args.new)
    (out or sys.stdout).write(markdown_text(result) if args.markdown else text(result))
    return 1 if result.broken else 0
