"""The suite as a pytest plugin: tag markers, outcomes, one-line errors.

pytest loads the package's entry point, :mod:`mtg_conformance_pytest`, in every session: it
registers the suite's options (``--mtg-engine``, ``--mtg-features``, ...) and imports this module
only in a session that runs the suite, that is one that asks pytest to collect the scenarios
module, :mod:`oracle.harness.scenarios`, by its path, by its folder or as ``--pyargs
oracle.harness.scenarios``; it then calls :meth:`Suite.start`.  ``mtg-conformance run`` does so,
and so may an engine's author in their own repository (README: "Certifying another engine").

Scenario tags become markers: ``@ruling:<id>`` is ``-m ruling.<id>``, ``@cr:<number>`` is
``-m cr.<number>`` (pytest cannot register a marker name containing a colon) and
``@needs:<capability>`` is the marker ``needs(<capability>)``, as is every capability a
scenario's cards and steps imply (``oracle/suite/needs.py``).  Every ruling id and rule
number of the catalog is registered, so ``--strict-markers`` rejects a tag that names neither.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from oracle.errors import UserError

CATALOG = pytest.StashKey[Any]()


def marker_for_tag(tag: str) -> str:
    """``ruling:mana.could-produce`` -> ``ruling.mana.could-produce``; other tags unchanged."""
    kind, sep, value = tag.partition(":")
    return f"{kind}.{value}" if sep and kind in ("ruling", "cr") else tag


@cache
def mark_of(tag: str) -> pytest.MarkDecorator:
    """A Gherkin tag's marker (see the module docstring); made once per tag (a marker is never
    changed, and most tags are on many scenarios)."""
    kind, sep, value = tag.partition(":")
    if sep and kind in ("needs", "found"):
        return getattr(pytest.mark, kind)(value)  # type: ignore[no-any-return]
    return getattr(pytest.mark, marker_for_tag(tag))  # type: ignore[no-any-return]


class Suite:
    """The hooks of a session that runs the suite, registered by :meth:`start`."""

    def __init__(self) -> None:
        #: The engine this session started itself (not ``mtg-conformance``, nor a worker of -n).
        self.opened: tuple[Any, str] | None = None

    @staticmethod
    def start(config: pytest.Config) -> None:
        """Check what the user gave (one line, first), register the steps and fixtures, the catalog's
        markers and the results collector."""
        from oracle.contract.protocol import end_engines_on_signals
        from oracle.suite.parallel import ParallelResults
        from oracle.suite.results import RESULTS, ResultCollector

        from .steps import FIXTURES

        end_engines_on_signals()  # SIGTERM and SIGINT unwind, so the engine's process group is ended
        try:
            catalog, expectations = _checked_inputs(config)
        except UserError as exc:
            raise pytest.UsageError(str(exc)) from None
        config.pluginmanager.import_plugin(FIXTURES)
        config.pluginmanager.register(Suite(), "mtg-conformance-suite")
        config.stash[CATALOG] = catalog
        for ruling in catalog.rulings.values():
            config.addinivalue_line("markers", f"ruling.{ruling.id}: ruling {ruling.number}, {ruling.text[:60]}")
        for rule in catalog.rules.values():
            config.addinivalue_line("markers", f"cr.{rule.number}: CR {rule.number}, {rule.title}")
        config.addinivalue_line("markers", "needs(capability): the scenario needs this capability of the engine")
        config.addinivalue_line(
            "markers", "core: the smoke tier (features/core/): the basics every ruling scenario relies on"
        )
        config.addinivalue_line(
            "markers", "rules: a rule the engine implements that no seed ruling exercises (features/rules/)"
        )
        config.addinivalue_line(
            "markers", "found(kind): a scenario 'mtg-conformance explore' wrote, not yet a ruling's"
        )
        collector = ResultCollector(catalog, config.getoption("mtg_engine"), expectations)
        if config.getoption("mtg_transcripts"):
            collector.transcripts = Path(config.getoption("mtg_transcripts"))
        config.stash[RESULTS] = collector
        config.pluginmanager.register(collector, "mtg-conformance-results")
        config.pluginmanager.register(
            collector.recorder, "mtg-conformance-steps"
        )  # which step each scenario stopped at
        config.pluginmanager.register(ParallelResults(config, collector), "mtg-conformance-parallel")  # under -n

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionstart(self, session: pytest.Session) -> None:
        """Start the engine and check its handshake once, before any scenario, so an engine that
        can't start is one line first (``mtg-conformance`` started it already; a worker of -n
        starts its own, its controller having checked that it starts)."""
        from oracle.registry import close_engine, open_engine
        from oracle.suite.results import STARTED

        config = session.config
        if STARTED in config.stash or hasattr(config, "workerinput") or config.option.collectonly:
            return
        spec = config.getoption("mtg_engine")
        timeout, validate = config.getoption("mtg_engine_timeout"), config.getoption("mtg_validate_wire")
        try:
            engine, described = open_engine(spec, timeout, validate)
        except UserError as exc:
            raise pytest.UsageError(str(exc)) from None
        expectations = config.getoption("mtg_expectations")
        if expectations:  # for this engine, as it names itself, whatever started it
            from oracle.suite.expectations_file import check_expectations_engine

            try:
                check_expectations_engine(Path(expectations), described, spec)
            except UserError as exc:
                close_engine(engine, spec, quiet=True)
                raise pytest.UsageError(str(exc)) from None
        if getattr(config.option, "dist", "no") != "no":  # pytest-xdist: the workers run the scenarios
            close_engine(engine, spec, quiet=True)
            return
        config.stash[STARTED] = (engine, described)
        self.opened = (engine, spec)

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """The step definitions (and pytest-bdd, whose registry holds them) are imported once a
        scenario is selected, before the first runs (a broken step module stops the session
        here, loudly); a run that selects none never imports them."""
        if session.items:
            from .driver import INDEX  # registers every step definition

            INDEX.check = bool(session.config.getoption("mtg_check_step_index"))

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Stop the engine this session started; a ``close()`` that fails is one line, and not green."""
        from oracle.registry import close_engine

        if self.opened is None:
            return
        engine, spec = self.opened
        self.opened = None
        try:
            close_engine(engine, spec)
        except UserError as exc:
            session.config.get_terminal_writer().line(f"ERROR: {exc}", red=True)
            session.exitstatus = session.exitstatus or pytest.ExitCode.TESTS_FAILED

    @pytest.hookimpl(tryfirst=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """Each scenario needs what its cards and steps imply (``oracle/suite/needs.py``), besides
        what its own ``@needs:`` tags say: both become ``needs(capability)`` markers."""
        from oracle.suite.needs import derive_all
        from oracle.suite.results import NEEDS, scenario_of

        try:
            derived = derive_all()
        except UserError as exc:
            raise pytest.UsageError(str(exc)) from None
        for item in items:
            scenario = scenario_of(item)
            if scenario is None:
                continue
            declared = {t.split(":", 1)[1] for t in scenario.tags if t.startswith("needs:")}  # markers already
            found = derived.get(scenario.id)
            for capability in found.needs if found else ():
                if capability not in declared:
                    item.add_marker(mark_of(f"needs:{capability}"))
            item.stash[NEEDS] = sorted(declared.union(found.needs if found else ()))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
        """A user's mistake, an engine's failure or a position it can't build is one line, not a traceback."""
        from oracle.contract.outcomes import EngineFailure, Precondition, Refused, Unsupported

        report = yield
        if call.excinfo is not None and report.failed:
            error = call.excinfo.value
            if isinstance(error, (UserError, EngineFailure, Precondition, Refused, Unsupported)):
                report.longrepr = f"{item.nodeid}: {type(error).__name__}: {str(error).splitlines()[0]}"
        return report


def _checked_inputs(config: pytest.Config) -> tuple[Any, dict[str, Any]]:
    """The catalog and the expectations, once every option of the session is checked: the engine
    timeout, the expectations file, the feature files (their tags, and that each can run) and the
    folder for transcripts; the first mistake is one :class:`UserError` line."""
    from oracle.contract.protocol import check_timeout
    from oracle.paths import suite_root
    from oracle.suite.catalog import check_tags, feature_sources, load_catalog, scenario_ids
    from oracle.suite.expectations_file import load_expectations
    from oracle.suite.feature_check import check_feature_files
    from oracle.suite.needs import derive_all
    from oracle.suite.preflight import writable_folder

    from . import sources

    timeout = config.getoption("mtg_engine_timeout")
    if timeout is not None:
        config.option.mtg_engine_timeout = check_timeout(timeout)
    catalog = load_catalog()
    expectations_file = config.getoption("mtg_expectations")
    expectations = {}
    if expectations_file:
        known = scenario_ids(suite_root() / "features")
        expectations = load_expectations(Path(expectations_file), known)  # its engine: once it has described itself
    sources.PATHS[:] = feature_sources(config.getoption("mtg_features"), option="--mtg-features")
    if not hasattr(config, "workerinput"):  # a worker of -n: its controller checked them
        check_tags(catalog, sources.PATHS or [suite_root() / "features"])  # every tag names what the suite knows
        check_feature_files(sources.PATHS or [suite_root() / "features"])  # and every file and scenario can run
        derive_all()  # the cards, capabilities and basic land types the scenarios' needs come from
        if config.getoption("mtg_transcripts"):
            writable_folder("--mtg-transcripts", Path(config.getoption("mtg_transcripts")))
    return catalog, expectations
