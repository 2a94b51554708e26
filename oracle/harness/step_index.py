"""pytest-bdd's step lookup, done once per step text instead of once per step and fixture.

pytest-bdd (9.0) finds the definition of each step of each scenario by going through every
fixture name of the session, asking pytest which of that name's definitions the scenario can
see, trying the parser of each step definition on the step's text, then registering the
matches as a temporary fixture and asking pytest for its value: the cost grows with steps
times fixtures.  It also inspects the signature of the step's function twice per step.

This plugin replaces ``get_step_function`` of ``pytest_bdd.scenario`` with the same search,
remembered, and ``get_gherkin_document`` of ``pytest_bdd.parser`` with a shared parse:

* the step definitions a test module can see are listed once per module (or class), in the
  order pytest-bdd goes through them (which definitions a scenario sees depends only on
  where it is defined, so every scenario of a module sees the same ones);
* a definition whose parser is a case-sensitive regular expression is filed under one word
  its text must contain (a word of the expression's literal text between non-word
  characters, e.g. "controls" in ``(?P<player>\\w+) controls (?P<spec>.+)``), and a plain
  string definition under its text; a step text is tried only on the definitions filed under
  its words or its text, and on those that can't be filed (other parsers);
* for each step text, the definitions that match and the one that wins (the closest to the
  scenario, as pytest would pick it: pytest-bdd sorts them by where they are defined and
  takes the last) are remembered;
* the signature of each step function is inspected once;
* a feature file is parsed once: pytest-bdd reads the parse that the derivation of each
  scenario's needs (``oracle/suite/needs.py``) makes too, instead of parsing it again.

So a step costs a lookup in a dict, however many definitions there are.  It relies on
pytest-bdd's internals: ``pyproject.toml`` pins pytest-bdd's version range, a run refuses to
start if a function it replaces or uses has changed shape, and ``tests/unit/test_step_index.py``
runs every scenario with ``--check-step-index``, which also runs pytest-bdd's own lookup on
every step and fails on any difference.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from gherkin.errors import CompositeParserException
from pytest_bdd import parsers
from pytest_bdd.compat import get_fixture_names, getfixturedefs
from pytest_bdd.gherkin_parser import GherkinDocument
from pytest_bdd.steps import StepFunctionContext, StepNamePrefix, step_function_context_registry

from oracle.suite.needs import gherkin_document

try:
    from re import _parser as regex_parser  # type: ignore[attr-defined]  # Python 3.11+
except ImportError:  # pragma: no cover - Python 3.10
    import sre_parse as regex_parser  # type: ignore[no-redef]

#: pytest-bdd's module ``scenario`` (the package's attribute of that name is the decorator).
bdd_scenario = importlib.import_module("pytest_bdd.scenario")
bdd_parser = importlib.import_module("pytest_bdd.parser")
#: What this plugin replaces in that module or uses from it, and the parameters of each.
SHAPES = {
    "get_step_function": ["request", "step"],
    "find_fixturedefs_for_step": ["step", "fixturemanager", "node"],
    "iterparentnodeids": ["nodeid"],
    "get_required_args": ["func"],
}
WORD = re.compile(r"\w+")


def pytest_configure(config: pytest.Config) -> None:
    for name, parameters in SHAPES.items():
        found = getattr(bdd_scenario, name, None)
        if found is None or list(inspect.signature(found).parameters) != parameters:
            raise pytest.UsageError(
                f"pytest-bdd's scenario.{name} is missing or has changed; oracle/harness/step_index.py "
                "must be checked against this pytest-bdd version (see the range pinned in pyproject.toml)"
            )
    reader = getattr(bdd_parser, "get_gherkin_document", None)
    if reader is None or list(inspect.signature(reader).parameters) != ["abs_filename", "encoding"]:
        raise pytest.UsageError("pytest-bdd's parser.get_gherkin_document is missing or has changed; see step_index.py")
    if getattr(bdd_scenario, "signature", None) is not inspect.signature:
        raise pytest.UsageError("pytest-bdd's scenario module no longer uses inspect.signature; see step_index.py")
    index = StepIndex(config.getoption("--check-step-index"))
    patch = pytest.MonkeyPatch()
    patch.setattr(bdd_parser, "get_gherkin_document", _shared_parse(bdd_parser.get_gherkin_document))
    patch.setattr(bdd_scenario, "get_step_function", index.get_step_function)
    patch.setattr(bdd_scenario, "signature", _once(bdd_scenario.signature))
    required_args = _once(bdd_scenario.get_required_args)
    patch.setattr(bdd_scenario, "get_required_args", lambda func: list(required_args(func)))
    config.add_cleanup(patch.undo)


def _shared_parse(original: Callable[..., Any]) -> Callable[..., Any]:
    """pytest-bdd's reading of a feature file, from the parse the needs derivation shares
    (:func:`oracle.suite.needs.gherkin_document`); a file that does not parse, or in another
    encoding, is left to pytest-bdd, which reports it its own way."""

    def parsed(abs_filename: str, encoding: str = "utf-8") -> Any:
        if encoding.lower().replace("-", "") != "utf8":
            return original(abs_filename, encoding)
        try:
            document = gherkin_document(Path(abs_filename))
        except (CompositeParserException, UnicodeDecodeError, OSError):
            return original(abs_filename, encoding)
        return GherkinDocument.from_dict(document)

    return parsed


def _once(inspect_function: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``inspect_function`` remembered by the function it inspects."""
    seen: dict[Any, Any] = {}

    def remembered(function: Any) -> Any:
        if function not in seen:
            seen[function] = inspect_function(function)
        return seen[function]

    return remembered


@cache
def required_word(pattern: str) -> str | None:
    """A word every text the expression fully matches must contain as a whole word, if any.

    Only literal text at the top level of the expression counts (not in a group, an
    alternative or a repetition); a word of it counts if non-word characters of the same
    literal text, or the ends of the expression, stand on both its sides.  The longest wins.
    """
    items = list(regex_parser.parse(pattern))
    leading = 1 if items and items[0] == (regex_parser.AT, regex_parser.AT_BEGINNING) else 0
    runs: list[tuple[str, bool, bool]] = []  # literal text, at the start, at the end
    current: list[str] = []
    start = 0
    for position, (opcode, argument) in enumerate([*items, (None, None)]):
        if opcode == regex_parser.LITERAL:
            if not current:
                start = position
            current.append(chr(argument))
            continue
        if current:
            rest = items[position:]
            at_end = all(op == regex_parser.AT and arg == regex_parser.AT_END for op, arg in rest)
            runs.append(("".join(current), start == leading, at_end))
            current = []
    words = []
    for text, at_start, at_end in runs:
        for match in WORD.finditer(text):
            if (match.start() > 0 or at_start) and (match.end() < len(text) or at_end):
                words.append(match.group())
    return max(words, key=len) if words else None


class Definitions:
    """The step definitions one module (or class) of scenarios can see, filed for lookup."""

    def __init__(self, fixturemanager: Any, node: Any) -> None:
        #: (fixture definition, step context), in the order pytest-bdd goes through them.
        self.entries: list[tuple[Any, StepFunctionContext]] = []
        for name in get_fixture_names(fixturemanager):
            if not name.startswith(StepNamePrefix.step_def.value):
                continue
            for fixturedef in getfixturedefs(fixturemanager, name, node) or []:
                context = step_function_context_registry.get(fixturedef.func)
                if context is not None:
                    self.entries.append((fixturedef, context))
        self.by_word: dict[str, list[int]] = {}
        self.by_text: dict[str, list[int]] = {}
        self.unfiled: list[int] = []
        for position, (_, context) in enumerate(self.entries):
            self._file(position, context)
        self.found: dict[tuple[str, str], tuple[list[Any], StepFunctionContext | None]] = {}

    def _file(self, position: int, context: StepFunctionContext) -> None:
        parser = context.parser
        if type(parser) is parsers.string:
            self.by_text.setdefault(parser.name, []).append(position)
            return
        word = None
        if type(parser) is parsers.re and isinstance(parser.regex.pattern, str):
            if not parser.regex.flags & re.IGNORECASE:
                word = required_word(parser.regex.pattern)
        if word is None:
            self.unfiled.append(position)
        else:
            self.by_word.setdefault(word, []).append(position)

    def lookup(self, step_type: str, text: str) -> tuple[list[Any], StepFunctionContext | None]:
        """The fixture definitions whose step parses ``text``, in pytest-bdd's order, and the winner."""
        key = (step_type, text)
        if key not in self.found:
            positions = set(self.unfiled) | set(self.by_text.get(text, []))
            for word in set(WORD.findall(text)):
                positions.update(self.by_word.get(word, []))
            found = []
            for position in sorted(positions):
                fixturedef, context = self.entries[position]
                if context.type is not None and context.type != step_type:
                    continue
                if context.parser.is_matching(text):
                    found.append(fixturedef)
            closest_last = sorted(found, key=lambda d: list(bdd_scenario.iterparentnodeids(d.baseid)))
            winner = step_function_context_registry.get(closest_last[-1].func) if closest_last else None
            self.found[key] = (found, winner)
        return self.found[key]


class StepIndex:
    """Stands in for pytest-bdd's ``get_step_function``; with ``check``, also runs pytest-bdd's own."""

    def __init__(self, check: bool = False) -> None:
        self.check = check
        self.original = bdd_scenario.get_step_function
        self.definitions: dict[tuple[Any, int], Definitions] = {}

    def get_step_function(self, request: pytest.FixtureRequest, step: Any) -> StepFunctionContext | None:
        node = request.node
        key = (
            node.parent if node.parent is not None else node,
            len(step_function_context_registry),
        )  # new step definitions: file again
        definitions = self.definitions.get(key)
        if definitions is None:
            definitions = self.definitions[key] = Definitions(request._fixturemanager, node)
        found, winner = definitions.lookup(step.type, step.name)
        if self.check:
            expected = list(bdd_scenario.find_fixturedefs_for_step(step, request._fixturemanager, node))
            chosen = self.original(request, step)
            if expected != found or chosen is not winner:
                raise AssertionError(
                    f"step index: {step.type} {step.name!r} found {found} ({winner}), pytest-bdd {expected} ({chosen})"
                )
        return winner
