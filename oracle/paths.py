"""Where the suite's data lives: ``features/`` and ``fixtures/`` beside the ``oracle`` package.

The project is installed in editable mode (``pip install -e .``), so the data
is found from any working directory.  ``MTG_CONFORMANCE_ROOT`` overrides it.
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import UserError


def suite_root() -> Path:
    """The folder that holds ``features/`` and ``fixtures/``."""
    override = os.environ.get("MTG_CONFORMANCE_ROOT")
    root = Path(override) if override else Path(__file__).resolve().parent.parent
    if not (root / "features").is_dir() or not (root / "fixtures").is_dir():
        raise UserError(
            f"no features/ and fixtures/ under {root}: install the project with 'pip install -e .' "
            "from a checkout, or set MTG_CONFORMANCE_ROOT to the checkout"
        )
    return root


def cards_dir() -> Path:
    return suite_root() / "fixtures" / "cards"
