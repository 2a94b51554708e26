"""The adapter contract: the one interface through which the suite drives any engine.

An engine is anything with these four methods, all speaking plain JSON-compatible
data described by the JSON Schema files in ``oracle/contract/schemas/`` (version
:data:`CONTRACT_VERSION`):

``describe()``
    ``{"name", "version", "contract", "capabilities"}`` (``engine.schema.json``).
``setup(position)``
    Build a position: players, life, cards in each zone, permanents with their
    tapped state, counters and whether they came under their controller's
    control this turn, the turn number, active player and step
    (``position.schema.json``).  Returns an outcome.
``perform(action)``
    One action: cast, activate, pass priority, declare attackers, play a land or
    declare blockers (since 1.3.0), or answer the pending choice (``action.schema.json``).  Returns an outcome
    (``outcome.schema.json``): accepted, or rejected with a code and a reason,
    in which case the state must be exactly as before.
``observe()``
    The state as data (``observation.schema.json``).

README.md shows an example session with the reference engine, run as a doctest.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

#: Version of the contract (semantic versioning: a new optional field is minor, a changed meaning is major).
CONTRACT_VERSION = "1.3.0"

JSON = dict[str, Any]


class Engine(ABC):
    """What an engine implements to be certified by the suite."""

    @abstractmethod
    def describe(self) -> JSON:
        """Name, version, contract version spoken and declared capabilities."""

    @abstractmethod
    def setup(self, position: JSON) -> JSON:
        """Replace the whole game with ``position``; return an outcome."""

    @abstractmethod
    def perform(self, action: JSON) -> JSON:
        """Take one action; return ``{"accepted": True}`` or a rejection."""

    @abstractmethod
    def observe(self) -> JSON:
        """The current state as plain data."""

    def close(self) -> None:  # noqa: B027 - optional for engines, so not abstract
        """Release resources (a subprocess, a connection); the default does nothing."""


def accepted() -> JSON:
    return {"accepted": True}


def rejected(code: str, reason: str) -> JSON:
    return {"accepted": False, "rejection": {"code": code, "reason": reason}}
