"""Outside engines: the wire protocol, misbehaving engines, capabilities and expectations."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.protocol import PROTOCOL_VERSION, serve
from oracle.contract.validation import errors
from tests.mutant_plugin import environment as mutant_env
from tests.unit.test_cli import cli as run_cli

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The command run from the checkout, with the tests' fake engines importable."""
    return run_cli(*args, cwd=ROOT, env={"PYTHONPATH": str(ROOT), **(env or {})})


def test_serve_answers_each_request_on_one_line() -> None:
    requests = [
        {"id": 1, "op": "handshake", "protocol": PROTOCOL_VERSION},
        {
            "id": 2,
            "op": "setup",
            "position": {
                "players": [{"name": "Alice", "battlefield": [{"card": "Forest", "ref": "f"}]}, {"name": "Bob"}],
                "turn": {"number": 3, "active_player": "Alice", "step": "precombat-main"},
            },
        },
        {"id": 3, "op": "perform", "action": {"type": "activate", "player": "Alice", "source": "f", "ability": 1}},
        {"id": 4, "op": "observe"},
        {"id": 5, "op": "bogus"},
        {"id": 6, "op": "stop"},
        {"id": 7, "op": "observe"},
    ]
    for request in requests[:-3]:
        assert errors(request, "request.schema.json") == []
    out = io.StringIO()
    serve(ReferenceEngine(), io.StringIO("\n".join(json.dumps(r) for r in requests) + "\n"), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["id"] for r in replies] == [1, 2, 3, 4, 5, 6]  # nothing after stop
    assert all(errors(r, "reply.schema.json") == [] for r in replies)
    assert errors(replies[0]["result"], "handshake.schema.json") == []
    assert replies[3]["result"]["players"][0]["mana_pool"] == {"G": 1}
    assert "bad request" in replies[4]["error"]["message"]


def test_wire_and_in_process_runs_agree(tmp_path: Path) -> None:
    """The reference engine through 'cmd:mtg-conformance serve' gives exactly the in-process outcomes."""
    outcomes = []
    for name, engine in (("in-process", "reference"), ("wire", f"cmd:{sys.executable} -m oracle serve")):
        result = cli("certify", "--engine", engine, "--out", str(tmp_path / name), "--validate-wire")
        assert result.returncode == 0, result.stdout[-2000:] + result.stderr
        report = json.loads((tmp_path / name / "report.json").read_text(encoding="utf-8"))
        outcomes.append([(s["id"], s["outcome"]) for s in report["scenarios"]])
    assert outcomes[0] == outcomes[1]
    assert len(outcomes[0]) > 100 and all(o == "PASS" for _, o in outcomes[0])


def test_missing_capabilities_skip_and_never_pass(tmp_path: Path) -> None:
    result = cli(
        "certify",
        "--engine",
        "tests.fake_engines.limited:WithoutCopies",
        "--out",
        str(tmp_path),
        "-m",
        "ruling.offspring.copiable-values or ruling.symbol.tap",
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    skipped = [s for s in report["scenarios"] if s["outcome"] == "SKIP"]
    assert skipped and all("copy-effects" in s["needs"] for s in skipped)
    assert all("does not declare: copy-effects" in s["message"] for s in skipped)
    assert report["totals"]["SKIP"] == len(skipped) and report["pass_rate"] == 1.0


def test_expectations_make_a_known_failure_green_and_an_unexpected_pass_red(tmp_path: Path) -> None:
    wrong = mutant_env("no-summoning-sickness")
    file = tmp_path / "wrong.toml"
    written = cli("expectations", "--ruling", "symbol.tap", "--out", str(file), env=wrong)
    assert written.returncode == 0, written.stderr
    text = file.read_text(encoding="utf-8")
    assert 'outcome = "FAIL"' in text and "suite_version" in text
    again = cli("run", "--ruling", "symbol.tap", "--expectations", str(file), env=wrong)
    assert again.returncode == 0, again.stdout[-2000:]
    fixed = cli("run", "--ruling", "symbol.tap", "--expectations", str(file))
    assert fixed.returncode == 1 and "expected FAIL" in fixed.stdout and "got PASS" in fixed.stdout


def test_expectations_for_another_suite_version_are_refused(tmp_path: Path) -> None:
    file = tmp_path / "old.toml"
    file.write_text('suite_version = "0.0.1"\n', encoding="utf-8")
    result = cli("run", "--ruling", "symbol.tap", "--expectations", str(file))
    assert result.returncode != 0 and "written for suite '0.0.1'" in result.stderr + result.stdout
