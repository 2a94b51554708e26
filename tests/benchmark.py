"""Benchmark: the whole Gherkin suite against the same engine calls made by a plain pytest loop.

Usage (from the checkout)::

    python tests/benchmark.py [--repeat 5]

1. Runs the Gherkin suite once with a recording engine (``--engine
   tests.benchmark:RecordingEngine``) to capture every contract call of every scenario.
2. Times the Gherkin suite against the reference engine, best of ``--repeat`` runs.
3. Times a plain pytest module that replays the recorded calls, one test per
   scenario, against the reference engine, best of ``--repeat`` runs.
4. Times the Gherkin suite against the reference engine in another process, through the
   wire protocol (``--engine 'cmd:python -m oracle serve'``), best of ``--repeat`` runs.
5. Prints the times, the ratios (the cost of Gherkin, step matching and schema checks; the
   cost of the wire) and the peak memory of the process.
6. With ``--phase`` (phase-python installed), runs the suite against the reference engine and
   against phase.rs in the same process and prints both times per scenario and their ratio.

It is a script, not a test: speed is measured here and never asserted in the suite.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

from oracle.adapters.reference import ReferenceEngine  # noqa: E402
from oracle.contract.interface import JSON, Engine  # noqa: E402

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


REPLAY = """
import json, pathlib, pytest
from oracle.adapters.reference import ReferenceEngine
CALLS = json.loads(pathlib.Path(__file__).with_name("calls.json").read_text())
ENGINE = ReferenceEngine()

@pytest.mark.parametrize("calls", CALLS)
def test_replay(calls):
    for method, argument in calls:
        result = getattr(ENGINE, method)(*([] if argument is None else [argument]))
        assert isinstance(result, dict)
"""


def _pytest(args: list[str]) -> float:
    start = time.perf_counter()
    code = pytest.main([*args, "-q", "--no-header", "-p", "no:randomly", "-p", "no:cacheprovider"])
    elapsed = time.perf_counter() - start
    if code != 0:
        raise SystemExit(f"benchmark: pytest exited with {code} for {args}")
    return elapsed


class Durations:
    """Call time of each scenario of one run, by test name."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call" or (report.when == "setup" and report.skipped):
            self.seconds[report.nodeid.rsplit("::", 1)[-1]] = report.duration


def side_by_side(scenarios: str, common: list[str]) -> None:
    """The reference engine and phase.rs on the same suite, one line per scenario."""
    runs = {}
    for engine in ("reference", "phase"):
        durations = Durations()
        pytest.main(
            [scenarios, *common, f"--engine={engine}", "-q", "--no-header", "-p", "no:cacheprovider"],
            plugins=[durations],
        )
        runs[engine] = durations.seconds
    print(f"\n{'scenario':<90} {'reference':>10} {'phase.rs':>10} {'ratio':>7}")
    for name in sorted(runs["reference"]):
        ours, theirs = runs["reference"][name] * 1000, runs["phase"].get(name, 0.0) * 1000
        print(f"{name[5:95]:<90} {ours:>8.1f}ms {theirs:>8.1f}ms {theirs / ours if ours else 0:>7.1f}")
    total_ours, total_theirs = sum(runs["reference"].values()), sum(runs["phase"].values())
    print(
        f"{'all scenarios':<90} {total_ours * 1000:>8.0f}ms {total_theirs * 1000:>8.0f}ms {total_theirs / total_ours:>7.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each side; the best is kept")
    parser.add_argument("--phase", action="store_true", help="also time phase.rs scenario by scenario")
    options = parser.parse_args()
    scenarios = str(ROOT / "tests" / "conformance" / "test_scenarios.py")
    common = [f"--rootdir={ROOT}", "-c", str(ROOT / "pyproject.toml")]
    _pytest([scenarios, *common, "--engine=tests.benchmark:RecordingEngine"])
    from tests import benchmark as imported  # the engine spec imported this file as a module

    recorded = imported.RECORDED
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "calls.json").write_text(json.dumps(recorded), encoding="utf-8")
        Path(folder, "test_replay.py").write_text(REPLAY, encoding="utf-8")
        gherkin = min(_pytest([scenarios, *common]) for _ in range(options.repeat))
        serve = f"--engine=cmd:{sys.executable} -m oracle serve"
        wire = min(_pytest([scenarios, *common, serve]) for _ in range(options.repeat))
        plain = min(
            _pytest([str(Path(folder, "test_replay.py")), f"--rootdir={folder}"]) for _ in range(options.repeat)
        )
    calls = sum(len(c) for c in recorded)
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nscenarios: {len(recorded)}; engine calls: {calls}; best of {options.repeat} runs each")
    print(
        f"gherkin suite (pytest-bdd, schema checks): {gherkin * 1000:8.1f} ms  ({gherkin / len(recorded) * 1000:.2f} ms per scenario)"
    )
    print(
        f"plain pytest loop, same engine calls:      {plain * 1000:8.1f} ms  ({plain / len(recorded) * 1000:.2f} ms per scenario)"
    )
    print(f"ratio gherkin / plain: {gherkin / plain:.2f}")
    print(
        f"gherkin suite through the wire protocol:   {wire * 1000:8.1f} ms  (ratio wire / in-process: {wire / gherkin:.2f})"
    )
    print(f"peak memory of this process: {peak_mib:.0f} MiB")
    if options.phase:
        side_by_side(scenarios, common)


if __name__ == "__main__":
    main()
