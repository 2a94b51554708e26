"""Every file the suite writes is written whole or not at all, and a failed write is one line.

A full disk is played two ways: the write itself raising ENOSPC half-way through (the file object
the writer gets writes half its bytes, then fails), and a real limit on the size of a file
(``RLIMIT_FSIZE``, with SIGXFSZ ignored, so the kernel refuses the write with EFBIG), in a child
process.  Either way no truncated file and no temporary file is left, and the old file, if any,
is still whole.
"""

from __future__ import annotations

import ast
import errno
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from oracle import files
from oracle.files import WriteError, write_whole
from oracle.suite.cli import main

ROOT = Path(__file__).resolve().parents[2]


class _HalfThenFull:
    """A file object that writes half of what it is given, then fails as a full disk does."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def __enter__(self) -> _HalfThenFull:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stream.close()

    def write(self, data: bytes) -> int:
        self.stream.write(data[: len(data) // 2])
        self.stream.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    real = os.fdopen
    monkeypatch.setattr(files.os, "fdopen", lambda fd, *a, **k: _HalfThenFull(real(fd, *a, **k)))


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith((".partial", ".tmp")) or p.name.startswith("."))


def test_a_whole_write_replaces_the_file_and_leaves_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old", encoding="utf-8")
    write_whole(target, "new \ud800 text")
    assert target.read_text(encoding="utf-8") == "new \\ud800 text"
    assert _leftovers(tmp_path) == []
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask


def test_a_full_disk_keeps_the_old_file_and_says_so_in_one_line(tmp_path: Path, full_disk: None) -> None:
    target = tmp_path / "report.json"
    target.write_text("old and whole", encoding="utf-8")
    with pytest.raises(WriteError) as raised:
        write_whole(target, "x" * 100_000)
    assert str(raised.value).count("\n") == 0
    assert str(target) in str(raised.value) and "No space left on device" in str(raised.value)
    assert target.read_text(encoding="utf-8") == "old and whole"
    assert _leftovers(tmp_path) == []


def test_a_failing_fsync_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files.os, "fsync", fail)
    with pytest.raises(WriteError):
        write_whole(tmp_path / "page.html", "<p>")
    assert list(tmp_path.iterdir()) == []


def test_writing_onto_a_folder_leaves_no_partial_file_beside_it(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    with pytest.raises(WriteError, match="a folder, not a regular file"):
        write_whole(folder, "text")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert list(folder.iterdir()) == []


def test_expectations_out_a_folder_is_one_line_and_no_stray_partial(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "DIR"
    folder.mkdir()
    status = main(["expectations", "--ruling", "symbol.tap", "--out", str(folder)])
    err = capsys.readouterr().err
    # refused before the run (oracle/suite/preflight.py), naming the folder
    assert status == 2 and err.count("\n") == 1 and f"{folder}: a folder, not a file" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["DIR"]


@pytest.mark.parametrize("command", ["docs", "cards"])
def test_a_full_disk_under_a_command_is_one_line_and_no_truncated_file(
    command: str, tmp_path: Path, full_disk: None, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    argv = ["docs", "--out", str(out)] if command == "docs" else ["cards", "--out", str(tmp_path / "cards.json")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mtg-conformance: error: ") and err.count("\n") == 1, err
    assert "No space left on device" in err
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert written == [], written


def test_a_set_of_files_is_written_all_or_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pages of a docs run that fails at its fifth page are all the previous run's."""
    out = tmp_path / "docs"
    assert main(["docs", "--out", str(out)]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    real, calls = os.fdopen, []

    def fifth_fails(fd: int, *args: Any, **kwargs: Any) -> Any:
        calls.append(fd)
        stream = real(fd, *args, **kwargs)
        return _HalfThenFull(stream) if len(calls) == 5 else stream

    monkeypatch.setattr(files.os, "fdopen", fifth_fails)
    assert main(["docs", "--out", str(out)]) == 2
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert len(calls) == 5


def test_transcripts_are_written_whole(tmp_path: Path, full_disk: None) -> None:
    from oracle.suite.transcripts import write_transcript

    header = {"scenario": "a/b.feature::c", "outcome": "FAIL", "message": "m", "engine": {}}
    with pytest.raises(WriteError):
        write_transcript(tmp_path, header, [{"id": 1, "op": "observe"}, {"id": 1, "result": {}}])
    assert list(tmp_path.iterdir()) == []


def _limit_file_size() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, 64 * 1024))


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="no file size limit on this platform")
def test_docs_under_a_real_size_limit_leave_only_whole_pages(tmp_path: Path) -> None:
    out = tmp_path / "docs"
    # Under `coverage run`, the child would measure itself and fail to write its own data file
    # within the limit: the child here is the suite's, not coverage's.
    env = {k: v for k, v in os.environ.items() if k not in ("COVERAGE_PROCESS_START", "COVERAGE_PROCESS_CONFIG")}
    done = subprocess.run(
        [sys.executable, "-m", "oracle", "docs", "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        preexec_fn=_limit_file_size,  # the child only sets its own limits
        timeout=300,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.count("\n") == 1 and "cannot write" in done.stderr, done.stderr
    assert _leftovers(out) == []
    for page in out.iterdir():
        assert page.read_text(encoding="utf-8").endswith("</html>\n"), page


def test_no_module_writes_a_file_but_through_write_whole() -> None:
    """``write_text``, ``write_bytes`` and ``open(..., "w")`` appear nowhere else in the package (the
    Gherkin cache and the cache of derived data write their own entries, whole, under a name of
    their process)."""
    allowed = {"oracle/files.py", "oracle/kept.py", "oracle/suite/gherkin_cache.py"}
    found = []
    for path in sorted((ROOT / "oracle").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in ("write_text", "write_bytes"):
                found.append(f"{name}:{node.lineno}")
            elif (
                isinstance(func, ast.Name)
                and func.id == "open"
                and any(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) and "w" in a.value for a in node.args[1:]
                )
            ):
                found.append(f"{name}:{node.lineno}")
    assert [f for f in found if f.split(":")[0] not in allowed] == []
