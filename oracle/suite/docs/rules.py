"""The ``by-rule.html`` page: each cited Comprehensive Rules paragraph with the rulings and scenarios citing it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from oracle.suite.catalog import Catalog, Ruling
from oracle.suite.docs.features import ScenarioText
from oracle.suite.docs.html import card_anchor, esc, rule_key, rule_title
from oracle.suite.docs.runs import EngineRun
from oracle.suite.docs.scenarios import scenario_table

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
    numbers = sorted(set(rulings_of) | set(scenarios_of), key=rule_key)
    toc = " ".join(f'<a href="#cr-{esc(n)}">{esc(n)}</a>' for n in numbers)
    sections = []
    for number in numbers:
        rule = catalog.rules.get(number)
        text = f"<blockquote>{esc(rule.text)}</blockquote>" if rule else '<p class="none">not in the rules index</p>'
        cited = "".join(
            f'<li><a href="by-card.html#{esc(card_anchor(r))}">#{r.number} <code>{esc(r.id)}</code></a> {esc(r.text)}</li>'
            for r in rulings_of.get(number, [])
        )
        cited = (
            f"<p>Rulings resting on it:</p><ul>{cited}</ul>" if cited else '<p class="none">no ruling rests on it</p>'
        )
        sections.append(
            f'<section id="cr-{esc(number)}"><h2>{esc(number)} {esc(rule_title(catalog, number))}</h2>{text}{cited}'
            f"<p>Scenarios tagged <code>@cr:{esc(number)}</code>:</p>"
            f"{scenario_table(scenarios_of.get(number, []), engines, fold=True)}</section>"
        )
    return f"<nav><p>{toc}</p></nav>{''.join(sections)}"
