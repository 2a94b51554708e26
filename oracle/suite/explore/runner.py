"""Run an exploration: rounds of Hypothesis, each ending at a new divergence, until the budget is spent.

Each round runs the state machine of :mod:`.machine` with a seed derived from the user's seed
and the round's number, and no example database; Hypothesis's own cache lives in a temporary
folder inside the output folder, removed at the end (nothing is written outside the output
folder).  When a round finds a divergence, Hypothesis shrinks it; the smallest failing example
of each new cause is written as a scenario, its cause is remembered as known (later examples
that show it again end quietly), and the next round starts; a round that ends without one (Hypothesis
may give up on a search it finds too constrained) is followed by another too, until the budget is
spent.  The budget is examples (exact and reproducible) or seconds (the same sequence of examples,
cut where time runs out; shrinking a divergence may use an eighth of it, and :data:`SHRINKS`
examples; :mod:`.simplify` then as much again, and :data:`SIMPLIFICATIONS` replays, even past the
budget for a divergence found as it ran out, so that what is written is as short as any other).  The examples keep to what the engine under test
plays (:mod:`.scope`); each one either ends with a verdict (the engines differ, or both played its
position and every attempt, and were compared) or without (the engine refused something as
unsupported, or the reference engine refused the position), and the summary says how many of each.  A scenario is
written only if it passes on the reference engine, run as its reader will run it (:mod:`.verify`),
and needs nothing the engine under test does not declare.
"""

from __future__ import annotations

import json
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from oracle.errors import UserError
from oracle.files import outside_suite, write_whole
from oracle.kept import cache_root

from .cards import Pool, load_pool
from .divergence import Divergence
from .engines import Broke, Side, Stop, broke_by, open_engine
from .gherkin import feature, file_name, steps
from .scope import Scope
from .verify import fails_on_the_reference

if TYPE_CHECKING:
    from hypothesis import settings

#: Attempts in one example at most (Hypothesis's stateful step count, the position included):
#: enough for a whole combat (two rounds of passes, attackers, a round, blockers, a round, a
#: division: 508-510) with a few other attempts on the way.
STEPS = 16
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
    scope: Scope
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
    free_choices: int = 0
    #: Examples that ended with a verdict: both engines played the position and every attempt.
    with_verdict: int = 0
    #: Examples in which the reference engine reached the declare blockers step with a creature
    #: blocking (509.1), and a combat damage step (510).
    with_blocks: int = 0
    with_combat_damage: int = 0
    #: Divergences not written because a step of theirs needs a capability the engine does not declare.
    beyond_declared: list[dict[str, Any]] = field(default_factory=list)
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

    def check_share(self) -> None:
        """Stop simplifying a divergence when it has had its share of the time budget."""
        if self.shrink_deadline is not None and time.monotonic() >= self.shrink_deadline:
            raise Stop("shrinking")

    def begin_example(self) -> bool:
        """Count an example; ``True`` for one of the budget, ``False`` for one of shrinking."""
        self.check_time()
        if self.replaying:
            self.shrinks += 1
            return False
        if self.candidates:
            self.shrinks += 1
            self.shrinking += 1
            if self.shrinking > self.options.shrinks:
                raise Stop("shrinking")
            return False
        limit = self.options.examples
        if limit is not None and self.examples >= limit:
            raise Stop("examples")
        self.examples += 1
        self.progress()
        return True

    def end_example(self, verdict: bool, blocked: bool = False, fought: bool = False) -> None:
        self.with_verdict += verdict
        self.with_blocks += blocked
        self.with_combat_damage += fought

    def blind(self) -> bool:
        """Whether most examples ended without a verdict (or none ran): the exploration says little."""
        return self.with_verdict * 2 <= self.examples

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
        line = f"explore: {self.examples}{limit} examples ({self.with_verdict} with a verdict), {len(self.found)} divergences{clock}"
        self.output.write(("\r" + line + ("\n" if final else "")) if tty else line + "\n")
        self.output.flush()


def explore(options: Options, output: TextIO | None = None) -> Run:
    """Explore ``options.engine`` against ``options.against``; write what diverges into ``options.out``."""
    outside_suite(options.out, "--out")  # refused before the search, not after it
    options.out.mkdir(parents=True, exist_ok=True)
    reference = Side(options.against, open_engine(options.against, options.timeout, hosted=False))
    other = Side(options.engine, open_engine(options.engine, options.timeout, hosted=True))
    try:
        starting = _Starting(other)
        starting.start()
        from . import machine  # noqa: F401 - Hypothesis, imported while the engine's process starts

        starting.join()
        engines = (_describe(reference), _describe(other, starting.broke))
        declared = frozenset(reference.capabilities()) & frozenset(other.capabilities())
        run = Run(options, load_pool(), Scope(declared, load_pool()), reference, other, output or sys.stderr)
        with _hypothesis_cache_in(options.out):
            _rounds(run, engines)
    finally:
        reference.close()
        other.close()
    run.progress(final=True)
    _write_summary(run, engines)
    return run


@contextmanager
def _hypothesis_cache_in(out: Path) -> Iterator[None]:
    """Hypothesis keeps a cache (``.hypothesis/`` in the current folder by default): here it goes
    to a temporary folder inside ``out``, removed at the end, but for the constants it reads
    from the source of the modules it finds loaded (to draw them now and then), which are kept
    between runs in the user's cache folder (:func:`constants_folder`), as Python keeps compiled
    modules: finding them again took a third of a second of each run."""
    from hypothesis.configuration import set_hypothesis_home_dir, storage_directory

    previous = storage_directory(intent_to_write=False).home_directory
    with tempfile.TemporaryDirectory(prefix=".hypothesis-", dir=out) as folder:
        kept = constants_folder()
        if kept is not None:
            try:
                kept.mkdir(parents=True, exist_ok=True)
                (Path(folder) / "constants").symlink_to(kept, target_is_directory=True)
            except OSError:  # a cache folder that can't be written only means reading the sources again
                pass
        set_hypothesis_home_dir(folder)
        try:
            yield
        finally:
            set_hypothesis_home_dir(previous)


def constants_folder() -> Path | None:
    """Where Hypothesis's constants of each module are kept between explorations (under their
    source's hash): ``hypothesis-constants`` in the suite's cache folder, None when that is off."""
    folder = cache_root()
    return None if folder is None else folder / "hypothesis-constants"


class _Starting(threading.Thread):
    """The engine under test's process started, and its handshake awaited, in a thread of its own:
    meanwhile this one imports Hypothesis (a few tenths of a second each, one after the other before).
    The engine is asked directly, not through its :class:`Side`: the side then has its answer at
    once, and the time the two overlap is not counted twice as time in engine calls."""

    def __init__(self, side: Side) -> None:
        super().__init__(name="explore: starting the engine", daemon=True)
        self.side = side
        self.broke: Broke | None = None

    def run(self) -> None:
        try:
            self.side.engine.describe()
        except (KeyboardInterrupt, SystemExit, GeneratorExit):  # pragma: no cover - not in this thread
            raise
        except BaseException as error:
            self.broke = broke_by(error)


def _describe(side: Side, broke: Broke | None = None) -> str:
    """The engine's name and version; an engine that can't even say them (``broke``, if it was
    asked already) is the user's one-line error."""
    try:
        if broke is not None:
            raise broke
        return side.describe()
    except Broke as broke:
        raise UserError(f"engine {side.spec!r} can't start: {broke.message}") from None


def _rounds(run: Run, engines: tuple[str, str]) -> None:
    """Rounds of Hypothesis until the budget (time or examples) is spent."""
    from hypothesis import seed
    from hypothesis.errors import Flaky, Unsatisfiable
    from hypothesis.stateful import run_state_machine_as_test

    from .machine import machine_for

    options = run.options
    for number in range(1_000_000):
        remaining = None if options.examples is None else options.examples - run.examples
        if remaining is not None and remaining <= 0:
            return
        run.candidates, run.shrink_deadline, run.shrinking = [], None, 0
        machine = seed(options.seed * 1_000_000 + number)(machine_for(run))
        run.machine = machine
        stopped = None
        examples = run.examples
        try:
            run_state_machine_as_test(machine, settings=_settings(remaining))
        except Stop as stop:
            stopped = str(stop)
        except (Divergence, Unsatisfiable):  # the divergences are in run.candidates; anything else is raised
            pass
        except Flaky:  # an engine answered a replay differently: keep what was found, go on with a new seed
            stopped = "flaky"
        _keep(run, engines)
        if stopped in ("budget", "examples"):
            return
        if run.examples == examples and stopped is None:
            return  # Hypothesis ran no example at all: another round would not either


def _settings(remaining: int | None) -> settings:
    from hypothesis import HealthCheck, Phase, Verbosity, settings

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
    from .simplify import simplify

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
        name = file_name(divergence, number, engines)
        missing = run.scope.missing(steps(divergence))
        if missing:  # a run would SKIP it on this engine: it proves nothing there
            run.beyond_declared.append({"scenario": name, "kind": divergence.kind, "needs": missing})
            continue
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
                "steps": len(steps(divergence)),
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
        "capabilities_explored": sorted(run.scope.declared),
        "cards_explored": len(run.scope.pool().cards),
        "cards_the_engine_refused": dict(sorted(run.scope.refused_cards.items())),
        "attempts_the_engine_refused": sorted(" ".join(shape) for shape in run.scope.refused_moves),
        "examples": run.examples,
        "examples_with_a_verdict": run.with_verdict,
        "examples_reaching_declare_blockers_with_a_block": run.with_blocks,
        "examples_reaching_combat_damage": run.with_combat_damage,
        "most_examples_without_a_verdict": run.blind(),
        "shrink_examples": run.shrinks,
        "seconds": round(run.elapsed(), 2),
        "positions_the_reference_refused": run.refused_positions,
        "unsupported_by_the_engine": run.unsupported,
        "free_choices_that_ended_an_example": run.free_choices,
        "divergences_no_step_can_state": run.unwritable,
        "differences_no_then_step_sees": run.latent,
        "scenarios_the_reference_failed": run.dropped,
        "scenarios_beyond_what_the_engine_declares": run.beyond_declared,
        "divergences": run.found,
    }
    text = json.dumps(summary, indent=2, ensure_ascii=False) + "\n"
    write_whole(options.out / "exploration.json", text)
