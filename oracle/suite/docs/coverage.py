"""The ``coverage.html`` page, every numbered rule of the pinned Comprehensive Rules by section and
rule heading, each with its state (tested, cited only by the engine, exempt, not covered) and the
scenarios citing it; and, for ``by-card.html``, each card's official rulings, encoded or pending.
"""

from __future__ import annotations

from collections import defaultdict

from oracle.suite.catalog import Catalog
from oracle.suite.coverage.intake import Pending
from oracle.suite.coverage.rules import ENGINE_ONLY, EXEMPT, STATES, TESTED, Coverage, RuleCoverage
from oracle.suite.docs.html import anchor_of, esc, rule_title, scroll, slug

__all__ = ["coverage_page", "pending_section"]

#: How much of an uncited rule's text the page shows: the full text is one click away in the CR.
SHOWN = 160


def _percent(rate: float | None) -> str:
    return "n/a" if rate is None else f"{100 * rate:.1f} %"


def _row(rule: RuleCoverage, catalog: Catalog) -> str:
    number = rule.paragraph.number
    text = " ".join(rule.paragraph.text.split())
    label = (
        f'<a href="by-rule.html#cr-{esc(number)}">{esc(number)}</a> {esc(rule_title(catalog, number))}'
        if number in catalog.rules
        else esc(number)
    )
    what = ""
    if rule.scenarios:
        what = "".join(
            f'<li><a href="scenarios.html#{anchor_of(s.name)}">{esc(s.name)}</a></li>' for s in rule.scenarios
        )
        what = f"<ul>{what}</ul>"
    elif rule.state == ENGINE_ONLY:
        what = f"the reference engine: {esc(', '.join(rule.engine))}"
    elif rule.state == EXEMPT and rule.exemption:
        what = esc(rule.exemption.reason)
    shown = text if len(text) <= SHOWN else text[:SHOWN] + "…"
    return (
        f'<tr id="rule-{esc(number)}" class="state-{slug(rule.state)}"><td>{label}</td><td>{esc(rule.state)}</td>'
        f"<td>{what}</td><td>{esc(shown)}</td></tr>"
    )


def coverage_page(found: Coverage, catalog: Catalog) -> str:
    """The page's body."""
    edition = found.edition
    totals = found.totals()
    summary = ", ".join(f"{totals[state]} {esc(state)}" for state in STATES)
    rows_of: dict[str, list[RuleCoverage]] = defaultdict(list)
    for rule in found.rules:
        rows_of[rule.paragraph.subsection].append(rule)
    sections = []
    for key, title in edition.sections.items():
        headings = []
        for heading in [h for h in edition.subsections if h[0] == key]:
            counts = found.totals(heading)
            rows = "".join(_row(rule, catalog) for rule in rows_of.get(heading, []))
            table = scroll(
                f"<table><tr><th>rule</th><th>state</th><th>what covers it</th><th>text</th></tr>{rows}</table>"
            )
            headings.append(
                f'<details id="heading-{esc(heading)}"{" open" if counts[TESTED] else ""}><summary>{esc(heading)}. '
                f"{esc(edition.subsections[heading])}: {counts[TESTED]} of {sum(counts.values())} tested"
                f" ({_percent(found.rate(heading))} of the testable)</summary>{table}</details>"
            )
        counts = found.totals(key)
        sections.append(
            f'<section id="section-{esc(key)}"><h2>{esc(key)}. {esc(title)}</h2><p>{sum(counts.values())} rules: '
            + ", ".join(f"{counts[state]} {esc(state)}" for state in STATES)
            + f"; {_percent(found.rate(key))} of the rules not exempt are tested.</p>{''.join(headings)}</section>"
        )
    engine_only = found.in_state(ENGINE_ONLY)
    standout = "".join(
        f'<li><a href="#rule-{esc(r.paragraph.number)}">{esc(r.paragraph.number)}</a> ({esc(", ".join(r.engine))})</li>'
        for r in engine_only
    )
    return (
        f"<p><strong>{_percent(found.rate())}</strong> of the rules not exempt are tested.</p>"
        f"<p>Every numbered rule of the Comprehensive Rules effective {esc(edition.date)} ({len(found.rules)} rules): "
        f"{summary}. A rule is <em>tested</em> when a scenario cites it with a <code>@cr:</code> tag, <em>exempt</em> "
        "with the reason given in <code>fixtures/coverage-exemptions.toml</code>.</p>"
        f"<h2>Implemented, but no scenario pins them ({len(engine_only)})</h2>"
        f"<p>The reference engine cites these rules; no scenario does.</p><ul>{standout}</ul>" + "".join(sections)
    )


def pending_section(catalog: Catalog, pending: list[Pending]) -> str:
    """Each card's rulings: how many the catalog encodes, and those pending, verbatim."""
    cards = sorted({page for r in catalog.rulings.values() for page in r.pages} | {p.card for p in pending})
    items = []
    for card in cards:
        encoded = sum(1 for r in catalog.rulings.values() if card in r.pages)
        waiting = [p for p in pending if p.card == card]
        listed = "".join(
            f'<li id="pending-{esc(p.id)}"><code>{esc(p.id)}</code> ({esc(p.date or "undated")}, {esc(p.source)}): '
            f"<blockquote>{esc(p.text)}</blockquote></li>"
            for p in waiting
        )
        share = f"{encoded} of {encoded + len(waiting)}"
        items.append(
            f"<li><strong>{esc(card)}</strong>: {share} rulings encoded"
            + (f", {len(waiting)} pending:<ul>{listed}</ul>" if waiting else "")
            + "</li>"
        )
    return (
        '<section id="ruling-coverage"><h2>Rulings by card: encoded and pending</h2>'
        "<p>A pending ruling was taken in with <code>mtg-conformance rulings import</code> and no scenario encodes it "
        f"yet.</p><ul>{''.join(items)}</ul></section>"
    )
