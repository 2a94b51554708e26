"""mtg-conformance: the conformance suite for the rules of Magic: The Gathering, and its reference engine.

It certifies a rules engine (in Python, or any language over the wire protocol) against
scenarios that encode official rulings and the Comprehensive Rules.

``mtg-conformance run [--engine SPEC] [--ruling ID] [-m EXPR] [--expectations FILE] [--transcripts DIR] [--features PATH]``
    Run the Gherkin suite (or the feature files of PATH) against an engine and print the per-ruling
    summary; the exit status is non-zero when any scenario failed (or, with expectations, changed).
``mtg-conformance certify --engine SPEC --out DIR [--expectations FILE] [--transcripts DIR]``
    Run the suite and write report.json, report.md, report.html, junit.xml,
    cucumber-messages.ndjson and badge.svg into DIR.
``mtg-conformance expectations --engine SPEC [--out FILE]``
    Run the suite and write the engine's expectations file: every scenario that did not pass.
``mtg-conformance docs --out DIR [--certified] [--report FILE ...]``
    Render the rulings and their scenarios as HTML, with engines' outcomes from reports.
``mtg-conformance compare OLD NEW [--markdown]``
    What was fixed, what broke and what changed between two report.json files; the exit status is
    1 when a scenario that passed in OLD ran and did not pass in NEW.
``mtg-conformance smoke --engine SPEC``
    Check the handshake and run the core scenarios in seconds; print the result as JSON.
``mtg-conformance cards --out FILE``
    Write every card the suite plays with as JSON (``cards.schema.json``).
``mtg-conformance replay FILE --engine SPEC``
    Send a transcript's requests again and show where the answers differ.
``mtg-conformance explore --engine SPEC --out DIR [--against SPEC] [--seed N] [--budget S | --examples N]``
    Search for positions where the engine and the reference disagree; write each as a scenario.
``mtg-conformance serve``
    Speak the wire protocol on stdin and stdout for the reference engine.
``mtg-conformance rulings [import FILE [--card NAME]]``
    List every ruling id with the number of scenarios that encode it, and the pending ones; or
    take official rulings in as pending (a card page, Scryfall or MTGJSON rulings).
``mtg-conformance coverage [--section N] [--list STATE] [--badge FILE]``
    Every numbered rule of the Comprehensive Rules: tested, cited only by the engine, exempt, or not.
``mtg-conformance cr-changes FILE``
    The rules the suite cites whose text or number another edition of the CR changed.
``mtg-conformance capabilities [NAME] [-v] [--json]``
    Each capability an engine may declare, its meaning and the scenarios that need it.

Every user mistake ends in one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import signal
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from oracle.contract.interface import JSON, Engine
from oracle.contract.outcomes import printable
from oracle.errors import UserError
from oracle.paths import suite_root

from .arguments import parser
from .catalog import feature_sources, feature_tags, load_catalog, scenario_ids, tag_problems
from .commands import expectations, run_command
from .heap import paused_collection, resume, resuming
from .preflight import check_before_run

#: Markers besides a ruling's and a rule's that a scenario may carry.
PYTEST_MARKERS = ("core", "rules", "needs", "skip", "skipif", "xfail", "usefixtures", "filterwarnings", "parametrize")


#: The command's pytest runs load only the plugins the suite uses: its own (the harness runs the
#: steps itself, so not even pytest-bdd's; nothing else installed in the environment, so a run
#: does not depend on it), and none of pytest's own that serve other kinds of test suites or
#: debugging sessions (the unraisable-exception check alone makes two full garbage collections at
#: the end; under -n, tmpdir made and deleted temporary folders in every run).
UNUSED_PLUGINS = "unraisableexception threadexception logging doctest pastebin legacypath tmpdir unittest stepwise setuponly setupplan debugging"
PLUGINS = ["--disable-plugin-autoload"]
PLUGINS += [arg for name in UNUSED_PLUGINS.split() for arg in ("-p", f"no:{name}")]


@dataclass(eq=False)  # a plugin: pytest hashes it
class _Session:
    """A pytest plugin: hands the engine the command started to the suite, and keeps the results."""

    engine: Engine
    description: JSON
    collector: Any = None

    def pytest_configure(self, config: Any) -> None:
        from .results import STARTED

        config.stash[STARTED] = (self.engine, self.description)

    def pytest_unconfigure(self, config: Any) -> None:
        from .results import RESULTS

        self.collector = config.stash.get(RESULTS, None)

    def pytest_report_teststatus(self, report: Any, config: Any) -> tuple[str, str, str] | None:
        """pytest counts the scenarios in the suite's outcomes, and shows no traceback of its own for them."""
        if self.collector is None:
            from .results import RESULTS

            self.collector = config.stash.get(RESULTS, None)
        return self.collector.teststatus(report) if self.collector is not None else None


def _harness() -> Path:
    """The folder of the step definitions and the scenarios module, oracle/harness/ (pytest
    imports them; the suite only names them)."""
    return Path(__file__).resolve().parents[1] / "harness"


@dataclass
class Run:
    """What a run of the suite gives the commands: its exit status, the results and the engine's description."""

    status: int
    collector: Any
    described: JSON


#: An identifier of pytest's marker expressions (its grammar's ``ident``), and the words that are not one.
_IDENT = re.compile(r"(?:\w|:|\+|-|\.|\[|\]|\\|/)+")
_KEYWORDS = frozenset({"and", "or", "not", "True", "False"})


def marker_names(expression: str) -> set[str]:
    """The marker names a ``-m`` expression mentions, read by pytest's grammar of identifiers (the
    parser's own list of them is not public)."""
    return {word for word in _IDENT.findall(expression) if word not in _KEYWORDS}


def _check_selection(args: argparse.Namespace, catalog: Any, features: Path) -> None:
    """Fail fast, in one line, on what would otherwise stop pytest half-way or select nothing by mistake."""
    problems = tag_problems(catalog, feature_tags(features))
    if problems:
        more = f" (and {len(problems) - 1} more: 'mtg-conformance rulings' lists them)" if len(problems) > 1 else ""
        raise UserError(problems[0] + more)
    for ruling in args.ruling:
        if ruling not in catalog.rulings:
            raise UserError(f"unknown ruling {ruling!r}; 'mtg-conformance rulings' lists them")
    if args.markexpr:
        from _pytest.mark.expression import Expression  # pytest's own parser of -m

        try:
            Expression.compile(args.markexpr)  # its syntax, as pytest will read it
        except SyntaxError as exc:
            raise UserError(f"-m {args.markexpr!r} is not a marker expression: {exc.msg}") from None
        names = marker_names(args.markexpr)
        known = {f"ruling.{r}" for r in catalog.rulings} | {f"cr.{n}" for n in catalog.rules} | set(PYTEST_MARKERS)
        for name in sorted(names - known):
            raise UserError(
                f"-m {args.markexpr!r}: no scenario can have the marker {name!r} (see 'mtg-conformance rulings')"
            )
    if getattr(args, "expectations", None):
        from .expectations_file import load_expectations

        load_expectations(Path(args.expectations), scenario_ids(features))


def run_suite(args: argparse.Namespace, extra: Sequence[str] = (), quiet: bool = False) -> Run:
    """Check everything the user gave, start the engine and check its handshake (once, first), run
    the scenarios through pytest, and stop the engine; return the run's exit status and results."""
    import pytest

    from oracle.registry import close_engine, open_engine

    root = suite_root()  # the data: features/ and fixtures/
    _check_selection(args, load_catalog(root), root / "features")
    harness = _harness()
    selection = " or ".join(f"ruling.{r}" for r in args.ruling)
    if args.markexpr:
        selection = f"({selection}) and ({args.markexpr})" if selection else args.markexpr
    pytest_args = [
        str(harness / "scenarios.py"),
        f"--rootdir={harness.parents[1]}",
        "-c",
        str(harness / "suite.ini"),
        f"--mtg-engine={args.engine}",
        "-q" if not args.verbose else "-v",
        "--no-header",
        *PLUGINS,
        *extra,
    ]
    if args.engine_timeout is not None:
        pytest_args.append(f"--mtg-engine-timeout={args.engine_timeout}")
    if args.validate_wire:
        pytest_args.append("--mtg-validate-wire")
    if getattr(args, "expectations", None):
        pytest_args.append(f"--mtg-expectations={args.expectations}")
    if getattr(args, "transcripts", None):
        pytest_args.append(f"--mtg-transcripts={Path(args.transcripts).resolve()}")
    if selection:
        pytest_args += ["-m", selection]
    # The plugin's entry point (its options are --mtg-<the command's>), given as a module: naming
    # it (-p) has pytest read the entry points of every installed distribution to find it; the
    # workers of -n are given the arguments only, so there it is named.
    workers = getattr(args, "workers", None)  # smoke runs serially
    if workers is not None:
        if importlib.util.find_spec("xdist") is None:
            raise UserError("-n spreads a run over processes with pytest-xdist: pip install pytest-xdist")
        pytest_args += ["-p", "mtg_conformance_pytest", "-p", "xdist.plugin", "-n", workers]
        entry_point: list[Any] = []
    else:
        entry_point = [importlib.import_module("mtg_conformance_pytest")]
    features = feature_sources(getattr(args, "features", []), root)
    check_before_run(args, load_catalog(root), features, root)  # feature files, places to write: one line
    pytest_args += [f"--mtg-features={path}" for path in features]
    engine, described = open_engine(args.engine, args.engine_timeout, args.validate_wire)
    if getattr(args, "expectations", None):  # for this engine, as it names itself, whatever started it
        from .expectations_file import check_expectations_engine

        try:
            check_expectations_engine(Path(args.expectations), described, args.engine)
        except UserError:
            close_engine(engine, args.engine, quiet=True)
            raise
    session = _Session(engine, described)
    try:
        code = int(pytest.main(pytest_args, plugins=[*entry_point, session, resuming()]))
    except BaseException:
        close_engine(engine, args.engine, quiet=True)
        raise
    close_engine(engine, args.engine)
    if session.collector is None:
        raise UserError(f"the suite could not start (pytest exit status {code})")
    session.collector.quiet = quiet
    return Run(_status(code, session.collector), session.collector, described)


def _status(code: int, collector: Any) -> int:
    """The command's exit status: pytest's, made honest (see :func:`~oracle.suite.results.verdict`)."""
    from oracle.contract.protocol import received_signals

    from .results import verdict

    if code == 4:
        raise UserError("pytest refused the options of the run (exit status 4); its ERROR line above says why")
    status, why = verdict(code, collector.ordered())
    if code == 2 and received_signals():
        status, why = 128 + received_signals()[-1], f"interrupted by signal {received_signals()[-1]}; {why}"
    if why:
        print(f"mtg-conformance: not green: {why}", file=sys.stderr)
    return status


def certify(args: argparse.Namespace) -> int:
    """Run the suite and write every report (:mod:`oracle.suite.reports`) into ``--out``."""
    from time import perf_counter

    from oracle.contract.protocol import signals_deferred

    from .preflight import writable_folder
    from .reports.writer import set_aside_earlier

    out = writable_folder("--out", Path(args.out))  # made now, unless it is no folder to write in
    if aside := set_aside_earlier(out):
        print(f"moved the report of an earlier run into {aside}")
    date, start = datetime.now(timezone.utc).isoformat(timespec="seconds"), perf_counter()
    run = run_suite(args)
    # After the run: these import pytest-bdd's modules, which pytest rewrites.
    from .reports.json_report import build_report
    from .reports.messages import step_definitions
    from .reports.writer import write_reports
    from .results import as_dicts

    with signals_deferred():  # a Ctrl-C now (a second one, often) still leaves the report of what ran
        scenarios = as_dicts(run.collector.ordered())
        for scenario in scenarios:  # the report links each transcript from where it lies
            if scenario.get("transcript"):
                scenario["transcript"] = Path(os.path.relpath(scenario["transcript"], out.resolve())).as_posix()
        report = build_report(scenarios, args.engine, run.described, date, perf_counter() - start)
        written = write_reports(out, report, suite_root(), step_definitions(_harness().parents[1]))
        print(f"wrote {', '.join(p.name for p in written)} into {out}")
    return run.status


def main(argv: Sequence[str] | None = None) -> int:
    """The command; ``argv`` None: the process's own arguments, and the process ends next."""
    with paused_collection(ending_process=argv is None):  # until the first scenario (oracle/suite/heap.py)
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    from oracle.contract.protocol import end_engines_on_signals

    args = parser(__doc__).parse_args(argv)
    if args.command not in ("run", "certify", "expectations", "smoke"):
        resume()  # the collector is off only until a run's first scenario; these run none
    end_engines_on_signals(own_descendants=True)  # the command's children are all the run's
    try:
        if args.command == "run":
            return run_suite(args).status
        if args.command == "certify":
            return certify(args)
        if args.command == "expectations":
            return expectations(args, run_suite)
        if args.command == "docs":
            from .across import certified
            from .docs import render_docs
            from .reports.reading import read_report

            committed = certified(suite_root()) if args.certified else []
            reports = [c.report for c in committed] + [read_report(Path(p)) for p in args.report]
            written = render_docs(Path(args.out), reports, real={c.name for c in committed if c.real})
            print(f"wrote {len(written)} pages into {args.out}")
            return 0
        if args.command == "compare":
            from .compare import run as compare

            return compare(args)
        if args.command in ("cards", "smoke", "replay", "capabilities"):
            return run_command(args, run_suite)
        if args.command == "explore":
            from .explore.command import run as explore

            return explore(args)
        if args.command == "serve":
            from oracle.adapters.reference import ReferenceEngine
            from oracle.contract.protocol import serve

            serve(ReferenceEngine(), sys.stdin.buffer, sys.stdout.buffer)
            return 0
        from .coverage import command as coverage

        if args.command == "coverage":
            return coverage.print_coverage(args)
        if args.command == "cr-changes":
            return coverage.cr_changes(args)
        return coverage.rulings(args)
    except UserError as exc:
        print(f"mtg-conformance: error: {printable(exc, 1000)}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"mtg-conformance: error: {printable(exc, 1000)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:  # Ctrl-C or SIGTERM outside the run: engines are stopped on the way out
        signum = getattr(exc, "signum", signal.SIGINT)
        print(f"mtg-conformance: interrupted by signal {signum}", file=sys.stderr)
        return 128 + signum


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
