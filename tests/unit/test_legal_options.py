"""The whole option set of every question is held to the rules (oracle/harness/options.py): an
engine that offers, beside the legal options, one the rules exclude fails the scenario at the
question, in a message naming the option and the rule, although the scenario's steps only look at
the option they choose (issue 42, "a false certificate").  Each kind of question the contract has
is checked; the legal encodings a correct engine may choose (an order, zero amounts left out, the
departed source that declines an "unless" cost) pass."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.defaults import with_defaults
from oracle.contract.interface import JSON
from oracle.contract.validation import load_schema
from oracle.harness import driver
from oracle.harness.options import CHECKERS
from oracle.harness.world import World
from oracle.suite.mismatch import Mismatch
from tests.unit.test_then_steps import CARDS, Table, asked, permanent, player, table
from tests.wrong_engines import option_set_readings

GIANT = {**permanent("Hill Giant", "giant", pt=(3, 3)), "attacking": "Bob", "blocked": True}
DREADMAW = {**permanent("Colossal Dreadmaw", "dreadmaw", pt=(6, 6), keywords=["trample"]), "attacking": "Bob"}
BEARS = {**permanent("Grizzly Bears", "g1", controller="Bob"), "blocking": ["giant"]}
ELVES = {**permanent("Llanowar Elves", "g2", controller="Bob", pt=(1, 1)), "blocking": ["giant"]}
SPIDER = {**permanent("Giant Spider", "spider", controller="Bob", pt=(2, 4)), "blocking": ["dreadmaw"]}
OTHER = permanent("Serra Angel", "angel", controller="Bob", pt=(4, 4))
RABBIT = permanent("Intrepid Rabbit", "rabbit", pt=(1, 2))
ALICE_BEARS = permanent("Grizzly Bears", "bears")
BOB_BEARS = permanent("Grizzly Bears", "bob-bears", controller="Bob")
FOREST = permanent("Forest", "forest", types=["Land"], subtypes=["Forest"], pt=(None, None))
WASTES = permanent("Wastes", "wastes", types=["Land"], controller="Bob", pt=(None, None))
BOB_FOREST = {**FOREST, "ref": "bob-forest", "controller": "Bob"}
ORCHARD = permanent("Exotic Orchard", "orchard", types=["Land"], pt=(None, None))
CLONE = {"kind": "spell", "name": "Clone", "controller": "Alice", "ref": "clone"}
CONTAMINATION = permanent("Contamination", "contamination", types=["Enchantment"], pt=(None, None))
DRUM = permanent("Springleaf Drum", "drum", types=["Artifact"], pt=(None, None))
ISAMARU = permanent("Isamaru, Hound of Konda", "isamaru", supertypes=["Legendary"])
ISAMARU_TOKEN = {**ISAMARU, "ref": "#9", "token": True}
HAND = {**player("Alice"), "hand": [{"name": "Forest", "ref": "hand-forest"}]}
BOB_HAND = {**player("Bob"), "hand": [{"name": "Murder", "ref": "murder"}]}


def divides(*options: str, source: str = "giant") -> JSON:
    return {**asked(*options, kind="combat-damage"), "source": source}


def world_of(observation: JSON, asking: JSON | None = None) -> World:
    """A world that has built its position and sees ``observation``; ``asking`` is the last action."""
    world = World(Table(observation), CARDS)
    world.players = [{"name": "Alice"}, {"name": "Bob"}]
    world.built = True
    world.asking = asking
    return world


def offered(observation: JSON, asking: JSON | None = None) -> Mismatch | None:
    """What observing the question raises: its first illegal option, or None."""
    try:
        world_of(observation, asking).observe()
    except Mismatch as mismatch:
        return mismatch
    return None


def illegal(observation: JSON, option: str, rule: str, asking: JSON | None = None) -> None:
    """The question fails, naming ``option`` first and the rule that excludes it."""
    found = offered(observation, asking)
    assert found is not None, f"{option!r} was taken as legal"
    assert found.observed.startswith(f"Alice is offered {option!r}: "), found.observed
    cited = f"CR {rule}" if rule[0].isdigit() else rule
    assert f"({cited})" in found.observed, found.observed
    assert "only what the rules allow" in found.expected


def legal(observation: JSON, asking: JSON | None = None) -> None:
    found = offered(observation, asking)
    assert found is None, found


TAP_DRUM = {"type": "activate", "player": "Alice", "source": "drum", "ability": 1}
TAP_ORCHARD = {"type": "activate", "player": "Alice", "source": "orchard", "ability": 1}

#: For each kind of question: positions whose options are all legal, and positions offering one
#: illegal option (it, and the rule that excludes it), each with the last action if it matters.
CASES: dict[str, tuple[list[tuple[JSON, JSON | None]], list[tuple[JSON, str, str, JSON | None]]]] = {
    "combat-damage": (
        [
            (
                table(GIANT, BEARS, ELVES, pending=divides("3 to g1; 0 to g2", "1 to g1; 2 to g2", "0 to g1; 3 to g2")),
                None,
            ),
            (table(GIANT, BEARS, ELVES, pending=divides("2 to g2; 1 to g1", "3 to g2")), None),  # any order, 0 left out
            (table(DREADMAW, SPIDER, pending=divides("4 to spider; 2 to Bob", "6 to spider", source="dreadmaw")), None),
            (
                table(
                    {**DREADMAW, "keywords": ["trample", "deathtouch"]},
                    SPIDER,
                    pending=divides("1 to spider; 5 to Bob", "6 to spider", source="dreadmaw"),
                ),
                None,
            ),
        ],
        [
            (
                table(GIANT, BEARS, ELVES, pending=divides("3 to g1; 0 to g2", "99 to g1; 99 to g2")),
                "99 to g1; 99 to g2",
                "510.1a",
                None,
            ),
            (
                table(GIANT, BEARS, ELVES, OTHER, pending=divides("2 to g1; 1 to g2", "2 to g1; 1 to angel")),
                "2 to g1; 1 to angel",
                "510.1c, 510.1d",
                None,
            ),
            (
                table(GIANT, BEARS, ELVES, pending=divides("3 to g1", "2 to g1; 1 to Bob")),
                "2 to g1; 1 to Bob",
                "510.1c, 702.19b",
                None,
            ),
            (
                table(DREADMAW, SPIDER, pending=divides("6 to spider", "3 to spider; 3 to Bob", source="dreadmaw")),
                "3 to spider; 3 to Bob",
                "702.19b",
                None,
            ),
            (
                table(GIANT, BEARS, ELVES, pending=divides("3 to g1", "three to g1")),
                "three to g1",
                "observation.schema.json",
                None,
            ),
        ],
    ),
    "legend-rule": (
        [(table(ISAMARU, ISAMARU_TOKEN, pending=asked("isamaru", "#9", kind="legend-rule")), None)],
        [
            (
                table(ISAMARU, ISAMARU_TOKEN, ALICE_BEARS, pending=asked("isamaru", "#9", "bears", kind="legend-rule")),
                "bears",
                "704.5j",
                None,
            ),
            (
                table(
                    ISAMARU, {**ISAMARU_TOKEN, "controller": "Bob"}, pending=asked("isamaru", "#9", kind="legend-rule")
                ),
                "isamaru",
                "704.5j",
                None,
            ),
        ],
    ),
    "discard": (
        [(table(alice=HAND, pending=asked("hand-forest", kind="discard")), None)],
        [
            (
                table(alice=HAND, bob=BOB_HAND, pending=asked("hand-forest", "murder", kind="discard")),
                "murder",
                "701.9a",
                None,
            )
        ],
    ),
    "sacrifice": (
        [(table(CONTAMINATION, ALICE_BEARS, pending=asked("contamination", "bears", kind="sacrifice")), None)],
        [
            (
                table(
                    CONTAMINATION,
                    ALICE_BEARS,
                    BOB_BEARS,
                    pending=asked("contamination", "bears", "bob-bears", kind="sacrifice"),
                ),
                "bob-bears",
                "701.21a",
                None,
            ),
            (
                table(
                    CONTAMINATION,
                    ALICE_BEARS,
                    FOREST,
                    pending=asked("contamination", "bears", "forest", kind="sacrifice"),
                ),
                "forest",
                "701.21a",
                None,
            ),
            (
                table(CONTAMINATION, ALICE_BEARS, pending=asked("contamination", "bears", "none", kind="sacrifice")),
                "none",
                "118.12a",
                None,
            ),
        ],
    ),
    "color": (
        [(table(pending=asked("white", "blue", "black", "red", "green", kind="color")), None)],
        [(table(pending=asked("white", "colorless", kind="color")), "colorless", "105.1", None)],
    ),
    "mana-color": (
        [
            (table(DRUM, ALICE_BEARS, pending=asked("{W}", "{U}", "{B}", "{R}", "{G}")), TAP_DRUM),
            (table(ORCHARD, BOB_FOREST, WASTES, pending=asked("{G}")), TAP_ORCHARD),
        ],
        [
            (table(DRUM, ALICE_BEARS, pending=asked("{G}", "{C}")), "{C}", "105.1, 106.1, 106.7", TAP_DRUM),
            (
                table(ORCHARD, BOB_FOREST, WASTES, pending=asked("{G}", "{U}")),
                "{U}",
                "105.1, 106.1, 106.7",
                TAP_ORCHARD,
            ),
            (table(pending=asked("{G}", "{C}")), "{C}", "105.1, 106.1a", None),
        ],
    ),
    "mana-type": (
        [(table(pending=asked("{G}", "{C}", kind="mana-type")), None)],
        [(table(pending=asked("{G}", "{X}", kind="mana-type")), "{X}", "106.1b", None)],
    ),
    "permanent": (
        [(table(DRUM, ALICE_BEARS, RABBIT, pending=asked("bears", "rabbit", kind="permanent")), TAP_DRUM)],
        [
            (
                table(DRUM, ALICE_BEARS, pending=asked("bears", "drum", kind="permanent")),
                "drum",
                "118.3, 701.26a",
                TAP_DRUM,
            ),
            (
                table(
                    DRUM, ALICE_BEARS, {**RABBIT, "tapped": True}, pending=asked("bears", "rabbit", kind="permanent")
                ),
                "rabbit",
                "118.3, 701.26a",
                TAP_DRUM,
            ),
        ],
    ),
    "target": (
        [(table(RABBIT, ALICE_BEARS, pending=asked("rabbit", "bears", kind="target")), None)],
        [
            (
                table(RABBIT, ALICE_BEARS, BOB_BEARS, pending=asked("rabbit", "bob-bears", kind="target")),
                "bob-bears",
                "115.1, 601.2c, 603.3d",
                None,
            )
        ],
    ),
    "copy": (
        [
            (
                table(ALICE_BEARS, BOB_BEARS, stack=[CLONE], pending=asked("none", "bears", "bob-bears", kind="copy")),
                None,
            )
        ],
        [
            (
                table(
                    ALICE_BEARS,
                    CONTAMINATION,
                    stack=[CLONE],
                    pending=asked("none", "bears", "contamination", kind="copy"),
                ),
                "contamination",
                "707.2, 707.5",
                None,
            )
        ],
    ),
    "replacement-effect": (
        [(table(CONTAMINATION, FOREST, pending=asked("Contamination", kind="replacement-effect")), None)],
        [
            (
                table(CONTAMINATION, FOREST, pending=asked("Contamination", "Forest", kind="replacement-effect")),
                "Forest",
                "614.1, 616.1",
                None,
            )
        ],
    ),
    "trigger-order": (
        [
            (
                table(
                    RABBIT, pending=asked("Intrepid Rabbit: When a", "Intrepid Rabbit: When b", kind="trigger-order")
                ),
                None,
            )
        ],
        [
            (
                table(
                    RABBIT,
                    BOB_BEARS,
                    pending=asked("Intrepid Rabbit: When a", "Grizzly Bears: When b", kind="trigger-order"),
                ),
                "Grizzly Bears: When b",
                "603.3b",
                None,
            )
        ],
    ),
}


def test_every_kind_of_question_is_checked() -> None:
    """Each kind observation.schema.json lets a question be has a check, and a case here."""
    schema = load_schema("observation.schema.json")
    kinds = set(schema["properties"]["pending_choice"]["oneOf"][1]["properties"]["kind"]["enum"])
    assert set(CHECKERS) == kinds
    assert set(CASES) == kinds


def _cases(which: int) -> list[Any]:
    return [
        pytest.param(kind, *case, id=f"{kind}-{n}")
        for kind, cases in CASES.items()
        for n, case in enumerate(cases[which])
    ]


@pytest.mark.parametrize(("kind", "observation", "asking"), _cases(0))
def test_a_question_offering_only_legal_options_passes(kind: str, observation: JSON, asking: JSON | None) -> None:
    assert observation["pending_choice"]["kind"] == kind
    legal(observation, asking)


@pytest.mark.parametrize(("kind", "observation", "option", "rule", "asking"), _cases(1))
def test_a_question_offering_an_illegal_option_fails_naming_it_and_its_rule(
    kind: str, observation: JSON, option: str, rule: str, asking: JSON | None
) -> None:
    assert observation["pending_choice"]["kind"] == kind
    illegal(observation, option, rule, asking)


def test_the_division_of_a_three_power_creature_blocked_by_two_gives_the_sum_and_the_rule() -> None:
    """The issue's own case: Hill Giant (3 power) blocked by two creatures, offered 99 to each."""
    found = offered(table(GIANT, BEARS, ELVES, pending=divides("2 to g1; 1 to g2", "99 to g1; 99 to g2")))
    assert found is not None
    assert found.observed == (
        "Alice is offered '99 to g1; 99 to g2': it assigns 198 damage in all, and Hill Giant assigns its "
        "power, 3 (CR 510.1a)"
    )


def test_the_check_counts_the_illegal_options_after_the_first() -> None:
    found = offered(table(pending=asked("{G}", "{C}", "{X}", "{Y}")))
    assert found is not None
    assert found.observed.endswith("is not a color of mana (CR 105.1, 106.1a); and 2 more: '{X}' and '{Y}'")


def test_the_source_an_unless_cost_names_may_decline_once_it_has_left() -> None:
    """118.12a, contract: "none", or the departed source's ref, sacrifices nothing."""
    world = world_of(table(ALICE_BEARS, pending=asked("bears", "contamination", kind="sacrifice")))
    world.memory.remember(with_defaults(table(ALICE_BEARS, CONTAMINATION)))
    world.observe()


def test_a_scenario_against_an_engine_offering_illegal_options_fails_at_the_question(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Through the driver, as the suite runs it: the reference engine made to offer 99 damage to
    each blocker beside the legal divisions; the scenario fails at the step that met the question."""
    option_set_readings.divisions_beyond_the_power(monkeypatch)
    name = "Damage divided to be lethal to each of two blockers destroys both"
    scenario = next(s for s in driver.scenarios() if s.name == name)
    outcome = driver.run(World(ReferenceEngine(), CARDS), scenario.steps)
    assert outcome.failed_step is not None and outcome.error == "Mismatch"
    assert "99 to bob-grizzly-bears-1; 99 to bob-llanowar-elves-1" in outcome.message
    assert "(CR 510.1a)" in outcome.message
    assert scenario.steps[outcome.failed_step].kind == "when"
