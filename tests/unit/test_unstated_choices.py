"""No scenario's outcome rests on a choice the scenario doesn't state.

Some decisions are the player's but not every action states them: the mana that pays a
generic cost when a cast or an activation does not name it (601.2h), which of several
triggered abilities or replacement effects that look alike comes first (603.3b, 616.1), the
order of triggers a step puts on the stack "in any order", and which of several permanents of
one name a step taps.  The reference engine takes its decisions through a player policy
(:mod:`oracle.engine.policy`); the steps take theirs through ``World.decider``.

This lint runs every scenario under every combination of those decisions (one run per
combination, each decision's options listed by the engine or the step) and fails when two
combinations end differently: then an engine that chose otherwise, as legally, would be
reported as failing, and the scenario must state the choice.  Blocks are the defending
player's choice (509.1): the lint also fails a scenario that declares attackers while a
defending player could have blocked, unless one of its steps declares blockers (or declares
none) itself, rather than leaving it to "the game proceeds to", which declares none on the
way.  A question with a single option may be asked or not (601.2c, 603.3d: the
player makes the choice, which leaves nothing to choose): every scenario is also run with an
engine that asks each one, and must end the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.engine.cards import CardDatabase
from oracle.engine.policy import PlayerPolicy
from oracle.harness import driver
from oracle.harness.world import World
from oracle.paths import cards_dir

#: A step in which the defending player declares blockers, or declares none (509.1).
BLOCKERS_DECLARED = r" declares (no blockers|.+ as (a blocker|blockers) of )"
#: More runs than this for one scenario means too many unstated choices: state some.
MAX_RUNS = 200
CARDS = CardDatabase.load(cards_dir())


@dataclass(frozen=True)
class Decision:
    who: str
    kind: str
    options: tuple[str, ...]
    taken: int

    def __str__(self) -> str:
        return f"{self.who}{self.kind} {self.options[self.taken]} (option {self.taken + 1} of {len(self.options)})"


@dataclass
class Explorer(PlayerPolicy):
    """Takes the decisions of one run: along ``path`` (option indexes), then the first options."""

    path: tuple[int, ...] = ()
    taken: list[Decision] = field(default_factory=list)
    asks_single_options: bool = False

    def decide(self, player: str, kind: str, options: Sequence[str]) -> int:
        index = self.path[len(self.taken)] if len(self.taken) < len(self.path) else 0
        self.taken.append(Decision(f"{player}: " if player else "the step: ", kind, tuple(options), index))
        return index

    def step_decides(self, kind: str, options: list[str]) -> int:
        return self.decide("", kind, options)


@dataclass
class Run:
    decisions: list[Decision]
    outcome: driver.Outcome
    blocks: list[str]


def _blockers(world: World, step: driver.Step) -> list[str]:
    """After attackers are declared: the defending players' untapped creatures (509.1)."""
    if step.kind != "when" or not re.search(r" declares .+ as (an attacker|attackers)$", step.text):
        return []
    try:
        observation = world.observe()
    except driver.FAILURES:
        return []
    attacker = observation["turn"]["active_player"]
    return [
        f"{p['controller']}'s {p['name']}"
        for p in observation["battlefield"]
        if p["controller"] != attacker and "Creature" in p["types"] and not p["tapped"]
    ]


def _run(scenario: driver.Scenario, path: tuple[int, ...], asks_single_options: bool = False) -> Run:
    explorer = Explorer(path, asks_single_options=asks_single_options)
    world = World(ReferenceEngine(policy=explorer), CARDS, decider=explorer.step_decides)
    blocks: list[str] = []
    outcome = driver.Outcome()
    for index, step in enumerate(scenario.steps):
        failed = driver.run(world, (step,))
        if failed.failed_step is not None:
            outcome = driver.Outcome(index, failed.error, failed.message)
            break
        blocks += _blockers(world, step)
    return Run(explorer.taken, outcome, blocks)


def explore(scenario: driver.Scenario) -> list[Run]:
    """One run for every combination of the free decisions, the first options first."""
    runs: list[Run] = []
    waiting: list[tuple[int, ...]] = [()]
    while waiting:
        path = waiting.pop()
        run = _run(scenario, path)
        runs.append(run)
        if len(runs) > MAX_RUNS:
            pytest.fail(f"{scenario.id}: more than {MAX_RUNS} ways to take its unstated choices; state some")
        for depth in range(len(path), len(run.decisions)):
            prefix = tuple(d.taken for d in run.decisions[:depth])
            waiting += [(*prefix, other) for other in range(len(run.decisions[depth].options) - 1, 0, -1)]
    return runs


def _describe(run: Run) -> str:
    chosen = [str(d) for d in run.decisions if len(d.options) > 1]
    return f"{'; '.join(chosen) or 'the first options'} -> {run.outcome}"


@pytest.mark.parametrize("scenario", driver.scenarios(), ids=lambda s: s.id)
def test_no_outcome_rests_on_an_unstated_choice(scenario: driver.Scenario) -> None:
    runs = explore(scenario)
    first = runs[0]
    assert first.outcome.failed_step is None, f"{scenario.id} fails on the reference engine: {first.outcome}"
    differ = [run for run in runs if run.outcome != first.outcome]
    assert not differ, (
        f"{scenario.id}: the outcome depends on choices the scenario doesn't state:\n  {_describe(first)}\n  "
        + "\n  ".join(_describe(run) for run in differ[:3])
    )
    blocks = sorted({b for run in runs for b in run.blocks})
    declared = any(re.search(BLOCKERS_DECLARED, step.text) for step in scenario.steps)
    assert declared or not blocks, (
        f"{scenario.id}: {', '.join(blocks)} could block, and no step declares blockers (509.1)"
    )


@pytest.mark.parametrize("scenario", driver.scenarios(), ids=lambda s: s.id)
def test_no_outcome_rests_on_whether_a_single_option_question_is_asked(scenario: driver.Scenario) -> None:
    """An engine that asks every question with a single option (the only legal target of a
    triggered ability, the only card to discard for a cost) ends every scenario as one that
    makes them itself: the scenarios answer such questions, or the world does."""
    silent, asking = _run(scenario, ()), _run(scenario, (), asks_single_options=True)
    assert asking.outcome == silent.outcome, (
        f"{scenario.id}: an engine that asks single-option questions ends otherwise:\n  "
        f"not asked -> {silent.outcome}\n  asked -> {asking.outcome}"
    )


def test_the_lint_sees_a_payment_that_decides_the_outcome() -> None:
    """The lint itself can fail: paying Grizzly Bears' {1} with {G} leaves no {G} for Llanowar Elves."""
    steps = (
        driver.Step("given", "a game between Alice and Bob"),
        driver.Step("given", "Alice has Grizzly Bears in her hand"),
        driver.Step("given", "Alice has Llanowar Elves in her hand"),
        driver.Step("given", "Alice has {G}{G}{R} in her mana pool"),
        driver.Step("when", "Alice casts Grizzly Bears"),
        driver.Step("when", "all players pass priority"),
        driver.Step("when", "Alice casts Llanowar Elves"),
        driver.Step("then", "Alice's mana pool is empty"),
    )
    runs = explore(driver.Scenario(driver.FEATURES / "lint.feature", "unstated payment", steps))
    assert [run.outcome.failed_step for run in runs] == [None, 7], [_describe(r) for r in runs]
