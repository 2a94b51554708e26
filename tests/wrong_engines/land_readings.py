"""Wrong engines of where a land is played from (305.1: "a land card from their hand"): an engine
that checks the card is a land and the timing, but not that it is in the player's own hand.  No seed
ruling is about these rules: each wrong engine names the ``@rules`` scenarios of
features/rules/land_play.feature written to catch it."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import lands
from oracle.engine.state import PLAYER_ZONES

from . import Mutant


def _play_land_checking(zone: bool, owner: bool) -> Any:
    """``LandRules.play_land`` checking the card's zone, its owner, both, or neither: a card it does
    not check is first taken into the player's own hand, then played as the rules play one."""
    original = lands.LandRules.play_land

    def play_land(self: Any, player: str, object_id: int) -> None:
        card = self.obj(object_id)
        unchecked = (not zone and card.owner == player and card.zone in PLAYER_ZONES) or (
            not owner and card.zone == "hand" and card.owner != player
        )
        if unchecked:
            getattr(self.state.player(card.owner), card.zone).remove(card.id)
            self.state.player(player).hand.append(card.id)
            was, card.zone, card.owner = card.owner, "hand", player
        original(self, player, object_id)  # a refusal is undone with the rest of the action
        if unchecked:
            card.owner = was  # on the battlefield now: its owner is who it was (108.3)

    return play_land


def lands_from_any_zone(mp: pytest.MonkeyPatch) -> None:
    """A land card of the player's is played from wherever it is, a graveyard included (305.1)."""
    mp.setattr(lands.LandRules, "play_land", _play_land_checking(zone=False, owner=True))


def lands_from_any_hand(mp: pytest.MonkeyPatch) -> None:
    """A land card in any player's hand may be played, another player's included (305.1)."""
    mp.setattr(lands.LandRules, "play_land", _play_land_checking(zone=True, owner=False))


MUTANTS: list[Mutant] = [
    Mutant(
        "lands-from-any-zone",
        (),
        "a land card is played from any zone, not only its player's hand (305.1)",
        lands_from_any_zone,
        ("A land card in the graveyard can't be played",),
    ),
    Mutant(
        "lands-from-any-hand",
        (),
        "a land card in another player's hand may be played (305.1)",
        lands_from_any_hand,
        ("A land card in another player's hand can't be played",),
    ),
]
