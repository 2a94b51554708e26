"""Wrong engines of passing in succession (117.4, 117.3c): an action between two passes starts the
count again, and the passes that count need not begin with the active player's.  The first is a
defect the differential explorer found in the example engine (fixtures/engines/example-js): passes
with a mana ability activated between them were counted as in succession.  No seed ruling is about
these rules: each wrong engine names the ``@rules`` scenarios of features/rules/priority.feature
written to catch it."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import activation, game

from . import Mutant


def mana_ability_keeps_the_passes(mp: pytest.MonkeyPatch) -> None:
    """A mana ability read as no action: the passes before it still count (117.4; 117.3c gives the
    player priority afterward, and 605.3a lets it be activated while holding priority)."""
    original = activation.ActivationRules.activate

    def activate(self: Any, player: str, *args: Any, **kwargs: Any) -> None:
        passes, stacked = self.state.passes, len(self.state.stack)
        original(self, player, *args, **kwargs)
        if len(self.state.stack) == stacked:  # a mana ability: nothing went on the stack
            self.state.passes = passes

    mp.setattr(activation.ActivationRules, "activate", activate)


def succession_begins_with_the_active_player(mp: pytest.MonkeyPatch) -> None:
    """Passes in succession counted only from the active player's: after an action, the nonactive
    player's pass does not count (117.4 asks only that all players pass with no action between)."""
    original = game.Game.pass_priority

    def pass_priority(self: Any, player: str) -> None:
        if self.state.passes == 0 and player != self.state.active:
            self._require_priority(player)
            order = self.state.apnap()
            self.give_priority(order[(order.index(player) + 1) % len(order)])
            return
        original(self, player)

    mp.setattr(game.Game, "pass_priority", pass_priority)


MUTANTS: list[Mutant] = [
    Mutant(
        "mana-ability-keeps-the-passes",
        (),
        "passes with a mana ability activated between them count as in succession (117.4, 117.3c)",
        mana_ability_keeps_the_passes,
        (
            "A mana ability activated after the other player's pass keeps the spell on the stack",
            "A mana ability activated between two passes keeps the step from ending",
        ),
    ),
    Mutant(
        "succession-begins-with-the-active-player",
        (),
        "passes in succession counted only from the active player's (117.4)",
        succession_begins_with_the_active_player,
        ("Passes in succession may begin with the nonactive player's",),
    ),
]
