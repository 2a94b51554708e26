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


def test_n_is_checked_before_the_run(tmp_path: Path) -> None:
    result = cli("run", "-n", "many", cwd=tmp_path)
    assert result.returncode == 2 and "-n takes a number of processes or 'auto'" in result.stderr
