"""``python -m tests.mutant_engine NAME``: the reference engine with one mistake of tests/mutants.py,
speaking the wire protocol, so an exploration can hunt for that mistake:
``mtg-conformance explore --engine 'cmd:python -m tests.mutant_engine no-summoning-sickness'``.

The mutant is applied in this process only (as tests/mutants.py applies it: in every module that
bound the function it replaces), so the reference engine the explorer compares against stays right.
"""

from __future__ import annotations

import sys

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.protocol import serve
from tests.mutants import MUTANTS, apply_mutant


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in MUTANTS:
        print(f"usage: python -m tests.mutant_engine NAME; names: {', '.join(sorted(MUTANTS))}", file=sys.stderr)
        return 2
    patch = pytest.MonkeyPatch()
    apply_mutant(argv[0], patch)
    try:
        serve(ReferenceEngine(), sys.stdin, sys.stdout)
    finally:
        patch.undo()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
