"""Which step definition a step's text names, found once per text and kept in a dict.

pytest-bdd's decorators (``given``, ``when``, ``then``, ``step``) register every step definition
in ``pytest_bdd.steps.step_function_context_registry``; the harness runs a scenario's steps
itself (:mod:`oracle.harness.driver`) and finds each step's definition here, so a step costs
a lookup in a dict however many definitions there are:

* a definition whose parser is a case-sensitive regular expression is filed under one word its
  text must contain (a word of the expression's literal text between non-word characters,
  e.g. "controls" in ``(?P<player>\\w+) controls (?P<spec>.+)``), and a plain string
  definition under its text; a step text is tried only on the definitions filed under its
  words or its text, and on those that can't be filed (other parsers);
* for each kind and text, the one definition that matches and the arguments its parser reads
  (through the definition's converters) are remembered.

Exactly one definition must match a step: none is :class:`UndefinedStep`, several
:class:`AmbiguousStep`, each a one-line error naming the step.  ``--mtg-check-step-index`` (and
``tests/unit/test_step_index.py``) also tries every definition on every step and fails on any
difference, which guards the filing above.

    >>> from oracle.harness.steps import import_step_modules
    >>> import_step_modules()
    >>> found = INDEX.find("given", "Alice has Llanowar Elves in her hand")
    >>> found.function.__name__, found.arguments
    ('has_card', {'player': 'Alice', 'card': 'Llanowar Elves', 'zone': 'hand'})
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from pytest_bdd import parsers
from pytest_bdd.steps import StepFunctionContext, step_function_context_registry

from oracle.errors import UserError

try:
    from re import _parser as regex_parser  # type: ignore[attr-defined]  # Python 3.11+
except ImportError:  # pragma: no cover - Python 3.10
    import sre_parse as regex_parser  # type: ignore[no-redef]

WORD = re.compile(r"\w+")


class UndefinedStep(UserError):
    """No step definition matches the step's text."""


class AmbiguousStep(UserError):
    """More than one step definition matches the step's text."""


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


@dataclass(frozen=True)
class Found:
    """The definition of one step text, and the arguments its function takes from the text."""

    context: StepFunctionContext
    arguments: dict[str, Any]

    @property
    def function(self) -> Any:
        return self.context.step_func

    def call(self, world: Any) -> None:
        self.context.step_func(world=world, **self.arguments)


@cache
def _parameters(function: Any) -> Mapping[str, inspect.Parameter]:
    """The parameters of a step function (read once: a definition never changes)."""
    return inspect.signature(function).parameters


def _arguments(context: StepFunctionContext, text: str) -> dict[str, Any]:
    """What the definition's parser reads in the text, converted, for the parameters its function has."""
    parsed = context.parser.parse_arguments(text) or {}
    wanted = _parameters(context.step_func)
    return {k: context.converters.get(k, lambda v: v)(v) for k, v in parsed.items() if k in wanted}


class StepIndex:
    """Every registered step definition, filed for lookup (filed again when definitions are added)."""

    def __init__(self) -> None:
        self.check = False
        self._filed = -1  # the registry's size when the definitions were filed
        self.contexts: list[StepFunctionContext] = []
        self.by_word: dict[str, list[int]] = {}
        self.by_text: dict[str, list[int]] = {}
        self.unfiled: list[int] = []
        self.found: dict[tuple[str, str], Found] = {}

    def _file_all(self) -> None:
        self.contexts = list(step_function_context_registry.values())
        self.by_word, self.by_text, self.unfiled, self.found = {}, {}, [], {}
        for position, context in enumerate(self.contexts):
            parser = context.parser
            word = None
            if type(parser) is parsers.string:
                self.by_text.setdefault(parser.name, []).append(position)
                continue
            if type(parser) is parsers.re and isinstance(parser.regex.pattern, str):
                if not parser.regex.flags & re.IGNORECASE:
                    word = required_word(parser.regex.pattern)
            if word is None:
                self.unfiled.append(position)
            else:
                self.by_word.setdefault(word, []).append(position)
        self._filed = len(step_function_context_registry)

    def matching(self, kind: str, text: str) -> list[StepFunctionContext]:
        """Every definition of that kind (or of any kind) whose parser matches the text, filed or not."""
        if self._filed != len(step_function_context_registry):
            self._file_all()
        positions = set(self.unfiled) | set(self.by_text.get(text, []))
        for word in set(WORD.findall(text)):
            positions.update(self.by_word.get(word, []))
        return [
            self.contexts[p]
            for p in sorted(positions)
            if self.contexts[p].type in (None, kind) and self.contexts[p].parser.is_matching(text)
        ]

    def find(self, kind: str, text: str) -> Found:
        """The one definition of the step; :class:`UndefinedStep` or :class:`AmbiguousStep` otherwise."""
        if self._filed != len(step_function_context_registry):
            self._file_all()
        found = self.found.get((kind, text))
        if found is not None:
            return found
        matches = self.matching(kind, text)
        if self.check:
            every = [c for c in self.contexts if c.type in (None, kind) and c.parser.is_matching(text)]
            if every != matches:
                raise AssertionError(f"step index: {kind} {text!r} found {matches}, every definition tried {every}")
        step = f"{kind.capitalize()} {text!r}"
        if not matches:
            raise UndefinedStep(f"no step definition matches {step} (the glossary: features/README.md)")
        if len(matches) > 1:
            names = ", ".join(f"{c.step_func.__module__}.{c.step_func.__name__}" for c in matches)
            raise AmbiguousStep(f"{len(matches)} step definitions match {step}: {names}")
        found = self.found[kind, text] = Found(matches[0], _arguments(matches[0], text))
        return found


#: The index the harness and the tools share.
INDEX = StepIndex()
