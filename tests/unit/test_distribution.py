"""The suite ships whole: an engine's author certifies with a plain install, no checkout.

The checkout is built into an sdist, the sdist into a wheel (``python -m build``: the wheel is
built from the unpacked sdist, so both must carry the data), and the wheel is installed into a
fresh virtual environment.  From an empty directory, ``mtg-conformance run`` must pass every
scenario and ``certify`` must write its reports, with an engine spoken to over the wire.

Nothing is downloaded: the build uses this environment's setuptools (``--no-isolation``), the
wheel is installed with ``--no-deps``, and the new environment finds its dependencies (pytest,
pytest-bdd...) in this one's site-packages through a ``.pth`` file written after the install.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: An engine author's own scenario, in the suite's words.
MINE = """@ruling:symbol.tap
Feature: mine

  @cr:107.5
  Scenario: my elves tap for green
    Given a game between Alice and Bob
    And it is Alice's precombat main phase
    And Alice controls Llanowar Elves
    When Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly {G}
"""
#: What a build never takes from a checkout's top level: version control, caches, builds, reports.
JUNK = {".git", "build", "dist", ".hypothesis", ".ruff_cache", ".tox", ".venv", "reports", "htmlcov", ".pytest_cache"}


def _junk(folder: str, names: list[str]) -> set[str]:
    top = Path(folder) == ROOT
    return {
        n
        for n in names
        if (top and (n in JUNK or n.startswith(".coverage"))) or n == "__pycache__" or n.endswith(".egg-info")
    }


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 600) -> str:
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{' '.join(args)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
    return result.stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist and the wheel built from it, from a copy of the checkout (the checkout stays clean)."""
    source = tmp_path_factory.mktemp("source") / "mtg-conformance"
    shutil.copytree(ROOT, source, ignore=_junk)
    out = tmp_path_factory.mktemp("dist")
    args = [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)]
    result = subprocess.run(args, cwd=source, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"the build exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
    assert "is deprecated" not in result.stdout + result.stderr, result.stdout + result.stderr  # a clean build
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


def _data(names: list[str], prefix: str) -> set[str]:
    return {n.removeprefix(prefix) for n in names if n.startswith(prefix) and not n.endswith("/")}


def test_the_sdist_and_the_wheel_carry_the_features_fixtures_and_harness(built: tuple[Path, Path]) -> None:
    sdist, wheel = built
    with tarfile.open(sdist) as archive:
        in_sdist = [m.name.split("/", 1)[1] for m in archive.getmembers() if m.isfile()]
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = archive.namelist()
    tracked = {
        p.relative_to(ROOT).as_posix()
        for top in ("features", "fixtures")
        for p in (ROOT / top).rglob("*")
        if p.is_file() and not p.name.startswith(".") and "__pycache__" not in p.parts  # data, not a .gitignore
    }
    assert tracked <= set(in_sdist)
    for top in ("features", "fixtures"):
        assert _data(in_wheel, f"oracle/{top}/") == {
            t.removeprefix(f"{top}/") for t in tracked if t.startswith(f"{top}/")
        }
    assert {"oracle/harness/plugin.py", "oracle/harness/scenarios.py", "oracle/harness/suite.ini"} <= set(in_wheel)
    assert "mtg_conformance_pytest.py" in in_wheel and "mtg_conformance_pytest.py" in in_sdist  # the entry point
    assert any(n.startswith("oracle/harness/steps/") for n in in_wheel)
    assert any(n.startswith("oracle/contract/schemas/") and n.endswith(".json") for n in in_wheel)
    assert not any(n.startswith("tests/") for n in in_wheel)


@pytest.fixture(scope="module")
def installed(built: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed; returns its bin/ folder."""
    venv = tmp_path_factory.mktemp("venv")
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=venv)
    python = venv / "bin" / "python"
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(built[1]),
        ],
        cwd=venv,
    )
    site = Path(
        _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=venv).strip()
    )
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "dependencies-of-the-test-environment.pth").write_text("\n".join(sorted(ours)) + "\n", encoding="utf-8")
    return venv / "bin"


def _environment(bin_dir: Path) -> dict[str, str]:
    """The user's environment, without anything that points at the checkout or measures coverage."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COVERAGE", "MTG_CONFORMANCE", "PYTEST"))}
    env.pop("PYTHONPATH", None)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return env


def _command(installed: Path, cwd: Path, args: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    """The installed ``mtg-conformance`` with ``args``, run as its user would, from ``cwd``."""
    command = [str(installed / "mtg-conformance"), *args]
    return subprocess.run(
        command, cwd=cwd, env=_environment(installed), capture_output=True, text=True, timeout=timeout
    )


def test_the_installed_package_is_the_wheel_and_its_version(installed: Path, tmp_path: Path) -> None:
    code = (
        "import importlib.metadata, oracle, oracle.paths, oracle.version;"
        "print(oracle.__file__); print(oracle.paths.suite_root());"
        "print(oracle.version.__version__, importlib.metadata.version('mtg-conformance'))"
    )
    where, root, versions = _run(
        [str(installed / "python"), "-c", code], cwd=tmp_path, env=_environment(installed)
    ).splitlines()
    site = installed.parent / "lib"
    assert Path(where).is_relative_to(site) and Path(root) == Path(where).parent, (where, root)
    mine, metadata = versions.split()
    assert mine == metadata and mine != "0+unknown"


def test_run_passes_every_scenario_from_an_empty_directory(installed: Path, tmp_path: Path) -> None:
    result = _command(installed, tmp_path, ["run"], timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    totals = next(line for line in result.stdout.splitlines() if line.startswith("scenarios: "))
    counts = {outcome: int(n) for n, outcome in re.findall(r"(\d+) ([A-Z][A-Z ]*[A-Z])", totals)}
    assert counts["PASS"] > 100 and not any(n for outcome, n in counts.items() if outcome != "PASS"), totals
    assert list(tmp_path.iterdir()) == []  # nothing written where it ran


def test_the_example_engine_is_found_in_the_installed_package(installed: Path, tmp_path: Path) -> None:
    """``--engine example-js`` names the engine the wheel carries (oracle/fixtures/engines/), not a
    path beside the package that only a checkout has."""
    if shutil.which("node") is None:
        pytest.skip("Node.js is not installed")
    result = _command(installed, tmp_path, ["smoke", "--engine", "example-js"], timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    assert json.loads(result.stdout)["success"] is True


def test_certify_an_engine_over_the_wire_writes_the_reports(installed: Path, tmp_path: Path) -> None:
    out = tmp_path / "reports"
    result = _command(
        installed, tmp_path, ["certify", "--engine", "cmd:mtg-conformance serve", "--out", str(out)], timeout=900
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["totals"]["PASS"] == len(report["scenarios"]) > 100
    assert {"report.json", "report.md", "report.html", "junit.xml"} <= {p.name for p in out.iterdir()}


def test_the_plugin_runs_the_installed_suite_in_an_authors_repository_and_nothing_else(
    installed: Path, tmp_path: Path
) -> None:
    """pytest finds the plugin by its entry point: the suite runs with the author's own options
    and configuration, and a session that does not ask for the suite is left alone."""
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -p no:cacheprovider\n", encoding="utf-8")
    (tmp_path / "test_mine.py").write_text(
        "def test_mine(request):\n    assert 'mtg-conformance-results' not in [n for n, _ in request.config.pluginmanager.list_name_plugin()]\n",
        encoding="utf-8",
    )
    env = _environment(installed)
    suite = [str(installed / "python"), "-m", "pytest", "--pyargs", "oracle.harness.scenarios"]
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "extra.feature").write_text(MINE, encoding="utf-8")
    both = ["--mtg-features", ":suite", "--mtg-features", "mine", "-m", "ruling.symbol.tap"]
    selected = _run([*suite, "--mtg-engine", "cmd:mtg-conformance serve", *both], cwd=tmp_path, env=env)
    assert "conformance summary: cmd:mtg-conformance serve" in selected and " 0 FAIL," in selected
    assert "extra.feature: my elves tap for green" in _run(
        [*suite, *both, "-v"], cwd=tmp_path, env=env
    )  # theirs, beside
    mine = _run([str(installed / "python"), "-m", "pytest", "test_mine.py"], cwd=tmp_path, env=env)
    assert "1 passed" in mine and "conformance summary" not in mine


def test_the_package_list_names_every_package_of_the_checkout() -> None:
    """pyproject.toml lists the packages (its package-dir maps features/ and fixtures/ in): a
    folder of oracle/ missing from the list would be missing from the wheel."""
    from oracle.toml import read_toml

    listed = set(read_toml(ROOT / "pyproject.toml")["tool"]["setuptools"]["packages"])
    folders = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "oracle").rglob("__init__.py")}
    assert listed == folders | {"oracle.features", "oracle.fixtures"}


def test_one_version_the_installed_metadata() -> None:
    """The suite's version is the package's metadata; no module holds a second one."""
    from importlib.metadata import version

    from oracle.version import __version__

    assert __version__ == version("mtg-conformance")
    held = [
        p
        for p in (ROOT / "oracle").rglob("*.py")
        if "__version__ =" in p.read_text(encoding="utf-8") and p.name != "version.py"
    ]
    assert held == []


def test_a_strangers_project_with_its_own_oracle_package_runs_unchanged_beside_the_wheel(
    installed: Path, tmp_path: Path
) -> None:
    """Installed as a wheel (the suite's ``oracle`` in site-packages), the plugin's entry point
    imports none of it: the project's own ``oracle`` and ``--engine`` stay the project's
    (tests/hostile_inputs/stranger/; pytest-bdd's own --feature is left out, see test_stranger_project.py)."""
    project = tmp_path / "stranger"
    shutil.copytree(ROOT / "tests" / "hostile_inputs" / "stranger", project)
    python = [str(installed / "python"), "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:pytest-bdd", "-q"]
    env = _environment(installed)
    assert "2 passed" in _run([*python, "--engine", "steam"], cwd=project, env=env)
    meet = subprocess.run(
        [*python, "--pyargs", "oracle.harness.scenarios"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert meet.returncode == 4 and meet.stderr.startswith("ERROR: this session asks for the mtg-conformance suite")
    assert len(meet.stderr.strip().splitlines()) == 1, meet.stderr
