"""A protocol-speaking engine that misbehaves on purpose, to test how the runner copes.

    python tests/fake_engines/fake.py MODE

MODE is ``crash`` (exits while setting up), ``hang`` (never answers an action), ``garbage``
(prints something that is not JSON when observed), ``schema`` (answers an observation out of
schema), ``old-protocol`` (claims protocol 0.9 at the handshake) or ``honest`` (behaves).
Otherwise it answers like the reference engine.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.protocol import PROTOCOL_VERSION


def main(mode: str) -> None:
    engine = ReferenceEngine()
    for line in sys.stdin:
        request = json.loads(line)
        op = request["op"]
        result: object
        if op == "handshake":
            result = {**engine.describe(), "protocol": "0.9" if mode == "old-protocol" else PROTOCOL_VERSION}
        elif op == "setup" and mode == "crash":
            print("fake engine: segmentation fault while building the position", file=sys.stderr, flush=True)
            sys.exit(3)
        elif op == "perform" and mode == "hang":
            print("fake engine: thinking forever", file=sys.stderr, flush=True)
            time.sleep(3600)
            return
        elif op == "observe" and mode == "garbage":
            print("<html>this is not JSON</html>", flush=True)
            continue
        elif op == "observe" and mode == "schema":
            result = {"players": "none"}
        elif op == "setup":
            result = engine.setup(request["position"])
        elif op == "perform":
            result = engine.perform(request["action"])
        elif op == "observe":
            result = engine.observe()
        else:
            print(json.dumps({"id": request["id"], "result": {}}), flush=True)
            return
        print(json.dumps({"id": request["id"], "result": result}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
