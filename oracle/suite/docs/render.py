"""The suite as self-contained HTML: living documentation and certification reports.

* :func:`render_docs` writes ``index.html``, ``by-card.html`` (each ruling under the card
  page it comes from, with its rules and its scenarios as Given/When/Then) and
  ``by-rule.html`` (each cited Comprehensive Rules paragraph with the rulings and scenarios
  that cite it); given run reports, it shows each engine's outcome beside each scenario.
* :func:`render_report_html` renders one engine's report (the dict a run writes) as a page.

Pages carry their CSS inline and need no JavaScript and no network, so they open from a
file or a CI artifact.  All text is escaped.  A feature file the Gherkin parser rejects is
listed as an error, never a crash.  The pass rate is PASS over the scenarios that ran: a
skip is shown apart and never counted.
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_bdd.exceptions import GherkinParseError
from pytest_bdd.parser import FeatureParser

from oracle.paths import suite_root
from oracle.suite.catalog import Catalog, Ruling, load_catalog
from oracle.version import __version__

__all__ = ["render_docs", "render_report_html"]

from oracle.contract.outcomes import OUTCOMES

BACKGROUND = ' class="bg" title="from the Background"'

CSS = """
body { font: 15px/1.45 system-ui, sans-serif; color: #1d1d1f; margin: 0; background: #fafafa; }
nav.top { background: #24292f; padding: .5em 1.5em; }
nav.top a { color: #fff; margin-right: 1.5em; text-decoration: none; }
main { max-width: 72em; margin: 0 auto; padding: 1em 1.5em 3em; }
h2 { border-bottom: 2px solid #d0d7de; padding-bottom: .2em; margin-top: 2em; }
article { background: #fff; border: 1px solid #d0d7de; border-radius: 6px; padding: .2em 1em 1em; margin: 1em 0; }
blockquote { margin: .5em 0; padding: .3em 1em; border-left: 4px solid #8c959f; background: #f6f8fa; }
table { border-collapse: collapse; width: 100%; margin: .5em 0; }
th, td { border: 1px solid #d0d7de; padding: .3em .5em; text-align: left; vertical-align: top; }
th { background: #eaeef2; }
ul.steps { list-style: none; padding-left: .5em; margin: .3em 0; font-family: ui-monospace, monospace; font-size: 13px; }
ul.steps li.bg { color: #57606a; }
.kw { font-weight: bold; color: #0550ae; }
.where, .tags, .msg { color: #57606a; font-size: 13px; }
.msg { white-space: pre-wrap; font-family: ui-monospace, monospace; }
.none { color: #9a6700; font-style: italic; }
.error { background: #ffebe9; border: 1px solid #cf222e; padding: .5em 1em; border-radius: 6px; }
.o { font-weight: bold; text-align: center; white-space: nowrap; }
.o-PASS { background: #dafbe1; color: #116329; }
.o-FAIL { background: #ffebe9; color: #a40e26; }
.o-ERROR { background: #ffd8d3; color: #82071e; }
.o-TIMEOUT { background: #fff1e5; color: #953800; }
.o-SKIP { background: #eaeef2; color: #57606a; }
.o-PRECONDITION { background: #fff8c5; color: #7d4e00; }
.o-none { color: #8c959f; }
td.wide { min-width: 24em; }
.rate { font-size: 1.4em; font-weight: bold; }
"""


@dataclass(frozen=True)
class Step:
    """One step as written; ``background`` marks a step that comes from a Background."""

    keyword: str
    text: str
    background: bool


@dataclass(frozen=True)
class ScenarioText:
    """A scenario of the feature files: where it is, its ruling and rule tags, its steps."""

    name: str
    feature: str
    line: int
    rulings: tuple[str, ...]
    rules: tuple[str, ...]
    needs: tuple[str, ...]
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Unreadable:
    """A feature file the Gherkin parser rejected, and why."""

    feature: str
    message: str


@dataclass(frozen=True)
class EngineRun:
    """One engine's report: its column head, totals and each scenario's outcome and message by name."""

    label: str
    totals: dict[str, int]
    results: dict[str, tuple[str, str]]


def _esc(value: object) -> str:
    """Escape any value for HTML text or a quoted attribute."""
    return html.escape(str(value), quote=True)


def _rule_key(number: str) -> tuple[int, int, str, str]:
    match = re.fullmatch(r"(\d+)\.(\d+)([a-z]*)", number)
    return (int(match[1]), int(match[2]), match[3], "") if match else (10**9, 0, "", number)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "page"


def _parse_error(exc: Exception) -> str:
    if isinstance(exc, GherkinParseError):
        return f"line {exc.line}: {exc.message} ({exc.line_content.strip()!r})"
    return f"{type(exc).__name__}: {exc}"


def _read_features(root: Path) -> tuple[list[ScenarioText], list[Unreadable]]:
    """Every scenario of ``root/features`` with its steps and effective tags; rejected files apart."""
    scenarios, unreadable = [], []
    for path in sorted((root / "features").rglob("*.feature")):
        where = path.relative_to(root).as_posix()
        try:
            feature = FeatureParser(str(path.parent), path.name).parse()
        except Exception as exc:  # the parser raises KeyError and others too, e.g. on an empty file
            unreadable.append(Unreadable(where, _parse_error(exc)))
            continue
        for scenario in feature.scenarios.values():
            tags = feature.tags | scenario.tags | (scenario.rule.tags if scenario.rule else set())
            scenarios.append(
                ScenarioText(
                    name=scenario.name,
                    feature=where,
                    line=scenario.line_number,
                    rulings=tuple(sorted(t[7:] for t in tags if t.startswith("ruling:"))),
                    rules=tuple(sorted((t[3:] for t in tags if t.startswith("cr:")), key=_rule_key)),
                    needs=tuple(sorted(t[6:] for t in tags if t.startswith("needs:"))),
                    steps=tuple(Step(s.keyword, s.name, s.background is not None) for s in scenario.steps),
                )
            )
    return scenarios, unreadable


def _totals(report: Mapping[str, Any]) -> dict[str, int]:
    if isinstance(report.get("totals"), Mapping):
        return {str(k): int(v) for k, v in report["totals"].items()}
    counts = dict.fromkeys(OUTCOMES, 0)
    for scenario in report.get("scenarios", []):
        counts[str(scenario.get("outcome"))] = counts.get(str(scenario.get("outcome")), 0) + 1
    return counts


def _pass_rate(totals: Mapping[str, int]) -> str:
    """PASS over the scenarios that ran (every outcome but SKIP), as a percentage."""
    ran = sum(totals.values()) - totals.get("SKIP", 0)
    return f"{100 * totals.get('PASS', 0) / ran:.1f} %" if ran else "n/a (nothing ran)"


def _engine_run(report: Mapping[str, Any]) -> EngineRun:
    engine = report.get("engine", {})
    results = {
        str(s.get("name", "")): (str(s.get("outcome", "")), str(s.get("message") or ""))
        for s in report.get("scenarios", [])
    }
    return EngineRun(f"{engine.get('name', '?')} {engine.get('version', '')}".strip(), _totals(report), results)


def _css(outcome: str) -> str:
    return f"o o-{outcome}" if outcome in OUTCOMES else "o o-none"


def _badge(outcome: str, tag: str = "span") -> str:
    return f'<{tag} class="{_css(outcome)}">{_esc(outcome)}</{tag}>'


def _outcome_cell(result: tuple[str, str] | None) -> str:
    if result is None:
        return '<td class="o o-none" title="not in this report">—</td>'
    outcome, message = result
    msg = f'<div class="msg">{_esc(message)}</div>' if message else ""
    return f'<td class="{_css(outcome)}">{_esc(outcome)}{msg}</td>'


def _scenario_table(scenarios: Sequence[ScenarioText], engines: Sequence[EngineRun], fold: bool = False) -> str:
    """The scenarios as Given/When/Then, one row each, with a column per engine."""
    if not scenarios:
        return '<p class="none">no scenario yet</p>'
    rows = []
    for s in scenarios:
        steps = "".join(
            f'<li{BACKGROUND if step.background else ""}><span class="kw">{_esc(step.keyword)}</span> {_esc(step.text)}</li>'
            for step in s.steps
        )
        steps = f'<ul class="steps">{steps}</ul>'
        if fold:
            steps = f"<details><summary>steps</summary>{steps}</details>"
        tags = " ".join(
            [f"@ruling:{r}" for r in s.rulings] + [f"@cr:{r}" for r in s.rules] + [f"@needs:{n}" for n in s.needs]
        )
        cells = "".join(_outcome_cell(run.results.get(s.name)) for run in engines)
        rows.append(
            f"<tr><td><strong>{_esc(s.name)}</strong>"
            f'<div class="where">{_esc(s.feature)}:{s.line}</div><div class="tags">{_esc(tags)}</div>{steps}</td>{cells}</tr>'
        )
    heads = "".join(f"<th>{_esc(run.label)}</th>" for run in engines)
    return f"<table><thead><tr><th>scenario</th>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _page(title: str, body: str, nav: bool = True) -> str:
    links = '<nav class="top"><a href="index.html">Suite</a><a href="by-card.html">By card</a>'
    links += '<a href="by-rule.html">By rule</a></nav>\n'
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{links if nav else ''}"
        f"<main>\n<h1>{_esc(title)}</h1>\n{body}\n</main>\n</body>\n</html>\n"
    )


def _errors(unreadable: Sequence[Unreadable]) -> str:
    if not unreadable:
        return ""
    items = "".join(f"<li><code>{_esc(u.feature)}</code>: {_esc(u.message)}</li>" for u in unreadable)
    return (
        f'<div class="error"><strong>{len(unreadable)} feature file(s) could not be parsed;'
        f" their scenarios are missing from these pages:</strong><ul>{items}</ul></div>"
    )


def _by_ruling(scenarios: Iterable[ScenarioText]) -> dict[str, list[ScenarioText]]:
    grouped: dict[str, list[ScenarioText]] = defaultdict(list)
    for scenario in scenarios:
        for ruling in scenario.rulings:
            grouped[ruling].append(scenario)
    return grouped


def _rule_title(catalog: Catalog, number: str) -> str:
    rule = catalog.rules.get(number)
    return rule.title if rule else "(not in comprehensive_rules.toml)"


def _card_anchor(ruling: Ruling) -> str:
    return f"{_slug(ruling.pages[0])}--{ruling.id}"


def _by_card(catalog: Catalog, scenarios: list[ScenarioText], engines: Sequence[EngineRun]) -> str:
    rulings = sorted(catalog.rulings.values(), key=lambda r: r.number)
    pages = list(dict.fromkeys(page for r in rulings for page in r.pages))
    grouped = _by_ruling(scenarios)
    toc = "".join(f'<li><a href="#card-{_slug(p)}">{_esc(p)}</a></li>' for p in pages)
    sections = []
    for page in pages:
        articles = []
        for ruling in (r for r in rulings if page in r.pages):
            rules = "".join(
                f'<li><a href="by-rule.html#cr-{_esc(n)}">{_esc(n)}</a> {_esc(_rule_title(catalog, n))}</li>'
                for n in ruling.rules
            )
            articles.append(
                f'<article id="{_esc(_slug(page))}--{_esc(ruling.id)}"><h3>#{ruling.number} <code>{_esc(ruling.id)}</code></h3>'
                f"<blockquote>{_esc(ruling.text)}</blockquote><p>Rests on:</p><ul>{rules}</ul>"
                f"{_scenario_table(grouped.get(ruling.id, []), engines)}</article>"
            )
        sections.append(f'<section id="card-{_slug(page)}"><h2>{_esc(page)}</h2>{"".join(articles)}</section>')
    orphans = [s for s in scenarios if not any(r in catalog.rulings for r in s.rulings)]
    if orphans:
        sections.append(
            f"<section><h2>Scenarios without a known ruling</h2>{_scenario_table(orphans, engines)}</section>"
        )
    return f"<nav><ul>{toc}</ul></nav>{''.join(sections)}"


def _by_rule(catalog: Catalog, scenarios: list[ScenarioText], engines: Sequence[EngineRun]) -> str:
    rulings_of: dict[str, list[Ruling]] = defaultdict(list)
    for ruling in sorted(catalog.rulings.values(), key=lambda r: r.number):
        for number in ruling.rules:
            rulings_of[number].append(ruling)
    scenarios_of: dict[str, list[ScenarioText]] = defaultdict(list)
    for scenario in scenarios:
        for number in scenario.rules:
            scenarios_of[number].append(scenario)
    numbers = sorted(set(rulings_of) | set(scenarios_of), key=_rule_key)
    toc = " ".join(f'<a href="#cr-{_esc(n)}">{_esc(n)}</a>' for n in numbers)
    sections = []
    for number in numbers:
        rule = catalog.rules.get(number)
        text = f"<blockquote>{_esc(rule.text)}</blockquote>" if rule else '<p class="none">not in the rules index</p>'
        cited = "".join(
            f'<li><a href="by-card.html#{_esc(_card_anchor(r))}">#{r.number} <code>{_esc(r.id)}</code></a> {_esc(r.text)}</li>'
            for r in rulings_of.get(number, [])
        )
        cited = (
            f"<p>Rulings resting on it:</p><ul>{cited}</ul>" if cited else '<p class="none">no ruling rests on it</p>'
        )
        sections.append(
            f'<section id="cr-{_esc(number)}"><h2>{_esc(number)} {_esc(_rule_title(catalog, number))}</h2>{text}{cited}'
            f"<p>Scenarios tagged <code>@cr:{_esc(number)}</code>:</p>"
            f"{_scenario_table(scenarios_of.get(number, []), engines, fold=True)}</section>"
        )
    return f"<nav><p>{toc}</p></nav>{''.join(sections)}"


def _index(catalog: Catalog, scenarios: list[ScenarioText], engines: Sequence[EngineRun], files: int) -> str:
    grouped = _by_ruling(scenarios)
    missing = [r for r in catalog.rulings if not grouped.get(r)]
    cited = {n for r in catalog.rulings.values() for n in r.rules} | {n for s in scenarios for n in s.rules}
    pages = {p for r in catalog.rulings.values() for p in r.pages}
    body = (
        f"<p>mtg-conformance {_esc(__version__)}: the rulings of the seed documents as Gherkin scenarios, "
        f"Comprehensive Rules effective {_esc(catalog.edition or 'unknown')}.</p>"
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
        link = f'<a href="by-card.html#{_esc(_card_anchor(r))}"><code>{_esc(r.id)}</code></a>'
        rows.append(f"<tr><td>{r.number}</td><td>{link}</td><td>{_esc('; '.join(r.pages))}</td>{cell}</tr>")
    body += (
        "<h2>Rulings</h2><table><thead><tr><th>#</th><th>ruling</th><th>card pages</th><th>scenarios</th></tr>"
        f"</thead><tbody>{''.join(rows)}</tbody></table>"
    )
    if engines:
        heads = "".join(f"<th>{o}</th>" for o in OUTCOMES)
        engine_rows = "".join(
            f"<tr><td>{_esc(run.label)}</td>{''.join(f'<td>{run.totals.get(o, 0)}</td>' for o in OUTCOMES)}"
            f"<td>{_esc(_pass_rate(run.totals))}</td></tr>"
            for run in engines
        )
        body += (
            "<h2>Engines</h2><p>Pass rate: PASS over the scenarios that ran; skips are not counted.</p>"
            f"<table><thead><tr><th>engine</th>{heads}<th>pass rate</th></tr></thead><tbody>{engine_rows}</tbody></table>"
        )
    return body


def render_docs(out: Path, reports: Sequence[Mapping[str, Any]] = (), root: Path | None = None) -> list[Path]:
    """Write the living documentation into ``out`` and return the paths written.

    ``index.html`` summarises the suite; ``by-card.html`` groups every ruling of the catalog
    under its card page; ``by-rule.html`` groups rulings and scenarios by CR paragraph.  Each
    report (the dict a run writes) adds a column of outcomes beside every scenario.
    """
    root = root or suite_root()
    catalog = load_catalog(root)
    scenarios, unreadable = _read_features(root)
    engines = [_engine_run(report) for report in reports]
    errors = _errors(unreadable)
    files = len(list((root / "features").rglob("*.feature")))
    pages = {
        "index.html": ("Magic: The Gathering rules conformance suite", _index(catalog, scenarios, engines, files)),
        "by-card.html": ("Rulings by card page", _by_card(catalog, scenarios, engines)),
        "by-rule.html": ("Rulings by Comprehensive Rules paragraph", _by_rule(catalog, scenarios, engines)),
    }
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (title, body) in pages.items():
        path = out / name
        path.write_text(_page(title, errors + body), encoding="utf-8")
        written.append(path)
    return written


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
            msg = f'<div class="msg">{_esc(s["message"])}</div>' if s.get("message") else ""
            items.append(f"<li>{_badge(str(s.get('outcome', '')))} {_esc(s.get('name', ''))}{msg}</li>")
        cell = f"<ul>{''.join(items)}</ul>" if items else '<span class="none">not run</span>'
        rows.append(
            f'<tr><td>{_esc(number)}</td><td><code>{_esc(rid)}</code></td><td>{_esc(text)}</td><td class="wide">{cell}</td></tr>'
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
    for number in sorted(by_rule, key=_rule_key):
        got = by_rule[number]
        skipped = got.count("SKIP")
        rows.append(
            f"<tr><td>{_esc(number)}</td><td>{_esc(_rule_title(catalog, number))}</td>"
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
    totals = _totals(report)
    ran = sum(totals.values()) - totals.get("SKIP", 0)
    facts = [
        ("engine", f"{engine.get('name', '?')} {engine.get('version', '')} (spec {engine.get('spec', '?')})"),
        ("capabilities", ", ".join(map(str, engine.get("capabilities", []))) or "none declared"),
        ("suite", f"{suite.get('name', '?')} {suite.get('version', '?')}"),
        ("contract", suite.get("contract", "?")),
        ("protocol", suite.get("protocol", "?")),
        ("date", report.get("date", "?")),
    ]
    body = "<table><tbody>" + "".join(f"<tr><th>{k}</th><td>{_esc(v)}</td></tr>" for k, v in facts) + "</tbody></table>"
    outcomes = list(OUTCOMES) + [o for o in totals if o not in OUTCOMES]
    body += "<h2>Totals</h2><table><thead><tr>" + "".join(_badge(o, "th") for o in outcomes) + "</tr></thead>"
    body += "<tbody><tr>" + "".join(f"<td>{totals.get(o, 0)}</td>" for o in outcomes) + "</tr></tbody></table>"
    body += (
        f'<p>Pass rate: <span class="rate">{_esc(_pass_rate(totals))}</span> '
        f"({totals.get('PASS', 0)} passed of {ran} scenarios that ran). "
        f"Skipped, not counted in the rate: {totals.get('SKIP', 0)}.</p>"
    )
    body += _report_rulings(catalog, scenarios) + _report_rules(catalog, scenarios)
    title = f"Certification report: {engine.get('name', '?')} {engine.get('version', '')}".strip()
    return _page(title, body, nav=False)
