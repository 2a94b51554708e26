"""Wrong engines of the turn, state-based actions, triggers and resolution that a third independent
rules review found passing the whole suite (review of 2026-12-04, round 1 of basics, zones,
state_based_actions, triggered_abilities, upkeep_sacrifice, until_end_of_turn, cleanup, priority,
turn_structure, resolving, damage and equip): no priority in a cleanup step with a state-based
action (514.3a), the cleanup step's two actions apart (514.2), lethal damage judged only as damage
is dealt (704.5g), triggers not put on the stack in APNAP order (603.3b), creatures removed from
combat at the wrong moment (511.3), Damping Sphere counting every player's spells (601.2f), an
Equipment that doesn't move or stays behind (701.3a, 301.5c), targets and effects that follow the
card to a new object (608.2b, 611.2c, 400.7), a draw from an empty library ignored outside the draw
step (704.5b), and "you control" dropped from a triggered ability's target (603.3d, 115.1).  No seed
ruling is about these rules: each names the ``@rules`` scenarios (features/rules/) written to catch
it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from oracle.engine import casting, characteristics, combat, effects, game, sba, triggers, zones
from oracle.engine.characteristics import compute

from . import Mutant, patch_everywhere


def no_priority_in_cleanup(mp: pytest.MonkeyPatch) -> None:
    """514.3 read as "never": the cleanup step ends with no player receiving priority even when
    state-based actions would be performed, which wait for the next time a player would receive
    priority, in the next turn (514.3a, 704.3: the check also occurs during the cleanup step)."""
    mp.setattr(game.Game, "_cleanup_priority", lambda self, active: False)


def cleanup_ends_effects_before_removing_damage(mp: pytest.MonkeyPatch) -> None:
    """The cleanup step's 514.2 done as two events with a check of state-based actions between
    them: "until end of turn" effects end, the game checks, then damage is removed (514.2: the two
    happen simultaneously)."""
    original = game.Game._cleanup
    priority = game.Game._cleanup_priority

    def cleanup(self: Any, active: str) -> None:
        marked = {o.id: o.damage for o in self.state.permanents()}
        original(self, active)
        for object_id, damage in marked.items():
            if object_id in self.state.objects:
                self.state.objects[object_id].damage = damage
        self.state.__dict__["acted_in_cleanup"] = self.check_state_based_actions()
        for obj in self.state.permanents():
            obj.damage = 0

    def cleanup_priority(self: Any, active: str) -> bool:
        if self.state.__dict__.pop("acted_in_cleanup", False):  # 514.3a as the reference does it
            self.state.cleanup_again = True
            self.state.passes = 0
            self.give_priority(active)
            return True
        return bool(priority(self, active))

    mp.setattr(game.Game, "_cleanup", cleanup)
    mp.setattr(game.Game, "_cleanup_priority", cleanup_priority)


def lethal_damage_checked_as_dealt(mp: pytest.MonkeyPatch) -> None:
    """A creature destroyed for lethal damage only by the check that follows the damage: one whose
    toughness later drops to the damage already marked on it survives (704.5g, 120.6: a state,
    checked whenever a player would receive priority)."""
    original = sba.StateBasedActions.check_state_based_actions

    def check(self: Any) -> bool:
        seen = self.state.__dict__.get("damage_seen", {})
        hidden = {}
        for obj in self.state.permanents():
            if obj.damage and obj.damage <= seen.get(obj.id, 0):  # no new damage since the last check
                hidden[obj.id] = obj.damage
                obj.damage = 0
        try:
            acted = bool(original(self))
        finally:
            for object_id, damage in hidden.items():
                if object_id in self.state.objects:
                    self.state.objects[object_id].damage = damage
        self.state.__dict__["damage_seen"] = {o.id: o.damage for o in self.state.permanents()}
        return acted

    mp.setattr(sba.StateBasedActions, "check_state_based_actions", check)


def triggers_nonactive_player_first(mp: pytest.MonkeyPatch) -> None:
    """Waiting triggered abilities put on the stack the nonactive player's first, so the active
    player's resolve first (603.3b, 101.4: the active player puts theirs first)."""
    original = triggers.TriggerRules._stack_pending_triggers

    def stack(self: Any) -> None:
        apnap = self.state.apnap
        self.state.apnap = lambda: list(reversed(apnap()))
        try:
            original(self)
        finally:
            del self.state.apnap

    mp.setattr(triggers.TriggerRules, "_stack_pending_triggers", stack)


def triggers_in_seating_order(mp: pytest.MonkeyPatch) -> None:
    """Waiting triggered abilities put on the stack in the players' seating order, the first
    player's first whoever is active (603.3b, 101.4: APNAP order starts with the active player)."""
    original = triggers.TriggerRules._stack_pending_triggers

    def stack(self: Any) -> None:
        self.state.apnap = lambda: [p.name for p in self.state.players]
        try:
            original(self)
        finally:
            del self.state.apnap

    mp.setattr(triggers.TriggerRules, "_stack_pending_triggers", stack)


def _stack_as_one_list(mp: pytest.MonkeyPatch, newest_first: bool) -> None:
    """Waiting triggered abilities of several players put on the stack as one list, in the order
    they triggered (their sources' timestamps) or the reverse, whoever controls them."""
    original = triggers.TriggerRules._stack_pending_triggers

    def stack(self: Any) -> None:
        pending = self.state.pending_triggers
        if len({t.controller for t in pending}) < 2:
            original(self)
            return
        self.state.pending_triggers = []
        for item in reversed(pending) if newest_first else pending:
            if self._choose_trigger_targets(item):
                self.state.stack.append(item)
                self.log("put-on-stack", source=item.source_info["characteristics"].name)

    mp.setattr(triggers.TriggerRules, "_stack_pending_triggers", stack)


def triggers_in_the_order_they_triggered(mp: pytest.MonkeyPatch) -> None:
    """Waiting triggered abilities of several players put on the stack in the order they
    triggered, the oldest source's first, whoever controls them (603.3b: each player in APNAP order
    puts their own)."""
    _stack_as_one_list(mp, newest_first=False)


def triggers_newest_source_first(mp: pytest.MonkeyPatch) -> None:
    """Waiting triggered abilities of several players put on the stack the newest source's first,
    whoever controls them (603.3b: each player in APNAP order puts their own)."""
    _stack_as_one_list(mp, newest_first=True)


def _remove_combat_roles(state: Any) -> None:
    for obj in state.permanents():
        obj.attacking, obj.blocked, obj.blocking = False, None, []


def _keep_combat_roles(mp: pytest.MonkeyPatch) -> None:
    """As the end of combat step ends, the combat's bookkeeping ends but every creature stays in combat."""

    def end_combat(self: Any) -> None:
        self.state.first_strikers = None
        self.state.second_damage_step = False
        self.state.attackers_declared = False

    mp.setattr(combat.CombatRules, "_end_combat", end_combat)


def removed_from_combat_as_end_of_combat_begins(mp: pytest.MonkeyPatch) -> None:
    """Creatures removed from combat as the end of combat step begins (or as the combat damage step
    ends), so none is attacking or blocking during it (511.3: as soon as the step ends; 511.1: it has
    no turn-based action)."""
    original = game.Game.begin_step

    def begin_step(self: Any, step: str) -> None:
        if step == "end-of-combat":
            _remove_combat_roles(self.state)
        original(self, step)

    mp.setattr(game.Game, "begin_step", begin_step)


def combat_roles_kept_until_cleanup(mp: pytest.MonkeyPatch) -> None:
    """Creatures removed from combat only in the cleanup step, so they are still attacking and
    blocking in the postcombat main phase and the end step (511.3: as the end of combat step ends)."""
    _keep_combat_roles(mp)
    original = game.Game._cleanup

    def cleanup(self: Any, active: str) -> None:
        _remove_combat_roles(self.state)
        original(self, active)

    mp.setattr(game.Game, "_cleanup", cleanup)


def combat_roles_kept_until_next_attack(mp: pytest.MonkeyPatch) -> None:
    """Creatures removed from combat only when attackers are next declared, so they stay attacking
    and blocking until the next combat (511.3, 508.1k: until the combat phase ends)."""
    _keep_combat_roles(mp)
    original = combat.CombatRules.declare_attackers

    def declare_attackers(self: Any, player: str, attacker_ids: list[int]) -> None:
        if self.state.awaiting_attackers and player == self.state.active:
            _remove_combat_roles(self.state)
        original(self, player, attacker_ids)

    mp.setattr(combat.CombatRules, "declare_attackers", declare_attackers)


def damping_sphere_counts_every_players_spells(mp: pytest.MonkeyPatch) -> None:
    """One count of the spells cast this turn for the game: Damping Sphere's increase counts the
    spells every player cast, not those "that player" cast (601.2f, the card's text)."""

    def cost_increase(self: Any, player: str) -> int:
        chars = compute(self.state)
        cast_before = sum(p.spells_cast_this_turn for p in self.state.players)
        return sum(
            int(params["amount"]) * cast_before
            for obj in self.state.permanents()
            for ability in chars[obj.id].abilities
            for params in ability.static_effects("spell_cost_increase_per_other_spell")
        )

    mp.setattr(casting.CastingRules, "_cost_increase", cost_increase)


def equip_moves_only_unattached_equipment(mp: pytest.MonkeyPatch) -> None:
    """701.3b's "already attached to" read as attached to anything: equipping an Equipment that is
    attached to another creature does nothing (701.3a: it is taken from where it is and put onto
    the new creature)."""
    original = effects.HANDLERS["attach_to_target"]

    def attach(g: Any, item: Any, params: dict[str, Any]) -> None:
        source = g.state.objects.get(item.source_id)
        if source is not None and source.attached_to is not None:
            return
        original(g, item, params)

    mp.setitem(effects.HANDLERS, "attach_to_target", attach)


def equipment_stays_on_its_old_creature(mp: pytest.MonkeyPatch) -> None:
    """The new attachment recorded without the old one removed: an Equipment moved to another
    creature still equips the first, and both get its bonus (701.3a, 301.5c: it can't equip more
    than one creature)."""
    original = effects.HANDLERS["attach_to_target"]
    matches = characteristics.matches

    def attach(g: Any, item: Any, params: dict[str, Any]) -> None:
        source = g.state.objects.get(item.source_id)
        before = source.attached_to if source is not None else None
        original(g, item, params)
        if source is not None and before is not None and source.attached_to != before:
            former = dict(g.state.__dict__.get("former_hosts", {}))
            former[source.id] = (*former.get(source.id, ()), before)
            g.state.__dict__["former_hosts"] = former

    def wrong_matches(state: Any, chars: Any, obj: Any, spec: Any, source: Any, controller: Any = None) -> bool:
        if spec == "attached" and source is not None and obj.id in state.__dict__.get("former_hosts", {}).get(
            source.id, ()
        ):
            return True
        return matches(state, chars, obj, spec, source, controller)

    mp.setitem(effects.HANDLERS, "attach_to_target", attach)
    patch_everywhere(mp, characteristics, "matches", wrong_matches)


def targets_tracked_by_card(mp: pytest.MonkeyPatch) -> None:
    """A target remembered by its card, not by its object: a target that left its zone and came
    back as a new object before the spell resolves is still the target (608.2b: a target no longer
    in the zone it was in is illegal; 400.7: the card that came back is a new object)."""
    choose = casting.CastingRules._choose_targets
    legal = game.Game._targets_legal

    def choose_targets(self: Any, player: str, source: Any, specs: Any, given: list[int]) -> list[int]:
        chosen = choose(self, player, source, specs, given)
        cards = dict(self.state.__dict__.get("target_cards", {}))
        cards.update({t: self.state.objects[t].ref for t in chosen if self.state.objects[t].ref})
        self.state.__dict__["target_cards"] = cards
        return list(chosen)

    def targets_legal(self: Any, item: Any, specs: Any) -> bool:
        cards = self.state.__dict__.get("target_cards", {})
        found = []
        for t in item.targets:
            if t not in self.state.objects and t in cards:
                same = [o.id for o in self.state.permanents() if o.ref == cards[t]]
                t = same[0] if same else t
            found.append(t)
        item.targets = found
        return bool(legal(self, item, specs))

    mp.setattr(casting.CastingRules, "_choose_targets", choose_targets)
    mp.setattr(game.Game, "_targets_legal", targets_legal)


def effects_follow_the_card(mp: pytest.MonkeyPatch) -> None:
    """The continuous effects of resolved spells kept by card: a creature that left the battlefield
    and came back is still affected by them (611.2c: the set of objects is fixed as the effect
    begins; 400.7: the card that came back is a new object)."""
    original = zones.ZoneRules.move

    def move(self: Any, obj: Any, zone: str, controller: str | None = None) -> Any:
        new = original(self, obj, zone, controller)
        for effect in self.state.effects:
            effect.affected = [new.id if i == obj.id else i for i in effect.affected]
        return new

    mp.setattr(zones.ZoneRules, "move", move)


def effect_draws_from_empty_library_ignored(mp: pytest.MonkeyPatch) -> None:
    """Only the draw step's draw from an empty library is recorded: a spell's or ability's "draw"
    with no card left draws nothing and loses nothing (704.5b, 121.4: any attempt to draw)."""

    def draw_cards(g: Any, item: Any, params: dict[str, Any]) -> None:
        for _ in range(effects._amount(g, item, params["amount"])):
            if g.state.player(item.controller).library:
                effects.draw(g, item.controller)

    mp.setitem(effects.HANDLERS, "draw_cards", draw_cards)


def trigger_targets_ignore_you_control(mp: pytest.MonkeyPatch) -> None:
    """"Target creature you control" of a triggered ability read as "target creature": the targets
    offered, and those checked as it resolves, include other players' creatures (603.3d, 115.1: the
    target fits its description; 109.5: "you" is the ability's controller)."""
    original = triggers.TriggerRules._choose_trigger_targets

    def choose(self: Any, item: Any) -> bool:
        specs = item.ability.spec.get("targets", [])
        if any("controller" in spec for spec in specs):
            loose = [{k: v for k, v in spec.items() if k != "controller"} for spec in specs]
            item.ability = replace(item.ability, spec={**item.ability.spec, "targets": loose})
        return bool(original(self, item))

    mp.setattr(triggers.TriggerRules, "_choose_trigger_targets", choose)


MUTANTS = [
    Mutant(
        "no-priority-in-cleanup",
        (),
        "no player receives priority in a cleanup step in which state-based actions are performed (514.3a)",
        no_priority_in_cleanup,
        (
            "A state-based action in the cleanup step gives the active player priority, and another cleanup step"
            " follows",
        ),
    ),
    Mutant(
        "cleanup-ends-effects-before-removing-damage",
        (),
        "the cleanup step ends 'until end of turn' effects, checks state-based actions, then removes damage (514.2)",
        cleanup_ends_effects_before_removing_damage,
        ("Damage and a pump end together in the cleanup step, so the creature survives",),
    ),
    Mutant(
        "lethal-damage-checked-as-dealt",
        (),
        "lethal damage judged only by the check after the damage is dealt, not as a state (704.5g, 120.6)",
        lethal_damage_checked_as_dealt,
        ("A damaged creature whose toughness drops to the damage marked on it is destroyed",),
    ),
    Mutant(
        "triggers-nonactive-player-first",
        (),
        "the nonactive player's triggered abilities go on the stack first (603.3b, 101.4)",
        triggers_nonactive_player_first,
        (
            "The nonactive player's triggered ability goes on the stack last and resolves first",
            "In Bob's turn, Alice's triggered ability goes on the stack last and resolves first",
        ),
    ),
    Mutant(
        "triggers-in-seating-order",
        (),
        "triggered abilities go on the stack in seating order, not APNAP order (603.3b, 101.4)",
        triggers_in_seating_order,
        ("In Bob's turn, Alice's triggered ability goes on the stack last and resolves first",),
    ),
    Mutant(
        "triggers-in-the-order-they-triggered",
        (),
        "the triggered abilities of several players go on the stack in the order they triggered (603.3b)",
        triggers_in_the_order_they_triggered,
        ("In Bob's turn, Alice's triggered ability goes on the stack last and resolves first",),
    ),
    Mutant(
        "triggers-newest-source-first",
        (),
        "the triggered abilities of several players go on the stack the newest source's first (603.3b)",
        triggers_newest_source_first,
        ("The nonactive player's triggered ability goes on the stack last and resolves first",),
    ),
    Mutant(
        "removed-from-combat-as-end-of-combat-begins",
        (),
        "creatures are removed from combat as the end of combat step begins (511.3, 511.1)",
        removed_from_combat_as_end_of_combat_begins,
        ("Creatures are still in combat during the end of combat step and removed from it as the step ends",),
    ),
    Mutant(
        "combat-roles-kept-until-cleanup",
        (),
        "creatures are removed from combat only in the cleanup step (511.3)",
        combat_roles_kept_until_cleanup,
        ("Creatures are still in combat during the end of combat step and removed from it as the step ends",),
    ),
    Mutant(
        "combat-roles-kept-until-next-attack",
        (),
        "creatures are removed from combat only when attackers are next declared (511.3, 508.1k)",
        combat_roles_kept_until_next_attack,
        ("Creatures are still in combat during the end of combat step and removed from it as the step ends",),
    ),
    Mutant(
        "damping-sphere-counts-every-players-spells",
        (),
        "Damping Sphere counts the spells every player cast this turn, not 'that player' (601.2f)",
        damping_sphere_counts_every_players_spells,
        ("Damping Sphere doesn't count a spell another player cast this turn",),
    ),
    Mutant(
        "equip-moves-only-unattached-equipment",
        (),
        "equipping an Equipment attached to another creature does nothing (701.3a, 701.3b)",
        equip_moves_only_unattached_equipment,
        ("Equipping Bonesplitter to another creature moves it off the first one",),
    ),
    Mutant(
        "equipment-stays-on-its-old-creature",
        (),
        "an Equipment moved to another creature still equips the first one (701.3a, 301.5c)",
        equipment_stays_on_its_old_creature,
        ("Equipping Bonesplitter to another creature moves it off the first one",),
    ),
    Mutant(
        "targets-tracked-by-card",
        (),
        "a target that left and came back as a new object is still the spell's target (608.2b, 400.7)",
        targets_tracked_by_card,
        ("A spell whose target left the battlefield and came back as a new object doesn't resolve",),
    ),
    Mutant(
        "effects-follow-the-card",
        (),
        "a resolved spell's 'until end of turn' effect follows the card to its new object (611.2c, 400.7)",
        effects_follow_the_card,
        ("A pumped creature returned to its owner's hand and cast again is a new object, not pumped",),
    ),
    Mutant(
        "effect-draws-from-empty-library-ignored",
        (),
        "a spell's draw from an empty library draws nothing and loses nothing (704.5b, 121.4)",
        effect_draws_from_empty_library_ignored,
        ("A player whose spell makes her draw from an empty library loses the game",),
    ),
    Mutant(
        "trigger-targets-ignore-you-control",
        (),
        "'target creature you control' of a triggered ability offers other players' creatures (603.3d, 115.1)",
        trigger_targets_ignore_you_control,
        ("Intrepid Rabbit's trigger can't target an opponent's creature",),
    ),
]
