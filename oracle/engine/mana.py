"""Mana, mana symbols and mana costs (CR 106, 107.3, 107.4, 202).

Mana is written the way cards write it: ``"{G}{G}"``, ``"{C}"``.  A mana
cost is parsed once into a :class:`ManaCost`; a mana pool is a
:class:`collections.Counter` from mana type to amount.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from oracle.errors import Rejected

#: The five colors in WUBRG order (105.1) and the six types of mana (106.1b).
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
MANA_TYPES: tuple[str, ...] = (*COLORS, "C")

#: Color words as cards and judges write them (105.1).
COLOR_NAMES: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
COLOR_BY_NAME: dict[str, str] = {name: letter for letter, name in COLOR_NAMES.items()}
COLOR_BY_NAME["colorless"] = "C"

_SYMBOL = re.compile(r"\{([^{}]+)\}")


def parse_symbols(text: str) -> list[str]:
    """Split ``"{2}{G}{G}"`` into ``["2", "G", "G"]``; anything else is an error."""
    text = text.strip()
    symbols = _SYMBOL.findall(text)
    if "".join(f"{{{s}}}" for s in symbols) != text:
        raise ValueError(f"not a sequence of mana symbols: {text!r}")
    return symbols


def parse_mana(text: str) -> list[str]:
    """Parse an amount of actual mana such as ``"{B}{B}"`` into a list of types (106.1b)."""
    mana = parse_symbols(text)
    for symbol in mana:
        if symbol not in MANA_TYPES:
            raise ValueError(f"{{{symbol}}} is not a type of mana")
    return mana


def format_mana(mana: Counter[str] | list[str]) -> str:
    """Write mana in WUBRGC order: ``Counter(G=2)`` -> ``"{G}{G}"``; nothing -> ``""``."""
    amounts = Counter(mana)
    return "".join(f"{{{t}}}" * amounts[t] for t in MANA_TYPES)


@dataclass(frozen=True)
class ManaCost:
    """A mana cost (202.1): generic mana, colored or colorless symbols, and {X} (107.3)."""

    generic: int = 0
    symbols: tuple[str, ...] = ()
    x_count: int = 0
    text: str = ""

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        """``"{X}{X}"`` -> two X; ``"{1}{W}{W}"`` -> generic 1 and two W."""
        generic, symbols, x_count = 0, [], 0
        for symbol in parse_symbols(text):
            if symbol.isdigit():
                generic += int(symbol)
            elif symbol == "X":
                x_count += 1
            elif symbol in MANA_TYPES:
                symbols.append(symbol)
            else:
                raise ValueError(f"unsupported mana symbol {{{symbol}}} in {text!r}")
        return cls(generic, tuple(symbols), x_count, text)

    def mana_value(self, x: int = 0) -> int:
        """Total amount of mana in the cost, X counted as ``x`` (202.3, 202.3e)."""
        return self.generic + len(self.symbols) + self.x_count * x

    def colors(self) -> tuple[str, ...]:
        """An object's colors come from the colored symbols of its mana cost (105.2, 202.2)."""
        return tuple(c for c in COLORS if c in self.symbols)

    def with_x(self, x: int, extra_generic: int) -> ManaCost:
        """The total cost to pay once X is chosen (601.2b), with what increases it (601.2f)."""
        return ManaCost(self.generic + self.x_count * x + extra_generic, self.symbols, 0, self.text)


@dataclass
class ManaPool:
    """A player's mana pool (106.4): mana stays until the end of a step or phase (500.5)."""

    mana: Counter[str] = field(default_factory=Counter)

    def add(self, mana: list[str]) -> None:
        self.mana.update(mana)

    def empty(self) -> None:
        self.mana.clear()

    def payments(self, cost: ManaCost) -> list[list[str]]:
        """Every distinct amount of mana in the pool that pays ``cost`` (601.2h), or :class:`Rejected`.

        Colored and {C} symbols take mana of their own type; the generic part may take any
        mana.  The first way pays generic mana with colorless mana first, then colors in WUBRG
        order (the engine's customary choice, see :mod:`oracle.engine.policy`).
        """
        remaining = Counter(self.mana)
        for symbol in cost.symbols:
            if remaining[symbol] <= 0:
                raise Rejected(
                    "cannot-pay", f"needs {{{symbol}}} but the pool has {format_mana(self.mana) or 'no mana'}"
                )
            remaining[symbol] -= 1
        if sum(remaining.values()) < cost.generic:
            missing = cost.generic - sum(remaining.values())
            raise Rejected("cannot-pay", f"needs {missing} more mana for {cost.text or 'the cost'}")
        return [list(cost.symbols) + generic for generic in _generic_ways(remaining, cost.generic, ("C", *COLORS))]

    def pay(self, cost: ManaCost, using: list[str]) -> None:
        """Spend mana for ``cost`` (601.2h), or raise :class:`Rejected` leaving the pool as it was.

        ``using`` is the mana the player chooses to spend (named in the action, or one of
        :meth:`payments`); it must be in the pool and pay the cost exactly.
        """
        chosen = Counter(using)
        if chosen - self.mana:
            raise Rejected(
                "cannot-pay", f"the pool has {format_mana(self.mana) or 'no mana'}, not {format_mana(chosen)}"
            )
        if sum(chosen.values()) != cost.mana_value():
            raise Rejected("cannot-pay", f"{format_mana(chosen)} is not the amount of {cost.text or 'the cost'}")
        ManaPool(Counter(chosen)).payments(cost)  # the chosen mana must fit the symbols
        self.mana = +(self.mana - chosen)


def _generic_ways(available: Counter[str], amount: int, types: tuple[str, ...]) -> list[list[str]]:
    """Every distinct multiset of ``amount`` mana from ``available``, taking as much as possible
    of the earlier ``types`` first."""
    if amount == 0:
        return [[]]
    if not types:
        return []
    first, rest = types[0], types[1:]
    ways = []
    for taken in range(min(amount, available[first]), -1, -1):
        ways += [[first] * taken + way for way in _generic_ways(available, amount - taken, rest)]
    return ways
