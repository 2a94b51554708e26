"""``python -m tests.mutant_engine NAME``: the reference engine with one mistake of tests/mutants.py,
speaking the wire protocol, so an exploration can hunt for that mistake:
``mtg-conformance explore --engine 'cmd:python -m tests.mutant_engine no-summoning-sickness'``.

The mutant is applied in this process only, so the reference engine the explorer compares
against stays right.  Each function a mutant replaces is replaced wherever the package had
imported it by name too (the adapter's ``compute``, for instance), so that the wrong engine is
wrong all through, its observations included.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.protocol import serve
from tests.mutants import MUTANTS


class Everywhere(pytest.MonkeyPatch):
    """A monkeypatch that also replaces the old value in every module of the package holding it."""

    def setattr(self, target: Any, name: Any, value: Any = None, raising: bool = True) -> None:  # type: ignore[override]
        old = getattr(target, name, None)
        super().setattr(target, name, value, raising=raising)
        if old is None or not callable(old):
            return
        for module in list(sys.modules.values()):
            if (
                module is not target
                and getattr(module, "__name__", "").startswith("oracle.")
                and getattr(module, name, None) is old
            ):
                super().setattr(module, name, value)


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in MUTANTS:
        print(f"usage: python -m tests.mutant_engine NAME; names: {', '.join(sorted(MUTANTS))}", file=sys.stderr)
        return 2
    patch = Everywhere()
    MUTANTS[argv[0]].apply(patch)
    try:
        serve(ReferenceEngine(), sys.stdin, sys.stdout)
    finally:
        patch.undo()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
