"""Every scenario's tags and number of steps, read line by line from its feature file.

This reader needs no Gherkin parser, so it also works on files that do not parse: the lint and
the command check every tag with it (:func:`oracle.suite.catalog.tag_problems`) before anything
is parsed.  Each file is read once while it is unchanged; the suite's own ``features/`` is read
once for every run that leaves them unchanged (:func:`_recall`): its tags and its parsed
scenarios (:func:`oracle.suite.scenarios.read_feature`) are kept between runs together
(:mod:`oracle.kept`), since every run reads both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from oracle.errors import CatalogError
from oracle.files import MAX_FEATURE, read_input
from oracle.kept import keeps, kept

from .scenarios import Scenario, file_key, read_feature, remember


@dataclass(frozen=True)
class TaggedScenario:
    """A scenario's name, where it is, and its ruling and CR tags (feature and rule tags included)."""

    name: str
    path: Path
    line: int
    rulings: tuple[str, ...]
    rules: tuple[str, ...]
    tags: tuple[str, ...]
    #: Its steps, those of the Background before it included.
    steps: int = 0

    @property
    def needs(self) -> tuple[str, ...]:
        return tuple(t.split(":", 1)[1] for t in self.tags if t.startswith("needs:"))


_KEYWORD = re.compile(r"^\s*(Scenario Outline|Scenario Template|Scenario|Example):\s*(.+?)\s*$")
_STEP = re.compile(r"^\s*(Given|When|Then|And|But|\*)\s")


def text_of(path: Path) -> str:
    """A fixture or feature file's text; unreadable or not UTF-8 is a one-line error naming it."""
    data = read_input(path, MAX_FEATURE, "feature file or text fixture", CatalogError)
    try:
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")  # as read_text() reads it
    except UnicodeDecodeError as exc:
        raise CatalogError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def feature_tags(features: Path) -> list[TaggedScenario]:
    """Every scenario of every feature file with its effective tags and its number of steps, read
    line by line.  This reader needs no Gherkin parser, so it also works on files that do not parse.
    """
    paths = [features] if features.is_file() else sorted(features.rglob("*.feature"))
    _recall(paths)
    found = []
    for path in paths:
        found += _scenarios_of(path)
    return found


#: Each feature file's scenarios as read, with the size and time of change the file had then.
_READ: dict[Path, tuple[tuple[int, int], list[TaggedScenario]]] = {}
#: The lists of files whose reading was recalled from the kept one in this process.
_RECALLED: set[tuple[Path, ...]] = set()


def _scenarios_of(path: Path) -> list[TaggedScenario]:
    """The file's scenarios, read again only if it changed since (a run checks the tags of its
    files in the command, then in pytest's session)."""
    key = file_key(path)
    known = _READ.get(path)
    if known is None or known[0] != key:
        known = _READ[path] = (key, _read_scenarios_of(path))
    return list(known[1])


#: What is kept of each file: its size and time of change, its tagged scenarios, its parsed ones.
Reading = dict[Path, tuple[tuple[int, int], list[TaggedScenario], tuple[Scenario, ...]]]


def _recall(paths: list[Path]) -> None:
    """Fill both readers' memos (this module's and :func:`~oracle.suite.scenarios.read_feature`'s)
    with the kept reading of these files, if they are the suite's own (:func:`oracle.kept.keeps`).
    A file that can't be read or parsed leaves them as they are: each reader raises its own error
    for it, in its own words, and nothing is kept."""
    listed = tuple(paths)
    if listed in _RECALLED or not keeps(paths):
        return
    from .gherkin_cache import parser_version

    try:
        reading = kept("features", paths, lambda: _read_all(paths), parser_version())
    except Exception:  # a file that can't be read or parsed (UserError, FeatureError, OSError...)
        return
    for path, (key, tagged, scenarios) in reading.items():
        _READ[path] = (key, tagged)
        remember(path, key, scenarios)
    _RECALLED.add(listed)


def _read_all(paths: list[Path]) -> Reading:
    return {path: (file_key(path), _read_scenarios_of(path), tuple(read_feature(path))) for path in paths}


def _read_scenarios_of(path: Path) -> list[TaggedScenario]:
    found: list[tuple[str, int, tuple[str, ...], int]] = []  # name, line, tags, steps
    pending: list[str] = []
    inherited: dict[str, list[str]] = {"Feature": [], "Rule": []}
    background = {"Feature": 0, "Rule": 0}
    counting = ""  # what the step lines being read belong to: a Background ("Feature", "Rule") or "scenario"
    in_rule = False
    for number, line in enumerate(text_of(path).splitlines(), start=1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("@"):
            pending += [t for t in stripped.split() if t.startswith("@")]
            continue
        if stripped.startswith("Feature:"):
            inherited, background, counting = {"Feature": pending, "Rule": []}, {"Feature": 0, "Rule": 0}, ""
            pending, in_rule = [], False
        elif stripped.startswith("Rule:"):
            inherited["Rule"], background["Rule"], counting = pending, 0, ""
            pending, in_rule = [], True
        elif stripped.startswith("Background:"):
            counting = "Rule" if in_rule else "Feature"
        elif _STEP.match(line):
            if counting == "scenario":
                name, at, tags, steps = found[-1]
                found[-1] = (name, at, tags, steps + 1)
            elif counting:
                background[counting] += 1
            else:
                pending = []
        elif match := _KEYWORD.match(line):
            tags = tuple(t[1:] for t in inherited["Feature"] + inherited["Rule"] + pending)
            found.append((match.group(2), number, tags, background["Feature"] + background["Rule"]))
            pending, counting = [], "scenario"
        elif not stripped.startswith("#"):
            pending = []
    return [
        TaggedScenario(
            name=name,
            path=path,
            line=at,
            rulings=tuple(t.split(":", 1)[1] for t in tags if t.startswith("ruling:")),
            rules=tuple(t.split(":", 1)[1] for t in tags if t.startswith("cr:")),
            tags=tags,
            steps=steps,
        )
        for name, at, tags, steps in found
    ]
