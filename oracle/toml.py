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


def read_toml(path: Path, error: type[UserError] = UserError) -> dict[str, Any]:
    """Parse ``path``; a syntax error becomes ``error("path: line N: ...")``."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: malformed TOML: {exc}") from None
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte {exc.start})") from None
