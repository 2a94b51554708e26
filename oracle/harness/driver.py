"""Scenarios run step by step outside pytest's collection.

Each step's text is matched to its one step definition (:mod:`oracle.harness.steps`) and called
with a :class:`~oracle.harness.world.World`, as pytest-bdd does.  The lint of unstated
choices (tests/unit/test_unstated_choices.py) runs every scenario many times this way, under
different player policies; the Then steps' own tests (tests/unit/test_then_steps.py) call
single steps on positions where their claim is false.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from pytest_bdd.parser import FeatureParser
from pytest_bdd.steps import StepFunctionContext, step_function_context_registry

from oracle.paths import suite_root

from .steps import STEP_MODULES, casting_steps, given, then, then_zones, when  # noqa: F401  (registers the steps)
from .world import World

FEATURES = suite_root() / "features"
#: What a step may raise when its claim does not hold or the engine misbehaves.
FAILURES = (Exception, pytest.fail.Exception, pytest.skip.Exception)


@dataclass(frozen=True)
class Step:
    kind: str  # given, when, then
    text: str


@dataclass(frozen=True)
class Scenario:
    """One scenario of features/, its Background's steps first."""

    path: Path
    name: str
    steps: tuple[Step, ...]

    @property
    def id(self) -> str:
        return f"{self.path.relative_to(FEATURES).as_posix()}::{self.name}"


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
    found = []
    for path in sorted(FEATURES.rglob("*.feature")):
        feature = FeatureParser(str(FEATURES), str(path.relative_to(FEATURES))).parse()
        for name, template in feature.scenarios.items():
            steps = tuple(Step(str(s.type), s.name) for s in template.render({}).steps)
            found.append(Scenario(path, name, steps))
    return tuple(found)


def run_step(world: World, step: Step) -> None:
    """Call the one step definition whose phrase matches the step, with the arguments it parses."""
    matching = [c for c in step_definitions(step.kind) if c.parser.is_matching(step.text)]
    if len(matching) != 1:
        names = [c.step_func.__name__ for c in matching]
        raise LookupError(f"{step.kind} {step.text!r} matches {len(matching)} step definitions {names}")
    context = matching[0]
    arguments = context.parser.parse_arguments(step.text) or {}
    wanted = inspect.signature(context.step_func).parameters
    context.step_func(world=world, **{k: v for k, v in arguments.items() if k in wanted})


def run(world: World, steps: tuple[Step, ...]) -> Outcome:
    """Run the steps in order until one fails, as pytest-bdd runs a scenario."""
    for index, step in enumerate(steps):
        try:
            run_step(world, step)
        except FAILURES as error:
            message = str(error).splitlines()[0] if str(error) else ""
            return Outcome(index, type(error).__name__, message)
    return Outcome()
