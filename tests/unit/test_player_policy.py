"""The players' free decisions in the reference engine: a player policy takes them
(oracle/engine/policy.py), and a replayed action takes them again."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.engine.mana import ManaCost, ManaPool, format_mana
from oracle.engine.policy import DECISIONS, PlayerPolicy
from oracle.errors import Rejected
from tests.unit.test_game_turns import card, do, look, start


class Last(PlayerPolicy):
    """Takes the last option, and remembers every decision it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str, list[str]]] = []

    def decide(self, player: str, kind: str, options: Sequence[str]) -> int:
        assert kind in DECISIONS
        self.asked.append((player, kind, list(options)))
        return len(options) - 1


def pool(*mana: str) -> ManaPool:
    made = ManaPool()
    made.add(list(mana))
    return made


def test_every_distinct_way_to_pay_generic_mana_colorless_first() -> None:
    """601.2h: colored symbols take their own mana; the generic part any, first colorless then WUBRG."""
    ways = pool("G", "G", "R", "C").payments(ManaCost.parse("{2}{G}"))
    assert [format_mana(way) for way in ways] == ["{R}{G}{C}", "{G}{G}{C}", "{R}{G}{G}"]
    assert pool("G", "G").payments(ManaCost.parse("{1}{G}")) == [["G", "G"]]


@pytest.mark.parametrize(("cost", "reason"), [("{U}", r"needs \{U\}"), ("{3}", "needs 1 more mana")])
def test_no_way_to_pay_is_a_rejection(cost: str, reason: str) -> None:
    with pytest.raises(Rejected, match=reason):
        pool("G", "R").payments(ManaCost.parse(cost))


def test_named_mana_must_be_in_the_pool_and_fit_the_cost() -> None:
    with pytest.raises(Rejected, match="not the amount"):
        pool("G", "R").pay(ManaCost.parse("{1}"), ["G", "R"])
    with pytest.raises(Rejected, match="needs"):
        pool("G", "R").pay(ManaCost.parse("{R}"), ["G"])


def test_the_policy_decides_which_mana_pays_a_generic_cost() -> None:
    alice = {"hand": [card("Grizzly Bears")], "mana_pool": {"G": 2, "R": 1}}
    usual = start(alice)
    do(usual, "cast", "Alice", card="grizzly-bears")
    assert look(usual)["players"][0]["mana_pool"] == {"G": 1}
    policy = Last()
    other = start(alice, engine=ReferenceEngine(policy=policy))
    do(other, "cast", "Alice", card="grizzly-bears")
    assert look(other)["players"][0]["mana_pool"] == {"R": 1}
    assert policy.asked == [("Alice", "mana-payment", ["{R}{G}", "{G}{G}"])]


def test_named_mana_leaves_nothing_to_decide() -> None:
    policy = Last()
    engine = start(
        {"hand": [card("Grizzly Bears")], "mana_pool": {"G": 2, "R": 1}}, engine=ReferenceEngine(policy=policy)
    )
    do(engine, "cast", "Alice", card="grizzly-bears", mana="{R}{G}")
    assert look(engine)["players"][0]["mana_pool"] == {"G": 1} and policy.asked == []


def test_a_replayed_action_takes_the_same_decision_again() -> None:
    """Shimmering Grotto's {1} is paid (a decision), then the color is asked, and the action is
    replayed with the answer: the policy is asked once, and its decision stands."""
    policy = Last()
    alice = {"battlefield": [card("Shimmering Grotto")], "mana_pool": {"G": 1, "R": 1}}
    engine = start(alice, engine=ReferenceEngine(policy=policy))
    do(engine, "activate", "Alice", source="shimmering-grotto", ability=2)
    assert look(engine)["pending_choice"]["kind"] == "mana-color"
    do(engine, "choose", "Alice", choice="{W}")
    assert look(engine)["players"][0]["mana_pool"] == {"W": 1, "R": 1}
    assert policy.asked == [("Alice", "mana-payment", ["{R}", "{G}"])]


def test_the_policy_orders_triggered_abilities_that_look_alike() -> None:
    """603.3b: two Agate Instigators trigger alike; which goes on the stack first is Alice's."""
    alice = {
        "battlefield": [card("Agate Instigator", "first"), card("Agate Instigator", "second")],
        "hand": [card("Grizzly Bears")],
        "mana_pool": {"G": 2},
    }
    bottoms = []
    for policy in (PlayerPolicy(), Last()):
        engine = start(alice, engine=ReferenceEngine(policy=policy))
        do(engine, "cast", "Alice", card="grizzly-bears")
        do(engine, "pass", "Alice")
        do(engine, "pass", "Bob")
        bottoms.append(look(engine)["stack"][0]["ref"])
    assert bottoms == ["first", "second"]


def test_the_policy_orders_replacement_effects_that_look_alike() -> None:
    """616.1: two Contaminations apply alike; the policy is asked which applies first."""
    policy = Last()
    alice = {"battlefield": [card("Forest"), card("Contamination", "one"), card("Contamination", "two")]}
    engine = start(alice, engine=ReferenceEngine(policy=policy))
    do(engine, "activate", "Alice", source="forest", ability=1)
    assert look(engine)["players"][0]["mana_pool"] == {"B": 1}
    assert policy.asked == [("Alice", "replacement-effect", ["Contamination (one)", "Contamination (two)"])]


def test_a_policy_must_pick_one_of_the_options() -> None:
    class Wrong(PlayerPolicy):
        def decide(self, player: str, kind: str, options: Sequence[str]) -> int:
            return len(options)

    engine = start(
        {"hand": [card("Grizzly Bears")], "mana_pool": {"G": 2, "R": 1}}, engine=ReferenceEngine(policy=Wrong())
    )
    with pytest.raises(ValueError, match="option 2 of 2"):
        engine.perform({"type": "cast", "player": "Alice", "card": "grizzly-bears"})
