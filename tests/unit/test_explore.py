"""mtg-conformance explore: it finds what differs, writes it in the suite's words, and finds nothing
where nothing differs.  Each test explores a handful of examples (long explorations are in
``tox -e explore``, their results in fixtures/)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from pytest_bdd.steps import step_function_context_registry

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
from oracle.suite.explore.divergence import Attempt, Divergence
from oracle.suite.explore.engines import Side
from oracle.suite.explore.facts import Fact, facts_of
from oracle.suite.explore.machine import machine_for
from oracle.suite.explore.moves import Move, moves
from oracle.suite.explore.positions import Permanent, Position, positions, render
from oracle.suite.explore.runner import Options, Run, explore
from oracle.suite.explore.scope import Scope
from oracle.suite.explore.simplify import _start_later, replay
from tests.exploration.engines import AsksForTargets, ExilesTheLoser, SpendsOtherManaAndAsks

ROOT = Path(__file__).resolve().parents[2]
QUICK = {"shrinks": 10, "simplifications": 10}


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
        result = subprocess.run(
            [sys.executable, "-m", "oracle", "run", "--features", str(tmp_path / "found"), "--engine", spec],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == status, result.stdout[-2000:] + result.stderr
        assert outcome in result.stdout


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


# -- within what the engine plays ----------------------------------------------------------------

EXAMPLE_JS = ROOT / "fixtures" / "engines" / "example-js"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="the example engine needs Node.js")


def _scenario_steps(text: str) -> list[str]:
    body = text.split("  Scenario:", 1)[1].splitlines()[1:]
    return [line.strip() for line in body if line.strip().split(" ")[0] in ("Given", "When", "Then", "And")]


@pytest.fixture(scope="module")
def red_forest(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A copy of the example engine whose Forest adds {R}: its spec."""
    copy = tmp_path_factory.mktemp("example-js-red-forest") / "engine"
    shutil.copytree(EXAMPLE_JS, copy, ignore=shutil.ignore_patterns("*.json", "*.html", "*.xml", "*.ndjson"))
    cards = copy / "cards.js"
    text = cards.read_text(encoding="utf-8")
    assert "Forest: 'G'" in text
    cards.write_text(text.replace("Forest: 'G'", "Forest: 'R'"), encoding="utf-8")
    return f"cmd:node {copy / 'engine.js'}"


@needs_node
def test_an_engine_that_plays_part_of_the_pool_is_explored_within_it_for_the_whole_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, red_forest: str
) -> None:
    """The example engine declares three capabilities and plays a dozen cards: it is explored
    only with what it plays, for all its budget, most examples get a verdict, and nothing is
    written outside --out (it used to refuse every example, stop after a few seconds whatever the
    budget, and leave .hypothesis/ in the current folder)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    budget, out = 5.0, tmp_path / "found"
    run = explore(Options(red_forest, seed=0, budget=budget, out=out, **QUICK), output=open(os.devnull, "w"))
    assert run.elapsed() >= budget
    assert sorted(run.scope.declared) == ["casting", "mana-abilities", "summoning-sickness"]
    assert len(run.scope.pool().cards) < len(load_pool().cards)
    assert run.examples > 20 and run.with_verdict * 2 > run.examples and not run.blind()
    written = [p.name for p in out.glob("*.feature")]
    assert sorted(p.name for p in out.iterdir()) == sorted([*written, "exploration.json"])
    assert list(elsewhere.iterdir()) == []
    summary = json.loads((out / "exploration.json").read_text(encoding="utf-8"))
    assert summary["examples_with_a_verdict"] == run.with_verdict
    assert summary["most_examples_without_a_verdict"] is False


@needs_node
def test_a_forest_that_adds_red_is_found_and_written_in_a_few_steps(tmp_path: Path, red_forest: str) -> None:
    run = _explore(tmp_path, red_forest, examples=12, seed=0, shrinks=30, simplifications=60)
    assert run.examples == 12
    written = [p.read_text(encoding="utf-8") for p in (tmp_path / "found").glob("*.feature")]
    red = [text for text in written if re.search(r"Then \w+'s mana pool contains exactly \{G\}$", text, re.M)]
    assert len(red) == 1, "\n\n".join(written)
    steps = _scenario_steps(red[0])
    assert len(steps) <= 6 and any("Forest" in step for step in steps), steps
    assert re.search(r"Scenario: .*mana pool contains exactly \{G\}, example-js 1\.0\.0 shows \{R\}", red[0])


def test_a_card_the_engine_refuses_is_not_dealt_to_it_again(tmp_path: Path) -> None:
    run = _explore(tmp_path, "tests.exploration.engines:RefusesManaFlare", examples=40, seed=4)
    assert list(run.scope.refused_cards) == ["Mana Flare"]
    assert run.unsupported == 1 and run.with_verdict == run.examples - 1


def test_when_most_examples_get_no_verdict_it_says_so_and_exits_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # the engine's process imports it from the checkout
    engine = "tests.exploration.engines:RefusesEverything"
    assert main(["explore", "--engine", engine, "--budget", "2", "--out", str(tmp_path / "found")]) == 3
    printed = capsys.readouterr()
    assert "0 with a verdict" in printed.out and "WARNING: " in printed.err and "without a verdict" in printed.err
    summary = json.loads((tmp_path / "found" / "exploration.json").read_text(encoding="utf-8"))
    assert summary["seconds"] >= 2 and summary["examples"] > 10 and summary["examples_with_a_verdict"] == 0
    assert summary["most_examples_without_a_verdict"] is True
    assert sorted(p.name for p in tmp_path.iterdir()) == ["found"]


def _bare_run(engine: Any) -> Run:
    reference, other = Side("reference", ReferenceEngine()), Side("engine", engine)
    reference.describe(), other.describe()
    declared = frozenset(reference.capabilities()) & frozenset(other.capabilities())
    return Run(Options("engine"), load_pool(), Scope(declared, load_pool()), reference, other, open(os.devnull, "w"))


def test_the_mana_an_engine_chooses_to_spend_is_never_a_divergence() -> None:
    """Alice casts Grizzly Bears from {G}{G}{R} without naming the mana: the reference engine
    leaves {G}, the other engine {R} (601.2h leaves it to each), and the other engine then asks a
    question with a single option, which the explorer answers: still no divergence."""
    run = _bare_run(SpendsOtherManaAndAsks())
    position = Position(
        "Alice",
        "precombat-main",
        2,
        (20, 20),
        ("{G}{G}{R}", ""),
        (Permanent("Forest", "Alice"), Permanent("Forest", "Bob")),
        (("Alice", "hand", ("Grizzly Bears",)),),
    )
    assert replay(run, machine_for(run), position, ["Alice casts Grizzly Bears"]) is None
    assert run.free_choices == 1


def _divergence(step: str, moved_to: str, on_stack: str | None) -> Divergence:
    """A pass after which only the engine under test moved on to ``moved_to``."""
    position = Position("Alice", step, 2, (20, 20), ("", ""), (Permanent("Forest", "Alice"),), ())
    observation = ReferenceEngine()
    observation.setup(render(position).position)
    before = observation.observe()
    if on_stack:
        before["stack"] = [{"kind": "spell", "name": on_stack, "controller": "Alice", "ref": "x"}]
    theirs = json.loads(json.dumps(before))
    theirs["turn"]["step"] = moved_to
    subject = "a spell" if on_stack else "an empty stack"
    move = Move("Alice passes priority", {"type": "pass", "player": "Alice"}, subject)
    fact = Fact("it is Alice's ...", "turn", bool)
    return Divergence(
        "observation",
        position,
        render(position),
        [Attempt(move, {"accepted": True}, {"accepted": True})],
        [fact],
        before,
        theirs,
        before=before,
    )


def test_one_cause_is_one_signature_whatever_the_step_or_the_card_on_the_stack() -> None:
    """The engine under test ending a step the reference engine stays in is one cause in the
    upkeep or the end step, and a pass resolving a spell is one whatever the spell."""
    upkeep, end = _divergence("upkeep", "draw", None), _divergence("end", "cleanup", None)
    assert upkeep.signature == end.signature
    assert upkeep.signature[-1] == "turn: only the engine under test moves on"
    assert (
        _divergence("upkeep", "draw", "Grizzly Bears").signature
        == _divergence("upkeep", "draw", "Ornithopter").signature
    )


def test_an_engine_that_asks_for_the_targets_an_action_did_not_name_does_not_diverge() -> None:
    """Equip named without a target: the reference engine rejects it, the other engine asks
    which creature (the contract's "target" question): the contract leaves room for both."""
    run = _bare_run(AsksForTargets())
    battlefield = (Permanent("Bonesplitter", "Alice"), Permanent("Grizzly Bears", "Alice"), Permanent("Forest", "Bob"))
    position = Position("Alice", "precombat-main", 2, (20, 20), ("{C}", ""), battlefield, ())
    assert replay(run, machine_for(run), position, ["Alice activates the first ability of Bonesplitter"]) is None
    assert run.free_choices == 1


def test_once_a_player_has_lost_only_who_lost_is_compared() -> None:
    """Manabarbs deals Alice her last life: the game is over (104.2a); an engine that then shows
    her permanents in exile does not diverge."""
    run = _bare_run(ExilesTheLoser())
    battlefield = (Permanent("Wastes", "Alice"), Permanent("Manabarbs", "Bob"))
    position = Position("Alice", "precombat-main", 2, (1, 20), ("", ""), battlefield, ())
    texts = ["Alice taps Wastes for mana", "Alice passes priority", "Bob passes priority"]
    assert replay(run, machine_for(run), position, texts) is None


def test_a_mana_ability_is_about_the_kind_of_permanent_not_its_name() -> None:
    """Tapping a Forest or a Wastes for mana is one kind of attempt: a divergence there is one
    cause (Manabarbs, say), whichever land it was."""
    position = Position(
        "Alice",
        "precombat-main",
        2,
        (20, 20),
        ("", ""),
        (Permanent("Forest", "Alice"), Permanent("Wastes", "Alice")),
        (),
    )
    engine = ReferenceEngine()
    rendered = render(position)
    engine.setup(rendered.position)
    offered = moves(engine.observe(), rendered.refs, load_pool())["activate"]
    assert {m.subject for m in offered if m.text.endswith("for mana")} == {"a land's mana ability"}


def test_the_passes_before_a_later_step_are_dropped_by_starting_there() -> None:
    position = Position("Alice", "precombat-main", 2, (20, 20), ("", ""), (Permanent("Forest", "Alice"),), ())
    passes = ["Alice passes priority", "Bob passes priority"] * 2
    later, texts = _start_later(position, [*passes, "Alice declares no attackers"], 0) or (None, [])
    assert later is not None and later.step == "beginning-of-combat" and texts == ["Alice declares no attackers"]


def _accepted_though_unpayable(card: str) -> Divergence:
    position = Position("Alice", "precombat-main", 2, (20, 20), ("", ""), (Permanent("Forest", "Alice"),), ())
    move = Move(f"Alice casts {card}", {"type": "cast", "player": "Alice", "card": "x"}, card)
    rejected = {"accepted": False, "rejection": {"code": "cannot-pay", "reason": "no mana"}}
    fact = Fact("the action is rejected for an unpayable cost", "rejection", bool)
    return Divergence("acceptance", position, render(position), [Attempt(move, rejected, {"accepted": True})], [fact])


def test_an_action_accepted_where_the_reference_rejects_it_is_one_cause_whatever_the_card() -> None:
    bears, splitter = _accepted_though_unpayable("Grizzly Bears"), _accepted_though_unpayable("Bonesplitter")
    assert bears.signature == splitter.signature == ("acceptance", "cast", "", "cannot-pay, not accepted")


def test_the_answer_to_a_question_is_part_of_the_attempt_that_raised_it() -> None:
    """Tapping a land, then choosing the kind of mana Mana Flare adds, is the tapping's cause."""
    position = Position("Alice", "precombat-main", 2, (20, 20), ("", ""), (Permanent("Swamp", "Alice"),), ())
    tap = Move(
        "Alice taps Swamp for mana",
        {"type": "activate", "player": "Alice", "source": "s", "ability": 1},
        "a land's mana ability",
    )
    choose = Move(
        "Alice chooses {B}", {"type": "choose", "player": "Alice", "choice": "{B}"}, "a mana-type choice", "{B}"
    )
    fact = Fact("Alice has priority", "priority", bool)
    done = {"accepted": True}

    def divergence(*moves: Move) -> Divergence:
        return Divergence("observation", position, render(position), [Attempt(m, done, done) for m in moves], [fact])

    assert divergence(tap, choose).signature == divergence(tap).signature
