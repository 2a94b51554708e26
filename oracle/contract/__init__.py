"""The adapter contract: the one interface through which the suite drives any engine.

* :mod:`~oracle.contract.interface` — :class:`Engine` (``describe``, ``setup``, ``perform``,
  ``observe``) and :data:`CONTRACT_VERSION`;
* ``schemas/`` and :mod:`~oracle.contract.validation` — every message as JSON Schema, and its checks;
* :mod:`~oracle.contract.protocol` — the same contract on the wire: the client that drives an
  engine in another process, and ``serve``, which puts any :class:`Engine` on stdin and stdout;
* :mod:`~oracle.contract.outcomes` — how a scenario ends: PASS, FAIL, ERROR, TIMEOUT, SKIP,
  PRECONDITION, UNSUPPORTED, NOT RUN;
* :mod:`~oracle.contract.cards` — every card the suite plays with, as engine-neutral JSON.

It imports neither the reference engine nor the suite.

>>> from oracle.contract import accepted, rejected
>>> rejected("timing", "not now")["rejection"]["code"]
'timing'
"""

from oracle.contract.interface import CONTRACT_VERSION, JSON, Engine, accepted, rejected

__all__ = ["CONTRACT_VERSION", "JSON", "Engine", "accepted", "rejected"]
