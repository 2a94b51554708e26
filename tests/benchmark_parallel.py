"""The benchmark's parallel runs and phase.rs's figures (see tests/benchmark.py)."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
from pathlib import Path

import pytest

from tests.benchmark_tools import Best, Child, Report, best_of, command

ROOT = Path(__file__).resolve().parents[1]


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
