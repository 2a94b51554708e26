"""Where the suite's data lives: the folder that holds ``features/`` and ``fixtures/``.

An installed package carries them inside itself, as ``oracle/features/`` and
``oracle/fixtures/`` (the build maps the checkout's top-level folders there: pyproject.toml's
``[tool.setuptools.package-dir]``); a checkout, in an editable install too, has them beside the
``oracle`` package.  The package's own copy is looked for first, then the checkout's, so the data
is found from any working directory either way.  ``MTG_CONFORMANCE_ROOT`` overrides both.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from .errors import UserError

PACKAGE = Path(__file__).resolve().parent


def suite_root() -> Path:
    """The folder that holds ``features/`` and ``fixtures/``: looked for once per value of
    ``MTG_CONFORMANCE_ROOT`` (a run asks for it several times per scenario); not finding it is
    never remembered."""
    return _root(os.environ.get("MTG_CONFORMANCE_ROOT"), PACKAGE)


@cache
def _root(override: str | None, package: Path) -> Path:
    candidates = [Path(override)] if override else [package, package.parent]
    for root in candidates:
        if (root / "features").is_dir() and (root / "fixtures").is_dir():
            return root
    if override:
        raise UserError(f"no features/ and fixtures/ under {override} (MTG_CONFORMANCE_ROOT)")
    raise UserError(
        f"no features/ and fixtures/ under {package} nor beside it: the installation is incomplete; "
        "reinstall mtg-conformance, or set MTG_CONFORMANCE_ROOT to a folder that has both"
    )


def shipped_fixture(*parts: str) -> Path:
    """A file this package ships in ``fixtures/``: the installed package's copy (a wheel maps
    fixtures/ to ``oracle/fixtures/``), else the checkout's; it may not exist (never an error here,
    so that importing the package can't fail on it)."""
    for base in (PACKAGE, PACKAGE.parent):
        if (base / "fixtures").is_dir():
            return base.joinpath("fixtures", *parts)
    return PACKAGE.parent.joinpath("fixtures", *parts)


def cards_dir() -> Path:
    return suite_root() / "fixtures" / "cards"


def path_as_found(feature: Path) -> str | None:
    """A feature file outside the suite's own ``features/``, as a user finds it: relative to the
    working directory when it is under it; None for the suite's own."""
    return _as_found(feature, suite_root(), os.getcwd())


@cache
def _as_found(path: Path, root: Path, cwd: str) -> str | None:
    """:func:`path_as_found`, once per feature file, suite and working directory (resolving a path
    reads every folder on the way, and a file holds many scenarios)."""
    resolved = path.resolve()
    if resolved.is_relative_to((root / "features").resolve()):
        return None
    return os.path.relpath(resolved, cwd) if resolved.is_relative_to(cwd) else str(resolved)
