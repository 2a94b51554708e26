"""The Comprehensive Rules, whole: the pinned edition's text parsed into numbered rules.

The suite follows one edition, kept whole in ``fixtures/comprehensive_rules/`` as Wizards of the
Coast publish it (the plain-text file), and named with its effective date and SHA-256 in
``fixtures/comprehensive_rules.toml``: a file that is not the one pinned (cut short, edited,
another edition) is a one-line error, never a quiet change of the law.  Every paragraph the
project cites takes its text from here, so no second copy can drift.

The text is read as the CR lays it out: the contents, then the rules, then the glossary and the
credits.  Between the second "1. Game Concepts" line (the first is the contents) and the second
"Glossary" line, a line "702.152a Text" is a subrule, "106.7. Text" a rule, "702. Keyword
Abilities" a rule's heading (a *subsection*), "7. Additional Rules" a *section*; an "Example:"
line belongs to the paragraph above it, and so does an indented line (a second paragraph of the
same rule, as in 305.6).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from ..errors import CatalogError
from ..files import MAX_EDITION, read_input

PARAGRAPH = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? (.+)$")
SUBSECTION = re.compile(r"^(\d{3})\. (.+)$")
SECTION = re.compile(r"^(\d)\. (.+)$")
EFFECTIVE = re.compile(r"effective as of (\w+ \d{1,2}, \d{4})")
#: A rule number as the project cites it: 106.7, 702.152a.
RULE_NUMBER = re.compile(r"^\d{3}\.\d+[a-z]?$")


@dataclass(frozen=True)
class Paragraph:
    """One numbered rule or subrule: its number, its text (every line of it, examples aside)."""

    number: str
    text: str
    examples: tuple[str, ...] = ()

    @property
    def subsection(self) -> str:
        """The rule's heading number: 702 for 702.152a (CR 702 is "Keyword Abilities")."""
        return self.number.split(".")[0]

    @property
    def section(self) -> str:
        """The section's number: 7 for 702.152a (CR section 7 is "Additional Rules")."""
        return self.number[0]


@dataclass(frozen=True)
class Edition:
    """One edition of the CR: its effective date, its numbered paragraphs in order, and headings."""

    date: str
    paragraphs: dict[str, Paragraph] = field(default_factory=dict)
    subsections: dict[str, str] = field(default_factory=dict)
    sections: dict[str, str] = field(default_factory=dict)


def _body(lines: list[str], where: str) -> list[str]:
    """The lines of the rules themselves: after the contents, before the glossary."""
    starts = [i for i, line in enumerate(lines) if line.strip() == "1. Game Concepts"]
    ends = [i for i, line in enumerate(lines) if line.strip() == "Glossary"]
    if len(starts) < 2 or len(ends) < 2 or ends[1] < starts[1]:
        raise CatalogError(f"{where}: not the Comprehensive Rules' text (no contents, rules and glossary)")
    return lines[starts[1] : ends[1]]


def parse(text: str, where: str = "the CR text") -> Edition:
    """The edition in ``text``; a text that is not the CR's layout is a :class:`CatalogError`."""
    text = text.lstrip("\ufeff")
    found = EFFECTIVE.search(text)
    if not found:
        raise CatalogError(f"{where}: no 'These rules are effective as of <date>' line")
    date = datetime.strptime(found.group(1), "%B %d, %Y").date().isoformat()
    edition = Edition(date)
    last: Paragraph | None = None
    for raw in _body(text.splitlines(), where):
        line = raw.strip()
        if not line:
            continue
        if match := PARAGRAPH.match(line):
            last = Paragraph(match.group(1), match.group(2))
            if last.number in edition.paragraphs:  # which of the two is the rule? neither is kept quietly
                raise CatalogError(f"{where}: rule {last.number} is numbered twice; a text of the CR numbers each rule once")
            edition.paragraphs[last.number] = last
        elif match := SUBSECTION.match(line):
            edition.subsections[match.group(1)] = match.group(2)
            last = None
        elif match := SECTION.match(line):
            edition.sections[match.group(1)] = match.group(2)
            last = None
        elif last is not None:
            grown = (
                Paragraph(last.number, last.text, (*last.examples, line))
                if line.startswith("Example")
                else Paragraph(last.number, f"{last.text}\n{line}", last.examples)
            )
            edition.paragraphs[last.number] = last = grown
    return edition


def read_edition(path: Path, sha256: str | None = None) -> Edition:
    """The edition in the file at ``path``; with ``sha256``, only if the file is exactly that one."""
    data = read_input(path, MAX_EDITION, "text of the Comprehensive Rules", CatalogError)
    if sha256 is not None and hashlib.sha256(data).hexdigest() != sha256:
        raise CatalogError(
            f"{path}: not the pinned text of the Comprehensive Rules (its SHA-256 is not the one "
            "fixtures/comprehensive_rules.toml names): restore the file, or pin a new edition"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CatalogError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return parse(text, str(path))


def changed(old: Edition, new: Edition, cited: Iterable[str]) -> list[str]:
    """One line for each cited paragraph whose text changed from ``old`` to ``new``, or whose
    number is gone from ``new`` (a renumbered rule is gone under its old number)."""
    lines = []
    for number in sorted(set(cited), key=sort_key):
        before, after = old.paragraphs.get(number), new.paragraphs.get(number)
        if before is None:
            lines.append(f"{number}: not in the {old.date} edition")
        elif after is None:
            lines.append(f"{number}: gone in the {new.date} edition (renumbered or removed)")
        elif " ".join(before.text.split()) != " ".join(after.text.split()):
            lines.append(f"{number}: text changed in the {new.date} edition")
    return lines


def sort_key(number: str) -> tuple[int, int, str]:
    """Rule numbers in the CR's own order: 106.7 before 106.12, 106.12 before 106.12a."""
    head, _, tail = number.partition(".")
    digits = "".join(c for c in tail if c.isdigit())
    return int(head), int(digits or 0), tail[len(digits) :]
