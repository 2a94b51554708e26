"""The benchmark's comparisons with an earlier commit of the project (issue 27's baseline, b50fe23).

Both sides run side by side in one benchmark run, taking turns, in new processes of this
Python: the earlier commit's tree is taken from the local git history (``git archive``, nothing
downloaded) into a temporary folder and put first on the child's import path, so that
``import oracle`` there is that commit's package (each child checks it and stops loudly if it is
not); the current side is this checkout, the same way.

* :func:`engine_replay`: the calls the suite's scenarios send the reference engine, recorded
  from the current suite by :class:`tests.benchmark.RecordingEngine`, replayed through both
  commits' engines (in-process, no schema checks); every ``perform`` timed, the median of each
  side over the actions both replay (the scenarios whose position both engines accept: cards
  and rules added since the earlier commit are refused there, and said how many).
* :func:`explorer`: ``mtg-conformance explore --engine reference`` with a fixed seed and
  number of examples on both commits: examples per second, peak memory, and the share of the
  current side's time spent in engine calls (every call the explorer makes to either engine
  through its ``Side``, timed in the child); and, for information, the command's start-up (the
  same with one example), which the figures above include.
"""

from __future__ import annotations

import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.benchmark_tools import peak_memory

ROOT = Path(__file__).resolve().parents[1]
#: The commit issue 27 measures the engine and the explorer against.
BASELINE = "b50fe23"

#: Run in a child with the side's tree first on sys.path: replays calls.json, prints each perform's time.
REPLAY_CHILD = r"""
import gc, json, sys, time
tree, calls_file = sys.argv[1], sys.argv[2]
import oracle
if not oracle.__file__.startswith(tree):
    raise SystemExit(f"replay: imported oracle from {oracle.__file__}, not from {tree}")
from oracle.adapters.reference import ReferenceEngine
engine = ReferenceEngine()
results = []
for calls in json.loads(open(calls_file, encoding="utf-8").read()):
    gc.collect()
    accepted, times = True, []
    for method, argument in calls:
        try:
            if method == "setup":
                accepted = bool(engine.setup(argument).get("accepted"))
            elif method == "perform":
                start, cpu = time.perf_counter(), time.process_time()
                engine.perform(argument)
                times.append((time.perf_counter() - start, time.process_time() - cpu))
            else:
                engine.observe()
        except Exception as exc:  # the earlier engine may not know what a newer scenario sends
            accepted = False
            break
        if not accepted:
            break
    results.append({"accepted": accepted, "performs": times})
print(json.dumps(results))
"""

#: Run in a child with the side's tree first on sys.path: the explore command, with every call
#: the explorer makes to an engine timed; writes the figures as JSON to the file named last.
EXPLORE_CHILD = r"""
import json, sys, time
tree, out = sys.argv[1], sys.argv[2]
import oracle
if not oracle.__file__.startswith(tree):
    raise SystemExit(f"explore: imported oracle from {oracle.__file__}, not from {tree}")
from oracle.suite.explore import engines
timed = {"calls": 0, "seconds": 0.0}
call = engines.Side.call
def timed_call(self, op, *args):
    start = time.perf_counter()
    try:
        return call(self, op, *args)
    finally:
        timed["calls"] += 1
        timed["seconds"] += time.perf_counter() - start
engines.Side.call = timed_call
from oracle.suite.cli import main
sys.argv = ["mtg-conformance", *sys.argv[3:]]
start = time.perf_counter()
try:
    code = main()
except SystemExit as exc:
    code = exc.code
timed["total"] = time.perf_counter() - start
timed["code"] = code
with open(out, "w", encoding="utf-8") as file:
    json.dump(timed, file)
"""


def baseline_tree(folder: Path, commit: str = BASELINE) -> Path:
    """The tree of ``commit``, from the local git history, extracted into ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit], capture_output=True, check=False
    )
    if archive.returncode != 0:
        raise SystemExit(f"benchmark: git archive {commit} failed: {archive.stderr.decode().strip()[:300]}")
    tree = folder / f"tree-{commit}"
    tree.mkdir()
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(tree, filter="data")
    return tree


def side_env(tree: Path) -> dict[str, str]:
    """This environment, with ``tree`` first on the import path and nothing pointing elsewhere."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "MTG_CONFORMANCE_ROOT")}
    env["PYTHONPATH"] = str(tree)
    return env


def _replay_once(tree: Path, script: Path, calls: Path) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, str(script), str(tree), str(calls)],
        capture_output=True,
        text=True,
        env=side_env(tree),
        cwd=tree,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"benchmark: the replay on {tree} exited with {done.returncode}: {done.stderr[-400:]}")
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


def engine_replay(recorded: list[list[tuple[str, Any]]], folder: Path, old: Path, rounds: int) -> dict[str, Any]:
    """Both engines on the same recorded calls, ``rounds`` times each, taking turns; for each
    ``perform`` both sides replay, its best time over the rounds; the medians of those."""
    calls = folder / "replay-calls.json"
    calls.write_text(json.dumps(recorded), encoding="utf-8")
    script = folder / "replay_child.py"
    script.write_text(REPLAY_CHILD, encoding="utf-8")
    runs: dict[str, list[list[dict[str, Any]]]] = {"current": [], "baseline": []}
    for _ in range(rounds):
        runs["current"].append(_replay_once(ROOT, script, calls))
        runs["baseline"].append(_replay_once(old, script, calls))
    both = [
        i
        for i in range(len(recorded))
        if all(run[i]["accepted"] for side in runs.values() for run in side)
        and len({len(run[i]["performs"]) for side in runs.values() for run in side}) == 1
    ]
    figures: dict[str, Any] = {"scenarios": len(recorded), "replayed": len(both)}
    for side, side_runs in runs.items():
        best = [
            (min(run[i]["performs"][k][0] for run in side_runs), min(run[i]["performs"][k][1] for run in side_runs))
            for i in both
            for k in range(len(side_runs[0][i]["performs"]))
        ]
        figures[side] = {
            "performs": len(best),
            "wall": statistics.median(b[0] for b in best) if best else float("nan"),
            "cpu": statistics.median(b[1] for b in best) if best else float("nan"),
        }
    return figures


def explorer(
    folder: Path, old: Path, rounds: int, examples: int, seed: int, child: Callable[..., Any]
) -> dict[str, dict[str, Any]]:
    """``explore --engine reference`` on both commits, ``rounds`` times each, taking turns: the best
    wall and CPU time of each side, its peak memory (a run of its own), and the share of the current side's best
    run spent in engine calls.  ``child`` is the benchmark's :class:`~tests.benchmark.Child`."""
    script = folder / "explore_child.py"
    script.write_text(EXPLORE_CHILD, encoding="utf-8")
    found: dict[str, dict[str, Any]] = {side: {"runs": [], "timed": []} for side in ("current", "baseline")}
    for round_number in range(rounds):
        for side, tree in (("current", ROOT), ("baseline", old)):
            out = folder / f"explore-{side}-{round_number}"
            timings = folder / f"explore-{side}-{round_number}.json"
            command = [sys.executable, str(script), str(tree), str(timings), "explore", "--engine", "reference"]
            command += ["--seed", str(seed), "--examples", str(examples), "--out", str(out)]
            found[side]["runs"].append(child(command, tree, side_env(tree), ok=(0, 1))())
            found[side]["timed"].append(json.loads(timings.read_text(encoding="utf-8")))
            first = [sys.executable, "-m", "oracle", "explore", "--engine", "reference", "--seed", str(seed)]
            first += ["--examples", "1", "--out", str(folder / f"explore-{side}-{round_number}-first")]
            found[side].setdefault("startups", []).append(child(first, tree, side_env(tree), ok=(0, 1))()[0])
    for side, tree in (("current", ROOT), ("baseline", old)):
        command = [sys.executable, "-m", "oracle", "explore", "--engine", "reference", "--seed", str(seed)]
        command += ["--examples", str(examples), "--out", str(folder / f"explore-{side}-peak")]
        found[side]["peak"] = peak_memory(command, tree, side_env(tree))
    for side in found.values():
        runs = side["runs"]
        best = min(range(len(runs)), key=lambda i: runs[i][0])
        timed = side["timed"][best]
        side.update(
            wall=runs[best][0],
            cpu=min(r[1] for r in runs),
            share=timed["seconds"] / timed["total"] if timed["total"] else 0.0,
            calls=timed["calls"],
            startup=min(side["startups"]),
        )
    return found
