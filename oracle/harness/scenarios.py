"""Every scenario in features/ (or in the files ``--features`` names), run against the engine
chosen with ``--engine``.

Each feature file is loaded on its own, so a file that does not parse is
reported as one failing test naming its path and line, and the other files run.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_bdd import scenarios
from pytest_bdd.exceptions import GherkinParseError

from oracle.paths import suite_root

from .sources import feature_files

FEATURES = suite_root() / "features"


def _unparsable(path: Path, error: GherkinParseError) -> None:
    relative = path.relative_to(FEATURES.parent) if path.is_relative_to(FEATURES.parent) else path
    message = f"{relative}:{error.line}: feature file does not parse: {error.message}"

    def test() -> None:
        pytest.fail(message, pytrace=False)

    globals()[f"test_unparsable_{path.stem}"] = test


for _path in feature_files():
    try:
        scenarios(str(_path))
    except GherkinParseError as _error:
        _unparsable(_path, _error)
