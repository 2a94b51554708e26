"""The ``mtg-conformance`` command.

``mtg-conformance run [--engine SPEC] [--ruling ID] [-m EXPR] [--expectations FILE]``
    Run the Gherkin suite against an engine and print the per-ruling summary; the exit
    status is non-zero when any scenario failed (or, with expectations, changed).
``mtg-conformance certify --engine SPEC --out DIR [--expectations FILE]``
    Run the suite and write report.json, report.md, report.html and junit.xml into DIR.
``mtg-conformance expectations --engine SPEC [--out FILE]``
    Run the suite and write the engine's expectations file: every scenario that did not pass.
``mtg-conformance docs --out DIR [--report FILE ...]``
    Render the rulings and their scenarios as HTML, with engines' outcomes from reports.
``mtg-conformance serve``
    Speak the wire protocol on stdin and stdout for the reference engine.
``mtg-conformance rulings``
    List every ruling id with the number of scenarios that encode it.

Every user mistake ends in one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from oracle.contract.interface import CONTRACT_VERSION
from oracle.errors import UserError
from oracle.paths import suite_root
from oracle.version import __version__

from .catalog import feature_tags, load_catalog, tag_problems


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mtg-conformance", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("run", "run the suite against an engine and print the summary"),
        ("certify", "run the suite and write the certification reports"),
        ("expectations", "run the suite and write the engine's expectations file"),
    ):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("--engine", default="reference", help="'reference', 'module:Class' or 'cmd:<command line>'")
        sub.add_argument("--ruling", action="append", default=[], help="run only this ruling's scenarios (repeatable)")
        sub.add_argument("-m", dest="markexpr", default="", help="a pytest marker expression, e.g. 'cr.106.7'")
        sub.add_argument("--engine-timeout", type=float, default=None, help="seconds per request for 'cmd:' engines")
        sub.add_argument(
            "--validate-wire", action="store_true", help="check every protocol message against the schemas"
        )
        sub.add_argument("-v", "--verbose", action="store_true", help="list every scenario")
        if name != "expectations":
            sub.add_argument("--expectations", default=None, help="the engine's expectations file")
        if name == "certify":
            sub.add_argument("--out", required=True, help="folder for the reports")
        if name == "expectations":
            sub.add_argument("--out", default=None, help="file to write (default: print it)")
    docs = commands.add_parser("docs", help="render the living documentation as HTML")
    docs.add_argument("--out", required=True, help="folder for the HTML pages")
    docs.add_argument("--report", action="append", default=[], help="a report.json whose outcomes to show (repeatable)")
    commands.add_parser("serve", help="speak the wire protocol on stdin and stdout for the reference engine")
    commands.add_parser("rulings", help="list every ruling id with its number of scenarios")
    return parser


class _Grab:
    """Keeps the results collector of the pytest run for the CLI to read afterwards."""

    collector: Any = None

    def pytest_unconfigure(self, config: Any) -> None:
        from .results import RESULTS

        self.collector = config.stash.get(RESULTS, None)


def run_suite(args: argparse.Namespace, extra: Sequence[str] = (), quiet: bool = False) -> tuple[int, Any]:
    """Run the scenarios through pytest; return its exit code and the results collector."""
    import pytest

    from oracle.registry import load_engine

    root = suite_root()
    catalog = load_catalog(root)
    for ruling in args.ruling:
        if ruling not in catalog.rulings:
            raise UserError(f"unknown ruling {ruling!r}; 'mtg-conformance rulings' lists them")
    if not args.engine.startswith("cmd:"):
        load_engine(args.engine).close()  # fail fast, in one line, on a bad spec
    selection = " or ".join(f"ruling.{r}" for r in args.ruling)
    if args.markexpr:
        selection = f"({selection}) and ({args.markexpr})" if selection else args.markexpr
    pytest_args = [
        str(root / "tests" / "conformance" / "test_scenarios.py"),
        f"--rootdir={root}",
        "-c",
        str(root / "pyproject.toml"),
        f"--engine={args.engine}",
        "-q" if not args.verbose else "-v",
        "--no-header",
        *extra,
    ]
    if args.engine_timeout:
        pytest_args.append(f"--engine-timeout={args.engine_timeout}")
    if args.validate_wire:
        pytest_args.append("--validate-wire")
    if getattr(args, "expectations", None):
        pytest_args.append(f"--expectations={args.expectations}")
    if selection:
        pytest_args += ["-m", selection]
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    grab = _Grab()
    code = pytest.main(pytest_args, plugins=[grab])
    if grab.collector is None:
        raise UserError(f"the suite could not start (pytest exit status {int(code)})")
    grab.collector.quiet = quiet
    return int(code), grab.collector


def certify(args: argparse.Namespace) -> int:
    """Run the suite and write report.json, report.md, report.html and junit.xml (JUnit XML for CI)."""
    from oracle.registry import load_engine

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    code, collector = run_suite(args, [f"--junitxml={out / 'junit.xml'}"])
    from .reports import render_report_html  # after the run: it imports pytest-bdd, which pytest rewrites

    engine = load_engine(args.engine, args.engine_timeout)
    try:
        described = engine.describe()
    finally:
        engine.close()
    report = build_report(collector, args.engine, described)
    (out / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "report.md").write_text(report_markdown(report, collector.catalog), encoding="utf-8")
    (out / "report.html").write_text(render_report_html(report), encoding="utf-8")
    print(f"wrote {out / 'report.json'}, report.md, report.html and junit.xml")
    return code


def build_report(collector: Any, spec: str, described: dict[str, Any]) -> dict[str, Any]:
    """report.json: versions, date, totals by outcome, pass rate over scenarios that ran, every scenario."""
    from oracle.contract.outcomes import OUTCOMES
    from oracle.contract.protocol import PROTOCOL_VERSION

    from .results import as_dicts

    results = collector.ordered()
    totals = {o: sum(1 for r in results if r.outcome == o) for o in OUTCOMES}
    ran = len(results) - totals["SKIP"]
    return {
        "suite": {
            "name": "mtg-conformance",
            "version": __version__,
            "contract": CONTRACT_VERSION,
            "protocol": PROTOCOL_VERSION,
        },
        "engine": {"spec": spec, **{k: described.get(k) for k in ("name", "version", "capabilities")}},
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "totals": totals,
        "pass_rate": round(totals["PASS"] / ran, 4) if ran else None,
        "scenarios": as_dicts(results),
    }


def report_markdown(report: dict[str, Any], catalog: Any) -> str:
    """report.md: the totals and one line per ruling, then every scenario that did not pass."""
    engine = report["engine"]
    rate = "n/a" if report["pass_rate"] is None else f"{report['pass_rate'] * 100:.1f} %"
    lines = [
        f"# Certification of {engine['name']} {engine['version']}",
        "",
        f"Suite {report['suite']['version']}, contract {report['suite']['contract']}, protocol "
        f"{report['suite']['protocol']}, {report['date']}. Engine spec: `{engine['spec']}`.",
        "",
        "| outcome | scenarios |",
        "|---|---|",
        *[f"| {o} | {n} |" for o, n in report["totals"].items()],
        "",
        f"Pass rate over the scenarios that ran: {rate} (skips are not counted).",
        "",
        "| # | ruling | pass | not passed | skipped |",
        "|---|---|---|---|---|",
    ]
    for ruling in sorted(catalog.rulings.values(), key=lambda r: r.number):
        mine = [s for s in report["scenarios"] if ruling.id in s["rulings"]]
        passed = sum(1 for s in mine if s["outcome"] == "PASS")
        skipped = sum(1 for s in mine if s["outcome"] == "SKIP")
        lines.append(f"| {ruling.number} | {ruling.id} | {passed} | {len(mine) - passed - skipped} | {skipped} |")
    problems = [s for s in report["scenarios"] if s["outcome"] not in ("PASS", "SKIP")]
    lines += ["", "## Scenarios that did not pass", ""]
    for scenario in problems:
        lines.append(f"- **{scenario['outcome']}** `{scenario['id']}`")
        lines.append(f"  - observed: {scenario['message']}")
        for ruling_id in scenario["rulings"]:
            lines.append(f"  - ruling {ruling_id}: \u201c{catalog.rulings[ruling_id].text}\u201d")
    if not problems:
        lines.append("None.")
    skips = [s for s in report["scenarios"] if s["outcome"] == "SKIP"]
    lines += ["", "## Scenarios skipped", ""]
    lines += [f"- `{s['id']}`: {s['message']}" for s in skips] or ["None."]
    return "\n".join(lines) + "\n"


def expectations(args: argparse.Namespace) -> int:
    from .results import expectations_toml

    code, collector = run_suite(args, quiet=True)
    text = expectations_toml(collector.ordered(), args.engine)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    else:
        print(text)
    return 0 if code in (0, 1) else code


def rulings() -> int:
    """Print each ruling with its scenario count; a catalog or tag problem is an error."""
    root = suite_root()
    catalog = load_catalog(root)
    scenarios = feature_tags(root / "features")
    problems = tag_problems(catalog, scenarios)
    counts = dict.fromkeys(catalog.rulings, 0)
    for scenario in scenarios:
        for ruling_id in scenario.rulings:
            if ruling_id in counts:
                counts[ruling_id] += 1
    print(f"{'#':>3}  {'ruling':<36} {'scenarios':>9}  card page")
    for ruling in sorted(catalog.rulings.values(), key=lambda r: r.number):
        mark = "" if counts[ruling.id] else "  (no scenario yet)"
        print(f"{ruling.number:>3}  {ruling.id:<36} {counts[ruling.id]:>9}  {'; '.join(ruling.pages)}{mark}")
    missing = sum(1 for n in counts.values() if not n)
    print(f"{len(counts)} rulings, {len(scenarios)} scenarios; {missing} of {len(counts)} rulings have no scenario yet")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    return 1 if problems else 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "run":
            return run_suite(args)[0]
        if args.command == "certify":
            return certify(args)
        if args.command == "expectations":
            return expectations(args)
        if args.command == "docs":
            from .docs import render_docs

            reports = [json.loads(Path(p).read_text(encoding="utf-8")) for p in args.report]
            written = render_docs(Path(args.out), reports)
            print(f"wrote {len(written)} pages into {args.out}")
            return 0
        if args.command == "serve":
            from oracle.adapters.reference import ReferenceEngine
            from oracle.contract.protocol import serve

            serve(ReferenceEngine(), sys.stdin, sys.stdout)
            return 0
        return rulings()
    except UserError as exc:
        print(f"mtg-conformance: error: {exc}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"mtg-conformance: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
