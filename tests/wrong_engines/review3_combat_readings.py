"""Wrong engines of combat that a third independent rules review found passing the whole suite
(review of 2026-12-04, round 1 of blocking, combat, combat_damage, combat_keywords and
first_strike): menace counted over the whole declaration (702.111b), trample used by a blocker
(702.19a), lifelink's life given to the source's owner or to the Equipment's controller (702.15b),
who strikes first fixed before the combat damage step (510.4), evasion read from the printed card
(509.1b), a block undone when the blocker loses the ability that made it legal (506.4a), summoning
sickness for a permanent that became a creature this turn (302.6), the declare blockers step
skipped once the declared attackers have left (508.8), and attackers declared in the beginning of
combat step (508.1).  No seed ruling is about these rules: each names the ``@rules`` scenarios
(features/rules/) written to catch it."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import combat, combat_damage, game, sba
from oracle.errors import Rejected

from . import Mutant, changeable


def menace_counted_per_declaration(mp: pytest.MonkeyPatch) -> None:
    """Menace satisfied when the declaration has two or more blockers in all, whichever attackers
    they block (702.111b: two or more blocking the creature with menace)."""
    original = combat.CombatRules._check_menace

    def check(self: Any, blocks: list[tuple[int, int]], chars: Any) -> None:
        if len(blocks) >= 2:
            return
        original(self, blocks, chars)

    mp.setattr(combat.CombatRules, "_check_menace", check)


def trample_for_blockers(mp: pytest.MonkeyPatch) -> None:
    """Trample used by a blocking creature: lethal damage to the attacker it blocks, the rest to
    the attacking player (702.19a: no effect when the creature with trample is blocking)."""
    original = combat_damage.CombatDamageRules._assign_blocker

    def assign(self: Any, blocker: Any, chars: Any) -> list[Any]:
        power = chars[blocker.id].power or 0
        blocked = self.blocked_creatures(blocker)
        if "trample" not in chars[blocker.id].keywords or len(blocked) != 1 or power <= 0:
            return original(self, blocker, chars)
        lethal = min(power, self._lethal(blocked[0], chars, "deathtouch" in chars[blocker.id].keywords))
        excess = power - lethal
        return [(blocker, blocked[0], lethal), *([(blocker, self.state.active, excess)] if excess else [])]

    mp.setattr(combat_damage.CombatDamageRules, "_assign_blocker", assign)


def _lifelink_to(mp: pytest.MonkeyPatch, gainer: Any) -> None:
    """The life lifelink gains goes to ``gainer(game, source)``, not to the source's controller."""
    original = combat_damage.CombatDamageRules._deal

    def deal(self: Any, assignments: list[Any], chars: Any) -> None:
        original(self, assignments, chars)
        for source, _, amount in assignments:
            if "lifelink" in chars[source.id].keywords:
                other = gainer(self, source)
                if other != source.controller:
                    self.state.player(source.controller).life -= amount
                    self.state.player(other).life += amount

    mp.setattr(combat_damage.CombatDamageRules, "_deal", deal)


def lifelink_to_owner(mp: pytest.MonkeyPatch) -> None:
    """Lifelink's life goes to the source's owner (702.15b: its controller, its owner only if it
    has no controller)."""
    _lifelink_to(mp, lambda self, source: source.owner)


def lifelink_to_equipment_controller(mp: pytest.MonkeyPatch) -> None:
    """The reminder text's "you" read as the Equipment's controller: the life a creature given
    lifelink by an Equipment gains goes to the Equipment's controller (702.15b: the source's
    controller; 301.5d: the two need not be the same)."""

    def gainer(self: Any, source: Any) -> str:
        for obj in self.state.permanents():
            if obj.attached_to == source.id and "Equipment" in self.chars(obj).subtypes:
                granted = [
                    effect
                    for ability in self.chars(obj).abilities
                    for effect in ability.static_effects("grant_keywords")
                ]
                if any("lifelink" in str(effect) for effect in granted):
                    return str(obj.controller)
        return str(source.controller)

    _lifelink_to(mp, gainer)


def first_strike_fixed_at_blocks(mp: pytest.MonkeyPatch) -> None:
    """Which creatures strike first decided as blockers are declared: first strike gained in the
    declare blockers step is ignored, lost there still counts (510.4, 702.7b: as the combat damage
    step begins)."""
    declare = combat.CombatRules.declare_blockers
    dealers = combat_damage.CombatDamageRules._damage_dealers
    end = combat.CombatRules._end_combat

    def declare_blockers(self: Any, player: str, blocks: list[tuple[int, int]]) -> None:
        declare(self, player, blocks)
        chars = combat_damage.compute(self.state)
        self.state.__dict__["fixed_first_strikers"] = [
            o.id
            for o in self.state.permanents()
            if (o.attacking or o.blocking) and set(combat_damage.STRIKE_FIRST) & set(chars[o.id].keywords)
        ]

    def damage_dealers(self: Any, chars: Any) -> list[Any]:
        fixed = self.state.__dict__.get("fixed_first_strikers")
        if self.state.first_strikers is not None or fixed is None:
            return list(dealers(self, chars))
        combatants = [
            o for o in self.state.permanents() if (o.attacking or o.blocking) and "Creature" in chars[o.id].types
        ]
        if not fixed:
            return combatants
        self.state.first_strikers = list(fixed)
        return [o for o in combatants if o.id in fixed]

    def end_combat(self: Any) -> None:
        self.state.__dict__.pop("fixed_first_strikers", None)
        end(self)

    mp.setattr(combat.CombatRules, "declare_blockers", declare_blockers)
    mp.setattr(combat_damage.CombatDamageRules, "_damage_dealers", damage_dealers)
    mp.setattr(combat.CombatRules, "_end_combat", end_combat)


def evasion_read_from_printed_card(mp: pytest.MonkeyPatch) -> None:
    """Flying and menace checked against the attacker's printed abilities as blockers are declared,
    not the abilities it has now (509.1b, 613.1f)."""
    check_block = combat.CombatRules._check_block
    check_menace = combat.CombatRules._check_menace

    def printed(chars: Any, ids: set[int], self: Any) -> Any:
        chars = changeable(chars)
        for i in ids:
            chars[i].keywords = [a.keyword for a in self.obj(i).face().abilities if a.keyword]
        return chars

    def block(self: Any, player: str, blocker: Any, attacker: Any, chars: Any, chosen: set[int]) -> None:
        check_block(self, player, blocker, attacker, printed(chars, {attacker.id}, self), chosen)

    def menace(self: Any, blocks: list[tuple[int, int]], chars: Any) -> None:
        check_menace(self, blocks, printed(chars, {a for _, a in blocks}, self))

    mp.setattr(combat.CombatRules, "_check_block", block)
    mp.setattr(combat.CombatRules, "_check_menace", menace)


def blocks_rechecked_after_declaration(mp: pytest.MonkeyPatch) -> None:
    """Flying's block restriction checked again after blockers are declared: a blocker of a
    creature with flying that no longer has flying or reach is removed from combat (506.4a,
    509.1b: restrictions are checked as blockers are declared; losing an ability removes nothing
    from combat, 506.4)."""
    original = sba.StateBasedActions.check_state_based_actions

    def check(self: Any) -> bool:
        chars = combat_damage.compute(self.state)
        for obj in self.state.permanents():
            for attacker_id in list(obj.blocking):
                if attacker_id not in chars or obj.id not in chars:
                    continue  # it has left the battlefield
                flying = "flying" in chars[attacker_id].keywords
                if flying and not {"flying", "reach"} & set(chars[obj.id].keywords):
                    obj.blocking = [a for a in obj.blocking if a != attacker_id]
        return bool(original(self))

    mp.setattr(sba.StateBasedActions, "check_state_based_actions", check)


def sick_once_made_a_creature(mp: pytest.MonkeyPatch) -> None:
    """A permanent that became a creature this turn can't attack, though its controller has
    controlled it since the turn began (302.6, 508.1a: control, not how long it has been a creature)."""
    original = combat.CombatRules.declare_attackers

    def declare_attackers(self: Any, player: str, attacker_ids: list[int]) -> None:
        if self.state.awaiting_attackers and player == self.state.active:
            for i in attacker_ids:
                obj = self.obj(i)
                animated = any(
                    i in effect.affected and "Creature" in effect.change.get("add_types", [])
                    for effect in self.state.effects
                    if effect.until_end_of_turn  # begun this turn
                )
                if animated and "haste" not in self.chars(obj).keywords:
                    raise Rejected(
                        "summoning-sickness", f"{self.name(obj)} became a creature this turn", also=("not-allowed",)
                    )
        original(self, player, attacker_ids)

    mp.setattr(combat.CombatRules, "declare_attackers", declare_attackers)


def combat_skipped_once_attackers_leave(mp: pytest.MonkeyPatch) -> None:
    """The declare blockers and combat damage steps skipped when no creature is attacking as the
    declare attackers step ends (508.8: when none was declared as an attacker)."""
    original = game.Game.end_step

    def end_step(self: Any) -> None:
        if self.state.step == "declare-attackers" and not any(o.attacking for o in self.state.permanents()):
            self.state.attackers_declared = False
        original(self)

    mp.setattr(game.Game, "end_step", end_step)


def attackers_in_beginning_of_combat(mp: pytest.MonkeyPatch) -> None:
    """Attackers declared in the beginning of combat step, before the declare attackers step
    (508.1: the declare attackers step's turn-based action)."""
    original = combat.CombatRules.declare_attackers

    def declare_attackers(self: Any, player: str, attacker_ids: list[int]) -> None:
        if self.state.step == "beginning-of-combat" and player == self.state.active:
            if not self.state.__dict__.get("declared_early"):
                self.state.__dict__["declared_early"] = True
                self.state.awaiting_attackers = True
        original(self, player, attacker_ids)

    mp.setattr(combat.CombatRules, "declare_attackers", declare_attackers)


MUTANTS = [
    Mutant(
        "menace-counted-per-declaration",
        (),
        "menace satisfied by two blockers in the whole declaration, whichever attackers they block (702.111b)",
        menace_counted_per_declaration,
        ("A creature with menace can't be blocked by one creature while another creature blocks a different attacker",),
    ),
    Mutant(
        "trample-for-blockers",
        (),
        "a blocking creature with trample assigns its excess damage to the attacking player (702.19a)",
        trample_for_blockers,
        ("A blocking creature with trample deals all its damage to the attacker and none to the attacking player",),
    ),
    Mutant(
        "lifelink-to-owner",
        (),
        "lifelink's life goes to the source's owner, not its controller (702.15b)",
        lifelink_to_owner,
        ("Lifelink gains life for the creature's controller, not its owner",),
    ),
    Mutant(
        "lifelink-to-equipment-controller",
        (),
        "lifelink granted by an Equipment gains life for the Equipment's controller (702.15b, 301.5d)",
        lifelink_to_equipment_controller,
        ("Lifelink granted by another player's Equipment gains life for the creature's controller",),
    ),
    Mutant(
        "first-strike-fixed-at-blocks",
        (),
        "who strikes first decided as blockers are declared, not as the combat damage step begins (510.4)",
        first_strike_fixed_at_blocks,
        ("A creature given first strike after blockers are declared deals its damage in the first combat damage step",),
    ),
    Mutant(
        "evasion-read-from-printed-card",
        (),
        "flying and menace checked against the attacker's printed abilities as blockers are declared (509.1b)",
        evasion_read_from_printed_card,
        ("An attacker that lost flying after attacking can be blocked by a creature without flying or reach",),
    ),
    Mutant(
        "blocks-rechecked-after-declaration",
        (),
        "a blocker of a flyer that loses flying or reach is removed from combat (506.4a, 509.1b)",
        blocks_rechecked_after_declaration,
        ("A creature with reach blocking a flyer keeps blocking after it loses reach",),
    ),
    Mutant(
        "sick-once-made-a-creature",
        (),
        "a permanent controlled since the turn began that became a creature this turn can't attack (302.6)",
        sick_once_made_a_creature,
        ("A land controlled since the turn began that became a creature this turn can attack",),
    ),
    Mutant(
        "combat-skipped-once-attackers-leave",
        (),
        "the declare blockers and combat damage steps skipped when no declared attacker is still attacking (508.8)",
        combat_skipped_once_attackers_leave,
        ("The declare blockers and combat damage steps happen even when the only declared attacker has left combat",),
    ),
    Mutant(
        "attackers-in-beginning-of-combat",
        (),
        "attackers may be declared in the beginning of combat step (508.1)",
        attackers_in_beginning_of_combat,
        ("Attackers can't be declared in the beginning of combat step",),
    ),
]
