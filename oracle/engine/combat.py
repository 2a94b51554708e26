"""Combat (CR 506-511): declaring attackers (508.1) and blockers (509.1), and who is in combat.

Combat damage itself (510, 702.2, 702.4, 702.7, 702.15, 702.19) is in
:mod:`oracle.engine.combat_damage`.
"""

from __future__ import annotations

from oracle.errors import Rejected

from .base import GameBase
from .characteristics import Characteristics, compute
from .state import GameObject


class CombatRules(GameBase):
    """508.1: declaring attackers; 509.1: declaring blockers; 506.4, 511.3: leaving combat."""

    def _also_when_declaring(self, player: str, wrong_player: bool) -> tuple[str, ...]:
        """The other reasons a declaration out of its turn-based action is refused: the declarer
        holds no priority (117.1), or is not the player who declares (508.1a, 509.1a)."""
        return (
            *(("no-priority",) if self.state.priority != player else ()),
            *(("not-allowed",) if wrong_player else ()),
        )

    def declare_attackers(self, player: str, attacker_ids: list[int]) -> None:
        """508.1: the active player declares attackers; no creature is required to attack (508.1d)."""
        self._require_game_on()
        if not self.state.awaiting_attackers or player != self.state.active:
            raise Rejected(
                "timing",
                "attackers are declared by the active player as the declare attackers step begins (508.1)",
                self._also_when_declaring(player, player != self.state.active),
            )
        chars = compute(self.state)
        attackers = [self.obj(i) for i in attacker_ids]
        for obj in attackers:
            ch = chars.get(obj.id)
            if ch is None or "Creature" not in ch.types or obj.controller != player:
                raise Rejected("not-allowed", f"{self.name(obj)} is not a creature {player} controls (508.1a)")
            if obj.tapped:
                raise Rejected(
                    "already-tapped", f"{self.name(obj)} is tapped and can't attack (508.1a)", also=("not-allowed",)
                )
            if not self._free_of_summoning_sickness(obj):
                raise Rejected(
                    "summoning-sickness",
                    f"{self.name(obj)} can't attack: it came under {player}'s control this turn (302.6)",
                    also=("not-allowed",),  # 508.1a's condition on the chosen attackers
                )
        for obj in attackers:
            if "vigilance" not in chars[obj.id].keywords:
                obj.tapped = True  # 508.1f
            obj.attacking = True  # 508.1k
        self.state.awaiting_attackers = False
        self.state.attackers_declared = bool(attackers)  # 508.8
        self.log("attackers-declared", player=player, attackers=[self.name(o) for o in attackers])
        self._player_acted(player)

    def declare_blockers(self, player: str, blocks: list[tuple[int, int]]) -> None:
        """509.1: the defending player declares blockers, each ``(blocker, attacker)``; an empty list
        declares none.  509.1a: each chosen creature is an untapped creature that player controls, and
        blocks one attacking creature; several may block the same attacker.  509.1b: restrictions, such
        as flying's (702.9b, 702.17b).  509.1g-h: the blockers become blocking creatures, and each
        attacker becomes blocked or unblocked.  509.2: then the active player gets priority."""
        self._require_game_on()
        defending = self.state.opponents(self.state.active)
        if not self.state.awaiting_blockers or player not in defending:
            raise Rejected(
                "timing",
                "blockers are declared by the defending player as the declare blockers step begins (509.1)",
                self._also_when_declaring(player, player not in defending),
            )
        chars = compute(self.state)
        chosen: set[int] = set()
        for blocker_id, attacker_id in blocks:
            blocker, attacker = self.obj(blocker_id), self.obj(attacker_id)
            self._check_block(player, blocker, attacker, chars, chosen)
            chosen.add(blocker.id)
        self._check_menace(blocks, chars)
        attackers = [o for o in self.state.permanents() if o.attacking]
        for blocker_id, attacker_id in blocks:
            self.obj(blocker_id).blocking.append(attacker_id)  # 509.1g
        for attacker in attackers:
            attacker.blocked = any(a == attacker.id for _, a in blocks)  # 509.1h
        self.state.awaiting_blockers = False
        self.log(
            "blockers-declared",
            player=player,
            blocks=[[self.name(self.obj(b)), self.name(self.obj(a))] for b, a in blocks],
        )
        self.state.passes = 0
        self.give_priority(self.state.active)  # 509.2

    def _check_block(
        self,
        player: str,
        blocker: GameObject,
        attacker: GameObject,
        chars: dict[int, Characteristics],
        chosen: set[int],
    ) -> None:
        """509.1a-b for one declared block."""
        name = self.name(blocker)
        ch = chars.get(blocker.id)
        if ch is None or "Creature" not in ch.types or blocker.controller != player:
            raise Rejected("not-allowed", f"{name} is not a creature {player} controls (509.1a)")
        if blocker.tapped:
            raise Rejected("already-tapped", f"{name} is tapped and can't block (509.1a)", also=("not-allowed",))
        if blocker.id in chosen:
            raise Rejected("not-allowed", f"{name} can block only one attacking creature (509.1a)")
        if not attacker.attacking or attacker.zone != "battlefield":
            raise Rejected("not-allowed", f"{self.name(attacker)} is not an attacking creature (509.1a)")
        evasive = "flying" in chars[attacker.id].keywords
        if evasive and not {"flying", "reach"} & set(ch.keywords):
            raise Rejected(
                "not-allowed",
                f"{name} can't block {self.name(attacker)}, which has flying, without flying or reach (702.9b, 702.17b)",
            )

    def _check_menace(self, blocks: list[tuple[int, int]], chars: dict[int, Characteristics]) -> None:
        """702.111b: a creature with menace can't be blocked except by two or more creatures, a
        restriction on the declaration as a whole (509.1b), not on any one block."""
        for attacker_id in {a for _, a in blocks}:
            count = sum(1 for _, a in blocks if a == attacker_id)
            if count == 1 and "menace" in chars[attacker_id].keywords:
                raise Rejected(
                    "not-allowed",
                    f"{self.name(self.obj(attacker_id))} has menace and can't be blocked except by two or more"
                    " creatures (702.111b)",
                )

    def blockers_of(self, attacker: GameObject) -> list[GameObject]:
        """The creatures blocking ``attacker`` now (506.4: one removed from combat no longer is)."""
        return [o for o in self.state.permanents() if attacker.id in o.blocking]

    def blocked_creatures(self, blocker: GameObject) -> list[GameObject]:
        """The attacking creatures ``blocker`` blocks now (510.1d)."""
        return [o for o in self.state.permanents() if o.id in blocker.blocking and o.attacking]

    def _end_combat(self) -> None:
        """511.3: as the end of combat step ends, every creature is removed from combat."""
        for obj in self.state.permanents():
            obj.attacking, obj.blocked, obj.blocking = False, None, []
        self.state.first_strikers = None
        self.state.second_damage_step = False
        self.state.attackers_declared = False
