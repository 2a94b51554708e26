"""HTML the documentation pages share for scenarios: a scenario written out, a list of links to
scenarios, and the banner for feature files that do not parse.

A scenario written out (:func:`scenario_block`) folds away when every engine passed it and
opens when one did not; the step where an engine stopped is highlighted, and for each engine
that did not pass it says what was expected beside what was observed.  Its data attributes
(outcomes, rulings, cards, CR paragraphs) are what the filter of ``scenarios.html`` matches.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from oracle.suite.catalog import Catalog
from oracle.suite.docs.features import ScenarioText, Unreadable
from oracle.suite.docs.html import anchor_of, badge, card_file, esc, slug
from oracle.suite.docs.runs import EngineRun, Result

__all__ = ["errors", "outcome_badges", "scenario_block", "scenario_links", "why"]


def outcome_badges(name: str, engines: Sequence[EngineRun]) -> str:
    """One badge per engine that has this scenario in its report, titled with the engine."""
    return "".join(
        badge(run.results[name].outcome, title=f"{run.label}: {run.results[name].outcome}")
        for run in engines
        if name in run.results
    )


def why(label: str, result: Result) -> str:
    """Why an engine did not pass: where it stopped, expected beside observed (or its message)."""
    head = f"{badge(result.outcome)} <strong>{esc(label)}</strong>"
    step = result.failed_step
    if step:
        head += f" at line {esc(step.get('line', '?'))}: <code>{esc(step.get('keyword', ''))} {esc(step.get('text', ''))}</code>"
    if result.expected or result.observed:
        detail = (
            f'<div class="pair"><div class="exp"><strong>expected</strong><br>{esc(result.expected or "—")}</div>'
            f'<div class="obs"><strong>observed</strong><br>{esc(result.observed or "—")}</div></div>'
        )
    else:
        detail = f'<div class="msg">{esc(result.message)}</div>' if result.message else ""
    return f'<div class="engine-why"><p>{head}</p>{detail}</div>'


def _data(s: ScenarioText, engines: Sequence[EngineRun], cards: Sequence[str]) -> str:
    outcomes = [run.results[s.name].outcome for run in engines if s.name in run.results]
    tokens = sorted({o.replace(" ", "-") for o in outcomes} | ({"not-pass"} if set(outcomes) - {"PASS"} else set()))
    return (
        f' data-o="{esc(" ".join(tokens))}" data-r="{esc(" ".join(s.rulings))}"'
        f' data-c="{esc(" ".join(slug(c) for c in cards))}" data-cr="{esc(" ".join(s.rules))}"'
    )


def scenario_block(
    s: ScenarioText,
    engines: Sequence[EngineRun],
    catalog: Catalog,
    cards: Mapping[str, Sequence[str]],
    anchored: bool = False,
) -> str:
    """The scenario written out as Given/When/Then, folded away unless an engine did not pass it."""
    results = [(run.label, run.results[s.name]) for run in engines if s.name in run.results]
    failing = [(label, r) for label, r in results if r.outcome != "PASS"]
    stopped = {int(r.failed_step.get("line", 0) or 0) for _, r in failing if r.failed_step}
    steps = []
    past = False
    for step in s.steps:
        css = "bg" if step.background else ""
        if step.line in stopped:
            css, past = "failed", True
        elif past:
            css = "after"
        title = ' title="from the Background"' if step.background else ""
        steps.append(
            f'<li class="{css}"{title}><span class="line">{step.line}</span>'
            f'<span class="kw">{esc(step.keyword)}</span> {esc(step.text)}</li>'
        )
    rulings = " ".join(f'@ruling:<a href="by-card.html#{esc(r)}">{esc(r)}</a>' for r in s.rulings)
    rules = " ".join(
        f'@cr:<a href="by-rule.html#cr-{esc(n)}">{esc(n)}</a>' if n in catalog.rules else f"@cr:{esc(n)}"
        for n in s.rules
    )
    needs = f"needs {esc(', '.join(s.needs))}" if s.needs else ""
    used = cards.get(s.name, ())
    card_links = ", ".join(f'<a href="{card_file(c)}">{esc(c)}</a>' for c in used)
    ident = f' id="{anchor_of(s.name)}"' if anchored else ""
    permalink = f' · <a href="scenarios.html#{anchor_of(s.name)}">link</a>' if not anchored else ""
    return (
        f'<details class="sc"{ident}{_data(s, engines, used)}{" open" if failing else ""}>'
        f"<summary><strong>{esc(s.name)}</strong>{outcome_badges(s.name, engines)}</summary>"
        f'<div class="where">features/{esc(s.feature.removeprefix("features/"))}:{s.line}{permalink}</div>'
        f'<div class="tags">{rulings} {rules} {needs}</div>'
        + (f'<div class="tags">Cards: {card_links}</div>' if card_links else "")
        + f'<ol class="steps">{"".join(steps)}</ol>'
        + "".join(why(label, r) for label, r in failing)
        + "</details>"
    )


def scenario_links(scenarios: Sequence[ScenarioText], engines: Sequence[EngineRun]) -> str:
    """A list of links to scenarios on ``scenarios.html``, each with every engine's outcome."""
    if not scenarios:
        return '<p class="none">no scenario yet</p>'
    items = "".join(
        f'<li><a href="scenarios.html#{anchor_of(s.name)}">{esc(s.name)}</a> {outcome_badges(s.name, engines)}</li>'
        for s in scenarios
    )
    return f"<ul>{items}</ul>"


def errors(unreadable: Sequence[Unreadable]) -> str:
    if not unreadable:
        return ""
    items = "".join(f"<li><code>{esc(u.feature)}</code>: {esc(u.message)}</li>" for u in unreadable)
    return (
        f'<div class="error"><strong>{len(unreadable)} feature file(s) could not be parsed;'
        f" their scenarios are missing from these pages:</strong><ul>{items}</ul></div>"
    )
