"""Engines behind the contract: each module or package here adapts one engine to
:class:`oracle.contract.Engine`.

* :mod:`~oracle.adapters.reference` — this package's own rules engine (:mod:`oracle.engine`);
* :mod:`~oracle.adapters.phase` — phase.rs through its Python bindings.

A new in-process adapter goes here, beside them, and gets an alias in :mod:`oracle.registry`.
Engines in other languages need no adapter: they speak :mod:`oracle.contract.protocol`.

>>> from oracle.adapters.reference import ReferenceEngine
>>> ReferenceEngine().describe()["name"]
'oracle'
"""
