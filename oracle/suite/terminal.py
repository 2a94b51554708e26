"""What a run prints, in the suite's words rather than pytest's.

* :func:`summary` — after the run: for each scenario that did not pass, one block in Gherkin
  (the scenario, where it is, the step where it stopped, expected and observed); each scenario
  whose outcome differs from the engine's expectations; one line per selected ruling with its
  status (a ruling whose scenarios all ended as PRECONDITION says PRECONDITION, not FAIL;
  rulings with no selected scenario are counted, not listed); and the totals by outcome.
* :func:`teststatus` — for ``run`` and ``certify``: how pytest counts each scenario, so that its
  closing line gives the suite's outcomes ("93 PASS, 12 FAIL, 2 PRECONDITION, 11 UNSUPPORTED") and no
  traceback of pytest's is printed for a scenario.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from oracle.contract.outcomes import NOT_PASSED, NOT_RUN, OUTCOMES, printable
from oracle.suite.catalog import Catalog
from oracle.suite.docs.runs import ruling_status
from oracle.suite.reports.failures import STOPPED, UNRELIABLE, block, core_not_passed

__all__ = ["LETTERS", "summary", "teststatus"]

#: The progress letter of each outcome.
LETTERS = {
    "PASS": ".",
    "FAIL": "F",
    "ERROR": "E",
    "TIMEOUT": "T",
    "SKIP": "s",
    "PRECONDITION": "P",
    "UNSUPPORTED": "U",
    NOT_RUN: "n",
}


def teststatus(outcome: str, when: str, passed: bool, expected: bool, changed: bool) -> tuple[str, str, str]:
    """pytest's (category, letter, word) for one report of a scenario's test.

    A phase that passed outside the call counts for nothing (as in pytest); a scenario that
    ended as its expectations say is "<OUTCOME> (expected)"; one that differs is "CHANGED".
    """
    if when != "call" and passed:
        return "", "", ""
    if changed:
        return "CHANGED", "C", "CHANGED"
    if expected:
        return f"{outcome} (expected)", "x", f"{outcome} (expected)"
    return outcome, LETTERS.get(outcome, "?"), outcome


def summary(
    write: Callable[[str], Any],
    catalog: Catalog,
    engine: str,
    scenarios: Sequence[Mapping[str, Any]],
    changes: Sequence[str] = (),
    expected: Mapping[str, str] | None = None,
) -> None:
    """Print the blocks of the scenarios that did not pass (those the engine's expectations name
    marked "(expected)"), then the summary by ruling and the totals."""
    stopped = sorted((s for s in scenarios if s["outcome"] in STOPPED), key=lambda s: STOPPED.index(s["outcome"]))
    for scenario in stopped:
        write("")
        lines = block(scenario, engine=engine)
        if (expected or {}).get(scenario["id"]) == scenario["outcome"]:
            lines[0] = lines[0].replace(":", " (expected):", 1)
        for line in lines:
            write(line)
    if changes:
        write("")
        write(f"not as expected ({len(changes)}):")
        for change in changes:
            write(f"  {change}")
    write("")
    write(f"conformance summary: {printable(engine, 80)}")
    outcomes: dict[str, list[str]] = {}
    for scenario in scenarios:
        for ruling in scenario["rulings"]:
            outcomes.setdefault(ruling, []).append(scenario["outcome"])
    rulings = sorted(catalog.rulings.values(), key=lambda r: r.number)
    selected = [r for r in rulings if r.id in outcomes]
    write(f"{'#':>3}  {'ruling':<36} {'status':<12} {'pass':>4} {'not pass':>8} {'skip':>4} {'not run':>7}")
    statuses: Counter[str] = Counter()
    for ruling in selected:
        counts = Counter(outcomes[ruling.id])
        status = ruling_status(outcomes[ruling.id])
        statuses[status] += 1
        failed = sum(counts[o] for o in NOT_PASSED)
        write(
            f"{ruling.number:>3}  {ruling.id:<36} {status:<12} {counts['PASS']:>4} {failed:>8} "
            f"{counts['SKIP']:>4} {counts[NOT_RUN]:>7}"
        )
    others = len(rulings) - len(selected)
    listed = ", ".join(f"{n} {s}" for s, n in sorted(statuses.items(), key=lambda i: _order(i[0])))
    write(
        f"rulings: {listed or 'none selected'}"
        + (f"; {others} other rulings of the catalog had no scenario selected" if others else "")
    )
    totals = Counter(s["outcome"] for s in scenarios)
    write("scenarios: " + ", ".join(f"{totals[o]} {o}" for o in OUTCOMES))
    core = core_not_passed(scenarios)
    if core:
        write(f"warning: {UNRELIABLE} ({', '.join(s['name'] for s in core)})")


def _order(status: str) -> int:
    ranking = ("PASS", "PARTIAL", "FAIL", "ERROR", "TIMEOUT", "PRECONDITION", "UNSUPPORTED", "SKIP", NOT_RUN)
    return ranking.index(status) if status in ranking else len(ranking)
