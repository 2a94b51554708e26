"""Collect each scenario's outcome during a pytest run, apply an engine's expectations, print the
per-ruling conformance summary, and say whether the run is green.

The plugin is registered by :mod:`oracle.harness.plugin`; the CLI reads it after the run to write
reports and expectations files.  Verdicts never lie: every selected scenario starts as
``NOT RUN`` and only a report of pytest changes that, so a scenario that was interrupted,
skipped over by ``-x`` or only collected is never PASS; a run in which a selected scenario did
not run, or in which nothing passed, is not green (:func:`verdict`).
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pytest

from oracle.contract.interface import JSON, Engine
from oracle.contract.outcomes import NOT_RUN, classify, printable, traceback_for_errors_only
from oracle.errors import UserError
from oracle.paths import path_as_found

from .catalog import Catalog
from .expectations_file import Expectation
from .recorder import StepRecorder, StepRun, Trace, expected_observed
from .reports.failures import block
from .scenarios import FeatureError, Scenario
from .terminal import summary, teststatus

#: Where the harness (oracle/harness/plugin.py) keeps the run's :class:`ResultCollector` (read by the CLI).
RESULTS = pytest.StashKey["ResultCollector"]()
#: The engine the CLI started and checked, with its description, for the suite's fixtures to use.
STARTED = pytest.StashKey[tuple[Engine, JSON]]()
#: A scenario's needs, declared and derived (the harness's plugin puts them on its test before
#: the collector reads them).
NEEDS = pytest.StashKey[list[str]]()


@dataclass
class ScenarioResult:
    """One scenario's outcome, with what it encodes; NOT RUN until a report of the run says otherwise."""

    id: str
    name: str
    feature: str
    line: int
    rulings: list[str]
    rules: list[str]
    needs: list[str]
    outcome: str = NOT_RUN
    message: str = ""
    feature_name: str = ""
    #: Seconds its test took (setup, steps and teardown).
    duration: float = 0.0
    #: The step where it stopped (keyword, text, line), if it did not pass.
    failed_step: dict[str, Any] | None = None
    #: What that step expected, and what was observed (None when it passed).
    expected: str | None = None
    observed: str | None = None
    #: Every step with its status (passed, failed, skipped, not run) and duration.
    steps: list[dict[str, Any]] = field(default_factory=list)
    #: With --transcripts: the file of what the engine was asked and answered, if it did not pass.
    transcript: str | None = None
    #: A feature file of the user's (not the suite's own): its path, as the terminal shows it;
    #: never in report.json, whose paths are the suite's features/.
    path: str | None = None

    def record(self, outcome: str, message: object = "") -> None:
        """Set the outcome and its one-line, printable message."""
        self.outcome = outcome
        self.message = printable(str(message).split("\n", 1)[0], 500) if message else ""

    def explain(self, trace: Trace | None) -> None:
        """Take the steps, duration and the step where it stopped from its trace; say why it did not pass."""
        if trace is not None:
            self.duration = round(trace.duration, 6)
            if trace.steps:
                self.steps = [step.as_dict() for step in trace.steps]
        if self.outcome == "PASS":
            self.failed_step = self.expected = self.observed = None
            return
        stopped = trace.stopped if trace is not None else None
        ran = self.outcome not in ("SKIP", NOT_RUN)
        self.failed_step = stopped.as_step() if stopped is not None and ran else None
        expected, observed = expected_observed(self.outcome, trace, self.message)
        self.expected, self.observed = printable(expected, 500), printable(observed, 500)
        if not self.message:
            self.message = self.observed


def _suite_test(item: pytest.Item) -> bool:
    """Whether ``item`` is the suite's own test (oracle/harness/scenarios.py's ``test_scenario``), not
    another test that happens to take a scenario as its parameter (the project's lints do)."""
    return getattr(item, "originalname", None) == "test_scenario" and tuple(item.path.parts[-2:]) == (
        "harness",
        "scenarios.py",
    )


def scenario_of(item: pytest.Item) -> Scenario | None:
    """The scenario a test of the suite runs, or None (another test, or a file that can't run)."""
    if not _suite_test(item):
        return None
    callspec = getattr(item, "callspec", None)
    scenario = callspec.params.get("scenario") if callspec is not None else None
    return scenario if isinstance(scenario, Scenario) else None


def unreadable_file(item: pytest.Item) -> ScenarioResult | None:
    """The result that stands for a feature file the harness could not read (a test of the suite
    taking a :class:`FeatureError`), or None: it counts, as an ERROR once its test ran."""
    if not _suite_test(item):
        return None
    callspec = getattr(item, "callspec", None)
    error = callspec.params.get("scenario") if callspec is not None else None
    if not isinstance(error, FeatureError):
        return None
    feature, name = f"{error.path.parent.name}/{error.path.name}", "(the feature file can't be run)"
    return ScenarioResult(f"{feature}::{name}", name, feature, error.line, rulings=[], rules=[], needs=[])


def scenario_result(scenario: Scenario, needs: list[str]) -> ScenarioResult:
    """A scenario's result before it runs (NOT RUN): what it encodes, from its tags, and its needs."""
    unrun = StepRun("", "", 0).as_dict()  # each step's fields, none of them run yet
    return ScenarioResult(
        id=scenario.id,
        name=scenario.name,
        feature=scenario.feature,
        line=scenario.line,
        rulings=sorted({t.split(":", 1)[1] for t in scenario.tags if t.startswith("ruling:")}),
        rules=sorted({t.split(":", 1)[1] for t in scenario.tags if t.startswith("cr:")}),
        needs=needs,
        feature_name=scenario.feature_name or scenario.feature,
        steps=[{**unrun, "keyword": s.keyword, "text": s.text, "line": s.line} for s in scenario.steps],
        path=path_as_found(scenario.path),
    )


@dataclass(eq=False)  # a plugin is hashed by pytest (a conftest outside the suite's folder makes it so)
class ResultCollector:
    """The pytest plugin: outcome of every scenario, per-ruling summary at the end."""

    catalog: Catalog
    engine: str
    expectations: dict[str, Expectation] = field(default_factory=dict)
    results: dict[str, ScenarioResult] = field(default_factory=dict)
    quiet: bool = False
    #: Scenarios that can't pass (no steps, none of their own, or no Then step), each with why:
    #: their setup is an ERROR saying so, never a PASS with nothing checked.
    unrunnable: dict[str, str] = field(default_factory=dict)
    #: Each scenario's steps as they ran (registered as a plugin of its own by oracle/harness/plugin.py).
    recorder: StepRecorder = field(default_factory=StepRecorder)
    #: Each scenario whose outcome differs from the expectations, in a line.
    changes: dict[str, str] = field(default_factory=dict)
    #: With --transcripts: the folder for the transcripts of the scenarios that did not pass.
    transcripts: Path | None = None
    #: The scenarios whose transcript could not be written (the first said why on stderr).
    unwritten: list[str] = field(default_factory=list)

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        """A result (NOT RUN yet) for each scenario the run selected: last, once ``-m`` and ``-k``
        have left out the others (a run that selects few pays for few)."""
        for item in items:
            scenario = scenario_of(item)
            if scenario is None:
                unreadable = unreadable_file(item)
                if unreadable is not None:  # changed since the run checked it: in every count, never absent
                    self.results[item.nodeid] = unreadable
                continue
            self.results[item.nodeid] = scenario_result(scenario, item.stash[NEEDS])
            if isinstance(item, pytest.Function):  # a scenario's test (not a stand-in of a test)
                item.repr_failure = traceback_for_errors_only(item.repr_failure)  # type: ignore[method-assign]
            if scenario.unrunnable:
                self.unrunnable[item.nodeid] = f"{scenario.where}: scenario {scenario.name!r} {scenario.unrunnable}"

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        for item in items:
            self.results.pop(item.nodeid, None)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        if item.nodeid in self.unrunnable:
            raise UserError(self.unrunnable[item.nodeid])

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
        outcome = yield
        report: pytest.TestReport = outcome.get_result()
        result = self.results.get(item.nodeid)
        if result is None:
            return
        error = call.excinfo.value if call.excinfo is not None else None
        trace = self.recorder.end_phase(item.nodeid, report, error)
        if report.when == "teardown":
            self._write_transcript(item, result)
        if report.when != "call" and report.outcome == "passed":
            result.explain(trace)
            return
        label = classify(error, skipped=report.outcome == "skipped")
        if report.when == "teardown":  # a scenario whose teardown broke did not end cleanly
            if result.outcome != "PASS":
                return
            label = "ERROR"
        result.record(label, error if error is not None else "")
        result.explain(trace)
        if report.failed and label != "PASS":
            lines = block(asdict(result), engine=self.engine)
            if label != "FAIL" and error is not None:  # what broke, by name, for whoever debugs it
                lines.append(f"  {type(error).__name__}: {printable(str(error).split(chr(10), 1)[0], 500)}")
            report.longrepr = "\n".join(lines)
        expected = self.expectations.get(result.id)
        if expected is not None and label == expected.outcome:
            report.outcome = "skipped"  # known: an expected failure (like pytest's xfail)
            report.wasxfail = f"expected {expected.outcome}: {expected.reason}"
        elif expected is not None and label != "SKIP":
            report.outcome = "failed"
            report.longrepr = f"{result.id}: expected {expected.outcome} ({expected.reason}), got {label}"
            self.changes[item.nodeid] = report.longrepr
        elif expected is None and self.expectations and label not in ("PASS", "SKIP"):
            self.changes[item.nodeid] = f"{result.id}: expected PASS, got {label}"

    def _write_transcript(self, item: pytest.Item, result: ScenarioResult) -> None:
        """After its last phase: the transcript of a scenario that asked the engine something and did not pass."""
        from .transcripts import RECORDING, write_transcript

        recording = item.stash.get(RECORDING, None)
        if self.transcripts is None or recording is None or not recording.messages or result.outcome == "PASS":
            return
        header = {"scenario": result.id, "outcome": result.outcome, "message": result.message, "engine": self.engine}
        try:
            result.transcript = str(write_transcript(self.transcripts, header, recording.messages))
        except OSError as exc:  # the folder was checked before the run; it broke since (removed, full)
            if not self.unwritten:  # said once, in one line, and the run goes on (its verdicts stand)
                why = f"--transcripts {self.transcripts}: can't write {result.id}'s transcript: {exc.strerror or exc}"
                print(f"mtg-conformance: error: {printable(why, 500)}", file=sys.stderr)
            self.unwritten.append(result.id)

    def ordered(self) -> list[ScenarioResult]:
        return sorted(self.results.values(), key=lambda r: (r.feature, r.line))

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """A run that looked green to pytest is not, if a selected scenario did not run or none passed."""
        if exitstatus == 0 and not session.config.option.collectonly:
            session.exitstatus = verdict(0, self.ordered())[0]

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if self.quiet or not self.results:
            return
        terminalreporter.section(f"conformance: {printable(self.engine, 80)}")
        scenarios, changes = [vars(r) for r in self.ordered()], list(self.changes.values())  # read only
        known = {i: e.outcome for i, e in self.expectations.items()}
        summary(terminalreporter.write_line, self.catalog, self.engine, scenarios, changes, known)
        _, why = verdict(0, self.ordered())
        if why:
            terminalreporter.write_line(f"not green: {why}")

    def teststatus(self, report: pytest.TestReport) -> tuple[str, str, str] | None:
        """How pytest counts a report of a scenario's test, in the suite's outcomes (None: not a scenario)."""
        result = self.results.get(report.nodeid)
        if result is None:
            return None
        known = hasattr(report, "wasxfail") and report.skipped
        return teststatus(result.outcome, report.when, report.passed, known, report.nodeid in self.changes)


def verdict(pytest_status: int, results: list[ScenarioResult]) -> tuple[int, str]:
    """The run's exit status given pytest's and the outcomes, and why it is not green when pytest
    would not say: no scenario selected (5), a selected scenario not run or none passed (1)."""
    if not results:
        return (pytest_status or 5), "no scenario was selected"
    not_run = sum(1 for r in results if r.outcome == NOT_RUN)
    if not_run:
        return (pytest_status or 1), f"{not_run} of {len(results)} selected scenarios did not run (NOT RUN)"
    if not any(r.outcome == "PASS" for r in results):
        return (pytest_status or 1), "no scenario passed, and a run in which nothing passed is not green"
    return pytest_status, ""


def as_dicts(results: list[ScenarioResult]) -> list[dict[str, Any]]:
    """The results as plain data, each a copy of its own (as :func:`dataclasses.asdict` would
    make them; a result holds only JSON's types, so one round trip through JSON copies them all)."""
    return list(json.loads(json.dumps([vars(r) for r in results])))
