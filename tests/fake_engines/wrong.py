"""Wrong engines for testing the explorer: each is the reference engine with one visible mistake."""

from __future__ import annotations

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.interface import JSON


class LifeOffByOne(ReferenceEngine):
    """Reports each life total one too high."""

    def observe(self) -> JSON:
        observation = super().observe()
        for player in observation["players"]:
            player["life"] += 1
        return observation


class CrashesOnPass(ReferenceEngine):
    """Raises when a player passes priority (a crash of an in-process engine)."""

    def perform(self, action: JSON) -> JSON:
        if action.get("type") == "pass":
            raise RuntimeError("passing is not implemented")
        return super().perform(action)


class SicknessNeverWearsOff(ReferenceEngine):
    """Refuses every activated ability as if its source were still summoning sick (302.6): a rules
    bug that makes the engine refuse an action the rules allow."""

    def perform(self, action: JSON) -> JSON:
        if action.get("type") == "activate":
            reason = "the creature has not been under its controller's control since the turn began"
            return {"accepted": False, "rejection": {"code": "summoning-sickness", "reason": reason}}
        return super().perform(action)
