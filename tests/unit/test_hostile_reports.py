"""``docs --report`` reads a report.json only when it is one: of the format this version reads (the
format version checked first), within report.schema.json and its bounds.  Anything else is one
line naming the file and the first problem, exit status 2, and no page written.  A valid report
at the bounds (three engine texts of 10 MB) renders in bounded time, memory and pages' size.

The hostile reports are in ``tests/hostile_inputs/reports/``; the big and the deep ones are made here.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from oracle.errors import UserError
from oracle.suite.cli import main
from oracle.suite.reports.json_report import FORMAT_VERSION
from oracle.suite.reports.reading import MAX_BYTES, check_report

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "hostile_inputs" / "reports"
VALID = HOSTILE / "valid.json"

#: Each hostile report and what its one line must say.
REFUSED = {
    "format-9.9.json": f"report format '9.9' is not one this version reads ({FORMAT_VERSION})",
    "format-number.json": "format_version must be a string such as '2.0', not 2",
    "format-missing.json": "it has no format_version",
    "no-suite.json": "data must contain ['suite']",
    "no-date.json": "data must contain ['date']",
    "no-totals.json": "data must contain ['totals']",
    "scenario-without-id.json": "data.scenarios[0] must contain ['id']",
    "scenario-without-feature.json": "data.scenarios[1] must contain ['feature']",
    "scenario-without-steps.json": "data.scenarios[1] must contain ['steps']",
    "engine-empty.json": "data.engine must contain",
    "name-not-string.json": "data.scenarios[0].name must be string",
    "ruling-not-string.json": "data.scenarios[0].rulings[0] must be string",
    "outcome-winning.json": "data.scenarios[1].outcome must be one of",
    "totals-winning.json": "data.totals must not contain",
    "engine-name-too-long.json": "data.engine.name must be shorter than or equal to 1000 characters",
    "not-an-object.json": "not a report.json: it is not a JSON object",
    "not-json.json": "not a report.json: not UTF-8 JSON",
}


def _refused(capsys: pytest.CaptureFixture[str], report: Path, out: Path, says: str) -> str:
    status = main(["docs", "--out", str(out), "--report", str(report)])
    captured = capsys.readouterr()
    err = captured.err
    assert status == 2, captured.out + err
    assert err.startswith(f"mtg-conformance: error: {report}: ") and err.count("\n") == 1, err
    assert says in err, err
    assert "\x1b" not in err and "\x07" not in err and len(err) < 1200
    assert not out.exists() or not list(out.iterdir())
    return err


def test_every_hostile_report_has_its_case() -> None:
    assert sorted(p.name for p in HOSTILE.glob("*.json")) == sorted([*REFUSED, "valid.json"])


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_malformed_report_is_refused_in_one_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _refused(capsys, HOSTILE / name, tmp_path / "docs", REFUSED[name])


def test_the_valid_report_renders(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "--out", str(tmp_path / "docs"), "--report", str(VALID)]) == 0
    assert "tiny" in (tmp_path / "docs" / "index.html").read_text(encoding="utf-8")
    capsys.readouterr()


def _valid() -> dict[str, Any]:
    return json.loads(VALID.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda r: r["scenarios"][0].update(steps=r["scenarios"][0]["steps"][:1] * 1001), "must contain less than or"),
        (lambda r: r["scenarios"][1].update(message="m" * (16 * 2**20 + 1)), "shorter than or equal to 16777216"),
        (lambda r: r["engine"].update(capabilities=["x" * 201]), "data.engine.capabilities[0] must be shorter"),
        (lambda r: r["scenarios"][0].update(rules=["not a rule"]), "data.scenarios[0].rules[0] must match pattern"),
    ],
)
def test_bounds_of_the_schema(edit: Any, says: str) -> None:
    report = _valid()
    edit(report)
    with pytest.raises(UserError, match=r"not a valid report\.json") as raised:
        check_report(report, "r.json")
    assert says in str(raised.value)


def test_a_deep_report_and_a_lone_surrogate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    _refused(capsys, deep, tmp_path / "docs", "not UTF-8 JSON")
    report = _valid()
    report["scenarios"][1]["message"] = "bad \ud800 message"
    surrogate = tmp_path / "surrogate.json"
    surrogate.write_text(json.dumps(report), encoding="utf-8")  # the JSON escape \ud800, which UTF-8 can't hold
    assert main(["docs", "--out", str(tmp_path / "docs"), "--report", str(surrogate)]) == 0
    capsys.readouterr()


def test_a_report_bigger_than_a_report_may_be_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as stream:
        stream.truncate(MAX_BYTES + 1)  # sparse: no disk used
    _refused(capsys, big, tmp_path / "docs", f"larger than the {MAX_BYTES:,} bytes a report.json may hold")


def test_three_10_mb_strings_render_in_bounded_time_memory_and_size(tmp_path: Path) -> None:
    """The measure of the issue: a 31 MB report took 97 s, 4.5 GB of memory and 1.7 GB of pages."""
    report = _valid()
    failed = report["scenarios"][1]
    text = "\x1b[2J<script>alert(1)</script>" + "x" * (10 * 2**20)
    failed["message"], failed["expected"], failed["observed"] = text, text.replace("x", "e"), text.replace("x", "o")
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    out = tmp_path / "docs"
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "oracle", "docs", "--out", str(out), "--report", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    seconds = time.monotonic() - start
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    assert done.returncode == 0, done.stderr
    size_mb = sum(p.stat().st_size for p in out.iterdir()) / 2**20
    assert seconds < 30, seconds
    assert peak_mb < 600, peak_mb
    assert size_mb < 5, size_mb
    for page in out.iterdir():
        assert "\x1b" not in page.read_text(encoding="utf-8"), page
        assert "<script>" not in page.read_text(encoding="utf-8"), page
