"""Wrong engines of paying a cost by activating mana abilities while casting or activating (601.2g,
602.2b, 605.3a): the checks of an ordinary activation forgotten in the middle of casting, the mana
not used lost, or the abilities not activated at all.  No seed ruling is about these rules: each
names the ``@rules`` scenarios of features/rules/paying_while_casting.feature written to catch it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from oracle.engine import activation, casting

from . import Mutant

ORIGINAL = activation.ActivationRules.activate_while_paying


def _before_paying(mp: pytest.MonkeyPatch, prepare: Any) -> None:
    """Run ``prepare(game, source)`` on each source just before the usual activation while paying."""

    def activate_while_paying(self: Any, player: str, abilities: Sequence[tuple[int, int]]) -> None:
        for source_id, _ in abilities:
            prepare(self, player, self.obj(source_id))
        ORIGINAL(self, player, abilities)

    mp.setattr(activation.ActivationRules, "activate_while_paying", activate_while_paying)


def opponents_sources_pay(mp: pytest.MonkeyPatch) -> None:
    """While casting, a permanent's mana ability is activated whoever controls it (602.2)."""

    def borrow(game: Any, player: str, source: Any) -> None:
        source.controller = player

    _before_paying(mp, borrow)


def tapped_sources_pay(mp: pytest.MonkeyPatch) -> None:
    """While casting, a tapped land can be tapped for mana again (107.5)."""
    _before_paying(mp, lambda game, player, source: setattr(source, "tapped", False))


def sick_sources_pay(mp: pytest.MonkeyPatch) -> None:
    """While casting, a creature's {T} mana ability ignores summoning sickness (302.6)."""
    _before_paying(mp, lambda game, player, source: setattr(source, "controlled_since_turn_start", True))


def leftover_mana_lost(mp: pytest.MonkeyPatch) -> None:
    """The mana of mana abilities activated while casting that the cost doesn't use is lost (106.4:
    it stays in the pool until the step ends)."""
    original = casting.CastingRules.cast

    def cast(self: Any, player: str, *args: Any, **kwargs: Any) -> None:
        tapped = bool(kwargs.get("mana_abilities") or (len(args) >= 7 and args[6]))
        original(self, player, *args, **kwargs)
        if tapped:
            self.state.player(player).pool.empty()

    mp.setattr(casting.CastingRules, "cast", cast)


def mana_abilities_not_activated_while_paying(mp: pytest.MonkeyPatch) -> None:
    """Only the mana already in the pool pays a cost: mana abilities named for the payment are not
    activated (601.2g)."""
    mp.setattr(activation.ActivationRules, "activate_while_paying", lambda self, player, abilities: None)


MUTANTS = [
    Mutant(
        "opponents-sources-pay-while-casting",
        (),
        "an opponent's land can be tapped for mana while casting (602.2)",
        opponents_sources_pay,
        ("A player can't tap an opponent's land for mana while casting",),
    ),
    Mutant(
        "tapped-sources-pay-while-casting",
        (),
        "a tapped land can be tapped for mana while casting (107.5)",
        tapped_sources_pay,
        ("A tapped land can't be tapped for mana while casting",),
    ),
    Mutant(
        "sick-sources-pay-while-casting",
        (),
        "a summoning-sick creature's mana ability can be activated while casting (302.6)",
        sick_sources_pay,
        ("A creature's mana ability can't be activated while casting the turn it came under its controller's control",),
    ),
    Mutant(
        "leftover-mana-lost-after-casting",
        (),
        "the mana not spent on the cost is lost (106.4)",
        leftover_mana_lost,
        ("Mana from a mana ability activated while casting that the cost doesn't use stays in the pool",),
    ),
    Mutant(
        "mana-abilities-not-activated-while-paying",
        (),
        "mana abilities are not activated while paying (601.2g, 602.2b)",
        mana_abilities_not_activated_while_paying,
        (
            "A creature spell is cast by tapping lands for mana while paying its cost",
            "Mana abilities are activated while paying an activated ability's cost too",
        ),
    ),
]
