"""Engines for testing the explorer's scope: each is the reference engine, playing less than it
declares or choosing otherwise where the contract leaves the choice to it."""

from __future__ import annotations

from itertools import product

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.interface import JSON

#: A card the engine below refuses, as an engine refuses a card whose rules text is beyond it.
REFUSED = "Mana Flare"


def _unsupported(reason: str) -> JSON:
    return {"accepted": False, "rejection": {"code": "unsupported", "reason": reason}}


class RefusesManaFlare(ReferenceEngine):
    """Declares every capability, but refuses any position with Mana Flare as unsupported."""

    def setup(self, position: JSON) -> JSON:
        for player in position["players"]:
            for zone in ("battlefield", "hand", "graveyard", "library", "exile"):
                if any(entry["card"] == REFUSED for entry in player.get(zone, [])):
                    return _unsupported(f"{REFUSED}: its triggered ability is beyond this engine")
        return super().setup(position)


class RefusesEverything(ReferenceEngine):
    """Refuses every position as unsupported: an exploration of it has no verdict at all."""

    def setup(self, position: JSON) -> JSON:
        return _unsupported("this engine plays nothing yet")


class SpendsOtherMana(ReferenceEngine):
    """Pays a cost whose mana the action does not name with other mana than the reference engine
    would, where the pool allows (601.2h leaves that choice to the player, so to the engine): it
    spends colorless and green first, white last."""

    PREFERENCE = "CGRBUW"

    def perform(self, action: JSON) -> JSON:
        if action.get("type") not in ("cast", "activate") or "mana" in action or self.state is None:
            return super().perform(action)
        pool = self._pool(action["player"])
        kinds = [k for k in self.PREFERENCE if pool.get(k)]
        # every part of the pool, fewest mana first, then most of the preferred kinds
        parts = sorted(
            product(*(range(pool[k] + 1) for k in kinds)),
            key=lambda counts: (sum(counts), [-c for c in counts]),
        )
        for counts in parts:
            if not sum(counts):
                continue
            mana = "".join("{" + k + "}" for k, c in zip(kinds, counts, strict=True) for _ in range(c))
            outcome = super().perform({**action, "mana": mana})
            if outcome["accepted"]:
                return outcome
        return super().perform(action)

    def _pool(self, player: str) -> dict[str, int]:
        for entry in self.observe()["players"]:
            if entry["name"] == player:
                return {k: v for k, v in entry["mana_pool"].items() if v}
        return {}


class SpendsOtherManaAndAsks(SpendsOtherMana):
    """Also asks the caster, once a spell is cast, a question with a single option (the contract
    lets an engine ask one or make it itself; the reference engine asks none here)."""

    asking: str | None = None

    def perform(self, action: JSON) -> JSON:
        if self.asking is not None:
            if (
                action.get("type") == "choose"
                and action.get("player") == self.asking
                and action.get("choice") == "green"
            ):
                self.asking = None
                return {"accepted": True}
            return {"accepted": False, "rejection": {"code": "pending-choice", "reason": "answer the question first"}}
        outcome = super().perform(action)
        if action.get("type") == "cast" and outcome["accepted"]:
            self.asking = action["player"]
        return outcome

    def observe(self) -> JSON:
        observation = super().observe()
        if self.asking is not None:
            observation["pending_choice"] = {"player": self.asking, "kind": "color", "options": ["green"]}
        return observation


class AsksForTargets(ReferenceEngine):
    """Accepts an activation that names no target, and asks for it (the contract's "target"
    question), where the reference engine rejects it and wants the targets with the action."""

    waiting: JSON | None = None

    def perform(self, action: JSON) -> JSON:
        if self.waiting is not None:
            if action.get("type") != "choose":
                return {"accepted": False, "rejection": {"code": "pending-choice", "reason": "choose a target first"}}
            waiting, self.waiting = self.waiting, None
            return super().perform({**waiting, "targets": [action["choice"]]})
        outcome = super().perform(action)
        if action.get("type") == "activate" and "targets" not in action and not outcome["accepted"]:
            if outcome["rejection"]["code"] == "illegal-target":
                self.waiting = action
                return {"accepted": True}
        return outcome

    def observe(self) -> JSON:
        observation = super().observe()
        if self.waiting is not None:
            player = self.waiting["player"]
            creatures = [p["ref"] for p in observation["battlefield"] if "Creature" in p["types"]]
            observation["pending_choice"] = {"player": player, "kind": "target", "options": creatures}
        return observation


class ExilesTheLoser(ReferenceEngine):
    """Once a player has lost, shows that player's permanents in exile (as an engine may do as
    the player leaves the game: 800.4a; a two-player game is over by then, 104.2a)."""

    def observe(self) -> JSON:
        observation = super().observe()
        for player in observation["players"]:
            if player.get("lost"):
                gone = [p for p in observation["battlefield"] if p["owner"] == player["name"]]
                observation["battlefield"] = [p for p in observation["battlefield"] if p not in gone]
                player["exile"] += [{"name": p["name"], "ref": p["ref"]} for p in gone]
        return observation
