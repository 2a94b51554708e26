"""Read TOML files with one-line errors (stdlib ``tomllib``, or ``tomli`` before 3.11)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib

from .errors import UserError
from .files import MAX_TOML, read_input


def read_toml(
    path: Path, error: type[UserError] = UserError, limit: int = MAX_TOML, what: str = "TOML file"
) -> dict[str, Any]:
    """Parse ``path``, a regular file of no more than ``limit`` bytes (:func:`~oracle.files.read_input`);
    a syntax error becomes ``error("path: line N: ...")``."""
    data = read_input(path, limit, what, error)
    try:
        return tomllib.loads(data.decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: malformed TOML: {exc}") from None
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte {exc.start})") from None
