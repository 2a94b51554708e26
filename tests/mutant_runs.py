"""A wrong engine run the way a user runs the suite: ``mtg-conformance run --ruling <id> ...`` (or
``-m rules`` for a wrong engine of the ``@rules`` scenarios) in a process of its own, with the test
plugin that applies the mutant (tests/mutant_plugin.py), from another directory; and the verdict
on that run.  The processes are forked from command servers that import the command once
(tests/command_server.py), not started afresh: the command's start-up was most of each run.

A wrong engine is *killed* when the command exits with status 1, at least one scenario FAILs (a Then
step that did not hold, or the wrong engine refused an action the scenario takes as legal), no
scenario ends otherwise (an ERROR would be the mutant itself crashing), and every scenario the
mutant names as written to catch it is among them.  tests/unit/test_mutants.py
asserts it of every wrong engine; ``python -m tests.mutants --summary`` counts it per ruling.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path

from tests.command_server import command_servers
from tests.mutant_plugin import environment as mutant_env
from tests.wrong_engines import Mutant

TOTALS = re.compile(r"^scenarios: (\d+) PASS, (\d+) FAIL, (\d+) ERROR, (\d+) TIMEOUT", re.MULTILINE)
OUTCOMES = ("FAIL", "ERROR", "TIMEOUT", "PRECONDITION", "UNSUPPORTED", "SKIP", "NOT RUN")


def command() -> list[str]:
    """The installed ``mtg-conformance`` script beside this interpreter, else ``python -m oracle``."""
    script = Path(sys.executable).with_name("mtg-conformance")
    if script.exists():
        return [str(script)]
    found = shutil.which("mtg-conformance")
    return [found] if found else [sys.executable, "-m", "oracle"]


def arguments(mutant: Mutant) -> list[str]:
    """``run`` of the mutant's rulings; a mutant of a rule no seed ruling is about (no rulings: its
    scenarios are ``@rules`` ones) runs ``-m rules``."""
    return ["run", *([arg for r in mutant.rulings for arg in ("--ruling", r)] or ["-m", "rules"])]


def environment(mutant: str | None = None) -> dict[str, str]:
    """This process's environment with the variables that make a run use the mutant.  The engine's
    coverage comes from the scenarios' own run: the wrong engines' runs are not measured
    (coverage's subprocess patch names its settings in either variable)."""
    env = {**os.environ, **mutant_env(mutant or "")}
    if mutant is None:
        del env["MTG_CONFORMANCE_MUTANT"]
    for variable in ("COVERAGE_PROCESS_START", "COVERAGE_PROCESS_CONFIG"):
        env.pop(variable, None)
    return env


@contextmanager
def runs(mutants: Iterable[Mutant], cwd: Path) -> Iterator[dict[str, Future[subprocess.CompletedProcess[str]]]]:
    """``mtg-conformance run`` against each mutant, in ``cwd``, as many at a time as there are cores,
    each in a process of its own forked by a command server (tests/command_server.py): the
    futures of the runs, by mutant name."""
    workers = os.cpu_count() or 2
    with command_servers(workers, environment(), cwd) as servers:
        yield {m.name: servers.submit(arguments(m), environment(m.name), cwd) for m in mutants}


def stopped(stdout: str) -> dict[str, str]:
    """Each scenario that did not pass, by name, with its outcome (a legal action the engine
    refused is a FAIL)."""
    found = {}
    for block in stdout.split("\n\n"):
        head = block.strip().partition("\n")[0]
        outcome, sep, scenario = head.partition(": ")
        if sep and outcome in OUTCOMES:
            found[scenario] = outcome
    return found


def escape(mutant: Mutant, result: subprocess.CompletedProcess[str]) -> str | None:
    """None when the run killed the mutant; else why not, in one line."""
    totals = TOTALS.search(result.stdout)
    tail = " | ".join((result.stdout + result.stderr).strip().splitlines()[-3:])
    if result.returncode != 1 or not totals:
        return f"not caught (exit {result.returncode}): {tail}"
    found = stopped(result.stdout)
    if not found or not set(found.values()) <= {"FAIL"}:
        return f"stopped otherwise than by a failing Then or a refused action: {found}; {tail}"
    if sum(int(n) for n in totals.groups()[1:]) != len(found):
        return f"{totals.group(0)} but {len(found)} scenario blocks: {found}"
    missed = [s for s in mutant.scenarios if s not in found]
    if missed:
        return f"{missed[0]!r} did not catch it; stopped: {sorted(found)}"
    return None
