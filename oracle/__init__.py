"""mtg-conformance: a conformance suite and reference engine for the rules of Magic: The Gathering.

The public API is small:

* :func:`load_engine` — ``"reference"`` or ``"module:Class"``, returns an :class:`Engine`;
* :class:`Engine` — the adapter contract every engine implements (:mod:`oracle.contract`);
* :class:`ReferenceEngine` — this package's engine, which follows the Comprehensive Rules;
* :func:`load_catalog` — the rulings and the rules they rest on (:mod:`oracle.catalog`).

>>> engine = load_engine("reference")
>>> engine.describe()["contract"] == CONTRACT_VERSION
True
"""

from __future__ import annotations

__version__ = "0.1.0"

from .contract import CONTRACT_VERSION, Engine, load_engine
from .errors import Rejected, UserError

__all__ = ["CONTRACT_VERSION", "Engine", "ReferenceEngine", "Rejected", "UserError", "__version__", "load_engine"]


def __getattr__(name: str) -> object:
    """Import the heavier modules lazily."""
    if name == "ReferenceEngine":
        from .reference import ReferenceEngine

        return ReferenceEngine
    if name == "load_catalog":
        from .catalog import load_catalog

        return load_catalog
    raise AttributeError(name)
