"""An engine whose words are hostile to every reader: its name, version and every error message carry
terminal escape sequences, other control characters, HTML, Markdown links and images, and a lone
UTF-16 surrogate.

    python tests/fake_engines/markup.py

Otherwise it plays like the reference engine, behind the wire protocol, except that it refuses
every action (``perform``) with one of those messages: so each scenario that acts ends as ERROR
with the engine's words in every report, the terminal and the transcripts.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.wire import PROTOCOL_VERSION

#: What a reader must never take for markup or a control sequence.
PAYLOADS = (
    "\x1b[2J\x1b[31m",  # clear the screen, red
    "\x1b]0;owned\x07",  # set the terminal's title
    "\x9b6n",  # an 8-bit CSI: where is the cursor?
    "\r\x08\x00\x7f",
    "\u202e\u2066",  # right-to-left override, isolate: text shown other than it is
    "<script>alert(1)</script>",
    "[click](javascript:alert(1))",
    "![t](http://127.0.0.1:9/x.png)",
    '<img src=x onerror="alert(1)">',
    "www.example.invalid **bold** `code` | cell |",
    "\ud800",  # a lone surrogate: no UTF-8 encoding
)
HOSTILE_TEXT = " ".join(PAYLOADS)


def send(message: dict[str, Any]) -> None:
    # ensure_ascii: the lone surrogate travels as the JSON escape \ud800, as a real engine's would
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    engine = ReferenceEngine()
    for line in sys.stdin:
        request = json.loads(line)
        op, number = request["op"], request["id"]
        if op == "handshake":
            described = {**engine.describe(), "protocol": PROTOCOL_VERSION}
            send({"id": number, "result": {**described, "name": f"Markup {HOSTILE_TEXT}", "version": HOSTILE_TEXT}})
        elif op == "stop":
            send({"id": number, "result": {}})
            return
        elif op == "setup":
            send({"id": number, "result": engine.setup(request["position"])})
        elif op == "perform":
            send({"id": number, "error": {"message": f"refused: {HOSTILE_TEXT}"}})
        elif op == "observe":
            send({"id": number, "result": engine.observe()})


if __name__ == "__main__":
    main()
