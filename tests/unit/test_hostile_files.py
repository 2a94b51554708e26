"""The command's files, handed over by a hostile user: what it writes and what it reads.

Every place the command writes to is a regular file, or none yet: a FIFO, a device or a socket is
refused in one line and left as it was; a symbolic link is followed (the file it points to is
written whole, the link stays); and nothing is written inside the suite's own folders (the package,
the ``features/`` and ``fixtures/`` it reads), through links too, unless the suite's developer
tools say so (``MTG_CONFORMANCE_WRITE_SUITE=1``).  Every file it reads is a regular file within the
bound of its kind (``oracle/files.py``): a FIFO never blocks it, ``/dev/zero`` never fills its
memory, a file too large is one line.  No test needs root: FIFOs, sockets and links are made in
``tmp_path``, and a device is reached through a link to ``/dev/null`` or as ``/dev/zero``.
"""

from __future__ import annotations

import ast
import os
import re
import resource
import socket
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from oracle import files
from oracle.errors import UserError
from oracle.suite.cli import main

ROOT = Path(__file__).resolve().parents[2]
ONE_RULING = ["--ruling", "symbol.tap"]
#: What the suite's developer tools set to write into its own folders.
WRITE_SUITE = "MTG_CONFORMANCE_WRITE_SUITE"


def _status(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)


def one_line(capsys: pytest.CaptureFixture[str], argv: list[str], *says: str) -> str:
    """The command, in this process: exit status 2 and one line on stderr saying all of ``says``."""
    status = _status(argv)
    captured = capsys.readouterr()
    assert status == 2, captured.out[-2000:] + captured.err
    assert captured.err.startswith("mtg-conformance: error: ") and captured.err.count("\n") == 1, captured.err
    for words in says:
        assert words in captured.err, captured.err
    return captured.err


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _device(path: Path) -> Path:
    path.symlink_to("/dev/null")  # a device, reached through a link: no root needed
    return path


def _socket(path: Path) -> Path:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()  # the socket file stays
    return path


SPECIAL: dict[str, tuple[Callable[[Path], Path], Callable[[int], bool], str]] = {
    "fifo": (_fifo, stat.S_ISFIFO, "a FIFO"),
    "device": (_device, stat.S_ISCHR, "a character device"),
    "socket": (_socket, stat.S_ISSOCK, "a socket"),
}


def _writing(command: str, out: Path) -> list[str]:
    """The command line of a command that writes one file, ``out``."""
    return {
        "cards": ["cards", "--out", str(out)],
        "badge": ["coverage", "--badge", str(out)],
        "expectations": ["expectations", "--engine", "reference", *ONE_RULING, "--out", str(out)],
    }[command]


@pytest.mark.parametrize("kind", sorted(SPECIAL))
@pytest.mark.parametrize("command", ["cards", "badge", "expectations"])
def test_an_output_that_is_no_regular_file_is_refused_and_left_as_it_was(
    command: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make, still, called = SPECIAL[kind]
    out = make(tmp_path / "out")
    one_line(capsys, _writing(command, out), str(out), called, "not a regular file")
    assert still(os.stat(out).st_mode), f"{out} was replaced"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


@pytest.mark.parametrize("exists", [True, False], ids=["existing", "new"])
@pytest.mark.parametrize("command", ["cards", "badge", "expectations"])
def test_an_output_through_a_link_writes_the_file_it_points_to_and_the_link_stays(
    command: str, exists: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "here").mkdir()
    (tmp_path / "there").mkdir()
    real = tmp_path / "there" / "real"
    if exists:
        real.write_text("old", encoding="utf-8")
    link = tmp_path / "here" / "link"
    link.symlink_to(real)
    assert _status(_writing(command, link)) == 0, capsys.readouterr().err
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.is_file() and real.read_text(encoding="utf-8") not in ("", "old")
    assert sorted(p.name for p in (tmp_path / "here").iterdir()) == ["link"]
    assert sorted(p.name for p in (tmp_path / "there").iterdir()) == ["real"]


#: The modules that write files of their own and why: the caches write a file named after the
#: process and rename it over the entry (a cache that can't be written is only read again), and
#: explore's host writes the wire protocol on a duplicate of its standard output.
OWN_WRITERS = {"oracle/files.py", "oracle/kept.py", "oracle/suite/gherkin_cache.py", "oracle/suite/explore/host.py"}


def _writes(tree: ast.AST) -> list[int]:
    """The lines of the calls that write a file: write_text, write_bytes, open(..., "w"/"a"/"x")."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        given = [*node.args[:2], *(k.value for k in node.keywords if k.arg == "mode")]
        modes = [str(a.value) for a in given if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        writing = any(re.fullmatch("[rwxabt+]+", m) and set(m) & set("wax+") for m in modes)
        if name in ("write_text", "write_bytes") or (name in ("open", "fdopen") and writing):
            found.append(node.lineno)
    return found


def test_every_file_the_package_writes_goes_through_oracle_files() -> None:
    package = ROOT / "oracle"
    others = {
        f"{path.relative_to(ROOT)}:{line}"
        for path in package.rglob("*.py")
        if str(path.relative_to(ROOT)) not in OWN_WRITERS
        for line in _writes(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert others == set(), "write these through oracle.files.write_whole"


#: The modules that read files of their own and why: the package's own schemas and engine sources,
#: the caches, an engine build's files (Forge's, the JVM bridges'), /proc, the installed metadata.
OWN_READERS = {
    "oracle/contract/validation.py",
    "oracle/suite/reports/reading.py",
    "oracle/suite/coverage/rules.py",
    "oracle/suite/gherkin_cache.py",
    "oracle/kept.py",
    "oracle/adapters/forge/__init__.py",
    "oracle/adapters/jvm.py",
    "oracle/contract/lifetime.py",
    "oracle/version.py",
}


def _reads(tree: ast.AST) -> list[int]:
    """The lines of the calls that read a file whole: read_text, read_bytes, open(), tomllib.load."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("read_text", "read_bytes", "open", "load") and not (
                isinstance(node.func, ast.Attribute) and getattr(node.func.value, "id", "") == "os"
            ):
                found.append(node.lineno)
    return found


def test_every_input_the_command_reads_goes_through_read_input() -> None:
    others = {
        f"{path.relative_to(ROOT)}:{line}"
        for path in (ROOT / "oracle").rglob("*.py")
        if str(path.relative_to(ROOT)) not in OWN_READERS | OWN_WRITERS and "engine" not in path.parent.name
        for line in _reads(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert others == set(), "read these through oracle.files.read_input"


# -- the suite's own folders ------------------------------------------------------------------------


def _inside_the_suite(case: str, copy: Path, tmp: Path) -> tuple[list[str], Path]:
    """A command line that writes inside the suite (a copy of it, the suite's root) and the path that must not change."""
    reference = copy / "fixtures" / "engines" / "reference"
    if case == "certify through a link":
        (tmp / "published").symlink_to(reference, target_is_directory=True)
        return ["certify", "--engine", "reference", *ONE_RULING, "--out", str(tmp / "published")], reference
    if case == "transcripts through a link":
        (tmp / "kept").symlink_to(reference, target_is_directory=True)
        return ["run", *ONE_RULING, "--transcripts", str(tmp / "kept")], reference
    target = {
        "badge over the capabilities": copy / "fixtures" / "capabilities.toml",
        "cards among the card fixtures": copy / "fixtures" / "cards" / "x.toml",
        "expectations over a published one": copy / "fixtures" / "engines" / "example-js" / "expectations.toml",
        "expectations --update of a published one": copy / "fixtures" / "engines" / "phase" / "expectations.toml",
        "docs among the features": copy / "features" / "pages",
        "explore among the fixtures": copy / "fixtures" / "found",
        "cards into the package": ROOT / "oracle" / "x.json",
    }[case]
    argv = {
        "badge over the capabilities": ["coverage", "--badge", str(target)],
        "cards among the card fixtures": ["cards", "--out", str(target)],
        "expectations over a published one": ["expectations", "--engine", "reference", *ONE_RULING],
        "expectations --update of a published one": ["expectations", "--engine", "reference", *ONE_RULING],
        "docs among the features": ["docs", "--out", str(target)],
        "explore among the fixtures": ["explore", "--engine", "reference", "--examples", "1", "--out", str(target)],
        "cards into the package": ["cards", "--out", str(target)],
    }[case]
    if case.startswith("expectations"):
        argv += ["--out" if "over" in case else "--update", str(target)]
    return argv, target


def _snapshot(path: Path) -> dict[str, bytes] | None:
    if path.is_file():
        return {path.name: path.read_bytes()}
    if path.is_dir():
        return {str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}
    return None


@pytest.mark.parametrize(
    "case",
    [
        "certify through a link",
        "transcripts through a link",
        "badge over the capabilities",
        "cards among the card fixtures",
        "expectations over a published one",
        "expectations --update of a published one",
        "docs among the features",
        "explore among the fixtures",
        "cards into the package",
    ],
)
def test_an_output_inside_the_suites_own_folders_is_refused_and_nothing_changes(
    case: str, suite_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(WRITE_SUITE, raising=False)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    argv, kept = _inside_the_suite(case, suite_copy, scratch)
    before = _snapshot(kept)
    try:
        one_line(capsys, argv, "inside the suite's own folder")
        assert _snapshot(kept) == before
    finally:
        if case == "cards into the package":
            kept.unlink(missing_ok=True)  # the old code wrote into the checkout


def test_the_suites_developer_tools_write_into_it_with_the_variable_they_set(
    suite_copy: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = suite_copy / "fixtures" / "cards.json"
    monkeypatch.setenv(WRITE_SUITE, "1")
    assert main(["cards", "--out", str(target)]) == 0
    assert target.is_file() and "cards into" in capsys.readouterr().err
    monkeypatch.setenv(WRITE_SUITE, "0")  # only 1 lets it
    one_line(capsys, ["cards", "--out", str(target)], "inside the suite's own folder")
    # the one developer tool that writes into the suite through the command sets it
    tox = (ROOT / "tox.ini").read_text(encoding="utf-8").split("[testenv:explore]")[1].split("\n[")[0]
    assert "setenv = MTG_CONFORMANCE_WRITE_SUITE = 1" in tox and "--out fixtures/" in tox


# -- what the command reads -------------------------------------------------------------------------


def _reading(command: str, given: str) -> list[str]:
    """A command line that reads the file ``given`` first."""
    return {
        "run --expectations": ["run", *ONE_RULING, "--expectations", given],
        "expectations --update": ["expectations", "--engine", "reference", *ONE_RULING, "--update", given],
        "replay": ["replay", given, "--engine", "reference"],
        "rulings import": ["rulings", "import", given, "--card", "Static Orb"],
        "cr-changes": ["cr-changes", given],
        "docs --report": ["docs", "--out", "pages", "--report", given],
        "compare": ["compare", given, given],
    }[command]


READERS = ["run --expectations", "expectations --update", "replay", "rulings import", "cr-changes", "docs --report", "compare"]


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # /dev/zero read whole fails in seconds


@pytest.mark.parametrize("given", ["fifo", "/dev/zero"])
@pytest.mark.parametrize("command", READERS)
def test_an_input_that_is_no_regular_file_is_refused_at_once(command: str, given: str, tmp_path: Path) -> None:
    path = str(_fifo(tmp_path / "input")) if given == "fifo" else given
    try:
        done = subprocess.run(
            [sys.executable, "-m", "oracle", *_reading(command, path)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=30,
            preexec_fn=_bounded,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{command} {path}: still waiting after 30 s")
    assert done.returncode == 2, done.stderr[-2000:]
    assert done.stderr.count("\n") == 1 and f"{path}: " in done.stderr, done.stderr
    assert "not a regular file" in done.stderr


def test_a_feature_file_that_is_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    _fifo(folder / "waits.feature")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "oracle", "run", "--features", str(folder)],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("run --features: still waiting on a FIFO after 60 s")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr[-2000:]
    assert "waits.feature" in done.stderr and "a FIFO, not a regular file" in done.stderr


@pytest.mark.parametrize(
    ("command", "bound", "what"),
    [
        ("run --expectations", "MAX_EXPECTATIONS", "an expectations file"),
        ("replay", "MAX_TRANSCRIPT", "a transcript"),
        ("rulings import", "MAX_RULINGS", "a file of rulings"),
        ("cr-changes", "MAX_EDITION", "a text of the Comprehensive Rules"),
    ],
)
def test_an_input_larger_than_the_bound_of_its_kind_is_refused_in_one_line(
    command: str, bound: str, what: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    limit: int = getattr(files, bound)
    big = tmp_path / "big"
    with big.open("wb") as stream:
        stream.truncate(limit + 1)  # sparse: no disk used, and never read
    one_line(capsys, _reading(command, str(big)), str(big), f"larger than the {limit:,} bytes {what} may hold")


def test_read_input_reads_a_regular_file_within_its_bound_through_a_link(tmp_path: Path) -> None:
    from oracle.files import read_input

    real = tmp_path / "real"
    real.write_bytes(b"x" * 10)
    link = tmp_path / "link"
    link.symlink_to(real)
    assert read_input(link, 10, "test file") == b"x" * 10
    with pytest.raises(UserError, match="larger than the 9 bytes a test file may hold"):
        read_input(real, 9, "test file")
    for path, called in ((tmp_path, "a folder"), (_fifo(tmp_path / "f"), "a FIFO"), (Path("/dev/null"), "device")):
        with pytest.raises(UserError, match=f"{called}.*not a regular file"):
            read_input(path, 10, "test file")
    with pytest.raises(UserError, match="cannot read: No such file"):
        read_input(tmp_path / "none", 10, "test file")
