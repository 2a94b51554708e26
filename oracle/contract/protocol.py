"""The wire protocol: the adapter contract as newline-delimited JSON over an engine's stdin and stdout.

One request at a time; each request is one line, each reply one line (see
``oracle/contract/schemas/README.md`` for an example of each, and ``request.schema.json``,
``reply.schema.json`` and ``handshake.schema.json`` beside it)::

    -> {"id": 1, "op": "handshake", "protocol": "1.1", "suite": "0.1.0", "cards": "/tmp/...json"}
    <- {"id": 1, "result": {"name": "oracle", "version": "0.1.0", "protocol": "1.1",
                            "contract": "1.3.0", "capabilities": ["casting", ...]}}
    -> {"id": 2, "op": "setup", "position": {...}}        <- {"id": 2, "result": {"accepted": true}}
    -> {"id": 3, "op": "perform", "action": {...}}        <- {"id": 3, "result": {"accepted": true}}
    -> {"id": 4, "op": "observe"}                         <- {"id": 4, "result": {...observation...}}
    -> {"id": 5, "op": "stop"}                            <- {"id": 5, "result": {}}

An engine that can't do a request answers ``{"id": n, "error": {"message": "..."}}``.
:func:`serve` (:mod:`~oracle.contract.serve`) speaks the engine's side for any
:class:`~oracle.contract.Engine`; :class:`SubprocessEngine` (:mod:`~oracle.contract.client`) speaks
the runner's side to a command it starts without a shell; :mod:`~oracle.contract.wire` holds the
limits both sides keep (line length, nesting, time) and the strict decoding of one line.
"""

from __future__ import annotations

from .client import SubprocessEngine, Terminated, end_engines_on_signals, received_signals, signals_deferred
from .serve import Server, serve
from .wire import DEFAULT_TIMEOUT, MAX_DEPTH, MAX_LINE, PROTOCOL_VERSION, WireError, check_timeout, decode, encode

__all__ = [
    "DEFAULT_TIMEOUT",
    "MAX_DEPTH",
    "MAX_LINE",
    "PROTOCOL_VERSION",
    "Server",
    "SubprocessEngine",
    "Terminated",
    "WireError",
    "check_timeout",
    "decode",
    "encode",
    "end_engines_on_signals",
    "received_signals",
    "serve",
    "signals_deferred",
]
