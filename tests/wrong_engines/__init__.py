"""Wrong engines: each function patches the reference engine so that it breaks one rule the way a
plausible engine does, and each :class:`Mutant` names one, with the rulings whose scenarios must
catch it.  tests/mutants.py gathers them: its own list (the first wrong engines, whose patches are
in copies.py, mana.py and turns.py) and the ``MUTANTS`` list of every other module of this package.

:func:`patch_everywhere` is how a module-level function is replaced: every module that bound it
with ``from x import y`` holds its own reference, and the ``mtg-conformance`` command imports the
engine before pytest applies a mutant.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest


@dataclass(frozen=True)
class Mutant:
    """A wrong rule, the rulings whose scenarios must catch it, and the scenarios that do.

    ``scenarios`` names scenarios that must fail against it (each written to catch it); when
    empty, any scenario of the rulings may.  A wrong reading of a rule no seed ruling is about names
    no ruling, and the ``@rules`` scenarios (features/rules/) must catch it, those it names among them.  ``source`` names where a real engine had this very
    defect (repository and issue, pull request or commit); empty for a misreading derived from
    the ruling's words and its rules (features/*/MISREADINGS.md).
    """

    name: str
    rulings: tuple[str, ...]
    wrong: str
    apply: Callable[[pytest.MonkeyPatch], None]
    scenarios: tuple[str, ...] = ()
    source: str = ""


def patch_everywhere(mp: pytest.MonkeyPatch, owner: Any, name: str, new: Any) -> None:
    """Replace ``owner.name`` by ``new``, and every other binding of the same object in the
    loaded modules: a module that ran ``from owner import name`` before the patch holds the
    original in its own namespace.  Modules imported later read the patched attribute."""
    original = getattr(owner, name)
    mp.setattr(owner, name, new)
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None)
        if module is owner or not isinstance(namespace, dict):
            continue
        for attribute, value in list(namespace.items()):
            if value is original:
                mp.setattr(module, attribute, new)


def changeable(chars: dict[int, Any]) -> dict[int, Any]:
    """Copies of the characteristics :func:`oracle.engine.characteristics.compute` answered, for a
    wrong engine to change: its answer is shared by every reader until the state changes."""
    return {key: ch.copy() for key, ch in chars.items()}
