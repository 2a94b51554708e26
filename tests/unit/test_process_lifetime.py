"""No process a run starts outlives it (oracle/contract/lifetime.py): a grandchild that left the
engine's session, and the engine of a runner killed by SIGKILL, included."""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import pytest

from oracle.contract import lifetime
from oracle.contract.client import SubprocessEngine
from tests.fake_engines.harness import ROOT, start_cli

ESCAPING = ROOT / "tests" / "fake_engines" / "escaping.py"
POSITION = {
    "players": [{"name": "Alice", "battlefield": [{"card": "Forest", "ref": "f"}]}, {"name": "Bob"}],
    "turn": {"number": 3, "active_player": "Alice", "step": "precombat-main"},
}

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl and /proc are Linux's")


def running(pids: Path) -> list[int]:
    """The recorded processes of the escaping engine that still run (a zombie does not)."""
    alive = []
    for entry in pids.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            state = Path("/proc", entry.name, "stat").read_text().rsplit(")", 1)[1].split()[0]
            command = Path("/proc", entry.name, "cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if state not in ("Z", "X") and ESCAPING.name.encode() in command:
            alive.append(int(entry.name))
    return alive


def eventually_none_running(pids: Path, seconds: float = 10) -> list[int]:
    deadline = time.monotonic() + seconds
    while running(pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return running(pids)


def wait_for(path: Path, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert time.monotonic() < deadline, f"{path.name} never appeared"
        time.sleep(0.05)


def test_a_grandchild_that_left_the_engines_session_dies_when_the_engine_is_stopped(pids: Path) -> None:
    engine = SubprocessEngine(f"{sys.executable} {ESCAPING} setsid-grandchild", timeout=30)
    try:
        engine.describe()
        assert engine.setup(POSITION) == {"accepted": True}
        assert len(running(pids)) == 2  # the engine, and its grandchild in a session of its own
    finally:
        engine.close()
    assert eventually_none_running(pids, seconds=2) == []


def test_nothing_a_run_started_is_left_after_it_even_in_another_session(pids: Path) -> None:
    process = start_cli(
        "run", "--engine", f"cmd:{sys.executable} {ESCAPING} setsid-grandchild", "--ruling", "symbol.tap", pids=pids
    )
    _, stderr = process.communicate(timeout=600)
    assert process.returncode == 0, stderr
    assert len(list(pids.iterdir())) >= 2
    assert eventually_none_running(pids, seconds=2) == []


def test_the_command_ends_an_orphan_it_adopted_even_without_the_mark(pids: Path) -> None:
    engine = f"cmd:{sys.executable} {ESCAPING} unmarked-grandchild"
    process = start_cli("run", "--engine", engine, "--ruling", "symbol.tap", pids=pids)
    _, stderr = process.communicate(timeout=600)
    assert process.returncode == 0, stderr
    assert len(list(pids.iterdir())) >= 2
    assert eventually_none_running(pids, seconds=2) == []


def test_the_engine_of_a_runner_killed_by_sigkill_dies_with_it_and_so_does_its_grandchild(pids: Path) -> None:
    engine = f"cmd:{sys.executable} {ESCAPING} setsid-grandchild+hang-at-setup"
    process = start_cli("run", "--engine", engine, pids=pids)
    try:
        wait_for(pids / "hanging")
        assert len(running(pids)) == 2
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        process.kill()
        process.communicate()
    assert eventually_none_running(pids) == []


def test_a_runner_whose_terminal_hangs_up_stops_its_engine_and_says_so(pids: Path) -> None:
    engine = f"cmd:{sys.executable} {ESCAPING} setsid-grandchild+hang-at-setup"
    process = start_cli("run", "--engine", engine, pids=pids)
    try:
        wait_for(pids / "hanging")
        process.send_signal(signal.SIGHUP)
        _, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 128 + signal.SIGHUP and "interrupted by signal 1" in stderr, stderr
    assert eventually_none_running(pids, seconds=2) == []


def test_marks_find_only_the_processes_of_the_engine_they_name(pids: Path) -> None:
    one, two = lifetime.new_mark(), lifetime.new_mark()
    first = lifetime.spawn([sys.executable, str(ESCAPING), "hang-at-setup"], one)
    second = lifetime.spawn([sys.executable, str(ESCAPING), "hang-at-setup"], two)
    try:
        wait_for(pids / str(first.pid))
        wait_for(pids / str(second.pid))
        assert lifetime.marked(one) == [first.pid]
        assert sorted(lifetime.marked(lifetime.all_of_this_runner())) == sorted([first.pid, second.pid])
        lifetime.end_marked(one)
        assert first.wait(timeout=5) == -signal.SIGKILL and second.poll() is None
    finally:
        for process in (first, second):
            process.kill()
            process.communicate()
