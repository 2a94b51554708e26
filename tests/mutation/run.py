"""Mutation testing of the reference engine's rule modules by the Gherkin scenarios.

    python tests/mutation/run.py [MODULE ...] [--show] [--max-children N]

runs mutmut 3 (configured in pyproject.toml's ``[tool.mutmut]``: only ``oracle/harness/scenarios.py``, the
scenarios, run against a mutant, so a mutant is killed only when a scenario fails) over each
rule module of ``oracle/engine/`` named (``sba``, ``production``, ...; all of them by default),
one module at a time, then prints per module the mutants made, killed (a scenario failed, or the
suite did not finish in time), the equivalent ones listed in ``tests/mutation/equivalent.toml``
with their reasons, and the survivors (those in code no scenario reaches counted apart).  The score is killed / (made - equivalent); it exits 1 if
a module scores under 90 % or a listed equivalent mutant no longer exists.  ``--show`` prints
each survivor's diff.  ``tox -e mutation -- sba`` runs it; tests/mutation/SUMMARY.md reports it.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from fnmatch import fnmatch
from pathlib import Path

from oracle.toml import read_toml

ROOT = Path(__file__).resolve().parents[2]
EQUIVALENT = Path(__file__).with_name("equivalent.toml")
GOAL = 0.90
#: mutmut's exit statuses of a mutant's test run that count as killed: a scenario failed (1), pytest
#: failed inside (3), or the suite refused to start because a card fixture no longer loads (4, a usage
#: error: the mutant broke the reading of mana costs); or that count as a timeout.
KILLED = {
    1: "killed",
    3: "killed",
    4: "killed",
    36: "timeout",
    24: "timeout",
    -24: "timeout",
    152: "timeout",
    255: "timeout",
}


def rule_modules() -> list[str]:
    """oracle/engine's modules that pyproject's [tool.mutmut] lets mutmut mutate."""
    config = read_toml(ROOT / "pyproject.toml")["tool"]["mutmut"]
    paths = sorted((ROOT / "oracle" / "engine").glob("*.py"))
    names = [p.relative_to(ROOT).as_posix() for p in paths]
    return [
        Path(n).stem
        for n in names
        if any(fnmatch(n, g) for g in config["only_mutate"]) and not any(fnmatch(n, g) for g in config["do_not_mutate"])
    ]


def run_module(module: str, max_children: int) -> None:
    log = ROOT / "mutants" / f"mutmut-{module}.log"
    log.parent.mkdir(exist_ok=True)
    with log.open("w", encoding="utf-8") as out:
        status = subprocess.call(
            ["mutmut", "run", "--max-children", str(max_children), f"oracle.engine.{module}.*"],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    if status != 0:
        sys.exit(f"mutmut failed on {module} (exit status {status}); see {log}")


def results(module: str) -> dict[str, str]:
    meta = ROOT / "mutants" / "oracle" / "engine" / f"{module}.py.meta"
    if not meta.exists():
        sys.exit(f"no mutation results for {module}: run it first")
    codes = json.loads(meta.read_text("utf-8"))["exit_code_by_key"]
    return {
        name: KILLED.get(code, {0: "survived", 5: "not reached", 33: "not reached"}.get(code, f"exit {code}"))
        for name, code in codes.items()
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="rule modules of oracle/engine (default: all)")
    parser.add_argument("--show", action="store_true", help="print each survivor's diff")
    parser.add_argument("--report-only", action="store_true", help="report the last run, run nothing")
    parser.add_argument("--max-children", type=int, default=2)
    args = parser.parse_args(argv)
    known = rule_modules()
    unknown = sorted(set(args.modules) - set(known))
    if unknown:
        print(f"error: not a rule module: {', '.join(unknown)} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    equivalent = {name: group["reason"] for group in read_toml(EQUIVALENT)["equivalent"] for name in group["mutants"]}
    failed = False
    rows = []
    for module in args.modules or known:
        if not args.report_only:
            run_module(module, args.max_children)
        outcome = results(module)
        mine = {k: v for k, v in equivalent.items() if k.startswith(f"oracle.engine.{module}.")}
        stale = sorted(set(mine) - set(outcome))
        # A mutant listed as equivalent that a scenario kills is listed wrongly: most often a
        # renumbering after the function changed, so the name now points at another mutant.
        misnamed = sorted(k for k in mine if outcome.get(k) in ("killed", "timeout"))
        tally = Counter(v for k, v in outcome.items() if k not in mine)
        survivors = sorted(k for k, v in outcome.items() if v not in ("killed", "timeout") and k not in mine)
        killed = tally["killed"] + tally["timeout"]
        counted = len(outcome) - len(set(mine) & set(outcome))
        score = killed / counted if counted else 1.0
        unreached = sum(1 for k in survivors if outcome[k] == "not reached")
        rows.append(
            (module, len(outcome), tally["killed"], tally["timeout"], len(mine), len(survivors), unreached, score)
        )
        failed |= score < GOAL or bool(stale) or bool(misnamed)
        for name in stale:
            print(f"{module}: {name} is listed as equivalent but no longer exists")
        for name in misnamed:
            print(f"{module}: {name} is listed as equivalent but a scenario kills it (renumbered?)")
        for name in survivors:
            print(f"{module}: {outcome[name]}: {name}")
            if args.show:
                subprocess.call(["mutmut", "show", name], cwd=ROOT)
    print()
    print("| module | mutants | killed | timeout | equivalent | survived | of which no scenario reaches | score |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for module, made, killed, timeout, equiv, survived, unreached, score in rows:
        print(f"| {module} | {made} | {killed} | {timeout} | {equiv} | {survived} | {unreached} | {score:.1%} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
