"""A run spread over two worker processes (pytest-xdist, ``-n 2``) gives what a serial run gives:
the per-ruling summary, certify's reports, the expectations file and the exit status."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from oracle.suite.catalog import feature_tags
from oracle.suite.cli import main
from tests.mutant_plugin import environment as mutant_env

ROOT = Path(__file__).resolve().parents[2]
#: A wrong engine (tests/mutants.py), so the runs have a failure, and the rulings selected.
MUTANT = {**mutant_env("delayed-sacrifice-follows-the-card"), "PYTHONPATH": str(ROOT)}
SELECTION = [
    "--ruling",
    "blitz.sacrifice-only-if-present",
    "--ruling",
    "symbol.tap",
    "--ruling",
    "offspring.copiable-values",
]
TIMED = re.compile(r"(\d+(\.\d+)?) ?(s|ms)\b|\d{4}-\d\d-\d\dT[\d:+]+")


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "oracle", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **MUTANT},
    )


def summary(stdout: str) -> list[str]:
    """The conformance summary of a run's output (pytest's last line, with its time, left out)."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("conformance summary"))
    return [line for line in lines[start:] if not line.endswith("s") or "scenarios:" in line or "rulings:" in line]


def untimed(data: Any) -> Any:
    """A report without what differs from run to run: the date and the durations."""
    if isinstance(data, dict):
        return {k: untimed(v) for k, v in data.items() if k not in ("date", "duration", "seconds")}
    if isinstance(data, list):
        return [untimed(v) for v in data]
    return TIMED.sub("<time>", data) if isinstance(data, str) else data


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    found = {}
    for name, workers in (("serial", []), ("parallel", ["-n", "2"])):
        folder = tmp_path_factory.mktemp(name)
        certified = cli("certify", "--out", str(folder / "reports"), *SELECTION, *workers, cwd=folder)
        expected = cli("expectations", "--out", str(folder / "expected.toml"), *SELECTION, *workers, cwd=folder)
        again = cli("run", "--expectations", str(folder / "expected.toml"), *SELECTION, *workers, cwd=folder)
        found[name] = {"certify": certified, "expectations": expected, "run": again, "folder": folder}
    return found


def test_the_summary_and_the_exit_status_are_the_serial_ones(runs: dict[str, dict[str, Any]]) -> None:
    serial, parallel = runs["serial"], runs["parallel"]
    for command in ("certify", "expectations", "run"):
        assert parallel[command].returncode == serial[command].returncode, parallel[command].stderr
    assert serial["certify"].returncode == 1 and serial["run"].returncode == 0
    assert "1 FAIL" in serial["certify"].stdout
    assert summary(parallel["certify"].stdout) == summary(serial["certify"].stdout)
    assert summary(parallel["run"].stdout) == summary(serial["run"].stdout)


def test_the_reports_and_the_expectations_are_the_serial_ones(runs: dict[str, dict[str, Any]]) -> None:
    serial, parallel = runs["serial"]["folder"], runs["parallel"]["folder"]
    report = json.loads((serial / "reports" / "report.json").read_text(encoding="utf-8"))
    assert report["scenarios"] and report["totals"]["FAIL"] == 1
    assert untimed(json.loads((parallel / "reports" / "report.json").read_text(encoding="utf-8"))) == untimed(report)
    for name in ("report.md",):
        theirs = untimed((parallel / "reports" / name).read_text(encoding="utf-8"))
        assert theirs == untimed((serial / "reports" / name).read_text(encoding="utf-8"))
    expected = (serial / "expected.toml").read_text(encoding="utf-8")
    assert "[[expected]]" in expected
    assert (parallel / "expected.toml").read_text(encoding="utf-8") == expected


def test_n_is_checked_before_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    """The command's parser refuses it, before anything starts: no process of its own needed to show it."""
    with pytest.raises(SystemExit) as exited:
        main(["run", "-n", "many"])
    assert exited.value.code == 2 and "-n takes a number of processes or 'auto'" in capsys.readouterr().err


def test_an_interrupted_parallel_certification_has_not_run_scenarios_and_no_pass_rate(tmp_path: Path) -> None:
    """SIGINT to the whole process group (as ``timeout -s INT`` and Ctrl-C send it) while both workers'
    engines hang at their fourth scenario: every selected scenario is in the report, those that did not
    run are NOT RUN, and there is no pass rate, as serially."""
    import signal
    import time

    from tests.fake_engines.harness import AS_FROM_A_TERMINAL, hostile

    out, pids = tmp_path / "reports", tmp_path / "pids"
    pids.mkdir()
    engine = ["--engine", hostile("honest"), "--engine-timeout", "600"]
    certify = ["certify", "-n", "2", "--out", str(out), "--ruling", "symbol.tap", *engine]
    runner = subprocess.Popen(
        [sys.executable, "-c", AS_FROM_A_TERMINAL, *certify],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "MTG_HOSTILE_PIDS": str(pids), "MTG_HOSTILE_HANG_AT": "4"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 300
        while not (pids / "hanging").exists() and runner.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (pids / "hanging").exists(), runner.communicate()
        time.sleep(1)
        os.killpg(runner.pid, signal.SIGINT)
        stdout, stderr = runner.communicate(timeout=300)
    finally:
        runner.kill()
    assert runner.returncode == 130, stdout[-3000:] + stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    outcomes = [s["outcome"] for s in report["scenarios"]]
    tagged = sum(1 for s in feature_tags(ROOT / "features") if "symbol.tap" in s.rulings)
    assert len(outcomes) == tagged and "NOT RUN" in outcomes, outcomes
    assert report["totals"]["NOT RUN"] == outcomes.count("NOT RUN") and report["pass_rate"] is None


def test_an_in_process_engine_that_kills_its_worker_makes_its_scenarios_error(tmp_path: Path) -> None:
    """An engine in the worker's own process that ends it (os._exit, as a native crash would): each
    scenario it crashed is ERROR, naming the worker, not NOT RUN."""
    done = cli(
        "run",
        "-n",
        "2",
        "--engine",
        "tests.fake_engines.escaping:PerformDiesHard",
        "--ruling",
        "offspring.countered",
        "--ruling",
        "offspring.source-left",
        cwd=ROOT,
    )
    assert done.returncode == 1, done.stderr
    tagged = sum(
        1 for s in feature_tags(ROOT / "features") if {"offspring.countered", "offspring.source-left"} & set(s.rulings)
    )
    assert (
        f"scenarios: 0 PASS, 0 FAIL, {tagged} ERROR, 0 TIMEOUT, 0 SKIP, 0 PRECONDITION, 0 UNSUPPORTED, 0 NOT RUN"
        in (done.stdout)
    )
    assert "observed: the process running it died (worker 'gw" in done.stdout
