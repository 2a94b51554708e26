"""How a scenario ends, in the words a certification uses (after web-platform-tests and Bowtie).

* ``PASS`` — the scenario ran and every Then step held.
* ``FAIL`` — the engine's rules outcome is wrong: a Then step did not hold, or the engine refused
  an action the rules allow ("refused a legal action: <its reason>", a rules bug such as summoning
  sickness that never wears off, 302.6), blamed on the step that took the action.
* ``ERROR`` — the engine broke (could not start, crashed, printed garbage, answered out of schema);
  the scenario itself is broken (no steps, an unknown step).
* ``TIMEOUT`` — the engine did not answer a request in time.
* ``SKIP`` — the scenario needs a capability the engine does not declare; never counted as a pass.
* ``PRECONDITION`` — the engine could not build the scenario's position.
* ``UNSUPPORTED`` — the engine said it can't do what the scenario asks (its position or one of
  its actions, rejected with the code ``unsupported``) although it declares every capability the
  scenario needs.  Shown apart: never a pass, never an ERROR; it ran, so it counts in the pass rate.
* ``NOT RUN`` — the scenario was selected but never ran (the run was interrupted, stopped at a
  failure, or only collected).  Every scenario starts as NOT RUN: nothing is PASS until it ran.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

NOT_RUN = "NOT RUN"
OUTCOMES = ("PASS", "FAIL", "ERROR", "TIMEOUT", "SKIP", "PRECONDITION", "UNSUPPORTED", NOT_RUN)
#: The outcomes of a scenario that ran and did not pass.
NOT_PASSED = ("FAIL", "ERROR", "TIMEOUT", "PRECONDITION", "UNSUPPORTED")


class EngineFailure(Exception):
    """The engine broke the contract or the protocol: the scenario is ERROR."""


class EngineTimeout(EngineFailure):
    """The engine did not answer in time: the scenario is TIMEOUT."""


class Refused(AssertionError):
    """The engine refused an action the scenario takes as legal: a rules verdict, the scenario is
    FAIL.  ``step`` is the index of the scenario's step that took the action (None: unknown), where
    the scenario is blamed, although the refusal is noticed only when the next step looks at the
    game (that step may be "Then the action is rejected for ...")."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.step = step


class Precondition(Exception):
    """The engine could not set up the position: the scenario is PRECONDITION."""


class Unsupported(Exception):
    """The engine rejected the position or an action as ``unsupported``: the scenario is UNSUPPORTED."""


def classify(error: BaseException | None, skipped: bool = False) -> str:
    """The outcome of a scenario that raised ``error`` (None: it passed).

    A Then step that did not hold (an assertion, or ``pytest.fail``) and a legal action the engine
    refused are FAIL; anything else that stopped a step, such as an unknown step or card, is ERROR.
    """
    import pytest

    if skipped:
        return "SKIP"
    if error is None:
        return "PASS"
    if isinstance(error, Precondition):
        return "PRECONDITION"
    if isinstance(error, Unsupported):
        return "UNSUPPORTED"
    if isinstance(error, EngineTimeout):
        return "TIMEOUT"
    if isinstance(error, EngineFailure):
        return "ERROR"
    if isinstance(error, (AssertionError, pytest.fail.Exception)):
        return "FAIL"
    return "ERROR"


def traceback_for_errors_only(repr_failure: Callable[..., Any]) -> Callable[..., Any]:
    """A scenario item's ``repr_failure``, giving pytest's Python traceback only for an ERROR (what
    broke, for whoever debugs it); for any other outcome the exception's message alone, since the
    scenario's Gherkin block takes its place in the report, and pytest reads and parses the source
    of every frame of a traceback to write it (a fifth of a second for a few failures)."""

    def short(excinfo: Any, *args: Any, **kwargs: Any) -> Any:
        if classify(excinfo.value) == "ERROR":
            return repr_failure(excinfo, *args, **kwargs)
        return f"{excinfo.typename}: {excinfo.value}"

    return short


def printable(text: object, limit: int = 300) -> str:
    """``text`` as one short line that any file or terminal can take.

    Whatever an engine said may be long, span lines, hold control characters or lone UTF-16
    surrogates (which UTF-8 can't encode): lines are joined with " | ", control characters
    become "?", a surrogate becomes its escape ``\\udXXX``, and past ``limit`` characters the
    text is cut with "…".

    >>> printable("a\\nb\\x1b[31m \\ud800")
    'a | b?[31m \\\\ud800'
    >>> printable("x" * 400, limit=5)
    'xxxxx…'
    """
    raw = str(text)[: limit * 2 + 16]
    cut = len(str(text)) > len(raw)
    raw = raw.encode("utf-8", "backslashreplace").decode("utf-8")
    one = " | ".join(part.strip() for part in raw.splitlines() if part.strip())
    one = "".join(ch if ch.isprintable() else "?" for ch in one)
    if len(one) > limit or cut:
        return one[:limit] + "…"
    return one
