"""CONTRIBUTING.md's table of independent reviews says what the reports in features/reviews/ hold:
per group of files and per round, the number of findings (each report's "### N." entries)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REVIEWS = ROOT / "features" / "reviews"


def _table() -> dict[tuple[str, int], int]:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8").split("## Independent review", 1)[1]
    header = next(line for line in text.splitlines() if line.startswith("| files |"))
    rounds = [int(cell.split()[1]) for cell in header.strip("|").split("|")[1:]]
    said = {}
    for line in text.splitlines():
        match = re.match(r"^\| (\w+): .+?((?: \| \d+)+) \|$", line)
        if match:
            counts = [int(n) for n in match.group(2).split("|") if n.strip()]
            said.update({(match.group(1), r): n for r, n in zip(rounds, counts, strict=True)})
    return said


def test_the_review_table_counts_each_reports_findings() -> None:
    reports = {}
    for path in sorted(REVIEWS.glob("*-round*.md")):
        group, number = path.stem.rsplit("-round", 1)
        reports[(group, int(number))] = len(re.findall(r"^### \d+\.", path.read_text(encoding="utf-8"), re.M))
    assert reports, "features/reviews/ holds no report"
    assert _table() == reports
