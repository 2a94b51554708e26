"""The step index (oracle/harness/step_index.py) finds what trying every definition finds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import pytest_bdd

from oracle.harness import step_index

ROOT = Path(__file__).resolve().parents[2]


def test_every_step_of_every_scenario_is_found_as_trying_every_definition_finds_it() -> None:
    """Both lookups on every step, with definitions of every kind of parser besides the suite's."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(ROOT / "oracle" / "harness" / "scenarios.py"),
            "--mtg-check-step-index",
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


def _define(kind: str, pattern: str) -> None:
    """Define a step in the caller's frame: pytest-bdd's registry keeps a definition while the
    fixture it makes in the caller's namespace lives (here, while the test runs)."""
    getattr(pytest_bdd, kind)(pytest_bdd.parsers.re(pattern), stacklevel=2)(lambda world, **_: None)


def test_a_step_no_definition_matches_is_one_line_naming_it() -> None:
    with pytest.raises(step_index.UndefinedStep, match=r"no step definition matches Then 'the moon is full'"):
        step_index.StepIndex().find("then", "the moon is full")


def test_a_step_two_definitions_match_names_both() -> None:
    _define("then", r"(?P<x>\w+) glows blue under test$")
    _define("then", r"Pili glows (?P<c>\w+) under test$")
    with pytest.raises(step_index.AmbiguousStep, match=r"2 step definitions match Then 'Pili glows blue under test'"):
        step_index.StepIndex().find("then", "Pili glows blue under test")


def test_definitions_registered_after_a_lookup_are_found() -> None:
    index = step_index.StepIndex()
    with pytest.raises(step_index.UndefinedStep):
        index.find("when", "Pili hums a tune under test")
    _define("when", r"(?P<who>\w+) hums a tune under test$")
    assert index.find("when", "Pili hums a tune under test").arguments == {}  # the function takes no "who"
