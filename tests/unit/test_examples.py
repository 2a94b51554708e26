"""The examples in the documentation run as written (python-chess style: documented by example)."""

from __future__ import annotations

import doctest
from pathlib import Path

import oracle
import oracle.contract
import oracle.errors

ROOT = Path(__file__).resolve().parents[2]


def test_readme_examples() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0


def test_docstring_examples() -> None:
    for module in (oracle, oracle.contract, oracle.errors):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__
