"""Combat (CR 506-511): declaring attackers and combat damage (508.1, 510.1a)."""

from __future__ import annotations

from oracle.errors import Rejected

from .base import GameBase
from .characteristics import compute


class CombatRules(GameBase):
    """508.1: declaring attackers; 510.1a: combat damage."""

    def declare_attackers(self, player: str, attacker_ids: list[int]) -> None:
        """508.1: the active player declares attackers; no creature is required to attack (508.1d)."""
        self._require_game_on()
        if not self.state.awaiting_attackers or player != self.state.active:
            raise Rejected(
                "timing", "attackers are declared by the active player as the declare attackers step begins (508.1)"
            )
        chars = compute(self.state)
        attackers = [self.obj(i) for i in attacker_ids]
        for obj in attackers:
            ch = chars.get(obj.id)
            if ch is None or "Creature" not in ch.types or obj.controller != player:
                raise Rejected("not-allowed", f"{self.name(obj)} is not a creature {player} controls (508.1a)")
            if obj.tapped:
                raise Rejected("already-tapped", f"{self.name(obj)} is tapped and can't attack (508.1a)")
            if not self._free_of_summoning_sickness(obj):
                raise Rejected(
                    "summoning-sickness",
                    f"{self.name(obj)} can't attack: it came under {player}'s control this turn (302.6)",
                )
        for obj in attackers:
            if "vigilance" not in chars[obj.id].keywords:
                obj.tapped = True  # 508.1f
            obj.attacking = True
        self.state.awaiting_attackers = False
        self.log("attackers-declared", player=player, attackers=[self.name(o) for o in attackers])
        self._player_acted(player)

    def _combat_damage(self) -> None:
        """510.1a, 510.1b: each attacking creature deals damage equal to its power to the player
        it attacks.  The contract has no declaration of blockers yet, so no attacker is blocked."""
        chars = compute(self.state)
        for obj in self.state.permanents():
            power = chars[obj.id].power or 0
            if obj.attacking and power > 0:
                defender = self.state.opponents(obj.controller)[0]
                self.state.player(defender).life -= power  # 120.3a
                self.log("damage", source=self.name(obj), player=defender, amount=power)
