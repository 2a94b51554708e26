"""Certify every engine of fixtures/engines/engines.toml afresh and compare with its committed
certification: the same scenarios with the same outcomes, failed steps, messages and
observations, run dates and durations aside.

``python -m tests.recertify [FOLDER ...]`` prints one line per engine and exits 1 when a fresh
run differs from what is committed (the first differences listed); ``--write`` makes the fresh
reports the committed ones; ``--record FILE`` writes what was compared, engine by engine, as
Markdown (fixtures/engines/RECERTIFIED.md, checked by tests/unit/test_across.py).  An engine
whose build is not on the machine is said so in one line and counts as a difference: a check
that could not run never reads as equal.  The `real-engines` tox env runs it.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from oracle.suite.reports.writer import REPORT_FILES
from oracle.toml import read_toml

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "fixtures" / "engines"
#: Keys that differ from run to run whatever the engine does.
VOLATILE = frozenset({"date", "duration"})


def stable(value: Any) -> Any:
    """``value`` without the keys of :data:`VOLATILE`, at any depth."""
    if isinstance(value, dict):
        return {k: stable(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [stable(v) for v in value]
    return value


def differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What differs between two reports, scenario by scenario, in one line each."""
    found = []
    if stable(old["engine"]) != stable(new["engine"]):
        found.append(f"engine: {old['engine'].get('version')} -> {new['engine'].get('version')}")
    before = {s["id"]: stable(s) for s in old["scenarios"]}
    after = {s["id"]: stable(s) for s in new["scenarios"]}
    for key in sorted(before.keys() | after.keys()):
        a, b = before.get(key), after.get(key)
        if a == b:
            continue
        if a is None or b is None:
            found.append(f"{key}: {'only in the fresh run' if a is None else 'not in the fresh run'}")
        elif a["outcome"] != b["outcome"]:
            found.append(f"{key}: {a['outcome']} -> {b['outcome']}")
        else:
            fields = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
            found.append(f"{key}: {a['outcome']}, differs in {', '.join(fields)}")
    return found


def certify(entry: dict[str, Any], out: Path) -> subprocess.CompletedProcess[str]:
    folder = ENGINES / entry["folder"]
    command = [sys.executable, "-m", "oracle.suite.cli", "certify", "--engine", entry["spec"], "--out", str(out)]
    command += list(entry.get("options", []))
    if (folder / "expectations.toml").is_file():
        command += ["--expectations", str(folder / "expectations.toml")]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.recertify", description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", help="the engines to certify (default: every one)")
    parser.add_argument("--write", action="store_true", help="make the fresh reports the committed ones")
    parser.add_argument("--record", help="write what was compared to this Markdown file")
    args = parser.parse_args(argv)
    entries = read_toml(ENGINES / "engines.toml")["engine"]
    chosen = [e for e in entries if not args.folders or e["folder"] in args.folders]
    rows, status = [], 0
    for entry in chosen:
        with tempfile.TemporaryDirectory() as scratch:
            out = Path(scratch) / "report"
            done = certify(entry, out)
            if not (out / "report.json").is_file():
                last = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()[-1]
                print(f"{entry['folder']}: not certified (exit {done.returncode}): {last}")
                rows.append((entry["folder"], "not certified", last))
                status = 1
                continue
            new = json.loads((out / "report.json").read_text(encoding="utf-8"))
            old = json.loads((ENGINES / entry["folder"] / "report.json").read_text(encoding="utf-8"))
            found = differences(old, new)
            totals = ", ".join(f"{n} {o}" for o, n in new["totals"].items() if n)
            if args.write:
                for name in REPORT_FILES:
                    if (out / name).is_file():
                        shutil.copyfile(out / name, ENGINES / entry["folder"] / name)
            said = "equal" if not found else f"{len(found)} differences"
            print(f"{entry['folder']}: {said} ({new['engine'].get('name')} {new['engine'].get('version')}: {totals})")
            for line in found[:20]:
                print(f"  {line}")
            rows.append((entry["folder"], said, f"{new['engine'].get('name')} {new['engine'].get('version')}: {totals}"))
            status = status or (1 if found and not args.write else 0)
    if args.record:
        lines = [
            "# The committed certifications, certified afresh",
            "",
            f"`python -m tests.recertify --record` on {date.today().isoformat()}: each engine certified again "
            "and its report.json compared with the committed one, dates and durations aside.",
            "",
            "| engine | fresh run against the committed report | totals |",
            "|---|---|---|",
            *(f"| {folder} | {said} | {totals} |" for folder, said, totals in rows),
            "",
        ]
        Path(args.record).write_text("\n".join(lines), encoding="utf-8")
    return status


if __name__ == "__main__":
    sys.exit(main())
