"""Running the command against hostile engines with a bound on time and memory, and finding out
whether any of their processes outlived the run."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "fake_engines" / "hostile.py"
#: The runner's address space may not grow past this (it is killed or gets MemoryError if it tries):
#: far below what buffering one hostile line or stderr flood whole would take.
MEMORY_LIMIT = 768 << 20
#: A guard against a hang, not a measure of speed: a run that needs this long is stuck.
TIME_LIMIT = 600


#: Under ``coverage run``, every Python process started is measured (pyproject.toml's
#: ``patch = ["subprocess"]``); a hostile engine is not what the tests measure (the reference
#: engine it wraps is covered by the suite's own runs), so it starts without coverage's settings
#: (``env`` then becomes Python: the engine's process is the same one).
UNMEASURED = "env -u COVERAGE_PROCESS_CONFIG -u COVERAGE_PROCESS_START"


def hostile(mode: str) -> str:
    """The --engine spec of a hostile engine (tests/fake_engines/hostile.py)."""
    return f"cmd:{UNMEASURED} {sys.executable} {HOSTILE} {mode}"


#: Becomes the command with SIGINT's default action, as from a terminal: a test run started in the
#: background (``nohup``, ``&`` in a script) has SIGINT ignored, which every process it starts
#: inherits, and the command leaves an ignored signal ignored, so a Ctrl-C sent by a test would be lost.
AS_FROM_A_TERMINAL = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, '-m', 'oracle', *sys.argv[1:]])"
)
#: Sets the memory bound, then becomes the command (a bound set here, not in the test's process).
_BOUNDED = "import resource; resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit})); " + AS_FROM_A_TERMINAL


def start_cli(*args: str, pids: Path, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """``python -m oracle ARGS`` in a new process, its memory bounded, its engines' pids recorded in ``pids``."""
    pids.mkdir(exist_ok=True)
    return subprocess.Popen(
        [sys.executable, "-c", _BOUNDED.format(limit=MEMORY_LIMIT), *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "MTG_HOSTILE_PIDS": str(pids), **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
    )


def run_cli(*args: str, pids: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the command to its end within :data:`TIME_LIMIT` and :data:`MEMORY_LIMIT`, and check that no
    process of the engine is left."""
    process = start_cli(*args, pids=pids, env=env)
    stdout, stderr = process.communicate(timeout=TIME_LIMIT)
    assert_nothing_left(pids)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def running(pids: Path) -> list[int]:
    """The recorded processes that still run (a zombie, dead but not yet reaped, does not)."""
    alive = []
    for entry in pids.iterdir():
        if not entry.name.isdigit():
            continue
        proc = Path("/proc", entry.name)
        try:
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
            command = (proc / "cmdline").read_bytes()
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        if state not in ("Z", "X") and HOSTILE.name.encode() in command:
            alive.append(int(entry.name))
    return alive


def assert_nothing_left(pids: Path) -> None:
    """No recorded process runs (a process killed a moment ago gets a few seconds to be gone)."""
    deadline = time.monotonic() + 10
    while running(pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not running(pids), f"engine processes left running: {running(pids)}"
