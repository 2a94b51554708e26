"""What every report says about a scenario that did not pass, in the words of Gherkin.

The terminal, report.md, report.html and junit.xml all show the same thing for such a
scenario: its name and place, the step where it stopped with the steps around it, what that
step expected beside what was observed, and its rulings and CR paragraphs.  This module picks
those out of a scenario of ``report.json``; each writer only lays them out.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from oracle.suite.inert import LONG, plain

__all__ = ["STOPPED", "UNRELIABLE", "around", "block", "core_not_passed", "not_passed", "step_line", "where"]

#: Outcomes of a scenario that ran and did not pass, or did not run at all, in the order reports list them.
STOPPED = ("FAIL", "ERROR", "TIMEOUT", "PRECONDITION", "UNSUPPORTED", "NOT RUN")


#: What every report says when a core scenario (features/core/) ran and did not pass.
UNRELIABLE = "a core scenario did not pass: the results of the ruling scenarios may be unreliable"


def core_not_passed(scenarios: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The core scenarios (``features/core/``: the basics every ruling scenario relies on) that ran
    and did not pass."""
    stopped = [o for o in STOPPED if o != "NOT RUN"]
    return [s for s in scenarios if str(s.get("feature", "")).startswith("core/") and s.get("outcome") in stopped]


def not_passed(report: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The scenarios that did not pass and were not skipped: FAIL first, then ERROR, TIMEOUT, ..."""
    scenarios = [s for s in report.get("scenarios", []) if s.get("outcome") in STOPPED]
    return sorted(scenarios, key=lambda s: STOPPED.index(s["outcome"]))


def where(scenario: Mapping[str, Any]) -> str:
    """``blitz/blitz.feature:43`` for the suite's own scenarios (relative to its features/); a user's
    own feature file by the path it was given as (``tests/features/mine.feature:2``)."""
    return f"{scenario.get('path') or scenario.get('feature', '?')}:{scenario.get('line', '?')}"


def step_line(step: Mapping[str, Any] | None) -> str:
    """``Then the action is rejected for summoning sickness`` (or a note when no step was running)."""
    if not step:
        return "(before the first step)"
    return f"{step.get('keyword', '')} {step.get('text', '')}".strip()


def around(scenario: Mapping[str, Any], before: int = 3, after: int = 1) -> list[tuple[str, Mapping[str, Any]]]:
    """The steps around the failed one, each with its role: ``before``, ``failed`` or ``after``,
    and an ``elided`` marker (its text says how many steps) wherever steps are left out.

    ``before`` holds the Given steps that build the position (the first steps, up to the first
    When or Then: one of them is often what decides the outcome, "which came under her control
    this turn") and the ``before`` steps just before the failed one.  With no failed step (the
    scenario stopped before its first step, or was not run), the first steps are given as ``after``.
    """
    steps: Sequence[Mapping[str, Any]] = scenario.get("steps") or []
    failed = scenario.get("failed_step") or {}
    index = next((i for i, s in enumerate(steps) if s.get("line") == failed.get("line")), None)
    if index is None:
        first = [("after", s) for s in steps[: before + after]]
        return first + ([("elided", elided(len(steps) - len(first)))] if len(steps) > len(first) else [])
    givens = next((i for i, s in enumerate(steps) if s.get("keyword") in ("When", "Then")), len(steps))
    shown = sorted(set(range(min(givens, index))) | set(range(max(0, index - before), index)))
    chosen: list[tuple[str, Mapping[str, Any]]] = []
    previous = -1
    for i in [*shown, index]:
        if i - previous > 1:
            chosen.append(("elided", elided(i - previous - 1)))
        chosen.append(("failed" if i == index else "before", steps[i]))
        previous = i
    chosen += [("after", s) for s in steps[index + 1 : index + 1 + after]]
    rest = len(steps) - (index + 1 + after)
    if rest > 0:
        chosen.append(("elided", elided(rest)))
    return chosen


def elided(count: int) -> dict[str, Any]:
    """The marker of ``count`` steps an excerpt leaves out (its keyword is an ellipsis)."""
    return {"keyword": "…", "text": f"({count} step{'s' if count != 1 else ''} not shown)", "line": ""}


def block(scenario: Mapping[str, Any], indent: str = "  ", engine: str | None = None) -> list[str]:
    """The lines that tell, in Gherkin, why a scenario did not pass (terminal and junit.xml); every
    text in them is one printable line (:func:`oracle.suite.inert.plain`), whatever an engine said.
    Given the ``--engine`` of the run, a transcript comes with the command that replays it."""
    lines = [
        f"{scenario.get('outcome')}: {plain(scenario.get('name'), 1000)}",
        f"{indent}at {plain(where(scenario), 1000)}",
    ]
    rulings = plain(", ".join(scenario.get("rulings", [])), 1000)
    rules = plain(", ".join(scenario.get("rules", [])), 1000)
    if rulings or rules:
        lines.append(f"{indent}ruling {rulings or '-'}; CR {rules or '-'}")
    failed = scenario.get("failed_step")
    line = f" (line {plain(failed.get('line'), 20)})" if failed else ""
    lines.append(f"{indent}step:     {plain(step_line(failed), 1000)}{line}")
    expected, observed = scenario.get("expected"), scenario.get("observed")
    if expected or observed:
        lines.append(f"{indent}expected: {plain(expected or '-', LONG)}")
        lines.append(f"{indent}observed: {plain(observed or '-', LONG)}")
    elif scenario.get("message"):
        lines.append(f"{indent}why:      {plain(scenario['message'], LONG)}")
    if scenario.get("transcript"):
        lines.append(f"{indent}transcript: {plain(scenario['transcript'], 1000)}")
        if engine is not None:
            command = (
                f"mtg-conformance replay {shlex.quote(str(scenario['transcript']))} --engine {shlex.quote(engine)}"
            )
            lines.append(f"{indent}replay:   {plain(command, 2000)}")
    return lines
