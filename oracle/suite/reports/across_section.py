"""report.md's section "Across the certified engines": this run beside the real engines whose
certifications are committed with the suite (:mod:`oracle.suite.across`).

Two lists: the scenarios this engine alone fails (every other certified engine that ran them
passed), its likeliest defects; and the scenarios it fails with every other engine that ran them,
the first suspects of a wrong scenario, each with what its re-check against the CR found.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from oracle.suite.across import Certified, Review, certified, failing_alone, failing_everywhere, reviews
from oracle.suite.inert import LONG, NAME, markdown, markdown_code

__all__ = ["across_markdown", "others_for"]


def others_for(report: Mapping[str, Any], root: Path) -> tuple[list[Certified], dict[str, Review]]:
    """The committed certifications of real engines other than the one ``report`` certifies (by
    the name its handshake gave), and the re-checks; none where the suite holds no engines file."""
    if not (root / "fixtures" / "engines" / "engines.toml").is_file():
        return [], {}
    own = str(report["engine"].get("name") or "")
    return [c for c in certified(root) if c.real and c.name != own], reviews(root)


def across_markdown(
    report: Mapping[str, Any], others: Sequence[Certified], checked: Mapping[str, Review]
) -> list[str]:
    """The section's lines, or none when there is no other certified engine to compare with."""
    if not others:
        return []
    own = {str(s["id"]): str(s["outcome"]) for s in report["scenarios"]}
    steps = {str(s["id"]): s.get("failed_step") or {} for s in report["scenarios"]}
    runs = [other.outcomes for other in others]
    alone = failing_alone(own, runs)
    everywhere = [key for key in failing_everywhere([own, *runs]) if own.get(key) in ("FAIL", "ERROR", "TIMEOUT")]
    names = ", ".join(f"{markdown(o.label, NAME)} ({markdown(o.date[:10], 16)})" for o in others)
    lines = [
        "## Across the certified engines",
        "",
        f"Beside the certifications committed with the suite: {names}.",
        "",
        f"### Not passed here alone ({len(alone)})",
        "",
        "Scenarios this engine ran and did not pass, that every other of those engines that ran them "
        "passed: the likeliest defects of this engine.",
        "",
    ]
    for key in alone:
        step = steps.get(key) or {}
        text = f"{step.get('keyword', '')} {step.get('text', '')}".strip()
        lines.append(f"- {markdown_code(key, 1000)} ({own[key]})" + (f": {markdown(text, LONG)}" if text else ""))
    if not alone:
        lines.append("None.")
    lines += [
        "",
        f"### Not passed here nor on any other engine that ran them ({len(everywhere)})",
        "",
        "The first suspects of a wrong scenario: each is re-checked against the Comprehensive Rules "
        "(fixtures/engines/across.toml).",
        "",
    ]
    for key in everywhere:
        outcomes = ", ".join(f"{markdown(o.name, NAME)} {o.outcomes[key]}" for o in others if key in o.outcomes)
        review = checked.get(key)
        said = f"{review.verdict} on re-check" if review else "not yet re-checked"
        lines.append(f"- {markdown_code(key, 1000)}: here {own[key]}; {outcomes}. {said}.")
    if not everywhere:
        lines.append("None.")
    return [*lines, ""]
