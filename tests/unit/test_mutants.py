"""Each scenario must be able to fail: a wrong engine fails the scenarios of the ruling it breaks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.mutants import MUTANTS

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_mutant_is_caught_by_its_rulings(name: str) -> None:
    mutant = MUTANTS[name]
    selection = " or ".join(f"ruling.{r}" for r in mutant.rulings)
    env = {**os.environ, "MTG_CONFORMANCE_MUTANT": name}
    env.pop("COVERAGE_PROCESS_START", None)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/conformance",
            "-q",
            "-m",
            selection,
            "--no-header",
            "-p",
            "no:randomly",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    last = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr
    assert result.returncode == 1, f"mutant {name} ({mutant.wrong}) was not caught: {last}"
    assert " failed" in last, last
