"""The reference rules engine: one :class:`Game` applies the rules to one game state.

Each public method is one action a player takes; an illegal one raises
:class:`~oracle.errors.Rejected` (the caller restores the state).  When the rules
ask a player to choose, the game calls :meth:`Game.choose`, which takes the next
prepared answer or raises :class:`NeedChoice` so that the caller can ask and
replay the action.  The rules are grouped by subject in mixins; this module
holds priority, the stack (117, 405, 608) and the turn structure (500-514).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import effects
from .activation import ActivationRules
from .base import NeedChoice, PendingChoice
from .casting import CastingRules
from .combat_damage import CombatDamageRules
from .lands import LandRules
from .sba import StateBasedActions
from .state import STEPS, StackItem
from .triggers import TriggerRules
from .zones import ZoneRules

__all__ = ["Game", "NeedChoice", "PendingChoice"]

PERMANENT_TYPES = {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}


class Game(ActivationRules, CastingRules, LandRules, ZoneRules, TriggerRules, StateBasedActions, CombatDamageRules):
    """Rules applied to one game state."""

    # -- priority and the stack (117, 405, 608) ------------------------------

    def _player_acted(self, player: str) -> None:
        """117.3c: after acting, the same player receives priority."""
        self.state.passes = 0
        self.give_priority(player)

    def give_priority(self, player: str) -> None:
        """117.5: before a player receives priority, state-based actions are checked and
        triggered abilities are put on the stack, repeatedly, until neither happens."""
        while True:
            acted = self.check_state_based_actions()
            if self.state.pending_triggers:
                self._stack_pending_triggers()
                continue
            if not acted:
                break
        self.state.priority = "" if self.state.winner else player

    def pass_priority(self, player: str) -> None:
        """117.3d, 117.4: when all players pass in succession, the top of the stack
        resolves, or, if the stack is empty, the step ends."""
        self._require_priority(player)
        self.state.passes += 1
        self.log("priority-passed", player=player)
        if self.state.passes < len(self.state.players):
            order = self.state.apnap()
            self.give_priority(order[(order.index(player) + 1) % len(order)])  # 117.3d
            return
        self.state.passes = 0
        if self.state.stack:
            self.resolve_top()
            self.give_priority(self.state.active)  # 117.3b
        else:
            self.end_step()

    def resolve_top(self) -> None:
        """608.1: resolve the top object of the stack."""
        item = self.state.stack.pop()
        if item.kind == "spell":
            self._resolve_spell(item)
        else:
            self._resolve_ability(item)

    def _targets_legal(self, item: StackItem, specs: list[dict[str, Any]]) -> bool:
        """608.2b: a spell or ability whose targets are all illegal now doesn't resolve; an
        ability's source may have left the battlefield, which doesn't affect it (113.7a)."""
        if not specs:
            return True
        source = self.state.objects.get(item.source_id)
        legal = [
            t
            for spec, t in zip(specs, item.targets, strict=True)
            if self._legal_target(source, spec, t, item.controller)
        ]
        item.targets = legal
        return bool(legal)

    def _resolve_spell(self, item: StackItem) -> None:
        """608.3: a permanent spell becomes a permanent (an Aura spell, attached to its target: 303.4a, 701.3a);
        an instant or sorcery follows its instructions (608.2) and goes to the graveyard (608.2n)."""
        spell = self.obj(item.source_id)
        chars = self.chars(spell)
        self.log("resolved", card=self.name(spell))
        specs = self._spell_target_specs(spell)
        if specs and not self._targets_legal(item, specs):
            self.log("fizzled", card=self.name(spell))
            self.move(spell, "graveyard")
            return
        if PERMANENT_TYPES & set(chars.types):
            attach_to = item.targets[0] if any(a.keyword == "enchant" for a in chars.abilities) else None
            self.enter_battlefield(spell, item.controller, x=spell.x, attach_to=attach_to)
            return
        for ability in chars.abilities:
            if ability.kind == "spell":
                effects.run(self, replace(item, ability=ability))
        if spell.zone == "stack":
            self.move(spell, "graveyard")

    def _resolve_ability(self, item: StackItem) -> None:
        """608.2: follow the ability's instructions; its source may have left (608.2h, 113.7a)."""
        ability = item.ability
        assert ability is not None
        self.log("resolved", ability=ability.text, source=item.source_info["characteristics"].name)
        if not self._targets_legal(item, ability.spec.get("targets", [])):
            self.log("fizzled", ability=ability.text)
            return
        effects.run(self, item)

    # -- turn structure (500-514) -----------------------------------------------

    def end_step(self) -> None:
        """500.2: the step ends when all players pass with an empty stack; 500.5: mana empties."""
        for player in self.state.players:
            player.pool.empty()
        index = STEPS.index(self.state.step)
        if self.state.step == "declare-attackers" and not self.state.attackers_declared:
            # 508.8: "If no creatures are declared as attackers", skip declare blockers and combat
            # damage; an attacker removed from combat since (506.4) was declared all the same.
            index = STEPS.index("combat-damage")
        if self.state.step == "combat-damage" and self.state.first_strikers and not self.state.second_damage_step:
            self.begin_step("combat-damage")  # 510.4: the phase gets a second combat damage step
            return
        if self.state.step == "cleanup" and self.state.cleanup_again:
            self.state.cleanup_again = False
            self.begin_step("cleanup")  # 514.3a: players received priority, so another cleanup step begins
            return
        if self.state.step == "end-of-combat":
            self._end_combat()  # 511.3
        if self.state.step == "upkeep" and self.state.turn == 1:
            index += 1  # 103.8a: the player who plays first skips the draw step of their first turn
        if index + 1 == len(STEPS):
            order = [p.name for p in self.state.players]
            self.state.active = order[(order.index(self.state.active) + 1) % len(order)]
            self.state.turn += 1
            for player in self.state.players:
                player.spells_cast_this_turn = 0
                player.lands_played_this_turn = 0  # 305.2a counts the lands played this turn
            self.begin_step("untap")
        else:
            self.begin_step(STEPS[index + 1])

    def begin_step(self, step: str) -> None:
        """Turn-based actions of a step, then "at the beginning of" triggers, then priority."""
        self.state.step = step
        self.state.priority = ""  # 117.3a: no one has priority during the step's turn-based actions (502-514)
        self.log("step-began", step=step, turn=self.state.turn, active=self.state.active)
        active = self.state.active
        if step == "untap":
            for obj in self.state.permanents():
                if obj.controller == active:
                    obj.controlled_since_turn_start = True  # 302.6: "since their most recent turn began"
                    obj.tapped = False  # 502.3
            self.end_step()  # 502.4: no player receives priority
            return
        if step == "draw":
            effects.draw(self, active)  # 504.1
        if step == "combat-damage":
            self._combat_damage()
        if step == "declare-attackers":
            self.state.awaiting_attackers = True  # 508.1: a turn-based action before priority
            self.state.priority = ""
            return
        if step == "declare-blockers":
            self.state.awaiting_blockers = True  # 509.1: a turn-based action before priority
            self.state.priority = ""
            return
        if step == "cleanup":
            self._cleanup(active)
            if self._cleanup_priority(active):
                return
            self.end_step()  # 514.3: normally no priority
            return
        self.step_triggers(step)
        self.state.passes = 0
        self.give_priority(active)  # 117.3a

    def _cleanup_priority(self, active: str) -> bool:
        """514.3a: once the cleanup step's turn-based actions are done, the game checks whether
        state-based actions would be performed or triggered abilities are waiting (704.3: "This
        process also occurs during the cleanup step").  If so, they are performed and put on the
        stack, and the active player gets priority; once the stack is empty and all players pass in
        succession, another cleanup step begins (:meth:`end_step`).  If not, no player gets
        priority and the step ends."""
        acted = self.check_state_based_actions()
        if not acted and not self.state.pending_triggers:
            return False
        self.state.cleanup_again = True
        self.state.passes = 0
        self.give_priority(active)
        return True

    def _cleanup(self, active: str) -> None:
        """514.1: discard to seven; 514.2: damage is removed and "until end of turn" effects end."""
        player = self.state.player(active)
        while len(player.hand) > 7:
            cards = [self.state.objects[i] for i in player.hand]
            card = self.choose_object(active, "discard", cards, "Discard down to seven cards (514.1)")
            self.move(card, "graveyard")
            self.log("discarded", player=active, card=self.name(card))
        for obj in self.state.permanents():
            obj.damage = 0
        self.state.effects = [e for e in self.state.effects if not e.until_end_of_turn]
