"""The suite's version: the installed package's own, read from its metadata (one source of truth).

Reports carry it and expectations files are pinned to it, so it must never drift from what
``pip`` installed.  :func:`installed_version` reads it where :mod:`importlib.metadata` finds
it (the first folder of ``sys.path`` holding the distribution's ``.dist-info`` or ``.egg-info``)
without that module's search of every folder's every entry, which was a hundredth of what
``mtg-conformance run`` costs before its first scenario; anything else (metadata in a zip
file, a form it does not expect) is left to :mod:`importlib.metadata`.
"""

from __future__ import annotations

import os
import re
import sys


def _normalized(name: str) -> str:
    """A distribution's name as metadata folders spell it (PEP 503, with underscores)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def _metadata_folder(distribution: str) -> str | None:
    """The metadata folder (or file) of the distribution installed first on ``sys.path``, found
    as :mod:`importlib.metadata` finds it, or None where only that module can tell (a path entry
    that is not a folder, none found)."""
    wanted = _normalized(distribution)
    for entry in sys.path:
        folder = entry or "."
        try:
            names = os.listdir(folder)
        except OSError:
            if os.path.exists(folder):
                return None  # a zip file, say: importlib.metadata reads those
            continue
        for name in names:  # in the folder's order, as importlib.metadata takes them
            stem, dot, suffix = name.lower().rpartition(".")
            if dot and suffix in ("dist-info", "egg-info") and _normalized(stem.partition("-")[0]) == wanted:
                return os.path.join(folder, name)
    return None


def _headers_version(path: str) -> str | None:
    """The ``Version`` header of a metadata file, or None."""
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.strip():
                return None  # the headers end
            name, colon, value = line.partition(":")
            if colon and name.strip().lower() == "version":
                return value.strip()
    return None


def installed_version(distribution: str) -> str | None:
    """The installed version of ``distribution`` (None if it is not installed), as
    :func:`importlib.metadata.version` gives it."""
    found = _metadata_folder(distribution)
    if found is not None:
        files = [os.path.join(found, "METADATA"), os.path.join(found, "PKG-INFO")] if os.path.isdir(found) else [found]
        for path in files:  # the first that can be read, as importlib.metadata reads them
            try:
                version = _headers_version(path)
            except (OSError, UnicodeDecodeError):
                continue
            if version:
                return version
            break
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(distribution)
    except PackageNotFoundError:
        return None


__version__: str = installed_version("mtg-conformance") or "0+unknown"  # "0+unknown": a checkout never installed
