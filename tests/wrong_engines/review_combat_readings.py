"""Wrong engines of combat that an independent rules review found passing the whole suite (issue 38,
review of 2026-12-04): the first combat damage step (510.4), first and double strike gained or
lost between the two steps (702.7c, 702.4c), trample's lethal damage (702.19b), lifelink and
deathtouch read as triggers (702.15a, 704.5h), a tapped blocker (506.4b), reach (702.17b), a
0-power source with deathtouch (120.8), menace (702.111b), and a blocked creature whose blocker
leaves (509.1h).  No seed ruling is about these rules: each names the ``@rules`` scenarios
(features/rules/) written to catch it."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import combat, combat_damage, game, sba
from oracle.errors import Rejected

from . import Mutant
from .combat_readings import _filter_divisions


def first_strike_step_for_any_creature(mp: pytest.MonkeyPatch) -> None:
    """The first combat damage step exists when any creature on the battlefield has first or
    double strike, in combat or not (510.4: an attacking or blocking one)."""
    original = combat_damage.CombatDamageRules._damage_dealers

    def dealers(self: Any, chars: Any) -> list[Any]:
        if self.state.first_strikers is None:
            anywhere = [
                o.id
                for o in self.state.permanents()
                if o.id in chars and set(combat_damage.STRIKE_FIRST) & set(chars[o.id].keywords)
            ]
            if anywhere:
                self.state.first_strikers = anywhere  # the first of two combat damage steps
                return [
                    o
                    for o in self.state.permanents()
                    if (o.attacking or o.blocking) and "Creature" in chars[o.id].types and o.id in anywhere
                ]
        return original(self, chars)

    mp.setattr(combat_damage.CombatDamageRules, "_damage_dealers", dealers)


def _second_step(mp: pytest.MonkeyPatch, deals_again: Any) -> None:
    """In the second combat damage step, the combatants ``deals_again(game, creature, chars)`` allows."""
    original = combat_damage.CombatDamageRules._damage_dealers

    def dealers(self: Any, chars: Any) -> list[Any]:
        if self.state.first_strikers is None:
            return original(self, chars)
        self.state.second_damage_step = True
        return [
            o
            for o in self.state.permanents()
            if (o.attacking or o.blocking) and "Creature" in chars[o.id].types and deals_again(self, o, chars)
        ]

    mp.setattr(combat_damage.CombatDamageRules, "_damage_dealers", dealers)


def first_strike_read_in_second_step(mp: pytest.MonkeyPatch) -> None:
    """The second combat damage step's creatures are those without first strike now, not those
    without it as the first step began (702.7c): one that lost it strikes again, one that gained
    it doesn't strike at all."""

    def deals_again(self: Any, creature: Any, chars: Any) -> bool:
        keywords = chars[creature.id].keywords
        return "first strike" not in keywords or "double strike" in keywords

    _second_step(mp, deals_again)


def double_strike_read_in_first_step(mp: pytest.MonkeyPatch) -> None:
    """Double strike read once, as the first step began: a creature that lost it during the first
    step still strikes in the second (702.4c)."""
    original = combat_damage.CombatDamageRules._damage_dealers

    def dealers(self: Any, chars: Any) -> list[Any]:
        first = self.state.first_strikers is None
        found = original(self, chars)
        if first:
            for o in found:
                o.double_struck_first = "double strike" in chars[o.id].keywords
            return found
        again = [o for o in self.state.permanents() if getattr(o, "double_struck_first", False) and o not in found]
        return found + [o for o in again if o.attacking or o.blocking]

    mp.setattr(combat_damage.CombatDamageRules, "_damage_dealers", dealers)


def trample_lethal_ignores_marked_damage(mp: pytest.MonkeyPatch) -> None:
    """Lethal damage for trample is the blocker's toughness, whatever damage is already marked on
    it (702.19b: counting that damage)."""
    original = combat_damage.CombatDamageRules._lethal

    def lethal(creature: Any, chars: Any, deathtouch: bool) -> int:
        marked, creature.damage = creature.damage, 0
        try:
            return int(original(creature, chars, deathtouch))
        finally:
            creature.damage = marked

    mp.setattr(combat_damage.CombatDamageRules, "_lethal", staticmethod(lethal))


def trample_lethal_in_total(mp: pytest.MonkeyPatch) -> None:
    """Trample's lethal damage checked over the blockers together: the damage assigned to them
    all at least their lethal damage added up (702.19b: each blocker)."""

    def legally(self: Any, attacker: Any, blockers: list[Any], amounts: tuple[int, ...], chars: Any) -> bool:
        if amounts[-1] == 0:
            return True
        deathtouch = "deathtouch" in chars[attacker.id].keywords
        return sum(amounts[:-1]) >= sum(self._lethal(b, chars, deathtouch) for b in blockers)

    mp.setattr(combat_damage.CombatDamageRules, "_tramples_legally", legally)


def damage_order_by_toughness(mp: pytest.MonkeyPatch) -> None:
    """An engine still on the damage assignment order, its blockers ordered lowest toughness first:
    each assigned lethal damage before the next gets any (510.1c has no order)."""

    def in_order(self: Any, attacker: Any, blockers: list[Any], amounts: tuple[int, ...], chars: Any) -> bool:
        if "trample" in chars[attacker.id].keywords:
            return bool(combat_damage.CombatDamageRules._tramples_legally(self, attacker, blockers, amounts, chars))
        order = sorted(range(len(blockers)), key=lambda i: chars[blockers[i].id].toughness or 0)
        for rank, index in enumerate(order[:-1]):
            later = any(amounts[i] for i in order[rank + 1 :])
            if later and amounts[index] < self._lethal(blockers[index], chars, False):
                return False
        return True

    _filter_divisions(mp, in_order)


def lifelink_as_trigger(mp: pytest.MonkeyPatch) -> None:
    """Lifelink read as "whenever this deals damage, you gain that much life", the life gained
    only once the players pass priority in the step (702.15a: static, gained with the damage)."""
    original_deal = combat_damage.CombatDamageRules._deal
    original_end = game.Game.end_step
    pending: dict[int, dict[str, int]] = {}

    def deal(self: Any, assignments: list[Any], chars: Any) -> None:
        owed = pending.setdefault(id(self), {})
        for source, _, amount in assignments:
            if "lifelink" in chars[source.id].keywords:
                chars[source.id] = chars[source.id].copy()  # the dict is the caller's, its values shared
                chars[source.id].keywords = [k for k in chars[source.id].keywords if k != "lifelink"]
                owed[source.controller] = owed.get(source.controller, 0) + amount
        original_deal(self, assignments, chars)

    def end_step(self: Any) -> None:
        for player, amount in pending.pop(id(self), {}).items():
            self.state.player(player).life += amount
        original_end(self)

    mp.setattr(combat_damage.CombatDamageRules, "_deal", deal)
    mp.setattr(game.Game, "end_step", end_step)


def deathtouch_as_trigger(mp: pytest.MonkeyPatch) -> None:
    """Deathtouch read as "whenever this deals damage to a creature, destroy it", the creature
    destroyed only once the players pass priority in the combat damage step (704.5h: a
    state-based action, before anyone has priority)."""
    original = sba.StateBasedActions.check_state_based_actions

    def check(self: Any) -> bool:
        if self.state.step != "combat-damage":
            return bool(original(self))
        marked = [o for o in self.state.permanents() if o.deathtouch_damage]
        for obj in marked:
            obj.deathtouch_damage = False
        try:
            return bool(original(self))
        finally:
            for obj in marked:
                obj.deathtouch_damage = True

    mp.setattr(sba.StateBasedActions, "check_state_based_actions", check)


def tapped_blocker_deals_no_damage(mp: pytest.MonkeyPatch) -> None:
    """A blocking creature tapped after blockers were declared deals no combat damage, as under
    rules long gone (506.4b: tapping it doesn't prevent its damage)."""
    original = combat_damage.CombatDamageRules._assign_blocker

    def assign(self: Any, blocker: Any, chars: Any) -> list[Any]:
        return [] if blocker.tapped else original(self, blocker, chars)

    mp.setattr(combat_damage.CombatDamageRules, "_assign_blocker", assign)


def reach_is_evasion(mp: pytest.MonkeyPatch) -> None:
    """Reach read like flying on an attacker: only creatures with flying or reach may block it
    (702.17b: reach lets a creature block fliers, nothing more)."""
    original = combat.CombatRules._check_block

    def check(self: Any, player: str, blocker: Any, attacker: Any, chars: Any, chosen: set[int]) -> None:
        original(self, player, blocker, attacker, chars, chosen)
        if "reach" in chars[attacker.id].keywords and not {"flying", "reach"} & set(chars[blocker.id].keywords):
            raise Rejected("not-allowed", f"{self.name(blocker)} can't block {self.name(attacker)}, which has reach")

    mp.setattr(combat.CombatRules, "_check_block", check)


def zero_power_deathtouch_destroys(mp: pytest.MonkeyPatch) -> None:
    """A creature with deathtouch and 0 power destroys the creature it is in combat with, as if 0
    damage were damage (120.8, 510.1a: it deals none)."""
    original = combat_damage.CombatDamageRules._deal

    def deal(self: Any, assignments: list[Any], chars: Any) -> None:
        original(self, assignments, chars)
        for obj in self.state.permanents():
            if obj.blocking and "deathtouch" in chars[obj.id].keywords and (chars[obj.id].power or 0) <= 0:
                for attacker in self.blocked_creatures(obj):
                    attacker.deathtouch_damage = True
            if obj.attacking and "deathtouch" in chars[obj.id].keywords and (chars[obj.id].power or 0) <= 0:
                for blocker in self.blockers_of(obj):
                    blocker.deathtouch_damage = True

    mp.setattr(combat_damage.CombatDamageRules, "_deal", deal)


def menace_ignored(mp: pytest.MonkeyPatch) -> None:
    """Menace ignored: one creature may block a creature with menace (702.111b)."""
    mp.setattr(combat.CombatRules, "_check_menace", lambda self, blocks, chars: None)


def blocker_damage_to_attacking_player(mp: pytest.MonkeyPatch) -> None:
    """A blocker whose attacker has left combat deals its damage to the attacking player
    (510.1d: it assigns none)."""
    original = combat_damage.CombatDamageRules._assign_blocker

    def assign(self: Any, blocker: Any, chars: Any) -> list[Any]:
        power = chars[blocker.id].power or 0
        if blocker.blocking and not self.blocked_creatures(blocker) and power > 0:
            return [(blocker, self.state.active, power)]
        return original(self, blocker, chars)

    mp.setattr(combat_damage.CombatDamageRules, "_assign_blocker", assign)


MUTANTS = [
    Mutant(
        "first-strike-step-for-any-creature",
        (),
        "a first combat damage step whenever any creature has first or double strike, in combat or not (510.4)",
        first_strike_step_for_any_creature,
        ("Without first or double strike, the combat has one combat damage step",),
    ),
    Mutant(
        "first-strike-read-in-second-step",
        (),
        "a creature that lost first strike after the first combat damage step deals damage in the second (702.7c)",
        first_strike_read_in_second_step,
        (
            "A creature that loses first strike after the first combat damage step deals no damage in the second",
            "A creature that gains first strike after the first combat damage step deals its damage in the second",
        ),
    ),
    Mutant(
        "double-strike-read-in-first-step",
        (),
        "a creature that lost double strike during the first combat damage step still deals damage in the second"
        " (702.4c)",
        double_strike_read_in_first_step,
        ("A creature that loses double strike during the first combat damage step deals no damage in the second",),
    ),
    Mutant(
        "trample-lethal-ignores-marked-damage",
        (),
        "trample's lethal damage is the blocker's toughness, ignoring damage already marked on it (702.19b)",
        trample_lethal_ignores_marked_damage,
        ("Trample's lethal damage counts the damage already marked on the blocker",),
    ),
    Mutant(
        "trample-lethal-in-total",
        (),
        "trample's lethal damage is checked over the blockers in total, not for each (702.19b)",
        trample_lethal_in_total,
        ("Trample needs lethal damage assigned to each blocker, not in total",),
    ),
    Mutant(
        "damage-order-by-toughness",
        (),
        "blockers ordered lowest toughness first, each assigned lethal damage before the next (510.1c)",
        damage_order_by_toughness,
        ("Damage is divided among blockers with no order and no need to be lethal to any first",),
    ),
    Mutant(
        "lifelink-as-trigger",
        (),
        "lifelink as a triggered ability: the life gained once the players pass priority (702.15a)",
        lifelink_as_trigger,
        ("Lifelink is no trigger: the life is gained as the damage is dealt, before anyone has priority",),
    ),
    Mutant(
        "deathtouch-as-trigger",
        (),
        "deathtouch as a triggered ability: the creature destroyed once the players pass priority (704.5h)",
        deathtouch_as_trigger,
        ("Deathtouch is no trigger: the creature it damaged is destroyed before anyone has priority",),
    ),
    Mutant(
        "tapped-blocker-deals-no-damage",
        (),
        "a blocking creature tapped after blockers are declared deals no combat damage (506.4b)",
        tapped_blocker_deals_no_damage,
        ("A blocker tapped after blockers are declared still deals its combat damage",),
    ),
    Mutant(
        "reach-is-evasion",
        (),
        "an attacker with reach can be blocked only by creatures with flying or reach (702.17b)",
        reach_is_evasion,
        ("Reach is no evasion: a creature without flying or reach blocks an attacker with reach",),
    ),
    Mutant(
        "zero-power-deathtouch-destroys",
        (),
        "a creature with deathtouch and 0 power destroys the creature it is in combat with (120.8)",
        zero_power_deathtouch_destroys,
        ("A creature with deathtouch and 0 power deals no damage and destroys nothing",),
    ),
    Mutant(
        "menace-ignored",
        (),
        "a creature with menace can be blocked by one creature (702.111b)",
        menace_ignored,
        ("A creature with menace can't be blocked by one creature alone",),
    ),
    Mutant(
        "blocker-damage-to-attacking-player",
        (),
        "a blocker whose attacker has left combat deals its damage to the attacking player (510.1d)",
        blocker_damage_to_attacking_player,
        ("A blocker whose attacker has left combat deals no combat damage",),
    ),
]
