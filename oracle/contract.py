"""The adapter contract: the one interface through which the suite drives any engine.

An engine is anything with these four methods, all speaking plain JSON-compatible
data described by the JSON Schema files in ``oracle/schemas/`` (version
:data:`CONTRACT_VERSION`):

``describe()``
    ``{"name", "version", "contract", "capabilities"}`` (``engine.schema.json``).
``setup(position)``
    Build a position: players, life, cards in each zone, permanents with their
    tapped state, counters and whether they came under their controller's
    control this turn, the turn number, active player and step
    (``position.schema.json``).  Returns an outcome.
``perform(action)``
    One action: cast, activate, pass priority, declare attackers, or answer
    the pending choice (``action.schema.json``).  Returns an outcome
    (``outcome.schema.json``): accepted, or rejected with a code and a reason,
    in which case the state must be exactly as before.
``observe()``
    The state as data (``observation.schema.json``).

README.md shows an example session with the reference engine, run as a doctest.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from typing import Any

from .errors import EngineLoadError

#: Version of the contract (semantic versioning: a new optional field is minor, a changed meaning is major).
CONTRACT_VERSION = "1.2.0"

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


def load_engine(spec: str, timeout: float | None = None, validate_wire: bool = False) -> Engine:
    """``"reference"`` for this package's engine, ``"phase"`` for phase.rs, ``"module:Class"`` for
    one in Python, or ``"cmd:<command line>"`` for one in another process speaking :mod:`oracle.protocol`."""
    if spec in ("reference", "oracle"):
        from .reference import ReferenceEngine

        return ReferenceEngine()
    if spec == "phase":  # phase.rs through phase-python: pip install -e ".[phase]"
        try:
            import phase  # noqa: F401
        except ImportError:
            raise EngineLoadError("engine 'phase' needs phase-python: pip install -e \".[phase]\"") from None
        spec = "oracle.phase_engine:PhaseEngine"
    if spec.startswith("cmd:"):
        from .protocol import DEFAULT_TIMEOUT, SubprocessEngine

        return SubprocessEngine(spec[4:], timeout or DEFAULT_TIMEOUT, validate_wire)
    module_name, _, class_name = spec.partition(":")
    if not module_name or not class_name:
        raise EngineLoadError(f"engine {spec!r}: expected 'reference', 'module:Class' or 'cmd:<command line>'")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise EngineLoadError(f"engine {spec!r}: cannot import {module_name!r}: {exc}") from None
    factory = getattr(module, class_name, None)
    if factory is None:
        raise EngineLoadError(f"engine {spec!r}: module {module_name!r} has no {class_name!r}")
    try:
        engine = factory()
    except Exception as exc:  # an outside engine's constructor may raise anything
        raise EngineLoadError(f"engine {spec!r}: constructing it failed: {type(exc).__name__}: {exc}") from None
    missing = [m for m in ("describe", "setup", "perform", "observe") if not callable(getattr(engine, m, None))]
    if missing:
        raise EngineLoadError(f"engine {spec!r}: missing contract method(s) {', '.join(missing)}")
    return engine
