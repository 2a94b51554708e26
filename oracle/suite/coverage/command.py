"""``mtg-conformance coverage``, ``cr-changes`` and ``rulings``: what the suite holds, printed.

``coverage [--section N] [--list STATE] [--badge FILE]``
    Every numbered rule of the pinned Comprehensive Rules: tested by a scenario, cited only by the
    reference engine (these stand out: rules it implements that no scenario pins), exempt with a
    reason, or not covered; totals per section, and the rules of one state listed.
``cr-changes FILE``
    Compare another edition's text with the pinned one: every rule the suite cites (a tag, the
    catalog, the engine) whose text changed or whose number is gone.  Exit 1 if there is any.
``rulings [import FILE [--card NAME]]``
    List every ruling with its number of scenarios, and the pending ones; or take official
    rulings in (:mod:`.intake`).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from oracle.files import write_whole
from oracle.paths import suite_root

from ..catalog import Catalog, feature_tags, load_catalog, tag_problems
from ..comprehensive_rules import changed, read_edition
from ..inert import NAME, plain
from .rules import (
    ENGINE_ONLY,
    EXEMPT,
    STATES,
    UNCOVERED,
    Citing,
    Coverage,
    coverage,
    engine_citations,
    read_exemptions,
)

if TYPE_CHECKING:
    from .intake import Pending

ENGINE_DIR = Path(__file__).resolve().parents[2] / "engine"


def add_parsers(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The three commands' parsers."""
    cover = commands.add_parser("coverage", help="every rule of the Comprehensive Rules: tested, exempt or not")
    cover.add_argument("--section", default="", help="only this section (7), rule heading (702) or rule (702.152)")
    cover.add_argument("--list", choices=STATES, default=None, help="list the rules in this state")
    cover.add_argument("--badge", default=None, metavar="FILE", help="write the rule coverage as an SVG badge")
    changes = commands.add_parser("cr-changes", help="the cited rules another edition of the CR changed")
    changes.add_argument("file", help="the other edition's text file (Wizards of the Coast's TXT)")
    rulings = commands.add_parser(
        "rulings", help="list every ruling with its scenarios; 'import FILE' takes new ones in"
    )
    rulings.add_argument("action", nargs="?", choices=["import"], help="import official rulings from FILE")
    rulings.add_argument(
        "file", nargs="?", help="a card page in the seeds' format, or Scryfall or MTGJSON rulings JSON"
    )
    rulings.add_argument("--card", default=None, help="the card the rulings are about (a page or Scryfall JSON)")


def rule_coverage(catalog: Catalog | None = None, scenarios: Iterable[Citing] | None = None) -> Coverage:
    """The coverage of every rule of the pinned edition by the suite's scenarios (by default, as
    the catalog's tag reader finds them) and by the reference engine."""
    root = suite_root()
    catalog = catalog or load_catalog(root)
    exemptions = read_exemptions(root / "fixtures" / "coverage-exemptions.toml", catalog.cr)
    found = feature_tags(root / "features") if scenarios is None else scenarios
    return coverage(catalog, found, engine_citations(ENGINE_DIR), exemptions)


def _percent(rate: float | None) -> str:
    return "n/a" if rate is None else f"{100 * rate:.1f} %"


def print_coverage(args: argparse.Namespace) -> int:
    """The ``coverage`` command."""
    found = rule_coverage()
    edition = found.edition
    within = args.section
    if within and not any(r.paragraph.number.startswith(within) for r in found.rules):
        print(f"mtg-conformance: error: --section {within!r}: no rule of the {edition.date} edition", file=sys.stderr)
        return 2
    print(f"Comprehensive Rules, {edition.date}: {len(found.rules)} numbered rules")
    print(
        f"{'section':<40} {'rules':>6} {'tested':>7} {'engine only':>12} {'exempt':>7} {'not covered':>12} {'tested of testable':>19}"
    )
    groups = [within] if within else list(edition.sections)
    for key in groups:
        counts = found.totals(key)
        title = edition.sections.get(key) or edition.subsections.get(key) or ""
        label = f"{key}. {title}" if title else key
        print(
            f"{label[:40]:<40} {sum(counts.values()):>6} {counts['tested']:>7} {counts[ENGINE_ONLY]:>12}"
            f" {counts[EXEMPT]:>7} {counts[UNCOVERED]:>12} {_percent(found.rate(key)):>19}"
        )
    counts = found.totals(within)
    print(
        f"total: {counts['tested']} tested, {counts[ENGINE_ONLY]} cited only by the reference engine, "
        f"{counts[EXEMPT]} exempt, {counts[UNCOVERED]} not covered; {_percent(found.rate(within))} of the rules not exempt are tested"
    )
    listed = args.list or ENGINE_ONLY
    rules = [r for r in found.in_state(listed) if not within or r.paragraph.number.startswith(within)]
    if args.list or rules:
        heading = "implemented by the reference engine, cited by no scenario" if listed == ENGINE_ONLY else listed
        print(f"\n{len(rules)} rules {heading}:")
        for rule in rules:
            where = f"  ({', '.join(rule.engine)})" if rule.engine else ""
            why = f"  ({rule.exemption.reason})" if listed == EXEMPT and rule.exemption else ""
            print(f"  {rule.paragraph.number:<9} {' '.join(rule.paragraph.text.split())[:80]}{where}{why}")
    if args.badge:
        from oracle.suite.reports.badge import rate_badge

        write_whole(Path(args.badge), rate_badge("CR tested", found.rate()))
        print(f"wrote {args.badge}")
    return 0


def cited_rules(catalog: Catalog) -> set[str]:
    """Every rule number the suite cites: the rules index, the scenarios' tags, the engine's code."""
    scenarios = feature_tags(suite_root() / "features")
    return set(catalog.rules) | {n for s in scenarios for n in s.rules} | set(engine_citations(ENGINE_DIR))


def cr_changes(args: argparse.Namespace) -> int:
    """The ``cr-changes`` command: 1 when a cited rule changed, 0 when none did."""
    catalog = load_catalog()
    other = read_edition(Path(args.file))
    lines = changed(catalog.cr, other, cited_rules(catalog))
    print(f"{len(lines)} of the rules the suite cites differ between the {catalog.cr.date} and {other.date} editions")
    for line in lines:
        print(f"  {line}")
    return 1 if lines else 0


def rulings(args: argparse.Namespace) -> int:
    """The ``rulings`` command: the list, or an import."""
    if args.action == "import" or args.file:
        if not (args.action and args.file):
            print("mtg-conformance: error: rulings import needs a FILE", file=sys.stderr)
            return 2
        from .intake import import_rulings

        return import_rulings(Path(args.file), args.card)
    return list_rulings()


def pending_id_problems(pending: list[Pending], encoded: set[str]) -> list[str]:
    """One line for each id the pending file holds twice or more, and for each that is an encoded ruling's."""
    counts = Counter(p.id for p in pending)
    where = "fixtures/pending_rulings.toml"
    twice = [
        f"{where}: {plain(i, 80)} is the id of {n} pending rulings: give each its own"
        for i, n in counts.items()
        if n > 1
    ]
    return twice + [
        f"{where}: {plain(i, 80)} is the id of an encoded ruling: give the pending one another"
        for i in counts
        if i in encoded
    ]


def list_rulings() -> int:
    """Print each ruling with its scenario count, then the pending ones; a catalog or tag problem is an error."""
    root = suite_root()
    catalog = load_catalog(root)
    scenarios = feature_tags(root / "features")
    from ..needs import needs_problems
    from .intake import read_pending

    problems = tag_problems(catalog, scenarios) + needs_problems(root)
    counts = dict.fromkeys(catalog.rulings, 0)
    for scenario in scenarios:
        for ruling_id in scenario.rulings:
            if ruling_id in counts:
                counts[ruling_id] += 1
    print(f"{'#':>3}  {'ruling':<36} {'scenarios':>9}  card page")
    for ruling in sorted(catalog.rulings.values(), key=lambda r: r.number):
        mark = "" if counts[ruling.id] else "  (no scenario yet)"
        print(f"{ruling.number:>3}  {ruling.id:<36} {counts[ruling.id]:>9}  {'; '.join(ruling.pages)}{mark}")
    missing = sum(1 for n in counts.values() if not n)
    print(f"{len(counts)} rulings, {len(scenarios)} scenarios; {missing} of {len(counts)} rulings have no scenario yet")
    pending = read_pending(root)
    encoded = {" ".join(r.text.split()): r.id for r in catalog.rulings.values()}
    problems += [
        f"fixtures/pending_rulings.toml: {p.id} is encoded as {encoded[' '.join(p.text.split())]}: take it out of the pending file"
        for p in pending
        if " ".join(p.text.split()) in encoded
    ]
    problems += pending_id_problems(pending, set(catalog.rulings))
    if pending:
        print(f"{len(pending)} pending rulings, not yet encoded (fixtures/pending_rulings.toml):")
        for entry in pending:  # the file's words, as printable text
            print(
                f"  {plain(entry.id, 80):<40} {plain(entry.card, NAME)} ({plain(entry.date, NAME) or 'undated'}, {plain(entry.source, NAME)})"
            )
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if problems else 0
