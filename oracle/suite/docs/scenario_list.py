"""The ``scenarios.html`` page: every scenario once, under its feature, with a permanent anchor,
and a filter by outcome, ruling, card and CR paragraph.

The filter is four selects and CSS alone (``:has()``), no script and no server: choosing a
value hides every scenario whose data attributes don't hold it, and choices combine.  A
scenario every engine passed is folded away; one that an engine did not pass is open.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from oracle.suite.catalog import Catalog
from oracle.suite.docs.features import ScenarioText
from oracle.suite.docs.html import esc, link_rules, rule_key, slug
from oracle.suite.docs.runs import EngineRun
from oracle.suite.docs.scenarios import scenario_block

__all__ = ["scenario_list"]

#: (select id, data attribute, label) of each filter.
FILTERS = (("f-o", "o", "Outcome"), ("f-r", "r", "Ruling"), ("f-c", "c", "Card"), ("f-cr", "cr", "CR paragraph"))


def _css(choices: Mapping[str, Sequence[tuple[str, str]]]) -> str:
    """One rule per choice of each select: when it is chosen, hide the scenarios without it."""
    rules = []
    for select, attribute, _ in FILTERS:
        for value, _ in choices[select]:
            rules.append(
                f'body:has(#{select} option[value="{value}"]:checked) '
                f'details.sc:not([data-{attribute}~="{value}"]) {{ display: none; }}'
            )
    return "\n" + "\n".join(rules) + "\n"


def _form(choices: Mapping[str, Sequence[tuple[str, str]]]) -> str:
    fields = []
    for select, _, label in FILTERS:
        options = '<option value="" selected>any</option>' + "".join(
            f'<option value="{esc(value)}">{esc(text)}</option>' for value, text in choices[select]
        )
        fields.append(f'<label for="{select}">{esc(label)}<select id="{select}">{options}</select></label>')
    return f'<form class="filter" aria-label="filter the scenarios">{"".join(fields)}</form>'


def scenario_list(
    catalog: Catalog,
    scenarios: Sequence[ScenarioText],
    engines: Sequence[EngineRun],
    cards: Mapping[str, Sequence[str]],
) -> tuple[str, str]:
    """The page's body and the CSS of its filter."""
    outcomes = sorted({r.outcome for run in engines for r in run.results.values()})
    choices = {
        "f-o": ([("not-pass", "did not pass")] if engines else []) + [(o.replace(" ", "-"), o) for o in outcomes],
        "f-r": [
            (r.id, f"#{r.number} {r.id}")
            for r in sorted(catalog.rulings.values(), key=lambda r: r.number)
            if any(r.id in s.rulings for s in scenarios)
        ],
        "f-c": [(slug(c), c) for c in sorted({c for names in cards.values() for c in names})],
        "f-cr": [(n, n) for n in sorted({n for s in scenarios for n in s.rules}, key=rule_key)],
    }
    by_feature: dict[str, list[ScenarioText]] = defaultdict(list)
    for s in scenarios:
        by_feature[s.feature].append(s)
    sections = []
    for feature, mine in by_feature.items():
        blocks = "".join(scenario_block(s, engines, catalog, cards, anchored=True) for s in mine)
        about = mine[0].feature_about
        text = f"<p>{link_rules(about, catalog.rules)}</p>" if about else ""
        sections.append(
            f'<section id="f-{slug(feature)}"><h2>{esc(mine[0].feature_name)}</h2>'
            f'<div class="where">{esc(feature)}</div>{text}{blocks}</section>'
        )
    intro = (
        f"<p>Every one of the {len(scenarios)} scenarios, as written in the feature files. "
        "Choose an outcome, a ruling, a card or a CR paragraph to see only the scenarios that have it; "
        "choices combine. Scenarios that every engine passed are folded: open one to read its steps.</p>"
    )
    return intro + _form(choices) + "".join(sections), _css(choices)
