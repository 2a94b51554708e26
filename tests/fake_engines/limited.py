"""Reference engines that say less, or other, than they can: what the run makes of what an engine declares."""

from __future__ import annotations

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.interface import JSON, rejected


class WithoutCopies(ReferenceEngine):
    """Says it doesn't do copy effects (it does, but the suite must believe what it declares)."""

    def describe(self) -> JSON:
        described = super().describe()
        described["capabilities"] = [c for c in described["capabilities"] if c != "copy-effects"]
        return described


class InventsCapability(ReferenceEngine):
    """Declares a capability no scenario can need: the run must refuse it in one line."""

    def describe(self) -> JSON:
        described = super().describe()
        described["capabilities"] = [*described["capabilities"], "telepathy"]
        return described


class CannotCast(ReferenceEngine):
    """Declares casting, but says "unsupported" to every spell, and to any position with a hand."""

    def setup(self, position: JSON) -> JSON:
        if any(p.get("library") for p in position["players"]):
            return rejected("unsupported", "this engine builds no libraries yet")
        return super().setup(position)

    def perform(self, action: JSON) -> JSON:
        if action["type"] == "cast":
            return rejected("unsupported", "this engine casts no spells yet")
        return super().perform(action)


class ForgetsLife(ReferenceEngine):
    """Reports every player at 20 life, whatever the position says: a core scenario catches it."""

    def observe(self) -> JSON:
        observation = super().observe()
        for player in observation["players"]:
            player["life"] = 20
        return observation


class SpeaksContract12(ReferenceEngine):
    """An engine of contract 1.2.0: no land play, no declaration of blockers.  It declares only the
    capabilities that contract has; the run must skip, never error, the scenarios needing the others."""

    def describe(self) -> JSON:
        described = super().describe()
        described["contract"] = "1.2.0"
        newer = {"land-play", "blocking", "mana-abilities-while-paying"}
        described["capabilities"] = [c for c in described["capabilities"] if c not in newer]
        return described


class OldContractNewCapability(ReferenceEngine):
    """Speaks contract 1.2.0 yet declares land play, which contract 1.3.0 introduced: the run must
    refuse it in one line."""

    def describe(self) -> JSON:
        return {**super().describe(), "contract": "1.2.0"}
