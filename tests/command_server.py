"""Many runs of the ``mtg-conformance`` command, each in a process of its own, without paying the
command's start-up (its imports: pytest, the harness, the engine, the wrong engines) for each.

A server process, started once without coverage, imports what a run of the command imports, and
then, for each run asked of it, forks a child.  The child takes the run's environment and working
directory, points its standard streams at files of its own, and calls the command's
``main(["run", ...])`` exactly as the installed script does; it ends as the script's process ends,
with the command's exit status.  Nothing of a run is done ahead in the server: a wrong engine is
applied by tests/mutant_plugin.py as the child's pytest configures, and every cache the command
fills (catalog, cards, collection) is filled in the child.  The server reports the child's exit
status (a negative one for a signal, as :mod:`subprocess` does) and what it wrote.

The modules that pytest rewrites in a run (its test module, the plugins it loads by name) are not
imported ahead: imported before pytest, they would lose their assertion rewriting and pytest would
warn about them.  A fork is made only from a process with a single thread.

:class:`CommandServers` is the client: one server per worker thread, runs handed out as futures.
tests/mutant_runs.py runs every wrong engine through it.
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

ROOT = Path(__file__).resolve().parents[1]
#: What a run of the command imports, as the server imports it ahead (tests/mutants.py brings the
#: wrong engines; the harness's step modules are imported by its plugin).  Not the modules pytest
#: rewrites: mtg_conformance_pytest, tests.mutant_plugin, oracle.harness.scenarios and
#: oracle.harness.steps.fixtures.
PRELOADED = (
    "pytest",
    "_pytest.python",
    "_pytest.junitxml",
    "_pytest.pytester",
    "pytest_bdd",
    "oracle.suite.cli",
    "oracle.suite.results",
    "oracle.suite.recorder",
    "oracle.suite.terminal",
    "oracle.suite.transcripts",
    "oracle.suite.parallel",
    "oracle.suite.docs.runs",
    "oracle.harness.plugin",
    "oracle.harness.driver",
    "oracle.harness.steps.given",
    "oracle.harness.steps.when",
    "oracle.harness.steps.then",
    "oracle.harness.steps.then_questions",
    "oracle.harness.steps.then_zones",
    "oracle.harness.steps.combat_steps",
    "tests.mutants",
)
NOT_PRELOADED = (
    "mtg_conformance_pytest",
    "tests.mutant_plugin",
    "oracle.harness.scenarios",
    "oracle.harness.steps.fixtures",
)
#: A run that takes longer is ended by SIGALRM (exit status -14), as a timeout ends a subprocess.
RUN_TIMEOUT = 600


def serve() -> None:
    """The server's loop: a request per line on stdin (JSON: arguments, env, cwd), a reply per line on
    the standard output it started with (JSON: status, stdout, stderr).  No ``with`` nor
    ``finally`` encloses a fork: a child leaves through this stack as the script's process leaves."""
    if "" in sys.path:  # as the installed script: the working directory is no place to import from
        sys.path.remove("")
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(os.open(os.devnull, os.O_RDWR), 0)
    os.dup2(2, 1)  # a stray print of an import can't reach the replies
    for name in PRELOADED:
        importlib.import_module(name)
    early = [name for name in NOT_PRELOADED if name in sys.modules]
    if early:
        raise RuntimeError(f"imported before pytest could rewrite them: {early}")
    gc.collect()
    gc.freeze()  # what the imports made is no child's garbage: its collections need not walk it
    folder = Path(tempfile.mkdtemp(prefix="command-server-"))
    for line in requests:
        reply = _run_forked(json.loads(line), folder, (requests, replies))
        replies.write(json.dumps(reply).encode() + b"\n")
        replies.flush()
    os.rmdir(folder)


def _run_forked(request: dict, folder: Path, channel: tuple[BinaryIO, BinaryIO]) -> dict:
    """Fork a child for the run; wait for it; its exit status and what it wrote."""
    if threading.active_count() != 1:
        raise RuntimeError("a process with threads can't fork safely")
    out, err = folder / "stdout", folder / "stderr"
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _child(request, out, err, channel)  # raises SystemExit, or the command's own exception
    _, wait_status = os.waitpid(pid, 0)
    written = {}
    for name, path in (("stdout", out), ("stderr", err)):
        written[name] = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
        path.unlink(missing_ok=True)
    return {"status": os.waitstatus_to_exitcode(wait_status), **written}


def _child(request: dict, out: Path, err: Path, channel: tuple[BinaryIO, BinaryIO]) -> None:
    """The run, in the forked child: its own environment, folder and streams, then the command,
    ending as the installed script does (``sys.exit(main())``: an exception the command lets out
    is printed by Python, status 1)."""
    for stream in channel:
        stream.close()
    for fd, path in ((1, out), (2, err)):
        target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(target, fd)
        os.close(target)
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    sys.argv = ["mtg-conformance", *request["arguments"]]
    signal.alarm(RUN_TIMEOUT)
    from oracle.suite.cli import main

    raise SystemExit(main(request["arguments"]))


class CommandServers:
    """A server per worker thread; :meth:`submit` hands a run of the command to the next free one."""

    def __init__(self, workers: int, env: Mapping[str, str], cwd: Path) -> None:
        self._free: queue.Queue[subprocess.Popen[bytes]] = queue.Queue()
        self._all = [self._start(env, cwd) for _ in range(workers)]
        for server in self._all:
            self._free.put(server)
        self._pool = ThreadPoolExecutor(max_workers=workers)

    @staticmethod
    def _start(env: Mapping[str, str], cwd: Path) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [sys.executable, "-c", "from tests.command_server import serve; serve()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=dict(env),
            cwd=cwd,
        )

    def submit(
        self, arguments: Sequence[str], env: Mapping[str, str], cwd: Path
    ) -> Future[subprocess.CompletedProcess[str]]:
        """The run of ``mtg-conformance <arguments>`` with exactly ``env``, in ``cwd``."""
        return self._pool.submit(self._run, list(arguments), dict(env), cwd)

    def _run(self, arguments: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
        server = self._free.get()
        try:
            assert server.stdin is not None and server.stdout is not None
            request = {"arguments": arguments, "env": env, "cwd": str(cwd)}
            server.stdin.write(json.dumps(request).encode() + b"\n")
            server.stdin.flush()
            line = server.stdout.readline()
            if not line:
                raise RuntimeError(f"the command server ended (exit {server.wait()})")
        finally:
            self._free.put(server)
        reply = json.loads(line)
        return subprocess.CompletedProcess(
            ["mtg-conformance", *arguments], reply["status"], reply["stdout"], reply["stderr"]
        )

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
        for server in self._all:
            assert server.stdin is not None
            server.stdin.close()
        for server in self._all:
            server.wait(timeout=30)


@contextmanager
def command_servers(workers: int, env: Mapping[str, str], cwd: Path) -> Iterator[CommandServers]:
    servers = CommandServers(workers, env, cwd)
    try:
        yield servers
    finally:
        servers.close()
