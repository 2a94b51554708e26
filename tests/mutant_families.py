"""Wrong engines by rule family: each wrong engine belongs to the families of the Comprehensive
Rules paragraphs its ``wrong`` cites, and counts as killed *within its family* when a scenario it
failed cites a paragraph of that family (its ``@cr:`` tags).  The summary of tests/mutant_summary.py
prints the table; a family whose wrong engines are killed only by scenarios citing other rules
is a family whose own scenarios cannot fail.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache

from oracle.paths import suite_root
from oracle.suite.scenarios import feature_files, read_feature
from tests.wrong_engines import Mutant

__all__ = ["FAMILIES", "families_of", "family_lines"]

#: The rule families, each a name and the rule numbers (section, or section.rule) it holds.
FAMILIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("mana and mana abilities (105, 106, 605)", ("105", "106", "605")),
    ("symbols and costs (107, 118, 601.2f-h, 602)", ("107", "118", "602")),
    ("casting and resolving (601, 608)", ("601", "608")),
    ("priority and timing (116, 117)", ("116", "117")),
    ("land play (305)", ("305",)),
    ("turn structure (500-505, 512-514)", ("500", "501", "502", "503", "504", "505", "512", "513", "514")),
    ("combat (506-511)", ("506", "507", "508", "509", "510", "511")),
    ("keywords (702)", ("702",)),
    ("triggered abilities (603, 604)", ("603", "604")),
    ("characteristics and layers (110, 122, 201, 202, 208, 302, 613)", ("110", "122", "201", "202", "208", "302", "613")),
    ("replacement effects (614, 616)", ("614", "616")),
    ("zones and objects (400-406, 607, 700)", ("400", "405", "607", "700")),
    ("copies and tokens (111, 707)", ("111", "707")),
    ("state-based actions (704, 120)", ("704", "120")),
)

CITED = re.compile(r"\b(\d{3})\.\d+[a-z]?\b")


def families_of(text: str) -> set[str]:
    """The families of the rules ``text`` cites."""
    sections = set(CITED.findall(text))
    return {name for name, held in FAMILIES if sections & set(held)}


@cache
def _scenario_families() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in feature_files([suite_root() / "features"]):
        for scenario in read_feature(path):
            cites = " ".join(tag.removeprefix("cr:") for tag in scenario.tags if tag.startswith("cr:"))
            found[scenario.name] = families_of(cites)
    return found


def family_lines(mutants: Sequence[Mutant], killed_by: Mapping[str, Sequence[str]]) -> list[str]:
    """The table: per family, its wrong engines, how many a scenario citing the family killed,
    and how many reproduce a real engine's defect.  ``killed_by`` gives each killed wrong engine's
    failing scenarios, by name."""
    cited = _scenario_families()
    lines = [
        "## By rule family",
        "",
        "Each wrong engine counted in the families of the rules its description cites; killed within its",
        "family when a scenario it failed cites a rule of that family.",
        "",
        "| family | wrong engines | killed within the family | from a real engine |",
        "|---|---:|---:|---:|",
    ]
    for name, _held in FAMILIES:
        members = [m for m in mutants if name in families_of(m.wrong)]
        within = [m for m in members if any(name in cited.get(s, set()) for s in killed_by.get(m.name, ()))]
        real = [m for m in members if m.source]
        lines.append(f"| {name} | {len(members)} | {len(within)} | {len(real)} |")
    unplaced = [m.name for m in mutants if not families_of(m.wrong)]
    lines += ["", f"citing no rule of a family: {len(unplaced)}" + (f" ({', '.join(unplaced)})" if unplaced else "")]
    return lines
