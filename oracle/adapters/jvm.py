"""Bridges to engines on the JVM: a small program of the project's own, compiled on first use against
the engine's build the user names, that speaks the wire protocol (:mod:`oracle.contract.protocol`) on
its stdin and stdout.

The bridge's source ships with its adapter (``oracle/adapters/<engine>/bridge/``), so that an installed
package can build it; the compiled classes go to a cache folder keyed by a digest of that source and of
the engine's build (every jar's and class folder's name, size and time of change), so a new engine
build or a changed bridge is rebuilt and an unchanged one is not.  Builds are made in a temporary
folder and renamed into place, under a file lock, so that parallel workers build once and never see
half a build.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shlex
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from oracle.errors import EngineLoadError
from oracle.files import write_whole

#: How long one compilation of a bridge may take before it is reported as failed (seconds).
BUILD_TIMEOUT = 15 * 60.0


def cache_root() -> Path:
    """``$MTG_CONFORMANCE_CACHE``, else ``$XDG_CACHE_HOME/mtg-conformance``, else ``~/.cache/mtg-conformance``."""
    explicit = os.environ.get("MTG_CONFORMANCE_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtg-conformance"


def engine_build(variable: str, default: Path, what: str, install: str) -> Path:
    """The engine build the user names in the environment ``variable``, else ``default`` where it
    exists; neither is one :class:`EngineLoadError` saying what to install (``install``)."""
    named = os.environ.get(variable)
    if named:
        folder = Path(named).expanduser()
        if not folder.is_dir():
            raise EngineLoadError(f"{variable}={named}: no such folder (it should hold {what})")
        return folder.resolve()
    if default.is_dir():
        return default.resolve()
    raise EngineLoadError(f"no {what} found: {install}, or set {variable}=DIR")


def digest(paths: Iterable[Path], *extra: str) -> str:
    """A short digest of files' names, sizes and times of change (a folder: every file under it),
    and of ``extra`` words: what decides whether a cached bridge is still the one to run."""
    h = hashlib.sha256()
    for word in extra:
        h.update(word.encode() + b"\0")
    for path in sorted(paths):
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for f in files:
            st = f.stat()
            h.update(f"{f}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest()[:16]


def source_digest(folder: Path) -> str:
    """A digest of the bridge's source by content (an installed copy has other times of change)."""
    h = hashlib.sha256()
    for f in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(f.relative_to(folder).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


@dataclass(frozen=True)
class Bridge:
    """A built bridge: the folder of its classes and the command line that starts it."""

    folder: Path
    argv: tuple[str, ...]

    @property
    def command(self) -> str:
        """The ``cmd:`` command line (without the ``cmd:``)."""
        return shlex.join(self.argv)


def built(name: str, key: str, build: Callable[[Path], None]) -> Path:
    """The cache folder ``<cache>/bridges/<name>-<key>``, made by ``build(tmp)`` if it is not there
    yet; ``build`` raises :class:`EngineLoadError` on failure, and a failed build leaves nothing."""
    final = cache_root() / "bridges" / f"{name}-{key}"
    if (final / ".complete").is_file():
        return final
    final.parent.mkdir(parents=True, exist_ok=True)
    lock = os.open(final.parent / f".{name}.lock", os.O_RDWR | os.O_CREAT, 0o644)  # a lock, never written
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (final / ".complete").is_file():  # another worker built it while this one waited
            return final
        tmp = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=final.parent))
        try:
            build(tmp)
            write_whole(tmp / ".complete", key + "\n")
            if final.exists():
                shutil.rmtree(final)
            tmp.rename(final)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)
    finally:
        os.close(lock)  # closing releases the lock
    return final


def run_compiler(argv: Sequence[str], what: str, cwd: Path | None = None) -> None:
    """Run one compiler command; its failure is one :class:`EngineLoadError` ending with the
    compiler's last words."""
    if shutil.which(argv[0]) is None and not Path(argv[0]).is_file():
        raise EngineLoadError(
            f"{what} needs '{argv[0]}', which is not installed (a JDK 17: apt-get install openjdk-17-jdk-headless)"
        )
    try:
        done = subprocess.run(
            list(argv), cwd=cwd, capture_output=True, text=True, timeout=BUILD_TIMEOUT, stdin=subprocess.DEVNULL
        )
    except subprocess.TimeoutExpired:
        raise EngineLoadError(f"{what}: the compiler took longer than {BUILD_TIMEOUT:.0f} s") from None
    if done.returncode != 0:
        tail = " | ".join((done.stderr or done.stdout).strip().splitlines()[-3:])
        raise EngineLoadError(f"{what} failed (exit {done.returncode}): {tail[:600]}")
