"""The ``by-rule.html`` page: every Comprehensive Rules paragraph the project holds, with the
rulings resting on it and the scenarios citing it.

Each paragraph has the permanent anchor ``cr-<number>`` (``by-rule.html#cr-106.7``), so that
every CR number in a rule's text, a ruling, a feature or a tag links to its paragraph.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from oracle.suite.catalog import Catalog, Ruling
from oracle.suite.docs.features import ScenarioText
from oracle.suite.docs.html import esc, link_rules, rule_key, rule_title
from oracle.suite.docs.runs import EngineRun
from oracle.suite.docs.scenarios import scenario_links

__all__ = ["by_rule"]


def by_rule(catalog: Catalog, scenarios: list[ScenarioText], engines: Sequence[EngineRun]) -> str:
    rulings_of: dict[str, list[Ruling]] = defaultdict(list)
    for ruling in sorted(catalog.rulings.values(), key=lambda r: r.number):
        for number in ruling.rules:
            rulings_of[number].append(ruling)
    scenarios_of: dict[str, list[ScenarioText]] = defaultdict(list)
    for scenario in scenarios:
        for number in scenario.rules:
            scenarios_of[number].append(scenario)
    numbers = sorted(set(catalog.rules) | set(rulings_of) | set(scenarios_of), key=rule_key)
    cited = set(rulings_of) | set(scenarios_of)
    toc = " ".join(
        f'<a href="#cr-{esc(n)}">{esc(n)}</a>' if n in cited else f'<a href="#cr-{esc(n)}" class="where">{esc(n)}</a>'
        for n in numbers
    )
    sections = []
    for number in numbers:
        rule = catalog.rules.get(number)
        text = (
            f"<blockquote>{link_rules(rule.text, catalog.rules)}</blockquote>"
            if rule
            else '<p class="none">not in the rules index</p>'
        )
        rulings = "".join(
            f'<li><a href="by-card.html#{esc(r.id)}">#{r.number} <code>{esc(r.id)}</code></a></li>'
            for r in rulings_of.get(number, [])
        )
        body = f"<p>Rulings resting on it:</p><ul>{rulings}</ul>" if rulings else ""
        if scenarios_of.get(number):
            body += f"<p>Scenarios tagged <code>@cr:{esc(number)}</code>:</p>"
            body += scenario_links(scenarios_of[number], engines)
        if number not in cited:
            body = '<p class="where">No ruling or scenario cites it; a rule text or the engine refers to it.</p>'
        sections.append(
            f'<section id="cr-{esc(number)}"><h2>{esc(number)} {esc(rule_title(catalog, number))}</h2>{text}{body}</section>'
        )
    intro = (
        f"<p>The {len(numbers)} paragraphs of the Comprehensive Rules (effective {esc(catalog.edition or 'unknown')}) "
        f"that the project holds; {len(cited)} of them are cited by a ruling or a scenario.</p>"
    )
    return f'{intro}<nav aria-label="paragraphs"><p>{toc}</p></nav>{"".join(sections)}'
