"""Wrong engines of the state-based actions that no seed ruling is about (704.5a, 704.5j): each
names the ``@rules`` scenario of features/rules/state_based_actions.feature written to catch it.
Both were found as survivors of the mutation testing of sba.py (tests/mutation/SUMMARY.md), then
written as the misreadings an engine's author could make."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import sba

from . import Mutant


def loss_checked_for_the_active_player_only(mp: pytest.MonkeyPatch) -> None:
    """704.5a read as a check of the player whose turn it is: the other player, brought to 0 life
    in the active player's turn (by an attacker's combat damage), stays in the game (704.3: the game
    checks every player)."""
    players_lose = sba.StateBasedActions._players_lose

    def active_only(self: Any) -> bool:
        others = [p for p in self.state.players if p.name != self.state.active]
        kept = [(p, p.life) for p in others]
        for player in others:
            player.life = max(player.life, 1)
        try:
            return bool(players_lose(self))
        finally:
            for player, life in kept:
                player.life = life

    mp.setattr(sba.StateBasedActions, "_players_lose", active_only)


def legend_rule_only_when_a_legend_enters_beside_others(mp: pytest.MonkeyPatch) -> None:
    """704.5j applied only among the permanents when a nonlegendary one is there too, as an engine
    that looks for "another" permanent sharing the battlefield with the legends might: two legendary
    permanents with the same name alone stay together (704.5j counts legendary permanents only)."""
    legend_rule = sba.StateBasedActions._legend_rule

    def beside_others(self: Any, chars: dict[int, Any]) -> list[tuple[Any, str]]:
        if all("Legendary" in ch.supertypes for ch in chars.values()):
            return []
        return list(legend_rule(self, chars))

    mp.setattr(sba.StateBasedActions, "_legend_rule", beside_others)


MUTANTS = [
    Mutant(
        "loss-checked-for-the-active-player-only",
        (),
        "a player brought to 0 life in the other player's turn stays in the game (704.5a, 704.3)",
        loss_checked_for_the_active_player_only,
        ("The defending player whose life total combat damage brings to 0 loses the game",),
    ),
    Mutant(
        "legend-rule-needs-another-permanent",
        (),
        "two legendary permanents with the same name alone on the battlefield both stay (704.5j)",
        legend_rule_only_when_a_legend_enters_beside_others,
        (
            "Two legendary permanents with the same name and nothing else on the battlefield: "
            "their controller keeps the one she chooses",
        ),
    ),
]
