"""The pytest plugin (oracle/harness/plugin.py), loaded in every pytest session through its entry
point: it runs the suite when asked for the scenarios module, leaves every other session alone,
and stops a run on an unknown tag with one line, whoever wrote the feature file."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.suite.catalog import TaggedScenario, load_catalog, unknown_tags

ROOT = Path(__file__).resolve().parents[2]
UNRELATED = """
def test_nothing_of_the_suite(request):
    names = [name for name, _ in request.config.pluginmanager.list_name_plugin()]
    assert "oracle.harness.plugin" in names  # loaded through its entry point ...
    assert not [n for n in names if n.startswith(("mtg-conformance", "oracle.harness.steps"))]  # ... and inert
    assert "world" not in request.fixturenames and request.config.getoption("--engine") == "reference"
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
            "@wip is not a tag of the suite (@ruling:<id>, @cr:<number>, @needs:<capability>, @core, @rules, @skip, @xfail)",
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
