"""The pytest plugin (mtg_conformance_pytest.py, then oracle/harness/plugin.py), loaded in every pytest
session through its entry point: it runs the suite when asked for the scenarios module, leaves every
other session alone (tests/unit/test_stranger_project.py: a project of someone else's),
and stops a run on an unknown tag with one line, whoever wrote the feature file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.suite.catalog import TaggedScenario, feature_tags, load_catalog, unknown_tags

ROOT = Path(__file__).resolve().parents[2]
UNRELATED = """
import sys


def test_nothing_of_the_suite(request):
    names = [name for name, _ in request.config.pluginmanager.list_name_plugin()]
    assert "mtg_conformance_pytest" in names  # loaded through its entry point ...
    assert not [n for n in names if n.startswith(("mtg-conformance", "oracle"))]  # ... and inert:
    assert not [m for m in sys.modules if m == "oracle" or m.startswith("oracle.")]  # nothing of the suite imported
    assert "world" not in request.fixturenames and request.config.getoption("--mtg-engine") == "reference"
"""


def _pytest(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("COVERAGE", "PYTEST"))}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=cwd,
        env={**environment, **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_an_unrelated_session_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / "test_unrelated.py").write_text(UNRELATED, encoding="utf-8")
    result = _pytest("-q", "--strict-markers", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout and "conformance summary" not in result.stdout


def test_the_suite_runs_by_module_name_from_anywhere(tmp_path: Path) -> None:
    result = _pytest("--pyargs", "oracle.harness.scenarios", "-q", "-m", "ruling.symbol.tap", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "conformance summary: reference" in result.stdout and "symbol.tap" in result.stdout


@pytest.mark.parametrize(
    ("tag", "message"),
    [
        ("@ruling:symbol.nope", "@ruling:symbol.nope is not in fixtures/rulings.toml"),
        ("@cr:999.9", "@cr:999.9 is not in fixtures/comprehensive_rules.toml"),
        ("@needs:telepathy", "@needs:telepathy is not in fixtures/capabilities.toml"),
        (
            "@wip",
            "@wip is not a tag of the suite (@ruling:<id>, @cr:<number>, @needs:<capability>, @found:<kind>, @core, @rules, @skip, @xfail)",
        ),
    ],
)
def test_an_unknown_tag_is_named_with_its_file_and_line(tag: str, message: str) -> None:
    scenario = TaggedScenario("x", Path("mine.feature"), 4, (), (), (tag[1:], "cr:107.5"))
    assert unknown_tags(load_catalog(), [scenario]) == [f"mine.feature:4: {message}"]


def test_an_unknown_tag_stops_the_run_in_one_line(tmp_path: Path) -> None:
    """The same line through pytest and through the command, before any scenario runs."""
    shutil.copytree(ROOT / "fixtures", tmp_path / "fixtures")
    shutil.copytree(ROOT / "features", tmp_path / "features")
    bad = tmp_path / "features" / "core" / "basics.feature"
    bad.write_text(bad.read_text(encoding="utf-8").replace("@core", "@core @wip", 1), encoding="utf-8")
    env = {"MTG_CONFORMANCE_ROOT": str(tmp_path)}
    through_pytest = _pytest("--pyargs", "oracle.harness.scenarios", "-q", cwd=tmp_path, env=env)
    line = f"{bad}:"
    errors = [text for text in through_pytest.stderr.splitlines() if text.startswith("ERROR: ")]
    assert through_pytest.returncode == 4 and len(errors) == 1 and errors[0].startswith(f"ERROR: {line}")
    assert "@wip is not a tag of the suite" in errors[0]
    command = subprocess.run(
        [sys.executable, "-m", "oracle", "run"],
        cwd=tmp_path,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert command.returncode == 2 and command.stderr.startswith(f"mtg-conformance: error: {line}")
    assert "@wip is not a tag of the suite" in command.stderr and command.stderr.count("\n") == 1


MINE = """@ruling:symbol.tap
Feature: an engine author's own scenarios, in the suite's words

  @cr:107.5
  Scenario: my elves tap for green
    Given a game between Alice and Bob
    And it is Alice's precombat main phase
    And Alice controls Llanowar Elves
    When Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly {G}

  @cr:107.5
  Scenario: my step the suite does not know
    Given a game between Alice and Bob
    Then the moon is full
"""


def test_an_authors_feature_file_runs_beside_the_suites(tmp_path: Path) -> None:
    """Their scenario in the suite's words passes beside the suite's; an unknown step is one line."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "extra.feature").write_text(MINE, encoding="utf-8")
    both = ("--mtg-features", ":suite", "--mtg-features", "mine", "-m", "ruling.symbol.tap")
    result = _pytest("--pyargs", "oracle.harness.scenarios", "-q", *both, cwd=tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    suite = sum(1 for s in feature_tags(ROOT / "features") if "symbol.tap" in s.rulings)
    totals = next(line for line in result.stdout.splitlines() if line.startswith("scenarios: "))
    assert totals.startswith(f"scenarios: {suite + 1} PASS, 0 FAIL, 1 ERROR,"), totals
    assert "UndefinedStep: no step definition matches Then 'the moon is full'" in result.stdout


def test_an_unknown_tag_in_an_authors_file_is_the_same_line(tmp_path: Path) -> None:
    extra = tmp_path / "extra.feature"
    extra.write_text(
        MINE.replace("@cr:107.5\n  Scenario: my elves", "@cr:107.5 @slow\n  Scenario: my elves"), encoding="utf-8"
    )
    command = subprocess.run(
        [sys.executable, "-m", "oracle", "run", "--features", "extra.feature"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    line = f"{extra}:5: @slow is not a tag of the suite (@ruling:<id>, @cr:<number>"
    assert command.returncode == 2 and command.stderr.startswith(f"mtg-conformance: error: {line}")
    assert command.stderr.count("\n") == 1
    through_pytest = _pytest("--pyargs", "oracle.harness.scenarios", "--mtg-features", "extra.feature", cwd=tmp_path)
    errors = [text for text in through_pytest.stderr.splitlines() if text.startswith("ERROR: ")]
    assert through_pytest.returncode == 4
    assert errors == [f"ERROR: {command.stderr.removeprefix('mtg-conformance: error: ').strip()}"]
