"""Verdicts never lie: a scenario that did not run is NOT RUN, a run in which a scenario did not run or
nothing passed is not green, an engine that breaks is ERROR or TIMEOUT (never FAIL, never PASS), and
no run leaves an engine process behind, whatever the engine does or the runner is told.

Each run is the command in a new process, bounded in memory and time (tests/fake_engines/harness.py).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from oracle.suite.catalog import feature_tags
from tests.fake_engines.harness import ROOT, TIME_LIMIT, assert_nothing_left, hostile, run_cli, start_cli
from tests.mutant_plugin import environment as mutant_env

#: A ruling whose scenarios set up, perform and observe, and how many it has.
RULING = "offspring.countered"
OF_RULING = sum(1 for s in feature_tags(ROOT / "features") if RULING in s.rulings)
#: How many scenarios the runs of symbol.tap select.
TAP = sum(1 for s in feature_tags(ROOT / "features") if "symbol.tap" in s.rulings)


def totals(output: str) -> dict[str, int]:
    """The "scenarios: 3 PASS, 1 FAIL, ..." line of the summary."""
    line = next(line for line in output.splitlines() if line.startswith("scenarios: "))
    return {outcome: int(n) for n, outcome in re.findall(r"(\d+) ([A-Z]+(?: RUN)?)", line)}


def report_of(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "report.json").read_text(encoding="utf-8"))


def test_only_collecting_runs_nothing_and_is_not_green(tmp_path: Path) -> None:
    result = run_cli("run", "--ruling", "symbol.tap", pids=tmp_path, env={"PYTEST_ADDOPTS": "--co"})
    assert result.returncode == 1
    assert totals(result.stdout)["PASS"] == 0 and totals(result.stdout)["NOT RUN"] == TAP
    assert f"{TAP} of {TAP} selected scenarios did not run (NOT RUN)" in result.stderr


def test_stopping_at_the_first_failure_leaves_the_rest_not_run(tmp_path: Path) -> None:
    env = {"PYTEST_ADDOPTS": "-x", **mutant_env("no-summoning-sickness")}
    result = run_cli("run", "--ruling", "symbol.tap", pids=tmp_path, env=env)
    counts = totals(result.stdout)
    assert result.returncode == 1
    assert counts["FAIL"] == 1 and counts["NOT RUN"] >= 1 and sum(counts.values()) == TAP
    assert counts["PASS"] + counts["FAIL"] + counts["NOT RUN"] == TAP


def test_stopping_at_the_first_failure_under_n_2_leaves_the_rest_not_run(tmp_path: Path) -> None:
    """The workers name the scenarios they collected and did not run; the controller counts each once."""
    env = {"PYTEST_ADDOPTS": "-x", **mutant_env("no-summoning-sickness")}
    result = run_cli("run", "--ruling", "symbol.tap", "-n", "2", pids=tmp_path, env=env)
    counts = totals(result.stdout)
    assert result.returncode == 1, result.stdout[-2000:] + result.stderr[-2000:]
    assert counts["FAIL"] >= 1 and counts["NOT RUN"] >= 1, counts
    assert counts["PASS"] + counts["FAIL"] + counts["NOT RUN"] == sum(counts.values()) == TAP, counts


def test_an_incomplete_run_writes_no_expectations(tmp_path: Path) -> None:
    out = tmp_path / "expected.toml"
    result = run_cli(
        "expectations", "--ruling", "symbol.tap", "--out", str(out), pids=tmp_path / "p", env={"PYTEST_ADDOPTS": "--co"}
    )
    assert result.returncode == 2 and not out.exists()
    assert result.stderr.strip().endswith("the run did not complete (exit status 1): no expectations file written")


@pytest.mark.parametrize("engine", ["tests.fake_engines.broken:NoCapabilities", hostile("no-capabilities")])
def test_an_engine_declaring_nothing_skips_everything_and_is_not_green(engine: str, tmp_path: Path) -> None:
    result = run_cli("run", "--ruling", "symbol.tap", "--engine", engine, pids=tmp_path)
    assert result.returncode == 1
    assert totals(result.stdout)["SKIP"] == TAP and totals(result.stdout)["PASS"] == 0
    assert "no scenario passed" in result.stderr


def test_an_in_process_engine_whose_close_raises_is_one_line(tmp_path: Path) -> None:
    result = run_cli(
        "run", "--ruling", "symbol.tap", "--engine", "tests.fake_engines.broken:CloseRaises", pids=tmp_path
    )
    assert result.returncode == 2
    assert result.stderr == (
        "mtg-conformance: error: engine 'tests.fake_engines.broken:CloseRaises': close() failed: "
        "RuntimeError: the database handle is already closed\n"
    )


@pytest.mark.parametrize(
    ("mode", "outcome", "says"),
    [
        (
            "crash",
            "ERROR",
            "the engine exited (status 3) before answering setup; its stderr ended: hostile engine: segmentation fault",
        ),
        ("crash-between", "ERROR", "(status 5) after answering setup and before answering"),
        ("schema", "ERROR", "the engine's observation breaks observation.schema.json"),
        ("garbage", "ERROR", "its answer to observe is not a protocol message: it is not JSON"),
        ("stderr-garbage", "ERROR", "(status 6) before answering setup"),
        ("hang", "TIMEOUT", "no answer to the perform request within 3 s; its stderr ended: hostile engine: thinking"),
    ],
)
def test_an_engine_that_breaks_in_a_scenario_is_error_or_timeout_never_fail(
    mode: str, outcome: str, says: str, tmp_path: Path
) -> None:
    out = tmp_path / "reports"
    result = run_cli(
        "certify",
        "--ruling",
        RULING,
        "--engine",
        hostile(mode),
        "--engine-timeout",
        "3",
        "--out",
        str(out),
        pids=tmp_path / "pids",
    )
    assert result.returncode == 1, result.stdout[-3000:] + result.stderr
    assert totals(result.stdout)[outcome] == OF_RULING >= 2, result.stdout[-3000:]
    scenarios = report_of(out)["scenarios"]
    assert all(s["outcome"] == outcome and says in s["message"] for s in scenarios), scenarios


def test_a_lone_surrogate_in_an_engine_message_still_makes_whole_reports(tmp_path: Path) -> None:
    out = tmp_path / "reports"
    result = run_cli(
        "certify", "--ruling", RULING, "--engine", hostile("surrogate"), "--out", str(out), pids=tmp_path / "pids"
    )
    assert result.returncode == 1, result.stderr
    report = report_of(out)
    messages = [s["message"] for s in report["scenarios"]]
    assert all("it could not do perform: bad \\ud800 action ?[31m" in m and len(m) <= 501 for m in messages)
    assert "\\ud800" in (out / "report.md").read_text(encoding="utf-8")
    assert (out / "report.html").stat().st_size > 0 and not list(out.glob("*.partial"))


@pytest.mark.parametrize(("command", "signum"), [("certify", signal.SIGINT), ("run", signal.SIGTERM)])
def test_an_interrupted_run_reports_not_run_and_leaves_nothing_running(
    command: str, signum: int, tmp_path: Path
) -> None:
    """Ctrl-C or SIGTERM while the engine hangs in the third scenario: the two that ran keep their
    outcome, the rest are NOT RUN, a certification has no pass rate, and the engine is gone."""
    out, pids = tmp_path / "reports", tmp_path / "pids"
    args = ["--ruling", "symbol.tap", "--engine", hostile("stubborn"), "--engine-timeout", "600"]
    runner = start_cli(
        command,
        *args,
        *(["--out", str(out)] if command == "certify" else []),
        pids=pids,
        env={"MTG_HOSTILE_HANG_AT": "3"},
    )
    deadline = time.monotonic() + TIME_LIMIT
    while not (pids / "hanging").exists() and runner.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (pids / "hanging").exists(), runner.communicate()
    runner.send_signal(signum)
    stdout, stderr = runner.communicate(timeout=TIME_LIMIT)
    assert runner.returncode == 128 + signum, stdout[-3000:] + stderr
    assert f"interrupted by signal {signum}" in stderr and "Traceback" not in stderr
    assert totals(stdout)["PASS"] == 2 and totals(stdout)["NOT RUN"] == TAP - 2, stdout[-3000:]
    assert_nothing_left(pids)
    if command == "certify":
        report = report_of(out)
        assert report["pass_rate"] is None and report["totals"]["NOT RUN"] == TAP - 2
        assert f"the run is incomplete: {TAP - 2} scenarios NOT RUN" in (out / "report.md").read_text(encoding="utf-8")


def _pytest_of_the_suite(options: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """pytest running the suite's scenarios module itself, without the command."""
    command = [sys.executable, "-m", "pytest", "oracle/harness/scenarios.py", "-q", "-p", "no:randomly", "--no-header"]
    return subprocess.run([*command, *options], cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIME_LIMIT)


def test_pytest_itself_stops_at_a_failed_handshake(tmp_path: Path) -> None:
    """Without the command, the plugin checks the handshake first, once: one line, pytest's exit status 4."""
    env = {**os.environ, "MTG_HOSTILE_PIDS": str(tmp_path)}
    result = _pytest_of_the_suite([f"--mtg-engine={hostile('old-protocol')}", "--mtg-engine-timeout=20"], env)
    assert result.returncode == 4, result.stdout[-3000:] + result.stderr  # before any scenario, in one line
    assert result.stderr.startswith("ERROR: engine ") and len(result.stderr.strip().splitlines()) == 1
    assert "it speaks protocol 0.9" in result.stderr and " passed" not in result.stdout
    assert_nothing_left(tmp_path)


def test_a_scenario_without_steps_is_an_error_not_a_pass(tmp_path: Path) -> None:
    root = tmp_path / "suite"
    (root / "features").mkdir(parents=True)
    (root / "fixtures").symlink_to(ROOT / "fixtures")
    (root / "features" / "idle.feature").write_text(
        "@ruling:symbol.tap\nFeature: idle\n  @cr:107.5\n  Scenario: nothing at all\n", encoding="utf-8"
    )
    result = _pytest_of_the_suite(["-rE"], {**os.environ, "MTG_CONFORMANCE_ROOT": str(root)})
    idle = root / "features" / "idle.feature"  # refused before any scenario, in one line
    assert result.returncode == 4 and " passed" not in result.stdout, result.stdout + result.stderr
    assert result.stderr.strip() == f"ERROR: {idle}:4: scenario 'nothing at all' has no steps, so it can't pass"
