"""Which feature files a run collects: those of features/, or those ``--features`` names instead.

``--features :suite`` names the suite's own features/ wherever the package is installed, so
an engine's author runs their own feature files beside the suite's with ``--features :suite
--features my_features/``.

The harness's plugin (:mod:`oracle.harness.plugin`) sets :data:`PATHS` from the option before
collection, and :mod:`oracle.harness.scenarios` collects :func:`feature_files`.
"""

from __future__ import annotations

from pathlib import Path

from oracle.paths import suite_root

#: Files or folders named by ``--features``; empty: the suite's own features/.
PATHS: list[Path] = []


def feature_files() -> list[Path]:
    """Every .feature file to collect, each once, in a fixed order."""
    roots = PATHS or [suite_root() / "features"]
    found: list[Path] = []
    for root in roots:
        found += [root] if root.is_file() else sorted(root.rglob("*.feature"))
    return list(dict.fromkeys(p.resolve() for p in found))
