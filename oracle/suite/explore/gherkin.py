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
from .divergence import Divergence
from .facts import Fact, facts_of

JSON = dict[str, Any]


def _answer(outcome: JSON | None) -> str:
    if outcome is None:
        return "no answer"
    if outcome["accepted"]:
        return "accepted"
    return f"rejected ({outcome['rejection']['code']}): {outcome['rejection']['reason']}"


def _comment(text: str) -> str:
    return ("  # " + " ".join(text.splitlines())).rstrip()


def title(divergence: Divergence, engine: str) -> str:
    """What differs, in a line: the attempt, what the reference engine shows and what ``engine``
    (the engine under test) does instead, e.g. "Alice taps Forest for mana: Alice's mana pool
    contains exactly {G}, example-js 1.0.0 shows {R}"."""
    last = divergence.attempts[-1] if divergence.attempts else None
    where = last.move.text if last else "The position is set up"
    kind = divergence.kind
    broke = {"crash": "crashes", "hang": "does not answer in time", "contract": "answers out of the contract"}
    if kind in broke:
        return f"{where}: {engine} {broke[kind]}"
    if kind.removeprefix("reference ") in broke:
        return f"{where}: the reference engine {broke[kind.removeprefix('reference ')]}"
    if kind == "setup":
        return f"{engine} refuses a legal position"
    if kind == "choice":
        return f"{where}: {engine} asks no question these words answer"
    if kind == "acceptance" and last is not None and last.other is not None:
        if not last.other["accepted"]:
            return f"{where}: legal, {engine} rejects it ({last.other['rejection']['code']})"
        fact = divergence.facts[0].text if divergence.facts else "rejected"
        return f"{where}: {fact.removeprefix('the action is ')}, {engine} accepts it"
    fact = divergence.facts[0].text if divergence.facts else kind
    return f"{where}: {fact}{_instead(divergence, engine)}"


def _instead(divergence: Divergence, engine: str) -> str:
    """The engine under test's side of the first Then step, ", <engine> shows <what>", when a step
    of the same kind holds there (the words after what the two steps share)."""
    if not (divergence.facts and divergence.other and divergence.reference):
        return ""
    expected = divergence.facts[0]
    theirs = [
        f.text
        for f in facts_of(divergence.other, divergence.reference, divergence.rendered.refs)
        if f.kind == expected.kind and f.text != expected.text and _holds(f, divergence.other)
    ]
    best = max(theirs, key=lambda text: len(_shared(text, expected.text)), default="")
    shared = _shared(best, expected.text)
    if not best or not shared:
        return f", not on {engine}"
    return f", {engine} shows {best[len(shared) :].strip()}"


def _shared(a: str, b: str) -> str:
    """The words two texts begin with."""
    words: list[str] = []
    for x, y in zip(a.split(" "), b.split(" "), strict=False):
        if x != y:
            break
        words.append(x)
    return " ".join(words) + " " if words else ""


def _holds(fact: Fact, observation: JSON) -> bool:
    try:
        return bool(fact.holds(observation))
    except (KeyError, TypeError, AttributeError):
        return False


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


def feature(divergence: Divergence, number: int, engines: tuple[str, str], command: str) -> str:
    """The text of the .feature file for one divergence (``engines``: reference, engine under test)."""
    mine, theirs = engines
    lines = [
        f"# Found by: {command or 'mtg-conformance explore'}",
        f"# Engine under test: {theirs}; reference engine: {mine}.",
        "# Replay it with 'mtg-conformance run --features <this folder>' (and --engine for the engine under test).",
        f"Feature: Exploration divergence {number}: {title(divergence, theirs)}",
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
    lines += [f"  @found:{slug(divergence.kind)}", f"  Scenario: explore {number:03d} {title(divergence, theirs)}"]
    previous = ""
    for kind, text in steps(divergence):
        keyword = "And" if kind == previous else {"given": "Given", "when": "When", "then": "Then"}[kind]
        lines.append(f"    {keyword} {text}")
        previous = kind
    return "\n".join(lines) + "\n"


def steps(divergence: Divergence) -> list[tuple[str, str]]:
    """The scenario's steps, ``(given | when | then, text)``: the position, the attempts the
    reference engine accepted and the last one, and the Then steps."""
    taken = [a for a in divergence.attempts[:-1] if a.reference is not None and a.reference["accepted"]]
    if divergence.attempts:
        taken.append(divergence.attempts[-1])
    return [
        *(("given", text) for text in divergence.rendered.given),
        *(("when", a.move.text) for a in taken),
        *(("then", fact.text) for fact in divergence.facts),
    ]


def file_name(divergence: Divergence, number: int, engines: tuple[str, str]) -> str:
    return f"{number:03d}-{slug(title(divergence, engines[1]))}.feature"
