"""Transcripts: what an engine was asked and what it answered in a scenario that did not pass,
and their replay against an engine (``--transcripts DIR``, ``mtg-conformance replay FILE``).

A transcript is JSON lines.  The first line says what it is::

    {"transcript": {"scenario": "mana/could_produce.feature::...", "outcome": "FAIL",
                    "message": "...", "engine": {"spec": "...", "name": "...", ...}, "suite": "0.1.0"}}

then each request as the wire protocol writes it and the engine's reply, in order::

    {"id": 1, "op": "setup", "position": {...}}
    {"id": 1, "result": {"accepted": true}}
    {"id": 2, "op": "perform", "action": {...}}
    {"id": 2, "error": {"message": "the engine exited (status 3) before answering perform"}}

An engine in another process got exactly these requests (each with the id its runner gave it);
an engine in Python got the same calls.  :func:`replay` sends the requests again, in order, to an
engine started afresh and lists, for each reply, every difference in what the contract defines and
the suite observes (:mod:`oracle.suite.answers`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from oracle.contract.defaults import in_canonical_order, with_defaults
from oracle.contract.interface import JSON, Engine
from oracle.contract.outcomes import EngineFailure, printable
from oracle.contract.validation import errors as schema_errors
from oracle.contract.wire import MAX_LINE, WireError, decode
from oracle.errors import UserError
from oracle.files import MAX_TRANSCRIPT, read_input, write_whole
from oracle.version import __version__

from .answers import contract_view, differences, schema_of


class Recording(Engine):
    """An engine that keeps every request it passes on and every reply, as wire messages."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.messages: list[JSON] = []

    def describe(self) -> JSON:
        return self.engine.describe()

    def setup(self, position: JSON) -> JSON:
        return self._call({"op": "setup", "position": position}, lambda: self.engine.setup(position))

    def perform(self, action: JSON) -> JSON:
        return self._call({"op": "perform", "action": action}, lambda: self.engine.perform(action))

    def observe(self) -> JSON:
        return self._call({"op": "observe"}, self.engine.observe)

    def close(self) -> None:
        self.engine.close()

    def _call(self, request: JSON, call: Callable[[], JSON]) -> Any:
        number = len(self.messages) // 2 + 1
        self.messages.append(_copy({"id": number, **request}))
        try:
            result = call()
        except EngineFailure as failure:
            self.messages.append(
                {"id": number, "error": {"message": str(failure).splitlines()[0] if str(failure) else ""}}
            )
            raise
        self.messages.append({"id": number, "result": _copy(result)})
        return result


#: Where the harness keeps a scenario's :class:`Recording` (on its pytest item), for the results plugin.
RECORDING = pytest.StashKey[Recording]()


def _copy(data: Any) -> Any:
    """The message as it stands now (the engine may change its own objects later)."""
    return json.loads(json.dumps(data))


def transcript_name(scenario_id: str) -> str:
    """``mana/could_produce.feature::Exotic Orchard ...`` -> ``mana-could_produce--exotic-orchard-....jsonl``."""
    feature, _, name = scenario_id.partition("::")
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:80]
    return f"{feature.removesuffix('.feature').replace('/', '-')}--{slug}.jsonl"


def write_transcript(folder: Path, header: JSON, messages: list[JSON]) -> Path:
    """Write one scenario's transcript into ``folder``; return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / transcript_name(header["scenario"])
    lines = [{"transcript": {**header, "suite": __version__}}, *messages]
    write_whole(path, "".join(json.dumps(m, ensure_ascii=False) + "\n" for m in lines))
    return path


def read_transcript(path: Path) -> tuple[JSON, list[tuple[JSON, JSON]]]:
    """The header and the (request, reply) pairs of a transcript.  A transcript may have been edited by
    hand, so each line is read within the wire's limits (:data:`~oracle.contract.wire.MAX_LINE`,
    :data:`~oracle.contract.wire.MAX_DEPTH`), each request must fit ``request.schema.json`` and each
    reply ``reply.schema.json``: anything else is a one-line :class:`UserError` naming the file and line."""
    data = read_input(path, MAX_TRANSCRIPT, "transcript")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UserError(f"{path}: not a transcript (not UTF-8 text: byte {exc.start})") from None
    lines: list[tuple[int, Any]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if len(line) > MAX_LINE:
            raise UserError(f"{path}: line {number}: not a transcript line (longer than {MAX_LINE} characters)")
        try:
            lines.append((number, decode(line)))
        except WireError as exc:
            raise UserError(f"{path}: line {number}: not a transcript line ({printable(exc, 160)})") from None
    if not lines or not isinstance(lines[0][1], dict) or not isinstance(lines[0][1].get("transcript"), dict):
        raise UserError(f'{path}: not a transcript (its first line is not {{"transcript": ...}})')
    pairs = []
    messages = lines[1:]
    for index in range(0, len(messages), 2):
        number, request = messages[index]
        where = f"{path}: line {number}"
        if not isinstance(request, dict) or request.get("op") not in ("setup", "perform", "observe"):
            raise UserError(f"{where} is not a setup, perform or observe request")
        problems = schema_errors(request, "request.schema.json")
        if problems:
            raise UserError(
                f"{where}: the {request['op']} request breaks request.schema.json: {printable(problems[0])}"
            )
        if index + 1 >= len(messages):
            raise UserError(f"{where}: the request has no reply after it")
        reply_number, reply = messages[index + 1]
        problems = schema_errors(reply, "reply.schema.json")
        if problems:
            raise UserError(
                f"{path}: line {reply_number}: the reply breaks reply.schema.json: {printable(problems[0])}"
            )
        if reply["id"] != request["id"]:
            raise UserError(f"{path}: line {reply_number}: the reply is to request {reply['id']}, not {request['id']}")
        pairs.append((request, reply))
    return lines[0][1]["transcript"], pairs


def replay(pairs: list[tuple[JSON, JSON]], engine: Engine) -> Iterator[tuple[JSON, JSON, list[str]]]:
    """Send each request again; yield (request, reply now, every difference from the recorded one).

    Only what the contract defines and the suite observes is compared (:mod:`oracle.suite.answers`).
    An error replaces a result, never the other way round silently: once the engine failed, the
    requests after it are not sent (the engine that failed is gone)."""
    for request, recorded in pairs:
        try:
            if request["op"] == "setup":
                now: JSON = {"result": engine.setup(request["position"])}
            elif request["op"] == "perform":
                now = {"result": engine.perform(request["action"])}
            else:
                now = {"result": engine.observe()}
        except EngineFailure as failure:
            now = {"error": {"message": str(failure).splitlines()[0] if str(failure) else ""}}
        yield request, now, _differences(request["op"], recorded, now)
        if "error" in now:
            return


def _differences(op: str, recorded: JSON, now: JSON) -> list[str]:
    if ("error" in recorded) != ("error" in now):
        was = "an error" if "error" in recorded else "a result"
        return [f"was {was}, is {'an error: ' + now['error']['message'] if 'error' in now else 'a result'}"]
    if "error" in now:
        return []  # both failed; the words of an error may differ
    schema = schema_of(op)
    was, is_ = recorded["result"], now["result"]
    if op == "observe":  # what the contract leaves open is no difference: defaults, free orders
        was, is_ = (in_canonical_order(with_defaults(o, nulls=False)) for o in (was, is_))
    return differences(contract_view(was, schema), contract_view(is_, schema), absent_is_null=op == "observe")
