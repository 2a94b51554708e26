"""Engines that try to escape the run: to outlive it, to take the runner down with them, or to hold it forever.

    python tests/fake_engines/escaping.py MODE

On the wire (each mode otherwise answers like the reference engine):

* ``setsid-grandchild``: at the handshake, starts a child that calls ``setsid()`` (its own session,
  out of the engine's process group) and sleeps forever;
* ``unmarked-grandchild``: at the handshake, leaves an orphan in a session of its own that runs
  with an empty environment;
* ``hang-at-setup``: answers the handshake, then never answers setup (and writes ``hanging`` in the
  pids folder), so a test can kill the runner while the engine is busy;
* ``crash-mid-run``: behaves for ``MTG_ESCAPING_CRASH_AFTER`` actions (default 3) of its life, then
  exits with status 7 when asked to perform the next one.

In-process (``--engine tests.fake_engines.escaping:CLASS``): :class:`ExitInConstructor`,
:class:`ObserveSleeps`, :class:`PerformInterrupts`, :class:`PerformExits` and
:class:`PerformDiesHard`; with
``MTG_ESCAPING_EXIT_AT_IMPORT`` set, importing this module calls ``sys.exit(9)``.

With ``MTG_HOSTILE_PIDS`` set to a folder, every process leaves a file named after its pid there.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.interface import JSON
from oracle.contract.wire import PROTOCOL_VERSION

if os.environ.get("MTG_ESCAPING_EXIT_AT_IMPORT"):
    sys.exit(9)


def record_pid() -> None:
    folder = os.environ.get("MTG_HOSTILE_PIDS")
    if folder:
        Path(folder, str(os.getpid())).touch()


def sleep_forever() -> None:
    while True:
        time.sleep(3600)


class ExitInConstructor(ReferenceEngine):
    """Calls sys.exit(9) while it is being made."""

    def __init__(self) -> None:
        sys.exit(9)


class ObserveSleeps(ReferenceEngine):
    """Sets up and acts, then never comes back from observe()."""

    def observe(self) -> JSON:
        sleep_forever()
        return {}


class PerformInterrupts(ReferenceEngine):
    """Raises KeyboardInterrupt from perform(), as if someone had pressed Ctrl-C."""

    def perform(self, action: JSON) -> JSON:
        raise KeyboardInterrupt


class PerformExits(ReferenceEngine):
    """Calls sys.exit(9) from perform()."""

    def perform(self, action: JSON) -> JSON:
        sys.exit(9)


class PerformDiesHard(ReferenceEngine):
    """Ends the process it runs in from perform(), as a crash of native code would (no exception, no cleanup)."""

    def perform(self, action: JSON) -> JSON:
        os._exit(3)


def _reply(request: dict[str, Any], result: Any) -> None:
    sys.stdout.write(json.dumps({"id": request["id"], "result": result}) + "\n")
    sys.stdout.flush()


def _unmarked_grandchild() -> None:
    """Fork a child that leaves the engine's session and group, then becomes a program with an empty
    environment (no mark of the runner's), and whose parent exits at once: an orphan."""
    folder = os.environ.get("MTG_HOSTILE_PIDS", "")
    before = len(os.listdir(folder)) if folder else 0
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.closerange(0, 3)
            os.execve(sys.executable, [sys.executable, __file__, "sleeper", folder], {})
        os._exit(0)
    _wait_for_a_new_pid(folder, before)


def _wait_for_a_new_pid(folder: str, before: int) -> None:
    """Answer only once the new process has left its pid in the folder (so that a test finds it)."""
    deadline = time.monotonic() + 30
    while folder and len(os.listdir(folder)) <= before and time.monotonic() < deadline:
        time.sleep(0.01)


def _grandchild() -> None:
    """Fork a child that leaves the engine's session and group, and sleeps."""
    folder = os.environ.get("MTG_HOSTILE_PIDS", "")
    before = len(os.listdir(folder)) if folder else 0
    if os.fork() == 0:
        os.setsid()
        record_pid()
        sys.stdin.close()
        os.closerange(0, 3)  # holds none of the engine's pipes: only its mark could find it
        sleep_forever()
    _wait_for_a_new_pid(folder, before)


def main(mode: str) -> None:
    modes = set(mode.split("+"))  # modes may be joined: setsid-grandchild+hang-at-setup
    if mode == "sleeper":  # the unmarked grandchild: its pids folder is its argument
        if sys.argv[2]:
            Path(sys.argv[2], str(os.getpid())).touch()
        sleep_forever()
    record_pid()
    engine = ReferenceEngine()
    actions = 0
    crash_after = int(os.environ.get("MTG_ESCAPING_CRASH_AFTER", "3"))
    for line in sys.stdin:
        request = json.loads(line)
        op = request["op"]
        if op == "handshake":
            if "setsid-grandchild" in modes:
                _grandchild()
            if "unmarked-grandchild" in modes:
                _unmarked_grandchild()
            _reply(request, {**engine.describe(), "protocol": PROTOCOL_VERSION})
        elif op == "stop":
            _reply(request, {})
            return
        elif op == "setup":
            if "hang-at-setup" in modes:
                Path(os.environ["MTG_HOSTILE_PIDS"], "hanging").touch()
                sleep_forever()
            _reply(request, engine.setup(request["position"]))
        elif op == "perform":
            actions += 1
            if "crash-mid-run" in modes and actions > crash_after:
                print("escaping engine: lost my state", file=sys.stderr, flush=True)
                sys.exit(7)
            _reply(request, engine.perform(request["action"]))
        elif op == "observe":
            _reply(request, engine.observe())


if __name__ == "__main__":
    main(sys.argv[1])
