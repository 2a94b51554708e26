"""The two engines of an exploration, driven only through the adapter contract.

The engine under test runs in a process of its own (an in-process engine is hosted there by
:mod:`.host`), so that a crash, even of native code, or a hang ends one request, not the
exploration: each request has a time limit, and a broken engine is started afresh for the
next position.  Everything an engine answers is checked against the contract's schemas.
A failure is a :class:`Broke` of its own kind: ``crash``, ``hang`` or ``contract``.
"""

from __future__ import annotations

import shlex
import sys
from dataclasses import dataclass
from typing import Any

from oracle.contract.interface import Engine
from oracle.contract.outcomes import EngineFailure, EngineTimeout
from oracle.contract.protocol import SubprocessEngine
from oracle.contract.validation import errors as schema_errors
from oracle.registry import load_engine
from oracle.suite.inert import NAME, plain

JSON = dict[str, Any]
SCHEMAS = {"setup": "outcome.schema.json", "perform": "outcome.schema.json", "observe": "observation.schema.json"}


class Stop(BaseException):
    """The budget (time or examples) is spent: the exploration ends, whatever it was doing.

    A BaseException, like KeyboardInterrupt, so that no test framework takes it for a failure.
    """


class Broke(Exception):
    """An engine crashed, hung or answered out of the contract."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


def open_engine(spec: str, timeout: float, hosted: bool) -> Engine:
    """The engine named by ``spec``; with ``hosted``, an in-process engine runs in a child process."""
    if spec.startswith("cmd:") or not hosted:
        return load_engine(spec, timeout=timeout)
    load_engine(spec).close()  # a wrong spec is the user's one-line error here, not a crash later
    command = f"{shlex.quote(sys.executable)} -m oracle.suite.explore.host {shlex.quote(spec)}"
    return SubprocessEngine(command, timeout)


@dataclass
class Side:
    """One engine, as the explorer calls it: every failure a :class:`Broke`, every answer checked."""

    spec: str
    engine: Engine
    label: str = ""
    described: JSON | None = None

    def describe(self) -> str:
        """ "name version", which comments in written scenarios use."""
        if not self.label:
            described = self.described = self.call("describe")
            label = f"{described.get('name', self.spec)} {described.get('version', '')}".strip()
            self.label = plain(label, 2 * NAME)  # one printable line: a name can't write a step of its own
        return self.label

    def capabilities(self) -> list[str]:
        """The capabilities the engine declares (``fixtures/capabilities.toml``)."""
        if self.described is None:
            self.describe()
        assert self.described is not None
        return [str(c) for c in self.described.get("capabilities", [])]

    def call(self, op: str, *args: Any) -> JSON:
        try:
            result: JSON = getattr(self.engine, op)(*args)
        except (KeyboardInterrupt, SystemExit, GeneratorExit, Stop):
            raise
        except BaseException as exc:  # an in-process engine may raise anything, a native panic included
            raise broke_by(exc) from None
        schema = SCHEMAS.get(op)
        problems = schema_errors(result, schema) if schema else []
        if problems:
            raise Broke("contract", _line(f"its answer to {op} breaks {schema}: {problems[0]}"))
        return result

    def close(self) -> None:
        try:
            self.engine.close()
        except Exception:  # closing is best effort: the exploration's result is already known
            pass


def broke_by(error: BaseException) -> Broke:
    """The :class:`Broke` an engine's exception is: a time limit passed is a hang, anything else a crash."""
    if isinstance(error, EngineTimeout):
        return Broke("hang", _line(str(error)))
    if isinstance(error, EngineFailure):
        return Broke("crash", _line(str(error)))
    return Broke("crash", _line(f"{type(error).__name__}: {error}"))


def _line(text: str) -> str:
    return " ".join(text.split())[:500]
