"""A feature file the suite can't run, the suite's own or an author's, is a one-line refusal
naming it, before the engine starts: never scenarios that vanish from every count, never a
certificate with a pass rate.  A scenario with no Then step is refused by the lint and by the
run, and is never PASS.  The files are in tests/hostile_inputs/features/."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.suite.cli import main
from oracle.suite.results import NEEDS
from oracle.suite.scenarios import read_feature
from tests.unit.test_user_mistakes import one_line

ROOT = Path(__file__).resolve().parents[2]
#: Where the suite's own test is: the collector counts only its items as scenarios.
SUITE_TEST = Path(__file__).resolve().parents[2] / "oracle" / "harness" / "scenarios.py"
HOSTILE = ROOT / "tests" / "hostile_inputs" / "features"
GOOD = str(HOSTILE / "good.feature")


@pytest.fixture
def root(suite_copy: Path) -> Path:
    """A copy of the suite used as its root, to break on purpose (tests/unit/conftest.py)."""
    return suite_copy


def _pytest(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("COVERAGE", "PYTEST"))}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--pyargs", "oracle.harness.scenarios", *args],
        cwd=cwd,
        env={**environment, **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
    )


def _unclose_a_docstring(root: Path) -> Path:
    feature = root / "features" / "costs" / "tap_symbol.feature"
    text = feature.read_text(encoding="utf-8").rstrip("\n")
    feature.write_text(text + '\n      """\n      a doc string never closed\n', encoding="utf-8")  # after the last step
    return feature


def test_a_suite_copy_with_a_file_that_does_not_parse_never_yields_a_pass_rate(
    root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    feature = _unclose_a_docstring(root)
    says = (f"{feature}:", "feature file does not parse")
    one_line(capsys, ["run", "--ruling", "symbol.tap"], *says)
    out = tmp_path / "certificate"
    one_line(capsys, ["certify", "--out", str(out), "--ruling", "symbol.tap"], *says)
    assert not (out / "report.json").exists() and not (out / "badge.svg").exists()
    capsys.readouterr()
    assert main(["rulings"]) == 1
    assert "feature file does not parse" in capsys.readouterr().err


def test_through_pytest_a_file_that_does_not_parse_is_one_line_before_any_scenario(root: Path) -> None:
    feature = _unclose_a_docstring(root)
    result = _pytest("-q", cwd=root, env={"MTG_CONFORMANCE_ROOT": str(root)})
    assert result.returncode == 4, result.stdout[-2000:] + result.stderr
    assert result.stderr.startswith(f"ERROR: {feature}:") and "feature file does not parse" in result.stderr
    assert "PASS" not in result.stdout


@pytest.mark.parametrize(
    ("files", "says"),
    [
        (["good.feature", "unclosed_docstring.feature"], "unclosed_docstring.feature:8: feature file does not parse"),
        (["outline.feature"], "outline.feature:5: a Scenario Outline is not run"),
        (["no_feature_line.feature"], "no_feature_line.feature:1: feature file does not parse"),
        (["comments_only.feature"], "comments_only.feature:1: not a feature file: it has no 'Feature:' line"),
        (["empty_feature.feature"], "empty_feature.feature:2: the feature has no scenario"),
        (["notes.txt"], "--features {dir}/notes.txt: not a feature file: its name does not end in .feature"),
        (["/etc/hostname"], "--features /etc/hostname: not a feature file"),
        (["/dev/null"], "--features /dev/null: not a feature file (a .feature file) nor a folder"),
        (["given_without_then.feature"], "given_without_then.feature:4: scenario 'only a given' has no Then step"),
        (
            ["background_only.feature"],
            "background_only.feature:6: scenario 'nothing of its own' has no steps of its own",
        ),
    ],
)
def test_each_feature_file_that_cant_run_is_a_one_line_refusal_naming_it(
    files: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["run"]
    for name in files:
        argv += ["--features", name if name.startswith("/") else str(HOSTILE / name)]
    one_line(capsys, argv, says.format(dir=HOSTILE))


def test_an_empty_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one_line(capsys, ["run", "--features", str(tmp_path)], f"--features {tmp_path}: the folder holds no .feature file")


@pytest.mark.parametrize("name", ["outline.feature", "notes.txt", "/dev/null", "given_without_then.feature"])
def test_through_pytest_features_is_one_line_first(name: str, tmp_path: Path) -> None:
    path = name if name.startswith("/") else str(HOSTILE / name)
    result = _pytest("-q", "--mtg-features", GOOD, "--mtg-features", path, cwd=tmp_path)
    assert result.returncode == 4, result.stdout[-2000:] + result.stderr
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith("ERROR: ") and name.split("/")[-1] in errors[0], errors
    assert "no scenario was selected" not in result.stdout + result.stderr


def test_a_scenario_without_a_then_step_is_never_pass() -> None:
    (without,) = read_feature(HOSTILE / "given_without_then.feature")
    (background_only,) = read_feature(HOSTILE / "background_only.feature")
    (good,) = read_feature(HOSTILE / "good.feature")
    assert "no Then step" in without.unrunnable and "no steps of its own" in background_only.unrunnable
    assert good.unrunnable == ""


@pytest.mark.parametrize(
    ("scenario", "says"),
    [
        ("  @cr:107.5\n  Scenario: only a given\n    Given a game between Alice and Bob\n", "has no Then step"),
        ("  @cr:107.5\n  Scenario: nothing of its own\n", "has no steps of its own"),
    ],
)
def test_the_lint_refuses_a_scenario_without_a_then_step(
    scenario: str, says: str, root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In the suite's own features (a Background's Givens are its steps): the lint and the run."""
    feature = root / "features" / "costs" / "tap_symbol.feature"
    feature.write_text(feature.read_text(encoding="utf-8") + "\n" + scenario, encoding="utf-8")
    assert main(["rulings"]) == 1
    errors = [line for line in capsys.readouterr().err.splitlines() if says in line]
    assert len(errors) == 1 and errors[0].startswith(f"error: {feature}:"), errors
    from oracle.suite.needs import needs_problems

    assert [p for p in needs_problems(root) if says in p]
    one_line(capsys, ["run", "--ruling", "symbol.tap"], str(feature), says)


def test_a_scenario_that_cant_pass_is_an_error_where_a_run_was_not_checked_first() -> None:
    """The collector's own guard (a worker of -n trusts its controller's check): ERROR, with why."""
    from types import SimpleNamespace

    from oracle.errors import UserError
    from oracle.suite.catalog import load_catalog
    from oracle.suite.results import NEEDS, ResultCollector

    (scenario,) = read_feature(HOSTILE / "given_without_then.feature")
    item = SimpleNamespace(
        nodeid="n",
        originalname="test_scenario",
        path=SUITE_TEST,
        callspec=SimpleNamespace(params={"scenario": scenario}),
        stash={NEEDS: []},
    )
    collector = ResultCollector(load_catalog(), "reference")
    collector.pytest_collection_modifyitems([item])  # type: ignore[list-item]
    with pytest.raises(UserError, match=r"given_without_then.feature:4: scenario 'only a given' has no Then step"):
        collector.pytest_runtest_setup(item)  # type: ignore[arg-type]


# -- through pytest, and the places a run writes: every mistake is one line, first ----------------------


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (
            ["--mtg-engine", "nosuch"],
            "ERROR: engine 'nosuch': expected 'reference', 'phase', 'argentum', 'forge', 'example-js', 'example-py', 'module:Class'",
        ),
        (["--mtg-engine", "..x:Y"], "ERROR: engine '..x:Y': cannot import '..x'"),
        (["--mtg-engine", "cmd:/bin/false"], "ERROR: engine 'cmd:/bin/false' failed to start: the engine exited"),
        (["--mtg-engine", "oracle.suite.cli:main"], "ERROR: engine 'oracle.suite.cli:main': 'main' is a function"),
        (["--mtg-engine-timeout", "nan"], "ERROR: engine timeout 'nan' must be a number of seconds"),
        (["--mtg-features", "/etc/hostname"], "ERROR: --mtg-features /etc/hostname: not a feature file"),
        (["--mtg-transcripts", GOOD], f"ERROR: --mtg-transcripts {GOOD}: not a folder"),
        (["--mtg-transcripts", "/proc/no-such-folder"], "ERROR: --mtg-transcripts /proc/no-such-folder: can't write"),
    ],
)
def test_through_pytest_every_mistake_is_one_line_on_stderr_before_any_scenario(
    options: list[str], says: str, tmp_path: Path
) -> None:
    result = _pytest("-q", "-m", "ruling.symbol.tap", *options, cwd=tmp_path)
    assert result.returncode == 4, result.stdout[-2000:] + result.stderr
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith(says), errors
    assert "INTERNALERROR" not in result.stdout + result.stderr
    assert not [line for line in result.stdout.splitlines() if "PASS" in line or "NOT RUN" in line], result.stdout


@pytest.mark.parametrize("place", ["file", "unwritable"])
@pytest.mark.parametrize("command", ["run", "certify", "smoke"])
def test_a_transcripts_folder_that_cant_be_written_is_one_line_before_any_scenario(
    command: str, place: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    transcripts = GOOD if place == "file" else "/proc/no-such-folder"
    argv = [command, "--engine", "reference", "--transcripts", transcripts]
    argv += ["--out", str(tmp_path / "out")] if command == "certify" else []
    argv += ["--ruling", "symbol.tap"] if command != "smoke" else []
    err = one_line(capsys, argv, f"--transcripts {transcripts}: ")
    assert "not a folder" in err or "can't write there" in err
    assert not (tmp_path / "out" / "report.json").exists()


def test_smoke_says_why_it_did_not_start_in_its_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["smoke", "--engine", "reference", "--transcripts", GOOD]) == 2
    said = json.loads(capsys.readouterr().out)
    assert said["success"] is False and said["error"].startswith(f"--transcripts {GOOD}: not a folder")


@pytest.mark.parametrize(
    ("out", "says"),
    [("no/such/folder/expected.toml", "no folder no/such/folder to write it in"), (".", "a folder, not a file")],
)
def test_an_expectations_file_that_cant_be_written_is_one_line_before_the_run(
    out: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    one_line(capsys, ["expectations", "--out", out, "--ruling", "symbol.tap"], f"--out {out}: {says}")


def test_a_missing_basic_land_types_file_is_one_line(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = root / "fixtures" / "basic_land_types.toml"
    missing.unlink()
    one_line(capsys, ["run", "--ruling", "symbol.tap"], f"{missing}: cannot read")
    result = _pytest("-q", cwd=root, env={"MTG_CONFORMANCE_ROOT": str(root)})
    assert (
        result.returncode == 4 and result.stderr.strip() == f"ERROR: {missing}: cannot read: No such file or directory"
    )
    missing.write_text("[basic_land_types]\nForest = 5\n", encoding="utf-8")
    one_line(capsys, ["run", "--ruling", "symbol.tap"], f"{missing}: [basic_land_types] must map")


def test_an_engine_spec_naming_a_function_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    one_line(capsys, ["run", "--engine", "oracle.suite.cli:main"], "'main' is a function, not a class")


def test_a_feature_file_that_changed_since_the_check_still_counts() -> None:
    """Read after the run's check (it changed in between): a result of its own, never an absence."""
    from types import SimpleNamespace

    from oracle.suite.catalog import load_catalog
    from oracle.suite.results import ResultCollector, verdict
    from oracle.suite.scenarios import FeatureError

    try:
        read_feature(HOSTILE / "unclosed_docstring.feature")
    except FeatureError as error:
        unreadable = error
    good = read_feature(HOSTILE / "good.feature")[0]
    items = [
        SimpleNamespace(
            nodeid="bad",
            originalname="test_scenario",
            path=SUITE_TEST,
            callspec=SimpleNamespace(params={"scenario": unreadable}),
            stash={},
        ),
        SimpleNamespace(
            nodeid="good",
            originalname="test_scenario",
            path=SUITE_TEST,
            callspec=SimpleNamespace(params={"scenario": good}),
            stash={NEEDS: []},
        ),
    ]
    collector = ResultCollector(load_catalog(), "reference")
    collector.pytest_collection_modifyitems(items)  # type: ignore[arg-type]
    collector.results["good"].outcome = "PASS"
    (bad,) = [r for r in collector.ordered() if r.feature == "features/unclosed_docstring.feature"]
    assert bad.line == 8 and bad.outcome == "NOT RUN"
    assert verdict(0, collector.ordered())[0] == 1


def test_a_transcript_that_cant_be_written_mid_run_is_one_line_not_an_internal_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The folder was checked before the run; if it breaks since (removed, disk full), the run goes on."""
    from types import SimpleNamespace

    from oracle.suite.catalog import load_catalog
    from oracle.suite.results import ResultCollector, scenario_result
    from oracle.suite.transcripts import RECORDING

    collector = ResultCollector(load_catalog(), "reference", transcripts=Path(GOOD) / "transcripts")
    recording = SimpleNamespace(messages=[{"id": 1, "op": "observe"}, {"id": 1, "ok": True}])
    results = [scenario_result(s, []) for s in read_feature(HOSTILE / "good.feature")] * 2
    for result in results:
        result.record("FAIL", "it did not hold")
        collector._write_transcript(SimpleNamespace(stash={RECORDING: recording}), result)  # type: ignore[arg-type]
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"mtg-conformance: error: --transcripts {GOOD}/transcripts: ")
    assert results[0].transcript is None and len(collector.unwritten) == 2
