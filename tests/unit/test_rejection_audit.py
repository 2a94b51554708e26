"""features/REJECTIONS.md, the audit of every refusal a scenario expects, stays equal to the feature
files: each scenario with its accepted reasons, each phrase one the rejection step knows, and the
counts its opening paragraph gives equal to its table."""

from __future__ import annotations

import re
from pathlib import Path

from oracle.harness.steps.then import REASONS

ROOT = Path(__file__).resolve().parents[2]
FEATURES = ROOT / "features"
AUDIT = FEATURES / "REJECTIONS.md"
REJECTED = re.compile(r"^\s*(?:Then|And|But) the action is rejected for (?P<reason>.+?)\s*$")


def expected_refusals() -> list[tuple[str, str, str, str]]:
    """(file, scenario, reasons, its CR tags) for every rejection step of the feature files."""
    found: list[tuple[str, str, str, str]] = []
    for path in sorted(FEATURES.rglob("*.feature")):
        scenario, tags, rules = "", "", ""
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith("@"):
                tags = ", ".join(t.removeprefix("@cr:") for t in stripped.split() if t.startswith("@cr:"))
            elif stripped.startswith(("Scenario:", "Scenario Outline:", "Example:")):
                scenario, rules = stripped.split(":", 1)[1].strip(), tags
            elif match := REJECTED.match(line):
                found.append((path.relative_to(FEATURES).as_posix(), scenario, match["reason"], rules))
    return found


def audited() -> list[list[str]]:
    rows = [line.split(" | ") for line in AUDIT.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    return [[cell.strip(" |") for cell in row] for row in rows[1:] if not row[0].startswith("|---")]


def test_the_audit_lists_every_rejection_scenario_with_the_reasons_it_accepts_and_its_rules() -> None:
    table = [(row[0], row[1], row[2], row[3]) for row in audited()]
    assert sorted(table) == sorted(expected_refusals())


def test_every_reason_of_the_audit_is_a_phrase_of_the_rejection_step() -> None:
    for row in audited():
        assert all(phrase in REASONS for phrase in row[2].split(" or ")), row


def test_the_audit_counts_what_its_table_holds() -> None:
    rows = audited()
    widened = sum(row[4].startswith("widened:") for row in rows)
    single = sum(row[4].startswith("unchanged:") for row in rows)
    assert widened + single == len(rows)
    text = AUDIT.read_text(encoding="utf-8")
    assert f"over all {len(rows)} rejection scenarios: {widened} widened, {single} with one reason" in text
    for row in rows:  # "one reason" means one phrase; several phrases say why each applies
        assert (" or " in row[2]) != row[4].startswith("unchanged: one reason"), row
