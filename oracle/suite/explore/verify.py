"""A scenario the explorer found is written only once it passes on the reference engine.

A written scenario states what the reference engine does; if the reference engine itself does not
pass it (an action both engines rejected written as legal, a Then step that reads the observation
otherwise than the explorer did), it would accuse every engine of a fault of the explorer's.  So
each one is run first exactly as its reader will run it, ``mtg-conformance run --features FILE
--engine <the reference>``, in a process of its own, and only a run that passes is written; any
other is dropped and counted in ``exploration.json`` with why.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from oracle.files import write_whole

#: Seconds one check may take (a start of the command and one scenario), a guard against a hang.
CHECK_TIME = 300


def fails_on_the_reference(text: str, against: str, timeout: float, scratch: Path | None = None) -> str:
    """Why the scenario ``text`` (a .feature file's) does not pass on ``against``; "" when it passes.
    It is written for the check in a temporary folder of the system's (``scratch``, where given),
    never inside the output folder: a check killed midway leaves no unchecked scenario there for a
    later ``run --features`` to find."""
    with tempfile.TemporaryDirectory(prefix="mtg-conformance-check-", dir=scratch) as folder:
        path = write_whole(Path(folder) / "found.feature", text)
        command = [sys.executable, "-m", "oracle", "run", "--features", str(path), "--engine", against, "-v"]
        if against.startswith("cmd:"):
            command.append(f"--engine-timeout={timeout}")
        environment = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, errors="replace", timeout=CHECK_TIME, env=environment
            )
        except subprocess.TimeoutExpired:
            return f"its run on {against} did not end within {CHECK_TIME} s"
    if done.returncode == 0:
        return ""
    lines = [line.strip() for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    said = [line for line in lines if line.startswith(("observed:", "mtg-conformance: error:"))]
    return f"on {against} it ended with status {done.returncode}" + (f": {said[0]}" if said else "")
