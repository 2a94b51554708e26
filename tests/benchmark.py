"""Benchmark: the suite's speed and memory against fair baselines, each target with its figure.

Usage (from the checkout)::

    python tests/benchmark.py [--repeat 7] [--copies 5] [--phase] [--test-command]
                              [--figures FILE] [--readme] [--only PART ...]

Every figure is the best of ``--repeat`` runs, and the runs compared by a ratio take turns in
the same loop, so a machine busy with other work slows both sides alike.  Each run is timed in
wall time and in CPU time (of its process); the targets compare CPU times, which count a
process's own work only, where wall time also counts the waits for a CPU that other work on
a shared machine holds.  Both are printed, and the machine's load beside them.  New processes
run with compiled modules cached, as they are for a user (the first of their runs writes them).

1. ``mtg-conformance run`` with no scenario selected (what the command costs before its first
   scenario: imports, catalog, cards, collection; a new process, as a user types it) against
   ``pytest`` in an empty folder (a new process too) with the same plugins (what the command
   loads: pytest's own that it uses, no other).  Target: at most 2.0 times.  For information,
   the whole run against the same, and ``pytest`` with every installed plugin.
2. The Gherkin suite (in this process, ``pytest`` on ``oracle/harness/scenarios.py``) against a plain
   pytest loop making the same engine calls, recorded from the suite by
   :class:`RecordingEngine`, with the same schema checks of every message (the fair
   baseline), and without them (the baseline of the first versions of this script).
   Target: at most 1.3 times the fair baseline.
3. The Gherkin suite with 100 more step definitions that no step uses, written the way the
   suite's own are.  Target: under 5 % slower.
4. The suite through the wire protocol (``--engine 'cmd:python -m oracle serve'``).
5. The reference engine against the one of commit b50fe23 (:mod:`tests.benchmark_history`):
   the same recorded calls replayed through both, side by side; the median ``perform`` of each.
   Target: at most one fifth of b50fe23's.
6. The explorer against the one of commit b50fe23: ``explore --engine reference`` with a fixed
   seed and number of examples, examples per second of each.  Targets: at least 3 times
   b50fe23's, and at least 70 % of its time in engine calls.
7. Parallel runs (:mod:`tests.benchmark_parallel`): ``mtg-conformance run`` on a suite of
   ``--copies`` copies of every scenario, serial and with ``-n auto`` (pytest-xdist).  Target:
   ``-n auto`` faster than serial.
8. With ``--test-command``, the README's test command (coverage, every test, the linter) in a
   new process.  Target: at most 4 minutes.
9. Peak memory of ``mtg-conformance run``, of ``explore`` and of this process (the in-process runs).
10. With ``--phase`` (phase-python installed), the suite against the reference engine and
    against phase.rs in the same process, both times per scenario and their ratio; and the
    suite against phase.rs serial and with ``-n auto``.

``--figures FILE`` writes every target with its figure as JSON; ``--readme`` writes them into
tests/benchmark_figures.json and CONTRIBUTING.md's "Checks and speed" section (tests/unit/test_readme_figures.py checks that the
README says what that file holds).  It is a script, not a test: speed is measured here and never
asserted in the suite.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


from oracle.adapters.reference import ReferenceEngine  # noqa: E402
from oracle.contract.interface import JSON, Engine  # noqa: E402
from oracle.suite.cli import PLUGINS  # noqa: E402
from tests import benchmark_history as history  # noqa: E402
from tests.benchmark_parallel import parallel_runs, phase_parallel_runs, side_by_side  # noqa: E402
from tests.benchmark_tools import (  # noqa: E402
    README_BEGIN,
    README_END,
    Best,
    Child,
    Report,
    best_of,
    command,
    compare,
    in_process,
    load,
    peak_memory,
    readme_block,
)

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


#: The parts of a run, in order; ``--only`` picks some (for working on one target).
PARTS = ("startup", "suites", "engine", "explorer", "parallel")


def _options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="runs of each side; the best is kept")
    parser.add_argument("--copies", type=int, default=5, help="copies of each scenario for the parallel runs (0: none)")
    parser.add_argument("--phase", action="store_true", help="also time phase.rs scenario by scenario")
    parser.add_argument("--examples", type=int, default=60, help="examples of each explore run (seed 1)")
    parser.add_argument("--test-command", action="store_true", help="also time the README's test command (minutes)")
    parser.add_argument("--figures", type=Path, help="write every target and figure into this JSON file")
    parser.add_argument("--readme", action="store_true", help="also write the figures into CONTRIBUTING.md")
    parser.add_argument(
        "--only",
        action="append",
        choices=PARTS,
        help="run only this part (repeatable; figures of a partial run are printed, never written to the README)",
    )
    options = parser.parse_args()
    if options.only and options.readme:
        parser.error("--readme writes every figure: it can't be used with --only")
    options.parts = set(options.only or PARTS)
    return options


def start_up(folder: Path, repeat: int, count: int, report: Report) -> float:
    """Target 1: the command with no scenario selected against ``pytest`` in an empty folder; the
    peak memory of a whole run."""
    children = best_of(
        repeat,
        {
            "run": Child([*command("mtg-conformance"), "run"], folder / "empty"),
            "none": Child([*command("mtg-conformance"), "run", "-m", "core and not core"], folder / "empty", ok=(5,)),
            "empty": Child([*command("pytest"), "-q", *PLUGINS], folder / "empty", ok=(5,)),
            "plain": Child([*command("pytest"), "-q"], folder / "empty", ok=(5,)),
        },
    )
    run, none = Best(children["run"]), Best(children["none"])
    empty, plain = Best(children["empty"]), Best(children["plain"])
    print(run.line("mtg-conformance run (a new process)", count))
    print(none.line("mtg-conformance run, no scenario selected"))
    print(empty.line("pytest in an empty folder, the same plugins"))
    print(plain.line("pytest in an empty folder, every installed plugin"))
    compare(report, "`mtg-conformance run` with no scenario selected / `pytest` in an empty folder", none, empty, 2.0)
    report.note(
        "whole run / `pytest` in an empty folder (the same plugins; information)",
        f"{run.cpu / empty.cpu:.2f} in CPU time ({run.cpu * 1000:.0f} against {empty.cpu * 1000:.0f} ms); "
        f"against `pytest` with every installed plugin {run.cpu / plain.cpu:.2f}",
    )
    return peak_memory([*command("mtg-conformance"), "run"], folder / "empty")


def suites(folder: Path, repeat: int, count: int, report: Report, scenarios: str, common: list[str]) -> None:
    """Targets 2 and 3, and the wire protocol: the Gherkin suite in this process."""
    replay = [f"--rootdir={folder / 'replay'}", "-c", os.devnull, *PLUGINS]
    runs = best_of(
        repeat,
        {
            "gherkin": lambda: in_process([scenarios, *common]),
            "unused": lambda: in_process([scenarios, *common, "-p", "unused_steps"]),
            "checked": lambda: in_process([str(folder / "replay" / "test_checked.py"), *replay]),
            "bare": lambda: in_process([str(folder / "replay" / "test_bare.py"), *replay]),
        },
    )
    gherkin, unused, checked, bare = (Best(runs[k]) for k in ("gherkin", "unused", "checked", "bare"))
    print()
    print(gherkin.line("gherkin suite (the harness, schema checks)", count))
    print(checked.line("plain loop, same calls, same schema checks", count))
    print(bare.line("plain loop, same calls, no schema checks", count))
    compare(report, "the Gherkin suite / a plain loop with the same schema checks", gherkin, checked, 1.3)
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
    wire = Best([in_process([scenarios, *common, serve]) for _ in range(repeat)])
    print()
    print(wire.line("gherkin suite through the wire protocol", count))
    print(
        f"  ratio wire / in-process in wall time (the engine's CPU is in another process): {wire.wall / gherkin.wall:.2f}"
    )


def engine_against_baseline(
    folder: Path, old: Path, recorded: list[list[tuple[str, Any]]], options: argparse.Namespace, report: Report
) -> None:
    """Target 5: the reference engine against the one of commit b50fe23 (tree ``old``)."""
    rounds = max(2, options.repeat // 2)
    engine = history.engine_replay(recorded, folder, old, rounds)
    ours, theirs = engine["current"], engine["baseline"]
    print(
        f"\nreference engine, {engine['replayed']} of {engine['scenarios']} scenarios replayed by both "
        f"(the others use what {history.BASELINE} does not know), {ours['performs']} performs, best of {rounds}:"
    )
    print(
        f"  median perform: {ours['cpu'] * 1000:.3f} ms CPU ({ours['wall'] * 1000:.3f} wall) now, "
        f"{theirs['cpu'] * 1000:.3f} ms CPU ({theirs['wall'] * 1000:.3f} wall) at {history.BASELINE}"
    )
    ratio = ours["cpu"] / theirs["cpu"]
    report.target(
        f"median `perform` of the reference engine / the same at {history.BASELINE} <= 0.2",
        f"{ratio:.2f} in CPU time ({ours['cpu'] * 1000:.3f} against {theirs['cpu'] * 1000:.3f} ms; in wall time "
        f"{ours['wall'] / theirs['wall']:.2f}; {ours['performs']} performs of {engine['replayed']} scenarios)",
        ratio <= 0.2,
    )


def explorer_against_baseline(folder: Path, old: Path, options: argparse.Namespace, report: Report) -> float:
    """Target 6: the explorer against the one of commit b50fe23 (tree ``old``); its peak memory."""
    rounds = max(2, options.repeat // 2)
    seed, examples = 1, options.examples
    explore = history.explorer(folder, old, rounds, examples, seed, Child)
    now, then = explore["current"], explore["baseline"]
    print(f"\nexplore --engine reference --seed {seed} --examples {examples}, best of {rounds}:")
    for side, label in ((now, "now"), (then, history.BASELINE)):
        print(
            f"  {label:>8}: {examples / side['wall']:.1f} examples/s wall ({side['wall']:.2f} s), "
            f"{examples / side['cpu']:.1f} per CPU second; {side['calls']} engine calls, "
            f"{side['share'] * 100:.0f} % of its time in them; peak {side['peak']:.0f} MiB; "
            f"start-up (1 example) {side['startup']:.2f} s"
        )
    speedup = then["wall"] / now["wall"]
    report.target(
        f"explorer's examples per second / the same at {history.BASELINE} >= 3",
        f"{speedup:.2f} in wall time ({examples / now['wall']:.1f} against {examples / then['wall']:.1f} examples/s, "
        f"{examples} examples, seed {seed}; in CPU time {then['cpu'] / now['cpu']:.2f})",
        speedup >= 3,
    )
    report.target(
        "share of the explorer's time in engine calls >= 70 %",
        f"{now['share'] * 100:.0f} % ({now['calls']} calls; at {history.BASELINE} {then['share'] * 100:.0f} %)",
        now["share"] >= 0.7,
    )
    return float(now["peak"])


def readme_command() -> list[str]:
    """The README's test command after its install step, as words."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r'python -m pip install -e "\.\[test\]" && (python -m coverage run .+)', readme)
    if not found:
        raise SystemExit("benchmark: README.md no longer shows the test command")
    return ["bash", "-c", found.group(1)]


def time_test_command(report: Report) -> None:
    """Target 8: the README's test command, once, in a new process from the checkout; its exit
    status is printed beside its time (a failing test ends it before the coverage report)."""
    before, children = load(), resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(readme_command(), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output, _ = process.communicate()
    elapsed = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime - children.ru_utime - children.ru_stime
    tail = output.decode(errors="replace").strip().splitlines()
    # pytest's closing line ("== 2744 passed in 500s =="), not ruff's "All checks passed!"
    summary = next((line for line in reversed(tail) if re.search(r"\d+ (passed|failed)", line)), "")
    total = next((line.split()[-1] for line in reversed(tail) if line.startswith("TOTAL")), "no report")
    report.target(
        "the README's test command <= 4 minutes",
        f"{elapsed:.0f} s wall, {cpu:.0f} s CPU of every process it started "
        f"(exit status {process.returncode}; pytest: {summary.strip('= ')}; coverage {total}; {before} before, {load()} after)",
        elapsed <= 240 and process.returncode == 0,
    )


def write_figures(options: argparse.Namespace, report: Report, started: str) -> None:
    """The figures as JSON into ``--figures``; with ``--readme`` also into tests/benchmark_figures.json
    and README.md, each target beside its figure of the run that file held before (kept as ``before``)."""
    figures: dict[str, Any] = {
        "command": "tests/benchmark.py " + " ".join(sys.argv[1:]),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "load": f"{started} at the start, {load()} at the end",
        "targets": report.targets,
        "notes": report.notes,
    }
    published = ROOT / "tests" / "benchmark_figures.json"
    if options.readme and published.exists():
        last = json.loads(published.read_text(encoding="utf-8"))
        figures["before"] = {"date": last["date"], "targets": {t["target"]: t["figure"] for t in last["targets"]}}
    for path in [options.figures] + ([published] if options.readme else []):
        if path:
            path.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    if options.readme:
        readme = ROOT / "CONTRIBUTING.md"  # its "Checks and speed"
        text = readme.read_text(encoding="utf-8")
        before, _, rest = text.partition(README_BEGIN)
        _, _, after = rest.partition(README_END)
        if not rest:
            raise SystemExit(f"benchmark: CONTRIBUTING.md has no {README_BEGIN!r} line to write the figures after")
        readme.write_text(before + readme_block(figures) + after, encoding="utf-8")


def main() -> None:
    options = _options()
    report = Report()
    started = load()
    print(started)
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
        print(
            f"scenarios: {count}; engine calls: {sum(len(c) for c in recorded)}; best of {options.repeat} runs each\n"
        )
        parts = options.parts
        peak_run = start_up(folder, options.repeat, count, report) if "startup" in parts else float("nan")
        if "suites" in parts:
            suites(folder, options.repeat, count, report, scenarios, common)
        old = history.baseline_tree(folder) if parts & {"engine", "explorer"} else folder
        if "engine" in parts:
            engine_against_baseline(folder, old, recorded, options, report)
        peak_explore = explorer_against_baseline(folder, old, options, report) if "explorer" in parts else float("nan")
        if options.copies and "parallel" in parts:
            parallel_runs(folder, options, report)
        if options.phase:
            phase_parallel_runs(folder, options)
    if options.test_command:
        time_test_command(report)
    else:
        print("\nthe README's test command: not timed (--test-command runs it, for minutes)")
    peak_self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print()
    report.note(
        "peak memory",
        f"`mtg-conformance run` {peak_run:.0f} MiB, `explore` {peak_explore:.0f} MiB, "
        f"the benchmark's own process (every in-process run) {peak_self:.0f} MiB",
    )
    if options.phase:
        side_by_side(scenarios, common)
    print(f"\n{sum(report.held)} of {len(report.held)} targets hold ({started} at the start, {load()} at the end)")
    write_figures(options, report, started)


if __name__ == "__main__":
    main()
