"""The certification report: one engine's run report (the dict a run writes) as a self-contained page.

The pass rate is PASS over the scenarios that ran: a skip is shown apart and never counted.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from oracle.contract.outcomes import OUTCOMES
from oracle.paths import suite_root
from oracle.suite.catalog import Catalog, load_catalog
from oracle.suite.docs.html import badge, esc, page, rule_key, rule_title
from oracle.suite.docs.runs import pass_rate, totals

__all__ = ["render_report_html"]


def _report_rulings(catalog: Catalog, scenarios: Sequence[Mapping[str, Any]]) -> str:
    """Each ruling of the catalog (and any unknown id the report names) with its scenarios' outcomes."""
    by_ruling: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for s in scenarios:
        for ruling in s.get("rulings", []):
            by_ruling[ruling].append(s)
    entries = [(str(r.number), r.id, r.text) for r in sorted(catalog.rulings.values(), key=lambda r: r.number)]
    entries += [("", rid, "(not in the catalog)") for rid in sorted(by_ruling) if rid not in catalog.rulings]
    rows = []
    for number, rid, text in entries:
        items = []
        for s in by_ruling.get(rid, []):
            msg = f'<div class="msg">{esc(s["message"])}</div>' if s.get("message") else ""
            items.append(f"<li>{badge(str(s.get('outcome', '')))} {esc(s.get('name', ''))}{msg}</li>")
        cell = f"<ul>{''.join(items)}</ul>" if items else '<span class="none">not run</span>'
        rows.append(
            f'<tr><td>{esc(number)}</td><td><code>{esc(rid)}</code></td><td>{esc(text)}</td><td class="wide">{cell}</td></tr>'
        )
    return (
        "<h2>Rulings</h2><table><thead><tr><th>#</th><th>ruling</th><th>text</th><th>scenarios</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _report_rules(catalog: Catalog, scenarios: Sequence[Mapping[str, Any]]) -> str:
    """Each CR paragraph the report's scenarios cite: passed over ran, skips apart."""
    by_rule: dict[str, list[str]] = defaultdict(list)
    for s in scenarios:
        for rule in s.get("rules", []):
            by_rule[rule].append(str(s.get("outcome", "")))
    rows = []
    for number in sorted(by_rule, key=rule_key):
        got = by_rule[number]
        skipped = got.count("SKIP")
        rows.append(
            f"<tr><td>{esc(number)}</td><td>{esc(rule_title(catalog, number))}</td>"
            f"<td>{got.count('PASS')}/{len(got) - skipped}</td><td>{skipped}</td></tr>"
        )
    return (
        "<h2>By Comprehensive Rules paragraph</h2><table><thead><tr><th>rule</th><th>title</th>"
        f"<th>passed/ran</th><th>skipped</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def render_report_html(report: Mapping[str, Any], root: Path | None = None) -> str:
    """One engine's certification report as a self-contained HTML page.

    It shows the engine and suite versions, the totals by outcome, the pass rate (PASS over
    the scenarios that ran; skips shown apart), then each ruling and each cited CR paragraph
    with its scenarios' outcomes.
    """
    catalog = load_catalog(root or suite_root())
    engine, suite = report.get("engine", {}), report.get("suite", {})
    scenarios = list(report.get("scenarios", []))
    counts = totals(report)
    ran = sum(counts.values()) - counts.get("SKIP", 0)
    facts = [
        ("engine", f"{engine.get('name', '?')} {engine.get('version', '')} (spec {engine.get('spec', '?')})"),
        ("capabilities", ", ".join(map(str, engine.get("capabilities", []))) or "none declared"),
        ("suite", f"{suite.get('name', '?')} {suite.get('version', '?')}"),
        ("contract", suite.get("contract", "?")),
        ("protocol", suite.get("protocol", "?")),
        ("date", report.get("date", "?")),
    ]
    body = "<table><tbody>" + "".join(f"<tr><th>{k}</th><td>{esc(v)}</td></tr>" for k, v in facts) + "</tbody></table>"
    outcomes = list(OUTCOMES) + [o for o in counts if o not in OUTCOMES]
    body += "<h2>Totals</h2><table><thead><tr>" + "".join(badge(o, "th") for o in outcomes) + "</tr></thead>"
    body += "<tbody><tr>" + "".join(f"<td>{counts.get(o, 0)}</td>" for o in outcomes) + "</tr></tbody></table>"
    body += (
        f'<p>Pass rate: <span class="rate">{esc(pass_rate(counts))}</span> '
        f"({counts.get('PASS', 0)} passed of {ran} scenarios that ran). "
        f"Skipped, not counted in the rate: {counts.get('SKIP', 0)}.</p>"
    )
    body += _report_rulings(catalog, scenarios) + _report_rules(catalog, scenarios)
    title = f"Certification report: {engine.get('name', '?')} {engine.get('version', '')}".strip()
    return page(title, body, nav=False)
