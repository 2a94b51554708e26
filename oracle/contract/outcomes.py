"""How a scenario ends, in the words a certification uses (after web-platform-tests and Bowtie).

* ``PASS`` — every Then step held.
* ``FAIL`` — the engine's rules outcome is wrong (a Then step did not hold).
* ``ERROR`` — the engine broke (crashed, printed garbage, answered out of schema) or refused a
  legal action.
* ``TIMEOUT`` — the engine did not answer a request in time.
* ``SKIP`` — the scenario needs a capability the engine does not declare; never counted as a pass.
* ``PRECONDITION`` — the engine could not build the scenario's position.
"""

from __future__ import annotations

OUTCOMES = ("PASS", "FAIL", "ERROR", "TIMEOUT", "SKIP", "PRECONDITION")


class EngineFailure(Exception):
    """The engine broke the contract or the protocol: the scenario is ERROR."""


class EngineTimeout(EngineFailure):
    """The engine did not answer in time: the scenario is TIMEOUT."""


class Refused(EngineFailure):
    """The engine refused an action the scenario takes as legal: the scenario is ERROR."""


class Precondition(Exception):
    """The engine could not set up the position: the scenario is PRECONDITION."""


def classify(error: BaseException | None, skipped: bool = False) -> str:
    """The outcome of a scenario that raised ``error`` (None: it passed).

    A Then step that did not hold (an assertion, or ``pytest.fail``) is FAIL; anything else
    that stopped a step, such as an unknown step or card, is ERROR.
    """
    import pytest

    if skipped:
        return "SKIP"
    if error is None:
        return "PASS"
    if isinstance(error, Precondition):
        return "PRECONDITION"
    if isinstance(error, EngineTimeout):
        return "TIMEOUT"
    if isinstance(error, EngineFailure):
        return "ERROR"
    if isinstance(error, (AssertionError, pytest.fail.Exception)):
        return "FAIL"
    return "ERROR"
