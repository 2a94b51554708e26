"""Triggered abilities (CR 603): triggering, intervening "if" clauses, and going on the stack."""

from __future__ import annotations

from typing import Any

from . import effects
from .base import GameBase
from .characteristics import compute, matches, snapshot
from .state import GameObject, StackItem
from .vocabulary import Ability

#: 702.175a: offspring's triggered half, the same for every card with offspring.
OFFSPRING_TRIGGER = Ability(
    "triggered",
    "When this permanent enters, if its offspring cost was paid, create a token that's a copy of it, except it's 1/1.",
    {
        "kind": "triggered",
        "trigger": {"event": "enters", "source": "self", "condition": "offspring-paid"},
        "effects": [{"create_tokens": {"amount": 1, "copy_of": "self", "except_power": 1, "except_toughness": 1}}],
    },
)


#: 603.7: "Sacrifice it at the beginning of the next end step" (blitz, 702.152a; Jaxis).
SACRIFICE_AT_END_STEP = Ability(
    "triggered",
    "At the beginning of the next end step, sacrifice it.",
    {"kind": "triggered", "trigger": {"event": "delayed"}, "effects": [{"sacrifice_it": {}}]},
)


class TriggerRules(GameBase):
    """603.2-603.4: abilities trigger, wait, and are put on the stack in APNAP order."""

    def trigger(
        self,
        source: GameObject,
        ability: Ability,
        event_player: str,
        event: dict[str, Any] | None = None,
        lki: dict[str, Any] | None = None,
    ) -> None:
        """603.2: an ability triggers.  A triggered mana ability resolves at once (605.4a);
        any other waits until a player would receive priority (603.3)."""
        info = dict(lki or snapshot(self.state, source))
        controller = source.controller  # 603.3a: its source's controller when it triggered (603.10: as it last existed)
        item = StackItem(self.state.new_id(), "triggered", controller, source.id, ability, info, [], event_player)
        item.source_info["event"] = event or {}
        self.log("ability-triggered", source=info["characteristics"].name, ability=ability.text)
        if ability.is_mana_ability:
            effects.run(self, item)
        else:
            self.state.pending_triggers.append(item)

    def enters_triggers(self, entered: GameObject) -> None:
        """603.6a: every permanent, the newcomer included, is checked for abilities that
        trigger on this entering; 603.4: an intervening "if" is checked as it triggers."""
        chars = compute(self.state)
        for obj in self.state.permanents():
            abilities = chars[obj.id].abilities
            if obj.id == entered.id:
                offspring = len(chars[obj.id].keyword_abilities("offspring"))
                abilities = abilities + [OFFSPRING_TRIGGER] * offspring  # 702.175a-b: one per instance
            paid_offspring = entered.paid.count("offspring")
            for ability in abilities:
                if ability.kind != "triggered" or ability.spec["trigger"]["event"] != "enters":
                    continue
                trigger = ability.spec["trigger"]
                if not matches(self.state, chars, entered, trigger["source"], obj):
                    continue
                if trigger.get("condition") == "offspring-paid":
                    if paid_offspring <= 0:
                        continue
                    paid_offspring -= 1
                event = {"object": entered.id, "face": entered.face(), "controller": entered.controller}
                self.trigger(obj, ability, event_player=entered.controller, event=event)

    def delay_sacrifice(self, obj: GameObject, controller: str) -> None:
        """603.7a: a delayed triggered ability, created now, that triggers at the next end step.
        It refers to that object (603.7c), which it shows as its source as it was now: the object
        may have left the battlefield by the time the ability triggers."""
        self.state.delayed.append(("end", controller, obj.id, self.chars(obj).copy()))

    def step_triggers(self, step: str) -> None:
        """At the beginning of a step: its "at the beginning of" abilities (503.1a) and the
        delayed triggered abilities waiting for it, each only once (603.7b, 603.7c)."""
        for waiting in [d for d in self.state.delayed if d[0] == step]:
            self.state.delayed.remove(waiting)
            _, controller, object_id, source = waiting
            info: dict[str, Any] = {"characteristics": source}
            item = StackItem(self.state.new_id(), "triggered", controller, object_id, SACRIFICE_AT_END_STEP, info)
            item.source_info["event"] = {"object": object_id}
            self.log("ability-triggered", source=source.name, ability=SACRIFICE_AT_END_STEP.text)
            self.state.pending_triggers.append(item)
        chars = compute(self.state)
        for obj in self.state.permanents():
            for ability in chars[obj.id].abilities:
                if ability.kind != "triggered" or ability.spec["trigger"]["event"] != "beginning-of-step":
                    continue
                trigger = ability.spec["trigger"]
                if trigger["step"] != step:
                    continue
                if trigger["player"] == "you" and obj.controller != self.state.active:
                    continue
                self.trigger(obj, ability, event_player=self.state.active)

    def _stack_pending_triggers(self) -> None:
        """603.3b: APNAP order; each player puts their own in the order they choose.
        603.3d: targets are chosen then; an ability with no legal target is removed."""
        pending, self.state.pending_triggers = self.state.pending_triggers, []
        for player in self.state.apnap():
            mine = [t for t in pending if t.controller == player]
            while mine:
                labels = [f"{t.source_info['characteristics'].name}: {_text(t)}" for t in mine]
                label = labels[0]
                if len(set(labels)) > 1:
                    prompt = "Which triggered ability goes on the stack next? (603.3b)"
                    label = self.choose(player, "trigger-order", sorted(set(labels)), prompt)
                alike = [i for i, other in enumerate(labels) if other == label]  # the same text: a free decision
                sources = [f"{label} (from {self._source_ref(mine[i].source_id)})" for i in alike]
                item = mine.pop(alike[self.decide(player, "trigger-order", sources)])
                if self._choose_trigger_targets(item):
                    self.state.stack.append(item)
                    self.log("put-on-stack", source=item.source_info["characteristics"].name)

    def _source_ref(self, object_id: int) -> str:
        obj = self.state.objects.get(object_id)
        return self.ref(obj) if obj is not None else f"#{object_id}"

    def _choose_trigger_targets(self, item: StackItem) -> bool:
        """603.3d: the targets of a triggered ability are chosen as it is put on the stack, among
        the legal ones (115.1); an ability with no legal target is removed from the stack."""
        assert item.ability is not None
        source = self.state.objects.get(item.source_id)
        for spec in item.ability.spec.get("targets", []):
            candidates = [
                o for o in self.state.objects.values() if self._legal_target(source, spec, o.id, item.controller)
            ]
            if not candidates:
                self.log("removed-from-stack", ability=_text(item), reason="no legal target (603.3d)")
                return False
            prompt = f"Choose a target for: {item.ability.text}"
            chosen = self.choose_one_of(item.controller, "target", candidates, prompt)
            item.targets.append(chosen.id)
        return True


def _text(item: StackItem) -> str:
    """The text of a triggered ability on the stack (every one has an ability)."""
    assert item.ability is not None
    return item.ability.text
