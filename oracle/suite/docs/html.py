"""Shared pieces of every page: escaping, the page shell and its CSS, links and outcome badges.

The living documentation (:mod:`.site`) and the certification report
(:mod:`oracle.suite.reports.html`) write their pages through :func:`page`.  Pages carry their
CSS inline and need no script and no network, so they open from a file or a CI artifact.  All
text is escaped.  The CSS follows the system's light or dark setting and keeps every page
within the window down to a 390 px wide phone: long words wrap and wide tables scroll inside
their own box, never the page.
"""

from __future__ import annotations

import re
from collections.abc import Container

from oracle.contract.outcomes import OUTCOMES
from oracle.suite import inert
from oracle.suite.catalog import Catalog

__all__ = [
    "CSS",
    "anchor_of",
    "badge",
    "card_file",
    "esc",
    "link_rules",
    "outcome_css",
    "page",
    "rule_key",
    "rule_title",
    "scroll",
    "slug",
]

CSS = """
:root { color-scheme: light dark; --bg: #fafafa; --fg: #1d1d1f; --box: #fff; --line: #d0d7de; --muted: #57606a;
  --head: #eaeef2; --quote: #f6f8fa; --link: #0969da; --kw: #0550ae; --nav: #24292f; --hit: #fff8c5;
  --pass-bg: #dafbe1; --pass: #116329; --fail-bg: #ffebe9; --fail: #a40e26; --err-bg: #ffd8d3; --err: #82071e;
  --time-bg: #fff1e5; --time: #953800; --skip-bg: #eaeef2; --skip: #57606a; --pre-bg: #fff8c5; --pre: #7d4e00; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --box: #161b22; --line: #3d444d; --muted: #9198a1; --head: #212830;
    --quote: #1c2128; --link: #4493f8; --kw: #79c0ff; --nav: #010409; --hit: #3b2e00;
    --pass-bg: #0f3d1f; --pass: #6fdd8b; --fail-bg: #4c1418; --fail: #ff9492; --err-bg: #5c1017; --err: #ffb1ad;
    --time-bg: #4a2a08; --time: #ffb77c; --skip-bg: #2a3038; --skip: #b7bdc8; --pre-bg: #3b2e00; --pre: #f2cc60; }
}
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, sans-serif; color: var(--fg); margin: 0; background: var(--bg); overflow-wrap: break-word; }
a { color: var(--link); }
nav.top { background: var(--nav); padding: .5em 1em; display: flex; flex-wrap: wrap; gap: .3em 1.2em; }
nav.top a { color: #fff; text-decoration: none; }
main { max-width: 72em; margin: 0 auto; padding: 1em 1em 3em; }
h1 { font-size: 1.6em; line-height: 1.2; }
h2 { border-bottom: 2px solid var(--line); padding-bottom: .2em; margin-top: 2em; }
article { background: var(--box); border: 1px solid var(--line); border-radius: 6px; padding: .2em 1em 1em; margin: 1em 0; }
blockquote { margin: .5em 0; padding: .3em 1em; border-left: 4px solid var(--muted); background: var(--quote); }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid var(--line); padding: .3em .5em; text-align: left; vertical-align: top; }
th { background: var(--head); }
ol.steps { list-style: none; padding-left: .3em; margin: .3em 0; font-family: ui-monospace, monospace; font-size: 13px; }
ol.steps li { padding: 0 .3em; }
ol.steps li.bg { color: var(--muted); }
ol.steps li.failed { background: var(--hit); outline: 2px solid var(--fail); }
ol.steps li.after { color: var(--muted); }
ol.steps .line { color: var(--muted); margin-right: .5em; }
.kw { font-weight: bold; color: var(--kw); }
.where, .tags, .msg { color: var(--muted); font-size: 13px; }
.msg { white-space: pre-wrap; }
.none { color: var(--pre); font-style: italic; }
.error { background: var(--fail-bg); border: 1px solid var(--fail); padding: .5em 1em; border-radius: 6px; }
.o { font-weight: bold; text-align: center; white-space: nowrap; padding: 0 .3em; border-radius: 3px; }
a.o { text-decoration: none; display: block; }
.o-PASS { background: var(--pass-bg); color: var(--pass); }
.o-FAIL { background: var(--fail-bg); color: var(--fail); }
.o-ERROR { background: var(--err-bg); color: var(--err); }
.o-TIMEOUT { background: var(--time-bg); color: var(--time); }
.o-SKIP, .o-PARTIAL, .o-NOT-RUN { background: var(--skip-bg); color: var(--skip); }
.o-PRECONDITION, .o-UNSUPPORTED { background: var(--pre-bg); color: var(--pre); }
.o-none { color: var(--muted); }
.rate { font-size: 1.4em; font-weight: bold; }
details.sc { background: var(--box); border: 1px solid var(--line); border-radius: 6px; padding: .3em .8em; margin: .5em 0; }
details.sc > summary { cursor: pointer; }
details.sc > summary .o { display: inline-block; margin-left: .3em; font-size: 12px; }
dl.why { display: grid; grid-template-columns: minmax(5em, max-content) minmax(0, 1fr); gap: .2em .8em; margin: .5em 0; }
dl.why dt { font-weight: bold; }
dl.why dd { margin: 0; min-width: 0; }
.pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(14em, 1fr)); gap: .5em; margin: .5em 0; }
.pair > div { border: 1px solid var(--line); border-radius: 6px; padding: .3em .6em; min-width: 0; }
.pair .exp { border-left: 4px solid var(--pass); }
.pair .obs { border-left: 4px solid var(--fail); }
form.filter { display: flex; flex-wrap: wrap; gap: .5em 1em; background: var(--box); border: 1px solid var(--line);
  border-radius: 6px; padding: .5em 1em; position: sticky; top: 0; z-index: 1; }
form.filter select { max-width: 100%; }
form.filter label { display: flex; flex-direction: column; font-size: 13px; min-width: 0; max-width: 100%; }
.card-text { white-space: pre-line; }
"""

_RULE_NUMBER = re.compile(r"(?<![\d.])(\d{3}\.\d+[a-z]?)(?![\d])")


def esc(value: object) -> str:
    """Escape any value for HTML text or a quoted attribute, its control characters shown as "?"
    (:func:`oracle.suite.inert.html`)."""
    return inert.html(value)


def rule_key(number: str) -> tuple[int, int, str, str]:
    match = re.fullmatch(r"(\d+)\.(\d+)([a-z]*)", number)
    return (int(match[1]), int(match[2]), match[3], "") if match else (10**9, 0, "", number)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "page"


def anchor_of(scenario_name: str) -> str:
    """A scenario's permanent anchor on ``scenarios.html``: made from its name (names are unique)."""
    return f"s-{slug(scenario_name)}"


def card_file(card: str) -> str:
    """The page of a card: ``card-<name>.html``."""
    return f"card-{slug(card)}.html"


def rule_title(catalog: Catalog, number: str) -> str:
    rule = catalog.rules.get(number)
    return rule.title if rule else "(not in comprehensive_rules.toml)"


def link_rules(text: str, known: Container[str], page: str = "by-rule.html") -> str:
    """``text`` escaped, with each CR paragraph number of ``known`` a link to its paragraph."""

    def link(match: re.Match[str]) -> str:
        number = match[1]
        return f'<a href="{page}#cr-{number}">{number}</a>' if number in known else number

    return _RULE_NUMBER.sub(link, esc(text))


def outcome_css(outcome: str) -> str:
    known = (*OUTCOMES, "PARTIAL", "NOT RUN")
    return f"o o-{outcome.replace(' ', '-')}" if outcome in known else "o o-none"


def badge(outcome: str, tag: str = "span", title: str = "") -> str:
    hint = f' title="{esc(title)}"' if title else ""
    return f'<{tag} class="{outcome_css(outcome)}"{hint}>{esc(outcome)}</{tag}>'


def scroll(table: str) -> str:
    """A wide table in a box of its own that scrolls sideways, so that the page never does."""
    return f'<div class="scroll">{table}</div>'


NAV = (
    ("index.html", "Suite"),
    ("by-card.html", "Rulings"),
    ("scenarios.html", "Scenarios"),
    ("cards.html", "Cards"),
    ("by-rule.html", "Rules"),
    ("coverage.html", "Coverage"),
)


def page(title: str, body: str, nav: bool = True, css: str = "") -> str:
    links = "".join(f'<a href="{href}">{text}</a>' for href, text in NAV)
    top = f'<nav class="top" aria-label="pages">{links}</nav>\n' if nav else ""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n<style>{CSS}{css}</style>\n</head>\n<body>\n{top}"
        f"<main>\n<h1>{esc(title)}</h1>\n{body}\n</main>\n</body>\n</html>\n"
    )
