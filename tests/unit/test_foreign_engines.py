"""What an engine's author meets first: capabilities checked at the handshake, UNSUPPORTED as its
own outcome, the card export, the smoke tier, and transcripts with their replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

from oracle.contract.validation import errors
from tests.unit.test_cli import cli as run_cli

ROOT = Path(__file__).resolve().parents[2]
LIMITED = "tests.fake_engines.limited"


def cli(*args: str):  # type: ignore[no-untyped-def]
    return run_cli(*args, cwd=ROOT, env={"PYTHONPATH": str(ROOT)})


def test_an_engine_declaring_a_capability_that_does_not_exist_is_one_line_and_exit_2() -> None:
    result = cli("run", "-m", "core", "--engine", f"{LIMITED}:InventsCapability")
    assert result.returncode == 2, result.stdout[-2000:] + result.stderr
    assert result.stderr.count("\n") == 1 and "declares capabilities that do not exist: 'telepathy'" in result.stderr


def test_an_engine_declaring_a_capability_of_a_later_contract_is_one_line_and_exit_2() -> None:
    result = cli("run", "-m", "core", "--engine", f"{LIMITED}:OldContractNewCapability")
    assert result.returncode == 2, result.stdout[-2000:] + result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert "speaks contract 1.2.0 but declares capabilities of a later contract: 'blocking'" in result.stderr


def test_an_engine_of_contract_1_2_is_skipped_never_errored_on_what_1_3_added() -> None:
    """Land play and blocks are the contract 1.3.0's: an engine of 1.2.0 runs the rest (combat
    included, through a declare blockers step where nobody declares blockers) and skips those."""
    result = cli("run", "-m", "rules", "--engine", f"{LIMITED}:SpeaksContract12")
    line = next(x for x in result.stdout.splitlines() if x.startswith("scenarios:"))
    totals = {outcome: int(n) for n, outcome in re.findall(r"(\d+) ([A-Z]+)", line)}
    assert totals["ERROR"] == totals["FAIL"] == totals["UNSUPPORTED"] == 0, result.stdout[-3000:]
    assert totals["SKIP"] >= 60 and totals["PASS"] > 150, line
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr


def test_an_action_or_position_the_engine_calls_unsupported_is_unsupported_never_pass_nor_error() -> None:
    result = cli("run", "-m", "core", "--engine", f"{LIMITED}:CannotCast")
    assert result.returncode == 1, result.stdout[-2000:] + result.stderr
    line = next(x for x in result.stdout.splitlines() if x.startswith("scenarios:"))
    totals = {outcome: int(n) for n, outcome in re.findall(r"(\d+) ([A-Z]+)", line)}
    # The three core scenarios that cast a spell, and the two whose position has a library.
    assert (totals["UNSUPPORTED"], totals["PASS"], totals["ERROR"], totals["SKIP"]) == (5, 4, 0, 0)
    assert "the engine does not support this action: this engine casts no spells yet" in result.stdout
    assert "the engine does not support this position: this engine builds no libraries yet" in result.stdout
    assert "results of the ruling scenarios may be unreliable" in result.stdout


def test_cards_writes_the_export_that_fits_its_schema(tmp_path: Path) -> None:
    out = tmp_path / "cards.json"
    result = cli("cards", "--out", str(out))
    assert result.returncode == 0, result.stderr
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert errors(exported, "cards.schema.json") == [] and exported["data"]["Forest"]["subtypes"] == ["Forest"]
    assert json.loads(cli("cards", "--out", "-").stdout) == exported


def test_smoke_checks_the_handshake_and_runs_the_core_scenarios() -> None:
    result = cli("smoke", "--engine", "example-js")
    assert result.returncode == 0, result.stdout + result.stderr
    said = json.loads(result.stdout)
    assert said["success"] is True and said["failures"] == []
    assert said["capabilities"] == ["casting", "mana-abilities", "summoning-sickness"]
    assert said["core"] == {"PASS": 9}


def test_smoke_says_which_core_scenario_failed_how_to_run_it_again_and_that_rulings_may_be_unreliable(
    tmp_path: Path,
) -> None:
    result = cli("smoke", "--engine", f"{LIMITED}:ForgetsLife", "--transcripts", str(tmp_path))
    assert result.returncode == 1, result.stdout + result.stderr
    said = json.loads(result.stdout)
    assert said["success"] is False and "may be unreliable" in said["warning"]
    (failure,) = said["failures"]
    assert failure["scenario"] == "core/basics.feature::A position set up is observed back as it was given"
    assert failure["outcome"] == "FAIL" and "life total" in failure["why"]
    assert failure["run"].startswith(f"mtg-conformance run --engine {LIMITED}:ForgetsLife -m core")
    assert failure["replay"].startswith("mtg-conformance replay ") and Path(failure["replay"].split()[2]).is_file()


def test_smoke_of_an_engine_that_does_not_start_says_so_and_exits_2() -> None:
    result = cli("smoke", "--engine", "cmd:/nonexistent/engine")
    assert result.returncode == 2
    assert json.loads(result.stdout)["success"] is False and "can't be started" in result.stderr


def test_transcripts_of_failures_are_written_linked_and_replayed(tmp_path: Path) -> None:
    engine = f"{LIMITED}:ForgetsLife"
    result = cli(
        "certify",
        "--engine",
        engine,
        "-m",
        "core",
        "--out",
        str(tmp_path / "report"),
        "--transcripts",
        str(tmp_path / "t"),
    )
    assert result.returncode == 1, result.stdout[-2000:] + result.stderr
    (written,) = (tmp_path / "t").iterdir()  # only the scenario that did not pass
    lines = [json.loads(line) for line in written.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["transcript"]["outcome"] == "FAIL" and lines[1]["op"] == "setup" and "result" in lines[2]
    report = json.loads((tmp_path / "report" / "report.json").read_text(encoding="utf-8"))
    linked = [s["transcript"] for s in report["scenarios"] if s.get("transcript")]
    assert linked == [f"../t/{written.name}"]
    assert f"Transcript: [../t/{written.name}]" in (tmp_path / "report" / "report.md").read_text(encoding="utf-8")
    same = cli("replay", str(written), "--engine", engine)
    assert same.returncode == 0 and "every answer is the same" in same.stdout, same.stdout + same.stderr
    differs = cli("replay", str(written), "--engine", "reference")
    assert differs.returncode == 1, differs.stdout + differs.stderr
    assert re.search(r"≠ +\d+ observe: \$\.players\[1\]\.life: was 20, is 17", differs.stdout), differs.stdout


def test_replay_of_a_file_that_is_not_a_transcript_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "x.jsonl").write_text("hello\n", encoding="utf-8")
    result = cli("replay", str(tmp_path / "x.jsonl"), "--engine", "reference")
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "not a transcript" in result.stderr
