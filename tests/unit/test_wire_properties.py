"""Properties of the wire, checked with Hypothesis on generated input: decoding any line gives a message or
a WireError and nothing else; reading lines never keeps more than the limit; and ``serve`` answers any
line with exactly one reply in schema, and goes on (10,000 generated requests, most of them plausible)."""

from __future__ import annotations

import io
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.outcomes import printable
from oracle.contract.serve import RESULT_SCHEMAS, serve
from oracle.contract.validation import errors
from oracle.contract.wire import MAX_DEPTH, MAX_TIMEOUT, WireError, check_timeout, decode, encode, read_lines
from oracle.errors import UserError

ROOT = Path(__file__).resolve().parents[2]
#: Reproducible in CI: the same examples on every run, and no example database left in the checkout.
STEADY = settings(derandomize=True, database=None, deadline=None)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


@STEADY
@given(st.binary(max_size=200) | st.integers(0, 3000).map(lambda n: b"[" * n + b"]" * n))
def test_decoding_any_bytes_gives_a_message_or_a_wire_error(line: bytes) -> None:
    try:
        message = decode(line)
    except WireError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert encode(message).endswith("\n")  # what decodes is a JSON value within the limits


@STEADY
@given(json_values)
def test_encoding_then_decoding_gives_the_message_back(message: Any) -> None:
    line = encode(message)
    assert line.count("\n") == 1 and line.isascii()
    assert decode(line.encode("ascii")) == message


@STEADY
@given(st.integers(1, 200))
def test_nesting_is_refused_past_the_limit(depth: int) -> None:
    line = "[" * depth + "]" * depth
    if depth <= MAX_DEPTH:
        assert isinstance(decode(line), list)
    else:
        with pytest.raises(WireError, match="nested deeper"):
            decode(line)


@STEADY
@given(st.lists(st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"")), max_size=10), st.integers(1, 30))
def test_reading_lines_drops_each_line_past_the_limit_and_keeps_the_rest(lines: list[bytes], limit: int) -> None:
    stream = io.BytesIO(b"".join(line + b"\n" for line in lines))
    assert list(read_lines(stream, limit)) == [line if len(line) <= limit else None for line in lines]


@STEADY
@given(st.floats() | st.text(max_size=10))
def test_a_time_limit_is_a_finite_number_of_seconds_above_zero(value: float | str) -> None:
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if 0 < number <= MAX_TIMEOUT:
        assert check_timeout(value) == number
    else:
        with pytest.raises(UserError):
            check_timeout(value)


@STEADY
@given(st.text(), st.integers(1, 400))
def test_a_printable_message_is_one_short_line_any_file_can_hold(text: str, limit: int) -> None:
    line = printable(text, limit)
    assert "\n" not in line and line.isprintable() and len(line) <= limit + 1
    line.encode("utf-8")


# -- serve: any line in, exactly one reply in schema out, and the server goes on ---------------------

NAMES = ["Alice", "Bob"]
CARDS = sorted(ReferenceEngine().cards.cards)
REFS = [f"r{i}" for i in range(6)]
STEPS = ["upkeep", "draw", "precombat-main", "precombat-main", "beginning-of-combat", "end", "untap"]
#: Small values of every JSON type, cheap to draw: where a request holds something of the wrong type.
odd_values: st.SearchStrategy[Any] = st.sampled_from(
    [None, True, 0, -1, 1.5, "", "x", [], {}, [1, "a"], {"a": None}, {"players": []}]
)

card_entries = st.builds(
    lambda card, ref, tapped: {"card": card, "ref": ref, **({"tapped": tapped} if tapped is not None else {})},
    st.sampled_from(CARDS) | st.sampled_from(["", "No Such Card"]),
    st.sampled_from(REFS),
    st.sampled_from([None, True, False]),
)
players = st.builds(
    lambda name, life, pool, hand, battlefield: {
        "name": name,
        **({"life": life} if life is not None else {}),
        **({"mana_pool": pool} if pool else {}),
        "hand": [{"card": c["card"], "ref": c["ref"]} for c in hand],
        "battlefield": battlefield,
    },
    st.sampled_from(NAMES),
    st.sampled_from([None, 20, 1, 0, -3]),
    st.dictionaries(st.sampled_from("WUBRGC"), st.integers(0, 4), max_size=3),
    st.lists(card_entries, max_size=2),
    st.lists(card_entries, max_size=3),
)


def _position(players: list[dict[str, Any]], number: int, active: str, step: str, tidy: bool) -> dict[str, Any]:
    """A position; ``tidy``: the players named apart and each card given its own ref, as a scenario would."""
    if tidy:
        refs = iter(REFS * 3)
        for player, name in zip(players, NAMES, strict=True):
            player["name"] = name
            for zone in ("hand", "battlefield"):
                for entry in player[zone]:
                    entry["ref"] = next(refs)
    return {"players": players, "turn": {"number": number, "active_player": active, "step": step}}


positions = (
    st.builds(
        _position,
        st.lists(players, min_size=2, max_size=2),
        st.integers(1, 4),
        st.sampled_from(NAMES),
        st.sampled_from(STEPS),
        st.sampled_from([True, True, True, False]),
    )
    | odd_values
)
actions = st.one_of(
    st.builds(
        lambda player, source, ability: {"type": "activate", "player": player, "source": source, "ability": ability},
        st.sampled_from(NAMES),
        st.sampled_from(REFS),
        st.integers(0, 3),
    ),
    st.builds(
        lambda player, card, x: {"type": "cast", "player": player, "card": card, **({"x": x} if x else {})},
        st.sampled_from(NAMES),
        st.sampled_from(REFS),
        st.integers(0, 2),
    ),
    st.builds(lambda player: {"type": "pass", "player": player}, st.sampled_from(NAMES)),
    st.builds(
        lambda player, choice: {"type": "choose", "player": player, "choice": choice},
        st.sampled_from(NAMES),
        odd_values,
    ),
    odd_values,
)
ids: st.SearchStrategy[Any] = st.integers(-3, 10**6) | st.sampled_from([None, True, "1", 1.5, [], {}])
requests = st.one_of(
    st.builds(lambda i, p: {"id": i, "op": "setup", "position": p}, ids, positions),
    st.builds(lambda i, a: {"id": i, "op": "perform", "action": a}, ids, actions),
    st.builds(lambda i: {"id": i, "op": "observe"}, ids),
    st.builds(lambda i: {"id": i, "op": "handshake", "protocol": "1.0"}, ids),
    st.builds(
        lambda i, op, key, value: {"id": i, "op": op, key: value},
        ids,
        st.sampled_from(["observe", "Setup", "", "stopp", "perform", "handshake", "setup"]),
        st.sampled_from(["position", "action", "protocol", "extra"]),
        odd_values,
    ),
    json_values,
).map(lambda r: encode(r).encode("ascii")[:-1])
request_lines = st.one_of(
    requests,
    requests,
    requests,
    requests,
    st.binary(max_size=40).map(lambda b: b.replace(b"\n", b"")),
    st.integers(60, 2000).map(lambda n: b'{"id":1,"op":"setup","position":' + b"[" * n + b"]" * n + b"}"),
    st.sampled_from([b"\xff\xfe", b'{"id":1,"op":"observe"', b"NaN", b'{"id":1e999,"op":"observe"}', b"[]", b"null"]),
)
LINES_PER_SESSION = 50
SESSIONS = 200


def check_replies(lines: list[bytes], output: bytes) -> None:
    replies = output.decode("ascii").splitlines()
    assert len(replies) == len(lines), (len(replies), len(lines))
    for line, text in zip(lines, replies, strict=True):
        reply = json.loads(text)
        assert errors(reply, "reply.schema.json") == [], (line[:200], text[:300])
        try:
            request = decode(line)
        except WireError:
            request = None
        if "result" in reply:
            assert errors(request, "request.schema.json") == []
            assert reply["id"] == request["id"]
            schema = RESULT_SCHEMAS.get(request["op"])
            assert schema is None or errors(reply["result"], schema) == [], reply


def test_serve_answers_10000_generated_requests_each_once_in_schema() -> None:
    engine = ReferenceEngine()  # one engine for every session: the server must go on
    seen = []

    @settings(STEADY, max_examples=SESSIONS, suppress_health_check=list(HealthCheck))
    @given(st.lists(request_lines, min_size=LINES_PER_SESSION, max_size=LINES_PER_SESSION))
    def session(lines: list[bytes]) -> None:
        lines = [_not_blank_nor_stop(line) for line in lines]
        output = io.BytesIO()
        serve(engine, io.BytesIO(b"\n".join(lines) + b"\n"), output)
        check_replies(lines, output.getvalue())
        seen.append(len(lines))

    session()
    assert sum(seen) == LINES_PER_SESSION * SESSIONS == 10_000


def _not_blank_nor_stop(line: bytes) -> bytes:
    """A blank line gets no reply and "stop" ends the session: each becomes another request."""
    if not line.strip():
        return b"{}"
    try:
        request = decode(line)
    except WireError:
        return line
    if errors(request, "request.schema.json") == [] and request["op"] == "stop":
        return b'{"id":0,"op":"observe"}'
    return line


def test_serve_in_its_own_process_survives_hostile_lines_and_stops_when_asked() -> None:
    hostile = [
        b"\xff\xfe not UTF-8",
        b"[1, 2]",
        b'{"id": 2, "op": "setup", "position": 5}',
        b'{"id": 3, "op": "perform", "action": "tap everything"}',
        b'{"id": 4, "op": "observe", "extra": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        b'{"id": 5, "op": "setup", "position": "' + b"x" * (5 << 20) + b'"}',
        b'{"id": NaN, "op": "observe"}',
        b'{"id": 6, "op": "setup", "position": {"players": [{"name": "Alice", "hand": [{"card": "No Such Card", '
        b'"ref": "x"}]}, {"name": "Bob"}], "turn": {"number": 1, "active_player": "Alice", "step": "upkeep"}}}',
        b'{"id": 7, "op": "handshake", "protocol": "1.0"}',
    ]
    stop = b'{"id": 8, "op": "stop"}'
    result = subprocess.run(
        [sys.executable, "-m", "oracle", "serve"],
        input=b"\n".join([*hostile, stop, b'{"id": 9, "op": "observe"}']) + b"\n",
        capture_output=True,
        timeout=300,
        cwd=ROOT,
    )
    assert result.returncode == 0 and result.stderr == b"", result.stderr[-2000:]
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["id"] for r in replies] == [None, None, 2, 3, None, None, None, 6, 7, 8]  # nothing after stop
    assert all(errors(r, "reply.schema.json") == [] for r in replies)
    assert ["error" in r for r in replies] == [True] * 7 + [False, False, False]
    assert "not UTF-8" in replies[0]["error"]["message"]
    assert "longer than" in replies[5]["error"]["message"]
    assert "nested deeper" in replies[4]["error"]["message"]
    assert replies[7]["result"]["accepted"] is False  # the engine refuses a card it does not know
    assert errors(replies[8]["result"], "handshake.schema.json") == []
