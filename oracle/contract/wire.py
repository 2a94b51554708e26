"""Lines on the wire: the limits, bounded reading, and strict decoding of one message.

Both sides of :mod:`oracle.contract.protocol` read lines written by a program they don't trust,
so nothing here can be made to hang, to keep unbounded memory or to raise anything but
:class:`WireError`:

* a line longer than :data:`MAX_LINE` bytes is never kept: it is skipped and reported (by
  :func:`read_lines` from a stream, by :class:`LineReader` from a pipe as its bytes arrive);
* a message must be UTF-8 JSON (no ``NaN`` or ``Infinity``) nested at most :data:`MAX_DEPTH` deep;
* a time limit must be a number of seconds above 0 and at most :data:`MAX_TIMEOUT`.
"""

from __future__ import annotations

import json
import math
import os
import re
import select
from collections.abc import Iterator
from typing import IO, Any, AnyStr

from oracle.errors import UserError

#: 1.1 added the card export's path to the handshake request ("cards").
PROTOCOL_VERSION = "1.1"
#: Seconds an engine has to answer one request, unless ``--engine-timeout`` says otherwise.
DEFAULT_TIMEOUT = 5.0
MAX_TIMEOUT = 86_400.0
#: The longest line either side reads (bytes); a real observation is a few kilobytes.
MAX_LINE = 4 * 1024 * 1024
#: The deepest nesting of arrays and objects in one message; a real one is under ten.
MAX_DEPTH = 64


class WireError(ValueError):
    """A line that is not one protocol message; the text says why, in a few words."""


def check_timeout(value: object) -> float:
    """``value`` as a time limit in seconds, or a :class:`~oracle.errors.UserError` saying why not.

    >>> check_timeout("2.5")
    2.5
    >>> check_timeout("nan")
    Traceback (most recent call last):
    oracle.errors.UserError: engine timeout 'nan' must be a number of seconds above 0 and at most 86400
    """
    try:
        seconds = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        seconds = math.nan
    if not (0 < seconds <= MAX_TIMEOUT):  # also false for NaN
        raise UserError(f"engine timeout {value!r} must be a number of seconds above 0 and at most {MAX_TIMEOUT:g}")
    return seconds


def read_lines(stream: IO[AnyStr], limit: int = MAX_LINE) -> Iterator[AnyStr | None]:
    """Each line of ``stream`` without its newline, until the end of the stream; ``None`` stands
    for a line longer than ``limit``, whose rest is then read and dropped, never kept whole."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if line[-1:] in (b"\n", "\n"):
            yield line[:-1]
        elif len(line) <= limit:
            yield line  # the last line, with no newline before the end
        else:
            yield None  # at once: the reader need not wait for the rest of the line
            while line and line[-1:] not in (b"\n", "\n"):
                line = stream.readline(limit)


class LineReader:
    """An engine's standard output, read by the runner's own thread as lines arrive (the client's).

    Whole lines of at most :data:`~oracle.contract.wire.MAX_LINE` bytes are taken one at a time; a
    longer one is never kept: it becomes one :class:`WireError` at once and the rest of it is dropped
    as it comes.  Once the output ended (or could not be read), :meth:`take` gives ``None``.
    Reading here rather than in a thread of its own spares each request two thread switches.
    """

    CHUNK = 1 << 16

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        self.fd = stream.fileno()
        self.poller = select.poll()
        self.poller.register(self.fd, select.POLLIN)
        self.buffer = bytearray()
        self.found: list[bytes | WireError] = []  # complete lines not yet taken, in order
        self.skipping = False  # in the middle of a line too long to keep
        self.ended = False
        self.limit = MAX_LINE

    def ready(self) -> bool:
        """Whether :meth:`take` has something to give: a line, an error, or the end."""
        return bool(self.found) or self.ended

    def take(self) -> bytes | WireError | None:
        return self.found.pop(0) if self.found else None

    def wait(self, seconds: float) -> bool:
        """Read what arrives within ``seconds``; False if nothing did (or nothing more can)."""
        if self.ended or seconds <= 0:
            return False
        try:
            if not self.poller.poll(seconds * 1000):
                return False
            chunk = os.read(self.fd, self.CHUNK)
        except (OSError, ValueError) as exc:  # a pipe closed under us
            self.found.append(WireError(f"its output could not be read: {exc}"))
            self._end()
            return True
        if not chunk:
            if self.buffer and not self.skipping:
                self.found.append(bytes(self.buffer))  # the last line, with no newline before the end
            self._end()
            return True
        self._split(chunk)
        return True

    def _split(self, chunk: bytes) -> None:
        start = 0
        while True:
            newline = chunk.find(b"\n", start)
            if newline < 0:
                break
            if self.skipping:
                self.skipping = False
            elif len(self.buffer) + newline - start > self.limit:
                self.found.append(WireError("its line is longer than the limit"))
            else:
                self.buffer += chunk[start:newline]
                self.found.append(bytes(self.buffer))
            self.buffer.clear()
            start = newline + 1
        if not self.skipping:
            self.buffer += chunk[start:]
            if len(self.buffer) > self.limit:  # at once: the reader need not wait for the rest of the line
                self.found.append(WireError("its line is longer than the limit"))
                self.buffer.clear()
                self.skipping = True

    def _end(self) -> None:
        self.buffer.clear()
        self.ended = True
        self.close()

    def close(self) -> None:
        try:
            self.stream.close()
        except OSError:
            pass


def decode(line: bytes | str) -> Any:
    """One message from one line; :class:`WireError` if it is not UTF-8 JSON within the limits."""
    if isinstance(line, bytes):
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise WireError(f"it is not UTF-8 (byte {exc.start} is {line[exc.start]:#04x})") from None
    else:
        text = line
    try:
        message = _DECODER.decode(text)
    except RecursionError:
        raise WireError(f"it is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise WireError(f"it is not JSON ({exc})") from None
    if not _shallow(text) and _depth(message) > MAX_DEPTH:
        raise WireError(f"it is nested deeper than {MAX_DEPTH} levels")
    return message


def encode(message: Any) -> str:
    """One line of JSON (ASCII only, so any reader can take it), ending with a newline."""
    return _ENCODER.encode(message) + "\n"


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


#: One encoder for every message, and one decoder for every line (``json.loads`` with an option makes a new one each time).
_ENCODER = json.JSONEncoder(separators=(",", ":"), allow_nan=False)
_DECODER = json.JSONDecoder(parse_constant=_no_constant)


#: A JSON string, escapes included (the text is known to be JSON when this is used).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
#: Everything in JSON text outside strings that is not a bracket.
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


def _shallow(text: str) -> bool:
    """Whether JSON ``text`` surely nests at most :data:`MAX_DEPTH` deep, from its brackets alone.

    With fewer than :data:`MAX_DEPTH` brackets it can't be deeper.  Otherwise the brackets outside
    strings are kept and innermost pairs removed, a round at a time: a round lowers the nesting by
    one or two levels, so text emptied in ``MAX_DEPTH // 2`` rounds is at most :data:`MAX_DEPTH` deep.
    False means "maybe deeper": :func:`_depth` then walks the decoded message.  A few microseconds
    where the walk takes a hundred for an observation.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return True
    brackets = _NOT_BRACKETS.sub("", _STRING.sub("", text))
    for _ in range(MAX_DEPTH // 2):
        if not brackets:
            return True
        brackets = brackets.replace("{}", "").replace("[]", "")
    return not brackets


def _depth(message: Any) -> int:
    """How deep arrays and objects nest (0 for a scalar), without recursion, stopping past the limit."""
    deepest = 0
    stack = [(message, 1)]
    while stack:
        value, level = stack.pop()
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest
