"""The scenarios of feature files, as the harness runs them and the needs derivation reads them.

Each feature file is parsed by the official Gherkin parser, once while it is unchanged
(:func:`gherkin_document`; :mod:`oracle.suite.gherkin_cache` keeps the parse between runs too).  A
scenario carries its steps (its Feature's and Rule's Background first), its tags (its
Feature's and Rule's, then its own) and where it is written.  Its id is the one reports and
expectations files use: ``<folder>/<file>::<name>``, the folder being the one the file is in
(``mana/could_produce.feature::...`` for ``features/mana/could_produce.feature``).

    >>> from oracle.paths import suite_root
    >>> first = read_feature(sorted((suite_root() / "features" / "core").glob("*.feature"))[0])[0]
    >>> first.steps[0].kind, first.steps[0].keyword
    ('given', 'Given')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle.errors import UserError
from oracle.files import MAX_FEATURE, read_input

_KEYWORD_TYPES = {"Context": "given", "Action": "when", "Outcome": "then"}


class _Unreadable(UserError):
    """A feature file that is no regular file, is too large or can't be read (:func:`~oracle.files.read_input`)."""


class FeatureError(Exception):
    """A feature file that can't be run: it does not parse, or it holds what the harness can't run."""

    def __init__(self, path: Path, line: int, message: str) -> None:
        super().__init__(f"{path.parent.name}/{path.name}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


@dataclass(frozen=True)
class Step:
    """One step: ``kind`` is given, when or then (an And or But step takes the kind before it)."""

    kind: str
    text: str
    keyword: str = ""  # as written, without its space: Given, And, ...
    line: int = 0


@dataclass(frozen=True)
class Scenario:
    """One scenario of a feature file."""

    path: Path
    name: str
    steps: tuple[Step, ...]
    line: int = 0
    feature_name: str = ""
    #: The tags of its Feature and Rule, then its own, without their ``@``.
    outer_tags: tuple[str, ...] = ()
    own_tags: tuple[str, ...] = ()
    #: How many of its steps are its Background's (they come first).
    background: int = 0

    @property
    def feature(self) -> str:
        """The file as reports name it: ``<folder>/<file>``."""
        return f"{self.path.parent.name}/{self.path.name}"

    @property
    def id(self) -> str:
        return f"{self.feature}::{self.name}"

    @property
    def tags(self) -> tuple[str, ...]:
        return (*self.outer_tags, *self.own_tags)

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"

    @property
    def unrunnable(self) -> str:
        """Why the scenario can't pass, or "": a PASS means every Then step held, so a scenario
        needs steps of its own and a Then among them (its Background's steps set it up only)."""
        own = self.steps[self.background :]
        if not self.steps:
            return "has no steps, so it can't pass"
        if not own:
            return "has no steps of its own (only its Background's), so it checks nothing and can't pass"
        if not any(step.kind == "then" for step in own):
            return "has no Then step of its own, so nothing it does is checked and it can't pass"
        return ""


def feature_files(roots: list[Path]) -> list[Path]:
    """Every .feature file of these files and folders, each once, in a fixed order; a folder's
    hidden files and folders (a name starting with ".") are not walked: they hold what a tool keeps
    aside, never a scenario of the user's."""
    found: list[Path] = []
    for root in roots:
        if root.is_file():
            found.append(root)
            continue
        found += sorted(
            p for p in root.rglob("*.feature") if not any(part.startswith(".") for part in p.relative_to(root).parts)
        )
    return list(dict.fromkeys(p.resolve() for p in found))


def file_key(path: Path) -> tuple[int, int]:
    """The file's size and time of change, which the memos of its readers compare (here and in
    :mod:`oracle.suite.tagged`); (-1, -1) for a file that can't be read (reading it says why)."""
    try:
        stat = path.stat()
    except OSError:
        return (-1, -1)
    return (stat.st_size, stat.st_mtime_ns)


#: Feature files parsed already, by path, with the size and time of change they had then.
_PARSED: dict[Path, tuple[tuple[int, int], dict[str, Any]]] = {}
#: The scenarios read from each file, with its size and time of change then (a run's checks,
#: needs and collection read the same).
_SCENARIOS: dict[Path, tuple[tuple[int, int], tuple[Scenario, ...]]] = {}


def remember(path: Path, key: tuple[int, int], scenarios: tuple[Scenario, ...]) -> None:
    """The scenarios of the file, as read when it had this size and time of change (``key``):
    :func:`read_feature` gives them while it still has (:mod:`oracle.suite.tagged` recalls them
    from the reading kept between runs)."""
    _SCENARIOS[path] = (key, scenarios)


def gherkin_document(path: Path) -> dict[str, Any]:
    """A feature file parsed by the official Gherkin parser, parsed once while it is unchanged
    (the needs derivation and the harness read the same parse).
    The document is shared: read it, never change it."""
    from .gherkin_cache import parse_feature

    key = file_key(path)
    known = _PARSED.get(path)
    if known is not None and known[0] == key:
        return known[1]
    data = read_input(path, MAX_FEATURE, "feature file", _Unreadable)  # a regular file, bounded
    document = parse_feature(data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n"))
    _PARSED[path] = (key, document)
    return document


def read_feature(path: Path) -> list[Scenario]:
    """Every scenario of one feature file; :class:`FeatureError` if it does not parse, has no
    ``Feature:`` line or no scenario, or holds a Scenario Outline (each case is a scenario of its
    own, so that reports name each)."""
    key = file_key(path)
    known = _SCENARIOS.get(path)
    if known is not None and known[0] == key:  # the same file: the same (frozen) scenarios
        return list(known[1])
    try:
        document = gherkin_document(path)
    except _Unreadable as exc:
        raise FeatureError(path, 1, str(exc).removeprefix(f"{path}: ")) from None
    except UnicodeDecodeError as exc:
        raise FeatureError(path, 1, f"feature file is not UTF-8 text (byte {exc.start})") from None
    except Exception as exc:
        # Only the parser raises this (a parse from the cache raises nothing), so it is imported
        # only when the parser ran: a run whose parses are all cached never imports gherkin.
        from gherkin.errors import CompositeParserException

        if not isinstance(exc, CompositeParserException):
            raise
        first = (getattr(exc, "errors", None) or [exc])[0]
        line = int(getattr(first, "location", {}).get("line") or 1)
        message = re.sub(r"^\(\d+:\d+\):\s*", "", " ".join(str(first).split()))
        raise FeatureError(path, line, f"feature file does not parse: {message}") from None
    feature = document.get("feature")
    if not feature:
        raise FeatureError(path, 1, "not a feature file: it has no 'Feature:' line")
    found: list[Scenario] = []
    _collect(feature.get("children", []), path, feature.get("name", ""), _tags(feature), (), found)
    if not found:
        raise FeatureError(path, int(feature["location"]["line"]), "the feature has no scenario")
    _SCENARIOS[path] = (key, tuple(found))
    return list(found)


def _tags(node: dict[str, Any]) -> tuple[str, ...]:
    return tuple(t["name"][1:] for t in node.get("tags", []))


def _steps(raw: list[dict[str, Any]], previous: str = "given") -> tuple[Step, ...]:
    found = []
    for step in raw:
        previous = _KEYWORD_TYPES.get(step["keywordType"], previous)
        found.append(Step(previous, step["text"], step["keyword"].strip(), step["location"]["line"]))
    return tuple(found)


def _collect(
    children: list[dict[str, Any]],
    path: Path,
    feature_name: str,
    outer: tuple[str, ...],
    background: tuple[Step, ...],
    found: list[Scenario],
) -> None:
    for child in children:
        if "background" in child:
            background += _steps(child["background"]["steps"])
        elif "rule" in child:
            rule = child["rule"]
            _collect(rule.get("children", []), path, feature_name, outer + _tags(rule), background, found)
        elif "scenario" in child:
            scenario = child["scenario"]
            line = scenario["location"]["line"]
            if scenario.get("examples"):
                raise FeatureError(path, line, "a Scenario Outline is not run: write a Scenario for each case")
            own = _steps(scenario["steps"], background[-1].kind if background else "given")
            found.append(
                Scenario(
                    path,
                    scenario["name"],
                    background + own,
                    line,
                    feature_name,
                    outer,
                    _tags(scenario),
                    len(background),
                )
            )
