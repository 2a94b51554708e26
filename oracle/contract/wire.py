"""Lines on the wire: the limits, bounded reading, and strict decoding of one message.

Both sides of :mod:`oracle.contract.protocol` read lines written by a program they don't trust,
so nothing here can be made to hang, to keep unbounded memory or to raise anything but
:class:`WireError`:

* a line longer than :data:`MAX_LINE` bytes is never kept: it is skipped and reported;
* a message must be UTF-8 JSON (no ``NaN`` or ``Infinity``) nested at most :data:`MAX_DEPTH` deep;
* a time limit must be a number of seconds above 0 and at most :data:`MAX_TIMEOUT`.
"""

from __future__ import annotations

import json
import math
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
        message = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise WireError(f"it is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise WireError(f"it is not JSON ({exc})") from None
    if _depth(message) > MAX_DEPTH:
        raise WireError(f"it is nested deeper than {MAX_DEPTH} levels")
    return message


def encode(message: Any) -> str:
    """One line of JSON (ASCII only, so any reader can take it), ending with a newline."""
    return json.dumps(message, separators=(",", ":"), allow_nan=False) + "\n"


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


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
