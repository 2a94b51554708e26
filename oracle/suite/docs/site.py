"""The living documentation: writes ``index.html``, ``by-card.html`` and ``by-rule.html`` into a folder.

Each page comes from its own module (:mod:`.index`, :mod:`.rulings`, :mod:`.rules`); this one
reads the catalog, the feature files and the run reports once and hands them to each.  A
feature file the Gherkin parser rejects is listed as an error on every page, never a crash.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from oracle.paths import suite_root
from oracle.suite.catalog import load_catalog
from oracle.suite.docs.features import read_features
from oracle.suite.docs.html import page
from oracle.suite.docs.index import index
from oracle.suite.docs.rules import by_rule
from oracle.suite.docs.rulings import by_card
from oracle.suite.docs.runs import engine_run
from oracle.suite.docs.scenarios import errors as error_banner

__all__ = ["render_docs"]


def render_docs(out: Path, reports: Sequence[Mapping[str, Any]] = (), root: Path | None = None) -> list[Path]:
    """Write the living documentation into ``out`` and return the paths written.

    ``index.html`` summarises the suite; ``by-card.html`` groups every ruling of the catalog
    under its card page; ``by-rule.html`` groups rulings and scenarios by CR paragraph.  Each
    report (the dict a run writes) adds a column of outcomes beside every scenario.
    """
    root = root or suite_root()
    catalog = load_catalog(root)
    scenarios, unreadable = read_features(root)
    engines = [engine_run(report) for report in reports]
    errors = error_banner(unreadable)
    files = len(list((root / "features").rglob("*.feature")))
    pages = {
        "index.html": ("Magic: The Gathering rules conformance suite", index(catalog, scenarios, engines, files)),
        "by-card.html": ("Rulings by card page", by_card(catalog, scenarios, engines)),
        "by-rule.html": ("Rulings by Comprehensive Rules paragraph", by_rule(catalog, scenarios, engines)),
    }
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (title, body) in pages.items():
        path = out / name
        path.write_text(page(title, errors + body), encoding="utf-8")
        written.append(path)
    return written
