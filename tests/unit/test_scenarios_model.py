"""A feature file as the harness reads it (oracle/suite/scenarios.py): steps with their kinds,
Backgrounds first, tags of the Feature and Rule with the scenario's own, and one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.suite.scenarios import FeatureError, read_feature

FEATURE = """@ruling:symbol.tap
Feature: tapping
  Background:
    Given a game between Alice and Bob

  @cr:107.5
  Scenario: elves tap
    Given Alice controls Llanowar Elves
    And it is Alice's precombat main phase
    When Alice taps Llanowar Elves for mana
    And all players pass priority
    Then Alice's mana pool contains exactly {G}

  @core
  Rule: a rule of its own
    Background:
      Given Bob controls Forest

    Scenario: forest taps
      When Bob taps Forest for mana
      Then Bob's mana pool contains exactly {G}
"""


def _write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "topic"
    folder.mkdir()
    path = folder / "tapping.feature"
    path.write_text(text, encoding="utf-8")
    return path


def test_steps_tags_and_places(tmp_path: Path) -> None:
    first, second = read_feature(_write(tmp_path, FEATURE))
    assert first.id == "topic/tapping.feature::elves tap" and first.line == 7 and first.feature_name == "tapping"
    assert [(s.kind, s.keyword) for s in first.steps] == [
        ("given", "Given"),
        ("given", "Given"),
        ("given", "And"),
        ("when", "When"),
        ("when", "And"),
        ("then", "Then"),
    ]
    assert first.steps[0].text == "a game between Alice and Bob" and first.steps[0].line == 4
    assert first.outer_tags == ("ruling:symbol.tap",) and first.own_tags == ("cr:107.5",)
    assert [s.text for s in second.steps[:2]] == ["a game between Alice and Bob", "Bob controls Forest"]
    assert second.tags == ("ruling:symbol.tap", "core")


def test_a_scenario_outline_is_refused_naming_its_line(tmp_path: Path) -> None:
    outline = "Feature: F\n  Scenario Outline: O\n    When Alice casts <card>\n    Examples:\n      | card |\n      | Murder |\n"
    with pytest.raises(FeatureError, match=r"^topic/tapping\.feature:2: a Scenario Outline is not run"):
        read_feature(_write(tmp_path, outline))


def test_a_file_that_does_not_parse_names_its_line(tmp_path: Path) -> None:
    broken = "Feature: broken\n  Scenario: one\n    Given a game between Alice and Bob\n  Oops this is not Gherkin\n"
    with pytest.raises(FeatureError, match=r"^topic/tapping\.feature:4: feature file does not parse: "):
        read_feature(_write(tmp_path, broken))
