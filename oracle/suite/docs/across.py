"""The index's section "Across the real engines" (:mod:`oracle.suite.across`): the scenarios that
every real engine among the columns fails, each with what its re-check against the Comprehensive
Rules found, and for each real engine the scenarios it alone fails, its likeliest defects."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from oracle.suite.across import Review, failing_alone, failing_everywhere
from oracle.suite.docs.html import anchor_of, esc, outcome_css, scroll
from oracle.suite.docs.runs import EngineRun

__all__ = ["across_section"]


def _outcomes(run: EngineRun) -> dict[str, str]:
    return {name: result.outcome for name, result in run.results.items()}


def _link(name: str) -> str:
    return f'<a href="scenarios.html#{esc(anchor_of(name))}">{esc(name)}</a>'


def across_section(engines: Sequence[EngineRun], checked: Mapping[str, Review]) -> str:
    """The section's HTML, or nothing with fewer than two real engines among ``engines``."""
    real = [run for run in engines if run.real]
    if len(real) < 2:
        return ""
    by_name = {review.scenario.split("::", 1)[-1]: review for review in checked.values()}
    runs = [_outcomes(run) for run in real]
    heads = "".join(f'<th scope="col">{esc(run.label)}</th>' for run in real)
    rows = []
    for name in failing_everywhere(runs):
        cells = "".join(
            f'<td class="{outcome_css(o)}">{esc(o)}</td>' for o in (run.get(name, "not in the run") for run in runs)
        )
        review = by_name.get(name)
        found = (
            f"<strong>{esc(review.verdict)}</strong>: {esc(review.finding)}" if review else "<strong>not yet re-checked</strong>"
        )
        rows.append(f'<tr><th scope="row">{_link(name)}</th>{cells}<td>{found}</td></tr>')
    body = (
        "<h2>Across the real engines</h2>"
        f"<p>Scenarios that every real engine that ran them did not pass ({len(rows)}): in a conformance suite, "
        "the first suspects of a wrong scenario. Each was re-checked against the Comprehensive Rules and the "
        "official rulings; what was found is beside it.</p>"
    )
    if rows:
        body += scroll(
            f"<table><thead><tr><th>scenario</th>{heads}<th>re-check</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )
    for index, run in enumerate(real):
        others = runs[:index] + runs[index + 1 :]
        alone = failing_alone(runs[index], others)
        items = "".join(f"<li>{_link(name)} ({esc(runs[index][name])})</li>" for name in alone)
        body += (
            f"<details><summary>{esc(run.label)} alone did not pass {len(alone)} scenarios that every other real "
            f"engine that ran them passed: its likeliest defects</summary><ul>{items}</ul></details>"
        )
    return body
