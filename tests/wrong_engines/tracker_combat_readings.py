"""Wrong engines of combat that reproduce defects reported in real engines' public trackers (issue
38), each named with its repository and issue or pull request and translated into the reference
engine's terms and the card pool: the two combat damage steps of first and double strike (510.4,
702.7b, 702.4b), blockers that have left combat (702.19d, 510.1c), trample (702.19b, 702.2c),
lifelink (702.15b), deathtouch (702.2b), tapping attackers (508.1f) and summoning sickness
(302.6).  No seed ruling is about these rules: each names the ``@rules`` scenarios (features/rules/)
that catch it."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import activation, combat, combat_damage, zones
from oracle.engine.characteristics import Characteristics, compute
from oracle.engine.state import GameObject

from . import Mutant

Assignment = tuple[GameObject, GameObject | str, int]


def _strikes_first(chars: dict[int, Characteristics], obj: GameObject) -> bool:
    return bool(set(combat_damage.STRIKE_FIRST) & set(chars[obj.id].keywords))


def damage_steps_back_to_back(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase pull request #2165 (closing issue #692, a double striker that No Mercy should
    have destroyed after its first-strike damage hit again): `resolve_combat_damage` ran both
    combat damage steps back to back, without the priority window between them (510.4: the first
    is a step of its own, in which players get priority).  Here the second step's damage is dealt
    as the first step's is, state-based actions checked in between, and the phase goes on as after
    the second."""
    original = combat_damage.CombatDamageRules._combat_damage

    def combat_damage_(self: Any) -> None:
        original(self)
        if self.state.first_strikers is not None and not self.state.second_damage_step:
            self.check_state_based_actions()
            original(self)  # the second step's dealers; second_damage_step is now set

    mp.setattr(combat_damage.CombatDamageRules, "_combat_damage", combat_damage_)


def attacker_strikes_with_first_striking_blockers(mp: pytest.MonkeyPatch) -> None:
    """Card-Forge/forge issue #8174 ("Program does not understand first strike/double strike when
    blocking"): a 4/5 with deathtouch blocked by first-strikers worth 5 power killed them all, and a
    4/4 blocked by a 2/2 double striker survived it: the attacker deals its damage in the first
    combat damage step, together with the blockers' first-strike damage (702.7b: only creatures
    with first or double strike assign damage in that step)."""
    original = combat_damage.CombatDamageRules._damage_dealers

    def dealers(self: Any, chars: dict[int, Characteristics]) -> list[GameObject]:
        first = self.state.first_strikers is None
        found = original(self, chars)
        if not first or self.state.first_strikers is None:
            return list(found)
        along = [
            o
            for o in self.state.permanents()
            if o.attacking
            and o not in found
            and "Creature" in chars[o.id].types
            and any(_strikes_first(chars, b) for b in self.blockers_of(o))
        ]
        self.state.first_strikers = [*self.state.first_strikers, *(o.id for o in along)]  # not again in the second
        return [*found, *along]

    mp.setattr(combat_damage.CombatDamageRules, "_damage_dealers", dealers)


def lost_first_strike_strikes_again(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #10232 ("First Strike Anthem Dying in First Strike Phase Resulting in
    Double Strike"): Archetype of Courage died in the first combat damage step, and a creature that
    had first strike from it as that step began dealt its damage again in the second (702.7b: the
    second step is for those that had neither first nor double strike as the first began)."""
    original = combat_damage.CombatDamageRules._damage_dealers

    def dealers(self: Any, chars: dict[int, Characteristics]) -> list[GameObject]:
        second = self.state.first_strikers is not None
        found = list(original(self, chars))
        if not second:
            return found
        lost = [
            o
            for o in self.state.permanents()
            if (o.attacking or o.blocking)
            and o not in found
            and "Creature" in chars[o.id].types
            and o.id in self.state.first_strikers
            and not _strikes_first(chars, o)
        ]
        return [*found, *lost]

    mp.setattr(combat_damage.CombatDamageRules, "_damage_dealers", dealers)


def second_step_for_those_that_dealt_none(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage pull request #12297 as first submitted (the fix of #10232; its review: "a 0
    power first strike creature gets boosted between both damage steps", and the author's "Yep,
    you're absolutely right"): its FirstStrikeDamageWatcher recorded the creatures that dealt
    damage in the first combat damage step, and the second step took every other one, so a first
    striker that dealt none there strikes in the second (702.7b: it had first strike as the first
    step began)."""
    original_dealers = combat_damage.CombatDamageRules._damage_dealers
    original_deal = combat_damage.CombatDamageRules._deal

    def dealers(self: Any, chars: dict[int, Characteristics]) -> list[GameObject]:
        if self.state.first_strikers is None:
            return list(original_dealers(self, chars))
        self.state.second_damage_step = True
        return [
            o
            for o in self.state.permanents()
            if (o.attacking or o.blocking)
            and "Creature" in chars[o.id].types
            and (not getattr(o, "dealt_first_step_damage", False) or "double strike" in chars[o.id].keywords)
        ]

    def deal(self: Any, assignments: list[Assignment], chars: dict[int, Characteristics]) -> None:
        if self.state.first_strikers is not None and not self.state.second_damage_step:
            for source, _, amount in assignments:
                if amount > 0:
                    source.dealt_first_step_damage = True
        original_deal(self, assignments, chars)

    mp.setattr(combat_damage.CombatDamageRules, "_damage_dealers", dealers)
    mp.setattr(combat_damage.CombatDamageRules, "_deal", deal)


def stale_blockers_take_the_damage(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #1740 ("Combat damage uses stale combat state: dead blockers/attackers
    still participate"): a blocker that left the battlefield stayed in the combat's blocker maps, and
    the attacker it blocked went on assigning damage to it, a trampler lethal damage before the
    player (702.19d, 510.1c: only the creatures blocking it now).  Here the blockers declared are
    recorded with their characteristics then, and each that has left is still offered its share of
    the damage, which is dealt to nothing; a trampler whose one blocker has left assigns it lethal
    damage and the rest to the player, as phase.rs's single-blocker dispatch did."""
    original_declare = combat.CombatRules.declare_blockers
    original_assign = combat_damage.CombatDamageRules._assign_attacker
    original_blockers = combat.CombatRules.blockers_of

    def declare_blockers(self: Any, player: str, blocks: list[tuple[int, int]]) -> None:
        original_declare(self, player, blocks)
        chars = compute(self.state)
        for attacker in self.state.permanents():
            declared = [b for b in self.state.permanents() if attacker.id in b.blocking]
            if declared:
                attacker.declared_blockers = tuple((b.clone(), chars[b.id].copy()) for b in declared)

    def stale(self: Any, attacker: GameObject) -> list[tuple[GameObject, Characteristics]]:
        current = {b.id for b in original_blockers(self, attacker)}
        return [(b, ch) for b, ch in getattr(attacker, "declared_blockers", ()) if b.id not in current]

    def blockers_of(self: Any, attacker: GameObject) -> list[GameObject]:
        return [*original_blockers(self, attacker), *(b for b, _ in stale(self, attacker))]

    def assign(self: Any, attacker: GameObject, chars: dict[int, Characteristics]) -> list[Assignment]:
        left = stale(self, attacker)
        if not left:
            return list(original_assign(self, attacker, chars))
        with_stale = dict(chars)
        with_stale.update({b.id: ch for b, ch in left})
        blockers = blockers_of(self, attacker)
        power = chars[attacker.id].power or 0
        if len(blockers) == 1 and power > 0 and "trample" in chars[attacker.id].keywords:
            # the single-blocker dispatch: lethal damage to the blocker, the rest to the player
            deathtouch = "deathtouch" in chars[attacker.id].keywords
            lethal = min(power, self._lethal(blockers[0], with_stale, deathtouch))
            defender = self.state.opponents(attacker.controller)[0]
            return [(attacker, r, n) for r, n in ((blockers[0], lethal), (defender, power - lethal)) if n]
        return list(original_assign(self, attacker, with_stale))

    mp.setattr(combat.CombatRules, "declare_blockers", declare_blockers)
    mp.setattr(combat.CombatRules, "blockers_of", blockers_of)
    mp.setattr(combat_damage.CombatDamageRules, "_assign_attacker", assign)


def combat_roles_survive_leaving(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase pull request #4679 ("Fix combat roles persisting through battlefield exits
    (CR 506.4)"): a permanent leaving the battlefield was never removed from the combat's attackers
    and blockers, and as phase.rs keeps an object's id across zones, a blocker that died and came
    back (Undying, blink, exile and return) was still blocking (506.4, 400.7: it is a new object,
    removed from combat as the old one left).  Here what a permanent was in combat as it left is
    kept by its card, and given back to it if it returns before combat ends."""
    original_move = zones.ZoneRules.move
    original_end = combat.CombatRules._end_combat

    def move(self: Any, obj: GameObject, zone: str, controller: str | None = None) -> GameObject:
        new = original_move(self, obj, zone, controller)
        kept: dict[str, tuple[tuple[int, ...], bool, bool | None]] = getattr(self.state, "combat_roles_kept", {})
        if obj.zone == "battlefield" and (obj.blocking or obj.attacking) and obj.ref:
            self.state.combat_roles_kept = {**kept, obj.ref: (tuple(obj.blocking), obj.attacking, obj.blocked)}
        elif zone == "battlefield" and new.ref in kept:
            blocking, attacking, blocked = kept[new.ref]
            new.blocking, new.attacking, new.blocked = list(blocking), attacking, blocked
        return new

    def end_combat(self: Any) -> None:
        original_end(self)
        self.state.combat_roles_kept = {}

    mp.setattr(zones.ZoneRules, "move", move)
    mp.setattr(combat.CombatRules, "_end_combat", end_combat)


def first_step_division_reused(mp: pytest.MonkeyPatch) -> None:
    """wingedsheep/argentum-engine pull request #1598 ("Fix double strike + trample spilling regular
    damage past surviving blockers"): the damage assignment chosen in the first-strike damage step
    was kept until the end of combat and reused verbatim in the regular one, its amounts for
    blockers no longer there sent to the defending player by trample, or lost without it (510.1c,
    510.4: each combat damage step has an assignment of its own, among the creatures blocking it
    then)."""
    original = combat_damage.CombatDamageRules._assign_attacker

    def assign(self: Any, attacker: GameObject, chars: dict[int, Characteristics]) -> list[Assignment]:
        kept = getattr(attacker, "first_step_division", None)
        if self.state.second_damage_step and kept is not None:
            defender = self.state.opponents(attacker.controller)[0]
            trample = "trample" in chars[attacker.id].keywords
            blocking = {b.id for b in self.blockers_of(attacker)}
            reused: list[Assignment] = []
            for recipient, amount in kept:
                if isinstance(recipient, str):
                    reused.append((attacker, recipient, amount))
                elif recipient in blocking:
                    reused.append((attacker, self.state.objects[recipient], amount))
                elif trample:
                    reused.append((attacker, defender, amount))
            return reused
        result = list(original(self, attacker, chars))
        if self.state.first_strikers is not None and not self.state.second_damage_step:
            attacker.first_step_division = tuple((r if isinstance(r, str) else r.id, amount) for _, r, amount in result)
        return result

    mp.setattr(combat_damage.CombatDamageRules, "_assign_attacker", assign)


def trample_lethal_to_all_without_excess(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase pull request #1816 ("trample damage assignment stuck with power < combined
    lethal"): the damage assignment of an attacker with trample required lethal damage to every
    blocker even when none of its damage went to the player (702.19b makes lethal damage to each
    blocker the condition of assigning damage to the player, nothing more).  Where no division
    meets it, the reported deadlock is left out and the legal divisions are offered."""
    original = combat_damage.CombatDamageRules._tramples_legally
    assign = combat_damage.CombatDamageRules._assign_attacker

    def legally(
        self: Any, attacker: GameObject, blockers: list[GameObject], amounts: tuple[int, ...], chars: Any
    ) -> bool:
        if getattr(self, "_every_division_refused", False):
            return bool(original(self, attacker, blockers, amounts, chars))
        deathtouch = "deathtouch" in chars[attacker.id].keywords
        return all(amount >= self._lethal(b, chars, deathtouch) for b, amount in zip(blockers, amounts, strict=False))

    def assign_(self: Any, attacker: GameObject, chars: dict[int, Characteristics]) -> list[Assignment]:
        blockers = self.blockers_of(attacker)
        power = chars[attacker.id].power or 0
        if blockers and power > 0 and "trample" in chars[attacker.id].keywords:
            deathtouch = "deathtouch" in chars[attacker.id].keywords
            total = sum(self._lethal(b, chars, deathtouch) for b in blockers)
            self._every_division_refused = total > power
        try:
            return list(assign(self, attacker, chars))
        finally:
            self._every_division_refused = False

    mp.setattr(combat_damage.CombatDamageRules, "_tramples_legally", legally)
    mp.setattr(combat_damage.CombatDamageRules, "_assign_attacker", assign_)


def trample_deathtouch_needs_toughness(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #290 ("Attacking creature with trample and deathtouch is forced to make
    damage up to toughness of blocking creature instead of only one damage"): a 4/4 with deathtouch
    and trample blocked by a 0/4 had to assign all 4 to it (702.2c: 1 is lethal damage from a
    source with deathtouch).  The same reading as ``trample-ignores-deathtouch``, from its report."""
    original = combat_damage.CombatDamageRules._lethal

    def lethal(creature: GameObject, chars: dict[int, Characteristics], deathtouch: bool) -> int:
        return int(original(creature, chars, False))

    mp.setattr(combat_damage.CombatDamageRules, "_lethal", staticmethod(lethal))


def blocked_lifelinker_gains_nothing(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #324 ("Mister Negative — lifelink does not credit life when attacker is
    blocked"): an attacking creature with lifelink gained its controller life for its damage to the
    defending player only, none for its damage to the creature blocking it (702.15b: all the damage
    it deals)."""
    original = combat_damage.CombatDamageRules._deal

    def deal(self: Any, assignments: list[Assignment], chars: dict[int, Characteristics]) -> None:
        blocked = {
            s.id
            for s, r, _ in assignments
            if s.attacking and not isinstance(r, str) and "lifelink" in chars[s.id].keywords
        }
        if not blocked:
            original(self, assignments, chars)
            return
        without = dict(chars)
        for source_id in blocked:
            without[source_id] = chars[source_id].copy()
            without[source_id].keywords = [k for k in chars[source_id].keywords if k != "lifelink"]
        to_players = [(s, r, n) for s, r, n in assignments if s.id in blocked and isinstance(r, str)]
        original(self, [(s, r, n) for s, r, n in assignments if not (s.id in blocked and isinstance(r, str))], without)
        if to_players:  # trample's damage to the player still gains life
            original(self, to_players, chars)

    mp.setattr(combat_damage.CombatDamageRules, "_deal", deal)


def attacking_deathtouch_ignored(mp: pytest.MonkeyPatch) -> None:
    """alp82/manaschmiede issue #35 ("Simulation: a deathtouch attacker never kills the creature
    blocking it"): a blocker with deathtouch destroyed what it blocked, but nothing marked a
    creature dealt damage by an attacker with deathtouch, so it survived with 1 damage (702.2b,
    704.5h: any creature dealt damage by a source with deathtouch)."""
    original = combat_damage.CombatDamageRules._deal

    def deal(self: Any, assignments: list[Assignment], chars: dict[int, Characteristics]) -> None:
        without = dict(chars)
        for source, _, _ in assignments:
            if source.attacking and "deathtouch" in chars[source.id].keywords:
                without[source.id] = chars[source.id].copy()
                without[source.id].keywords = [k for k in chars[source.id].keywords if k != "deathtouch"]
        original(self, assignments, without)

    mp.setattr(combat_damage.CombatDamageRules, "_deal", deal)


def attackers_stay_untapped(mp: pytest.MonkeyPatch) -> None:
    """MedeaMelana/Magic pull request #52 ("Attackers without Vigilance are now tapped."): before it,
    declaring a creature as an attacker left it untapped, with or without vigilance (508.1f: the
    chosen creatures without vigilance become tapped)."""
    original = combat.CombatRules.declare_attackers

    def declare_attackers(self: Any, player: str, attacker_ids: list[int]) -> None:
        untapped = {i for i in attacker_ids if i in self.state.objects and not self.state.objects[i].tapped}
        original(self, player, attacker_ids)
        for object_id in untapped:
            self.state.objects[object_id].tapped = False

    mp.setattr(combat.CombatRules, "declare_attackers", declare_attackers)


def animated_land_free_of_summoning_sickness(mp: pytest.MonkeyPatch) -> None:
    """wingedsheep/argentum-engine pull request #468 ("Fix summoning sickness for Vehicles and
    animated permanents"): summoning sickness was given only to permanents whose printed type line
    is Creature, so a Vehicle crewed or a land animated the turn it entered attacked that turn
    (302.6, 508.1a: control since the turn began, whatever the permanent was then)."""
    original = activation.ActivationRules._free_of_summoning_sickness

    def free(self: Any, obj: GameObject) -> bool:
        return "Creature" not in obj.face().types or bool(original(self, obj))

    mp.setattr(activation.ActivationRules, "_free_of_summoning_sickness", free)


MUTANTS: list[Mutant] = [
    Mutant(
        "damage-steps-back-to-back",
        (),
        "the two combat damage steps are dealt at once, with no priority in the first (510.4)",
        damage_steps_back_to_back,
        ("A creature with double strike deals combat damage in both combat damage steps",),
        source="phase-rs/phase pull request #2165: fix(engine): priority window after first-strike combat damage",
    ),
    Mutant(
        "attacker-strikes-with-first-striking-blockers",
        (),
        "an attacker blocked by a first or double striker deals its damage in the first combat damage step (702.7b)",
        attacker_strikes_with_first_striking_blockers,
        (
            "A blocker with first strike destroys the attacker before it deals damage",
            "A blocker with double strike deals damage in both steps, the attacker only in the second",
        ),
        source="Card-Forge/forge issue #8174: Program does not understand first strike/double strike when blocking",
    ),
    Mutant(
        "lost-first-strike-strikes-again",
        (),
        "a creature that had first strike as the first combat damage step began and lost it deals damage in the"
        " second (702.7b)",
        lost_first_strike_strikes_again,
        ("A creature that loses first strike after the first combat damage step deals no damage in the second",),
        source="magefree/mage issue #10232: First Strike Anthem Dying in First Strike Phase Resulting in Double Strike",
    ),
    Mutant(
        "second-step-for-those-that-dealt-none",
        (),
        "the second combat damage step is for the creatures that dealt no damage in the first (702.7b)",
        second_step_for_those_that_dealt_none,
        ("A first striker that dealt no damage in the first combat damage step deals none in the second",),
        source="magefree/mage pull request #12297 (review): Fix first strike damage logic",
    ),
    Mutant(
        "stale-blockers-take-the-damage",
        (),
        "a blocker that left the battlefield is still assigned its share of the damage (702.19d, 510.1c)",
        stale_blockers_take_the_damage,
        ("A blocked trampler whose blocker has left combat assigns all its damage to the player",),
        source="phase-rs/phase issue #1740: Combat damage uses stale combat state: dead blockers/attackers still"
        " participate",
    ),
    Mutant(
        "combat-roles-survive-leaving",
        (),
        "a blocker that leaves the battlefield and returns during the combat is still blocking (506.4, 400.7)",
        combat_roles_survive_leaving,
        ("A blocker that dies and returns to the battlefield is a new object, not blocking",),
        source="phase-rs/phase pull request #4679: Fix combat roles persisting through battlefield exits (CR 506.4)",
    ),
    Mutant(
        "first-step-division-reused",
        (),
        "the division of the first combat damage step is reused in the second (510.1c, 510.4)",
        first_step_division_reused,
        ("A double striker divides its damage again in the second combat damage step among the blockers left",),
        source="wingedsheep/argentum-engine pull request #1598: Fix double strike + trample spilling regular damage"
        " past surviving blockers",
    ),
    Mutant(
        "trample-lethal-to-all-without-excess",
        (),
        "trample needs lethal damage to every blocker even when nothing is assigned to the player (702.19b)",
        trample_lethal_to_all_without_excess,
        ("Trample needs no lethal damage to each blocker when none of its damage goes to the player",),
        source="phase-rs/phase pull request #1816: fix(frontend): trample damage assignment stuck with power <"
        " combined lethal",
    ),
    Mutant(
        "trample-deathtouch-needs-toughness",
        (),
        "an attacker with trample and deathtouch must assign its blocker's toughness before the player (702.2c)",
        trample_deathtouch_needs_toughness,
        ("Trample with deathtouch needs to assign only 1 damage to a blocker before the player",),
        source="magefree/mage issue #290: Attacking creature with trample and deathtouch is forced to make damage up"
        " to toughness of blocking creature instead of only one damage",
    ),
    Mutant(
        "blocked-lifelinker-gains-nothing",
        (),
        "an attacking creature's lifelink gains no life for its damage to the creature blocking it (702.15b)",
        blocked_lifelinker_gains_nothing,
        ("Combat damage to a blocking creature from a creature with lifelink gains life too",),
        source="phase-rs/phase issue #324: Mister Negative — lifelink does not credit life when attacker is blocked",
    ),
    Mutant(
        "attacking-deathtouch-ignored",
        (),
        "damage from an attacking creature with deathtouch doesn't destroy the blocker (702.2b, 704.5h)",
        attacking_deathtouch_ignored,
        ("One damage from an attacker with deathtouch destroys a blocker with toughness 4",),
        source="alp82/manaschmiede issue #35: Simulation: a deathtouch attacker never kills the creature blocking it",
    ),
    Mutant(
        "attackers-stay-untapped",
        (),
        "declaring a creature as an attacker doesn't tap it (508.1f)",
        attackers_stay_untapped,
        ("A creature declared as an attacker becomes tapped",),
        source="MedeaMelana/Magic pull request #52: Attackers without Vigilance are now tapped.",
    ),
    Mutant(
        "animated-land-free-of-summoning-sickness",
        (),
        "a permanent printed without the creature type is never summoning sick (302.6)",
        animated_land_free_of_summoning_sickness,
        ("A land that came under its controller's control this turn and became a creature can't attack",),
        source="wingedsheep/argentum-engine pull request #468: Fix summoning sickness for Vehicles and animated"
        " permanents",
    ),
]
