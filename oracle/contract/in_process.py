"""An engine in the runner's own process (``module:Class``), and what it can and can't do to the run.

Engine code runs as the runner's own code, so whatever it raises reaches the runner.  An
``Exception`` is the scenario's ERROR, as from any engine.  A ``BaseException`` that is not an
``Exception`` (``sys.exit()``'s ``SystemExit``, a ``KeyboardInterrupt`` it raises itself,
``GeneratorExit``) would end the whole run, or make it exit with the engine's status and no word:
:class:`GuardedEngine` turns it into an :class:`~oracle.contract.outcomes.EngineFailure` naming the
method, so it is an ERROR of that scenario (or the one-line refusal of an engine that can't start).
A real Ctrl-C or SIGTERM to the runner still stops it (:func:`reraise_interruption`).

What no guard can bound in-process: time (a method that never returns holds the run), memory,
``os._exit()``, a crash of native code, or changes to the runner's own state.  Given a time limit
(``--engine-timeout``), a ``module:Class`` engine is therefore run in a child process behind the
wire protocol instead (``oracle/registry.py``), and bounded like any ``cmd:`` engine.
"""

from __future__ import annotations

import signal
from typing import Any

from .client import Terminated, _terminate
from .interface import JSON, Engine
from .outcomes import EngineFailure, printable


def reraise_interruption(error: BaseException) -> None:
    """Raise ``error`` again if it is the runner being interrupted, not something engine code raised.

    Under the runner, SIGINT and SIGTERM arrive as :class:`~oracle.contract.client.Terminated`; a
    bare ``KeyboardInterrupt`` then came from the engine.  Where nobody turned the signals into
    ``Terminated``, a ``KeyboardInterrupt`` may be a real Ctrl-C, and it is raised again.
    """
    if isinstance(error, Terminated):
        raise error
    if isinstance(error, KeyboardInterrupt) and signal.getsignal(signal.SIGINT) is not _terminate:
        raise error


def what_it_raised(error: BaseException) -> str:
    """``SystemExit(9)`` -> "SystemExit: 9", as one printable line."""
    return f"{type(error).__name__}: {printable(error)}" if str(error) else type(error).__name__


class GuardedEngine(Engine):
    """An in-process engine whose every call can only return, or raise an ``Exception``."""

    def __init__(self, engine: Any, spec: str) -> None:
        self.engine, self.spec = engine, spec

    def _call(self, method: str, *args: Any) -> Any:
        try:
            return getattr(self.engine, method)(*args)
        except Exception:
            raise
        except BaseException as exc:  # SystemExit, its own KeyboardInterrupt, GeneratorExit
            reraise_interruption(exc)
            raise EngineFailure(f"its {method}() raised {what_it_raised(exc)}") from None

    def describe(self) -> JSON:
        result: JSON = self._call("describe")
        return result

    def setup(self, position: JSON) -> JSON:
        result: JSON = self._call("setup", position)
        return result

    def perform(self, action: JSON) -> JSON:
        result: JSON = self._call("perform", action)
        return result

    def observe(self) -> JSON:
        result: JSON = self._call("observe")
        return result

    def close(self) -> None:
        close = getattr(self.engine, "close", None)
        if callable(close):
            self._call("close")

    def __getattr__(self, name: str) -> Any:  # anything else the engine offers, as it is
        return getattr(self.engine, name)
