"""In-process engines that break the contract outside a scenario: each must be a one-line error."""

from __future__ import annotations

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.interface import JSON


class CloseRaises(ReferenceEngine):
    """Plays well, then fails to release what it holds."""

    def close(self) -> None:
        raise RuntimeError("the database handle is already closed")


class DescribeRaises(ReferenceEngine):
    """Can't say what it is."""

    def describe(self) -> JSON:
        raise KeyError("version")


class DescribesBadly(ReferenceEngine):
    """Says what it is out of engine.schema.json."""

    def describe(self) -> JSON:
        return {"name": "", "version": 1}


class NoCapabilities(ReferenceEngine):
    """Declares no capability: every scenario is skipped, and a run in which nothing passed is not green."""

    def describe(self) -> JSON:
        return {**super().describe(), "capabilities": []}


class UnknownCapability(ReferenceEngine):
    """Declares a capability no scenario can need."""

    def describe(self) -> JSON:
        return {**super().describe(), "capabilities": [*super().describe()["capabilities"], "telepathy"]}
