"""No process an engine starts outlives the run: what holds on Linux without root, and what can't.

:class:`~oracle.contract.client.SubprocessEngine` starts each engine in its own process group and
kills the group when it stops it.  A descendant may leave the group (``setsid()``), and the runner
itself may die without a chance to clean up (SIGKILL).  So, on Linux:

* **The engine dies with the runner.**  Each engine process is started with ``PR_SET_PDEATHSIG``
  (SIGKILL, ``prctl(2)``): when the runner dies, even by SIGKILL, the kernel kills the engine.  The
  signal follows the death of the *thread* that started the process, so every engine is started
  from one thread that lives as long as the runner's process (:func:`spawn`).
* **Orphans come back to the runner.**  The runner is a child subreaper (``PR_SET_CHILD_SUBREAPER``):
  a descendant whose parent dies (a grandchild that called ``setsid()``, then lost the engine) becomes
  the runner's child instead of init's.
* **Descendants are known by a mark.**  Every engine gets the variable :data:`MARK` in its
  environment (``<runner pid>.<engine number>``, after its runner's own marks if the runner is itself
  an engine's process), which its descendants inherit.  When an engine is stopped, when the run ends
  and on SIGTERM, SIGINT or SIGHUP, every process that carries its mark (:func:`end_marked`) is
  killed, whatever its session or group, and the runner's adopted children among them are reaped.
* **A watchdog outlives the runner by a moment.**  The first engine a runner process starts also
  starts a small separate process (:data:`_WATCHDOG`, in a session of its own) that waits for the end
  of a pipe only the runner holds: when the runner is gone, however it died, SIGKILL included, it
  kills every process that still carries the runner's mark, then exits.

The command (``mtg-conformance``, not a pytest session of the user's, whose other children are
theirs) also ends, at its exit, every child it still has (:func:`end_descendants`): a descendant
orphaned under it (it is their subreaper) dies then, with the mark or without.

What this can't catch: a descendant that leaves the engine's process group *and* starts a program
with an environment without the mark (``env -i``, ``execve`` with an environment of its own), while
its parent still lives when the engine is stopped (in a pytest session, or at the end of the
command if the runner was SIGKILLed); one that forks faster than the sweeps kill; the watchdog itself
if it is killed too (``kill -9`` of its session or of every process of the user); and where there
is no ``/proc`` and no ``prctl`` (other systems than Linux), everything but the process-group kill.
A process the runner forks without exec holds the watchdog's pipe too, so the watchdog waits for it.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The environment variable that marks every process an engine starts, and their descendants.
MARK = "MTG_CONFORMANCE_ENGINE"
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36

_LIBC: Any = None
if sys.platform.startswith("linux"):
    with contextlib.suppress(OSError):
        _LIBC = ctypes.CDLL(None, use_errno=True)
_PRCTL: Any = getattr(_LIBC, "prctl", None)
_SERIAL = [0]


def become_subreaper() -> bool:
    """Make this process the child subreaper of its descendants (Linux); False where it can't be."""
    return _PRCTL is not None and _PRCTL(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0


def new_mark() -> str:
    """A mark for one engine's processes, unique in this runner."""
    _SERIAL[0] += 1
    return f"{os.getpid()}.{_SERIAL[0]}"


def _die_with_parent(parent: int) -> Callable[[], None]:
    """What the engine's process runs between fork and exec: ask the kernel for SIGKILL when its parent dies."""
    prctl = _PRCTL  # resolved here, in the runner: the child only calls it

    def preexec() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:  # the runner died before the request took effect
            os.kill(os.getpid(), signal.SIGKILL)

    return preexec


#: The engine processes :func:`spawn` started: their owners reap them, :func:`end_marked` does not.
_SPAWNED: weakref.WeakSet[subprocess.Popen[bytes]] = weakref.WeakSet()
_REQUESTS: queue.Queue[tuple[Callable[[], Any], queue.Queue[tuple[bool, Any]]]] = queue.Queue()
_SPAWNER: list[threading.Thread] = []


def _serve_spawns() -> None:
    while True:
        start, answer = _REQUESTS.get()
        try:
            answer.put((True, start()))
        except BaseException as exc:  # handed back to the caller, which raises it
            answer.put((False, exc))


def spawn(argv: list[str], mark: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start an engine's process: its own session and process group, its pipes, the mark in its
    environment and, on Linux, SIGKILL when the runner dies.  It is started from a thread that lives
    as long as the runner (the death signal follows the thread that started it)."""
    inherited = dict(os.environ if env is None else env)
    outer = inherited.get(MARK)  # this runner is itself an engine's process: its runner's marks stay
    environment = {**inherited, MARK: f"{outer}:{mark}" if outer else mark}
    _watch()
    preexec = _die_with_parent(os.getpid()) if _PRCTL is not None else None

    def start() -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment,
            start_new_session=True,  # its own process group: ending it ends its children too
            preexec_fn=preexec,
        )

    if preexec is None:
        process = start()
        _SPAWNED.add(process)
        return process
    if not _SPAWNER or not _SPAWNER[0].is_alive():
        become_subreaper()
        _SPAWNER[:] = [threading.Thread(target=_serve_spawns, name="engine-spawner", daemon=True)]
        _SPAWNER[0].start()
    answer: queue.Queue[tuple[bool, Any]] = queue.Queue()
    _REQUESTS.put((start, answer))
    ok, value = answer.get()
    if not ok:
        raise value
    _SPAWNED.add(value)
    return value  # type: ignore[no-any-return]


def marked(prefix: str) -> list[int]:
    """Every process whose environment carries a mark equal to ``prefix`` or under it (``<pid>.``)."""
    wanted, variable = prefix.encode(), f"{MARK}=".encode()
    found = []
    for entry in Path("/proc").iterdir() if Path("/proc/self/environ").exists() else ():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            variables = (entry / "environ").read_bytes().split(b"\0")
        except OSError:  # gone, or another user's
            continue
        marks = [m for v in variables if v.startswith(variable) for m in v[len(variable) :].split(b":")]
        if any(m == wanted or (prefix.endswith(".") and m.startswith(wanted)) for m in marks):
            found.append(int(entry.name))
    return found


def end_marked(prefix: str) -> None:
    """Kill every process carrying the mark ``prefix`` (an engine's, or ``"<pid>."`` for all of this
    runner's) and reap those that became the runner's children; repeat while killing one frees another."""
    for round_number in range(20):
        pids = marked(prefix)
        if not pids:
            return
        if round_number:
            time.sleep(0.01 * round_number)  # a process killed a moment ago may still be on its way out
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        owned = {process.pid for process in list(_SPAWNED) if process.returncode is None}
        for pid in pids:
            if pid not in owned:
                with contextlib.suppress(ChildProcessError, OSError):
                    os.waitpid(pid, 0)  # an adopted child: reaped here (another's: not ours to wait for)


#: The watchdog, a separate small process: it waits for the end of a pipe only this runner holds
#: open, so it wakes when the runner is gone, however it died (SIGKILL included), and kills whatever
#: still carries this runner's mark.  It imports nothing of the package and holds no file of the runner's.
_WATCHDOG = r"""
import os, signal, sys, time
wanted, variable = sys.argv[1].encode(), sys.argv[2].encode() + b"="
try:
    while os.read(0, 4096):
        pass
except OSError:
    pass
for sweep in range(100):
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open("/proc/" + name + "/environ", "rb") as environ:
                variables = environ.read().split(b"\0")
        except OSError:
            continue
        marks = [m for v in variables if v.startswith(variable) for m in v[len(variable):].split(b":")]
        if any(m.startswith(wanted) for m in marks):
            found.append(int(name))
    if not found:
        break
    for pid in found:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    time.sleep(0.02)
"""
#: The pid of the process whose watchdog runs, and the write end of the watchdog's pipe.
_WATCHED: list[int] = []


def _watch() -> None:
    """Start this runner's watchdog, once per process (a child made by fork needs its own)."""
    if (_WATCHED and _WATCHED[0] == os.getpid()) or not Path("/proc/self/environ").exists():
        return
    read_end, write_end = os.pipe()  # inherited by no program this runner starts (PEP 446)
    try:
        watchdog = os.posix_spawn(
            sys.executable,
            [sys.executable, "-I", "-S", "-c", _WATCHDOG, all_of_this_runner(), MARK],
            {k: v for k, v in os.environ.items() if k != MARK},
            file_actions=[(os.POSIX_SPAWN_DUP2, read_end, 0)],
            setsid=True,  # out of the runner's group: a Ctrl-C to the terminal does not end it first
        )
    except OSError:  # no watchdog: the other means still hold
        os.close(write_end)
        return
    finally:
        os.close(read_end)
    _WATCHED[:] = [os.getpid(), write_end, watchdog]


def children() -> list[int]:
    """This process's children (those it started, and those it adopted as their subreaper), zombies included."""
    found = []
    for entry in Path("/proc").iterdir() if Path("/proc/self/stat").exists() else ():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == os.getpid():
                found.append(int(entry.name))
    return found


def end_descendants() -> None:
    """Kill every child of this process but its watchdog, and reap it; repeat while a killed one's
    children come back to this process (its subreaper), until none is left: whatever the run started
    then ends, marked or not.  Only for a process that owns all its children: the command, at its exit."""
    watchdog = _WATCHED[2] if len(_WATCHED) == 3 and _WATCHED[0] == os.getpid() else None
    for round_number in range(50):
        pids = [pid for pid in children() if pid != watchdog]
        if not pids:
            return
        if round_number:
            time.sleep(0.01)
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        for pid in pids:
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(pid, 0)


def all_of_this_runner() -> str:
    """The prefix of every mark this runner gave."""
    return f"{os.getpid()}."
