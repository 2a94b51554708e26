"""With this package installed, someone else's project runs its tests unchanged: its own
``--engine`` and ``--features`` options (its conftest.py) and its own top-level package ``oracle``
stay its own, since the plugin's entry point (mtg_conformance_pytest.py) registers only options
that begin with ``--mtg-`` and imports nothing of the suite in a session that does not run it.
Where the two meet (the suite asked for where the project's ``oracle`` comes first), one line
says so.  The project is tests/hostile_inputs/stranger/, copied and run by pytest in a subprocess."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STRANGER = ROOT / "tests" / "hostile_inputs" / "stranger"
#: pytest-bdd (a dependency of the suite, loaded by its own entry point in every session) registers
#: ``--feature`` with the destination ``features``, which a project's own ``--features`` option can't
#: share without naming its destination: that clash is pytest-bdd's, not this package's plugin's.
BDD_CLASH = "option dest 'features' already used by ['--feature']"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(STRANGER, tmp_path / "stranger")
    return tmp_path / "stranger"


def _pytest(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("COVERAGE", "PYTEST", "MTG_"))}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize("options", [[], ["--engine", "steam", "--features", "x"]])
def test_a_strangers_options_and_oracle_package_stay_theirs(options: list[str], project: Path) -> None:
    result = _pytest("-q", "-p", "no:pytest-bdd", *options, cwd=project)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "2 passed" in result.stdout and "conformance" not in result.stdout
    assert "already used" not in result.stderr and "ModuleNotFoundError" not in result.stdout


def test_with_pytest_bdd_loaded_the_only_clash_left_is_pytest_bdds(project: Path) -> None:
    """Every option this package registers begins with --mtg-: of the clash, nothing is ours."""
    unchanged = _pytest("-q", "--engine", "steam", cwd=project)
    assert unchanged.returncode != 0 and BDD_CLASH in unchanged.stderr, unchanged.stderr[-3000:]
    conftest = project / "conftest.py"  # the project's --features, with a destination of its own
    conftest.write_text(conftest.read_text(encoding="utf-8").replace('"--features", ', '"--features", dest="mine", '))
    result = _pytest("-q", "--engine", "steam", cwd=project)
    assert result.returncode == 0 and "2 passed" in result.stdout, result.stdout[-3000:] + result.stderr[-3000:]


def test_where_the_two_oracle_packages_meet_one_line_says_so(project: Path) -> None:
    result = _pytest("-q", "-p", "no:pytest-bdd", "--pyargs", "oracle.harness.scenarios", cwd=project)
    assert result.returncode == 4, result.stdout[-3000:] + result.stderr[-3000:]
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith("ERROR: this session asks for the mtg-conformance suite")
    assert f"the package 'oracle' it imports is another one, at {project / 'oracle'}" in errors[0]
    assert "passed" not in result.stdout


def test_the_entry_point_imports_nothing_of_the_suite() -> None:
    check = "import sys, mtg_conformance_pytest; print(sorted(m for m in sys.modules if m.split('.')[0] == 'oracle'))"
    result = subprocess.run([sys.executable, "-c", check], cwd="/", capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "[]", result.stdout + result.stderr


def test_the_entry_points_default_timeout_is_the_protocols() -> None:
    import mtg_conformance_pytest
    from oracle.contract.wire import DEFAULT_TIMEOUT

    assert mtg_conformance_pytest.DEFAULT_TIMEOUT == DEFAULT_TIMEOUT


def test_every_option_of_the_entry_point_begins_with_mtg() -> None:
    from oracle.toml import read_toml

    source = (ROOT / "mtg_conformance_pytest.py").read_text(encoding="utf-8")
    names = [line.split('"')[1] for line in source.splitlines() if line.strip().startswith(('option("--', '"--'))]
    assert names and all(name.startswith("--mtg-") for name in names), names
    project = read_toml(ROOT / "pyproject.toml")
    assert project["project"]["entry-points"]["pytest11"] == {"mtg_conformance_pytest": "mtg_conformance_pytest"}
    assert "mtg_conformance_pytest" in project["tool"]["setuptools"]["py-modules"]
