"""The ``by-card.html`` page: each ruling under the card page it comes from, with its rules and scenarios.

Scenarios whose ruling tags name no ruling of the catalog are listed at the end.
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.suite.catalog import Catalog
from oracle.suite.docs.features import ScenarioText, by_ruling
from oracle.suite.docs.html import esc, rule_title, slug
from oracle.suite.docs.runs import EngineRun
from oracle.suite.docs.scenarios import scenario_table

__all__ = ["by_card"]


def by_card(catalog: Catalog, scenarios: list[ScenarioText], engines: Sequence[EngineRun]) -> str:
    rulings = sorted(catalog.rulings.values(), key=lambda r: r.number)
    pages = list(dict.fromkeys(page for r in rulings for page in r.pages))
    grouped = by_ruling(scenarios)
    toc = "".join(f'<li><a href="#card-{slug(p)}">{esc(p)}</a></li>' for p in pages)
    sections = []
    for page in pages:
        articles = []
        for ruling in (r for r in rulings if page in r.pages):
            rules = "".join(
                f'<li><a href="by-rule.html#cr-{esc(n)}">{esc(n)}</a> {esc(rule_title(catalog, n))}</li>'
                for n in ruling.rules
            )
            articles.append(
                f'<article id="{esc(slug(page))}--{esc(ruling.id)}"><h3>#{ruling.number} <code>{esc(ruling.id)}</code></h3>'
                f"<blockquote>{esc(ruling.text)}</blockquote><p>Rests on:</p><ul>{rules}</ul>"
                f"{scenario_table(grouped.get(ruling.id, []), engines)}</article>"
            )
        sections.append(f'<section id="card-{slug(page)}"><h2>{esc(page)}</h2>{"".join(articles)}</section>')
    orphans = [s for s in scenarios if not any(r in catalog.rulings for r in s.rulings)]
    if orphans:
        sections.append(
            f"<section><h2>Scenarios without a known ruling</h2>{scenario_table(orphans, engines)}</section>"
        )
    return f"<nav><ul>{toc}</ul></nav>{''.join(sections)}"
