"""Runs spread over pytest-xdist's worker processes give the results of a serial run.

Under ``-n``, each worker collects every selected scenario and runs the share it is given,
while the controller runs none: its :class:`~oracle.suite.results.ResultCollector` would see no
scenario at all.  This plugin, registered on both sides by ``oracle/harness/plugin.py``, carries each
worker's results to the controller's collector:

* a worker's report carries its scenario's result as it stands after that phase, so the
  controller knows each scenario's outcome as soon as it ran (and counts it the suite's way in
  pytest's progress and final line): the whole result the first time, then only the fields that
  changed since (a setup that passed carries nothing: pytest counts it for nothing), since every
  report crosses to the controller serialized, and whole results with their steps three times a
  scenario were most of what a worker spent beyond running it;
* when a worker finishes, it names every scenario it collected and sent nothing of (with its
  needs), so one that no worker ran is NOT RUN at the controller too: the controller reads
  those scenarios from their feature files, as a worker does, rather than have each worker
  send every result whole;
* a run may end before its workers finish (Ctrl-C, SIGTERM, a signal to the whole process
  group as ``timeout -s INT`` sends): the controller knows every test the workers collected
  (pytest-xdist tells it before the first one runs), and at the end of the session any of them
  it has no result for is NOT RUN, as in a serial run, so an interrupted certification has no
  pass rate;
* a worker that dies while running a scenario (an in-process engine that crashed it) makes that
  scenario ERROR, naming the worker, not NOT RUN: it ran, and it broke.

A scenario runs on one worker only; the report of the worker that ran it wins over a worker
that only collected it.  The summary, ``certify``'s reports, ``expectations`` and the exit status
are then computed from the same results as in a serial run (``tests/unit/test_parallel.py``).
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from oracle.contract.outcomes import NOT_RUN
from oracle.errors import UserError
from oracle.paths import suite_root

from .catalog import feature_sources
from .results import ResultCollector, ScenarioResult, as_dicts, scenario_result
from .scenarios import FeatureError, Scenario, feature_files, read_feature

#: Where a worker puts its results for the controller (pytest-xdist's ``workeroutput``).
OUTPUT = "mtg-conformance-results"


class ParallelResults:
    """The carrying of results between pytest-xdist's workers and its controller."""

    def __init__(self, config: pytest.Config, collector: ResultCollector) -> None:
        self.config, self.collector = config, collector
        self.worker = hasattr(config, "workerinput")
        #: In a worker: what the controller was last sent of each scenario's result.
        self.sent: dict[str, dict[str, Any]] = {}
        #: In the controller: the scenarios of the run, by id, once a worker named one it did not run.
        self._known: dict[str, Scenario] | None = None
        #: In the controller: every test the workers collected, and the scenarios by test id.
        self.collected: set[str] = set()
        self._by_test_id: dict[str, Scenario] | None = None
        self._derived: dict[str, Any] | None = None

    # -- in a worker --------------------------------------------------------------------

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """A worker's report carries its scenario's result; the controller's takes it in."""
        if self.worker:
            result = self.collector.results.get(report.nodeid)
            if result is None or (report.when == "setup" and report.passed):
                return
            current = as_dicts([result])[0]
            before = self.sent.get(report.nodeid)
            self.sent[report.nodeid] = current
            if before is None:
                report.conformance_result = current  # type: ignore[attr-defined]
            else:
                report.conformance_delta = {k: v for k, v in current.items() if before.get(k) != v}  # type: ignore[attr-defined]
            report.conformance_change = self.collector.changes.get(report.nodeid)  # type: ignore[attr-defined]
            return
        carried = getattr(report, "conformance_result", None)
        delta = getattr(report, "conformance_delta", None)
        known = self.collector.results.get(report.nodeid)
        if carried is not None:
            self.collector.results[report.nodeid] = ScenarioResult(**carried)
        elif delta and known is not None:
            for key, value in delta.items():
                setattr(known, key, value)
        change = getattr(report, "conformance_change", None)
        if change:
            self.collector.changes[report.nodeid] = change
        if carried is None and not delta and report.failed and report.when not in ("setup", "call", "teardown"):
            self._crashed(report)

    def _crashed(self, report: pytest.TestReport) -> None:
        """pytest-xdist's report of a worker that died running this scenario: its ERROR."""
        result = self.collector.results.get(report.nodeid) or self._not_run(report.nodeid)
        if result.outcome == NOT_RUN:
            result.record("ERROR", f"the process running it died ({report.longrepr}): the engine crashed it")
            result.explain(None)
            self.collector.results[report.nodeid] = result

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """A worker names the scenarios it sent nothing of; the controller ends a run stopped by
        ``-x`` (``--maxfail``) as a serial run ends it, with failures (pytest-xdist says interrupted)."""
        if self.worker:
            output: dict[str, Any] = session.config.workeroutput  # type: ignore[attr-defined]
            unsent = [(i, r.id, r.needs) for i, r in self.collector.results.items() if i not in self.sent]
            output[OUTPUT] = [list(entry) for entry in unsent]
            return
        for nodeid in self.collected:  # a test no worker reported on (the run ended first): NOT RUN
            if nodeid not in self.collector.results:
                self.collector.results[nodeid] = self._not_run(nodeid)
        maxfail = session.config.option.maxfail
        if session.exitstatus == pytest.ExitCode.INTERRUPTED and maxfail and session.testsfailed >= maxfail:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    # -- in the controller --------------------------------------------------------------

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        """The tests a worker collected (after deselection) that are the suite's own test, each a
        scenario of the run; another test of the session (a project's own, under ``-n``) is none."""
        self.collected.update(i for i in ids if _suite_test_id(i))

    def _not_run(self, nodeid: str) -> ScenarioResult:
        """The NOT RUN result of the scenario a collected test runs, from its feature file (its
        test id is the scenario's "feature: name", escaped as pytest escapes ids); a test whose
        scenario can't be found (a feature file that does not read) is NOT RUN under its test id."""
        if self._by_test_id is None:
            from _pytest.python import _ascii_escaped_by_config  # how pytest writes a test id

            self._by_test_id = {
                _ascii_escaped_by_config(f"{s.feature}: {s.name}", self.config): s for s in self._scenarios().values()
            }
        test_id = nodeid.partition("[")[2].removesuffix("]") or nodeid
        scenario = self._by_test_id.get(test_id)
        if scenario is None:
            feature = test_id.partition(": ")[0]
            return ScenarioResult(id=test_id, name=test_id, feature=feature, line=0, rulings=[], rules=[], needs=[])
        return scenario_result(scenario, self._needs(scenario))

    def _needs(self, scenario: Scenario) -> list[str]:
        """What a scenario needs, declared and derived, as the harness gives it (``oracle/suite/needs.py``)."""
        if self._derived is None:
            from .needs import derive_all

            try:
                self._derived = {i: d.needs for i, d in derive_all().items()}
            except UserError:
                self._derived = {}
        declared = {t.split(":", 1)[1] for t in scenario.tags if t.startswith("needs:")}
        return sorted(declared.union(self._derived.get(scenario.id, ())))

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """A worker finished: the scenarios it knows that the controller has not heard of yet."""
        unsent = getattr(node, "workeroutput", {}).get(OUTPUT)
        if not unsent:
            return
        for nodeid, scenario_id, needs in unsent:
            if nodeid not in self.collector.results:
                self.collector.results[nodeid] = scenario_result(self._scenarios()[scenario_id], needs)

    def _scenarios(self) -> dict[str, Scenario]:
        """Every scenario of the feature files the run collects, by id (read once)."""
        if self._known is None:
            self._known = {}
            roots = feature_sources(self.config.getoption("mtg_features")) or [suite_root() / "features"]
            for path in feature_files(roots):
                with contextlib.suppress(FeatureError):  # a worker reports it as a failed test
                    self._known.update((s.id, s) for s in read_feature(path))
        return self._known


def _suite_test_id(nodeid: str) -> bool:
    """Whether a test id names the suite's own test (oracle/harness/scenarios.py's ``test_scenario``),
    as :func:`oracle.suite.results._suite_test` tells from an item, which the controller doesn't have."""
    path, _, name = nodeid.partition("::")
    return name.startswith("test_scenario[") and path.replace("\\", "/").endswith("harness/scenarios.py")
