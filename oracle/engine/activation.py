"""Activating abilities (CR 602) and mana abilities (605), with {T}, {Q} and summoning sickness (302.6)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from oracle.errors import Rejected

from .base import GameBase
from .characteristics import compute, snapshot
from .production import ability_mana_options, describe_mana_choice, produce
from .state import GameObject, StackItem
from .vocabulary import Ability, Cost


def keyword_abilities(obj_abilities: list[Ability]) -> list[Ability]:
    """Activated abilities a keyword stands for: 702.6a, "Equip [cost]" means
    "[Cost]: Attach this permanent to target creature you control. Activate only as a sorcery."."""
    generated = []
    for ability in obj_abilities:
        if ability.keyword == "equip":
            text = f"{ability.spec['cost'].text}: Attach this permanent to target creature you control."
            spec = {
                "timing": "sorcery",
                "targets": [{"types": ["Creature"], "controller": "you"}],
                "effects": [{"attach_to_target": {}}],
            }
            generated.append(Ability("activated", text, spec, Cost(mana=ability.spec["cost"])))
    return generated


class ActivationRules(GameBase):
    """602, 605: activating abilities and paying their costs."""

    def activated_abilities(self, obj: GameObject) -> list[Ability]:
        """In the order of the object's rules text, keyword abilities expanded (702.6a)."""
        found = []
        for ability in self.chars(obj).abilities:
            if ability.kind == "activated":
                found.append(ability)
            found += keyword_abilities([ability])
        return found

    def activate(
        self,
        player: str,
        object_id: int,
        index: int = 1,
        targets: Iterable[int] = (),
        mana: list[str] | None = None,
        mana_abilities: Sequence[tuple[int, int]] = (),
    ) -> None:
        """Activate the ``index``-th activated ability (1-based) of a permanent (602.2).

        Mana abilities may be activated whenever the player has priority
        (605.3a) and resolve at once (605.3b); other abilities go on the stack.
        """
        self._require_priority(player)
        source = self.obj(object_id)
        name = self.name(source)
        if source.zone != "battlefield" or source.controller != player:
            raise Rejected("not-allowed", f"{player} does not control {name} on the battlefield (602.2)")
        abilities = self.activated_abilities(source)
        if not 1 <= index <= len(abilities):
            raise Rejected("unknown-object", f"{name} has no activated ability number {index}")
        ability = abilities[index - 1]
        if ability.spec.get("timing") == "sorcery" and not self._sorcery_timing(player):
            raise Rejected("timing", f"{name}'s ability can be activated only as a sorcery (602.5d)")
        chosen_targets = self._choose_targets(player, source, ability.spec.get("targets", []), list(targets))
        lki = snapshot(self.state, source)
        if ability.cost is not None and (ability.cost.mana.mana_value() or ability.cost.mana.x_count):
            self.activate_while_paying(player, mana_abilities)  # 602.2b, 601.2g
        elif mana_abilities:
            raise Rejected(
                "not-allowed", f"{name}'s cost has no mana to pay: no mana ability is activated for it (601.2g)"
            )
        self._pay_ability_cost(player, source, ability, mana)
        self.log("ability-activated", player=player, source=name)
        if ability.is_mana_ability:
            self._resolve_mana_ability(player, source, ability)
        else:
            item = StackItem(self.state.new_id(), "activated", player, source.id, ability, lki, chosen_targets)
            self.state.stack.append(item)
        self._player_acted(player)

    def activate_while_paying(self, player: str, abilities: Sequence[tuple[int, int]]) -> None:
        """601.2g, 605.3a: while casting a spell or activating an ability whose total cost includes
        a mana payment, the player may activate mana abilities before paying; each is ``(source,
        ability number)``, a mana ability of a permanent the player controls (602.2), whose own cost
        is paid as any (107.5, 302.6) and whose mana goes to the pool at once (605.3b)."""
        for source_id, index in abilities:
            source = self.obj(source_id)
            name = self.name(source)
            if source.zone != "battlefield" or source.controller != player:
                raise Rejected(
                    "not-allowed", f"{player} does not control {name} on the battlefield (602.2)", also=("cannot-pay",)
                )
            found = self.activated_abilities(source)
            if not 1 <= index <= len(found):
                raise Rejected("unknown-object", f"{name} has no activated ability number {index}")
            ability = found[index - 1]
            if not ability.is_mana_ability:
                raise Rejected(
                    "not-allowed", f"only mana abilities are activated while paying a cost (601.2g): not {name}'s"
                )
            try:
                self._pay_ability_cost(player, source, ability)
            except Rejected as refusal:  # its mana is then missing from the payment (601.2g-h)
                raise refusal.widened("cannot-pay") from None
            self.log("ability-activated", player=player, source=name)
            self._resolve_mana_ability(player, source, ability)

    def _pay_ability_cost(
        self, player: str, source: GameObject, ability: Ability, mana: list[str] | None = None
    ) -> None:
        """602.2b and 601.2h: pay every part of the cost, or none of it."""
        cost = ability.cost
        assert cost is not None
        name = self.name(source)
        is_creature = "Creature" in self.chars(source).types
        if (cost.tap or cost.untap) and is_creature and not self._free_of_summoning_sickness(source):
            symbol = "{T}" if cost.tap else "{Q}"
            raise Rejected(
                "summoning-sickness",
                f"{name} has not been under {player}'s control continuously since their most recent "
                f"turn began, so its {symbol} ability can't be activated (302.6)",
                also=("not-allowed",),  # an activation the rules forbid
            )
        if cost.tap and source.tapped:
            raise Rejected("already-tapped", f"{name} is already tapped (107.5)", also=("cannot-pay",))
        if cost.untap and not source.tapped:
            raise Rejected("already-untapped", f"{name} is already untapped (107.6)", also=("cannot-pay",))
        self.pay_mana(player, cost.mana, mana if cost.mana.mana_value() else None)
        if cost.tap_untapped_creature:
            chars = compute(self.state)
            candidates = [
                o
                for o in self.state.permanents()
                if o.controller == player
                and not o.tapped
                and "Creature" in chars[o.id].types
                and not (cost.tap and o.id == source.id)
            ]
            if not candidates:
                raise Rejected("cannot-pay", "there is no untapped creature to tap for the cost")
            pick = self.choose_one_of(player, "permanent", candidates, "Which untapped creature do you tap?")
            pick.tapped = True
            self.log("tapped", permanent=self.name(pick))
        if cost.discard_card:
            hand = [self.state.objects[i] for i in self.state.player(player).hand]
            if not hand:
                raise Rejected("cannot-pay", f"{player} has no card to discard (118.3)")
            card = self.choose_one_of(player, "discard", hand, "Which card do you discard to pay the cost?")
            self.move(card, "graveyard")
            self.log("discarded", player=player, card=self.name(card))
        if cost.tap:
            source.tapped = True
            self.log("tapped", permanent=name)
        if cost.untap:
            source.tapped = False
            self.log("untapped", permanent=name)
        if cost.sacrifice_self:
            self.sacrifice(source)

    def _free_of_summoning_sickness(self, obj: GameObject) -> bool:
        """302.6, 702.10c: continuous control since the turn began, or haste."""
        return obj.controlled_since_turn_start or "haste" in self.chars(obj).keywords

    def _resolve_mana_ability(self, player: str, source: GameObject, ability: Ability) -> None:
        """605.3b: a mana ability resolves immediately; "tapped for mana" needs {T} in its cost (106.12)."""
        tapped_for_mana = bool(ability.cost and ability.cost.tap)
        mana: list[str] = []
        for effect in ability.effects:
            word, params = next(iter(effect.items()))
            if word in ("add_mana", "add_one_mana"):
                options = ability_mana_options(self, source, Ability("activated", "", {"effects": [effect]}))
                mana += self._pick_mana(player, options, params)
        produce(self, source, player, mana, tapped_for_mana)

    def _pick_mana(self, player: str, options: list[list[str]], params: dict[str, Any]) -> list[str]:
        """Choose the type of the mana to add, if the effect leaves a choice (106.7; 106.5 if none)."""
        if not options:
            return []
        if params.get("of") is None or params.get("among") == "chosen-color":
            return options[0]  # the mana is fixed: nothing to choose
        labels = describe_mana_choice(options)
        kind = "mana-color" if params["of"] == "color" else "mana-type"
        answer = self.choose(player, kind, labels, f"Choose the {params['of']} of the mana to add")
        return options[labels.index(answer)]
