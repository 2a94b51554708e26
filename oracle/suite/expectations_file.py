"""An engine's expectations file: read (pinned to the suite version and to the engine it is for),
written from a run, and its two parts that are more than a list: the capabilities an engine does not
declare, and keeping what people wrote in it when it is written again.

A scenario that needs a capability the engine does not declare is SKIP and never sent to the
engine; listing each such SKIP buried the few entries that matter (306 of one author's 314 were
SKIPs).  The file says instead, once per capability::

    undeclared = [
        "copy-effects",
    ]

and every scenario that needs one of them is expected to SKIP (:func:`implied_skips`), so the run's
verdict is what it was with the SKIPs listed one by one: an engine that starts declaring one of
them runs its scenarios, and each that then passes is an unexpected pass.

``mtg-conformance expectations --update FILE`` writes the file anew from a run and keeps what a
person wrote: an entry whose scenario ends as it did keeps its reason; one whose outcome changed
gets the new outcome, and its old reason stays as a comment above it; entries of scenarios that now
pass, or that no longer exist, go.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from oracle.contract.interface import JSON
from oracle.contract.outcomes import NOT_RUN, OUTCOMES, printable
from oracle.errors import UserError
from oracle.files import MAX_EXPECTATIONS
from oracle.paths import suite_root
from oracle.toml import read_toml
from oracle.version import __version__

#: What an expectations file is called in a refusal.
EXPECTATIONS = "expectations file"


class Outcome(Protocol):
    """What a file is written from: a scenario's id, its outcome and its message (a
    :class:`oracle.suite.results.ScenarioResult`)."""

    id: str
    outcome: str
    message: str

__all__ = [
    "Expectation",
    "check_expectations_engine",
    "expectations_toml",
    "implied_skips",
    "load_expectations",
    "scenario_needs",
    "undeclared_of",
    "with_header_notes",
]


@cache
def _needs(root: Path) -> dict[str, frozenset[str]]:
    from .needs import derive_all
    from .scenarios import feature_files, read_feature

    derived = derive_all(root)
    found: dict[str, frozenset[str]] = {}
    for path in feature_files([root / "features"]):
        for scenario in read_feature(path):
            tagged = {t.split(":", 1)[1] for t in scenario.tags if t.startswith("needs:")}
            own = derived.get(scenario.id)
            found[scenario.id] = frozenset(tagged | set(own.needs if own else ()))
    return found


def scenario_needs(root: Path | None = None) -> dict[str, frozenset[str]]:
    """Every scenario's needs, declared (``@needs:``) and derived, by id, as the harness reads them."""
    return _needs(root or suite_root())


def undeclared_of(path: Path, value: object, known_capabilities: Iterable[str]) -> list[str]:
    """The file's ``undeclared`` list, checked: a list of capability names the suite knows."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UserError(f"{path}: undeclared must be a list of capability names")
    unknown = sorted(set(value) - set(known_capabilities))
    if unknown:
        raise UserError(f"{path}: undeclared names no capability of the suite: {', '.join(unknown)}")
    return list(value)


def implied_skips(undeclared: Iterable[str], needs: Mapping[str, frozenset[str]]) -> dict[str, str]:
    """The scenarios expected to SKIP because they need an undeclared capability, each with the
    reason the harness gives (``the engine does not declare: ...``)."""
    missing = set(undeclared)
    return {
        key: f"the engine does not declare: {', '.join(sorted(wanted & missing))}"
        for key, wanted in sorted(needs.items())
        if wanted & missing
    }


@dataclass
class Expectation:
    """A scenario an engine is expected not to pass, and why."""

    outcome: str
    reason: str


def load_expectations(path: Path, known: set[str] | None = None) -> dict[str, Expectation]:
    """An engine's expectations file (TOML), pinned to the suite version and naming the engine it
    was written for (checked against the engine once it has described itself:
    :func:`check_expectations_engine`); with ``known`` (every scenario id), an entry naming another
    scenario is an error."""
    data = read_toml(path, UserError, MAX_EXPECTATIONS, EXPECTATIONS)
    if data.get("suite_version") != __version__:
        raise UserError(
            f"{path}: written for suite {data.get('suite_version')!r}, this is {__version__}: "
            "regenerate it with 'mtg-conformance expectations'"
        )
    _written_for(path, data)
    entries = data.get("expected", [])
    if not isinstance(entries, list):
        raise UserError(f"{path}: expected must be an array of tables ([[expected]])")
    expected: dict[str, Expectation] = {}
    allowed = [o for o in OUTCOMES if o not in ("PASS", NOT_RUN)]
    for number, entry in enumerate(entries, start=1):
        where = f"{path}: [[expected]] number {number}"
        if not isinstance(entry, dict) or not isinstance(entry.get("scenario"), str):
            raise UserError(f'{where} needs scenario = "<feature file>::<scenario name>"')
        if entry.get("outcome") not in allowed:
            raise UserError(f"{where} needs an outcome among {', '.join(allowed)}")
        if not isinstance(entry.get("reason", ""), str):
            raise UserError(f"{where}: reason must be a string")
        scenario = entry["scenario"]
        if known is not None and scenario not in known:
            raise UserError(f"{where} names no scenario of the suite: {scenario!r}")
        if scenario in expected:
            raise UserError(f"{where} names {scenario!r} a second time")
        expected[scenario] = Expectation(entry["outcome"], entry.get("reason", ""))
    if data.get("undeclared") is not None:  # every scenario needing one of them: SKIP, unless listed
        from .needs import load_needs_table

        undeclared = undeclared_of(path, data["undeclared"], load_needs_table().capabilities)
        for scenario, reason in implied_skips(undeclared, scenario_needs()).items():
            if scenario not in expected and (known is None or scenario in known):
                expected[scenario] = Expectation("SKIP", reason)
    return expected


def _written_for(path: Path, data: dict[str, Any]) -> tuple[str, str | None]:
    """The engine an expectations file is for: its name as its handshake gives it, and the
    version the file pins (None: any version)."""
    name, version = data.get("engine"), data.get("engine_version")
    if not isinstance(name, str):
        raise UserError(f'{path}: needs engine = "<the engine\'s name, as its handshake gives it>"')
    if version is not None and not isinstance(version, str):
        raise UserError(f"{path}: engine_version must be a string")
    return name, version


def check_expectations_engine(path: Path, described: JSON, spec: str) -> None:
    """The expectations file is for the engine that described itself, whatever command line
    started it: the same name (and the same version, where the file pins one); a mismatch is one
    :class:`UserError` naming both."""
    name, version = _written_for(path, read_toml(path, UserError, MAX_EXPECTATIONS, EXPECTATIONS))
    if name == described["name"] and version in (None, described["version"]):
        return
    pinned = f" version {version!r}" if version is not None else ""
    raise UserError(
        f"{path}: written for engine {name!r}{pinned}, but the engine of this run (--engine {spec!r}) says it is "
        f"{printable(described['name'], 100)!r} version {printable(described['version'], 40)!r} in its handshake"
    )


def expectations_toml(
    results: Iterable[Outcome], described: JSON, previous: dict[str, Any] | None = None
) -> str:
    """The expectations file that makes this run the baseline: every scenario that did not pass,
    for the engine named as it names itself (``engine_version`` written as a comment to pin), the
    capabilities it does not declare once each (``undeclared``: the SKIPs they imply are not
    listed, :mod:`oracle.suite.expectations_file`).  With ``previous`` (an expectations file's
    data), what a person wrote is kept: a reason where the outcome is the same, the old reason as
    a comment where it changed, and the pinned engine version."""
    from .needs import load_needs_table

    name = described["name"]
    kept = {str(e.get("scenario")): e for e in (previous or {}).get("expected", []) if isinstance(e, dict)}
    version = f"engine_version = {_quote(described['version'])}"
    if not isinstance((previous or {}).get("engine_version"), str):  # pinned only where a person pinned it
        version = f"# {version}  # uncomment: this file holds only for this version"
    undeclared = sorted(set(load_needs_table().capabilities) - set(described.get("capabilities", [])))
    implied = implied_skips(undeclared, scenario_needs())
    lines = [
        f"# Scenarios {printable(name, 100)} is expected not to pass, written by 'mtg-conformance expectations'.",
        "# A run fails on a new failure and on an unexpected pass. Give each a reason or an issue link.",
        "# The file is for the engine its handshake names, however it is started.",
        f'suite_version = "{__version__}"',
        f"engine = {_quote(name)}",
        version,
        "# The capabilities the engine does not declare: every scenario needing one is expected to SKIP.",
        "undeclared = [",
        *(f"    {_quote(c)}," for c in undeclared),
        "]",
        "",
    ]
    for result in sorted(results, key=lambda r: r.id):
        if result.outcome == NOT_RUN:
            raise UserError(f"{result.id} did not run: an expectations file is written from a complete run only")
        if result.outcome == "PASS" or (result.outcome == "SKIP" and result.id in implied):
            continue
        reason = result.message[:200]
        before = kept.get(result.id)
        if before is not None and isinstance(before.get("reason"), str):
            if before.get("outcome") == result.outcome:
                reason = before["reason"]
            else:
                lines.append(f"# was {printable(str(before.get('outcome')), 20)}: {printable(before['reason'], 300)}")
        lines += ["[[expected]]", f"scenario = {_quote(result.id)}", f'outcome = "{result.outcome}"']
        lines += [f"reason = {_quote(reason)}", ""]
    return "\n".join(lines)


def _quote(text: str) -> str:
    # A JSON string is a TOML basic string, once DEL (which TOML wants escaped) is.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def with_header_notes(text: str, previous_text: str) -> str:
    """``text`` (a file :func:`expectations_toml` wrote) with the comment lines a person added to
    the head of the file it replaces (before its first entry) kept, after the written ones."""
    head = previous_text.split("[[expected]]", 1)[0].splitlines()
    written = set(text.split("[[expected]]", 1)[0].splitlines())
    notes = [line for line in head if line.lstrip().startswith("#") and line not in written]
    if not notes:
        return text
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    return "".join([*lines[:at], *(f"{note}\n" for note in notes), *lines[at:]])
