"""mtg-conformance explore: it finds what differs, writes it in the suite's words, and finds nothing
where nothing differs.  Each test explores a handful of examples (long explorations are in
``tox -e explore``, their results in fixtures/)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from pytest_bdd.steps import step_function_context_registry

import oracle.harness.steps.combat_steps
import oracle.harness.steps.given
import oracle.harness.steps.then
import oracle.harness.steps.then_questions
import oracle.harness.steps.then_zones
import oracle.harness.steps.when  # noqa: F401  (registers the steps)
from oracle.adapters.reference import ReferenceEngine
from oracle.engine.cards import CardDatabase
from oracle.harness.steps import STEP_MODULES
from oracle.harness.world import World
from oracle.paths import cards_dir
from oracle.suite.cli import main
from oracle.suite.explore.cards import load_pool
from oracle.suite.explore.drawing import positions
from oracle.suite.explore.facts import facts_of
from oracle.suite.explore.moves import moves
from oracle.suite.explore.positions import Position, render
from oracle.suite.explore.runner import Options, Run, explore

ROOT = Path(__file__).resolve().parents[2]
QUICK = {"shrinks": 10, "simplifications": 10}

pytestmark = pytest.mark.usefixtures("unmeasured_engines")  # tests/unit/conftest.py


def _steps(kind: str) -> list[Any]:
    modules = set(STEP_MODULES)
    return [c for c in step_function_context_registry.values() if c.step_func.__module__ in modules and c.type == kind]


def _one_step(kind: str, text: str) -> Any:
    matching = [c for c in _steps(kind) if c.parser.is_matching(text)]
    assert len(matching) == 1, f"{kind} {text!r} matches {[c.step_func.__name__ for c in matching]}"
    return matching[0]


def _explore(tmp_path: Path, engine: str, **options: Any) -> Run:
    return explore(Options(engine, out=tmp_path / "found", **{**QUICK, **options}), output=open(os.devnull, "w"))


@settings(max_examples=25, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
@given(position=positions(load_pool()))
def test_positions_moves_and_facts_are_in_the_suites_words(position: Position) -> None:
    """Every Given, When and Then the explorer writes is one step of the suite, and the Given steps
    build exactly the position the explorer sends the engines."""
    rendered = render(position)
    world = World(ReferenceEngine(), CardDatabase.load(cards_dir()))
    for text in rendered.given:
        context = _one_step("given", text)
        context.step_func(world=world, **context.parser.parse_arguments(text))
    assert world.position() == rendered.position
    engine = ReferenceEngine()
    assert engine.setup(rendered.position) == {"accepted": True}
    observation = engine.observe()
    for found in moves(observation, rendered.refs, load_pool()).values():
        for move in found:
            _one_step("when", move.text)
    for fact in facts_of(observation, observation, rendered.refs):
        _one_step("then", fact.text)
        assert fact.holds(observation), fact.text


def test_the_reference_engine_through_the_wire_agrees_with_itself(tmp_path: Path) -> None:
    run = _explore(tmp_path, f"cmd:{sys.executable} -m oracle serve", examples=6, seed=3)
    assert run.examples == 6 and run.found == [] and run.refused_positions == 0
    summary = json.loads((tmp_path / "found" / "exploration.json").read_text(encoding="utf-8"))
    assert summary["examples"] == 6 and summary["divergences"] == []


def test_a_wrong_engine_is_found_and_the_scenario_written_fails_on_it_only(tmp_path: Path) -> None:
    engine = "tests.fake_engines.wrong:LifeOffByOne"
    run = _explore(tmp_path, engine, examples=2, seed=1, shrinks=5, simplifications=5)
    assert [d["kind"] for d in run.found] == ["observation"]
    written = sorted((tmp_path / "found").glob("*.feature"))
    assert [p.name for p in written] == [run.found[0]["file"]]
    text = written[0].read_text(encoding="utf-8")
    assert "@found:observation" in text and "life total is" in text
    _explore(tmp_path / "again", engine, examples=2, seed=1, shrinks=5, simplifications=5)  # the same again
    assert (tmp_path / "again" / "found" / written[0].name).read_text(encoding="utf-8") == text
    for spec, status, outcome in (("reference", 0, "1 PASS"), (engine, 1, "1 FAIL")):
        result = run_written(tmp_path / "found", spec)
        assert result.returncode == status, result.stdout[-2000:] + result.stderr
        assert outcome in result.stdout


def run_written(folder: Path, spec: str) -> subprocess.CompletedProcess[str]:
    """The scenarios an exploration wrote into ``folder``, run against ``spec`` as a user runs them."""
    return subprocess.run(
        [sys.executable, "-m", "oracle", "run", "--features", str(folder), "--engine", spec],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("engine", "kind"),
    [
        ("tests.fake_engines.wrong:CrashesOnPass", "crash"),
        (f"cmd:{sys.executable} {ROOT / 'tests' / 'fake_engines' / 'hostile.py'} hang", "hang"),
    ],
)
def test_a_crash_or_a_hang_is_a_divergence_and_exploration_goes_on(tmp_path: Path, engine: str, kind: str) -> None:
    examples, timeout = (2, 5.0) if kind == "crash" else (1, 1.5)  # a hang costs its time limit and a restart
    run = _explore(tmp_path, engine, examples=examples, seed=2, timeout=timeout, shrinks=1, simplifications=1)
    assert kind in [d["kind"] for d in run.found]
    assert run.examples == examples


def test_explore_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "found"
    assert (
        main(["explore", "--engine", "tests.fake_engines.wrong:LifeOffByOne", "--examples", "1", "--out", str(out)])
        == 1
    )
    printed = capsys.readouterr()
    assert "1 examples" in printed.out and "1 divergences" in printed.out and "explore: 1/1 examples" in printed.err
    assert json.loads((out / "exploration.json").read_text(encoding="utf-8"))["command"].startswith(
        "mtg-conformance explore --engine tests.fake_engines.wrong:LifeOffByOne --seed 0 --examples 1"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["explore", "--engine", "reference", "--examples", "0", "--out", "x"], "--examples must be at least 1"),
        (["explore", "--engine", "reference", "--budget", "-1", "--out", "x"], "--budget must be a positive number"),
        (["explore", "--engine", "nowhere", "--examples", "1", "--out", "x"], "engine 'nowhere'"),
        (["run", "--features", "/no/such/folder"], "--features /no/such/folder: no such file or folder"),
        (["explore", "--engine", f"cmd:{sys.executable} -c pass", "--examples", "1", "--out", "x"], "can't start"),
    ],
)
def test_mistakes_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1


def test_the_published_exploration_of_phase_passes_on_the_reference_engine() -> None:
    """What exploring phase.rs found (fixtures/engines/phase/exploration/) holds on the reference engine."""
    folder = ROOT / "fixtures" / "engines" / "phase" / "exploration"
    written = sorted(folder.glob("*.feature"))
    assert written, "run 'tox -e explore' to publish an exploration of phase.rs"
    result = subprocess.run(
        [sys.executable, "-m", "oracle", "run", "--features", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    assert f"{len(written)} PASS" in result.stdout


def test_against_an_engine_that_crashes_mid_run_every_scenario_written_passes_on_the_reference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine crashes at its second action, also at one both engines would reject: the scenario
    states the rejection (it used to state the action as legal, an ERROR on the reference engine)."""
    monkeypatch.setenv("MTG_ESCAPING_CRASH_AFTER", "1")
    engine = f"cmd:{sys.executable} {ROOT / 'tests' / 'fake_engines' / 'escaping.py'} crash-mid-run"
    run = _explore(tmp_path, engine, examples=8, shrinks=5, simplifications=5)
    written = sorted((tmp_path / "found").glob("*.feature"))
    assert len(written) == len(run.found) >= 2 and run.dropped == []
    assert any("Then the action is rejected for" in p.read_text(encoding="utf-8") for p in written)
    result = subprocess.run(
        [sys.executable, "-m", "oracle", "run", "--features", str(tmp_path / "found")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:]


def test_a_scenario_the_reference_engine_fails_is_never_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the explorer gets wrong, the check before writing keeps it out of DIR."""
    from oracle.suite.explore import runner

    monkeypatch.setattr(runner, "feature", lambda *args: "Feature: x\n  Scenario: x\n    Given a game between Alice\n")
    run = _explore(tmp_path, "tests.fake_engines.wrong:LifeOffByOne", examples=2, seed=1, shrinks=5, simplifications=5)
    assert run.found == [] and not list((tmp_path / "found").glob("*.feature"))
    assert [d["kind"] for d in run.dropped] == ["observation"] and "status" in run.dropped[0]["why"]
    summary = json.loads((tmp_path / "found" / "exploration.json").read_text(encoding="utf-8"))
    assert summary["scenarios_the_reference_failed"] == run.dropped


def test_divergences_found_and_dropped_never_exit_green(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every divergence dropped (here: each candidate failed its check) is exit status 1, not '0 divergences'."""
    import argparse
    from types import SimpleNamespace

    from oracle.suite.explore import command, runner

    dropped = [{"scenario": "x", "kind": "observation", "why": "on reference it ended with status 2"}]
    result = SimpleNamespace(
        found=[], examples=3, with_verdict=3, elapsed=lambda: 1.0, with_blocks=0, with_combat_damage=0,
        scope=SimpleNamespace(refused_cards={}), dropped=dropped, refused_positions=0, blind=lambda: False,
    )  # fmt: skip
    monkeypatch.setattr(runner, "explore", lambda options: result)
    args = argparse.Namespace(
        engine="reference", against="reference", seed=1, budget=None, examples=3, out=str(tmp_path), engine_timeout=10.0
    )
    monkeypatch.setattr(command, "_argv", lambda args: [])
    assert command.run(args) == 1
    assert "1 divergences found were not written" in capsys.readouterr().err


def test_run_features_does_not_walk_hidden_folders(tmp_path: Path) -> None:
    from oracle.suite.scenarios import feature_files

    (tmp_path / ".check-abc").mkdir()
    (tmp_path / ".check-abc" / "found.feature").write_text("Feature: x\n", encoding="utf-8")
    (tmp_path / "mine.feature").write_text("Feature: y\n", encoding="utf-8")
    assert [p.name for p in feature_files([tmp_path])] == ["mine.feature"]
    assert [p.name for p in feature_files([tmp_path / ".check-abc" / "found.feature"])] == ["found.feature"]
