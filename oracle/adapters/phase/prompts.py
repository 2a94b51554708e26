"""Reading phase's prompts as the contract's pending choices, and the labelled answers to them.

phase waits for an answer with a prompt (``game.waiting_for()``); :class:`PromptReader` says
which prompts are a contract choice (a mana color, a target, the order of triggers, a
replacement effect, a copy, a cost paid with permanents, "sacrifice this unless you sacrifice
a creature", a discard to hand size), who must answer, and labels each legal answer as the
contract names it (a mana symbol, a color word, a ref, a trigger's text).

Where phase asks in two prompts what the contract asks as one question (Contamination's
"unless"), one option carries both answers; where phase asks at once what the contract asks one
at a time (two cards discarded to hand size), the answers are held until the last is given.
"""

from __future__ import annotations

from typing import Any

from oracle.contract.interface import JSON
from oracle.engine.combat_damage import describe_division, divisions

from .base import MANA_TO_SYMBOL, PhaseBase

#: phase prompts answered with a contract ``choose`` action: phase's prompt type -> contract kind.
PROMPT_KINDS = {
    "ChooseManaColor": "mana-color",
    "TargetSelection": "target",
    "TriggerTargetSelection": "target",
    "ChooseLegend": "legend-rule",
    "OrderTriggers": "trigger-order",
    "ReplacementChoice": "replacement-effect",
    "PayCost": "permanent",
    "CopyTargetChoice": "copy",
    "AssignCombatDamage": "combat-damage",
}


class PromptReader(PhaseBase):
    """phase's prompts as contract pending choices, with each option's answer for phase."""

    def _prompt_player(self, prompt: JSON) -> str:
        """The name of the player a phase prompt waits for, or "" if none."""
        data = prompt.get("data") or {}
        seat = data.get("player") if isinstance(data, dict) else None
        return self.names[seat] if isinstance(seat, int) and seat < len(self.names) else ""

    def _pending(self, prompt: JSON) -> JSON | None:
        """phase's prompt as the contract's pending choice, or None when no choice is asked."""
        kind = self._choice_kind(prompt)
        if kind is None:
            return None
        options = [label for label, _ in self._options(prompt)]
        if not options:
            return None
        pending = {"player": self._prompt_player(prompt), "kind": kind, "options": options, "prompt": prompt["type"]}
        attacker = (prompt.get("data") or {}).get("attacker_id")
        if kind == "combat-damage" and isinstance(attacker, int):
            pending["source"] = self._ref(attacker)
        return pending

    @staticmethod
    def _choice_kind(prompt: JSON) -> str | None:
        """The contract's kind of choice for a phase prompt, or None if it is not one."""
        kind = prompt.get("type", "")
        data = prompt.get("data") or {}
        if kind == "NamedChoice" and data.get("choice_type") == "Color":
            return "color"
        if kind == "ReplacementChoice":
            return "copy" if _is_copy_choice(prompt) else "replacement-effect"
        if kind == "UnlessPayment" and _is_unless_sacrifice(prompt):
            return "sacrifice"
        if kind == "DiscardToHandSize":
            return "discard"
        if kind == "PayCost":
            cost = str(data.get("kind", {}).get("type", ""))
            return "sacrifice" if "Sacrifice" in cost else "discard" if "Discard" in cost else "permanent"
        return PROMPT_KINDS.get(kind)

    def _options(self, prompt: JSON) -> list[tuple[str, Any]]:
        """Each legal answer to the prompt, labelled as the contract names it."""
        if prompt.get("type") == "OrderTriggers":
            return self._trigger_order_options(prompt)
        if prompt.get("type") == "ReplacementChoice":
            return self._copy_options(prompt) if _is_copy_choice(prompt) else self._replacement_options(prompt)
        if prompt.get("type") == "UnlessPayment":
            return self._unless_sacrifice_options(prompt)
        if prompt.get("type") == "DiscardToHandSize":
            return self._discard_options(prompt)
        if prompt.get("type") == "AssignCombatDamage":
            return self._damage_options(prompt)
        labelled = []
        for option in self.game.actions():
            label = self._label(option.to_dict())
            if label is not None:
                labelled.append((label, option))
        return labelled

    @staticmethod
    def _replacement_options(prompt: JSON) -> list[tuple[str, Any]]:
        """Which replacement effect applies first (CR 616.1): one option per source name."""
        candidates = prompt.get("data", {}).get("candidates", [])
        return [
            (str(c.get("source_name", "?")), {"type": "ChooseReplacement", "data": {"index": i}})
            for i, c in enumerate(candidates)
        ]

    def _copy_options(self, prompt: JSON) -> list[tuple[str, Any]]:
        """phase asks "enter as a copy?" then "of what?": offered as one choice of a ref or "none".

        The objects that could be copied are read by answering the first question in a copy of the game."""
        candidates = prompt.get("data", {}).get("candidates", [])
        accept = next(i for i, c in enumerate(candidates) if c.get("description") != "Decline")
        decline = [i for i, c in enumerate(candidates) if c.get("description") == "Decline"]
        probe = self._reload(self._state())  # a throwaway game: the real one is not touched
        probe.apply(prompt["data"]["player"], {"type": "ChooseReplacement", "data": {"index": accept}})
        following = probe.waiting_for()
        options: list[tuple[str, Any]] = []
        if following.get("type") == "CopyTargetChoice":
            for target in following["data"].get("valid_targets", []):
                answer = [
                    {"type": "ChooseReplacement", "data": {"index": accept}},
                    {"type": "ChooseTarget", "data": {"target": {"Object": target}}},
                ]
                options.append((self._ref(target), answer))
        if decline:
            options.append(("none", {"type": "ChooseReplacement", "data": {"index": decline[0]}}))
        return options

    def _unless_sacrifice_options(self, prompt: JSON) -> list[tuple[str, Any]]:
        """Sacrifice this unless you sacrifice a creature (118.12a): phase asks "pay?" then "which
        creature?" (WardSacrificeChoice); the contract asks one question, which permanent to sacrifice.
        The source means declining; a creature means paying with it.  The creatures are read by
        paying in a copy of the game."""
        data = prompt["data"]
        source = data.get("pending_effect", {}).get("source_id")
        decline = {"type": "PayUnlessCost", "data": {"pay": False}}
        pay = {"type": "PayUnlessCost", "data": {"pay": True}}
        options: list[tuple[str, Any]] = [(self._ref(source), decline)] if isinstance(source, int) else []
        probe = self._reload(self._state())  # a throwaway game: the real one is not touched
        before = set(probe.state()["state"].get("battlefield", []))
        probe.apply(data["player"], pay)
        following = probe.waiting_for()
        if following.get("type") == "WardSacrificeChoice":
            for permanent in following["data"].get("permanents", []):
                answer = [pay, {"type": "SelectCards", "data": {"cards": [permanent]}}]
                options.append((self._ref(permanent), answer))
        else:  # phase sacrificed the only creature itself, or there was none to pay with
            gone = before - set(probe.state()["state"].get("battlefield", [])) - {source}
            options.extend((self._ref(permanent), pay) for permanent in sorted(gone))
        return options

    def _discard_options(self, prompt: JSON) -> list[tuple[str, Any]]:
        """Discarding to hand size (514.1): phase asks for all N cards at once, the contract for
        one card at a time.  Each option is a card not yet chosen; choosing it only holds it
        (``("hold", id)``) until the N-th, whose answer gives phase all N."""
        data = prompt["data"]
        held = self._held_discards(prompt)
        last = len(held) + 1 >= int(data.get("count", 1))
        return [
            (self._ref(card), {"type": "SelectCards", "data": {"cards": [*held, card]}} if last else ("hold", card))
            for card in data.get("cards", [])
            if card not in held
        ]

    def _damage_options(self, prompt: JSON) -> list[tuple[str, Any]]:
        """How an attacking creature divides its combat damage (510.1c, 702.19b): every division
        among its blockers and, with trample, the defending player, as the contract labels them;
        with trample, the player only once each blocker has the lethal damage phase counts for it."""
        data = prompt["data"]
        blockers = data.get("blockers", [])
        trample = data.get("trample") is not None
        labels = [self._ref(b["blocker_id"]) for b in blockers]
        if trample:
            labels.append(self.names[int(data.get("defending_player", 1 - int(data["player"])))])
        options: list[tuple[str, Any]] = []
        for amounts in divisions(int(data.get("total_damage", 0)), len(labels)):
            excess = amounts[-1] if trample else 0
            if excess and any(n < int(b.get("lethal_minimum", 0)) for b, n in zip(blockers, amounts, strict=False)):
                continue
            assignments = [[b["blocker_id"], n] for b, n in zip(blockers, amounts, strict=False)]
            answer = {"mode": "Normal", "assignments": assignments, "trample_damage": excess, "controller_damage": 0}
            options.append((describe_division(labels, amounts), {"type": "AssignCombatDamage", "data": answer}))
        return options

    def _held_discards(self, prompt: JSON | None = None) -> list[int]:
        """The cards already chosen for the discard phase is asking for, not yet given to it."""
        prompt = self.game.waiting_for() if prompt is None else prompt
        data = prompt.get("data") or {}
        if prompt.get("type") != "DiscardToHandSize" or not set(self.discarding) <= set(data.get("cards", [])):
            return []
        return list(self.discarding)

    @staticmethod
    def _trigger_order_options(prompt: JSON) -> list[tuple[str, Any]]:
        """One option per distinct trigger, "source: text": the one chosen goes on the stack first
        (CR 603.3b) and the others follow in the order phase listed them, all in one answer."""
        triggers = prompt.get("data", {}).get("triggers", [])
        options: list[tuple[str, Any]] = []
        for index, trigger in enumerate(triggers):
            name = trigger.get("source_name", "?")
            text = str(trigger.get("description") or "").replace("~", name)
            order = [index] + [i for i in range(len(triggers)) if i != index]
            label = f"{name}: {text}"
            if label not in (known for known, _ in options):
                options.append((label, {"type": "OrderTriggers", "data": {"order": order}}))
        return options

    def _label(self, option: JSON) -> str | None:
        """A contract option for one of phase's answers: a mana symbol, a color word or a ref."""
        kind, data = option.get("type"), option.get("data")
        if kind in ("PassPriority", "CancelCast") or data is None:
            return None
        if kind == "ChooseManaColor":
            color = data.get("choice", {}).get("data")
            return "{" + MANA_TO_SYMBOL[color] + "}" if color in MANA_TO_SYMBOL else None
        if kind == "ChooseOption":
            return str(data.get("choice", "")).lower()
        target = object_in(data)
        return self._ref(target) if target is not None else None


def _is_unless_sacrifice(prompt: JSON) -> bool:
    """Whether phase's "unless" prompt is "sacrifice this unless you sacrifice [something]"."""
    data = prompt.get("data", {})
    effect = data.get("pending_effect", {}).get("effect", {})
    self_sacrifice = effect.get("type") == "Sacrifice" and effect.get("target", {}).get("type") == "SelfRef"
    return data.get("cost", {}).get("type") == "Sacrifice" and self_sacrifice


def _is_copy_choice(prompt: JSON) -> bool:
    """Whether a replacement choice is phase's "you may have this enter as a copy" question."""
    data = prompt.get("data", {})
    if data.get("kind", {}).get("type") != "OptionalBranch":
        return False
    return any("copy" in str(c.get("description", "")) for c in data.get("candidates", []))


def object_in(data: Any) -> int | None:
    """The object id an answer of phase names (a target or a chosen object), if any."""
    if isinstance(data, dict):
        for key in ("object_id", "target", "targets", "cards", "keep", "choice", "object", "Object", "id"):
            if key in data:
                found = object_in(data[key])
                if found is not None:
                    return found
        if data.get("type") == "Object":
            return object_in(data.get("data"))
    if isinstance(data, list) and len(data) == 1:
        return object_in(data[0])
    if isinstance(data, int) and not isinstance(data, bool):
        return data
    return None
