"""Engines that misbehave on purpose, each in one way, to show that the runner's verdicts stay honest.

    python tests/fake_engines/hostile.py MODE

Each mode is one misbehaviour the runner must survive (see :data:`MODES`); otherwise the engine
answers like the reference engine.  ``chaos`` picks a misbehaviour per scenario (from a hash of
its position, so the same scenario always gets the same one) and is honest in three of five.

With ``MTG_HOSTILE_PIDS`` set to a folder, every process of the engine (and any child it starts)
leaves a file named after its pid there, so that a test can check that none outlives the run.
With ``MTG_HOSTILE_HANG_AT`` set to N, the engine behaves until its N-th setup, then writes the
file ``hanging`` in that folder and hangs.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.wire import PROTOCOL_VERSION

#: Each mode, and what the engine then does (the op at which it starts misbehaving).
MODES = {
    "honest": "behaves",
    "exit-at-once": "exits with status 1 before reading anything, saying nothing",
    "missing-library": "dies like a program whose shared library is missing (status 127, the loader's words)",
    "old-protocol": "claims protocol 0.9 at the handshake",
    "handshake-exit": "exits with status 3 when asked for the handshake",
    "silent": "never answers the handshake",
    "handshake-garbage": "answers the handshake with a line that is not JSON",
    "handshake-schema": "answers the handshake out of handshake.schema.json",
    "handshake-nested": "answers the handshake with JSON nested 100,000 deep",
    "no-capabilities": "declares no capability at all",
    "crash": "exits with status 3 while setting up, after a word on stderr",
    "crash-between": "answers setup, then exits with status 5 before the next request",
    "hang": "never answers perform",
    "close-stdout": "closes its output at setup and keeps running",
    "garbage": "answers observe with a line that is not JSON",
    "schema": "answers observe out of observation.schema.json",
    "deep": "answers observe with JSON nested 100,000 deep",
    "long-line": "answers observe with a 256 MiB line",
    "invalid-utf8": "answers observe with bytes that are not UTF-8",
    "stderr-garbage": "writes invalid UTF-8 and 64 MiB without a newline on stderr, then crashes at setup",
    "stderr-flood": "writes 64 MiB on stderr while answering correctly",
    "surrogate": "refuses perform with a message holding a lone surrogate and an escape sequence",
    "wrong-id": "answers perform with another request's id",
    "children": "starts a child holding its pipes open, then exits with status 4 at setup",
    "stubborn": "ignores SIGTERM and the stop request",
}
#: What chaos draws from for a scenario: a misbehaviour, or None (honest), by a hash of its position.
CHAOS = [
    "crash",
    "crash-between",
    "hang",
    "close-stdout",
    "garbage",
    "schema",
    "deep",
    "long-line",
    "invalid-utf8",
    "surrogate",
    "wrong-id",
    "children",
] + [None] * 18


def out(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def reply(request: dict[str, Any], result: Any) -> None:
    out(json.dumps({"id": request["id"], "result": result}).encode() + b"\n")


def say(text: str) -> None:
    print(f"hostile engine: {text}", file=sys.stderr, flush=True)


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def record_pid() -> None:
    folder = os.environ.get("MTG_HOSTILE_PIDS")
    if folder:
        Path(folder, str(os.getpid())).touch()


def hang() -> None:
    while True:
        time.sleep(3600)


def misbehave(mode: str | None, op: str, request: dict[str, Any]) -> bool:
    """Do the mode's misbehaviour if it is due at ``op``; False if the request is to be answered honestly."""
    if mode == "crash" and op == "setup":
        say("segmentation fault while building the position")
        sys.exit(3)
    if mode == "close-stdout" and op == "setup":
        os.close(sys.stdout.fileno())
        hang()
    if mode == "stderr-garbage" and op == "setup":
        sys.stderr.buffer.write(b"\xff\xfe broken \xc3(\n" + b"x" * (64 << 20) + b"\nhostile engine: giving up\n")
        sys.stderr.buffer.flush()
        sys.exit(6)
    if mode == "children" and op == "setup":
        subprocess.Popen([sys.executable, __file__, "child"])  # inherits stdin, stdout and stderr
        say("leaving a child behind")
        sys.exit(4)
    if mode == "hang" and op == "perform":
        say("thinking forever")
        hang()
    if mode == "surrogate" and op == "perform":
        message = "bad \ud800 action \x1b[31m" + "!" * 5000
        out(json.dumps({"id": request["id"], "error": {"message": message}}).encode() + b"\n")
        return True
    if mode == "wrong-id" and op == "perform":
        reply({"id": request["id"] + 7}, {"accepted": True})
        return True
    if mode == "garbage" and op == "observe":
        out(b"<html>this is not JSON</html>\n")
        return True
    if mode == "schema" and op == "observe":
        reply(request, {"players": "none"})
        return True
    if mode == "deep" and op == "observe":
        out(b'{"id":' + str(request["id"]).encode() + b',"result":' + nested(100_000) + b"}\n")
        return True
    if mode == "long-line" and op == "observe":
        chunk = b"x" * (1 << 20)
        for _ in range(256):
            out(chunk)
        out(b"\n")
        return True
    if mode == "invalid-utf8" and op == "observe":
        out(b'{"id":' + str(request["id"]).encode() + b',"result":"\xff\xfe"}\n')
        return True
    return False


def handshake(mode: str, request: dict[str, Any], engine: ReferenceEngine) -> None:
    described = {**engine.describe(), "protocol": PROTOCOL_VERSION}
    if mode == "handshake-exit":
        say("cannot initialise the rules database")
        sys.exit(3)
    if mode == "silent":
        hang()
    if mode == "handshake-garbage":
        out(b"Welcome to HostileEngine 1.0!\n")
    elif mode == "handshake-nested":
        out(b'{"id":' + str(request["id"]).encode() + b',"result":' + nested(100_000) + b"}\n")
    else:
        if mode == "old-protocol":
            described["protocol"] = "0.9"
        if mode == "handshake-schema":
            described["capabilities"] = "all of them"
        if mode == "no-capabilities":
            described["capabilities"] = []
        reply(request, described)


def main(mode: str) -> None:
    record_pid()
    if mode == "child":
        hang()
    if mode == "exit-at-once":
        sys.exit(1)
    if mode == "missing-library":
        print(
            "hostile-engine: error while loading shared libraries: libmtg.so.1: "
            "cannot open shared object file: No such file or directory",
            file=sys.stderr,
        )
        sys.exit(127)
    if mode == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if mode == "stderr-flood":
        sys.stderr.buffer.write(b"y" * (32 << 20) + b"\n" + b"flood\n" * (32 << 17))
        sys.stderr.buffer.flush()
    engine = ReferenceEngine()
    setups = 0
    current: str | None = mode
    for line in sys.stdin.buffer:
        request = json.loads(line)
        op = request["op"]
        if op == "handshake":
            handshake(mode, request, engine)
            continue
        if op == "stop":
            if mode != "stubborn":
                reply(request, {})
                return
            continue
        if op == "setup":
            setups += 1
            if setups == int(os.environ.get("MTG_HOSTILE_HANG_AT", "0")):
                Path(os.environ["MTG_HOSTILE_PIDS"], "hanging").touch()
                hang()
            if mode == "chaos":
                current = CHAOS[zlib.crc32(json.dumps(request["position"], sort_keys=True).encode()) % len(CHAOS)]
        if misbehave(current, op, request):
            continue
        if op == "setup":
            reply(request, engine.setup(request["position"]))
            if current == "crash-between":
                say("crashed right after setting up")
                sys.exit(5)
        elif op == "perform":
            reply(request, engine.perform(request["action"]))
        elif op == "observe":
            reply(request, engine.observe())


if __name__ == "__main__":
    main(sys.argv[1])
