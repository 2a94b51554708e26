"""The wire protocol: the adapter contract as newline-delimited JSON over an engine's stdin and stdout.

One request at a time; each request is one line, each reply one line (see
``oracle/contract/schemas/README.md`` for an example of each, and ``request.schema.json``,
``reply.schema.json`` and ``handshake.schema.json`` beside it)::

    -> {"id": 1, "op": "handshake", "protocol": "1.0", "suite": "0.1.0"}
    <- {"id": 1, "result": {"name": "oracle", "version": "0.1.0", "protocol": "1.0",
                            "contract": "1.2.0", "capabilities": ["casting", ...]}}
    -> {"id": 2, "op": "setup", "position": {...}}        <- {"id": 2, "result": {"accepted": true}}
    -> {"id": 3, "op": "perform", "action": {...}}        <- {"id": 3, "result": {"accepted": true}}
    -> {"id": 4, "op": "observe"}                         <- {"id": 4, "result": {...observation...}}
    -> {"id": 5, "op": "stop"}                            <- {"id": 5, "result": {}}

An engine that can't do a request answers ``{"id": n, "error": {"message": "..."}}``.
:func:`serve` speaks the engine's side for any :class:`~oracle.contract.Engine`;
:class:`SubprocessEngine` speaks the runner's side to a command it starts without a shell.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
from collections import deque
from collections.abc import Callable
from typing import IO, Any, NoReturn

from oracle.errors import UserError
from oracle.version import __version__

from .interface import JSON, Engine
from .outcomes import EngineFailure, EngineTimeout
from .validation import errors as schema_errors

PROTOCOL_VERSION = "1.0"
DEFAULT_TIMEOUT = 5.0


def serve(engine: Engine, stdin: IO[str], stdout: IO[str]) -> None:
    """Answer requests from ``stdin`` on ``stdout`` until "stop" or end of input."""
    handlers: dict[str, Callable[[JSON], Any]] = {
        "handshake": lambda r: {**engine.describe(), "protocol": PROTOCOL_VERSION},
        "setup": lambda r: engine.setup(r["position"]),
        "perform": lambda r: engine.perform(r["action"]),
        "observe": lambda r: engine.observe(),
        "stop": lambda r: {},
    }
    for line in stdin:
        if not line.strip():
            continue
        request: JSON = {}
        try:
            request = json.loads(line)
            reply: JSON = {"id": request["id"], "result": handlers[request["op"]](request)}
        except (ValueError, KeyError, TypeError) as exc:
            reply = {
                "id": request.get("id") if isinstance(request, dict) else None,
                "error": {"message": f"bad request: {exc}"},
            }
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
        if request.get("op") == "stop":
            return


class SubprocessEngine(Engine):
    """An engine in another process, started from a command line (split like a shell would, never run
    by one).  Nothing it prints is executed: its output is parsed as JSON and checked against the schemas.

    A crash, a hang, garbage or an out-of-schema reply raises :class:`EngineFailure` (or
    :class:`EngineTimeout`) for the current scenario; the process is then restarted for the next one.
    """

    def __init__(self, command: str, timeout: float = DEFAULT_TIMEOUT, validate_wire: bool = False) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as exc:
            raise UserError(f"engine command {command!r} can't be split: {exc}") from None
        if not self.argv:
            raise UserError("engine command is empty: use 'cmd:<command line>'")
        self.command = command
        self.timeout = timeout
        self.validate_wire = validate_wire
        self.process: subprocess.Popen[str] | None = None
        self.replies: queue.Queue[str | None] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=20)
        self.next_id = 0
        self.description: JSON | None = None

    # -- the process ----------------------------------------------------------------

    def _start(self) -> None:
        try:
            self.process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as exc:
            raise UserError(f"engine command {self.command!r} can't be started: {exc.strerror}") from None
        self.replies = queue.Queue()
        self.stderr.clear()
        threading.Thread(target=_read_lines, args=(self.process.stdout, self.replies), daemon=True).start()
        threading.Thread(target=_keep_tail, args=(self.process.stderr, self.stderr), daemon=True).start()
        self.description = self._request({"op": "handshake", "protocol": PROTOCOL_VERSION, "suite": __version__})
        self._check_handshake(self.description)

    def _check_handshake(self, description: JSON) -> None:
        problems = schema_errors(description, "handshake.schema.json")
        if problems:
            self._fail(f"its handshake breaks handshake.schema.json: {problems[0]}")
        spoken = str(description["protocol"])
        if spoken.split(".")[0] != PROTOCOL_VERSION.split(".")[0]:
            self.close()
            raise EngineFailure(
                f"engine {description['name']} speaks protocol {spoken}; this runner speaks {PROTOCOL_VERSION}"
            )

    def _fail(self, reason: str, timeout: bool = False) -> NoReturn:
        tail = " | ".join(list(self.stderr)[-5:])
        self.close()
        error = EngineTimeout if timeout else EngineFailure
        raise error(f"{reason}" + (f"; its stderr ended: {tail}" if tail else "; it wrote nothing on stderr"))

    def _request(self, request: JSON) -> Any:
        if self.process is None or self.process.poll() is not None:
            self.process = None
            if request["op"] != "handshake":
                self._start()
        assert self.process is not None and self.process.stdin is not None
        self.next_id += 1
        message = {"id": self.next_id, **request}
        if self.validate_wire:
            self._validate(message, "request.schema.json", "the runner's request")
        try:
            self.process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            self.process.stdin.flush()
        except OSError:
            self._fail(f"the engine closed its input before the {request['op']} request")
        try:
            line = self.replies.get(timeout=self.timeout)
        except queue.Empty:
            self._fail(f"no answer to the {request['op']} request within {self.timeout:g} s", timeout=True)
        if line is None:
            self._fail(f"the engine exited (status {self.process.wait()}) before answering {request['op']}")
        try:
            reply = json.loads(line)
        except ValueError:
            self._fail(f"it printed something that is not JSON: {line[:80]!r}")
        self._validate(reply, "reply.schema.json", f"the engine's reply to {request['op']}")
        if reply["id"] != message["id"]:
            self._fail(f"it answered request {reply['id']} instead of {message['id']}")
        if "error" in reply:
            self._fail(f"it could not do {request['op']}: {reply['error']['message']}")
        return reply["result"]

    def _validate(self, message: Any, schema: str, what: str) -> None:
        problems = schema_errors(message, schema)
        if problems:
            self._fail(f"{what} breaks {schema}: {problems[0]}; message: {json.dumps(message)[:160]}")

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
        process, self.process = self.process, None
        if process is None:
            return
        try:
            if process.poll() is None and process.stdin is not None:
                process.stdin.write(json.dumps({"id": 0, "op": "stop"}) + "\n")
                process.stdin.flush()
                process.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired, ValueError):
            pass
        if process.poll() is None:
            process.kill()
            process.wait()


def _read_lines(stream: IO[str] | None, lines: queue.Queue[str | None]) -> None:
    """Hand each line the engine prints to the runner; None once its output ends."""
    assert stream is not None
    for line in stream:
        lines.put(line.rstrip("\n"))
    lines.put(None)


def _keep_tail(stream: IO[str] | None, tail: deque[str]) -> None:
    """Keep the engine's last stderr lines, to quote when it fails."""
    assert stream is not None
    for line in stream:
        tail.append(line.rstrip("\n"))
