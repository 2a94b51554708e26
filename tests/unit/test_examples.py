"""The examples in the documentation run as written (python-chess style: documented by example)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import oracle

ROOT = Path(__file__).resolve().parents[2]


def test_readme_examples() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3 and result.failed == 0


def test_docstring_examples() -> None:
    """Every module's examples run, and each room of the package shows one (python-chess style)."""
    names = [oracle.__name__] + [m.name for m in pkgutil.walk_packages(oracle.__path__, "oracle.")]
    attempted = {}
    for name in names:
        if name in ("oracle.__main__", "oracle.harness.scenarios"):  # a command, and the module pytest collects
            continue
        module = importlib.import_module(name)
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, name
        attempted[name] = result.attempted
    for room in ("oracle", "oracle.engine", "oracle.contract", "oracle.adapters", "oracle.suite"):
        assert attempted[room] >= 1, f"{room} has no example in its docstring"
