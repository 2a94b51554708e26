"""The expectations file's two parts that are more than a list: the capabilities an engine does not
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

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from oracle.errors import UserError
from oracle.paths import suite_root

__all__ = ["implied_skips", "scenario_needs", "undeclared_of"]


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
