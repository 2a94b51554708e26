"""mtg-conformance explore within what the engine under test plays: its capabilities and the cards
it accepts, for the whole budget, with no divergence resting on a choice the contract leaves free,
each cause written once, in few steps, and nothing written outside --out."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.suite.cli import main
from oracle.suite.explore.cards import load_pool
from oracle.suite.explore.divergence import Attempt, Divergence
from oracle.suite.explore.engines import Side
from oracle.suite.explore.facts import Fact
from oracle.suite.explore.machine import machine_for
from oracle.suite.explore.moves import Move, moves
from oracle.suite.explore.positions import Permanent, Position, render
from oracle.suite.explore.runner import Options, Run, explore
from oracle.suite.explore.scope import Scope
from oracle.suite.explore.simplify import _start_later, replay
from tests.exploration.engines import AsksForTargets, ExilesTheLoser, SpendsOtherManaAndAsks

ROOT = Path(__file__).resolve().parents[2]
QUICK = {"shrinks": 10, "simplifications": 10}


def _explore(tmp_path: Path, engine: str, **options: Any) -> Run:
    return explore(Options(engine, out=tmp_path / "found", **{**QUICK, **options}), output=open(os.devnull, "w"))


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


def test_an_engine_in_another_step_is_one_cause_whatever_the_then_step_states() -> None:
    """An engine that skips the first combat damage step's priority shows it as a tapped creature,
    a question or a life total (phase.rs's exploration 008-010 of one run): the engines being in
    different steps is the cause, so the three are written once."""
    shown = []
    for kind in ("tapped", "pending_choice", "life"):
        divergence = _divergence("upkeep", "draw", None)
        divergence.facts = [Fact("Then ...", kind, bool)]
        divergence.__post_init__()
        shown.append(divergence.signature)
    assert shown[0] == shown[1] == shown[2] and shown[0][-1] == "turn: only the engine under test moves on"


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
