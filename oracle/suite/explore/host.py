"""``python -m oracle.suite.explore.host SPEC``: any engine the registry loads, on the wire protocol.

The explorer runs the engine under test here, in a process of its own, so that a crash or a
hang of that engine ends one request and not the exploration.  Anything the engine itself
writes on standard output goes to standard error, to keep the protocol's lines clean.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from oracle.contract.protocol import serve
from oracle.errors import UserError
from oracle.registry import load_engine


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m oracle.suite.explore.host SPEC", file=sys.stderr)
        return 2
    protocol = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # the engine's own prints, native code's too
    sys.stdout = sys.stderr
    try:
        engine = load_engine(args[0])
    except UserError as exc:
        print(f"host: error: {exc}", file=sys.stderr)
        return 2
    serve(engine, sys.stdin, protocol)
    return 0


if __name__ == "__main__":  # pragma: no cover - run as a child process
    sys.exit(main())
