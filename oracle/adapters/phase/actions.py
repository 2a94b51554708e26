"""Driving actions in phase: each contract action as phase ``GameAction`` dicts.

:class:`ActionDriver` dispatches a contract action (pass, activate, cast, declare attackers,
play a land and declare blockers, choose), answers the prompts phase asks while it is taken (mana payment, targets, X, optional
and alternative costs) from the action's own fields, refuses with a contract code what phase
would do differently from what was asked, and restores the saved state when an action fails.
"""

from __future__ import annotations

import re
from typing import Any

from oracle.contract.interface import JSON

from .base import SYMBOL_TO_MANA, PhaseBase, Refusal, one_line, pool_of
from .prompts import object_in


class ActionDriver(PhaseBase):
    """Perform-side helpers: contract actions applied to phase's game, or refused."""

    def _restore(self, saved: JSON, seen: tuple[int, set[int]]) -> None:
        """Put the game back as it was before a refused action.

        A refused phase action changes nothing, so the saved state is reloaded only when part
        of the action (a cast whose payment then failed, say) had already been applied."""
        del self.events[seen[0] :]
        self.stacked = seen[1]
        if self.applied:
            self.game = self._reload(saved)

    def _reload(self, saved: JSON) -> Any:
        """Load a saved state; if phase can't, say so rather than pretend nothing changed."""
        try:
            return self.engine.load_game(saved)
        except ValueError as exc:
            raise RuntimeError(f"phase could not reload its own saved state: {one_line(str(exc))}") from None

    def _dispatch(self, action: JSON) -> None:
        """Carry out one contract action in phase, or raise :class:`Refusal`."""
        kind = action["type"]
        seat = self._seat(action["player"])
        prompt = self.game.waiting_for()
        if kind == "choose":
            self._choose(seat, action["choice"], prompt)
            return
        if self._pending(prompt) is not None:
            raise Refusal("pending-choice", f"{self._prompt_player(prompt)} must first answer {prompt['type']}")
        if kind == "pass":
            self._require_priority(seat, prompt)
            self._apply(seat, {"type": "PassPriority"})
        elif kind == "activate":
            self._activate(seat, action)
        elif kind == "cast":
            self._cast(seat, action)
        elif kind == "declare-attackers":
            self._declare_attackers(seat, action)
        elif kind == "declare-blockers":
            self._declare_blockers(seat, action)
        elif kind == "play":
            card = self._object_id(action["card"])
            self._apply(seat, {"type": "PlayLand", "data": {"object_id": card, "card_id": card}})
        else:
            raise Refusal("unsupported", f"the adapter does not map {kind!r} actions to phase")

    def _apply(self, seat: int, action: Any) -> Any:
        """Apply one phase action and keep the events the suite reads."""
        self._forget_state()
        result = self.game.apply(seat, action)
        self.applied += 1
        self._record()
        return result

    def _require_priority(self, seat: int, prompt: JSON) -> None:
        """Refuse unless phase is waiting for this seat's priority action."""
        if prompt.get("type") != "Priority" or prompt.get("data", {}).get("player") != seat:
            holder = self._prompt_player(prompt) or "nobody"
            raise Refusal("no-priority", f"{self.names[seat]} does not have priority ({holder} does)")

    def _object_id(self, ref: str) -> int:
        """phase's object id for a ref (the position's, or "#<id>" for an object the adapter named)."""
        if ref in self.ids:
            return self.ids[ref]
        if ref.startswith("#") and ref[1:].isdigit():
            return int(ref[1:])
        raise Refusal("unknown-object", f"no card or permanent {ref!r}")

    # activating

    def _activate(self, seat: int, action: JSON) -> None:
        """Activate the numbered ability and answer what phase asks about it."""
        source = self._object_id(action["source"])
        obj = self.game.object(source)
        if not obj:
            raise Refusal("unknown-object", f"no object {action['source']!r}")
        if action.get("mana"):
            raise Refusal("unsupported", "the adapter does not map naming the mana to spend to phase")
        index = self._ability_index(obj, action["ability"])
        self._apply(seat, {"type": "ActivateAbility", "data": {"source_id": source, "ability_index": index}})
        self._answer_casting_prompts(seat, dict(action))
        self._check_targets(source, action)

    @staticmethod
    def _ability_index(obj: JSON, wanted: int) -> int:
        """phase's index of the object's ``wanted``-th activated ability (1-based, in text order)."""
        activated = [i for i, ability in enumerate(obj.get("abilities", [])) if _is_cost_colon_effect(ability)]
        if wanted > len(activated):
            raise Refusal("unknown-object", f"{obj.get('name')} has no activated ability number {wanted}")
        return activated[wanted - 1]

    # casting

    def _cast(self, seat: int, action: JSON) -> None:
        """Cast a card with the costs, X, targets and mana the action names."""
        card = self._object_id(action["card"])
        self._check_announced(self.game.object(card) or {}, action)
        data = {"object_id": card, "card_id": card, "targets": [], "payment_mode": {"type": "Manual"}}
        self._apply(seat, {"type": "CastSpell", "data": data})
        costs = list(action.get("additional_costs", []))
        self._answer_casting_prompts(seat, {**action, "additional_costs": costs})
        if action.get("mana_abilities") and self.game.object(card) and self.game.object(card).get("zone") == "Hand":
            raise Refusal("cannot-pay", "phase asked for no mana payment, so no mana ability was activated")
        if costs:
            raise Refusal("not-allowed", f"phase offered no {costs[0]} cost for this spell")
        self._check_variant(card, action.get("alternative_cost"))
        self._check_targets(card, action)

    @staticmethod
    def _check_announced(card: JSON, action: JSON) -> None:
        """Refuse, as the contract does, an X for a mana cost with none (107.3) and an alternative
        cost the card doesn't have (118.9): phase would silently cast the card for its mana cost."""
        name = card.get("name", "the card")
        if action.get("x") and "X" not in (card.get("mana_cost") or {}).get("shards", []):
            raise Refusal("not-allowed", f"{name} has no X in its mana cost (107.3)")
        wanted = action.get("alternative_cost")
        keywords = {str(next(iter(k)) if isinstance(k, dict) else k).lower() for k in card.get("keywords", [])}
        if wanted and wanted.lower() not in keywords:
            raise Refusal("not-allowed", f"{name} has no {wanted} cost (118.9)")

    def _check_targets(self, source: int, action: JSON) -> None:
        """Refuse when phase chose targets by itself (it does when only one is legal) and they are
        not the ones the action named, or the action named none (601.2c: the player chooses them)."""
        wanted = {self._object_id(ref) for ref in action.get("targets", [])}
        for item in reversed(self.game.stack()):
            if item.get("source_id") == source:
                ability = (item.get("kind", {}).get("data") or {}).get("ability") or {}
                chosen = {object_in(target) for target in ability.get("targets", [])}
                if not wanted and chosen:
                    raise Refusal("illegal-target", "phase chose the target itself: the action named none")
                if wanted and chosen != wanted:
                    names = ", ".join(sorted(self._ref(t) for t in wanted))
                    raise Refusal("illegal-target", f"phase did not accept {names} as the target(s)")
                return

    def _answer_casting_prompts(self, seat: int, action: JSON) -> None:
        """Answer what phase asks while an action is taken, from the action's own fields.

        ``additional_costs`` is consumed as each optional cost is decided."""
        targets = [self._object_id(ref) for ref in action.get("targets", [])]
        for _ in range(20):
            prompt = self.game.waiting_for()
            kind = prompt.get("type")
            if kind == "ManaPayment":
                self._activate_while_paying(seat, action.pop("mana_abilities", []))
                self._pay_from_pool(seat, action.get("mana"))
            elif kind == "TargetSelection" and targets:
                self._apply(seat, self._target_action(targets.pop(0)))
            elif kind == "ChooseXValue":
                self._apply(seat, {"type": "ChooseX", "data": {"value": int(action.get("x", 0))}})
            elif kind == "OptionalCostChoice":
                self._decide_optional_cost(seat, prompt, action.get("additional_costs", []))
            elif kind == "AlternativeCastChoice":
                self._apply(seat, self._alternative_action(prompt, action.get("alternative_cost")))
            elif kind == "PayCost" and self._forced_cost(prompt):
                self._apply(seat, {"type": "SelectCards", "data": {"cards": list(prompt["data"]["choices"])}})
            else:
                return

    @staticmethod
    def _forced_cost(prompt: JSON) -> bool:
        """Whether a cost to pay with objects leaves no choice (as many candidates as needed)."""
        data = prompt.get("data", {})
        return len(data.get("choices", [])) == data.get("count", -1)

    def _decide_optional_cost(self, seat: int, prompt: JSON, wanted: list[str]) -> None:
        """Pay kicker or offspring when the action names it (one entry per payment)."""
        data = prompt.get("data", {})
        name = "offspring" if data.get("origin") == "Offspring" else str(data.get("cost", {}).get("type", "")).lower()
        pay = name in wanted
        if pay:
            wanted.remove(name)
        self._apply(seat, {"type": "DecideOptionalCost", "data": {"pay": pay}})

    def _alternative_action(self, prompt: JSON, wanted: str | None) -> JSON:
        """phase's answer for casting with the named alternative cost, or for the mana cost."""
        offered = str(prompt.get("data", {}).get("keyword", {}).get("type", "")).lower()
        if wanted is not None and wanted != offered:
            raise Refusal("not-allowed", f"phase offers {offered or 'no'} alternative cost, not {wanted}")
        choice = "Alternative" if wanted else "Normal"
        return {"type": "ChooseAlternativeCast", "data": {"choice": {"type": choice}}}

    def _check_variant(self, card: int, wanted: str | None) -> None:
        """Refuse a cast that phase made for another cost than the one asked (it picks one itself
        when only one is affordable)."""
        state = self._state()["state"]
        for item in state.get("stack", []):
            if item.get("source_id") == card and item.get("kind", {}).get("type") == "Spell":
                variant = str(item["kind"].get("data", {}).get("casting_variant", "Normal")).lower()
                if wanted and wanted not in variant:
                    raise Refusal("cannot-pay", f"phase cast it as {variant}, not for its {wanted} cost")
                if not wanted and "blitz" in variant:
                    raise Refusal("cannot-pay", f"phase cast it as {variant}: its mana cost is not paid")

    def _activate_while_paying(self, seat: int, abilities: list[JSON]) -> None:
        """Contract 1.3.0's ``mana_abilities`` (601.2g): each one activated in phase's mana payment."""
        for wanted in abilities:
            source = self._object_id(wanted["source"])
            obj = self.game.object(source)
            if not obj:
                raise Refusal("unknown-object", f"no object {wanted['source']!r}")
            index = self._ability_index(obj, wanted["ability"])
            self._apply(seat, {"type": "ActivateAbility", "data": {"source_id": source, "ability_index": index}})

    def _pay_from_pool(self, seat: int, named: str | None) -> None:
        """Finish a manual payment with the mana already in the pool; ``named`` ("{G}{G}") is the
        mana the player chose to spend (CR 601.2h), picked unit by unit before phase pays."""
        pool_before = pool_of(self.game.player(seat))
        wanted = re.findall(r"\{([WUBRGC])\}", named or "")
        for pip in self._pips(seat, wanted):
            self._apply(seat, {"type": "SpendPoolMana", "data": {"pip_id": pip}})
        untapped = self._untapped()
        self._apply(seat, {"type": "PassPriority"})
        tapped = sorted(untapped - self._untapped())
        if tapped:  # phase finishes a manual payment by tapping mana sources of its own choosing
            names = ", ".join(self._ref(i) for i in tapped)
            raise Refusal("cannot-pay", f"the cost needs more than the mana named; phase tapped {names} for it")
        if self.game.waiting_for().get("type") == "ManaPayment":
            raise Refusal("cannot-pay", "the mana in the pool does not pay the cost")
        if wanted:
            spent = _difference(pool_before, pool_of(self.game.player(seat)))
            if spent != {symbol: wanted.count(symbol) for symbol in set(wanted)}:
                raise Refusal("cannot-pay", f"phase spent {_symbols(spent)}, not {named}")

    def _untapped(self) -> set[int]:
        """The untapped permanents, by phase's object id."""
        state = self._state()["state"]
        return {i for i in state.get("battlefield", []) if not state["objects"][str(i)].get("tapped")}

    def _pips(self, seat: int, wanted: list[str]) -> list[int]:
        """The ids of pool units of the wanted types, one per symbol."""
        free = list(self.game.player(seat).get("mana_pool", {}).get("mana", []))
        pips = []
        for symbol in wanted:
            unit = next((u for u in free if u.get("color") == SYMBOL_TO_MANA[symbol]), None)
            if unit is None:
                raise Refusal("cannot-pay", f"there is no {{{symbol}}} in the pool to spend")
            free.remove(unit)
            pips.append(int(unit["pip_id"]))
        return pips

    def _target_action(self, target: int) -> Any:
        """phase's legal answer choosing ``target``, or a refusal."""
        for option in self.game.actions():
            if object_in(option.to_dict().get("data")) == target:
                return option
        raise Refusal("illegal-target", f"{self._ref(target)} is not a legal target in phase")

    # combat

    def _declare_attackers(self, seat: int, action: JSON) -> None:
        """Declare the attackers, each attacking the other player."""
        prompt = self.game.waiting_for()
        if prompt.get("type") != "DeclareAttackers":
            raise Refusal("timing", f"phase is not asking for attackers (it waits for {prompt.get('type')})")
        attackers = [self._object_id(ref) for ref in action["attackers"]]
        defender = {"type": "Player", "data": 1 - seat}
        pairs = [[attacker, defender] for attacker in attackers]
        self._apply(seat, {"type": "DeclareAttackers", "data": {"attacks": pairs, "bands": []}})

    def _declare_blockers(self, seat: int, action: JSON) -> None:
        """Declare the blockers, each with the attacking creature it blocks (contract 1.3.0)."""
        prompt = self.game.waiting_for()
        if prompt.get("type") != "DeclareBlockers" or prompt.get("data", {}).get("player") != seat:
            raise Refusal(
                "timing", f"phase is not asking {self.names[seat]} for blockers (it waits for {prompt.get('type')})"
            )
        pairs = [[self._object_id(b["blocker"]), self._object_id(b["attacker"])] for b in action["blockers"]]
        try:
            self._apply(seat, {"type": "DeclareBlockers", "data": {"assignments": pairs}})
        except ValueError as exc:  # phase is asking this seat, so "Wrong player" is about a blocker's controller
            if "wrong player" in str(exc).lower():
                raise Refusal(
                    "not-allowed", f"a blocker is not a creature {self.names[seat]} controls: {exc}"
                ) from None
            raise

    # answering a pending choice

    def _choose(self, seat: int, choice: str, prompt: JSON) -> None:
        """Answer the pending choice with the option labelled ``choice``."""
        pending = self._pending(prompt)
        if pending is None:
            raise Refusal("no-pending-choice", "there is no pending choice to answer")
        if pending["player"] != self.names[seat]:
            raise Refusal("invalid-choice", f"{pending['player']} must answer, not {self.names[seat]}")
        for label, answer in self._options(prompt):
            if label == choice:
                if isinstance(answer, tuple):  # ("hold", card): a discard given to phase with the last one
                    self.discarding = [*self._held_discards(prompt), answer[1]]
                    return
                self.discarding = []
                for step in answer if isinstance(answer, list) else [answer]:
                    self._apply(seat, step)
                return
        raise Refusal("invalid-choice", f"choose one of: {', '.join(pending['options'])}")


def _difference(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    """The mana that left a pool: ``before`` minus ``after``, without zero entries."""
    return {s: before[s] - after.get(s, 0) for s in before if before[s] - after.get(s, 0) > 0}


def _symbols(pool: dict[str, int]) -> str:
    """``{"G": 2}`` -> ``"{G}{G}"``."""
    return "".join("{" + symbol + "}" for symbol, n in pool.items() for _ in range(n)) or "nothing"


def _is_cost_colon_effect(ability: JSON) -> bool:
    """Whether one of phase's abilities is written "[Cost]: [Effect]", as the suite counts them
    (CR 602.1a), Equip included: "Equip [cost]" means "[Cost]: Attach ..." (702.6a)."""
    description = ability.get("description")
    equip = (ability.get("ability_tag") or {}).get("type") == "Equip"
    return ability.get("kind") == "Activated" and (description is None or ": " in description or equip)
