"""The reference engine declaring fewer capabilities: its scenarios that need them must be SKIPPED."""

from __future__ import annotations

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.interface import JSON


class WithoutCopies(ReferenceEngine):
    """Says it doesn't do copy effects (it does, but the suite must believe what it declares)."""

    def describe(self) -> JSON:
        described = super().describe()
        described["capabilities"] = [c for c in described["capabilities"] if c != "copy-effects"]
        return described
