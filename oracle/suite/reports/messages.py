"""``cucumber-messages.ndjson``: the run as Cucumber Messages, the format the Cucumber ecosystem's
current tools read (formatters, HTML reports, CI plug-ins).

One JSON object per line: ``meta``; each feature file's ``source``, ``gherkinDocument`` and
``pickle`` messages (made by the official Gherkin parser, ``gherkin-official``); a
``stepDefinition`` per step definition of the suite; ``testRunStarted``; for each scenario of
the report a ``testCase`` and its ``testCaseStarted``, ``testStepStarted`` / ``testStepFinished``
per step and ``testCaseFinished``; and ``testRunFinished``.  Statuses follow the report: a
passed scenario's steps are PASSED; a skipped scenario's steps are SKIPPED; a scenario that
failed, errored, timed out or could not build its position is FAILED at the step where that
happened (PASSED before it, SKIPPED after it); a scenario that did not run is UNKNOWN.
Paths are relative to the suite, never the machine's.
"""

from __future__ import annotations

import inspect
import json
import platform
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from gherkin.stream.gherkin_events import GherkinEvents

from oracle.suite.inert import LONG, plain
from oracle.suite.tagged import text_of
from oracle.version import __version__

__all__ = ["PROTOCOL_VERSION", "Definition", "cucumber_messages", "step_definitions"]

#: The version of Cucumber Messages written (the tests check the output against its models).
PROTOCOL_VERSION = "34.2.0"
_TYPES = {"Context": "given", "Action": "when", "Outcome": "then"}
_STATUS = {"passed": "PASSED", "failed": "FAILED", "skipped": "SKIPPED", "not run": "SKIPPED"}


@dataclass(frozen=True)
class Definition:
    """A step definition: its id, kind (given, when, then), its pytest-bdd parser and where it is written."""

    id: str
    kind: str
    parser: Any
    uri: str
    line: int

    @property
    def pattern(self) -> dict[str, str]:
        """A regular expression for ``parsers.re``; the parse-style ``{name}`` pattern otherwise."""
        regex = getattr(self.parser, "regex", None)
        if regex is not None:
            return {"source": regex.pattern, "type": "REGULAR_EXPRESSION"}
        return {"source": str(self.parser.name), "type": "CUCUMBER_EXPRESSION"}

    def arguments(self, text: str) -> list[dict[str, Any]]:
        """Where each argument of the step text starts, and its value."""
        regex = getattr(self.parser, "regex", None)
        if regex is not None and (found := regex.fullmatch(text)):
            spans = [(found.start(i), found.group(i)) for i in range(1, regex.groups + 1)]
        elif (parser := getattr(self.parser, "parser", None)) is not None and (found := parser.parse(text)):
            spans = [(found.spans[k][0], text[slice(*found.spans[k])]) for k in sorted(found.spans, key=str)]
        else:
            spans = []
        return [
            {"group": {"start": start, "value": value, "children": []}} for start, value in spans if value is not None
        ]


def step_definitions(root: Path) -> list[Definition]:
    """The suite's step definitions pytest-bdd has registered in this process (the run's), in a
    stable order; those written outside the suite (pytest-bdd's own) are left out."""
    from pytest_bdd.steps import step_function_context_registry

    found = []
    for context in list(step_function_context_registry.values()):
        function = inspect.unwrap(context.step_func)
        try:
            path = Path(inspect.getsourcefile(function) or "").resolve()
            uri = path.relative_to(root.resolve()).as_posix()
            line = inspect.getsourcelines(function)[1]
        except (TypeError, ValueError, OSError):
            continue
        found.append((uri, line, str(context.type or ""), context.parser))
    found.sort(key=lambda f: (f[0], f[1], f[2], str(f[3].name)))
    return [Definition(f"sd{n}", kind, parser, uri, line) for n, (uri, line, kind, parser) in enumerate(found, 1)]


def _timestamp(seconds: float) -> dict[str, int]:
    whole = int(seconds)
    return {"seconds": whole, "nanos": round((seconds - whole) * 1e9) % 1_000_000_000}


def _duration(seconds: float) -> dict[str, int]:
    return _timestamp(max(0.0, float(seconds or 0)))


def _gherkin(root: Path, features: Sequence[str]) -> Iterator[dict[str, Any]]:
    events = GherkinEvents(GherkinEvents.Options(print_source=True, print_ast=True, print_pickles=True))
    for feature in features:
        uri = f"features/{feature}"
        source = {
            "source": {
                "uri": uri,
                "data": text_of(root / uri),
                "mediaType": "text/x.cucumber.gherkin+plain",
            }
        }
        yield from events.enum(source)  # type: ignore[arg-type]


def _step_lines(document: Mapping[str, Any]) -> dict[str, int]:
    """Every step's AST node id -> its line, Backgrounds and Rules included."""
    lines: dict[str, int] = {}

    def walk(children: Sequence[Mapping[str, Any]]) -> None:
        for child in children:
            for kind in ("background", "scenario"):
                for step in child.get(kind, {}).get("steps", []):
                    lines[step["id"]] = step["location"]["line"]
            if "rule" in child:
                walk(child["rule"].get("children", []))

    walk(document.get("feature", {}).get("children", []))
    return lines


def _match(definitions: Sequence[Definition], kind: str, text: str) -> tuple[list[str], list[dict[str, Any]]]:
    ids, arguments = [], []
    for definition in definitions:
        if definition.kind in (kind, "") and definition.parser.is_matching(text):
            ids.append(definition.id)
            arguments.append({"stepMatchArguments": definition.arguments(text)})
    return ids, arguments


def _statuses(scenario: Mapping[str, Any], lines: Sequence[int]) -> list[tuple[str, float]]:
    """Each pickle step's status and duration, from the report's scenario."""
    outcome = scenario["outcome"]
    if outcome == "SKIP":
        return [("SKIPPED", 0.0)] * len(lines)
    if outcome == "NOT RUN":
        return [("UNKNOWN", 0.0)] * len(lines)
    ran = {int(s.get("line", 0)): s for s in scenario.get("steps") or []}
    failed = (scenario.get("failed_step") or {}).get("line")
    result: list[tuple[str, float]] = []
    past = False
    for line in lines:
        step = ran.get(line, {})
        if outcome != "PASS" and (line == failed or (failed is None and not result)):
            status, past = "FAILED", True
        elif past:
            status = "SKIPPED"
        else:
            status = _STATUS.get(str(step.get("status")), "PASSED")
        result.append((status, float(step.get("duration") or 0)))
    return result


def cucumber_messages(report: Mapping[str, Any], root: Path, definitions: Sequence[Definition] = ()) -> str:
    """The report as Cucumber Messages, one JSON object per line."""
    scenarios = {(f"features/{s['feature']}", s["name"]): s for s in report.get("scenarios", [])}
    features = list(dict.fromkeys(s["feature"] for s in report.get("scenarios", [])))
    out: list[dict[str, Any]] = [
        {
            "meta": {
                "protocolVersion": PROTOCOL_VERSION,
                "implementation": {"name": "mtg-conformance", "version": __version__},
                "runtime": {"name": platform.python_implementation(), "version": platform.python_version()},
                "os": {"name": platform.system() or "unknown"},
                "cpu": {"name": platform.machine() or "unknown"},
            }
        }
    ]
    pickles, step_lines = [], {}
    matched: dict[tuple[str, str], tuple[list[str], list[dict[str, Any]]]] = {}
    for message in _gherkin(root, features):
        out.append(message)
        if "gherkinDocument" in message:
            step_lines.update(_step_lines(message["gherkinDocument"]))
        if "pickle" in message:
            pickles.append(message["pickle"])
    for d in definitions:
        reference = {"uri": d.uri, "location": {"line": d.line}}
        out.append({"stepDefinition": {"id": d.id, "pattern": d.pattern, "sourceReference": reference}})
    start = datetime.fromisoformat(str(report.get("date"))).timestamp()
    out.append({"testRunStarted": {"id": "run", "timestamp": _timestamp(start)}})
    clock = start
    for number, pickle in enumerate(pickles, 1):
        scenario = scenarios.get((pickle["uri"], pickle["name"]))
        if scenario is None:
            continue
        steps = []
        for index, step in enumerate(pickle["steps"], 1):
            key = (_TYPES.get(step.get("type", ""), ""), step["text"])
            if key not in matched:  # a step's text recurs in many scenarios: matched once (and
                matched[key] = _match(definitions, *key)  # the lists shared, only ever written out)
            ids, arguments = matched[key]
            steps.append(
                {
                    "id": f"tc{number}-s{index}",
                    "pickleStepId": step["id"],
                    "stepDefinitionIds": ids,
                    "stepMatchArgumentsLists": arguments,
                }
            )
        out.append(
            {"testCase": {"id": f"tc{number}", "pickleId": pickle["id"], "testSteps": steps, "testRunStartedId": "run"}}
        )
        started = f"tcs{number}"
        out.append(
            {
                "testCaseStarted": {
                    "id": started,
                    "testCaseId": f"tc{number}",
                    "attempt": 0,
                    "timestamp": _timestamp(clock),
                }
            }
        )
        lines = [step_lines.get(s["astNodeIds"][0], 0) for s in pickle["steps"]]
        for step, (status, seconds) in zip(steps, _statuses(scenario, lines), strict=True):
            out.append(
                {
                    "testStepStarted": {
                        "testCaseStartedId": started,
                        "testStepId": step["id"],
                        "timestamp": _timestamp(clock),
                    }
                }
            )
            clock += seconds
            result: dict[str, Any] = {"status": status, "duration": _duration(seconds)}
            if status == "FAILED":
                expected, observed = scenario.get("expected"), scenario.get("observed")
                text = (
                    f"expected {expected}; observed {observed}"
                    if expected and observed
                    else scenario.get("message", "")
                )
                result["message"] = plain(text, LONG) or scenario["outcome"]
                result["exception"] = {"type": scenario["outcome"], "message": result["message"]}
            finished = {"testCaseStartedId": started, "testStepId": step["id"], "testStepResult": result}
            out.append({"testStepFinished": {**finished, "timestamp": _timestamp(clock)}})
        out.append(
            {"testCaseFinished": {"testCaseStartedId": started, "timestamp": _timestamp(clock), "willBeRetried": False}}
        )
    success = all(s["outcome"] in ("PASS", "SKIP") for s in report.get("scenarios", []))
    out.append({"testRunFinished": {"success": success, "timestamp": _timestamp(clock), "testRunStartedId": "run"}})
    return "".join(json.dumps(m, ensure_ascii=False, separators=(",", ":")) + "\n" for m in out)
