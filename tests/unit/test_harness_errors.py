"""Bad scenarios fail alone, each with one line: an unknown step, an unknown card, an action the
engine refuses; a file that doesn't parse stops the run before it starts, in one line naming it
(its scenarios would otherwise be in no count: tests/unit/test_broken_inputs.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD = """@ruling:symbol.tap
Feature: good
  @cr:107.5
  Scenario: elves tap
    Given a game between Alice and Bob
    And it is Alice's precombat main phase
    And Alice controls Llanowar Elves
    When Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly {G}
"""
BAD_SYNTAX = "Feature: broken\n  Scenario: one\n    Given a game between Alice and Bob\n  Oops this is not Gherkin\n"
UNKNOWN_STEP = GOOD.replace("Scenario: elves tap", "Scenario: unknown step").replace(
    "Then Alice's mana pool", "Then the moon is full and Alice's pool"
)
UNKNOWN_CARD = GOOD.replace("Scenario: elves tap", "Scenario: unknown card").replace(
    "controls Llanowar Elves", "controls Black Lotus"
)
REFUSED = GOOD.replace("Scenario: elves tap", "Scenario: refused").replace(
    "controls Llanowar Elves", "controls Llanowar Elves, which came under her control this turn"
)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    root = tmp_path_factory.mktemp("suite")
    (root / "fixtures").symlink_to(ROOT / "fixtures")
    features = root / "features"
    features.mkdir()
    for name, text in [
        ("good", GOOD),
        ("step", UNKNOWN_STEP),
        ("card", UNKNOWN_CARD),
        ("refused", REFUSED),
    ]:
        (features / f"{name}.feature").write_text(text, encoding="utf-8")
    env = {**os.environ, "MTG_CONFORMANCE_ROOT": str(root)}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "oracle/harness/scenarios.py",
            "-q",
            "-p",
            "no:randomly",
            "--no-header",
            "-rf",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_good_scenario_still_runs(run: subprocess.CompletedProcess[str]) -> None:
    assert "1 passed" in run.stdout and "3 failed" in run.stdout, run.stdout


def test_unparsable_file_names_path_and_line(tmp_path: Path) -> None:
    (tmp_path / "fixtures").symlink_to(ROOT / "fixtures")
    (tmp_path / "features").mkdir()
    (tmp_path / "features" / "good.feature").write_text(GOOD, encoding="utf-8")
    (tmp_path / "features" / "bad.feature").write_text(BAD_SYNTAX, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "oracle/harness/scenarios.py", "-q", "-p", "no:randomly", "--no-header"],
        cwd=ROOT,
        env={**os.environ, "MTG_CONFORMANCE_ROOT": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 4 and " passed" not in result.stdout, result.stdout + result.stderr
    assert result.stderr.startswith(f"ERROR: {tmp_path}/features/bad.feature:4: feature file does not parse")


def test_unknown_step_is_one_line(run: subprocess.CompletedProcess[str]) -> None:
    assert "UndefinedStep: no step definition matches Then \"the moon is full and Alice's pool" in run.stdout


def test_unknown_card_is_one_line(run: subprocess.CompletedProcess[str]) -> None:
    assert "CardDataError: unknown card 'Black Lotus'" in run.stdout


def test_refused_action_says_why(run: subprocess.CompletedProcess[str]) -> None:
    assert "refused a legal action: " in run.stdout and "(summoning-sickness)" in run.stdout


def test_no_traceback_for_user_mistakes(run: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in run.stdout and "oracle/cards.py:" not in run.stdout
