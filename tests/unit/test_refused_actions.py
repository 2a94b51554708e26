"""An engine that refuses an action the rules allow has a rules bug, not a broken engine: the
scenario is FAIL ("refused a legal action: <its reason>"), blamed on the step of that action, with
the action shown as JSON (the contract's own words); ERROR stays for an engine that broke.

The glossary (features/README.md) and the schemas' README give the rejection code each "Then the
action is rejected for …" phrase expects, the ones the Then step checks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from oracle.contract.outcomes import Refused, classify
from oracle.engine.cards import shared_database
from oracle.harness.driver import execute
from oracle.harness.steps.then import REASONS
from oracle.harness.world import World
from oracle.paths import cards_dir
from oracle.suite.recorder import StepRun, Trace
from oracle.suite.scenarios import read_feature
from tests.fake_engines.harness import ROOT, run_cli
from tests.fake_engines.wrong import SicknessNeverWearsOff

ENGINE = "tests.fake_engines.wrong:SicknessNeverWearsOff"
FEATURE = """Feature: mine
  Scenario: elves tap for mana
    Given a game between Alice and Bob
    And it is Alice's precombat main phase
    And Alice controls Llanowar Elves
    When Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly {G}
"""


@pytest.fixture(scope="module")
def stdout(tmp_path_factory: pytest.TempPathFactory) -> str:
    """What ``run`` prints of the scenario against the engine that never lets sickness wear off."""
    folder = tmp_path_factory.mktemp("refused")
    feature = folder / "mine.feature"
    feature.write_text(FEATURE, encoding="utf-8")
    result = run_cli("run", "--engine", ENGINE, "--features", str(feature), pids=folder / "p")
    assert result.returncode == 1, result.stdout + result.stderr
    return result.stdout


def _trace(tmp_path: Path) -> Trace:
    """The scenario run in this process, step by step, as the harness runs it."""
    (tmp_path / "mine.feature").write_text(FEATURE, encoding="utf-8")
    scenario = read_feature(tmp_path / "mine.feature")[0]
    trace = Trace(steps=[StepRun(s.keyword, s.text, s.line) for s in scenario.steps])
    world = World(SicknessNeverWearsOff(), shared_database(cards_dir()))
    with pytest.raises(Refused):
        execute(world, scenario.steps, trace)
    return trace


def test_a_refused_legal_action_is_fail(stdout: str) -> None:
    assert "FAIL: elves tap for mana" in stdout
    assert "ERROR" not in stdout.split("conformance summary")[0]
    assert "scenarios: 0 PASS, 1 FAIL, 0 ERROR" in stdout


def test_it_is_blamed_on_the_step_of_the_action(stdout: str, tmp_path: Path) -> None:
    assert "step:     When Alice taps Llanowar Elves for mana (line 6)" in stdout
    trace = _trace(tmp_path)
    assert trace.stopped is not None and trace.stopped.text == "Alice taps Llanowar Elves for mana"
    assert [step.status for step in trace.steps] == ["passed", "passed", "passed", "failed", "skipped"]
    assert classify(trace.error) == "FAIL"


def test_it_says_refused_with_the_engines_reason_and_the_action_as_json(stdout: str) -> None:
    observed = next(line for line in stdout.splitlines() if line.strip().startswith("observed:"))
    assert "observed: refused a legal action: the creature has not been under its controller's control" in observed
    found = re.search(r"action: (\{.*\})", observed)
    assert found, observed
    action = json.loads(found.group(1))
    assert action == {"type": "activate", "player": "Alice", "source": "alice-llanowar-elves-1", "ability": 1}
    assert "expected: the engine accepts the action, which the rules allow" in stdout


def test_refused_is_a_rules_verdict() -> None:
    assert classify(Refused("refused a legal action: no")) == "FAIL"


def _phrase_codes(text: str) -> dict[str, str]:
    """``| `summoning sickness` | `summoning-sickness` | ...`` rows of a Markdown table."""
    return dict(re.findall(r"^\| `([^`]+)` \| `([a-z-]+)` \|", text, re.MULTILINE))


@pytest.mark.parametrize("document", ["features/README.md", "oracle/contract/schemas/README.md"])
def test_the_docs_give_the_code_each_rejection_phrase_expects(document: str) -> None:
    assert _phrase_codes((ROOT / document).read_text(encoding="utf-8")) == REASONS


def test_the_example_engine_refuses_attackers_with_the_codes_the_suite_expects() -> None:
    """Declaring attackers outside the declare attackers step, or twice, is a matter of timing
    (508.1); the example engine says so as the suite expects (features/rules/combat.feature)."""
    rules = (ROOT / "fixtures" / "engines" / "example-js" / "rules.js").read_text(encoding="utf-8")
    declare = rules[rules.index("declareAttackers(action)") :]
    declare = declare[: declare.index("\n  }\n")]
    assert "Rejected('not-allowed'" not in declare, declare
    assert "Rejected('timing'" in declare


def test_the_glossary_speaks_of_fail_for_a_refused_action() -> None:
    glossary = (ROOT / "features" / "README.md").read_text(encoding="utf-8")
    assert "refused a legal action" in glossary
    assert (
        Path(ROOT / "oracle/contract/schemas/README.md").read_text(encoding="utf-8").count("ERROR (the engine refused")
        == 0
    )
