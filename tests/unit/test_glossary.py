"""features/README.md documents every step phrase: each example matches exactly one step
definition, and every step definition has at least one example."""

from __future__ import annotations

import re
from pathlib import Path

from pytest_bdd.steps import step_function_context_registry

from oracle.harness.steps import STEP_MODULES, casting_steps, given, then, then_zones, when  # noqa: F401  (registers the steps)

GLOSSARY = Path(__file__).resolve().parents[2] / "features" / "README.md"
EXAMPLE = re.compile(r"^- `(Given|When|Then) (.+?)`")


def _examples() -> list[tuple[str, str]]:
    found = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        match = EXAMPLE.match(line)
        if match:
            found.append((match.group(1).lower(), match.group(2)))
            # "Then X is tapped` / `Then Y is untapped": a second example on the line
            found += [("then", m) for m in re.findall(r" / `Then (.+?)`", line)]
    return found


def _steps() -> list[object]:
    return [c for c in step_function_context_registry.values() if c.step_func.__module__ in STEP_MODULES]


def test_every_example_matches_exactly_one_step() -> None:
    steps = _steps()
    for kind, text in _examples():
        matching = [c for c in steps if c.type == kind and c.parser.is_matching(text)]
        assert len(matching) == 1, f"{kind} {text!r} matches {[c.step_func.__name__ for c in matching]}"


def test_every_step_has_an_example() -> None:
    examples = _examples()
    for context in _steps():
        assert any(kind == context.type and context.parser.is_matching(text) for kind, text in examples), (
            f"step {context.step_func.__name__} ({context.parser.name}) has no example in features/README.md"
        )
