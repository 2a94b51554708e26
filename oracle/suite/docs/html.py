"""Shared pieces of every page: escaping, the page shell and its CSS, links and outcome badges.

The living documentation (:mod:`.site`) and the certification report (:mod:`.report`) both
write their pages through :func:`page`.  Pages carry their CSS inline and need no JavaScript
and no network, so they open from a file or a CI artifact.  All text is escaped.
"""

from __future__ import annotations

import html
import re

from oracle.contract.outcomes import OUTCOMES
from oracle.suite.catalog import Catalog, Ruling

__all__ = [
    "BACKGROUND",
    "CSS",
    "badge",
    "card_anchor",
    "esc",
    "outcome_cell",
    "outcome_css",
    "page",
    "rule_key",
    "rule_title",
    "slug",
]

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


def esc(value: object) -> str:
    """Escape any value for HTML text or a quoted attribute."""
    return html.escape(str(value), quote=True)


def rule_key(number: str) -> tuple[int, int, str, str]:
    match = re.fullmatch(r"(\d+)\.(\d+)([a-z]*)", number)
    return (int(match[1]), int(match[2]), match[3], "") if match else (10**9, 0, "", number)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "page"


def rule_title(catalog: Catalog, number: str) -> str:
    rule = catalog.rules.get(number)
    return rule.title if rule else "(not in comprehensive_rules.toml)"


def card_anchor(ruling: Ruling) -> str:
    return f"{slug(ruling.pages[0])}--{ruling.id}"


def outcome_css(outcome: str) -> str:
    return f"o o-{outcome}" if outcome in OUTCOMES else "o o-none"


def badge(outcome: str, tag: str = "span") -> str:
    return f'<{tag} class="{outcome_css(outcome)}">{esc(outcome)}</{tag}>'


def outcome_cell(result: tuple[str, str] | None) -> str:
    if result is None:
        return '<td class="o o-none" title="not in this report">—</td>'
    outcome, message = result
    msg = f'<div class="msg">{esc(message)}</div>' if message else ""
    return f'<td class="{outcome_css(outcome)}">{esc(outcome)}{msg}</td>'


def page(title: str, body: str, nav: bool = True) -> str:
    links = '<nav class="top"><a href="index.html">Suite</a><a href="by-card.html">By card</a>'
    links += '<a href="by-rule.html">By rule</a></nav>\n'
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{links if nav else ''}"
        f"<main>\n<h1>{esc(title)}</h1>\n{body}\n</main>\n</body>\n</html>\n"
    )
