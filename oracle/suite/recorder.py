"""Which step a scenario stopped at, what that step expected and what was observed.

:class:`StepRecorder` keeps, for each scenario, every step with its status (passed, failed,
skipped, not run) and duration, the step where it stopped, and the scenario's duration.  The
harness reports each step as it runs it (:func:`oracle.harness.driver.execute`); the results
plugin reports how each phase of a test ended (:meth:`StepRecorder.end_phase`).  A step that
started and never finished is where the scenario stopped, whatever stopped it: a Then step
that did not hold, an engine that broke or hung, a position it could not build, or a skip.

:func:`expected_observed` says what the stopping step expected and what was observed: a
:class:`~oracle.suite.mismatch.Mismatch` carries both; any other failure of a Then step
expected the step's own claim; an engine's failure, a position not built and a skip each
expected what the contract promises.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from oracle.contract.outcomes import EngineFailure, EngineTimeout, Precondition, Refused, Unsupported
from oracle.suite.mismatch import Mismatch

__all__ = ["StepRecorder", "StepRun", "Trace", "expected_observed"]


@dataclass
class StepRun:
    """One step of a scenario as it ran."""

    keyword: str
    text: str
    line: int
    status: str = "not run"
    duration: float = 0.0

    def as_step(self) -> dict[str, Any]:
        return {"keyword": self.keyword, "text": self.text, "line": self.line}

    def as_dict(self) -> dict[str, Any]:
        return {**self.as_step(), "status": self.status, "duration": round(self.duration, 6)}


@dataclass
class Trace:
    """A scenario's steps as they ran, the one it stopped at, and how long it took."""

    steps: list[StepRun] = field(default_factory=list)
    stopped: StepRun | None = None
    duration: float = 0.0
    error: BaseException | None = None
    _started: float = 0.0

    def start(self, index: int) -> None:
        """Step ``index`` starts: until it ends, it is where the scenario stopped."""
        self.stopped = self.steps[index]
        self._started = time.perf_counter()

    def end(self, error: BaseException | None = None) -> None:
        """The step that started ended: passed, or failed with ``error``.  A legal action the
        engine refused (noticed when this step looked at the game) is blamed on the step that took
        it: that one failed, and this one did not get to check anything (skipped)."""
        run = self.stopped
        if run is None:
            return
        run.status = "passed" if error is None else "failed"
        run.duration = time.perf_counter() - self._started
        if error is None:
            self.stopped = None
            return
        self.error = error
        blamed = getattr(error, "step", None) if isinstance(error, Refused) else None
        if blamed is not None and 0 <= blamed < len(self.steps) and self.steps[blamed] is not run:
            run.status = "skipped"
            self.stopped = self.steps[blamed]
            self.stopped.status = "failed"

    def skipped(self) -> None:
        """The scenario was skipped: none of its steps counts as run."""
        for step in self.steps:
            step.status = "skipped"


def expected_observed(outcome: str, trace: Trace | None, message: str) -> tuple[str, str]:
    """What the step where the scenario stopped expected, and what was observed."""
    error = trace.error if trace else None
    stopped = trace.stopped if trace else None
    if isinstance(error, Mismatch):
        return error.expected, error.observed
    observed = message or outcome
    if isinstance(error, Refused):
        return "the engine accepts the action, which the rules allow", observed
    if outcome == "FAIL" and stopped is not None:
        return stopped.text, observed
    if isinstance(error, Precondition) or outcome == "PRECONDITION":
        return "the engine builds the scenario's position", observed
    if isinstance(error, Unsupported) or outcome == "UNSUPPORTED":
        return "the engine plays the scenario, whose every need it declares", observed
    if isinstance(error, EngineTimeout) or outcome == "TIMEOUT":
        return "an answer within the time limit", observed
    if isinstance(error, EngineFailure):
        return "an answer that keeps the contract", observed
    if outcome == "SKIP":
        return "the engine can play the scenario (its capabilities and position)", observed
    if outcome == "NOT RUN":
        return "the scenario runs", observed
    if stopped is not None:
        return f"the step runs: {stopped.keyword} {stopped.text}", observed
    return "the scenario runs", observed


class StepRecorder:
    """Every scenario's steps, where it stopped, and its duration, by node id.  The harness
    tells it when a scenario begins and how each step ends (:func:`oracle.harness.driver.execute`)."""

    def __init__(self) -> None:
        self.traces: dict[str, Trace] = {}

    def begin(self, nodeid: str, steps: Sequence[Any]) -> Trace:
        """A scenario's steps (each with ``keyword``, ``text`` and ``line``) are about to run."""
        trace = self.traces.setdefault(nodeid, Trace())
        trace.steps = [StepRun(s.keyword, s.text, s.line) for s in steps]
        return trace

    def end_phase(self, nodeid: str, report: pytest.TestReport, error: BaseException | None) -> Trace:
        """Account for one phase (setup, call, teardown) of a scenario's test: its duration, and
        which steps did not run because of how it ended.  The results plugin calls it."""
        trace = self.traces.setdefault(nodeid, Trace())
        trace.duration += report.duration
        if report.skipped:
            trace.skipped()
        elif report.failed and trace.stopped is not None:
            trace.stopped.status = "failed"
            trace.error = trace.error or error
            for later in trace.steps[trace.steps.index(trace.stopped) + 1 :]:
                later.status = "skipped" if later.status == "not run" else later.status
        elif report.failed:
            trace.error = trace.error or error
        return trace
