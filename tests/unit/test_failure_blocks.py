"""What a failure says, where a user reads it: the terminal names a user's own feature file by its
real path and gives the real replay command for a transcript; the excerpts of report.md and
report.html hold the Given steps that build the position (the decisive one among them);
report.html gives the totals before the failures; and the project's own test session counts each
scenario once, whatever else its tests run."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from oracle.suite.reports.failures import around, block
from oracle.suite.reports.html import render_report_html
from tests.unit.test_cli import cli

ROOT = Path(__file__).resolve().parents[2]
MINE = """Feature: mine
  Scenario: elves tap for two
    Given a game between Alice and Bob
    And it is Alice's precombat main phase
    And Alice controls Llanowar Elves
    When Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly {G}{G}
"""


def test_a_users_feature_file_and_its_replay_command_are_the_real_ones(tmp_path: Path) -> None:
    (tmp_path / "tests" / "features").mkdir(parents=True)
    (tmp_path / "tests" / "features" / "mine.feature").write_text(MINE, encoding="utf-8")
    result = cli("run", "--features", "tests/features/mine.feature", "--transcripts", "transcripts", cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "  at tests/features/mine.feature:2\n" in result.stdout, result.stdout
    (written,) = (tmp_path / "transcripts").iterdir()
    command = f"mtg-conformance replay {shlex.quote(str(written))} --engine reference"
    assert command in result.stdout, result.stdout
    assert "FILE" not in result.stdout and "SPEC" not in result.stdout


def _tap_symbol_59() -> dict[str, Any]:
    """costs/tap_symbol.feature:59 as a report has it, stopped at its Then step (line 65)."""
    lines = (ROOT / "features" / "costs" / "tap_symbol.feature").read_text(encoding="utf-8").splitlines()
    steps = []
    for number in range(60, 67):
        keyword, _, text = lines[number - 1].strip().partition(" ")
        steps.append({"keyword": keyword, "text": text, "line": number, "status": "passed"})
    return {
        "id": "costs/tap_symbol.feature::x",
        "name": "Llanowar Elves that came under Alice's control this turn still can't tap during Bob's turn",
        "feature": "costs/tap_symbol.feature",
        "line": 59,
        "outcome": "FAIL",
        "rulings": ["symbol.tap"],
        "rules": ["107.5", "302.6"],
        "steps": steps,
        "failed_step": {k: steps[5][k] for k in ("keyword", "text", "line")},
        "expected": "the action is rejected for summoning sickness (summoning-sickness)",
        "observed": "the action was accepted",
    }


def test_the_excerpt_holds_the_decisive_given() -> None:
    scenario = _tap_symbol_59()
    lines = [step["line"] for role, step in around(scenario) if role != "elided"]
    assert 60 in lines and 65 in lines, lines  # "came under her control this turn" decides it
    assert lines == sorted(lines)


def test_the_excerpt_marks_every_step_it_leaves_out() -> None:
    """Between the steps shown, and after them, a marker says how many are not: with the markers
    counted as the steps they stand for, the excerpt accounts for every step of the scenario."""
    keywords = ["Given", "And", "When", *["And"] * 9, "Then", "And", "And"]
    steps = [{"keyword": k, "text": f"step {n}", "line": 10 + n, "status": "passed"} for n, k in enumerate(keywords)]
    scenario = {"steps": steps, "failed_step": steps[12]}
    excerpt = around(scenario)
    markers = [step for role, step in excerpt if role == "elided"]
    shown = [step for role, step in excerpt if role != "elided"]
    left_out = sum(int(step["text"].split()[0].strip("(")) for step in markers)
    assert markers and len(shown) + left_out == len(scenario["steps"]), excerpt
    assert all(step["keyword"] == "…" and "not shown" in step["text"] for step in markers)


def test_report_html_gives_the_totals_before_the_failures() -> None:
    scenario = _tap_symbol_59()
    report = {
        "format_version": "2.0",
        "suite": {"name": "mtg-conformance", "version": "0.1.0", "contract": "1.2.0", "protocol": "1.1"},
        "engine": {"spec": "reference", "name": "oracle", "version": "0.1.0", "capabilities": []},
        "date": "2026-01-01T00:00:00+00:00",
        "duration": 1.0,
        "totals": {"FAIL": 1},
        "pass_rate": 0.0,
        "scenarios": [scenario],
    }
    html = render_report_html(report, ROOT)
    assert html.index("<h2>Totals</h2>") < html.index("What did not pass")
    assert html.index("Pass rate") < html.index("What did not pass")


def test_a_block_gives_the_real_replay_command() -> None:
    scenario = {**_tap_symbol_59(), "transcript": "/tmp/t r/x.jsonl"}
    text = "\n".join(block(scenario, engine="cmd:java -jar engine.jar"))
    assert "mtg-conformance replay '/tmp/t r/x.jsonl' --engine 'cmd:java -jar engine.jar'" in text


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "parallel"])
def test_the_projects_own_session_counts_each_scenario_once(tmp_path: Path, workers: list[str]) -> None:
    """A test module that takes scenarios as parameters, and one that runs the suite inside the
    session, beside the suite's own scenarios: the summary counts each scenario once, and under -n
    (the project's test command) the project's other tests are not scenarios NOT RUN."""
    (tmp_path / "test_beside.py").write_text(
        "import pytest\n"
        "from oracle.harness.driver import scenarios\n\n"
        "@pytest.mark.parametrize('scenario', scenarios()[:5])\n"
        "def test_takes_a_scenario(scenario):\n"
        "    assert scenario.steps\n\n"
        "def test_runs_the_suite_inside():\n"
        "    from oracle.suite.cli import main\n"
        "    assert main(['run', '--ruling', 'symbol.tap']) == 0\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:randomly",
            *workers,
            str(tmp_path / "test_beside.py"),
            "oracle/harness/scenarios.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    summaries = re.findall(r"^scenarios: (\d+) PASS", result.stdout, re.MULTILINE)
    assert summaries, result.stdout[-2000:]
    from oracle.suite.catalog import scenario_ids

    assert int(summaries[-1]) == len(scenario_ids(ROOT / "features")), summaries
    assert "NOT RUN" not in result.stdout.split("scenarios: ")[-1].split("\n")[0].replace("0 NOT RUN", ""), (
        result.stdout[-2000:]
    )
    assert "not green" not in result.stdout, result.stdout[-2000:]
