"""What the package derives from its own data files at every start, kept between runs.

Before its first scenario, every run of the suite loads the cards (66 TOML files), reads the
ruling catalog (the whole Comprehensive Rules, checked against its SHA-256, every ruling found
verbatim in its seed) and derives every scenario's needs from its cards and steps
(:mod:`oracle.suite.needs`): most of what ``mtg-conformance run`` costs before its first
scenario, paid again by every run and every worker of ``-n``.  Each result depends only on the
files it is read from and on the code that reads them, so :func:`kept` keeps it the way Python
keeps compiled modules:

* in ``derived/`` of the cache folder (:func:`cache_root`: ``$MTG_CONFORMANCE_CACHE`` if set,
  ``off`` keeps nothing; else ``$XDG_CACHE_HOME/mtg-conformance``, ``~/.cache/...`` by default),
  one entry per kind of result and per installation, so that an edit replaces its entry rather
  than adding one (and the entries of an installation that is gone are removed);
* with the signature of everything the result comes from: each input file's path, size, times of
  change (``st_mtime_ns``, and ``st_ctime_ns``, which no tool sets back) and inode, or its
  absence; each module of the ``oracle`` package the same way; Python's version and the
  caller's (the Gherkin parser's, say).  An entry is used only when the signature is the same in
  everything; otherwise the result is derived again, and a derivation that raises (a malformed
  file, an unknown card) raises as before and is never kept;
* nothing is kept while a file it comes from changed less than :data:`SETTLED` seconds ago: a
  file's times move by the ticks of a coarse clock, so a second change within the same tick as
  the first would leave its signature as it was (the "racy" case of Git's index).  A file last
  changed before the signature was taken, by more than a tick, can't change again without its
  times changing, so every change of an input is seen;
* an entry that can't be read or unpickled, or a folder that can't be written, costs only the
  derivation.

Only results derived from the package's own data (:func:`keeps`: the installed package's
``features/`` and ``fixtures/``, or the checkout's) are kept, not those of a folder that
``MTG_CONFORMANCE_ROOT`` names elsewhere (copies made to be changed, one-off), so the folder holds
one entry per kind and installation.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TypeVar

from .paths import PACKAGE

T = TypeVar("T")

#: Bumped when the layout of an entry changes.
LAYOUT = 1
#: Seconds since its last change after which a file's signature is trusted to show its next one.
SETTLED = 2.0
#: The folders of the package's own data: the installed package's, and a checkout's.
OWN_DATA = tuple(f"{base / name}{os.sep}" for base in (PACKAGE, PACKAGE.parent) for name in ("features", "fixtures"))


def cache_root() -> Path | None:
    """The suite's cache folder (kept Gherkin parses too, :mod:`oracle.suite.gherkin_cache`), or
    None when keeping anything is turned off."""
    setting = os.environ.get("MTG_CONFORMANCE_CACHE", "")
    if setting == "off":
        return None
    if setting:
        return Path(setting)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtg-conformance"


def keeps(inputs: Sequence[Path]) -> bool:
    """Whether a result derived from these files is kept: only from the package's own data."""
    return bool(inputs) and all(str(path).startswith(OWN_DATA) for path in inputs)


def _stat(path: str) -> tuple[str, int, int, int, int]:
    """The file's signature: its path, size, times of change and inode (-1 for each if it is missing)."""
    try:
        found = os.stat(path)
    except OSError:
        return (path, -1, -1, -1, -1)
    return (path, found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino)


@cache
def _code() -> tuple[int, str, tuple[tuple[str, int, int, int, int], ...]]:
    """The signature of the code that derives: every module of the package, and Python's version
    (once per process: the package does not change under a running one)."""
    modules: list[str] = []
    folders = [str(PACKAGE)]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.name.endswith(".py"):
                    modules.append(entry.path)
                elif entry.is_dir(follow_symlinks=False) and entry.name not in ("__pycache__", "features", "fixtures"):
                    folders.append(entry.path)
    return (LAYOUT, sys.version, tuple(_stat(path) for path in sorted(modules)))


def signature(inputs: Sequence[Path], version: str = "") -> tuple[str, bool]:
    """The digest of the inputs' signature, the code's and ``version``; and whether every file of
    them is settled (last changed more than :data:`SETTLED` seconds ago)."""
    code = _code()
    files = tuple(_stat(str(path)) for path in inputs)
    recent = time.time_ns() - int(SETTLED * 1e9)
    settled = all(max(found[2], found[3]) < recent for found in (*code[2], *files))
    return hashlib.sha256(repr((code, version, files)).encode()).hexdigest(), settled


def kept(kind: str, inputs: Sequence[Path], derive: Callable[[], T], version: str = "") -> T:
    """``derive()``, or what it gave before from the same ``inputs`` (every file it reads, listed
    the way it finds them) with the same code and ``version`` (of whatever else it depends on)."""
    root = cache_root()
    if root is None or not keeps(inputs):
        return derive()
    digest, settled = signature(inputs, version)
    if not settled:  # a file changed just now could change again unseen: derived, not kept
        return derive()
    folder = root / "derived"
    entry = folder / f"{kind}-{hashlib.sha256(str(PACKAGE).encode()).hexdigest()[:16]}.pickle"
    # An entry is one line, the digest it was derived under and the installation, then the result pickled.
    header = f"{digest} {PACKAGE}\n".encode()
    try:
        with entry.open("rb") as handle:
            if handle.readline() == header:
                return pickle.load(handle)  # type: ignore[no-any-return]
    except Exception:  # missing, cut short, or written by other code: derived again
        pass
    value = derive()
    partial = entry.with_name(f"{entry.name}.{os.getpid()}.tmp")
    try:
        data = header + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        folder.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(data)
        os.replace(partial, entry)  # whole or not at all, whatever other processes do at once
        _prune(folder, kind)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        try:
            partial.unlink(missing_ok=True)
        except OSError:
            pass
    return value


def _prune(folder: Path, kind: str) -> None:
    """Remove the entries of this kind kept for an installation that is gone (a virtual
    environment made for a while), so that the folder holds no more than those in use."""
    for other in folder.glob(f"{kind}-*.pickle"):
        try:
            with other.open("rb") as handle:
                line = handle.readline(4096).decode("utf-8", "replace")
            installation = line.rstrip("\n").partition(" ")[2]
            if not installation or not os.path.isdir(installation):
                other.unlink()
        except OSError:
            continue
