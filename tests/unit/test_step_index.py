"""The step index (oracle/harness/step_index.py) finds what pytest-bdd's own lookup finds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from oracle.harness import step_index

ROOT = Path(__file__).resolve().parents[2]


def test_every_step_of_every_scenario_is_found_as_pytest_bdd_finds_it() -> None:
    """Both lookups on every step, with definitions of every kind of parser besides the suite's."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(ROOT / "oracle" / "harness" / "scenarios.py"),
            "--check-step-index",
            "-p",
            "tests.unit.assorted_steps",
            "-q",
            "-p",
            "no:cacheprovider",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and "step index" not in result.stdout


@pytest.mark.parametrize(
    ("pattern", "word"),
    [
        (r"(?P<player>\w+) controls (?P<spec>.+)$", "controls"),
        (r"(?P<card>.+)'s mana value is (?P<value>\d+)$", "value"),
        (r"the stack is empty", "stack"),
        (r"^itself is (?P<player>\w+)$", "itself"),  # ^ is the start as well
        (r"(?P<card>.+)is tapped$", "tapped"),  # "is" touches the group: it may be part of a longer word
        (r"(?P<a>\w+)casts(?P<b>.+)", None),
        (r"(?P<player>\w+) (?:taps|untaps) (?P<card>.+)$", None),  # only in an alternative
        (r"a|b c d", None),  # an alternative at the top level: nothing is required
        (r"(?P<card>.+) has (?:a )?counters?$", "has"),
        (r"(?P<card>.+) is (?P<n>\d+)\.\d+ wide$", "wide"),
    ],
)
def test_a_required_word_stands_between_non_word_characters_of_literal_text(pattern: str, word: str | None) -> None:
    assert step_index.required_word(pattern) == word


def test_a_run_refuses_to_start_if_pytest_bdd_changed_what_the_index_replaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(step_index.bdd_scenario, "get_step_function", lambda request, step, extra: None)
    config = SimpleNamespace(getoption=lambda name: False, add_cleanup=lambda f: None)
    with pytest.raises(pytest.UsageError, match="get_step_function is missing or has changed"):
        step_index.pytest_configure(config)  # type: ignore[arg-type]
