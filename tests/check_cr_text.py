"""Maintainer check: every paragraph of fixtures/comprehensive_rules.toml is the CR's own text.

The Comprehensive Rules are published by Wizards of the Coast as a plain-text file
(https://magic.wizards.com/en/rules, "TXT"). Save the edition named by the fixture's ``edition``
locally, then run::

    python tests/check_cr_text.py PATH/TO/MagicCompRules.txt

It prints one line per paragraph that is missing from the CR or is not verbatim (whitespace
aside: runs of spaces are one space) and exits 1 if there is any, 0 otherwise. The CR's own
characters (curly quotes, em dashes, ™) must be kept as the CR has them. The CR text itself is not
part of the project; ``tests/unit/test_cr_text.py`` runs this check when the environment variable
``MTG_CR_TEXT`` names the saved file.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from oracle.toml import read_toml

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "fixtures" / "comprehensive_rules.toml"

#: A numbered paragraph: "100.1. Text" (a rule) or "100.1a Text" (a subrule).
_PARAGRAPH = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? (.+)$")
_EFFECTIVE = re.compile(r"effective as of (\w+ \d{1,2}, \d{4})")


def normalize(text: str) -> str:
    """The text with every run of whitespace as one space, and no space at either end."""
    return " ".join(text.split())


def parse_cr(text: str) -> tuple[str | None, dict[str, str]]:
    """The CR's effective date (ISO) and its numbered paragraphs, number to text (examples aside)."""
    text = text.lstrip("\ufeff")
    found = _EFFECTIVE.search(text)
    edition = datetime.strptime(found.group(1), "%B %d, %Y").date().isoformat() if found else None
    paragraphs: dict[str, str] = {}
    for line in text.splitlines():
        match = _PARAGRAPH.match(line.strip())
        if match and match.group(1) not in paragraphs:
            paragraphs[match.group(1)] = normalize(match.group(2))
    return edition, paragraphs


def problems(fixture: Mapping[str, object], cr_text: str) -> list[str]:
    """One line per fixture paragraph (or edition) that the CR text does not bear out."""
    edition, paragraphs = parse_cr(cr_text)
    found: list[str] = []
    if edition != fixture.get("edition"):
        found.append(f"edition: the fixture says {fixture.get('edition')}, the CR text is effective {edition}")
    rules = fixture.get("rules", {})
    assert isinstance(rules, Mapping)
    for number, rule in rules.items():
        text = normalize(str(rule.get("text", "")))
        expected = paragraphs.get(number)
        if expected is None:
            found.append(f"{number}: not a paragraph of the CR text")
        elif text != expected:
            at = next(
                (i for i, (a, b) in enumerate(zip(text, expected, strict=False)) if a != b),
                min(len(text), len(expected)),
            )
            found.append(
                f"{number}: not verbatim from character {at}: fixture {text[at : at + 40]!r}, CR {expected[at : at + 40]!r}"
            )
    return found


def main(argv: list[str] | None = None) -> int:
    """Check the fixture against the CR text file named on the command line."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python tests/check_cr_text.py PATH/TO/MagicCompRules.txt", file=sys.stderr)
        return 2
    try:
        cr_text = Path(args[0]).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"cannot read the CR text: {error}", file=sys.stderr)
        return 2
    fixture = read_toml(FIXTURE)
    found = problems(fixture, cr_text)
    for line in found:
        print(line)
    count = len(fixture.get("rules", {}))
    print(f"{count - len([p for p in found if not p.startswith('edition')])} of {count} paragraphs verbatim")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
