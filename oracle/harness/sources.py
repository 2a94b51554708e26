"""Which feature files a run collects: those of features/, or those ``--features`` names instead.

``--features :suite`` names the suite's own features/ wherever the package is installed, so
an engine's author runs their own feature files beside the suite's with ``--features :suite
--features my_features/``.

The harness's plugin (:mod:`oracle.harness.plugin`) sets :data:`PATHS` from ``--mtg-features`` before
collection, and :mod:`oracle.harness.scenarios` collects :func:`feature_files`.
"""

from __future__ import annotations

from pathlib import Path

from oracle.paths import suite_root
from oracle.suite import scenarios

#: Files or folders named by ``--features``; empty: the suite's own features/.
PATHS: list[Path] = []


def feature_files() -> list[Path]:
    """Every .feature file to collect, each once, in a fixed order."""
    return scenarios.feature_files(PATHS or [suite_root() / "features"])
