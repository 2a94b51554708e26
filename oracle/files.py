"""Writing a file whole or not at all: every file the suite writes goes through :func:`write_whole`
(or :func:`write_all`, for files that belong together: all of them or none).

The text goes first into a temporary file beside the target (same folder, so same file system),
is flushed to the disk (``fsync``), then takes the target's name in one step (``os.replace``,
atomic on POSIX and Windows).  A reader, or a run that stops half-way (a full disk, a signal),
sees the old file or the new one, never a truncated one.  When the write fails, the temporary
file is removed and the failure is a :class:`~oracle.errors.UserError` of one line naming the file.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from oracle.errors import UserError

__all__ = ["WriteError", "write_all", "write_whole"]


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: The process's umask, read once: mkstemp makes its file 0600, the file written gets the usual mode.
_UMASK = _umask()


class WriteError(UserError):
    """A file could not be written: nothing of it was left behind."""


def write_whole(path: Path, content: str | bytes) -> Path:
    """Write ``content`` (text is written as UTF-8) into ``path`` whole, or leave ``path`` as it was.

    Raises :class:`WriteError` (one line: the file and the system's reason) when it can't, after
    removing its temporary file.
    """
    return write_all({Path(path): content})[0]


def write_all(files: Mapping[Path, str | bytes]) -> list[Path]:
    """Write every file of ``files`` whole, or none of them: each is written and flushed to a
    temporary file first, and only when all are, each takes its name.  So a set of files that
    belong together (the reports of a run, the pages of the documentation) is never half old and
    half new after a failed write.  Raises :class:`WriteError` as :func:`write_whole` does."""
    staged: list[tuple[str, Path]] = []
    try:
        for path, content in files.items():
            staged.append((_stage(Path(path), content), Path(path)))
        for index, (name, path) in enumerate(staged):
            try:
                os.replace(name, path)
            except OSError as exc:
                staged = staged[index:]
                raise WriteError(f"{path}: cannot write: {exc.strerror or exc} (nothing written)") from None
    except BaseException:
        for name, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(name)
        raise
    return [path for _, path in staged]


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
