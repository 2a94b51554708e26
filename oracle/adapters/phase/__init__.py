"""phase.rs, an open-source rules engine in Rust, behind the contract through ``phase-python``.

``engine`` is the adapter, composed of mixins by what they do: ``position`` builds a position,
``actions`` drives actions, ``prompts`` reads phase's prompts as pending choices, ``observe``
reads observations, ``base`` holds what they share; ``cards`` builds phase's card database from
the suite's fixtures.
"""

from oracle.adapters.phase.engine import PhaseEngine

__all__ = ["PhaseEngine"]
