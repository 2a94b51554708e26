"""Rule coverage: for every numbered rule of the pinned edition, whether a scenario cites it (a
``@cr:`` tag), whether the reference engine cites it (a rule number in ``oracle/engine/``), or
whether it is exempt, with a reason (``fixtures/coverage-exemptions.toml``: the multiplayer rules,
the casual variants, what happens before a game begins...).

An exemption names a section ("8"), a rule's heading ("106") or a rule ("106.7", which takes its
subrules with it); every entry must match a rule of the edition and give its reason.  A rule cited
by a scenario counts as tested even where an exemption would cover it: tested is tested.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from oracle.errors import CatalogError
from oracle.toml import read_toml

from ..catalog import Catalog
from ..comprehensive_rules import Edition, Paragraph, sort_key

#: A rule number written in the engine's code or docstrings.
CITED = re.compile(r"\b[1-9]\d{2}\.\d+[a-z]?\b")
TESTED, ENGINE_ONLY, EXEMPT, UNCOVERED = "tested", "engine only", "exempt", "not covered"
STATES = (TESTED, ENGINE_ONLY, EXEMPT, UNCOVERED)


class Citing(Protocol):
    """A scenario as coverage reads it: its name and the rules its ``@cr:`` tags cite."""

    @property
    def name(self) -> str: ...

    @property
    def rules(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Exemption:
    """Rules the suite does not test, and why."""

    rules: tuple[str, ...]
    reason: str

    def covers(self, number: str) -> bool:
        return any(_within(number, prefix) for prefix in self.rules)


def _within(number: str, prefix: str) -> bool:
    """Whether rule ``number`` is ``prefix``: its section, its heading, itself or one of its subrules."""
    if prefix.isdigit() and len(prefix) == 1:
        return number[0] == prefix
    if prefix.isdigit():
        return number.split(".")[0] == prefix
    return number == prefix or (number.startswith(prefix) and number[len(prefix) :].isalpha())


def read_exemptions(path: Path, edition: Edition) -> list[Exemption]:
    """The exemptions file; a malformed entry, or one that matches no rule, is a one-line error."""
    entries = read_toml(path, CatalogError).get("exempt", [])
    if not isinstance(entries, list):
        raise CatalogError(f"{path}: exempt must be an array of tables ([[exempt]])")
    found = []
    for index, entry in enumerate(entries, 1):
        rules, reason = (entry.get("rules"), entry.get("reason")) if isinstance(entry, dict) else (None, None)
        if not isinstance(rules, list) or not rules or not all(isinstance(r, str) for r in rules):
            raise CatalogError(f"{path}: exemption {index}: rules must be a non-empty list of rule numbers")
        if not isinstance(reason, str) or not reason.strip():
            raise CatalogError(f"{path}: exemption {index}: give its reason")
        for prefix in rules:
            if not any(_within(n, prefix) for n in edition.paragraphs):
                raise CatalogError(f"{path}: exemption {index}: {prefix} is no rule of the {edition.date} edition")
        found.append(Exemption(tuple(rules), reason.strip()))
    return found


def engine_citations(engine_dir: Path) -> dict[str, tuple[str, ...]]:
    """Each rule number the reference engine's modules cite, with the modules citing it."""
    cited: dict[str, list[str]] = {}
    for path in sorted(engine_dir.glob("*.py")):
        for number in sorted(set(CITED.findall(path.read_text(encoding="utf-8")))):
            cited.setdefault(number, []).append(path.stem)
    return {number: tuple(modules) for number, modules in cited.items()}


@dataclass(frozen=True)
class RuleCoverage:
    """One numbered rule and what covers it."""

    paragraph: Paragraph
    scenarios: tuple[Citing, ...] = ()
    engine: tuple[str, ...] = ()
    exemption: Exemption | None = None

    @property
    def state(self) -> str:
        if self.scenarios:
            return TESTED
        if self.exemption is not None:
            return EXEMPT
        return ENGINE_ONLY if self.engine else UNCOVERED


@dataclass
class Coverage:
    """Every rule of the edition with its coverage, in the CR's order."""

    edition: Edition
    rules: list[RuleCoverage] = field(default_factory=list)
    #: The totals of every section and heading (and of all, under ""), counted in one pass over
    #: :attr:`rules` and counted again when rules are added; a page asks for hundreds of them.
    _by_prefix: tuple[int, dict[str, dict[str, int]]] = field(default=(-1, {}), repr=False, compare=False)

    def totals(self, within: str = "") -> dict[str, int]:
        """The rules in each state, over the rules of section or heading ``within`` (all if empty),
        or of rule ``within`` and its subrules."""
        if not within or within.isdigit():
            return dict(self._prefix_totals().get(within, dict.fromkeys(STATES, 0)))
        counts = dict.fromkeys(STATES, 0)
        for rule in self.rules:
            if _within(rule.paragraph.number, within):
                counts[rule.state] += 1
        return counts

    def _prefix_totals(self) -> dict[str, dict[str, int]]:
        if self._by_prefix[0] != len(self.rules):
            found: dict[str, dict[str, int]] = {}
            for rule in self.rules:
                number, state = rule.paragraph.number, rule.state
                for prefix in dict.fromkeys(("", number[0], number.split(".")[0])):
                    found.setdefault(prefix, dict.fromkeys(STATES, 0))[state] += 1
            self._by_prefix = (len(self.rules), found)
        return self._by_prefix[1]

    def rate(self, within: str = "") -> float | None:
        """Tested rules over the rules not exempt; None when every rule is exempt."""
        counts = self.totals(within)
        testable = sum(counts.values()) - counts[EXEMPT]
        return counts[TESTED] / testable if testable else None

    def in_state(self, state: str) -> list[RuleCoverage]:
        return [rule for rule in self.rules if rule.state == state]


def coverage(
    catalog: Catalog,
    scenarios: Iterable[Citing],
    engine: Mapping[str, tuple[str, ...]],
    exemptions: Iterable[Exemption],
) -> Coverage:
    """The coverage of every rule of the catalog's pinned edition."""
    citing: dict[str, list[Citing]] = {}
    for scenario in scenarios:
        for number in dict.fromkeys(scenario.rules):
            citing.setdefault(number, []).append(scenario)
    exemptions = list(exemptions)
    result = Coverage(catalog.cr)
    for number in sorted(catalog.cr.paragraphs, key=sort_key):
        exempt = next((e for e in exemptions if e.covers(number)), None)
        result.rules.append(
            RuleCoverage(catalog.cr.paragraphs[number], tuple(citing.get(number, ())), engine.get(number, ()), exempt)
        )
    return result
