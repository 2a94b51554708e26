"""The client's reading of an engine's output as its bytes arrive (:class:`LineReader`), and the bound on
nesting that decoding takes from a line's brackets before any walk: each gives what reading lines
from a stream and walking every decoded message gave, whatever the pieces the bytes arrive in."""

from __future__ import annotations

import json
import os
import select
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.contract.wire import MAX_DEPTH, LineReader, WireError, _depth, _shallow, decode

STEADY = settings(derandomize=True, database=None, deadline=None)


def _read_all(pieces: list[bytes], limit: int | None = None) -> list[bytes | str | None]:
    """What a reader makes of ``pieces`` written one after the other, then the end of the output:
    each line, ``"too long"`` for a :class:`WireError`, and ``None`` for the end."""
    read_end, write_end = os.pipe()
    reader = LineReader(os.fdopen(read_end, "rb", buffering=0))
    if limit is not None:
        reader.limit = limit
    taken: list[bytes | str | None] = []

    def drain() -> None:
        while reader.found:
            line = reader.take()
            taken.append("too long" if isinstance(line, WireError) else line)

    for piece in pieces:
        os.write(write_end, piece)
        while select.select([read_end], [], [], 0)[0]:  # every byte written so far is read
            reader.wait(1.0)
        drain()
    os.close(write_end)
    while not reader.ended:
        reader.wait(1.0)
    drain()
    taken.append(reader.take())
    return taken


def test_lines_come_whole_whatever_the_pieces_they_arrive_in() -> None:
    assert _read_all([b'{"id": 1}\n{"id"', b": 2}\n", b"last"]) == [b'{"id": 1}', b'{"id": 2}', b"last", None]


def test_a_line_longer_than_the_limit_is_reported_at_once_and_never_kept() -> None:
    found = _read_all([b"x" * 40, b"y" * 40, b"z" * 40 + b"\nshort\n"], limit=64)
    assert found == ["too long", b"short", None]


def test_a_long_line_ending_in_one_piece_is_reported_too() -> None:
    assert _read_all([b"a" * 100 + b"\nok\n"], limit=64) == ["too long", b"ok", None]


@STEADY
@given(st.lists(st.binary(max_size=30), max_size=8), st.integers(4, 40))
def test_reading_pieces_gives_the_lines_of_the_whole(pieces: list[bytes], limit: int) -> None:
    whole = b"".join(pieces)
    expected: list[bytes | str | None] = []
    lines = whole.split(b"\n")
    for index, line in enumerate(lines):
        last = index == len(lines) - 1
        if last and not line:
            break
        expected.append("too long" if len(line) > limit else line)
    expected.append(None)
    assert _read_all(pieces, limit=limit) == expected


json_values = st.recursive(
    st.none() | st.integers() | st.text(alphabet='[]{}"\\ab'),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\k', max_size=4), inner, max_size=3)
    ),
    max_leaves=30,
)


@STEADY
@given(json_values, st.integers(0, 90), st.booleans())
def test_a_line_the_brackets_call_shallow_is_never_too_deep(message: Any, wrap: int, in_objects: bool) -> None:
    for _ in range(wrap):
        message = {"[": message, "}": ["]"]} if in_objects else [message, "{"]
    text = json.dumps(message)
    if _shallow(text):
        assert _depth(message) <= MAX_DEPTH
    assert (_depth(message) > MAX_DEPTH) == _raises(text)


def _raises(text: str) -> bool:
    try:
        decode(text)
    except WireError:
        return True
    return False
