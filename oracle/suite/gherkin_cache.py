"""Feature files parsed by the official Gherkin parser, kept between runs.

Parsing the feature files is about a quarter of collecting the suite, and every process that
collects pays it: each run, and under pytest-xdist each worker again.  A parse depends only on
the file's text and the parser's version, so it is kept under their hash in the user's cache
folder, as Python keeps compiled modules: a changed file is a new key, an entry that can't be
read is parsed again, and a file that does not parse is never kept (its error is raised as
before).  The folder is ``gherkin/`` in the suite's cache folder (:func:`oracle.kept.cache_root`):
``$MTG_CONFORMANCE_CACHE`` if set (``off`` keeps nothing), else ``$XDG_CACHE_HOME/mtg-conformance``
(``~/.cache/...`` by default); a folder that can't be written only means parsing every time.
"""

from __future__ import annotations

import hashlib
import marshal
import os
from functools import cache
from pathlib import Path
from typing import Any

from oracle.kept import cache_root


@cache
def parser_version() -> str:
    """The official Gherkin parser's version: a parse, and what is derived from one, depends on it."""
    from oracle.version import installed_version

    return installed_version("gherkin-official") or "unknown"


def cache_folder() -> Path | None:
    """Where parses are kept, or None when keeping them is turned off."""
    root = cache_root()
    return None if root is None else root / "gherkin"


def parse_feature(text: str) -> dict[str, Any]:
    """The Gherkin document of a feature file's text, from the cache when it holds it."""
    folder = cache_folder()
    if folder is None:
        return _parse(text)
    key = hashlib.sha256(f"{parser_version()}\0{text}".encode()).hexdigest()
    entry = folder / f"{key}.marshal"
    try:
        kept = marshal.loads(entry.read_bytes())
        if isinstance(kept, dict):
            return kept
    except (OSError, EOFError, ValueError, TypeError):
        pass
    document = _parse(text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = entry.with_name(f"{entry.name}.{os.getpid()}.tmp")
        partial.write_bytes(marshal.dumps(document))
        os.replace(partial, entry)  # whole or not at all, whatever other processes do at once
    except (OSError, ValueError):
        pass
    return document


def _parse(text: str) -> dict[str, Any]:
    """The official parser's document (imported here: a run whose parses are all kept never imports it)."""
    from gherkin.parser import Parser

    document: dict[str, Any] = Parser().parse(text)
    return document
