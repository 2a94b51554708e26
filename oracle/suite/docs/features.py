"""Reading the feature files into what the documentation pages show.

Each scenario comes with its steps (Background steps marked) and its effective ruling,
rule and capability tags.  A feature file the Gherkin parser rejects is returned apart as
:class:`Unreadable`, never a crash (:mod:`.scenarios` lists those on every page).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_bdd.exceptions import GherkinParseError
from pytest_bdd.parser import FeatureParser

from oracle.suite.docs.html import rule_key

__all__ = ["ScenarioText", "Step", "Unreadable", "by_ruling", "read_features"]


@dataclass(frozen=True)
class Step:
    """One step as written; ``background`` marks a step that comes from a Background."""

    keyword: str
    text: str
    background: bool
    line: int = 0


@dataclass(frozen=True)
class ScenarioText:
    """A scenario of the feature files: where it is, its ruling and rule tags, its steps."""

    name: str
    feature: str
    line: int
    rulings: tuple[str, ...]
    rules: tuple[str, ...]
    needs: tuple[str, ...]
    steps: tuple[Step, ...]
    feature_name: str = ""
    feature_about: str = ""


@dataclass(frozen=True)
class Unreadable:
    """A feature file the Gherkin parser rejected, and why."""

    feature: str
    message: str


def _parse_error(exc: Exception) -> str:
    if isinstance(exc, GherkinParseError):
        return f"line {exc.line}: {exc.message} ({exc.line_content.strip()!r})"
    return f"{type(exc).__name__}: {exc}"


def _needs(derived: Mapping[str, Any], feature: str, name: str, tags: set[str]) -> tuple[str, ...]:
    """What the scenario needs: derived from its cards and steps (:mod:`oracle.suite.needs`), with its tags."""
    found = derived.get(f"{feature}::{name}")
    return tuple(found.needs) if found is not None else tuple(sorted(t[6:] for t in tags if t.startswith("needs:")))


def read_features(root: Path) -> tuple[list[ScenarioText], list[Unreadable]]:
    """Every scenario of ``root/features`` with its steps and effective tags; rejected files apart."""
    from oracle.suite.needs import derive_all

    scenarios, unreadable = [], []
    derived = derive_all(root)
    for path in sorted((root / "features").rglob("*.feature")):
        where = path.relative_to(root).as_posix()
        try:
            feature = FeatureParser(str(path.parent), path.name).parse()
        except Exception as exc:  # the parser raises KeyError and others too, e.g. on an empty file
            unreadable.append(Unreadable(where, _parse_error(exc)))
            continue
        for scenario in feature.scenarios.values():
            tags = feature.tags | scenario.tags | (scenario.rule.tags if scenario.rule else set())
            scenarios.append(
                ScenarioText(
                    name=scenario.name,
                    feature=where,
                    line=scenario.line_number,
                    rulings=tuple(sorted(t[7:] for t in tags if t.startswith("ruling:"))),
                    rules=tuple(sorted((t[3:] for t in tags if t.startswith("cr:")), key=rule_key)),
                    needs=_needs(derived, path.relative_to(root / "features").as_posix(), scenario.name, tags),
                    steps=tuple(
                        Step(s.keyword, s.name, s.background is not None, s.line_number) for s in scenario.steps
                    ),
                    feature_name=feature.name or where,
                    feature_about=feature.description or "",
                )
            )
    return scenarios, unreadable


def by_ruling(scenarios: Iterable[ScenarioText]) -> dict[str, list[ScenarioText]]:
    grouped: dict[str, list[ScenarioText]] = defaultdict(list)
    for scenario in scenarios:
        for ruling in scenario.rulings:
            grouped[ruling].append(scenario)
    return grouped
