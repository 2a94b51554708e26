"""The suite's version: the installed package's own, read from its metadata (one source of truth).

Reports carry it and expectations files are pinned to it, so it must never drift from what
``pip`` installed.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__: str = version("mtg-conformance")
except PackageNotFoundError:  # pragma: no cover - running from a checkout that was never installed
    __version__ = "0+unknown"
