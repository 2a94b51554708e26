"""``mtg-conformance compare OLD NEW``: what was fixed, what broke and what changed between two
reports, as text or Markdown; exit 1 on a new failure only, and 2 in one line on a file that is
not a report."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from oracle.suite.cli import main
from oracle.suite.compare import compare, kind
from tests.unit.test_docs import ORCHARD, make_report

ROOT = Path(__file__).resolve().parents[2]
HISTORY = ROOT / "fixtures" / "engines" / "phase" / "history"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("PASS", "PASS", None),
        ("FAIL", "FAIL", None),
        ("SKIP", "SKIP", None),
        ("FAIL", "PASS", "fixed"),
        ("SKIP", "PASS", "fixed"),
        ("NOT RUN", "PASS", "fixed"),
        *[("PASS", bad, "broken") for bad in ("FAIL", "ERROR", "TIMEOUT", "PRECONDITION", "UNSUPPORTED")],
        ("PASS", "SKIP", "changed"),
        ("PASS", "NOT RUN", "changed"),
        ("FAIL", "ERROR", "changed"),
        ("SKIP", "FAIL", "changed"),
        (None, "FAIL", "added"),
        ("PASS", None, "removed"),
    ],
)
def test_each_change_of_outcome_has_its_kind(old: str | None, new: str | None, expected: str | None) -> None:
    assert kind(old, new) == expected


def test_a_failure_that_stops_at_another_step_has_changed() -> None:
    assert kind("FAIL", "FAIL", {"line": 3}, {"line": 4}) == "changed"
    assert kind("FAIL", "FAIL", {"line": 3}, {"line": 3}) is None


def _write(tmp_path: Path, name: str, report: dict[str, Any]) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    return str(path)


def _names(count: int) -> list[str]:
    return [s["name"] for s in make_report("x", "1")["scenarios"][:count]]


@pytest.fixture
def two(tmp_path: Path) -> tuple[str, str, list[str]]:
    """Reports of one engine, 1.0 and 2.0: the first scenario fixed, the second broken (its
    message holds markup), the third FAIL to ERROR, the fourth dropped from the new one."""
    first, second, third, fourth = _names(4)
    old = make_report("engine", "1.0", {first: "FAIL", third: "FAIL"})
    new = make_report("engine", "2.0", {second: "FAIL", third: "ERROR"}, {second: "pool holds | <b>{C}</b> [x](y)"})
    new["scenarios"] = [s for s in new["scenarios"] if s["name"] != fourth]
    return _write(tmp_path, "old", old), _write(tmp_path, "new", new), [first, second, third, fourth]


def test_compare_sorts_every_scenario_by_its_change(two: tuple[str, str, list[str]]) -> None:
    old_path, new_path, (first, second, third, fourth) = two
    old, new = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (old_path, new_path))
    result = compare(old, new)
    kinds = {k: [c.id.split("::")[1] for c in v] for k, v in result.changes.items()}
    assert kinds == {"broken": [second], "fixed": [first], "changed": [third], "added": [], "removed": [fourth]}
    assert result.unchanged == len(old["scenarios"]) - 4
    broken = result.broken[0]
    last = next(s for s in new["scenarios"] if s["name"] == second)["steps"][-1]
    assert (broken.old, broken.new, broken.line) == ("PASS", "FAIL", last["line"])
    assert broken.step == f"{last['keyword']} {last['text']}" and "<b>{C}</b>" in broken.message
    assert result.fixed[0].step == "" and result.changes["removed"][0].new is None


def test_a_new_failure_is_printed_with_its_step_and_exits_1(
    two: tuple[str, str, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    old, new, (first, second, third, fourth) = two
    assert main(["compare", old, new]) == 1
    out = capsys.readouterr().out
    assert out.startswith(
        "engine 1.0 (2026-11-30) → engine 2.0 (2026-11-30)\n1 broken, 1 fixed, 1 changed, 1 removed, "
    )
    broken = out.split("broken (1):\n")[1].split("\n\n")[0].splitlines()
    assert broken[0].startswith("  PASS → FAIL  ") and broken[0].endswith(f"::{second}")
    assert broken[1].startswith("      stopped at (line ") and broken[2] == "      pool holds | <b>{C}</b> [x](y)"
    assert "  FAIL → PASS  " in out.split("fixed (1):\n")[1] and first in out.split("fixed (1):\n")[1]
    assert "  FAIL → ERROR  " in out and third in out.split("changed (1):\n")[1]
    assert "  PASS → (none)  " in out and fourth in out.split("removed (1):\n")[1]


def test_only_fixes_exit_0_and_say_nothing_broke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = _write(tmp_path, "old", make_report("engine", "1", {ORCHARD: "FAIL"}))
    new = _write(tmp_path, "new", make_report("engine", "2"))
    assert main(["compare", old, new]) == 0
    out = capsys.readouterr().out
    assert "0 broken, 1 fixed, 0 changed, " in out and "\nbroken: none\n" in out and "totals: PASS " in out


@pytest.mark.parametrize("outcome", ["SKIP", "NOT RUN"])
def test_a_pass_that_did_not_run_is_no_new_failure(
    tmp_path: Path, outcome: str, capsys: pytest.CaptureFixture[str]
) -> None:
    old = _write(tmp_path, "old", make_report("engine", "1"))
    report = make_report("engine", "2", {ORCHARD: "SKIP"})
    if outcome == "NOT RUN":  # not an outcome make_report writes
        next(s for s in report["scenarios"] if s["name"] == ORCHARD)["outcome"] = outcome
        report["totals"] = {**report["totals"], "SKIP": 0, outcome: 1}
    new = _write(tmp_path, "new", report)
    assert main(["compare", old, new]) == 0
    assert f"  PASS → {outcome}  " in capsys.readouterr().out.split("changed (1):\n")[1]


def test_markdown_fits_a_pull_request_comment_and_forms_no_markup(
    two: tuple[str, str, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    old, new, (first, _, _, _) = two
    assert main(["compare", old, new, "--markdown"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("### engine 1.0 (2026-11-30) → engine 2.0 (2026-11-30)\n\n**1 new failure(s)**: 1 broken")
    assert "| outcome | old | new |\n|---|---:|---:|\n| PASS | " in out
    broken = out.split("#### Broken (1)\n\n")[1].split("\n\n")[0].splitlines()
    assert broken[:2] == ["| scenario | outcome | stopped at |", "|---|---|---|"] and len(broken) == 3
    row = broken[2]
    assert " | PASS → FAIL | line " in row and "pool holds \\| \\<b\\>{C}\\</b\\> \\[x\\](y)" in row
    assert len(re.findall(r"(?<!\\)\|", row)) == 4  # four cell borders: the message's pipe is escaped
    assert "<details><summary>Fixed (1)</summary>" in out and first.split()[0] in out


def test_markdown_says_when_nothing_broke(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = _write(tmp_path, "same", make_report("engine", "1"))
    assert main(["compare", report, report, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "**no new failure**: 0 broken, 0 fixed, 0 changed, " in out and "<details>" not in out


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "cannot read: No such file or directory"),
        ("not json", "not a report.json: not UTF-8 JSON"),
        ("[1, 2]", "not a report.json: it is not a JSON object"),
        ('{"scenarios": []}', "not a report.json: it has no format_version"),
        ('{"format_version": "2.0"}', "not a valid report.json"),
    ],
)
def test_a_file_that_is_not_a_report_is_one_line_and_exit_2(
    tmp_path: Path, content: str | None, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _write(tmp_path, "good", make_report("engine", "1"))
    bad = tmp_path / "bad.json"
    if content is not None:
        bad.write_text(content, encoding="utf-8")
    for args in ([good, str(bad)], [str(bad), good]):
        assert main(["compare", *args]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.startswith(f"mtg-conformance: error: {bad}: {problem}"), captured.err
        assert captured.err.count("\n") == 1


def test_the_help_says_what_counts_as_a_new_failure(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    helped = " ".join(capsys.readouterr().out.split())
    assert "exit status 1 when a scenario that passed in OLD ran and did not pass in NEW" in helped
    assert "(FAIL, ERROR, TIMEOUT, PRECONDITION or UNSUPPORTED)" in helped and "--markdown" in helped


def test_the_history_readme_shows_what_compare_prints_now(capsys: pytest.CaptureFixture[str]) -> None:
    """The README of phase.rs's history quotes ``compare`` of 0.83.0 against 0.103.0 as it prints now."""
    readme = (HISTORY / "README.md").read_text(encoding="utf-8")
    quoted = readme.split("<!-- compare 0.83.0 0.103.0 -->\n```text\n")[1].split("```\n")[0]
    status = main(["compare", str(HISTORY / "0.83.0" / "report.json"), str(HISTORY / "0.103.0" / "report.json")])
    assert (status, capsys.readouterr().out) == (0, quoted)
