"""The files the suite writes and reads, handled one way everywhere.

Writing: every file the suite writes goes through :func:`write_whole` (or :func:`write_all`, for
files that belong together: all of them or none).  The text goes first into a temporary file beside
the file written (same folder, so same file system), is flushed to the disk (``fsync``), then takes
its name in one step (``os.replace``, atomic on POSIX and Windows).  A reader, or a run that stops
half-way (a full disk, a signal), sees the old file or the new one, never a truncated one.  When
the write fails, the temporary file is removed and the failure is a :class:`WriteError` of one
line naming the file.  Before anything is written, :func:`output_target` decides where it goes:

* a symbolic link is followed: the file it points to is written (whole, as above), the link stays;
* a path that exists and is not a regular file (a FIFO, a device, a socket, a folder) is refused
  in one line: it is never replaced by a regular file, and never written into as a stream;
* a path inside the suite's own folders (:func:`suite_folders`: the package, and the
  ``features/`` and ``fixtures/`` the suite reads), resolved through every link, is refused in one
  line, unless the writer is the suite writing its own file (``rulings import`` and its pending
  rulings) or the environment sets :data:`WRITE_SUITE` to 1, as the suite's developer tools do
  (``tox -e explore`` writes the explorations it commits into ``fixtures/``).

Reading: every file the suite reads that a user may hand over or edit goes through
:func:`read_input`: it must be a regular file (stat before it is opened, so a FIFO never blocks
and a device is never read), and it may hold no more than the bound of its kind (one of the
``MAX_*`` constants below); anything else is one line naming the file.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import stat
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path

from oracle.errors import UserError
from oracle.paths import PACKAGE, suite_root

__all__ = [
    "MAX_EDITION",
    "MAX_EXPECTATIONS",
    "MAX_FEATURE",
    "MAX_REPORT",
    "MAX_RULINGS",
    "MAX_TOML",
    "MAX_TRANSCRIPT",
    "WRITE_SUITE",
    "WriteError",
    "locked",
    "output_target",
    "outside_suite",
    "read_input",
    "suite_folders",
    "write_all",
    "write_whole",
]

MIB = 1024 * 1024
#: The most bytes a ``report.json`` read back may hold (``docs --report``, ``compare``): the
#: schema's bounds (three engine texts of 16 MiB) and room for the rest.
MAX_REPORT = 64 * MIB
#: The most bytes a transcript may hold (``replay``): a few dozen lines of the wire's 4 MiB at most.
MAX_TRANSCRIPT = 64 * MIB
#: The most bytes an expectations file may hold (``--expectations``, ``expectations --update``).
MAX_EXPECTATIONS = 16 * MIB
#: The most bytes a file of official rulings may hold (``rulings import``): MTGJSON's file of
#: every card with its rulings, and room to grow.
MAX_RULINGS = 256 * MIB
#: The most bytes an edition of the Comprehensive Rules may hold (``cr-changes``, the pinned one):
#: the text of an edition is about 1 MB.
MAX_EDITION = 16 * MIB
#: The most bytes a feature file, or a text fixture (a seed's card page), may hold.
MAX_FEATURE = 16 * MIB
#: The most bytes a TOML fixture may hold (the catalog, the cards, the pending rulings, ...).
MAX_TOML = 64 * MIB

#: The environment variable that lets the suite's developer tools write into the suite's own folders.
WRITE_SUITE = "MTG_CONFORMANCE_WRITE_SUITE"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: The process's umask, read once: mkstemp makes its file 0600, the file written gets the usual mode.
_UMASK = _umask()


class WriteError(UserError):
    """A file could not be written: nothing of it was left behind."""


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a regular file"


def _a(what: str) -> str:
    """``what`` after its indefinite article."""
    return f"{'an' if what[:1] in 'aeiou' else 'a'} {what}"


def suite_folders() -> list[Path]:
    """The suite's own folders, resolved: the package (which holds ``features/`` and ``fixtures/``
    in an installed wheel), and the ``features/`` and ``fixtures/`` of the checkout beside it and
    of the root the suite reads (``MTG_CONFORMANCE_ROOT`` included)."""
    roots = (
        [PACKAGE.parent] if (PACKAGE.parent / "features").is_dir() and (PACKAGE.parent / "fixtures").is_dir() else []
    )
    with contextlib.suppress(UserError):
        roots.append(suite_root())
    folders = [PACKAGE, *(root / name for root in roots for name in ("features", "fixtures"))]
    return list(dict.fromkeys(Path(os.path.realpath(folder)) for folder in folders))


def outside_suite(path: Path, option: str = "", folders: list[Path] | None = None) -> Path:
    """``path`` resolved through every link, when it is not inside one of ``folders`` (by default
    :func:`suite_folders`) or :data:`WRITE_SUITE` is set; else a one-line :class:`WriteError`
    (``option`` names the option that gave it)."""
    resolved = Path(os.path.realpath(path))
    if os.environ.get(WRITE_SUITE) == "1":
        return resolved
    for folder in suite_folders() if folders is None else folders:
        if resolved == folder or resolved.is_relative_to(folder):
            where = f"{option} {path}" if option else str(path)
            raise WriteError(
                f"{where}: inside the suite's own folder {folder}, which the suite reads: write somewhere else"
            )
    return resolved


def output_target(path: Path, option: str = "", own: bool = False, folders: list[Path] | None = None) -> Path:
    """The file a write of ``path`` replaces: ``path`` itself or, through its links, the file it
    points to.  Refused in one :class:`WriteError` line (``option`` names it): a path that exists
    and is not a regular file, and, unless ``own`` (the suite's own file), one inside the suite's
    folders (:func:`outside_suite`)."""
    where = f"{option} {path}" if option else str(path)
    try:
        mode = os.stat(path).st_mode  # through the links: what would be written
    except FileNotFoundError:
        mode = None  # a new file (or a link to one)
    except OSError as exc:
        raise WriteError(f"{where}: cannot write: {exc.strerror or exc}") from None
    if mode is not None and not stat.S_ISREG(mode):
        raise WriteError(f"{where}: {_kind(mode)}, not a regular file: the suite writes regular files only")
    return Path(os.path.realpath(path)) if own else outside_suite(path, option, folders)


def write_whole(path: Path, content: str | bytes, own: bool = False) -> Path:
    """Write ``content`` (text is written as UTF-8) into ``path`` whole, or leave ``path`` as it was.

    Raises :class:`WriteError` (one line: the file and the system's reason) when it can't, after
    removing its temporary file, or when :func:`output_target` refuses ``path``.
    """
    return write_all({Path(path): content}, own=own)[0]


def write_all(files: Mapping[Path, str | bytes], own: bool = False) -> list[Path]:
    """Write every file of ``files`` whole, or none of them: each is written and flushed to a
    temporary file first, and only when all are, each takes its name.  So a set of files that
    belong together (the reports of a run, the pages of the documentation) is never half old and
    half new after a failed write.  Raises :class:`WriteError` as :func:`write_whole` does; every
    path is checked (:func:`output_target`) before anything is written."""
    folders = None if own else suite_folders()
    targets = {Path(path): output_target(Path(path), own=own, folders=folders) for path in files}
    staged: list[tuple[str, Path]] = []
    try:
        for path, content in files.items():
            staged.append((_stage(targets[Path(path)], content), targets[Path(path)]))
        for index, (name, target) in enumerate(staged):
            try:
                os.replace(name, target)
            except OSError as exc:
                staged = staged[index:]
                raise WriteError(f"{target}: cannot write: {exc.strerror or exc} (nothing written)") from None
    except BaseException:
        for name, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(name)
        raise
    return list(targets)


def _stage(path: Path, content: str | bytes) -> str:
    """``content`` written and flushed to a new temporary file beside ``path``; its name."""
    data = content.encode("utf-8", "backslashreplace") if isinstance(content, str) else content
    try:
        handle, name = tempfile.mkstemp(prefix=f".{path.name[:100]}.", suffix=".partial", dir=path.parent)
    except OSError as exc:
        raise WriteError(f"{path}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(name, 0o666 & ~_UMASK)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(name)
        if isinstance(exc, OSError):
            raise WriteError(f"{path}: cannot write: {exc.strerror or exc} (nothing written)") from None
        raise
    return name


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock (``flock``) on the file ``path`` (made if missing, never written)
    while the block runs: another process taking the same lock waits until it is released."""
    try:
        handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        raise WriteError(f"{path}: cannot take the lock: {exc.strerror or exc}") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing releases the lock


def read_input(path: Path, limit: int, what: str, error: type[UserError] = UserError) -> bytes:
    """The bytes of the regular file ``path`` (a link to one is followed), which may hold no more
    than ``limit`` bytes; else one ``error`` line naming the file and ``what`` it should be.  The
    file is looked at (``stat``) before it is opened, so a FIFO, a device or a socket is refused
    without waiting on it, and opened without blocking, so a file swapped for a FIFO meanwhile is too."""

    def refused(mode: int) -> UserError:
        return error(f"{path}: {_kind(mode)}, not a regular file: {_a(what)} is read from a regular file")

    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise refused(mode)
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise refused(info.st_mode)
        chunks: list[bytes] = []
        size, want = 0, min(info.st_size, limit) + 1
        while size <= limit:  # the size stat gave, and what the file grew by since, up to the bound
            chunk = os.read(handle, want)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            want = min(MIB, limit + 1 - size)
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(handle)
    if size > limit:
        raise error(f"{path}: larger than the {limit:,} bytes {_a(what)} may hold")
    return b"".join(chunks)
