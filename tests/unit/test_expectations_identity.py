"""An expectations file follows the engine, not the command line that starts it: it names the engine
as the engine names itself in its handshake (and its version, where the file pins one), so the
same engine started by an alias, an absolute path or another interpreter's command line in CI
passes ``run --expectations`` with one file; a file for another engine is refused in one line
naming both."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.paths import shipped_fixture
from oracle.suite.expectations_file import expectations_toml, load_expectations
from oracle.toml import read_toml
from tests.unit.test_cli import cli

ENGINE_JS = shipped_fixture("engines", "example-js", "engine.js")
#: The same engine as the alias example-js, started by another command line.
BY_PATH = f"cmd:{shutil.which('node') or 'node'} {shlex.quote(str(ENGINE_JS))}"


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The expectations of example-js (through its alias) on symbol.tap's scenarios."""
    if shutil.which("node") is None:
        pytest.fail("Node.js ('node') is needed to run the example engine")
    file = tmp_path_factory.mktemp("expectations") / "conformance.toml"
    result = cli(
        "expectations", "--engine", "example-js", "--ruling", "symbol.tap", "--out", str(file), cwd=file.parent
    )
    assert result.returncode == 0, result.stderr
    return file


def test_the_file_names_the_engine_as_its_handshake_does(written: Path) -> None:
    data = read_toml(written)
    assert data["engine"] == "example-js"  # the name in its handshake (engine.js), not an --engine spec
    assert "engine_version" not in data  # not pinned unless the author pins it
    assert '# engine_version = "1.0.0"' in written.read_text(encoding="utf-8")


def test_the_same_engine_by_another_command_line_passes_with_the_same_file(written: Path) -> None:
    expected = load_expectations(written)  # the SKIPs its undeclared capabilities imply
    assert expected, "the file should expect something, or the test proves little"
    result = cli(
        "run", "--engine", BY_PATH, "--ruling", "symbol.tap", "--expectations", str(written), cwd=written.parent
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr


def test_another_engine_is_refused_naming_both(written: Path) -> None:
    result = cli(
        "run", "--engine", "reference", "--ruling", "symbol.tap", "--expectations", str(written), cwd=written.parent
    )
    assert result.returncode == 2
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1, line
    assert (
        "written for engine 'example-js'" in line and "says it is 'oracle'" in line and "--engine 'reference'" in line
    )


def test_a_pinned_version_must_be_the_engines(written: Path, tmp_path: Path) -> None:
    pinned = tmp_path / "pinned.toml"
    text = written.read_text(encoding="utf-8")
    pinned.write_text(text.replace('# engine_version = "1.0.0"', 'engine_version = "0.9.0"'), encoding="utf-8")
    result = cli("run", "--engine", BY_PATH, "--ruling", "symbol.tap", "--expectations", str(pinned), cwd=tmp_path)
    assert result.returncode == 2
    assert "version '0.9.0'" in result.stderr and "'example-js' version '1.0.0'" in result.stderr
    pinned.write_text(text.replace('# engine_version = "1.0.0"', 'engine_version = "1.0.0"'), encoding="utf-8")
    result = cli("run", "--engine", BY_PATH, "--ruling", "symbol.tap", "--expectations", str(pinned), cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_under_pytest_the_file_follows_the_engine_too(written: Path) -> None:
    """``pytest --pyargs oracle.harness.scenarios --mtg-expectations`` checks the same way."""
    root = Path(__file__).resolve().parents[2]
    args = ["--mtg-engine", "reference", "--mtg-expectations", str(written), "-m", "ruling.symbol.tap", "-q"]
    result = cli_pytest(root, args)
    assert result.returncode != 0 and "says it is 'oracle'" in result.stdout + result.stderr


def cli_pytest(root: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:randomly", "--pyargs", "oracle.harness.scenarios", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_writer_takes_the_handshake() -> None:
    text = expectations_toml([], {"name": "My Engine", "version": "2.1"})
    assert 'engine = "My Engine"' in text and '# engine_version = "2.1"' in text
