"""phase.rs through phase-python: the committed expectations match a fresh run (no new failure,
no unexpected pass), so any change of the suite or the adapter that changes phase's outcomes shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.unit.test_cli import cli

pytest.importorskip("phase", reason="phase-python is not installed: pip install -e '.[phase]'")

ROOT = Path(__file__).resolve().parents[2]
EXPECTATIONS = ROOT / "fixtures" / "engines" / "phase" / "expectations.toml"


def test_phase_matches_its_expectations() -> None:
    result = cli("run", "--engine", "phase", "--expectations", str(EXPECTATIONS), cwd=ROOT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    assert "xfailed" in result.stdout and " failed" not in result.stdout.splitlines()[-1]


def test_the_published_report_names_ruling_observation_and_text_for_every_failure() -> None:
    report = (ROOT / "fixtures" / "engines" / "phase" / "report.md").read_text(encoding="utf-8")
    section = report.split("## Scenarios that did not pass")[1].split("## Scenarios skipped")[0]
    entries = [e for e in section.split("\n- **") if e.strip()]
    assert entries
    for entry in entries:
        assert "observed: " in entry and "ruling " in entry and "\u201c" in entry, entry
