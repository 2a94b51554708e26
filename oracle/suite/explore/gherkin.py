"""A divergence written as a scenario of the suite, in its own step vocabulary (features/README.md).

The scenario sets up the position, takes the attempts the reference engine accepted (an attempt
both engines rejected changed nothing, so it is left out), then the attempt where the engines
parted, and states in Then steps what the reference engine showed and the engine under test
did not.  It passes on the reference engine and fails on the other; comments give both
engines' answers and observations, and a ``@found:<kind>`` tag says how it was found, until a
judge confirms the expected outcome and the scenario moves into features/ with its ruling.
"""

from __future__ import annotations

import re
from typing import Any

from .compare import differences, summary
from .machine import Divergence

JSON = dict[str, Any]


def _answer(outcome: JSON | None) -> str:
    if outcome is None:
        return "no answer"
    if outcome["accepted"]:
        return "accepted"
    return f"rejected ({outcome['rejection']['code']}): {outcome['rejection']['reason']}"


def _comment(text: str) -> str:
    return ("  # " + " ".join(text.splitlines())).rstrip()


def title(divergence: Divergence) -> str:
    """What happened, in a few words: "Alice casts Grizzly Bears: observation"."""
    last = divergence.attempts[-1].move.text if divergence.attempts else "the position is set up"
    return f"{last}: {divergence.kind}"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


def feature(divergence: Divergence, number: int, engines: tuple[str, str], command: str) -> str:
    """The text of the .feature file for one divergence (``engines``: reference, engine under test)."""
    mine, theirs = engines
    lines = [
        f"# Found by: {command or 'mtg-conformance explore'}",
        f"# Engine under test: {theirs}; reference engine: {mine}.",
        "# Replay it with 'mtg-conformance run --features <this folder>' (and --engine for the engine under test).",
        f"Feature: Exploration divergence {number}: {title(divergence)}",
        "",
    ]
    last = divergence.attempts[-1] if divergence.attempts else None
    lines.append(_comment(f"Divergence: {divergence.kind}. {divergence.message}".strip()))
    if last is not None:
        lines.append(_comment(f"The last attempt: {last.move.text}"))
        lines.append(_comment(f"{mine} answered: {_answer(last.reference)}"))
        lines.append(_comment(f"{theirs} answered: {_answer(last.other)}"))
    if divergence.reference and divergence.other:
        lines.append(_comment(f"They differ in: {', '.join(differences(divergence.reference, divergence.other))}"))
    for label, observation in ((mine, divergence.reference), (theirs, divergence.other)):
        if observation:
            lines.append(_comment(f"{label} then showed:"))
            lines += [_comment(f"  {line}") for line in summary(observation)]
    lines += [f"  @found:{slug(divergence.kind)}", f"  Scenario: explore {number:03d} {title(divergence)}"]
    lines += _steps(divergence)
    return "\n".join(lines) + "\n"


def _steps(divergence: Divergence) -> list[str]:
    given = [f"    {'Given' if i == 0 else 'And'} {text}" for i, text in enumerate(divergence.rendered.given)]
    taken = [a for a in divergence.attempts[:-1] if a.reference is not None and a.reference["accepted"]]
    if divergence.attempts:
        taken.append(divergence.attempts[-1])
    when = [f"    {'When' if i == 0 else 'And'} {a.move.text}" for i, a in enumerate(taken)]
    then = [f"    {'Then' if i == 0 else 'And'} {fact.text}" for i, fact in enumerate(divergence.facts)]
    return [*given, *when, *then]


def file_name(divergence: Divergence, number: int) -> str:
    return f"{number:03d}-{slug(title(divergence))}.feature"
