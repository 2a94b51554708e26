"""The suite as a pytest plugin: engine options, tag markers, outcomes, one-line errors.

Installing the package registers this module with pytest (the ``pytest11`` entry point, named
``oracle.harness.plugin`` like the module, so ``-p oracle.harness.plugin`` loads it where plugins
are not loaded automatically, and ``-p no:oracle.harness.plugin`` keeps it out).  Every pytest
session then knows the suite's options, and nothing more: the plugin stays inert (it collects,
registers and changes nothing) unless the session runs the suite, that is unless pytest was asked
to collect the scenarios module, :mod:`oracle.harness.scenarios`, by its path, by its folder or as
``--pyargs oracle.harness.scenarios``.  ``mtg-conformance run`` does so, and so may an engine's
author in their own repository (README: "Certifying another engine").

Scenario tags become markers: ``@ruling:<id>`` is ``-m ruling.<id>``, ``@cr:<number>`` is
``-m cr.<number>`` (pytest cannot register a marker name containing a colon) and
``@needs:<capability>`` is the marker ``needs(<capability>)``, as is every capability a
scenario's cards and steps imply (``oracle/suite/needs.py``).  Every ruling id and rule
number of the catalog is registered, so ``--strict-markers`` rejects a tag that names neither.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from oracle.contract.protocol import DEFAULT_TIMEOUT, check_timeout
from oracle.errors import UserError

HARNESS = Path(__file__).resolve().parent
#: The module that collects the scenarios; asking pytest for it is what runs the suite.
SCENARIOS = HARNESS / "scenarios.py"
MODULE_NAMES = ("oracle.harness", "oracle.harness.scenarios")

CATALOG = pytest.StashKey[Any]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtg-conformance")
    group.addoption("--engine", default="reference", help="'reference' (default), 'module:Class' or 'cmd:<command>'")
    group.addoption(
        "--engine-timeout",
        type=_seconds,
        default=DEFAULT_TIMEOUT,
        help=f"seconds an outside engine has to answer one request (default {DEFAULT_TIMEOUT:g})",
    )
    group.addoption("--validate-wire", action="store_true", help="check every protocol message against the schemas")
    group.addoption(
        "--expectations", default=None, help="the engine's expectations file (scenarios expected not to pass)"
    )
    group.addoption(
        "--check-step-index",
        action="store_true",
        help="also try every step definition on every step and fail on any difference from the index (step_index.py)",
    )
    group.addoption(
        "--transcripts", default=None, help="folder for the requests and replies of each scenario that did not pass"
    )
    group.addoption(
        "--features",
        dest="feature_paths",
        action="append",
        default=[],
        help="feature files or folders to run instead of features/ (repeatable; ':suite' names the suite's own, to run both)",
    )


def _seconds(text: str) -> float:
    try:
        return check_timeout(text)
    except UserError as exc:
        raise ValueError(str(exc)) from None


def runs_the_suite(config: pytest.Config) -> bool:
    """Whether pytest was asked to collect the scenarios module (by path, folder or module name)."""
    for arg in config.args:
        name = arg.split("::", 1)[0]
        if config.option.pyargs and name in MODULE_NAMES:
            return True
        path = Path(config.invocation_params.dir, name).resolve()
        if path.parts[-3:] == SCENARIOS.parts[-3:] or path.parts[-2:] == HARNESS.parts[-2:]:
            return True  # this package's, or a copy of it (as mutation testing makes)
    return False


def pytest_configure(config: pytest.Config) -> None:
    """Start the suite, if this session runs it; otherwise do nothing at all."""
    if runs_the_suite(config):
        Suite.start(config)


def marker_for_tag(tag: str) -> str:
    """``ruling:mana.could-produce`` -> ``ruling.mana.could-produce``; other tags unchanged."""
    kind, sep, value = tag.partition(":")
    return f"{kind}.{value}" if sep and kind in ("ruling", "cr") else tag


def mark_of(tag: str) -> pytest.MarkDecorator:
    """A Gherkin tag's marker (see the module docstring)."""
    kind, sep, value = tag.partition(":")
    if sep and kind in ("needs", "found"):
        return getattr(pytest.mark, kind)(value)  # type: ignore[no-any-return]
    return getattr(pytest.mark, marker_for_tag(tag))  # type: ignore[no-any-return]


class Suite:
    """The hooks of a session that runs the suite, registered by :func:`pytest_configure`."""

    @staticmethod
    def start(config: pytest.Config) -> None:
        """Register the steps and fixtures, the catalog's markers and the results collector."""
        from oracle.contract.protocol import end_engines_on_signals
        from oracle.paths import suite_root
        from oracle.suite.catalog import check_tags, feature_sources, load_catalog, scenario_ids
        from oracle.suite.feature_check import check_feature_files
        from oracle.suite.parallel import ParallelResults
        from oracle.suite.results import RESULTS, ResultCollector, load_expectations

        from .steps import FIXTURES

        end_engines_on_signals()  # SIGTERM and SIGINT unwind, so the engine's process group is ended
        try:
            catalog = load_catalog()
            expectations_file = config.getoption("--expectations")
            expectations = {}
            if expectations_file:
                known = scenario_ids(suite_root() / "features")
                expectations = load_expectations(Path(expectations_file), config.getoption("--engine"), known)
        except UserError as exc:
            raise pytest.UsageError(str(exc)) from None
        from .step_index import INDEX
        from .steps import import_step_modules

        config.pluginmanager.import_plugin(FIXTURES)
        import_step_modules()
        INDEX.check = bool(config.getoption("--check-step-index"))
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
        from . import sources

        try:  # every tag of every feature file to collect names something the suite knows
            sources.PATHS[:] = feature_sources(config.getoption("feature_paths"))
            if not hasattr(config, "workerinput"):  # a worker of -n: its controller checked them
                check_tags(catalog, sources.PATHS or [suite_root() / "features"])
                check_feature_files(sources.PATHS or [suite_root() / "features"])  # each can run
        except UserError as exc:
            raise pytest.UsageError(str(exc)) from None
        collector = ResultCollector(catalog, config.getoption("--engine"), expectations)
        if config.getoption("--transcripts"):
            collector.transcripts = Path(config.getoption("--transcripts"))
        config.stash[RESULTS] = collector
        config.pluginmanager.register(collector, "mtg-conformance-results")
        config.pluginmanager.register(
            collector.recorder, "mtg-conformance-steps"
        )  # which step each scenario stopped at
        config.pluginmanager.register(ParallelResults(config, collector), "mtg-conformance-parallel")  # under -n

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
                    item.add_marker(pytest.mark.needs(capability))
            item.stash[NEEDS] = sorted(declared.union(found.needs if found else ()))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
        """A user's mistake, an engine's failure or a position it can't build is one line, not a traceback."""
        from oracle.contract.outcomes import EngineFailure, Precondition, Unsupported

        report = yield
        if call.excinfo is not None and report.failed:
            error = call.excinfo.value
            if isinstance(error, (UserError, EngineFailure, Precondition, Unsupported)):
                report.longrepr = f"{item.nodeid}: {type(error).__name__}: {str(error).splitlines()[0]}"
        return report
