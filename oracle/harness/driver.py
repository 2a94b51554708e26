"""Scenarios run step by step: the one way the harness runs a step, under pytest or outside it.

Each step's text names one step definition (:mod:`oracle.harness.steps`), found through the
step index (:mod:`oracle.harness.step_index`) and called with the scenario's
:class:`~oracle.harness.world.World` and the arguments its text gives.  The suite's test
(:mod:`oracle.harness.scenarios`) runs each scenario with :func:`execute`, which reports every
step to the scenario's :class:`~oracle.suite.recorder.Trace`; the lint of unstated choices
(tests/unit/test_unstated_choices.py) runs every scenario many times with :func:`run`, under
different player policies; the Then steps' own tests (tests/unit/test_then_steps.py) call
single steps on positions where their claim is false.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import pytest
from pytest_bdd.steps import StepFunctionContext, step_function_context_registry

from oracle.contract.outcomes import Refused
from oracle.paths import suite_root
from oracle.suite.recorder import Trace
from oracle.suite.scenarios import Scenario, Step, read_feature

from .step_index import INDEX
from .steps import STEP_MODULES, import_step_modules
from .world import World

__all__ = [
    "FAILURES",
    "FEATURES",
    "Outcome",
    "Scenario",
    "Step",
    "execute",
    "run",
    "run_step",
    "scenarios",
    "step_definitions",
]

import_step_modules()  # registers the steps

FEATURES = suite_root() / "features"
#: What a step may raise when its claim does not hold or the engine misbehaves.
FAILURES = (Exception, pytest.fail.Exception, pytest.skip.Exception)


@dataclass(frozen=True)
class Outcome:
    """How a run of a scenario ended: every step passed (``failed_step`` None), or the first that
    failed, with its error."""

    failed_step: int | None = None
    error: str = ""
    message: str = ""

    def __str__(self) -> str:
        return (
            "PASS" if self.failed_step is None else f"step {self.failed_step + 1} fails ({self.error}): {self.message}"
        )


def step_definitions(kind: str | None = None) -> list[StepFunctionContext]:
    """The suite's step definitions (of one kind: given, when or then)."""
    return [
        c
        for c in step_function_context_registry.values()
        if c.step_func.__module__ in STEP_MODULES and (kind is None or c.type == kind)
    ]


@cache
def scenarios() -> tuple[Scenario, ...]:
    """Every scenario of the suite's features/, in file order."""
    return tuple(s for path in sorted(FEATURES.rglob("*.feature")) for s in read_feature(path))


def run_step(world: World, step: Step) -> None:
    """Call the one step definition whose phrase matches the step, with the arguments it reads."""
    INDEX.find(step.kind, step.text).call(world)


def execute(world: World, steps: Sequence[Step], trace: Trace) -> None:
    """Run the steps in order, each reported to ``trace`` as it starts and ends; the first that
    fails raises its error (the steps after it do not run).  A legal action the engine refused is
    blamed on the step that took it (:class:`~oracle.contract.outcomes.Refused`)."""
    __tracebackhide__ = True
    for index, step in enumerate(steps):
        world.step = index
        trace.start(index)
        try:
            INDEX.find(step.kind, step.text).call(world)
        except (Exception, pytest.fail.Exception) as error:  # a skip, or an interruption, leaves it started
            trace.end(error)
            raise
        trace.end()


def run(world: World, steps: tuple[Step, ...]) -> Outcome:
    """Run the steps in order until one fails; how the run ended (a refused action: at the step
    that took it)."""
    for index, step in enumerate(steps):
        world.step = index
        try:
            run_step(world, step)
        except FAILURES as error:
            message = str(error).splitlines()[0] if str(error) else ""
            blamed = error.step if isinstance(error, Refused) and error.step is not None else index
            return Outcome(blamed, type(error).__name__, message)
    return Outcome()
