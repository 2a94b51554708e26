"""Reading observations: phase's state dict translated into the contract's observation schema.

:class:`ObservationReader` gives the turn, the players and their zones, the battlefield with the
characteristics phase computed, the stack, the pending choice and the events; it also turns
phase's object ids into the position's refs and notes triggered abilities as events.
"""

from __future__ import annotations

import re
from typing import Any

from oracle.contract.interface import CONTRACT_VERSION, JSON

from .base import MANA_TO_SYMBOL, PHASE_TO_COUNTER, PHASE_TO_STEP, PhaseBase, pool_of


def mana_value(cost: JSON | None) -> int:
    """The mana value of a phase mana cost (X counts 0 off the stack, CR 202.3e)."""
    if not cost or cost.get("type") != "Cost":
        return 0
    shards = [s for s in cost.get("shards", []) if s != "X"]
    return int(cost.get("generic", 0)) + len(shards)


def keyword_name(keyword: Any) -> str:
    """A phase keyword ("Flying" or {"Offspring": ...}) as a lower-case word."""
    if isinstance(keyword, dict):
        keyword = next(iter(keyword), "")
    return re.sub(r"(?<!^)(?=[A-Z])", " ", str(keyword)).lower()


class ObservationReader(PhaseBase):
    """phase's state as the contract's observation, and phase's objects as refs."""

    def observe(self) -> JSON:
        """phase's state as the contract's observation."""
        state = self._state()["state"]
        prompt = state.get("waiting_for") or {}
        priority = prompt.get("data", {}).get("player") if prompt.get("type") == "Priority" else None
        return {
            "contract": CONTRACT_VERSION,
            "turn": {
                "number": state.get("turn_number", 1),
                "active_player": self.names[state.get("active_player", 0)],
                "step": PHASE_TO_STEP.get(state.get("phase", ""), "precombat-main"),
                "priority_player": self.names[priority] if isinstance(priority, int) else "",
            },
            "players": [self._player(state, seat) for seat in range(len(self.names))],
            "battlefield": [
                {**self._permanent(state, i), **self._combat(state, i)} for i in state.get("battlefield", [])
            ],
            "stack": [self._stack_item(state, item) for item in state.get("stack", [])],
            "pending_choice": self._pending(self.game.waiting_for()),
            "events": [dict(event) for event in self.events],
        }

    def _card(self, state: JSON, object_id: int) -> JSON:
        """A card in a zone: name and ref."""
        return {"name": state["objects"][str(object_id)]["name"], "ref": self._ref(object_id)}

    def _player(self, state: JSON, seat: int) -> JSON:
        """One player: life, mana pool and the cards in their zones."""
        player = state["players"][seat]
        # Cards chosen for a discard to hand size that phase takes all at once are shown discarded,
        # as the contract's one-at-a-time discard has them; phase discards them with the last one.
        held = [card for card in self._held_discards(state.get("waiting_for") or {}) if card in player.get("hand", [])]
        return {
            "name": self.names[seat],
            "life": player.get("life", 0),
            # phase marks a player who lost (704.5a) as eliminated and keeps the status "Active".
            "lost": bool(player.get("is_eliminated")) or player.get("status", {}).get("type", "Active") != "Active",
            "mana_pool": pool_of(player),
            "library": [self._card(state, i) for i in player.get("library", [])],
            "hand": [self._card(state, i) for i in player.get("hand", []) if i not in held],
            "graveyard": [self._card(state, i) for i in [*player.get("graveyard", []), *held]],
            "exile": [
                self._card(state, i) for i in state.get("exile", []) if state["objects"][str(i)].get("owner") == seat
            ],
        }

    def _permanent(self, state: JSON, object_id: int) -> JSON:
        """One permanent with its characteristics as phase computed them."""
        obj = state["objects"][str(object_id)]
        types = obj.get("card_types", {})
        entry: JSON = {
            "ref": self._ref(object_id),
            "name": obj.get("name", ""),
            "owner": self.names[obj.get("owner", 0)],
            "controller": self.names[obj.get("controller", 0)],
            "token": bool(obj.get("is_token", False)),
            "tapped": bool(obj.get("tapped", False)),
            "types": list(types.get("core_types", [])),
            "subtypes": list(types.get("subtypes", [])),
            "supertypes": list(types.get("supertypes", [])),
            "colors": [c.lower() for c in obj.get("color", []) if c in MANA_TO_SYMBOL and c != "Colorless"],
            "power": obj.get("power"),
            "toughness": obj.get("toughness"),
            "base_power": obj.get("layer_base_power", obj.get("base_power")),
            "base_toughness": obj.get("layer_base_toughness", obj.get("base_toughness")),
            "keywords": [keyword_name(k) for k in obj.get("keywords", [])],
            "counters": {PHASE_TO_COUNTER.get(k, k.lower()): n for k, n in obj.get("counters", {}).items() if n},
            "mana_value": mana_value(obj.get("mana_cost")),
            "damage": int(obj.get("damage_marked", 0)),
        }
        chosen = [a.get("value") for a in obj.get("chosen_attributes", []) if a.get("type") == "Color"]
        if chosen and str(chosen[0]).lower() in ("white", "blue", "black", "red", "green"):
            entry["chosen_color"] = str(chosen[0]).lower()
        host = obj.get("attached_to")
        if isinstance(host, dict) and host.get("type") == "Object":
            host = host.get("data")
        if isinstance(host, int):
            entry["attached_to"] = self._ref(host)
        return entry

    def _combat(self, state: JSON, object_id: int) -> JSON:
        """Contract 1.3.0's combat fields from phase's combat record: whom an attacking creature
        attacks, whether it is blocked once blockers are declared, what a blocking creature blocks."""
        combat = state.get("combat") or {}
        found: JSON = {}
        for attacker in combat.get("attackers", []):
            if attacker.get("object_id") == object_id and isinstance(attacker.get("defending_player"), int):
                found["attacking"] = self.names[attacker["defending_player"]]
                if combat.get("blockers_declared_by"):
                    found["blocked"] = bool(attacker.get("blocked"))
        blocked = combat.get("blocker_to_attacker", {}).get(str(object_id), [])
        if blocked:
            found["blocking"] = [self._ref(a) for a in blocked]
        return found

    def _stack_item(self, state: JSON, item: JSON) -> JSON:
        """One stack entry: a spell, or an activated or triggered ability and its source."""
        kind = item.get("kind", {}).get("type", "")
        source = item.get("source_id")
        obj = state["objects"].get(str(source), {})
        ability = item.get("kind", {}).get("data", {}).get("ability") or {}
        return {
            "kind": {"Spell": "spell", "ActivatedAbility": "activated"}.get(kind, "triggered"),
            "name": _remembered_name(item) or obj.get("name", "?"),
            "controller": self.names[item.get("controller", 0)],
            "text": ability.get("description") if kind != "Spell" else None,
            "x": None,
            "ref": self._ref(source) if isinstance(source, int) else None,
        }

    # names and refs

    def _name_of(self, object_id: Any) -> str:
        """An object's current name, or "?" when phase no longer knows the object."""
        try:
            found = self.game.object(object_id)
        except ValueError:
            return "?"
        return str((found or {}).get("name", "?"))

    def _ref(self, object_id: int) -> str:
        """The ref of a phase object: the position's, or "#<id>"."""
        return self.refs.get(object_id, f"#{object_id}")

    # events

    def _record(self) -> None:
        """Note each triggered ability newly on the stack as an "ability-triggered" event.

        phase does not always report a trigger put on the stack as an event of the action that
        did it (ordering triggers, for one), so the stack itself is compared with what was seen."""
        for item in self.game.stack():
            if item.get("id") in self.stacked:
                continue
            self.stacked.add(item.get("id"))
            if item.get("kind", {}).get("type") == "TriggeredAbility":
                name = _remembered_name(item) or self._name_of(item.get("source_id"))
                self.events.append({"type": "ability-triggered", "source": name})


def _remembered_name(item: JSON) -> str | None:
    """The name a triggered ability's source had when it triggered (last known information)."""
    ability = (item.get("kind", {}).get("data") or {}).get("ability") or {}
    lki = (ability.get("trigger_source") or {}).get("lki") or {}
    name = lki.get("name")
    return str(name) if name else None
