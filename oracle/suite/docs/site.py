"""The living documentation: writes every page into a folder.

``index.html`` (figures, a summary per engine, the lists across the real engines, the ruling x
engine matrix), ``by-card.html``
(every ruling once, under its card page), ``scenarios.html`` (every scenario once, with the
filter), ``by-rule.html`` (every CR paragraph), ``coverage.html`` (every numbered rule of the
pinned edition, tested or not), ``history.html`` (an engine whose reports are of several versions,
over those versions: :mod:`.history`), ``cards.html`` and a ``card-<name>.html`` per card a scenario uses.  Each page comes from its own module; this one reads the catalog, the
feature files, the cards and the run reports once and hands them to each.  A feature file the
Gherkin parser rejects is listed as an error on every page, never a crash.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from oracle.files import outside_suite, write_all
from oracle.paths import suite_root
from oracle.suite.across import reviews
from oracle.suite.catalog import load_catalog
from oracle.suite.coverage.command import rule_coverage
from oracle.suite.coverage.intake import read_pending
from oracle.suite.docs.cards import card_page, cards_index, cards_used, read_cards
from oracle.suite.docs.coverage import coverage_page, pending_section
from oracle.suite.docs.features import read_features
from oracle.suite.docs.history import CSS as HISTORY_CSS
from oracle.suite.docs.history import histories, history_page
from oracle.suite.docs.html import card_file, page
from oracle.suite.docs.index import index
from oracle.suite.docs.rules import by_rule
from oracle.suite.docs.rulings import by_card
from oracle.suite.docs.runs import engine_run
from oracle.suite.docs.scenario_list import scenario_list
from oracle.suite.docs.scenarios import errors as error_banner

__all__ = ["render_docs"]


def render_docs(
    out: Path,
    reports: Sequence[Mapping[str, Any]] = (),
    root: Path | None = None,
    real: Collection[str] = (),
) -> list[Path]:
    """Write the living documentation into ``out`` and return the paths written, index.html first.

    Each report (the dict a run writes) adds a column to the matrix and its outcome beside
    every scenario; the reports of one engine in several versions make ``history.html``.  The reports of the engines named in ``real`` (real rules engines, by the
    name their handshake gave) make the index's lists across the real engines.
    """
    root = root or suite_root()
    catalog = load_catalog(root)
    scenarios, unreadable = read_features(root)
    cards = read_cards(root)
    used = cards_used(scenarios, cards)
    engines = [replace(run, real=run.name in real) for run in map(engine_run, reports)]
    checked = reviews(root) if (root / "fixtures" / "engines" / "across.toml").is_file() else {}
    errors = error_banner(unreadable)
    files = len(list((root / "features").rglob("*.feature")))
    names = sorted({c for found in used.values() for c in found})
    listing, filter_css = scenario_list(catalog, scenarios, engines, used)
    pending = read_pending(root)
    history = histories(reports)
    pages: dict[str, tuple[str, str, str]] = {
        "index.html": (
            "Magic: The Gathering rules conformance suite",
            index(catalog, scenarios, engines, files, len(names), checked, history),
            "",
        ),
        "by-card.html": (
            "Rulings by card page",
            by_card(catalog, scenarios, engines, used) + pending_section(catalog, pending),
            "",
        ),
        "scenarios.html": ("Scenarios", listing, filter_css),
        "by-rule.html": ("Rulings by Comprehensive Rules paragraph", by_rule(catalog, scenarios, engines), ""),
        "cards.html": ("Cards", cards_index(cards, used), ""),
        "coverage.html": (
            "Coverage of the Comprehensive Rules",
            coverage_page(rule_coverage(catalog, scenarios), catalog),
            "",
        ),
    }
    if history:
        known = {s.name for s in scenarios}
        pages["history.html"] = ("Engines over their versions", history_page(history, catalog, known), HISTORY_CSS)
    for name in names:
        pages[card_file(name)] = (name, card_page(cards[name], catalog, scenarios, used, engines, pending), "")
    outside_suite(out, "--out")  # refused before the folder is made
    out.mkdir(parents=True, exist_ok=True)
    # every page whole, or none of them: a failed write leaves the pages of the last run as they were
    return write_all({out / name: page(title, errors + body, css=css) for name, (title, body, css) in pages.items()})
