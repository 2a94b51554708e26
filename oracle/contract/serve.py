"""The engine's side of the wire protocol: :func:`serve` puts any :class:`~oracle.contract.Engine`
on a pair of streams (``mtg-conformance serve`` does it for the reference engine).

Whatever arrives, the server answers each line with exactly one reply line that validates
against ``reply.schema.json``, and goes on: a line that is not UTF-8, not JSON, too long, nested
too deep or out of ``request.schema.json``, an engine that raises, or a result out of the
schema of its operation, each gets an error reply naming the cause.  Only "stop" and the end
of the input end it.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import IO, Any

from .interface import JSON, Engine
from .outcomes import printable
from .validation import errors as schema_errors
from .wire import MAX_LINE, PROTOCOL_VERSION, WireError, decode, encode, read_lines

#: The schema each operation's result must meet (stop's result is always ``{}``).
RESULT_SCHEMAS = {
    "handshake": "handshake.schema.json",
    "setup": "outcome.schema.json",
    "perform": "outcome.schema.json",
    "observe": "observation.schema.json",
}


class Server:
    """Turns request lines into reply lines for one engine; :attr:`stopped` once asked to stop."""

    def __init__(self, engine: Engine) -> None:
        self.stopped = False
        self.operations: dict[str, Callable[[JSON], Any]] = {
            "handshake": lambda r: {**engine.describe(), "protocol": PROTOCOL_VERSION},
            "setup": lambda r: engine.setup(r["position"]),
            "perform": lambda r: engine.perform(r["action"]),
            "observe": lambda r: engine.observe(),
            "stop": lambda r: {},
        }

    def handle(self, line: bytes | str | None) -> str:
        """The reply (one line of JSON with its newline) to one request line; ``None`` stands for a
        line that was too long to read."""
        request_id: int | None = None
        op = "the request"
        try:
            if line is None:
                raise WireError(f"the line is longer than {MAX_LINE} bytes")
            request = decode(line)
            if isinstance(request, dict) and type(request.get("id")) is int:
                request_id = request["id"]
            problems = schema_errors(request, "request.schema.json")
            if problems:
                return _error(request_id, f"bad request: it breaks request.schema.json: {problems[0]}")
            op = request["op"]
            result = self.operations[op](request)
            schema = RESULT_SCHEMAS.get(op)
            problems = schema_errors(result, schema) if schema else []
            if problems:
                return _error(request_id, f"the engine's answer to {op} breaks {schema}: {problems[0]}")
            reply = encode({"id": request_id, "result": result})
        except WireError as exc:
            return _error(request_id, f"bad request: {exc}")
        except Exception as exc:  # the engine behind the server may raise anything: it must not end the server
            return _error(request_id, f"the engine could not do {op}: {type(exc).__name__}: {exc}")
        self.stopped = op == "stop"
        return reply


def _error(request_id: int | None, message: str) -> str:
    return encode({"id": request_id, "error": {"message": printable(message)}})


def serve(engine: Engine, stdin: IO[bytes] | IO[str], stdout: IO[bytes] | IO[str]) -> None:
    """Answer requests from ``stdin`` on ``stdout`` (binary or text streams) until "stop" or the end of
    the input; a reader that went away ends it quietly."""
    server = Server(engine)
    text = isinstance(stdout, io.TextIOBase)
    for line in read_lines(stdin):  # type: ignore[misc]
        if line is not None and not line.strip():
            continue
        reply = server.handle(line)
        try:
            stdout.write(reply if text else reply.encode("ascii"))  # type: ignore[arg-type]
            stdout.flush()
        except (BrokenPipeError, ValueError):
            return
        if server.stopped:
            return
