"""Playing lands (CR 305): a special action (116.2a) that doesn't use the stack and isn't casting."""

from __future__ import annotations

from oracle.errors import Rejected

from .base import GameBase

#: 305.2: the number of lands a player can play each turn, unless continuous effects increase it.
LANDS_PER_TURN = 1


class LandRules(GameBase):
    """305.1-305.3, 116.2a: playing a land from hand."""

    def play_land(self, player: str, object_id: int) -> None:
        """305.1: a player who has priority may play a land card from their hand during a main phase
        of their turn when the stack is empty; the land is simply put onto the battlefield (it is never
        a spell, so nothing is cast: 601.2i's "whenever you cast" does not trigger).  305.2: one land a
        turn; 305.3: never in another player's turn.  117.3c: the player receives priority afterwards."""
        self._require_priority(player)
        card = self.obj(object_id)
        name = self.name(card)
        if card.zone != "hand" or card.owner != player:
            raise Rejected("not-allowed", f"{name} is not in {player}'s hand (305.1)")
        if "Land" not in card.face().types:
            raise Rejected("not-allowed", f"{name} is not a land card: it is cast, not played (305.1, 601.2)")
        if self.state.active != player:
            raise Rejected("timing", f"{player} can't play a land during another player's turn (305.3)")
        if self.state.step not in ("precombat-main", "postcombat-main") or self.state.stack:
            raise Rejected("timing", "a land is played only in a main phase with an empty stack (305.1, 505.6b)")
        played = self.state.player(player)
        if played.lands_played_this_turn >= LANDS_PER_TURN:
            raise Rejected(
                "not-allowed",
                f"{player} has already played {played.lands_played_this_turn} land(s) this turn (305.2, 305.2b)",
            )
        played.lands_played_this_turn += 1  # 305.2a
        self.log("land-played", player=player, card=name)
        self.enter_battlefield(card, player)
        self._player_acted(player)
