"""Run an exploration: rounds of Hypothesis, each ending at a new divergence, until the budget is spent.

Each round runs the state machine of :mod:`.machine` with a seed derived from the user's seed
and the round's number, and no example database (nothing is written outside the output
folder).  When a round finds a divergence, Hypothesis shrinks it; the smallest failing example
of each new kind is written as a scenario, its kind is remembered as known (later examples
that show it again end quietly), and the next round starts.  The budget is examples (exact and
reproducible) or seconds (the same sequence of examples, cut where time runs out; shrinking a
divergence may use an eighth of it, and :data:`SHRINKS` examples; :mod:`.simplify` then as much again).
A scenario is written only if it passes on the reference engine, run as its reader will run it (:mod:`.verify`).
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from hypothesis import HealthCheck, Phase, Verbosity, seed, settings
from hypothesis.errors import Flaky, Unsatisfiable
from hypothesis.stateful import run_state_machine_as_test

from oracle.errors import UserError
from oracle.files import write_whole

from .cards import Pool, load_pool
from .engines import Broke, Side, Stop, open_engine
from .gherkin import feature, file_name
from .machine import Divergence, machine_for
from .simplify import simplify
from .verify import fails_on_the_reference

#: Attempts in one example at most (Hypothesis's stateful step count, the position included).
STEPS = 12
#: Examples Hypothesis may run to shrink one divergence (it stops sooner when nothing is left to try).
SHRINKS = 100
#: Replays that may go into simplifying one divergence further (:mod:`.simplify`).
SIMPLIFICATIONS = 100


@dataclass
class Options:
    engine: str
    against: str = "reference"
    seed: int = 0
    budget: float | None = None
    examples: int | None = None
    out: Path = Path("exploration")
    timeout: float = 5.0
    command: str = ""
    shrinks: int = SHRINKS
    simplifications: int = SIMPLIFICATIONS


@dataclass
class Run:
    """One exploration's engines, counters and findings."""

    options: Options
    pool: Pool
    reference: Side
    other: Side
    output: TextIO = sys.stderr
    started: float = field(default_factory=time.monotonic)
    known: set[tuple[str, ...]] = field(default_factory=set)
    candidates: list[Divergence] = field(default_factory=list)
    found: list[dict[str, Any]] = field(default_factory=list)
    examples: int = 0
    shrinks: int = 0
    shrinking: int = 0
    replaying: bool = False
    unsupported: int = 0
    refused_positions: int = 0
    unwritable: int = 0
    latent: int = 0
    #: Scenarios found that did not pass on the reference engine, so were not written (:mod:`.verify`).
    dropped: list[dict[str, Any]] = field(default_factory=list)
    shrink_deadline: float | None = None
    last_progress: float = 0.0
    machine: Any = None

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def check_time(self) -> None:
        """Stop when the time budget is spent, or when shrinking has had its share of it."""
        now = time.monotonic()
        budget = self.options.budget
        if budget is not None and now - self.started >= budget:
            raise Stop("budget")
        if self.shrink_deadline is not None and now >= self.shrink_deadline:
            raise Stop("shrinking")

    def begin_example(self) -> None:
        self.check_time()
        if self.replaying:
            self.shrinks += 1
            return
        if self.candidates:
            self.shrinks += 1
            self.shrinking += 1
            if self.shrinking > self.options.shrinks:
                raise Stop("shrinking")
            return
        limit = self.options.examples
        if limit is not None and self.examples >= limit:
            raise Stop("examples")
        self.examples += 1
        self.progress()

    def record(self, divergence: Divergence) -> bool:
        """Keep a new divergence as a candidate of this round; a known one is not reported again."""
        if divergence.signature in self.known:
            return False
        if self.replaying:
            return True
        divergence.found_at = self.elapsed()
        if not self.candidates and self.options.budget is not None:
            self.shrink_deadline = time.monotonic() + self.share()
        self.candidates.append(divergence)
        return True

    def share(self) -> float:
        """Seconds shrinking, or simplifying, one divergence may take of a time budget."""
        return max(3.0, (self.options.budget or 0) / 8)

    def progress(self, final: bool = False) -> None:
        """One line: examples run and divergences found (rewritten in place on a terminal)."""
        now = time.monotonic()
        tty = self.output.isatty()
        if not final and now - self.last_progress < (0.5 if tty else 10.0):
            return
        self.last_progress = now
        limit = f"/{self.options.examples}" if self.options.examples is not None else ""
        clock = f", {self.elapsed():.0f}/{self.options.budget:.0f} s" if self.options.budget else ""
        line = f"explore: {self.examples}{limit} examples, {len(self.found)} divergences{clock}"
        self.output.write(("\r" + line + ("\n" if final else "")) if tty else line + "\n")
        self.output.flush()


def explore(options: Options, output: TextIO | None = None) -> Run:
    """Explore ``options.engine`` against ``options.against``; write what diverges into ``options.out``."""
    options.out.mkdir(parents=True, exist_ok=True)
    reference = Side(options.against, open_engine(options.against, options.timeout, hosted=False))
    other = Side(options.engine, open_engine(options.engine, options.timeout, hosted=True))
    run = Run(options, load_pool(), reference, other, output or sys.stderr)
    try:
        engines = (_describe(reference), _describe(other))
        _rounds(run, engines)
    finally:
        reference.close()
        other.close()
    run.progress(final=True)
    _write_summary(run, engines)
    return run


def _describe(side: Side) -> str:
    """The engine's name and version; an engine that can't even say them is the user's one-line error."""
    try:
        return side.describe()
    except Broke as broke:
        raise UserError(f"engine {side.spec!r} can't start: {broke.message}") from None


def _rounds(run: Run, engines: tuple[str, str]) -> None:
    options = run.options
    for number in range(10_000):
        remaining = None if options.examples is None else options.examples - run.examples
        if remaining is not None and remaining <= 0:
            return
        run.candidates, run.shrink_deadline, run.shrinking = [], None, 0
        machine = seed(options.seed * 10_000 + number)(machine_for(run))
        run.machine = machine
        stopped = None
        try:
            run_state_machine_as_test(machine, settings=_settings(remaining))
        except Stop as stop:
            stopped = str(stop)
        except (Divergence, Unsatisfiable):  # the divergences are in run.candidates; anything else is raised
            pass
        except Flaky:  # an engine answered a replay differently: keep what was found, go on with a new seed
            stopped = "flaky"
        found = bool(run.candidates)
        _keep(run, engines)
        if stopped in ("budget", "examples") or (stopped is None and not found):
            return  # the budget is spent, or Hypothesis ran every example without a new divergence


def _settings(remaining: int | None) -> settings:
    return settings(
        max_examples=remaining if remaining is not None else 10**9,
        database=None,
        deadline=None,
        stateful_step_count=STEPS,
        phases=[Phase.generate, Phase.shrink],
        report_multiple_bugs=False,
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
        print_blob=False,
    )


def _keep(run: Run, engines: tuple[str, str]) -> None:
    """Write the smallest example of each new kind of divergence this round found."""
    smallest: dict[tuple[str, ...], Divergence] = {}
    for candidate in run.candidates:
        best = smallest.get(candidate.signature)
        if best is None or candidate.size() <= best.size():
            smallest[candidate.signature] = candidate
    for signature, shrunk in sorted(smallest.items(), key=lambda item: item[1].found_at):
        run.shrink_deadline = time.monotonic() + run.share() if run.options.budget else None
        divergence = simplify(run, run.machine, shrunk, run.options.simplifications)
        run.shrink_deadline = None
        run.known.add(signature)
        number = len(run.found) + 1
        name = file_name(divergence, number)
        text = feature(divergence, number, engines, run.options.command)
        why = fails_on_the_reference(text, run.options.against, run.options.timeout)
        if why:  # a fault of the explorer's, not of the engine's: never written
            run.dropped.append({"scenario": name, "kind": divergence.kind, "why": why})
            continue
        write_whole(run.options.out / name, text)
        run.found.append(
            {
                "file": name,
                "kind": divergence.kind,
                "signature": list(signature),
                "found_after_seconds": round(divergence.found_at, 2),
                "written_after_seconds": round(run.elapsed(), 2),
                "examples_before": run.examples,
            }
        )
    run.candidates = []


def _write_summary(run: Run, engines: tuple[str, str]) -> None:
    options = run.options
    summary = {
        "command": options.command,
        "engine": {"spec": options.engine, "name": engines[1]},
        "against": {"spec": options.against, "name": engines[0]},
        "seed": options.seed,
        "budget_seconds": options.budget,
        "examples_budget": options.examples,
        "examples": run.examples,
        "shrink_examples": run.shrinks,
        "seconds": round(run.elapsed(), 2),
        "positions_the_reference_refused": run.refused_positions,
        "unsupported_by_the_engine": run.unsupported,
        "divergences_no_step_can_state": run.unwritable,
        "differences_no_then_step_sees": run.latent,
        "scenarios_the_reference_failed": run.dropped,
        "divergences": run.found,
    }
    text = json.dumps(summary, indent=2, ensure_ascii=False) + "\n"
    write_whole(options.out / "exploration.json", text)
