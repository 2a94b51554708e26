"""mtg-conformance: a conformance suite and reference engine for the rules of Magic: The Gathering.

The package has five rooms, and imports run one way (``tests/unit/test_layout.py`` keeps it so):

* :mod:`oracle.engine` — the reference rules engine; it knows nothing of the suite or other engines;
* :mod:`oracle.contract` — the adapter contract: :class:`Engine`, the JSON Schemas and their
  validation, the wire protocol (client and ``serve``), the outcomes of a scenario;
* :mod:`oracle.adapters` — engines behind the contract: the reference engine, phase.rs;
* :mod:`oracle.suite` — the suite's machinery: the ruling catalog, results and expectations,
  reports, the living documentation, the command line;
* :mod:`oracle.harness` — the scenarios under pytest: the plugin and the step definitions.

Beside them, :mod:`oracle.registry` turns an ``--engine`` spec into an engine, and
``errors``, ``files``, ``kept``, ``paths``, ``toml`` and ``version`` are shared by all.  The public API is small:

* :func:`load_engine` — ``"reference"``, ``"phase"``, ``"module:Class"`` or ``"cmd:<command line>"``;
* :class:`Engine` — the adapter contract every engine implements;
* :class:`ReferenceEngine` — this package's engine, which follows the Comprehensive Rules;
* :func:`load_catalog` — the rulings and the rules they rest on;
* :func:`card_data` — every card the suite plays with, as ``mtg-conformance cards`` writes them;
* :class:`Rejected` — an illegal action's refusal, with a rejection code of the contract;
  :class:`UserError` — a mistake in the input, said in one line.

>>> from oracle import load_engine
>>> engine = load_engine("reference")
>>> engine.describe()["contract"] == CONTRACT_VERSION
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oracle.contract.interface import CONTRACT_VERSION, Engine
from oracle.errors import Rejected, UserError
from oracle.version import __version__

if TYPE_CHECKING:
    from oracle.adapters.reference import ReferenceEngine
    from oracle.contract.cards import card_data
    from oracle.registry import load_engine
    from oracle.suite.catalog import load_catalog

__all__ = [
    "CONTRACT_VERSION",
    "Engine",
    "ReferenceEngine",
    "Rejected",
    "UserError",
    "__version__",
    "card_data",
    "load_catalog",
    "load_engine",
]


def __getattr__(name: str) -> object:
    """Import the heavier modules lazily: a process that imports one module of the package (an
    engine over the wire, the explorer's host) does not pay for the registry's clients."""
    if name == "load_engine":
        from oracle.registry import load_engine

        return load_engine
    if name == "ReferenceEngine":
        from oracle.adapters.reference import ReferenceEngine

        return ReferenceEngine
    if name == "card_data":
        from oracle.contract.cards import card_data

        return card_data
    if name == "load_catalog":
        from oracle.suite.catalog import load_catalog

        return load_catalog
    raise AttributeError(name)
