"""A certification interrupted more than once still leaves the report of what ran, and a folder
never shows an earlier run's report as this one's (the README's "What the runner guarantees").

The first Ctrl-C stops the run; the second, which a user sends while it winds down, is said and
not raised (it used to break the writing of the reports, serially and with ``-n 2``); a third stops
at once.  Before a run, the reports an earlier one left in ``--out`` move into ``--out/earlier/``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from oracle.contract.client import ALREADY_STOPPING
from tests.fake_engines.harness import AS_FROM_A_TERMINAL, ROOT, TIME_LIMIT, hostile
from tests.unit.test_cli import cli


def _certify_interrupted_twice(tmp_path: Path, workers: list[str]) -> tuple[subprocess.Popen[str], str, str]:
    """certify (with ``workers``) while the engine hangs at its fourth scenario, then two SIGINTs to
    the whole process group at once, as two quick Ctrl-Cs send them."""
    out, pids = tmp_path / "reports", tmp_path / "pids"
    pids.mkdir()
    certify = ["certify", *workers, "--out", str(out), "--ruling", "symbol.tap"]
    runner = subprocess.Popen(
        [sys.executable, "-c", AS_FROM_A_TERMINAL, *certify, "--engine", hostile("honest"), "--engine-timeout", "600"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "MTG_HOSTILE_PIDS": str(pids), "MTG_HOSTILE_HANG_AT": "4"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + TIME_LIMIT
        while not (pids / "hanging").exists() and runner.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (pids / "hanging").exists(), runner.communicate()
        time.sleep(0.5)
        os.killpg(runner.pid, signal.SIGINT)
        time.sleep(0.05)
        os.killpg(runner.pid, signal.SIGINT)
        stdout, stderr = runner.communicate(timeout=TIME_LIMIT)
    finally:
        runner.kill()
    return runner, stdout, stderr


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "two-workers"])
def test_a_second_ctrl_c_still_leaves_the_report_of_what_ran(workers: list[str], tmp_path: Path) -> None:
    runner, stdout, stderr = _certify_interrupted_twice(tmp_path, workers)
    assert runner.returncode == 130, stdout[-3000:] + stderr
    assert "Traceback" not in stderr and "wrote report.json" in stdout, stdout[-3000:] + stderr
    report = json.loads((tmp_path / "reports" / "report.json").read_text(encoding="utf-8"))
    assert report["totals"]["NOT RUN"] > 0 and report["pass_rate"] is None
    assert stderr.count(ALREADY_STOPPING.decode().strip()) <= 1


def test_an_earlier_report_is_set_aside_before_a_run_that_writes_none(tmp_path: Path) -> None:
    """A run that writes no report (here its engine can't start) leaves no earlier run's report
    where this one's would be: it is in ``earlier/``, whole, and the command says so."""
    out = tmp_path / "reports"
    out.mkdir()
    (out / "report.json").write_text('{"earlier": true}', encoding="utf-8")
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    done = cli("certify", "--out", str(out), "--engine", "cmd:/nonexistent/engine", cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert not (out / "report.json").exists()
    assert (out / "earlier" / "report.json").read_text(encoding="utf-8") == '{"earlier": true}'
    assert (out / "notes.txt").read_text(encoding="utf-8") == "mine"  # only the reports' own files move
    assert f"moved the report of an earlier run into {out / 'earlier'}" in done.stdout
