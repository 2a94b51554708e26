"""The ``index.html`` page: the suite in figures, every ruling with its scenario count, and each engine's totals."""

from __future__ import annotations

from collections.abc import Sequence

from oracle.contract.outcomes import OUTCOMES
from oracle.suite.catalog import Catalog
from oracle.suite.docs.features import ScenarioText, by_ruling
from oracle.suite.docs.html import card_anchor, esc
from oracle.suite.docs.runs import EngineRun, pass_rate
from oracle.version import __version__

__all__ = ["index"]


def index(catalog: Catalog, scenarios: list[ScenarioText], engines: Sequence[EngineRun], files: int) -> str:
    grouped = by_ruling(scenarios)
    missing = [r for r in catalog.rulings if not grouped.get(r)]
    cited = {n for r in catalog.rulings.values() for n in r.rules} | {n for s in scenarios for n in s.rules}
    pages = {p for r in catalog.rulings.values() for p in r.pages}
    body = (
        f"<p>mtg-conformance {esc(__version__)}: the rulings of the seed documents as Gherkin scenarios, "
        f"Comprehensive Rules effective {esc(catalog.edition or 'unknown')}.</p>"
        '<ul><li><a href="by-card.html">Rulings by card page</a>: each ruling with its rules and scenarios</li>'
        '<li><a href="by-rule.html">Rulings and scenarios by Comprehensive Rules paragraph</a></li></ul>'
        f"<table><tbody><tr><th>rulings</th><td>{len(catalog.rulings)}</td></tr>"
        f"<tr><th>rulings with no scenario yet</th><td>{len(missing)}</td></tr>"
        f"<tr><th>scenarios</th><td>{len(scenarios)}</td></tr>"
        f"<tr><th>feature files</th><td>{files}</td></tr>"
        f"<tr><th>card pages</th><td>{len(pages)}</td></tr>"
        f"<tr><th>Comprehensive Rules paragraphs cited</th><td>{len(cited)}</td></tr></tbody></table>"
    )
    rows = []
    for r in sorted(catalog.rulings.values(), key=lambda r: r.number):
        count = len(grouped.get(r.id, []))
        cell = f"<td>{count}</td>" if count else '<td class="none">no scenario yet</td>'
        link = f'<a href="by-card.html#{esc(card_anchor(r))}"><code>{esc(r.id)}</code></a>'
        rows.append(f"<tr><td>{r.number}</td><td>{link}</td><td>{esc('; '.join(r.pages))}</td>{cell}</tr>")
    body += (
        "<h2>Rulings</h2><table><thead><tr><th>#</th><th>ruling</th><th>card pages</th><th>scenarios</th></tr>"
        f"</thead><tbody>{''.join(rows)}</tbody></table>"
    )
    if engines:
        heads = "".join(f"<th>{o}</th>" for o in OUTCOMES)
        engine_rows = "".join(
            f"<tr><td>{esc(run.label)}</td>{''.join(f'<td>{run.totals.get(o, 0)}</td>' for o in OUTCOMES)}"
            f"<td>{esc(pass_rate(run.totals))}</td></tr>"
            for run in engines
        )
        body += (
            "<h2>Engines</h2><p>Pass rate: PASS over the scenarios that ran; skips are not counted.</p>"
            f"<table><thead><tr><th>engine</th>{heads}<th>pass rate</th></tr></thead><tbody>{engine_rows}</tbody></table>"
        )
    return body
