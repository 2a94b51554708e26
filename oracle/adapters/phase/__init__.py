"""phase.rs, an open-source rules engine in Rust, behind the contract through ``phase-python``.

``engine`` is the adapter; ``cards`` builds phase's card database from the suite's fixtures.
"""

from oracle.adapters.phase.engine import PhaseEngine

__all__ = ["PhaseEngine"]
