"""The ``mtg-conformance`` command.

``mtg-conformance run [--engine SPEC] [--ruling ID] [-m EXPR]``
    Run the Gherkin suite against an engine and print the per-ruling summary;
    the exit status is non-zero when any scenario failed.
``mtg-conformance rulings``
    List every ruling id with the number of scenarios that encode it.

Every user mistake ends in one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .catalog import feature_tags, load_catalog, tag_problems
from .errors import UserError
from .paths import suite_root


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mtg-conformance", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run the suite against an engine and print the summary")
    run.add_argument("--engine", default="reference", help="'reference' (default) or 'module:Class'")
    run.add_argument("--ruling", action="append", default=[], help="run only this ruling's scenarios (repeatable)")
    run.add_argument("-m", dest="markexpr", default="", help="a pytest marker expression, e.g. 'cr.106.7'")
    run.add_argument("-v", "--verbose", action="store_true", help="list every scenario")
    commands.add_parser("rulings", help="list every ruling id with its number of scenarios")
    return parser


def run(engine: str, rulings: Sequence[str], markexpr: str, verbose: bool) -> int:
    """Run the scenarios through pytest with the summary plugin; return pytest's exit code."""
    import pytest

    from .contract import load_engine
    from .summary import ConformanceSummary

    root = suite_root()
    catalog = load_catalog(root)
    for ruling in rulings:
        if ruling not in catalog.rulings:
            raise UserError(f"unknown ruling {ruling!r}; 'mtg-conformance rulings' lists them")
    load_engine(engine).close()  # fail fast, in one line, on a bad spec
    selection = " or ".join(f"ruling.{r}" for r in rulings)
    if markexpr:
        selection = f"({selection}) and ({markexpr})" if selection else markexpr
    args = [
        str(root / "tests" / "conformance" / "test_scenarios.py"),
        f"--rootdir={root}",
        "-c",
        str(root / "pyproject.toml"),
        f"--engine={engine}",
        "-q" if not verbose else "-v",
        "--no-header",
        "-p",
        "no:randomly",
    ]
    if selection:
        args += ["-m", selection]
    code = pytest.main(args, plugins=[ConformanceSummary(catalog, engine)])
    return int(code)


def rulings() -> int:
    """Print each ruling with its scenario count; a catalog or tag problem is an error."""
    root = suite_root()
    catalog = load_catalog(root)
    scenarios = feature_tags(root / "features")
    problems = tag_problems(catalog, scenarios)
    counts = {ruling: 0 for ruling in catalog.rulings}
    for scenario in scenarios:
        for ruling in scenario.rulings:
            if ruling in counts:
                counts[ruling] += 1
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
            return run(args.engine, args.ruling, args.markexpr, args.verbose)
        return rulings()
    except UserError as exc:
        print(f"mtg-conformance: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
