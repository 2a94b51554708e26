"""The benchmark's measuring tools: runs in this process and in new ones, best of several runs
taking turns, and the report of targets (see tests/benchmark.py)."""

from __future__ import annotations

import contextlib
import gc
import io
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


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


#: A small process that runs the command given after it and prints its peak memory in KiB: a child
#: of the benchmark itself would report at least the benchmark's own (Linux keeps a process's peak
#: across exec, and a child starts as a copy of its parent).
PEAK = (
    "import os, subprocess, sys\n"
    "child = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=sys.argv[1])\n"
    "_, status, usage = os.wait4(child.pid, 0)\n"
    "print(usage.ru_maxrss)\n"
)


def peak_memory(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    """The peak memory (MiB, resident) of ``command`` and of the processes it waited for, started
    from a small process of its own (see :data:`PEAK`)."""
    env = {k: v for k, v in {**os.environ, **(env or {})}.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run(
        [sys.executable, "-c", PEAK, str(cwd), *command], capture_output=True, text=True, env=env, check=True
    )
    return int(done.stdout.split()[-1]) / 1024


def best_of(repeat: int, runs: dict[str, Callable[[], Any]]) -> dict[str, list[Any]]:
    """Each run ``repeat`` times, taking turns, after one run of each not counted; every result, by run."""
    for run in runs.values():
        run()
    results: dict[str, list[Any]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            results[name].append(run())
    return results


class Report:
    """Prints figures and targets; remembers each target, its figure and whether it held."""

    def __init__(self) -> None:
        self.held: list[bool] = []
        #: Each target as printed: ``{"target": ..., "figure": ..., "holds": ...}``, in order.
        self.targets: list[dict[str, Any]] = []
        #: Figures printed for information (peak memory, the baseline's side, the load).
        self.notes: dict[str, str] = {}

    def target(self, text: str, figure: str, holds: bool) -> None:
        self.held.append(holds)
        self.targets.append({"target": text, "figure": figure, "holds": holds})
        print(f"TARGET {'holds' if holds else 'MISSED'}: {text}: {figure}")

    def note(self, name: str, figure: str) -> None:
        self.notes[name] = figure
        print(f"{name}: {figure}")


def load() -> str:
    """The machine's load averages (1, 5 and 15 minutes) and its CPUs, to print beside every figure."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


#: Where the README's figures are written between, by ``--readme`` (tests/unit/test_readme_figures.py checks them).
README_BEGIN = "<!-- benchmark figures: written by python tests/benchmark.py --readme; do not edit -->"
README_END = "<!-- end of benchmark figures -->"


def readme_block(figures: dict[str, Any]) -> str:
    """The README's lines for the figures of one benchmark run (as ``--figures`` writes them), each
    target's figure of the run before it beside (``before``: that run's date and figures)."""
    lines = [
        README_BEGIN,
        f"Figures of one run of `python {figures['command']}` on {figures['date']} ({figures['load']}):",
        "",
    ]
    before = figures.get("before", {})
    for target in figures["targets"]:
        was = before.get("targets", {}).get(target["target"])
        beside = f" (before, on {before['date']}: {was})" if was else ""
        lines.append(
            f"* {'holds' if target['holds'] else '**MISSED**'}: {target['target']}: {target['figure']}{beside};"
        )
    for name, figure in figures["notes"].items():
        lines.append(f"* {name}: {figure};")
    lines[-1] = lines[-1].removesuffix(";") + "."
    lines.append(README_END)
    return "\n  ".join(lines).replace("\n  \n", "\n\n")  # inside the README's list item


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
