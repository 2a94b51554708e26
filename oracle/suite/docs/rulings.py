"""The ``by-card.html`` page: every ruling once, under the card page it comes from, with its rules
and its scenarios.

A ruling printed on several card pages (the mana rulings are on three) is written out once,
in a section of rulings shared by those pages, and each page's section links to it.  Every
ruling's article has its id as a permanent anchor (``by-card.html#mana.could-produce``).
Scenarios whose ruling tags name no ruling of the catalog are listed at the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from oracle.suite.catalog import Catalog, Ruling
from oracle.suite.docs.features import ScenarioText, by_ruling
from oracle.suite.docs.html import badge, esc, link_rules, rule_title, slug
from oracle.suite.docs.runs import EngineRun, ruling_status
from oracle.suite.docs.scenarios import scenario_block

__all__ = ["by_card", "ruling_article"]


def _joined(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def ruling_article(
    ruling: Ruling,
    catalog: Catalog,
    scenarios: Sequence[ScenarioText],
    engines: Sequence[EngineRun],
    cards: Mapping[str, Sequence[str]],
) -> str:
    rules = "".join(
        f'<li><a href="by-rule.html#cr-{esc(n)}">{esc(n)}</a> {esc(rule_title(catalog, n))}</li>' for n in ruling.rules
    )
    statuses = "".join(
        f"<li>{esc(run.label)}: {badge(ruling_status(run.rulings.get(ruling.id, [])))}</li>" for run in engines
    )
    blocks = "".join(scenario_block(s, engines, catalog, cards) for s in scenarios)
    return (
        f'<article id="{esc(ruling.id)}"><h3>#{ruling.number} <code>{esc(ruling.id)}</code></h3>'
        f"<blockquote>{link_rules(ruling.text, catalog.rules)}</blockquote>"
        + (f'<ul class="where">{statuses}</ul>' if statuses else "")
        + f"<p>Rests on:</p><ul>{rules}</ul>"
        + (blocks or '<p class="none">no scenario yet</p>')
        + "</article>"
    )


def by_card(
    catalog: Catalog,
    scenarios: list[ScenarioText],
    engines: Sequence[EngineRun],
    cards: Mapping[str, Sequence[str]],
) -> str:
    rulings = sorted(catalog.rulings.values(), key=lambda r: r.number)
    groups = list(dict.fromkeys(r.pages for r in rulings))
    pages = list(dict.fromkeys(page for r in rulings for page in r.pages))
    grouped = by_ruling(scenarios)
    toc = "".join(f'<li><a href="#card-{slug(p)}">{esc(p)}</a></li>' for p in pages)
    sections = []
    for group in groups:
        articles = "".join(
            ruling_article(r, catalog, grouped.get(r.id, []), engines, cards) for r in rulings if r.pages == group
        )
        if len(group) == 1:
            shared = [g for g in groups if len(g) > 1 and group[0] in g]
            links = "".join(
                f'<p>Also on this page: <a href="#shared-{slug(" ".join(g))}">the rulings it shares with '
                f"{esc(_joined([p for p in g if p != group[0]]))}</a>.</p>"
                for g in shared
            )
            sections.append(f'<section id="card-{slug(group[0])}"><h2>{esc(group[0])}</h2>{links}{articles}</section>')
        else:
            anchors = "".join(f'<span id="card-{slug(p)}"></span>' for p in group if not _alone(p, groups))
            sections.append(
                f'<section id="shared-{slug(" ".join(group))}">{anchors}<h2>Rulings on the pages of '
                f"{esc(_joined(list(group)))}</h2><p>These rulings are printed on each of these card pages; "
                f"they are written out once, here.</p>{articles}</section>"
            )
    orphans = [s for s in scenarios if not any(r in catalog.rulings for r in s.rulings)]
    if orphans:
        blocks = "".join(scenario_block(s, engines, catalog, cards) for s in orphans)
        sections.append(f"<section><h2>Scenarios without a known ruling</h2>{blocks}</section>")
    return f'<nav aria-label="card pages"><ul>{toc}</ul></nav>{"".join(sections)}'


def _alone(page: str, groups: Sequence[tuple[str, ...]]) -> bool:
    """Whether the page has rulings of its own (then its own section carries its anchor)."""
    return (page,) in groups
