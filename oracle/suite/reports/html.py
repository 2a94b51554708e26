"""``report.html``: one engine's run report (the dict a run writes) as a self-contained page.

It opens with the totals and the pass rate (PASS over the scenarios that ran; skips shown apart
and never counted), then what did not pass: for each such scenario the step where it stopped,
highlighted among the Given steps and the steps before and after it, what was expected beside
what was observed, the ruling's words and its CR paragraphs.  Then the engine and suite
versions, and each ruling and each cited CR paragraph with its scenarios' outcomes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from oracle.contract.outcomes import OUTCOMES
from oracle.paths import suite_root
from oracle.suite.catalog import Catalog, load_catalog
from oracle.suite.docs.html import badge, esc, page, rule_key, rule_title, scroll
from oracle.suite.docs.runs import pass_rate, ran, ruling_status, totals
from oracle.suite.inert import LONG, NAME, plain
from oracle.suite.reports.failures import UNRELIABLE, around, core_not_passed, not_passed, step_line, where

__all__ = ["render_report_html"]


def _failure(s: Mapping[str, Any], catalog: Catalog) -> str:
    steps = "".join(
        f'<li class="{"failed" if role == "failed" else role}"><span class="line">{esc(step.get("line", ""))}</span>'
        f'<span class="kw">{esc(step.get("keyword", ""))}</span> {esc(step.get("text", ""))}</li>'
        for role, step in around(s)
    )
    failed = s.get("failed_step")
    stopped = (
        f"<p>Stopped at line {esc(failed.get('line', '?'))}: <strong>{esc(step_line(failed))}</strong></p>"
        if failed
        else ""
    )
    observed = plain(s.get("observed") or s.get("message") or "—", LONG)
    pair = (
        f'<div class="pair"><div class="exp"><strong>expected</strong><br>{esc(plain(s.get("expected") or "—", LONG))}</div>'
        f'<div class="obs"><strong>observed</strong><br>{esc(observed)}</div></div>'
    )
    rulings = "".join(
        f"<blockquote><strong>{esc(r)}</strong> (ruling {catalog.rulings[r].number}): "
        f"\u201c{esc(catalog.rulings[r].text)}\u201d</blockquote>"
        for r in s.get("rulings", [])
        if r in catalog.rulings
    )
    rules = "".join(
        f"<li><strong>{esc(n)}</strong> {esc(catalog.rules[n].title)}: {esc(catalog.rules[n].text)}</li>"
        for n in s.get("rules", [])
        if n in catalog.rules
    )
    steps = f'<ol class="steps">{steps}</ol>' if steps else ""
    rules = f"<p>CR paragraphs:</p><ul>{rules}</ul>" if rules else ""
    if s.get("transcript"):
        stopped += f'<p>Transcript: <a href="{esc(s["transcript"])}">{esc(s["transcript"])}</a></p>'

    return (
        f"<article><h3>{badge(str(s.get('outcome', '')))} {esc(s.get('name', ''))}</h3>"
        f'<div class="where">{esc(where(s))}</div>{steps}{stopped}{pair}{rulings}{rules}</article>'
    )


def _report_rulings(catalog: Catalog, scenarios: Sequence[Mapping[str, Any]]) -> str:
    """Each ruling of the catalog (and any unknown id the report names) with its scenarios' outcomes."""
    by_ruling: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for s in scenarios:
        for ruling in s.get("rulings", []):
            by_ruling[ruling].append(s)
    entries = [(str(r.number), r.id, r.text) for r in sorted(catalog.rulings.values(), key=lambda r: r.number)]
    entries += [("", rid, "(not in the catalog)") for rid in sorted(by_ruling) if rid not in catalog.rulings]
    articles = []
    for number, rid, text in entries:
        mine = by_ruling.get(rid, [])
        items = "".join(
            f"<li>{badge(str(s.get('outcome', '')))} {esc(s.get('name', ''))}"
            + (f'<div class="msg">{esc(plain(s["message"], LONG))}</div>' if s.get("message") else "")
            + "</li>"
            for s in mine
        )
        status = ruling_status(str(s.get("outcome", "")) for s in mine)
        cell = f"<ul>{items}</ul>" if items else '<p class="none">not run</p>'
        articles.append(
            f'<article id="{esc(rid)}"><h3>{esc(number and "#" + number)} <code>{esc(rid)}</code> {badge(status)}</h3>'
            f"<blockquote>{esc(text)}</blockquote>{cell}</article>"
        )
    return f"<h2>Rulings</h2>{''.join(articles)}"


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
    table = (
        "<table><thead><tr><th>rule</th><th>title</th><th>passed/ran</th><th>skipped</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    return f"<h2>By Comprehensive Rules paragraph</h2>{scroll(table)}"


def render_report_html(report: Mapping[str, Any], root: Path | None = None) -> str:
    """One engine's certification report as a self-contained HTML page: totals, then failures."""
    catalog = load_catalog(root or suite_root())
    engine, suite = report.get("engine", {}), report.get("suite", {})
    name, version = plain(engine.get("name") or "?", NAME), plain(engine.get("version") or "", NAME)
    scenarios = list(report.get("scenarios", []))
    counts = totals(report)
    problems = not_passed(report)
    core = core_not_passed(scenarios)
    warning = f'<p class="warning"><strong>Warning</strong>: {esc(UNRELIABLE)}: {esc(", ".join(s["name"] for s in core))}.</p>'
    outcomes = list(OUTCOMES) + [o for o in counts if o not in OUTCOMES]
    body = (
        (warning if core else "")
        + "<h2>Totals</h2>"
        + scroll(
            "<table><thead><tr>"
            + "".join(badge(o, "th") for o in outcomes)
            + "</tr></thead><tbody><tr>"
            + "".join(f"<td>{counts.get(o, 0)}</td>" for o in outcomes)
            + "</tr></tbody></table>"
        )
    )
    if counts.get("NOT RUN"):
        body += f"<p>Pass rate: n/a (the run is incomplete: {counts['NOT RUN']} scenarios NOT RUN).</p>"
    else:
        body += (
            f'<p>Pass rate: <span class="rate">{esc(pass_rate(counts))}</span> '
            f"({counts.get('PASS', 0)} passed of {ran(counts)} scenarios that ran). "
            f"Skipped, not counted in the rate: {counts.get('SKIP', 0)}.</p>"
        )
    body += f"<h2>What did not pass ({len(problems)})</h2>"
    body += "".join(_failure(s, catalog) for s in problems) or "<p>Every scenario that ran passed.</p>"
    facts = [
        ("engine", f"{name} {version} (spec {plain(engine.get('spec', '?'), 500)})"),
        ("capabilities", plain(", ".join(map(str, engine.get("capabilities") or [])), LONG) or "none declared"),
        ("suite", f"{suite.get('name', '?')} {suite.get('version', '?')}"),
        ("contract", suite.get("contract", "?")),
        ("protocol", suite.get("protocol", "?")),
        ("date", report.get("date", "?")),
        ("report format", report.get("format_version", "1.0")),
    ]
    body += "<h2>The run</h2>" + scroll(
        "<table><tbody>" + "".join(f"<tr><th>{k}</th><td>{esc(v)}</td></tr>" for k, v in facts) + "</tbody></table>"
    )
    body += _report_rulings(catalog, scenarios) + _report_rules(catalog, scenarios)
    title = f"Certification report: {name} {version}".strip()
    return page(title, body, nav=False)
