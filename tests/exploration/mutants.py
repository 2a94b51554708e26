"""Explore each wrong engine of tests/mutants.py against the reference engine, for a fixed time each,
and write what was found to fixtures/exploration/mutants.md (run by ``tox -e explore``)::

    python -m tests.exploration.mutants [--budget SECONDS] [--seed N] [--out FOLDER]

For each mutant: whether exploration found it, after how long and how many examples, the kind
of the first divergence, and whether the scenarios written pass on the reference engine and fail
on the mutant when replayed with ``mtg-conformance run --features``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from oracle.suite.explore.runner import Options, explore
from tests.mutants import MUTANTS

ROOT = Path(__file__).resolve().parents[2]


def replay(folder: Path, engine: str) -> str:
    """The totals line of ``mtg-conformance run --features folder``."""
    result = subprocess.run(
        [sys.executable, "-m", "oracle", "run", "--features", str(folder), "--engine", engine],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    lines = [line for line in result.stdout.splitlines() if line.startswith("scenarios:")]
    return lines[-1].removeprefix("scenarios: ") if lines else result.stderr.strip()[-200:]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(ROOT / "fixtures" / "exploration"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for name in sorted(MUTANTS):
            engine = f"cmd:{sys.executable} -m tests.mutant_engine {name}"
            folder = Path(scratch) / name
            run = explore(Options(engine, seed=args.seed, budget=args.budget, out=folder))
            first = run.found[0] if run.found else None
            rows.append(
                {
                    "mutant": name,
                    "wrong": MUTANTS[name].wrong,
                    "found": bool(first),
                    "seconds": first["found_after_seconds"] if first else None,
                    "examples": first["examples_before"] if first else run.examples,
                    "first": " ".join(first["signature"][:2]) + f" ({first['kind']})" if first else "",
                    "divergences": len(run.found),
                    "on the reference": replay(folder, "reference") if first else "",
                    "on the mutant": replay(folder, engine) if first else "",
                }
            )
            print(json.dumps(rows[-1]), flush=True)
    found = [r for r in rows if r["found"]]
    lines = [
        "# Exploring the wrong engines of tests/mutants.py",
        "",
        f"Written by `python -m tests.exploration.mutants --budget {args.budget:g} --seed {args.seed}` "
        "(`tox -e explore`): each mutant, served over the wire protocol by `python -m tests.mutant_engine NAME`, "
        f"explored against the reference engine for {args.budget:g} s on the 2-core development machine.",
        "",
        f"Found: **{len(found)} of {len(rows)}**.",
        "",
        "| mutant | its mistake | found after | examples | first divergence | divergences | written scenarios on the reference | on the mutant |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        when = f"{r['seconds']:.1f} s" if r["found"] else f"not in {args.budget:g} s"
        lines.append(
            f"| {r['mutant']} | {r['wrong']} | {when} | {r['examples']} | {r['first']} | {r['divergences']} | "
            f"{r['on the reference']} | {r['on the mutant']} |"
        )
    (out / "mutants.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (out / "mutants.json").write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    print(f"found {len(found)} of {len(rows)}; wrote {out / 'mutants.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
