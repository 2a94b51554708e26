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
