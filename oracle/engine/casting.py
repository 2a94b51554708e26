"""Casting spells (CR 601): timing, X, additional costs, targets, the total cost, and becoming cast."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from oracle.errors import Rejected

from .base import GameBase
from .characteristics import compute, matches
from .mana import ManaCost
from .state import ContinuousEffect, GameObject, StackItem
from .vocabulary import Ability

#: Additional costs a caster may announce (601.2b), by the keyword that offers them.
ADDITIONAL_COSTS = ("kicker", "offspring")
#: Alternative costs a caster may choose instead of the mana cost (118.9, 601.2b).
ALTERNATIVE_COSTS = ("blitz",)


class CastingRules(GameBase):
    """601.2: announce, choose, determine the total cost, pay, become cast."""

    def cast(
        self,
        player: str,
        object_id: int,
        x: int = 0,
        targets: Iterable[int] = (),
        additional_costs: Sequence[str] = (),
        alternative_cost: str | None = None,
        mana: list[str] | None = None,
        mana_abilities: Sequence[tuple[int, int]] = (),
    ) -> None:
        """Cast a spell from hand (601.2), paying its total cost from the mana pool, with the mana of
        the mana abilities activated while paying (601.2g) added to it."""
        self._require_priority(player)
        card_obj = self.obj(object_id)
        name = self.name(card_obj)
        if card_obj.zone != "hand" or card_obj.owner != player:
            raise Rejected("not-allowed", f"{name} is not in {player}'s hand")
        types = card_obj.face().types
        if "Land" in types:
            raise Rejected("not-allowed", f"{name} is a land: lands are played, not cast (305.1)")
        flash = any(a.keyword == "flash" for a in card_obj.face().abilities)
        if "Instant" not in types and not flash and not self._sorcery_timing(player):
            rule = "302.1" if "Creature" in types else "307.1" if "Sorcery" in types else "117.1a"
            raise Rejected("timing", f"{name} can be cast only in {player}'s main phase with an empty stack ({rule})")
        mana_cost = card_obj.face().mana_cost or ManaCost()
        if x and not mana_cost.x_count:
            raise Rejected("not-allowed", f"{name} has no X in its mana cost (107.3)")
        if x < 0:
            raise Rejected("not-allowed", "X must be 0 or more (107.1b)")
        # 601.2a: the card moves to the stack, and gains what effects give spells as they are cast.
        spell = self.move(card_obj, "stack")
        self._gain_as_cast(player, spell)
        # 601.2b: X and additional costs are announced.
        spell.x = x
        extra = self._announce_additional_costs(spell, additional_costs)
        # 601.2c: targets.
        spell.targets = self._choose_targets(player, spell, self._spell_target_specs(spell), list(targets))
        # 601.2f: the total cost is the mana cost, or an alternative cost (118.9), with X,
        # additional costs, and cost increases.
        if alternative_cost is not None:
            mana_cost = self._alternative_cost(spell, alternative_cost)
        total = mana_cost.with_x(x, self._cost_increase(player))
        for cost in extra:
            total = ManaCost(total.generic + cost.generic, total.symbols + cost.symbols, 0, total.text)
        if total.mana_value():
            self.activate_while_paying(player, mana_abilities)  # 601.2g
        elif mana_abilities:
            raise Rejected("not-allowed", f"{name}'s total cost has no mana to pay (601.2g)")
        self.pay_mana(player, total, mana)  # 601.2h
        self.state.stack.append(StackItem(spell.id, "spell", player, spell.id, targets=spell.targets))
        self.state.player(player).spells_cast_this_turn += 1
        self.log("spell-cast", player=player, card=name, x=x, paid=list(spell.paid))  # 601.2i
        self._cast_triggers(player, spell)
        self._player_acted(player)

    def _gain_as_cast(self, player: str, spell: GameObject) -> None:
        """ "Creature spells you cast have offspring {2}": a static ability of a permanent its caster
        controls (109.5) grants the ability to the spell as it is put on the stack (601.2a), so its
        cost can be paid as it is cast; offspring also functions on the battlefield, and with no
        duration stated it lasts until the end of the game (611.3d), on the permanent the spell
        becomes (400.7b), even if the granting permanent leaves."""
        chars = compute(self.state)
        for obj in self.state.permanents():
            if obj.controller != player:
                continue
            for ability in chars[obj.id].abilities:
                for params in ability.static_effects("spells_gain_keyword"):
                    if matches(self.state, chars, spell, params["spells"], obj):
                        gained = Ability(
                            "keyword",
                            f"{params['keyword'].capitalize()} {params['cost']}",
                            {"keyword": params["keyword"], "cost": ManaCost.parse(params["cost"])},
                        )
                        effect = ContinuousEffect("6", [spell.id], {"abilities": [gained]}, self.state.new_timestamp())
                        effect.until_end_of_turn = False
                        self.state.effects.append(effect)

    def _announce_additional_costs(self, spell: GameObject, wanted: Sequence[str]) -> list[ManaCost]:
        """601.2b, 118.8: each instance of kicker or offspring may be paid once (702.33a, 702.175a-b)."""
        instances: dict[str, list[Ability]] = {k: self.chars(spell).keyword_abilities(k) for k in ADDITIONAL_COSTS}
        costs = []
        for keyword in wanted:
            if not instances.get(keyword):
                raise Rejected(
                    "not-allowed",
                    f"{self.name(spell)} has no {keyword} cost left to pay: each instance is paid at most once (118.8)",
                )
            costs.append(instances[keyword].pop(0).spec["cost"])
            spell.paid += (keyword,)
        return costs

    def _alternative_cost(self, spell: GameObject, keyword: str) -> ManaCost:
        """118.9, 601.2b: pay [cost] rather than the mana cost, e.g. blitz (702.152a); one at most (118.9a)."""
        instances = self.chars(spell).keyword_abilities(keyword) if keyword in ALTERNATIVE_COSTS else []
        if not instances:
            raise Rejected("not-allowed", f"{self.name(spell)} has no {keyword} cost (118.9)")
        spell.paid += (keyword,)
        cost: ManaCost = instances[0].spec["cost"]
        return cost

    def _spell_target_specs(self, spell: GameObject) -> list[dict[str, Any]]:
        """The targets a spell needs: its spell ability's, or an Aura's "enchant" (303.4a)."""
        specs: list[dict[str, Any]] = []
        for ability in self.chars(spell).abilities:
            if ability.kind == "spell":
                specs += ability.spec.get("targets", [])
            if ability.keyword == "enchant":
                specs.append(ability.spec["enchant"])
        return specs

    def _cost_increase(self, player: str) -> int:
        """601.2f: add cost increases from static abilities."""
        chars = compute(self.state)
        cast_before = self.state.player(player).spells_cast_this_turn
        return sum(
            int(params["amount"]) * cast_before
            for obj in self.state.permanents()
            for ability in chars[obj.id].abilities
            for params in ability.static_effects("spell_cost_increase_per_other_spell")
        )

    def _choose_targets(
        self, player: str, source: GameObject, specs: list[dict[str, Any]], given: list[int]
    ) -> list[int]:
        """601.2c, 602.2b: targets are chosen as the spell or ability is put on the stack."""
        if len(given) != len(specs):
            raise Rejected(  # 601.2c: a spell that requires targets is cast only with them
                "illegal-target", f"needs {len(specs)} target(s), got {len(given)}", also=("not-allowed",)
            )
        for spec, target in zip(specs, given, strict=True):
            if not self._legal_target(source, spec, target, player):
                raise Rejected("illegal-target", f"a target chosen for {self.name(source)} is not legal (115.1)")
        return given

    def _legal_target(self, source: GameObject | None, spec: dict[str, Any], target: int, controller: str) -> bool:
        """115.1: a target is an object in the zone the spec names, fitting its description.
        115.5, a spell can't target itself, needs no test of its own: the card became a new object
        as it moved to the stack (400.7) before its targets are checked, so the card it was in the
        hand no longer exists.  An ability's source may have left (113.7a): its target is then
        judged from its controller's point of view."""
        obj = self.state.objects.get(target)
        if obj is None or obj.zone != spec.get("zone", "battlefield"):
            return False
        return matches(self.state, {}, obj, spec, source, controller=controller)

    def _cast_triggers(self, player: str, spell: GameObject) -> None:
        """603.2, 601.2i: "whenever you cast a [kind of] spell" triggers once the spell becomes cast."""
        chars = compute(self.state)
        for obj in self.state.permanents():
            for ability in chars[obj.id].abilities:
                trigger = ability.spec.get("trigger", {})
                if ability.kind != "triggered" or trigger.get("event") != "cast" or obj.controller != player:
                    continue
                if matches(self.state, chars, spell, trigger["spell"], obj):
                    self.trigger(obj, ability, event_player=player)
