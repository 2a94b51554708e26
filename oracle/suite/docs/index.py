"""The ``index.html`` page: the suite in figures, then a summary per engine, the lists across the real
engines (:mod:`.across`), and the ruling x engine matrix.

Each cell of the matrix is a ruling's outcome for one engine (:func:`.runs.ruling_status`) and
links to the ruling, where its scenarios are written out; each column is headed by the engine's
name, version and run date.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from oracle.contract.outcomes import OUTCOMES
from oracle.suite.across import Review
from oracle.suite.catalog import Catalog
from oracle.suite.docs.across import across_section
from oracle.suite.docs.features import ScenarioText, by_ruling
from oracle.suite.docs.history import History
from oracle.suite.docs.html import esc, outcome_css, scroll
from oracle.suite.docs.runs import EngineRun, pass_rate, ruling_status

__all__ = ["index"]


def _figures(catalog: Catalog, scenarios: list[ScenarioText], files: int, cards: int) -> str:
    grouped = by_ruling(scenarios)
    missing = [r for r in catalog.rulings if not grouped.get(r)]
    cited = {n for r in catalog.rulings.values() for n in r.rules} | {n for s in scenarios for n in s.rules}
    pages = {p for r in catalog.rulings.values() for p in r.pages}
    rows = [
        ("rulings", len(catalog.rulings)),
        ("rulings with no scenario yet", len(missing)),
        ("scenarios", len(scenarios)),
        ("feature files", files),
        ("card pages the rulings come from", len(pages)),
        ("cards the scenarios use", cards),
        ("Comprehensive Rules paragraphs cited", len(cited)),
    ]
    return scroll(
        "<table><tbody>" + "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows) + "</tbody></table>"
    )


def _matrix(catalog: Catalog, scenarios: list[ScenarioText], engines: Sequence[EngineRun]) -> str:
    grouped = by_ruling(scenarios)
    heads = "".join(
        f'<th scope="col">{esc(run.name)}<br><span class="where">{esc(run.version)}<br>{esc(run.date)}</span></th>'
        for run in engines
    )
    rows = []
    for r in sorted(catalog.rulings.values(), key=lambda r: r.number):
        count = len(grouped.get(r.id, []))
        cells = [f"<td>{count}</td>" if count else '<td class="none">none yet</td>']
        for run in engines:
            outcomes = run.rulings.get(r.id, [])
            status = ruling_status(outcomes)
            title = f"{run.label}: {Counter(outcomes)['PASS']} of {len(outcomes)} scenarios passed"
            cells.append(
                f'<td><a class="{outcome_css(status)}" href="by-card.html#{esc(r.id)}" title="{esc(title)}">'
                f"{esc(status)}</a></td>"
            )
        rows.append(
            f'<tr><td>{r.number}</td><th scope="row"><a href="by-card.html#{esc(r.id)}"><code>{esc(r.id)}</code></a></th>'
            f"{''.join(cells)}</tr>"
        )
    table = (
        f'<table class="matrix"><thead><tr><th>#</th><th scope="col">ruling</th><th>scenarios</th>{heads}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    return scroll(table)


def _summary(catalog: Catalog, engines: Sequence[EngineRun]) -> str:
    heads = "".join(f"<th>{o}</th>" for o in OUTCOMES)
    rows = []
    for run in engines:
        statuses = Counter(ruling_status(run.rulings.get(r, [])) for r in catalog.rulings)
        rows.append(
            f'<tr><th scope="row">{esc(run.label)}<br><span class="where">{esc(run.date)}</span></th>'
            f"{''.join(f'<td>{run.totals.get(o, 0)}</td>' for o in OUTCOMES)}"
            f"<td>{esc(pass_rate(run.totals))}</td><td>{statuses['PASS']} of {len(catalog.rulings)}</td></tr>"
        )
    table = (
        f"<table><thead><tr><th>engine</th>{heads}<th>pass rate</th><th>rulings passed</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    return scroll(table)


def index(
    catalog: Catalog,
    scenarios: list[ScenarioText],
    engines: Sequence[EngineRun],
    files: int,
    cards: int,
    checked: Mapping[str, Review] | None = None,
    history: Sequence[History] = (),
) -> str:
    """The index's body; with ``history``, a link to ``history.html`` naming each engine and its versions."""
    from oracle.version import __version__

    body = (
        f"<p>mtg-conformance {esc(__version__)}: the rulings of the seed documents as Gherkin scenarios, "
        f"Comprehensive Rules effective {esc(catalog.edition or 'unknown')}.</p>"
        '<ul><li><a href="by-card.html">Rulings</a>, under the card page each comes from, with its rules and scenarios</li>'
        '<li><a href="scenarios.html">Scenarios</a>, every one, with a filter by outcome, ruling, card and CR paragraph</li>'
        '<li><a href="cards.html">Cards</a>, each with its Oracle text and the rulings and scenarios that use it</li>'
        '<li><a href="by-rule.html">Rules</a>: each Comprehensive Rules paragraph with the rulings and scenarios citing it</li>'
        + "".join(
            f'<li><a href="history.html#{esc(h.anchor)}">History</a> of {esc(h.engine)} over its versions '
            f"({esc(', '.join(v.shown for v in h.versions))}): what each fixed and broke, ruling by ruling</li>"
            for h in history
        )
        + "</ul>"
        f"{_figures(catalog, scenarios, files, cards)}"
    )
    if engines:
        body += (
            "<h2>Engines</h2><p>Pass rate: PASS over the scenarios that ran; skips are not counted.</p>"
            f"{_summary(catalog, engines)}"
            f"{across_section(engines, checked or {})}"
        )
    body += (
        "<h2>Rulings</h2><p>Each ruling"
        + (
            " with its outcome for each engine: the worst outcome of its scenarios (FAIL, ERROR, TIMEOUT, "
            "PRECONDITION, UNSUPPORTED), else PASS, PARTIAL (some skipped) or SKIP. A cell links to the ruling's scenarios."
            if engines
            else " with the number of scenarios that encode it."
        )
        + f"</p>{_matrix(catalog, scenarios, engines)}"
    )
    return body
