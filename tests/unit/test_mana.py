"""Mana symbols, costs and payment from the pool (CR 106, 107.3, 107.4, 202.3)."""

from __future__ import annotations

import pytest

from oracle.engine.mana import ManaCost, ManaPool, format_mana, parse_mana, parse_symbols
from oracle.errors import Rejected


def test_mana_value_counts_x_only_on_the_stack() -> None:
    """CR 202.3e: X is 0 except on the stack, where it is the chosen value."""
    cost = ManaCost.parse("{X}{X}")
    assert cost.mana_value() == 0 and cost.mana_value(x=2) == 4
    assert ManaCost.parse("{1}{W}{W}").mana_value() == 3


def test_colors_come_from_the_mana_cost() -> None:
    """CR 105.2, 202.2."""
    assert ManaCost.parse("{4}{G}{G}").colors() == ("G",)
    assert ManaCost.parse("{X}").colors() == ()


def test_paying_leaves_the_pool_unchanged_when_short() -> None:
    """CR 601.2h: partial payments are not allowed."""
    pool = ManaPool()
    pool.add(["G", "C"])
    with pytest.raises(Rejected) as info:
        pool.pay(ManaCost.parse("{1}{G}{G}"), ["G", "G", "C"])
    assert info.value.code == "cannot-pay" and format_mana(pool.mana) == "{G}{C}"
    with pytest.raises(Rejected):
        pool.payments(ManaCost.parse("{3}"))
    pool.pay(ManaCost.parse("{1}{G}"), ["G", "C"])
    assert not pool.mana


def test_generic_mana_is_paid_with_colorless_first() -> None:
    pool = ManaPool()
    pool.add(["G", "C"])
    assert pool.payments(ManaCost.parse("{1}")) == [["C"], ["G"]]


@pytest.mark.parametrize("text", ["{G", "G", "{G}x", "{P}"])
def test_malformed_mana_is_an_error(text: str) -> None:
    with pytest.raises(ValueError):
        parse_mana(text)


def test_symbols_and_costs() -> None:
    assert parse_symbols("{2}{G}") == ["2", "G"]
    with pytest.raises(ValueError, match="unsupported mana symbol"):
        ManaCost.parse("{G/W}")
    assert ManaCost.parse("{X}{R}").with_x(3, extra_generic=1) == ManaCost(4, ("R",), 0, "{X}{R}")
