"""Wrong engines of combat damage (510), first and double strike (510.4, 702.4, 702.7), trample
(702.19), deathtouch (702.2, 704.5h) and lifelink (702.15).  No seed ruling is about these rules:
each wrong engine names the ``@rules`` scenarios (features/rules/combat_damage.feature,
first_strike.feature, combat_keywords.feature) written to catch it, the way engines commonly get
the rule wrong, the damage assignment order the CR no longer has among them."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import combat_damage, game, sba
from oracle.engine.characteristics import compute

from . import Mutant


def lethal_damage_in_order(mp: pytest.MonkeyPatch) -> None:
    """The damage assignment order of the CR before 2025: blockers in order, each assigned lethal
    damage before the next may be assigned any (510.1c now lets the damage be divided freely)."""
    tramples = combat_damage.CombatDamageRules._tramples_legally

    def in_order(self: Any, attacker: Any, blockers: list[Any], amounts: tuple[int, ...], chars: Any) -> bool:
        if "trample" in chars[attacker.id].keywords:
            return bool(tramples(self, attacker, blockers, amounts, chars))
        for index, blocker in enumerate(blockers[:-1]):
            later = any(amounts[index + 1 : len(blockers)])
            if later and amounts[index] < self._lethal(blocker, chars, False):
                return False
        return True

    _filter_divisions(mp, in_order)


def _filter_divisions(mp: pytest.MonkeyPatch, legal: Any) -> None:
    """Offer only the divisions ``legal(game, attacker, blockers, amounts, chars)`` allows, trample or not."""

    def assign(self: Any, attacker: Any, chars: Any) -> list[Any]:
        blockers = self.blockers_of(attacker)
        power = chars[attacker.id].power or 0
        if not attacker.blocked or not blockers or power <= 0:
            return original(self, attacker, chars)
        trample = "trample" in chars[attacker.id].keywords
        defender = self.state.opponents(attacker.controller)[0]
        recipients = [*blockers, defender] if trample else list(blockers)
        labels = [r if isinstance(r, str) else self.ref(r) for r in recipients]
        options = [
            amounts
            for amounts in combat_damage.divisions(power, len(recipients))
            if legal(self, attacker, blockers, amounts, chars)
        ]
        if len(options) == 1:
            chosen = options[0]
        else:
            words = [combat_damage.describe_division(labels, a) for a in options]
            answer = self.choose(attacker.controller, "combat-damage", words, "?", self.ref(attacker))
            chosen = options[words.index(answer)]
        return [(attacker, r, n) for r, n in zip(recipients, chosen, strict=True) if n]

    original = combat_damage.CombatDamageRules._assign_attacker
    mp.setattr(combat_damage.CombatDamageRules, "_assign_attacker", assign)


def trample_ignores_lethal(mp: pytest.MonkeyPatch) -> None:
    """Trample lets any part of the damage go to the player, lethal to the blockers or not (702.19b)."""
    mp.setattr(combat_damage.CombatDamageRules, "_tramples_legally", lambda *args: True)


def trample_ignores_deathtouch(mp: pytest.MonkeyPatch) -> None:
    """Lethal damage for trample is the blocker's toughness, deathtouch or not (702.2c)."""
    original = combat_damage.CombatDamageRules._lethal
    mp.setattr(
        combat_damage.CombatDamageRules,
        "_lethal",
        staticmethod(lambda creature, chars, deathtouch: original(creature, chars, False)),
    )


def trample_lost_without_blockers(mp: pytest.MonkeyPatch) -> None:
    """A blocked creature with trample whose blockers all left combat deals no damage (702.19d)."""
    original = combat_damage.CombatDamageRules._assign_attacker

    def assign(self: Any, attacker: Any, chars: Any) -> list[Any]:
        if attacker.blocked and not self.blockers_of(attacker):
            return []
        return original(self, attacker, chars)

    mp.setattr(combat_damage.CombatDamageRules, "_assign_attacker", assign)


def unblocked_once_blockers_leave(mp: pytest.MonkeyPatch) -> None:
    """An attacker whose blockers all left combat becomes unblocked and damages the player (509.1h)."""
    original = combat_damage.CombatDamageRules._assign_attacker

    def assign(self: Any, attacker: Any, chars: Any) -> list[Any]:
        if attacker.blocked and not self.blockers_of(attacker):
            attacker.blocked = False
        return original(self, attacker, chars)

    mp.setattr(combat_damage.CombatDamageRules, "_assign_attacker", assign)


def defender_divides_damage(mp: pytest.MonkeyPatch) -> None:
    """The defending player divides the attacker's damage among the blockers (510.1: the attacking player)."""
    original = combat_damage.CombatDamageRules.choose

    def choose(self: Any, player: str, kind: str, options: list[str], prompt: str, source: str = "") -> str:
        if kind == "combat-damage":
            player = self.state.opponents(player)[0]
        return original(self, player, kind, options, prompt, source)

    mp.setattr(combat_damage.CombatDamageRules, "choose", choose)


def damage_dealt_in_turn(mp: pytest.MonkeyPatch) -> None:
    """Attackers deal their damage first and destroyed blockers deal none (510.2: all at once)."""
    original = combat_damage.CombatDamageRules._deal

    def deal(self: Any, assignments: list[Any], chars: Any) -> None:
        original(self, [a for a in assignments if a[0].attacking], chars)
        self.check_state_based_actions()
        original(self, [a for a in assignments if not a[0].attacking and a[0].id in self.state.battlefield], chars)

    mp.setattr(combat_damage.CombatDamageRules, "_deal", deal)


def power_fixed_when_attacking(mp: pytest.MonkeyPatch) -> None:
    """An attacker deals damage equal to its power as attackers were declared (510.1a: as damage is assigned)."""
    original_declare = game.Game.declare_attackers
    original_assign = combat_damage.CombatDamageRules._assign_attacker

    def declare(self: Any, player: str, attacker_ids: list[int]) -> None:
        chars = compute(self.state)
        for i in attacker_ids:
            if i in chars:
                self.state.objects[i].declared_power = chars[i].power or 0
        original_declare(self, player, attacker_ids)

    def assign(self: Any, attacker: Any, chars: Any) -> list[Any]:
        if hasattr(attacker, "declared_power"):
            chars[attacker.id] = chars[attacker.id].copy()  # the dict is the caller's, its values shared
            chars[attacker.id].power = attacker.declared_power
        return original_assign(self, attacker, chars)

    mp.setattr(game.Game, "declare_attackers", declare)
    mp.setattr(combat_damage.CombatDamageRules, "_assign_attacker", assign)


def negative_power_deals_damage(mp: pytest.MonkeyPatch) -> None:
    """A creature with power below 0 deals that much damage, raising the player's life (510.1a)."""
    original = combat_damage.CombatDamageRules._assign_attacker

    def assign(self: Any, attacker: Any, chars: Any) -> list[Any]:
        power = chars[attacker.id].power or 0
        if power < 0 and not attacker.blocked:
            return [(attacker, self.state.opponents(attacker.controller)[0], power)]
        return original(self, attacker, chars)

    mp.setattr(combat_damage.CombatDamageRules, "_assign_attacker", assign)


def no_first_strike_step(mp: pytest.MonkeyPatch) -> None:
    """First and double strike are ignored: one combat damage step for all (510.4)."""
    mp.setattr(combat_damage, "STRIKE_FIRST", ("no such keyword",))


def double_strike_strikes_once(mp: pytest.MonkeyPatch) -> None:
    """Double strike read as first strike: no damage in the second step (702.4b)."""
    original = combat_damage.CombatDamageRules._damage_dealers

    def dealers(self: Any, chars: Any) -> list[Any]:
        found = original(self, chars)
        if self.state.second_damage_step:
            found = [o for o in found if o.id not in (self.state.first_strikers or [])]
        return found

    mp.setattr(combat_damage.CombatDamageRules, "_damage_dealers", dealers)


def first_strike_strikes_twice(mp: pytest.MonkeyPatch) -> None:
    """First strike read as double strike: damage in both steps (702.7b)."""
    original = combat_damage.CombatDamageRules._damage_dealers

    def dealers(self: Any, chars: Any) -> list[Any]:
        found = original(self, chars)
        if self.state.second_damage_step:
            found += [
                o for o in self.state.permanents() if o.id in (self.state.first_strikers or []) and o not in found
            ]
        return found

    mp.setattr(combat_damage.CombatDamageRules, "_damage_dealers", dealers)


def mana_kept_between_damage_steps(mp: pytest.MonkeyPatch) -> None:
    """The mana pool is not emptied between the two combat damage steps (500.5)."""
    original = game.Game.end_step

    def end_step(self: Any) -> None:
        if self.state.step == "combat-damage" and self.state.first_strikers and not self.state.second_damage_step:
            self.begin_step("combat-damage")
            return
        original(self)

    mp.setattr(game.Game, "end_step", end_step)


def deathtouch_ignored(mp: pytest.MonkeyPatch) -> None:
    """Damage from a source with deathtouch destroys nothing more than other damage (704.5h)."""
    original = sba.StateBasedActions.check_state_based_actions

    def check(self: Any) -> bool:
        for obj in self.state.permanents():
            obj.deathtouch_damage = False
        return bool(original(self))

    mp.setattr(sba.StateBasedActions, "check_state_based_actions", check)


def lifelink_only_against_players(mp: pytest.MonkeyPatch) -> None:
    """Lifelink gains life only for damage dealt to a player (702.15b: any damage)."""
    original = combat_damage.CombatDamageRules._deal

    def deal(self: Any, assignments: list[Any], chars: Any) -> None:
        for source, recipient, _ in assignments:
            if not isinstance(recipient, str) and "lifelink" in chars[source.id].keywords:
                chars[source.id] = chars[source.id].copy()  # the dict is the caller's, its values shared
                chars[source.id].keywords = [k for k in chars[source.id].keywords if k != "lifelink"]
        original(self, assignments, chars)

    mp.setattr(combat_damage.CombatDamageRules, "_deal", deal)


MUTANTS = [
    Mutant(
        "lethal-damage-in-order",
        (),
        "a blocked creature assigns lethal damage to its blockers in order, as before 2025 (510.1c)",
        lethal_damage_in_order,
        ("Damage is divided among blockers with no order and no need to be lethal to any first",),
    ),
    Mutant(
        "trample-ignores-lethal",
        (),
        "trample assigns damage to the player without lethal damage to the blockers (702.19b)",
        trample_ignores_lethal,
        ("Trample assigns nothing to the player until its blocker is assigned lethal damage",),
    ),
    Mutant(
        "trample-ignores-deathtouch",
        (),
        "trample with deathtouch needs the blocker's toughness, not 1 (702.2c)",
        trample_ignores_deathtouch,
        ("Trample with deathtouch needs to assign only 1 damage to a blocker before the player",),
    ),
    Mutant(
        "trample-lost-without-blockers",
        (),
        "a blocked trampler whose blockers left combat deals no damage (702.19d)",
        trample_lost_without_blockers,
        ("A blocked trampler whose blocker has left combat assigns all its damage to the player",),
    ),
    Mutant(
        "unblocked-once-blockers-leave",
        (),
        "an attacker whose blockers left combat becomes unblocked (509.1h)",
        unblocked_once_blockers_leave,
        (
            "A blocked creature whose blocker has left combat deals no combat damage",
            "A double striker whose blocker died in the first step stays blocked and deals no damage in the second",
        ),
    ),
    Mutant(
        "defender-divides-damage",
        (),
        "the defending player divides an attacker's combat damage (510.1)",
        defender_divides_damage,
        ("The attacking player divides the damage of a creature blocked by two creatures",),
    ),
    Mutant(
        "damage-dealt-in-turn",
        (),
        "attackers deal their damage before blockers, not at the same time (510.2)",
        damage_dealt_in_turn,
        ("A blocker destroyed by combat damage still deals its own, dealt at the same time",),
    ),
    Mutant(
        "power-fixed-when-attacking",
        (),
        "an attacker's damage is its power as attackers were declared (510.1a)",
        power_fixed_when_attacking,
        ("Damage equals the attacker's power as damage is dealt, after a pump once attackers are declared",),
    ),
    Mutant(
        "negative-power-deals-damage",
        (),
        "a creature with power below 0 deals negative damage (510.1a)",
        negative_power_deals_damage,
        ("An attacking creature with power below 0 deals no combat damage",),
    ),
    Mutant(
        "no-first-strike-step",
        (),
        "first and double strike ignored: one combat damage step (510.4, 702.7b)",
        no_first_strike_step,
        (
            "An attacker with first strike destroys its blocker before the blocker deals damage",
            "First strike adds a second combat damage step",
        ),
    ),
    Mutant(
        "double-strike-strikes-once",
        (),
        "double strike deals damage in the first combat damage step only (702.4b)",
        double_strike_strikes_once,
        ("A creature with double strike deals combat damage in both combat damage steps",),
    ),
    Mutant(
        "first-strike-strikes-twice",
        (),
        "first strike deals damage in both combat damage steps (702.7b)",
        first_strike_strikes_twice,
        ("A creature with first strike deals no damage in the second combat damage step",),
    ),
    Mutant(
        "mana-kept-between-damage-steps",
        (),
        "mana stays in the pool from the first combat damage step to the second (500.5)",
        mana_kept_between_damage_steps,
        ("Mana empties from the pool at the end of the first combat damage step",),
    ),
    Mutant(
        "deathtouch-ignored",
        (),
        "damage from a source with deathtouch is not lethal (702.2b, 704.5h)",
        deathtouch_ignored,
        ("A blocker with deathtouch destroys a larger attacking creature",),
    ),
    Mutant(
        "lifelink-only-against-players",
        (),
        "lifelink gains life only for damage to a player (702.15b)",
        lifelink_only_against_players,
        (
            "Combat damage to a blocking creature from a creature with lifelink gains life too",
            "A blocking creature with lifelink gains its controller life",
        ),
    ),
]
