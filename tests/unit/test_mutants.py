"""Each scenario must be able to fail: a wrong engine fails the scenarios of the ruling it breaks.

Each mutant of tests/mutants.py is checked the way a user would run the suite against it:
``MTG_CONFORMANCE_MUTANT=<name> mtg-conformance run --ruling <id> ...`` in a new process (with the
test plugin that applies it, tests/mutant_plugin.py),
from another directory.  The command must exit with status 1; at least one scenario must FAIL
(a Then step that did not hold, or the wrong engine refused an action the scenario takes as
legal), and none may be ERROR (that would be the mutant itself crashing); every scenario the
mutant names as written to catch it must be among the failures.
The runs are started together, as many at a time as there are cores, and each test waits for
its own; each is a process forked from a server that imported the command once
(tests/command_server.py), since the command's start-up was most of each run.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import pytest

from oracle.suite.catalog import load_catalog
from tests.command_server import command_servers
from tests.mutant_plugin import environment as mutant_env
from tests.mutant_runs import arguments, environment, escape
from tests.mutant_runs import command as _command
from tests.mutant_runs import runs as runs_of
from tests.mutants import MUTANTS, apply_mutant

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def runs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Future]]:
    """Start the command for every selected mutant at once; each test waits for its own."""
    selected = [
        item.callspec.params["name"]
        for item in request.session.items
        if item.module is request.module and hasattr(item, "callspec") and "name" in item.callspec.params
    ]
    with runs_of([MUTANTS[name] for name in dict.fromkeys(selected)], tmp_path_factory.mktemp("elsewhere")) as started:
        yield started


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_mutant_is_caught_through_the_command(name: str, runs: dict[str, Future]) -> None:
    mutant = MUTANTS[name]
    why = escape(mutant, runs[name].result())
    assert why is None, f"mutant {name} ({mutant.wrong}): {why}"


def test_mutants_name_known_rulings_and_scenarios() -> None:
    catalog = load_catalog()
    names = {
        line.strip().removeprefix("Scenario:").strip()
        for path in (ROOT / "features").rglob("*.feature")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip().startswith("Scenario:")
    }
    for mutant in MUTANTS.values():
        assert set(mutant.rulings) <= set(catalog.rulings), mutant.name
        assert set(mutant.scenarios) <= names, f"{mutant.name}: unknown scenario(s) {set(mutant.scenarios) - names}"


def test_a_patch_reaches_names_bound_before_it() -> None:
    """The command imports the adapter, which binds ``compute`` by name, before the mutant is applied."""
    from oracle.adapters import reference
    from oracle.engine import characteristics

    original = reference.compute
    patch = pytest.MonkeyPatch()
    try:
        apply_mutant("base-power-includes-modifiers", patch)
        assert reference.compute is characteristics.compute is not original
    finally:
        patch.undo()
    assert reference.compute is characteristics.compute is original


def test_an_unknown_mutant_is_one_line_and_status_2(tmp_path: Path) -> None:
    env = {**os.environ, **mutant_env("no-such-mutant")}
    env.pop("COVERAGE_PROCESS_START", None)
    result = subprocess.run(
        [*_command(), "run", "--ruling", "symbol.tap"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert result.returncode == 2
    assert "unknown mutant 'no-such-mutant'" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_runs_forked_from_one_server_share_nothing(tmp_path: Path) -> None:
    """A run forked after a wrong engine's run is the command's alone: no patch, no environment
    and no folder of the run before reaches it (tests/command_server.py)."""
    mutant = MUTANTS["no-summoning-sickness"]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    with command_servers(1, environment(), tmp_path) as servers:
        wrong = servers.submit(arguments(mutant), environment(mutant.name), elsewhere).result()
        right = servers.submit(arguments(mutant), environment(), tmp_path).result()
    assert escape(mutant, wrong) is None, wrong.stdout[-2000:] + wrong.stderr
    assert right.returncode == 0 and " 0 FAIL" in right.stdout, right.stdout[-2000:] + right.stderr
