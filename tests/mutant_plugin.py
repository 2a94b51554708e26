"""Runs the suite against a deliberately wrong engine (tests/mutants.py): a pytest plugin that
tests load with ``PYTEST_PLUGINS=tests.mutant_plugin`` and ``MTG_CONFORMANCE_MUTANT=<name>``,
both in ``pytest`` and in ``mtg-conformance`` (which runs pytest), so it never ships."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def pytest_configure(config: pytest.Config) -> None:
    mutant = os.environ.get("MTG_CONFORMANCE_MUTANT")
    if mutant:
        from tests.mutants import apply_mutant

        patch = pytest.MonkeyPatch()
        config.add_cleanup(patch.undo)
        try:
            apply_mutant(mutant, patch)
        except KeyError as exc:
            raise pytest.UsageError(f"MTG_CONFORMANCE_MUTANT: {exc.args[0]}") from None


def environment(mutant: str) -> dict[str, str]:
    """The variables that make a run of the suite, from any folder, use the mutant."""
    root = str(Path(__file__).resolve().parents[1])
    return {"PYTEST_PLUGINS": "tests.mutant_plugin", "MTG_CONFORMANCE_MUTANT": mutant, "PYTHONPATH": root}
