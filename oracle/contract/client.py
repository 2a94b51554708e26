"""The runner's side of the wire protocol: :class:`SubprocessEngine` drives an engine in another process.

The engine is a program nobody vouched for, so the client guarantees, whatever it does:

* every request has a time limit, and so do writing to it and waiting for it to exit;
* every line it prints is bounded (:data:`~oracle.contract.wire.MAX_LINE`), and so is the end of
  its stderr kept to quote (:data:`STDERR_LINES` times :data:`STDERR_WIDTH` bytes);
* invalid UTF-8, garbage or deep nesting is an :class:`EngineFailure`, never a dead reader thread;
* it runs in its own process group, and ending it ends the group: children that keep its pipes
  open die with it, at :meth:`close`, at the runner's exit, and on SIGTERM or SIGINT to the runner;
  so do its descendants that left the group, and it dies with the runner, even a SIGKILLed one
  (:mod:`~oracle.contract.lifetime` says how, and what it can't catch);
* an engine that crashes between two requests of one scenario fails that scenario; only a new
  scenario (its ``setup``) starts a new engine.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import queue
import select
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import IO, Any, NoReturn

from oracle.errors import UserError
from oracle.version import __version__

from .cards import export_file
from .interface import JSON, Engine
from .lifetime import all_of_this_runner, end_descendants, end_marked, new_mark, spawn
from .outcomes import EngineFailure, EngineTimeout, printable
from .validation import errors as schema_errors
from .wire import DEFAULT_TIMEOUT, PROTOCOL_VERSION, LineReader, WireError, check_timeout, decode, encode

STDERR_LINES = 20
STDERR_WIDTH = 300
#: Seconds an engine has to exit after "stop" before its process group is killed.
STOP_GRACE = 1.0


class Terminated(KeyboardInterrupt):
    """The runner got SIGTERM or SIGINT: unwind like Ctrl-C, so that every engine is stopped on the way out."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"signal {signum}")
        self.signum = signum


_RECEIVED: list[int] = []
#: Set while signals are deferred (:func:`signals_deferred`).
_DEFERRING: list[bool] = []
#: Whether this process ends its children at its exit (the command does).
_OWNING: list[int] = []


def end_engines_on_signals(own_descendants: bool = False) -> None:
    """Turn SIGTERM, SIGINT and SIGHUP into :class:`Terminated` (in the main thread, where nobody else
    handles them); with ``own_descendants`` (the command, whose every child is the run's), also end
    every child the process still has at its exit (:func:`~oracle.contract.lifetime.end_descendants`)."""
    if own_descendants and not _OWNING:
        _OWNING.append(os.getpid())
        atexit.register(end_descendants)
        atexit.register(_stop_all)  # last in, first out: the engines are asked to stop first
    if threading.current_thread() is not threading.main_thread():
        return
    defaults = ((signal.SIGTERM, signal.SIG_DFL), (signal.SIGINT, signal.default_int_handler))
    for signum, default in (*defaults, (signal.SIGHUP, signal.SIG_DFL)):  # SIGHUP: its terminal closed
        if signal.getsignal(signum) == default:
            signal.signal(signum, _terminate)


def received_signals() -> list[int]:
    """The signals that interrupted this runner so far, in order."""
    return list(_RECEIVED)


#: What a second interruption says: the first is being honoured, and the report is still written.
ALREADY_STOPPING = b"mtg-conformance: already stopping, writing what ran; interrupt once more to stop without it\n"


def _terminate(signum: int, frame: object) -> None:
    """The first signal stops the run (:class:`Terminated`); a second one, which comes while the run
    winds down and writes what ran (a second Ctrl-C), is noted and said, not raised, so that the
    report of what ran is still written; a third stops at once."""
    _RECEIVED.append(signum)
    if _DEFERRING or len(_RECEIVED) == 2:
        if os.getpid() in _OWNING:  # said once, by the command, not by each of its workers
            os.write(2, ALREADY_STOPPING)
        return
    raise Terminated(signum)


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Within it (the reports of a run being written), a signal is noted and said, not raised, so
    the files are written whole; one that came is raised as :class:`Terminated` once they are."""
    before = len(_RECEIVED)
    _DEFERRING.append(True)
    try:
        yield
    finally:
        _DEFERRING.pop()
    if before == 0 and _RECEIVED:  # the run had ended whole: the signal still ends the command
        raise Terminated(_RECEIVED[0])


def exit_status(code: int) -> str:
    """``3`` -> "status 3"; ``-11`` -> "signal 11 (SIGSEGV)"."""
    if code >= 0:
        return f"status {code}"
    try:
        return f"signal {-code} ({signal.Signals(-code).name})"
    except ValueError:
        return f"signal {-code}"


class _Process:
    """One run of the engine's program: its process group, pipes and the threads reading them."""

    def __init__(self, argv: list[str], command: str) -> None:
        self.mark = new_mark()
        try:
            self.popen = spawn(argv, self.mark)  # its own process group, marked, dying with the runner
        except OSError as exc:
            raise UserError(f"engine command {command!r} can't be started: {exc.strerror}") from None
        _LIVE.add(self)
        assert self.popen.stdin is not None and self.popen.stdout is not None and self.popen.stderr is not None
        self.stdin = self.popen.stdin
        os.set_blocking(self.stdin.fileno(), False)
        self.output = LineReader(self.popen.stdout)
        self.stderr = b""  # the end of its stderr, at most STDERR_LINES * STDERR_WIDTH bytes
        self.stderr_done = threading.Event()
        threading.Thread(target=self._read_stderr, args=(self.popen.stderr,), daemon=True).start()

    def _read_stderr(self, stream: IO[bytes]) -> None:
        """Keep only the end of what it writes on stderr: a flood costs no memory and little time."""
        try:
            while chunk := stream.read1(1 << 16):  # type: ignore[attr-defined]
                self.stderr = (self.stderr + chunk)[-STDERR_LINES * STDERR_WIDTH :]
        except (OSError, ValueError):
            pass
        finally:
            self.stderr_done.set()
            stream.close()

    def alive(self) -> bool:
        return self.popen.poll() is None

    def send(self, line: str, timeout: float) -> bool:
        """Write one line within ``timeout``; False if the engine doesn't take it (closed or full input)."""
        data = line.encode("ascii")
        try:
            fd = self.stdin.fileno()
            data = data[os.write(fd, data) :]  # a request fits in the pipe: no wait, as a rule
        except BlockingIOError:
            pass
        except (OSError, ValueError):  # closed (EPIPE), or its end of the pipe is gone
            return False
        if not data:
            return True
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        while data:
            try:
                if not poller.poll(timeout * 1000):
                    return False
                data = data[os.write(fd, data) :]
            except BlockingIOError:
                continue
            except (OSError, ValueError):  # closed (EPIPE), or its end of the pipe is gone
                return False
        return True

    def receive(self, timeout: float) -> bytes | WireError | None:
        """The next line it prints, or None once it exited or its output ended; :class:`queue.Empty`
        after ``timeout``.  Its exit is noticed even if a child it left holds the pipe open."""
        deadline = time.monotonic() + timeout
        output = self.output
        while True:
            if output.ready():
                return output.take()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise queue.Empty
            if not output.wait(min(remaining, 0.1)) and not self.alive():
                self._end_leftovers()
                last = time.monotonic() + 1.0  # a line still on its way, or the end
                while not output.ready() and output.wait(last - time.monotonic()):
                    pass
                return output.take() if output.ready() else None

    def wait_exit(self, timeout: float) -> int | None:
        """Its exit status once it has exited (None if it is still running after ``timeout``)."""
        try:
            code = self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        self._end_leftovers()
        self.stderr_done.wait(timeout=0.5)  # let its last words reach the tail
        return code

    def _end_leftovers(self) -> None:
        """Once the engine has exited, kill what it left in its process group.  What it wrote is in
        its pipes already and is still read to the end; but a child holding a pipe open would keep
        that end from coming, and the reads above would wait their whole bound for it.  Nothing is
        lost: an engine that exited is stopped, group and all, before anything else is asked of it."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.popen.pid, signal.SIGKILL)

    def tail(self) -> str:
        """Its last few stderr lines, to quote when it fails."""
        lines = [line for line in self.stderr.decode("utf-8", "replace").splitlines() if line.strip()]
        quoted = " | ".join(printable(line, STDERR_WIDTH) for line in lines[-5:])
        return "; its stderr ended: " + quoted if quoted else "; it wrote nothing on stderr"

    def stop(self, grace: float = 0.0) -> None:
        """End its whole process group (after asking it to stop and waiting ``grace`` seconds); reap it."""
        if grace and self.alive() and self.send(encode({"id": 0, "op": "stop"}), timeout=0.1):
            self.wait_exit(grace)
        try:
            os.killpg(self.popen.pid, signal.SIGKILL)  # the group: the engine and whatever it started
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.popen.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - a process that ignores SIGKILL
            pass
        end_marked(self.mark)  # whatever it started that left its group (setsid) and still runs
        try:
            self.stdin.close()
        except OSError:
            pass
        self.output.close()
        _LIVE.discard(self)


#: Every engine process not yet stopped (kept alive here so that the exit handler finds it).
_LIVE: set[_Process] = set()


@atexit.register
def _stop_all() -> None:
    """Whatever happened, no engine outlives the runner."""
    for process in list(_LIVE):
        process.stop()
    end_marked(all_of_this_runner())


class SubprocessEngine(Engine):
    """An engine in another process, started from a command line (split like a shell would, never run
    by one).  Nothing it prints is executed: its output is parsed as JSON and checked against the schemas.

    A crash, a hang, garbage or an out-of-schema reply raises :class:`EngineFailure` (or
    :class:`EngineTimeout`) for the current scenario; the next scenario starts the engine afresh.
    """

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT, validate_wire: bool = False) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as exc:
            raise UserError(f"engine command {command!r} can't be split: {exc}") from None
        if not self.argv:
            raise UserError("engine command is empty: use 'cmd:<command line>'")
        self.command = command
        self.timeout = check_timeout(timeout)
        self.validate_wire = validate_wire
        self.process: _Process | None = None
        self.next_id = 0
        self.last_op = ""
        self.description: JSON | None = None

    # -- the process ----------------------------------------------------------------

    def _start(self) -> None:
        self._end(grace=0)
        self.process = _Process(self.argv, self.command)
        self.last_op = ""
        cards = str(export_file())
        description = self._request(
            {"op": "handshake", "protocol": PROTOCOL_VERSION, "suite": __version__, "cards": cards}
        )
        problems = schema_errors(description, "handshake.schema.json")
        if problems:
            self._fail(f"its handshake breaks handshake.schema.json: {problems[0]}")
        spoken = description["protocol"]
        if spoken.split(".")[0] != PROTOCOL_VERSION.split(".")[0]:
            self._fail(
                f"it speaks protocol {printable(spoken, 20)}; this runner speaks {PROTOCOL_VERSION}", quote=False
            )
        self.description = description

    def _fail(self, reason: str, timeout: bool = False, quote: bool = True) -> NoReturn:
        process = self.process
        tail = process.tail() if process is not None and quote else ""
        self._end(grace=0)  # no more chances: its group is killed at once
        error = EngineTimeout if timeout else EngineFailure
        raise error(reason + tail)

    def _request(self, request: JSON) -> Any:
        op = request["op"]
        if op == "setup" and (self.process is None or not self.process.alive()):
            self._start()  # a new scenario: a fresh engine if the last one ended
        process = self.process
        if process is None:
            raise EngineFailure(f"the engine was stopped by an earlier failure; it can't do {op}")
        if op == "setup":
            self.last_op = ""  # a new scenario
        if op != "handshake" and not process.alive():
            self._fail(self._exited(op, process.wait_exit(self.timeout)))
        self.next_id += 1
        message = {"id": self.next_id, **request}
        if self.validate_wire:
            self._validate(message, "request.schema.json", "the runner's request")
        if not process.send(encode(message), self.timeout):
            status = process.wait_exit(self.timeout)
            if status is None:
                self._fail(f"it does not read its input: the {op} request could not be sent within {self.timeout:g} s")
            self._fail(self._exited(op, status))
        try:
            line = process.receive(self.timeout)
        except queue.Empty:
            self._fail(f"no answer to the {op} request within {self.timeout:g} s", timeout=True)
        if line is None:
            status = process.wait_exit(min(self.timeout, STOP_GRACE))
            if status is None:
                self._fail(f"it closed its output before answering {op} but kept running")
            self._fail(self._exited(op, status))
        if isinstance(line, WireError):
            self._fail(f"its answer to {op} is not a protocol message: {line}")
        try:
            reply = decode(line)
        except WireError as exc:
            self._fail(f"its answer to {op} is not a protocol message: {exc}: {printable(line, 80)}")
        self._validate(reply, "reply.schema.json", f"the engine's reply to {op}")
        if reply["id"] != message["id"]:
            self._fail(f"it answered request {printable(reply['id'], 40)} instead of {message['id']}")
        if "error" in reply:
            self._fail(f"it could not do {op}: {printable(reply['error']['message'])}")
        self.last_op = op
        return reply["result"]

    def _exited(self, op: str, status: int | None) -> str:
        """Why the engine can't answer ``op``: it exited, maybe right after answering the request before."""
        after = f" after answering {self.last_op} and" if self.last_op and self.last_op != "handshake" else ""
        return f"the engine exited ({exit_status(status or 0)}){after} before answering {op}"

    def _validate(self, message: Any, schema: str, what: str) -> None:
        problems = schema_errors(message, schema)
        if problems:
            self._fail(f"{what} breaks {schema}: {printable(problems[0])}; message: {printable(encode(message), 160)}")

    # -- the contract -----------------------------------------------------------------

    def describe(self) -> JSON:
        if self.description is None:
            self._start()
        assert self.description is not None
        return {k: v for k, v in self.description.items() if k != "protocol"}

    def setup(self, position: JSON) -> JSON:
        result: JSON = self._request({"op": "setup", "position": position})
        return result

    def perform(self, action: JSON) -> JSON:
        result: JSON = self._request({"op": "perform", "action": action})
        return result

    def observe(self) -> JSON:
        result: JSON = self._request({"op": "observe"})
        return result

    def close(self) -> None:
        """Stop the engine: asked to stop, it has :data:`STOP_GRACE` seconds before its group is killed."""
        self._end(STOP_GRACE)

    def _end(self, grace: float) -> None:
        process, self.process = self.process, None
        if process is not None:
            process.stop(grace)
