"""Benchmark: the suite's speed and memory against fair baselines, each target with its figure.

Usage (from the checkout)::

    python tests/benchmark.py [--repeat 7] [--copies 5] [--phase]

Every figure is the best of ``--repeat`` runs, and the runs compared by a ratio take turns in
the same loop, so a machine busy with other work slows both sides alike.  Each run is timed in
wall time and in CPU time (of its process); targets 1 to 3 compare CPU times, which count a
process's own work only, where wall time also counts the waits for a CPU that other work on
a shared machine holds.  Both are printed.  New processes run with compiled modules cached, as
they are for a user (the first of their runs writes them).

1. ``mtg-conformance run`` (a new process, as a user types it) against ``pytest`` in an empty
   folder (a new process too) with the same plugins (what the command loads: pytest's own that
   it uses, no other), and with every installed plugin for information; and, for information
   too, the command with no scenario selected (what it costs before the first scenario runs).
   Target: at most 2.2 times.
2. The Gherkin suite (in this process, ``pytest`` on ``oracle/harness/scenarios.py``) against a plain
   pytest loop making the same engine calls, recorded from the suite by
   :class:`RecordingEngine`, with the same schema checks of every message (the fair
   baseline), and without them (the baseline of the first versions of this script).
   Target: at most 1.3 times the fair baseline.
3. The Gherkin suite with 100 more step definitions that no step uses, written the way the
   suite's own are.  Target: under 5 % slower.
4. The suite through the wire protocol (``--engine 'cmd:python -m oracle serve'``).
5. Parallel runs: ``mtg-conformance run`` on a suite of ``--copies`` copies of every scenario,
   serial and with ``-n auto`` (pytest-xdist).  Target: ``-n auto`` faster than serial.
6. Peak memory of this process (the in-process runs) and of ``mtg-conformance run``.
7. With ``--phase`` (phase-python installed), the suite against the reference engine and
   against phase.rs in the same process, both times per scenario and their ratio; and the
   suite against phase.rs serial and with ``-n auto``.

It is a script, not a test: speed is measured here and never asserted in the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from oracle.adapters.reference import ReferenceEngine  # noqa: E402
from oracle.contract.interface import JSON, Engine  # noqa: E402
from oracle.suite.cli import PLUGINS  # noqa: E402

#: Calls recorded by :class:`RecordingEngine`: one list per setup (one per scenario).
RECORDED: list[list[tuple[str, Any]]] = []


class RecordingEngine(Engine):
    """The reference engine, remembering every call made to it."""

    def __init__(self) -> None:
        self.inner = ReferenceEngine()

    def describe(self) -> JSON:
        return self.inner.describe()

    def setup(self, position: JSON) -> JSON:
        RECORDED.append([("setup", json.loads(json.dumps(position)))])
        return self.inner.setup(position)

    def perform(self, action: JSON) -> JSON:
        RECORDED[-1].append(("perform", json.loads(json.dumps(action))))
        return self.inner.perform(action)

    def observe(self) -> JSON:
        RECORDED[-1].append(("observe", None))
        return self.inner.observe()


#: One test per scenario, replaying its engine calls; CHECKED also checks every message the way
#: the scenarios' world does (what is sent, then what comes back).
REPLAY = """
import json, pathlib, pytest
from oracle.adapters.reference import ReferenceEngine
from oracle.contract.validation import errors
CHECKED = {checked}
SCHEMAS = {{"setup": ("position", "outcome"), "perform": ("action", "outcome"), "observe": (None, "observation")}}
CALLS = json.loads(pathlib.Path(__file__).with_name("calls.json").read_text())
ENGINE = ReferenceEngine()

@pytest.mark.parametrize("calls", CALLS)
def test_replay(calls):
    for method, argument in calls:
        sent, answer = SCHEMAS[method]
        if CHECKED and sent:
            assert not errors(argument, sent + ".schema.json")
        result = getattr(ENGINE, method)(*([] if argument is None else [argument]))
        assert isinstance(result, dict)
        if CHECKED:
            assert not errors(result, answer + ".schema.json")
"""

#: Step definitions no scenario uses, in the style of oracle/harness/steps/ (regular expressions).
UNUSED_TEMPLATES = [
    r"(?P<player>\w+) controls (?P<n>no|\w+) permanents with (?P<what>.+) under rule {i}$",
    r"(?P<card>.+) has (?P<n>no|\w+) counters of kind {i} on it$",
    r"(?P<player>\w+) casts (?P<card>.+?) choosing mode {i}$",
    r"(?P<card>.+)'s power is (?P<power>-?\d+) in layer {i}$",
    r"(?P<player>\w+) reveals (?P<card>.+) from (?:her|his|their) hand for effect {i}$",
    r"(?P<player>\w+)'s hand has (?P<n>\d+) cards after draw {i}$",
    r"the game is in phase {i} with (?P<card>.+) on the stack$",
    r"(?P<card>.+) is exiled by (?P<source>.+) for the {i}th time$",
    r"(?P<player>\w+) discards (?P<card>.+) to ability {i}$",
    r"(?P<player>\w+) scries (?P<n>\d+) for the {i}th time$",
]


def unused_steps_module(count: int) -> str:
    """A plugin module defining ``count`` step definitions that no scenario uses."""
    lines = ["from pytest_bdd import given, parsers, then, when", ""]
    for i in range(count):
        kind = ("given", "when", "then")[i % 3]
        pattern = UNUSED_TEMPLATES[i % len(UNUSED_TEMPLATES)].format(i=i)
        lines += [f"@{kind}(parsers.re(r{pattern!r}))", f"def unused_{i}(**kwargs):", "    raise AssertionError", ""]
    return "\n".join(lines)


def in_process(args: list[str], plugins: list[Any] | None = None) -> tuple[float, float]:
    """Wall time and CPU time of one pytest run in this process (its output is not shown).  The
    garbage of the runs before is collected first, so no run pays for another's."""
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        code = pytest.main([*args, "-q", "--no-header", "-p", "no:randomly", "-p", "no:cacheprovider"], plugins=plugins)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    if code != 0:
        raise SystemExit(f"benchmark: pytest exited with {code} for {args}")
    return elapsed, cpu


class Child:
    """Wall time, CPU time and peak memory of one command run in a new process."""

    def __init__(self, command: list[str], cwd: Path, env: dict[str, str] | None = None, ok: tuple[int, ...] = (0,)):
        self.command, self.cwd, self.ok = command, cwd, ok
        #: As a user's Python runs it: compiled modules are cached (a session may have turned that off).
        self.env = {k: v for k, v in {**os.environ, **(env or {})}.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def __call__(self) -> tuple[float, float, float]:
        start = time.perf_counter()
        process = subprocess.Popen(
            self.command, cwd=self.cwd, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode not in self.ok:
            error = process.stderr.read().decode() if process.stderr else ""
            raise SystemExit(f"benchmark: {' '.join(self.command)} exited with {process.returncode}: {error[-400:]}")
        if process.stderr:
            process.stderr.close()
        return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def best_of(repeat: int, runs: dict[str, Callable[[], Any]]) -> dict[str, list[Any]]:
    """Each run ``repeat`` times, taking turns, after one run of each not counted; every result, by run."""
    for run in runs.values():
        run()
    results: dict[str, list[Any]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            results[name].append(run())
    return results


def copied_suite(folder: Path, copies: int) -> int:
    """A suite root whose features/ holds ``copies`` copies of every scenario; how many scenarios."""
    for name in ("fixtures", "tests", "pyproject.toml"):
        (folder / name).symlink_to(ROOT / name)
    scenarios = 0
    for path in sorted((ROOT / "features").rglob("*.feature")):
        text = path.read_text(encoding="utf-8")
        for copy in range(1, copies + 1):
            lines = []
            for line in text.splitlines():
                stripped = line.strip()
                if stripped.startswith(("Scenario:", "Scenario Outline:", "Example:")):
                    line = f"{line} (copy {copy})"
                    scenarios += 1
                lines.append(line)
            target = folder / "features" / path.relative_to(ROOT / "features").with_name(f"{path.stem}_{copy}.feature")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return scenarios


class Report:
    """Prints figures and targets; remembers whether every target held."""

    def __init__(self) -> None:
        self.held: list[bool] = []

    def target(self, text: str, figure: str, holds: bool) -> None:
        self.held.append(holds)
        print(f"TARGET {'holds' if holds else 'MISSED'}: {text}: {figure}")


def command(name: str) -> list[str]:
    """The installed console script beside this Python, or ``python -m`` of its module."""
    script = Path(sys.executable).with_name(name)
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", {"mtg-conformance": "oracle", "pytest": "pytest"}[name]]


class Best:
    """The best wall time and the best CPU time of several runs of one side."""

    def __init__(self, runs: list[tuple[float, ...]]) -> None:
        self.runs = runs
        self.wall = min(r[0] for r in runs)
        self.cpu = min(r[1] for r in runs)

    def paired(self, other: Best) -> float:
        """The median over the rounds of this side's CPU time over the other's in the same round."""
        return statistics.median(a[1] / b[1] for a, b in zip(self.runs, other.runs, strict=True))

    def line(self, label: str, scenarios: int = 0) -> str:
        per = f" ({self.cpu / scenarios * 1000:.2f} ms CPU per scenario)" if scenarios else ""
        return f"{label:<48} {self.wall * 1000:7.0f} ms wall {self.cpu * 1000:7.0f} ms CPU{per}"


def compare(report: Report, text: str, ours: Best, baseline: Best, most: float) -> None:
    """A target on the ratio of CPU times, the ratio of wall times beside it."""
    ratio = ours.cpu / baseline.cpu
    figure = f"{ratio:.2f} in CPU time ({ours.wall / baseline.wall:.2f} in wall time; median of the paired runs in CPU time {ours.paired(baseline):.2f})"
    report.target(f"{text} <= {most}", figure, ratio <= most)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each side; the best is kept")
    parser.add_argument("--copies", type=int, default=5, help="copies of each scenario for the parallel runs (0: none)")
    parser.add_argument("--phase", action="store_true", help="also time phase.rs scenario by scenario")
    options = parser.parse_args()
    report = Report()
    scenarios = str(ROOT / "oracle" / "harness" / "scenarios.py")
    # The in-process runs load the plugins ``mtg-conformance run`` loads, on both sides of a ratio.
    common = [f"--rootdir={ROOT}", "-c", str(ROOT / "pyproject.toml"), *PLUGINS, "-p", "mtg_conformance_pytest"]
    in_process([scenarios, *common, "--mtg-engine=tests.benchmark:RecordingEngine"])
    from tests import benchmark as imported  # the engine spec imported this file as a module

    recorded = imported.RECORDED
    count = len(recorded)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        (folder / "empty").mkdir()
        (folder / "replay").mkdir()
        Path(folder, "replay", "calls.json").write_text(json.dumps(recorded), encoding="utf-8")
        for name, checked in (("checked", True), ("bare", False)):
            Path(folder, "replay", f"test_{name}.py").write_text(REPLAY.format(checked=checked), encoding="utf-8")
        Path(folder, "unused_steps.py").write_text(unused_steps_module(100), encoding="utf-8")
        sys.path.insert(0, str(folder))
        replay = [f"--rootdir={folder / 'replay'}", "-c", os.devnull, *PLUGINS]
        print(
            f"scenarios: {count}; engine calls: {sum(len(c) for c in recorded)}; best of {options.repeat} runs each\n"
        )

        plugins = PLUGINS  # what mtg-conformance run loads, and no other
        children = best_of(
            options.repeat,
            {
                "run": Child([*command("mtg-conformance"), "run"], folder / "empty"),
                "none": Child([*command("mtg-conformance"), "run", "-m", "core and not core"], folder / "empty", ok=(5,)),
                "empty": Child([*command("pytest"), "-q", *plugins], folder / "empty", ok=(5,)),
                "plain": Child([*command("pytest"), "-q"], folder / "empty", ok=(5,)),
            },
        )
        run, none = Best(children["run"]), Best(children["none"])
        empty, plain = Best(children["empty"]), Best(children["plain"])
        peak_run = max(r[2] for r in children["run"])
        print(run.line("mtg-conformance run (a new process)", count))
        print(none.line("mtg-conformance run, no scenario selected"))
        print(empty.line("pytest in an empty folder, the same plugins"))
        print(plain.line("pytest in an empty folder, every installed plugin"))
        compare(report, "mtg-conformance run / pytest in an empty folder (the same plugins)", run, empty, 2.2)
        print(
            f"  (no scenario selected / pytest in an empty folder, the same plugins: {none.cpu / empty.cpu:.2f}; "
            f"mtg-conformance run / pytest in an empty folder with every installed plugin: {run.cpu / plain.cpu:.2f})"
        )

        suites = best_of(
            options.repeat,
            {
                "gherkin": lambda: in_process([scenarios, *common]),
                "unused": lambda: in_process([scenarios, *common, "-p", "unused_steps"]),
                "checked": lambda: in_process([str(folder / "replay" / "test_checked.py"), *replay]),
                "bare": lambda: in_process([str(folder / "replay" / "test_bare.py"), *replay]),
            },
        )
        gherkin, unused, checked, bare = (Best(suites[k]) for k in ("gherkin", "unused", "checked", "bare"))
        print()
        print(gherkin.line("gherkin suite (the harness, schema checks)", count))
        print(checked.line("plain loop, same calls, same schema checks", count))
        print(bare.line("plain loop, same calls, no schema checks", count))
        compare(report, "gherkin suite / plain loop with the same schema checks", gherkin, checked, 1.3)
        print(f"  (gherkin suite / plain loop without schema checks, the old baseline: {gherkin.cpu / bare.cpu:.2f})")
        print(unused.line("gherkin suite, 100 unused step definitions", count))
        change = unused.cpu / gherkin.cpu - 1
        report.target(
            "100 unused step definitions change the suite's time by < 5 %",
            f"{change * 100:+.1f} % in CPU time ({(unused.wall / gherkin.wall - 1) * 100:+.1f} % in wall time; "
            f"median of the paired runs in CPU time {(unused.paired(gherkin) - 1) * 100:+.1f} %)",
            abs(change) < 0.05,
        )

        serve = f"--mtg-engine=cmd:{sys.executable} -m oracle serve"
        wire = Best([in_process([scenarios, *common, serve]) for _ in range(options.repeat)])
        print()
        print(wire.line("gherkin suite through the wire protocol", count))
        print(
            f"  ratio wire / in-process in wall time (the engine's CPU is in another process): {wire.wall / gherkin.wall:.2f}"
        )

        if options.copies:
            parallel_runs(folder, options, report)
        if options.phase:
            phase_parallel_runs(folder, options)

    peak_self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"\npeak memory: mtg-conformance run {peak_run:.0f} MiB; this process (every in-process run) {peak_self:.0f} MiB"
    )
    if options.phase:
        side_by_side(scenarios, common)
    print(f"\n{sum(report.held)} of {len(report.held)} targets hold")


def parallel_runs(folder: Path, options: argparse.Namespace, report: Report) -> None:
    """``mtg-conformance run`` serial and with ``-n auto`` on copies of every scenario."""
    copies = folder / "copies"
    copies.mkdir()
    count = copied_suite(copies, options.copies)
    env = {"MTG_CONFORMANCE_ROOT": str(copies)}
    runs = best_of(
        max(2, options.repeat // 2),
        {
            "serial": Child([*command("mtg-conformance"), "run"], folder / "empty", env),
            "auto": Child([*command("mtg-conformance"), "run", "-n", "auto"], folder / "empty", env),
        },
    )
    serial, auto = Best(runs["serial"]), Best(runs["auto"])
    print(f"\n{count} scenarios ({options.copies} copies of each):")
    print(serial.line("mtg-conformance run, serial"))
    print(auto.line(f"mtg-conformance run -n auto ({os.cpu_count()} CPUs)"))
    ratio = auto.wall / serial.wall
    report.target(f"-n auto faster than serial on {count} scenarios", f"{ratio:.2f} of serial in wall time", ratio < 1)


def phase_parallel_runs(folder: Path, options: argparse.Namespace) -> None:
    """For information: the suite against phase.rs, serial and with ``-n auto`` (an engine that
    spends longer on each scenario than the reference engine, as outside engines do)."""
    runs = best_of(
        max(2, options.repeat // 2),
        {
            name: Child([*command("mtg-conformance"), "run", "--engine", "phase", *extra], folder / "empty", ok=(0, 1))
            for name, extra in (("serial", []), ("auto", ["-n", "auto"]))
        },
    )
    serial, auto = Best(runs["serial"]), Best(runs["auto"])
    print("\nthe suite against phase.rs:")
    print(serial.line("mtg-conformance run --engine phase, serial"))
    print(auto.line(f"mtg-conformance run --engine phase -n auto ({os.cpu_count()} CPUs)"))
    print(f"  -n auto / serial in wall time: {auto.wall / serial.wall:.2f}")


class Durations:
    """Call time of each scenario of one run, by test name."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call" or (report.when == "setup" and report.skipped):
            self.seconds[report.nodeid.rsplit("::", 1)[-1].removeprefix("test_scenario[").removesuffix("]")] = (
                report.duration
            )


def side_by_side(scenarios: str, common: list[str]) -> None:
    """The reference engine and phase.rs on the same suite, one line per scenario."""
    runs = {}
    for engine in ("reference", "phase"):
        durations = Durations()
        with contextlib.redirect_stdout(io.StringIO()):  # the figures, not pytest's progress
            pytest.main(
                [scenarios, *common, f"--mtg-engine={engine}", "-q", "--no-header", "-p", "no:cacheprovider"],
                plugins=[durations],
            )
        runs[engine] = durations.seconds
    print(f"\n{'scenario':<90} {'reference':>10} {'phase.rs':>10} {'ratio':>7}")
    for name in sorted(runs["reference"]):
        ours, theirs = runs["reference"][name] * 1000, runs["phase"].get(name, 0.0) * 1000
        print(f"{name[:90]:<90} {ours:>8.1f}ms {theirs:>8.1f}ms {theirs / ours if ours else 0:>7.1f}")
    total_ours, total_theirs = sum(runs["reference"].values()), sum(runs["phase"].values())
    print(
        f"{'all scenarios':<90} {total_ours * 1000:>8.0f}ms {total_theirs * 1000:>8.0f}ms {total_theirs / total_ours:>7.1f}"
    )


if __name__ == "__main__":
    main()
