"""HTML the documentation pages share for feature files: scenario tables and the parse-error banner.

A scenario is shown as Given/When/Then with a column of outcomes per engine; a feature file
the Gherkin parser rejected is listed as an error at the top of every page.
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.suite.docs.features import ScenarioText, Unreadable
from oracle.suite.docs.html import BACKGROUND, esc, outcome_cell
from oracle.suite.docs.runs import EngineRun

__all__ = ["errors", "scenario_table"]


def scenario_table(scenarios: Sequence[ScenarioText], engines: Sequence[EngineRun], fold: bool = False) -> str:
    """The scenarios as Given/When/Then, one row each, with a column per engine."""
    if not scenarios:
        return '<p class="none">no scenario yet</p>'
    rows = []
    for s in scenarios:
        steps = "".join(
            f'<li{BACKGROUND if step.background else ""}><span class="kw">{esc(step.keyword)}</span> {esc(step.text)}</li>'
            for step in s.steps
        )
        steps = f'<ul class="steps">{steps}</ul>'
        if fold:
            steps = f"<details><summary>steps</summary>{steps}</details>"
        tags = " ".join(
            [f"@ruling:{r}" for r in s.rulings] + [f"@cr:{r}" for r in s.rules] + [f"@needs:{n}" for n in s.needs]
        )
        cells = "".join(outcome_cell(run.results.get(s.name)) for run in engines)
        rows.append(
            f"<tr><td><strong>{esc(s.name)}</strong>"
            f'<div class="where">{esc(s.feature)}:{s.line}</div><div class="tags">{esc(tags)}</div>{steps}</td>{cells}</tr>'
        )
    heads = "".join(f"<th>{esc(run.label)}</th>" for run in engines)
    return f"<table><thead><tr><th>scenario</th>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def errors(unreadable: Sequence[Unreadable]) -> str:
    if not unreadable:
        return ""
    items = "".join(f"<li><code>{esc(u.feature)}</code>: {esc(u.message)}</li>" for u in unreadable)
    return (
        f'<div class="error"><strong>{len(unreadable)} feature file(s) could not be parsed;'
        f" their scenarios are missing from these pages:</strong><ul>{items}</ul></div>"
    )
