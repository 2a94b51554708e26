"""Runs spread over pytest-xdist's worker processes give the results of a serial run.

Under ``-n``, each worker collects every selected scenario and runs the share it is given,
while the controller runs none: its :class:`~oracle.suite.results.ResultCollector` would see no
scenario at all.  This plugin, registered on both sides by ``oracle/harness/plugin.py``, carries each
worker's results to the controller's collector:

* every report a worker sends carries the result of its scenario as it stands after that
  phase, so the controller knows each scenario's outcome as soon as it ran (and counts it the
  suite's way in pytest's progress and final line);
* when a worker finishes, it sends every scenario it knows, so one that no worker ran is NOT RUN
  at the controller too.

A scenario runs on one worker only; the report of the worker that ran it wins over a worker
that only collected it.  The summary, ``certify``'s reports, ``expectations`` and the exit status
are then computed from the same results as in a serial run (``tests/unit/test_parallel.py``).
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.contract.outcomes import NOT_RUN

from .results import ResultCollector, ScenarioResult, as_dicts

#: Where a worker puts its results for the controller (pytest-xdist's ``workeroutput``).
OUTPUT = "mtg-conformance-results"


class ParallelResults:
    """The carrying of results between pytest-xdist's workers and its controller."""

    def __init__(self, config: pytest.Config, collector: ResultCollector) -> None:
        self.config, self.collector = config, collector
        self.worker = hasattr(config, "workerinput")

    # -- in a worker --------------------------------------------------------------------

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """A worker's report carries its scenario's result; the controller's takes it in."""
        if self.worker:
            result = self.collector.results.get(report.nodeid)
            if result is not None:
                report.conformance_result = as_dicts([result])[0]  # type: ignore[attr-defined]
                report.conformance_change = self.collector.changes.get(report.nodeid)  # type: ignore[attr-defined]
            return
        carried = getattr(report, "conformance_result", None)
        if carried is not None:
            self.collector.results[report.nodeid] = ScenarioResult(**carried)
            change = getattr(report, "conformance_change", None)
            if change:
                self.collector.changes[report.nodeid] = change

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.worker:
            output: dict[str, Any] = session.config.workeroutput  # type: ignore[attr-defined]
            ids = list(self.collector.results)
            output[OUTPUT] = {"ids": ids, "results": as_dicts([self.collector.results[i] for i in ids])}

    # -- in the controller --------------------------------------------------------------

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        """A worker finished: the scenarios it knows that the controller has not heard of yet."""
        sent = getattr(node, "workeroutput", {}).get(OUTPUT)
        if not sent:
            return
        for nodeid, fields in zip(sent["ids"], sent["results"], strict=True):
            known = self.collector.results.get(nodeid)
            if known is None or (known.outcome == NOT_RUN and fields["outcome"] != NOT_RUN):
                self.collector.results[nodeid] = ScenarioResult(**fields)
