"""The mtg-conformance command, run as a user would: from another directory, in a new process."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.suite.catalog import feature_tags, load_catalog
from oracle.suite.cli import main
from tests.mutant_plugin import environment as mutant_env

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "oracle", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


def test_rulings_lists_every_id_with_its_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulings"]) == 0
    out = capsys.readouterr().out
    assert "mana.undefined-type" in out and "blitz.sacrifice-only-if-present" in out
    assert f"{len(load_catalog().rulings)} rulings" in out


def test_run_prints_the_summary_from_any_directory(tmp_path: Path) -> None:
    result = cli("run", "--ruling", "symbol.tap", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "conformance summary: reference" in result.stdout
    assert "symbol.tap" in result.stdout and "PASS" in result.stdout
    tagged = sum(1 for s in feature_tags(ROOT / "features") if "symbol.tap" in s.rulings)
    assert re.fullmatch(
        rf"\d+ deselected, {tagged} PASS in [\d.]+s", result.stdout.splitlines()[-1]
    )  # the suite's words, not pytest's
    others = len(load_catalog().rulings) - 1
    assert f"rulings: 1 PASS; {others} other rulings of the catalog had no scenario selected" in result.stdout
    assert "NOT RUN      " not in result.stdout  # no line for each ruling that was not selected


def test_run_fails_when_a_scenario_fails_and_says_why_in_gherkin(tmp_path: Path) -> None:
    env = {**mutant_env("no-summoning-sickness"), "PYTHONPATH": str(ROOT)}
    result = cli("run", "--ruling", "symbol.tap", cwd=tmp_path, env=env)
    assert result.returncode == 1
    block = result.stdout.split("FAIL: Llanowar Elves that came under Alice's control this turn can't tap for mana")[1]
    lines = [line.strip() for line in block.split("\n\n")[0].splitlines() if line.strip()]
    feature = (ROOT / "features" / "costs" / "tap_symbol.feature").read_text(encoding="utf-8").splitlines()
    start = next(n for n, text in enumerate(feature, 1) if "Scenario: Llanowar Elves that came under" in text)
    step = next(n for n, text in enumerate(feature, 1) if n > start and "the action is rejected for" in text)
    assert lines == [
        f"at costs/tap_symbol.feature:{start}",
        "ruling symbol.tap; CR 107.5, 302.6, 602.5a",
        f"step:     Then the action is rejected for summoning sickness or an illegal activation (line {step})",
        "expected: the action is rejected for summoning sickness or an illegal activation",
        "observed: the action was accepted",
    ]
    last = re.fullmatch(r"\d+ deselected, (\d+) PASS, (\d+) FAIL in [\d.]+s", result.stdout.splitlines()[-1])
    tagged = sum(1 for s in feature_tags(ROOT / "features") if "symbol.tap" in s.rulings)
    assert last and int(last.group(1)) + int(last.group(2)) == tagged and int(last.group(2)) >= 3, result.stdout[-300:]
    for internal in ("Traceback", "FAILED ", "site-packages", "_pytest", "pytest_bdd", "AssertionError", " failed"):
        assert internal not in result.stdout, internal


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["run", "--engine", "nowhere"],
            "mtg-conformance: error: engine 'nowhere': expected 'reference', 'phase', 'argentum', 'forge', 'example-js', 'example-py', 'module:Class' or 'cmd:<command line>'",
        ),
        (["run", "--ruling", "no.such"], "mtg-conformance: error: unknown ruling 'no.such'"),
    ],
)
def test_user_mistakes_are_one_line(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


def test_malformed_catalog_is_one_line(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "fixtures", tmp_path / "fixtures")
    shutil.copytree(ROOT / "features", tmp_path / "features")
    (tmp_path / "fixtures" / "rulings.toml").write_text("[[ruling]\n", encoding="utf-8")
    result = cli("rulings", cwd=tmp_path, env={"MTG_CONFORMANCE_ROOT": str(tmp_path)})
    assert result.returncode == 2
    assert result.stderr.startswith("mtg-conformance: error: ") and "rulings.toml: malformed TOML" in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_missing_suite_root_is_one_line(tmp_path: Path) -> None:
    result = cli("rulings", cwd=tmp_path, env={"MTG_CONFORMANCE_ROOT": str(tmp_path)})
    assert result.returncode == 2 and "no features/ and fixtures/" in result.stderr


def test_capabilities_only_says_what_an_engine_of_those_capabilities_is_tested_on() -> None:
    result = cli("capabilities", "--only", "combat,blocking", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    head = result.stdout.splitlines()[0]
    assert head.startswith("An engine declaring blocking, combat runs ") and " rules:" in head
    assert "509.1h" in result.stdout.split()
    bad = cli("capabilities", "--only", "combat,telepathy", cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "unknown capability 'telepathy'" in bad.stderr


def test_capabilities_name_json_is_that_capability_alone_and_an_unknown_one_is_refused() -> None:
    result = cli("capabilities", "tokens", "--json", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert [c["name"] for c in json.loads(result.stdout)["capabilities"]] == ["tokens"]
    bad = cli("capabilities", "telepathy", "--json", cwd=ROOT)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "unknown capability 'telepathy'" in bad.stderr
