"""Combat damage (CR 510): assigning it, dividing it among blockers, and dealing it at once.

510.1c as the CR has it since the damage assignment order was removed: a creature blocked by
several creatures divides its damage among them as its controller chooses, with no order and no
need to assign lethal damage first, except for trample (702.19b), where the player may be assigned
damage only once every blocker has been assigned lethal damage (any nonzero amount from a source
with deathtouch, 702.2c).  First strike and double strike give the combat a second combat damage
step (510.4, 702.4b, 702.7b); lifelink gains life (702.15b); deathtouch destroys (702.2b, 704.5h).
"""

from __future__ import annotations

from collections.abc import Iterator

from .characteristics import Characteristics, compute
from .combat import CombatRules
from .state import GameObject

#: The choice a player makes for a creature whose damage can be divided (510.1c, 702.19b).
DAMAGE_CHOICE = "combat-damage"
STRIKE_FIRST = ("first strike", "double strike")


def divisions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to divide ``total`` among ``parts`` recipients, each receiving 0 or more."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in divisions(total - first, parts - 1):
            yield (first, *rest)


def describe_division(recipients: list[str], amounts: tuple[int, ...]) -> str:
    """An option of the ``combat-damage`` choice: "2 to <ref>; 4 to <player>", every recipient named."""
    return "; ".join(f"{amount} to {who}" for who, amount in zip(recipients, amounts, strict=True))


class CombatDamageRules(CombatRules):
    """510.1-510.4: the combat damage step."""

    def _combat_damage(self) -> None:
        """510.1: the active player assigns the damage of each attacking creature, then the defending
        player that of each blocking creature; 510.2: all of it is dealt at once.  510.4: in the first
        of two steps, only creatures with first strike or double strike assign damage."""
        chars = compute(self.state)
        dealers = self._damage_dealers(chars)
        assignments: list[tuple[GameObject, GameObject | str, int]] = []
        for attacker in dealers:
            if attacker.attacking:
                assignments += self._assign_attacker(attacker, chars)
        for blocker in dealers:
            if blocker.blocking:
                assignments += self._assign_blocker(blocker, chars)
        self._deal(assignments, chars)

    def _damage_dealers(self, chars: dict[int, Characteristics]) -> list[GameObject]:
        """510.4: the creatures that assign combat damage in this combat damage step."""
        combatants = [
            o for o in self.state.permanents() if (o.attacking or o.blocking) and "Creature" in chars[o.id].types
        ]
        strikes_first = [o.id for o in combatants if set(STRIKE_FIRST) & set(chars[o.id].keywords)]
        if self.state.first_strikers is None:
            if not strikes_first:
                return combatants
            self.state.first_strikers = strikes_first  # the first of two combat damage steps
            return [o for o in combatants if o.id in strikes_first]
        self.state.second_damage_step = True
        return [
            o for o in combatants if o.id not in self.state.first_strikers or "double strike" in chars[o.id].keywords
        ]

    def _assign_attacker(
        self, attacker: GameObject, chars: dict[int, Characteristics]
    ) -> list[tuple[GameObject, GameObject | str, int]]:
        """510.1a-c, 702.19b-d: where an attacking creature's combat damage goes."""
        power = chars[attacker.id].power or 0
        if power <= 0:
            return []  # 510.1a
        defender = self.state.opponents(attacker.controller)[0]
        if not attacker.blocked:
            return [(attacker, defender, power)]  # 510.1b
        blockers = self.blockers_of(attacker)
        trample = "trample" in chars[attacker.id].keywords
        if not blockers:
            return [(attacker, defender, power)] if trample else []  # 702.19d; 510.1c
        recipients: list[GameObject | str] = [*blockers, defender] if trample else list(blockers)
        labels = [r if isinstance(r, str) else self.ref(r) for r in recipients]
        options = [
            amounts
            for amounts in divisions(power, len(recipients))
            if not trample or self._tramples_legally(attacker, blockers, amounts, chars)
        ]
        if len(options) == 1:
            chosen = options[0]
        else:
            words = [describe_division(labels, amounts) for amounts in options]
            prompt = f"Divide {self.name(attacker)}'s {power} combat damage (510.1c)"
            answer = self.choose(attacker.controller, DAMAGE_CHOICE, words, prompt, self.ref(attacker))
            chosen = options[words.index(answer)]
        return [(attacker, r, amount) for r, amount in zip(recipients, chosen, strict=True) if amount]

    def _tramples_legally(
        self,
        attacker: GameObject,
        blockers: list[GameObject],
        amounts: tuple[int, ...],
        chars: dict[int, Characteristics],
    ) -> bool:
        """702.19b: damage goes to the player only once every blocker is assigned lethal damage,
        counting damage already marked on it; 702.2c: from a source with deathtouch, any nonzero
        amount is lethal."""
        if amounts[-1] == 0:
            return True
        deathtouch = "deathtouch" in chars[attacker.id].keywords
        return all(
            amount >= self._lethal(blocker, chars, deathtouch)
            for blocker, amount in zip(blockers, amounts, strict=False)
        )

    @staticmethod
    def _lethal(creature: GameObject, chars: dict[int, Characteristics], deathtouch: bool) -> int:
        """The damage that is lethal to ``creature`` (120.6, 702.19b; 702.2c with deathtouch)."""
        remaining = max(0, (chars[creature.id].toughness or 0) - creature.damage)
        return min(1, remaining) if deathtouch else remaining

    def _assign_blocker(
        self, blocker: GameObject, chars: dict[int, Characteristics]
    ) -> list[tuple[GameObject, GameObject | str, int]]:
        """510.1d: a blocking creature assigns its damage to the creature it blocks, none if that
        creature is no longer attacking (removed from combat, 506.4)."""
        power = chars[blocker.id].power or 0
        blocked = self.blocked_creatures(blocker)
        if power <= 0 or not blocked:
            return []
        return [(blocker, blocked[0], power)]

    def _deal(
        self, assignments: list[tuple[GameObject, GameObject | str, int]], chars: dict[int, Characteristics]
    ) -> None:
        """510.2: all assigned combat damage is dealt simultaneously: marked on creatures (120.3e),
        lost as life by players (120.3a); deathtouch (702.2b) and lifelink (702.15b, 120.3f)."""
        gained: dict[str, int] = {}
        for source, recipient, amount in assignments:
            keywords = chars[source.id].keywords
            if isinstance(recipient, str):
                self.state.player(recipient).life -= amount
                self.log("damage", source=self.name(source), player=recipient, amount=amount, combat=True)
            else:
                recipient.damage += amount
                recipient.deathtouch_damage = recipient.deathtouch_damage or "deathtouch" in keywords
                self.log("damage", source=self.name(source), permanent=self.name(recipient), amount=amount, combat=True)
            if "lifelink" in keywords:
                gained[source.controller] = gained.get(source.controller, 0) + amount
        for player, amount in gained.items():
            self.state.player(player).life += amount  # 702.15b
            self.log("life-gained", player=player, amount=amount)
