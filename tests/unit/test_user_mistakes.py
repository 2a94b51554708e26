"""Every mistake of a user, and every engine that can't start, is one line on stderr naming the file or
the cause, and exit status 2: never a traceback, never a run that reports anything."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from oracle.suite.cli import main
from tests.fake_engines.harness import hostile

ROOT = Path(__file__).resolve().parents[2]
REAL = f"{ROOT}/fixtures"


def one_line(capsys: pytest.CaptureFixture[str], argv: list[str], *says: str) -> str:
    """Run the command in this process: exit status 2, one line on stderr saying all of ``says``."""
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's own mistakes
        status = int(exit_.code or 0)
    captured = capsys.readouterr()
    assert status == 2, captured.out[-2000:] + captured.err
    err = captured.err
    assert err.startswith("mtg-conformance: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err + captured.out
    for part in says:
        assert part in err, err
    return err


#: The pinned edition of the Comprehensive Rules, whole (fixtures/comprehensive_rules.toml names it).
CR_FILE = "comprehensive_rules/MagicCompRules-20260227.txt"


@pytest.fixture
def root(suite_copy: Path) -> Path:
    """A copy of the suite used as its root, to break on purpose (tests/unit/conftest.py)."""
    return suite_copy


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["run", "-m", "cr.106.7 and ("], ["-m 'cr.106.7 and (' is not a marker expression"]),
        (["run", "-m", "cr.999.9"], ["no scenario can have the marker 'cr.999.9'"]),
        (["run", "--engine", "cmd:"], ["engine command is empty"]),
        (["run", "--engine", "cmd:  "], ["engine command is empty"]),
        (["run", "--engine", 'cmd:"'], ["engine command '\"' can't be split: No closing quotation"]),
        (["expectations", "--engine", 'cmd:"'], ["can't be split"]),
        (["certify", "--engine", "cmd:./no/such/engine", "--out", "unused"], ["can't be started"]),
        (["run", "--engine", "..foo:X"], ["engine '..foo:X': cannot import '..foo'"]),
        (["run", "--engine", "no_such_module_xyz:Engine"], ["cannot import 'no_such_module_xyz'"]),
        (
            ["run", "--engine", "nowhere"],
            [
                "expected 'reference', 'phase', 'argentum', 'forge', 'example-js', 'example-py', 'module:Class' or 'cmd:<command line>'"
            ],
        ),
        (["run", "--engine-timeout", "nan"], ["--engine-timeout: engine timeout 'nan' must be a number"]),
        (["run", "--engine-timeout", "-1"], ["engine timeout '-1' must be"]),
        (["run", "--engine-timeout", "0"], ["engine timeout '0' must be"]),
        (["run", "--engine-timeout", "inf"], ["engine timeout 'inf' must be"]),
        (["run", "--no-such-option"], ["unrecognized arguments: --no-such-option"]),
        (["run", "--ruling", "no.such"], ["unknown ruling 'no.such'"]),
        (["docs", "--out", "unused", "--report", "/no/such/report.json"], ["/no/such/report.json: cannot read"]),
    ],
)
def test_mistakes_on_the_command_line(argv: list[str], says: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    one_line(capsys, argv, *says)


@pytest.mark.parametrize(
    ("source", "says"),
    [
        ("def broken(:\n", "cannot import 'mistaken_engine': SyntaxError"),
        ("raise RuntimeError('no licence file')\n", "cannot import 'mistaken_engine': RuntimeError: no licence file"),
    ],
)
def test_an_engine_module_that_does_not_import(
    source: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "mistaken_engine.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "mistaken_engine", raising=False)
    one_line(capsys, ["run", "--engine", "mistaken_engine:Engine"], says)


@pytest.mark.parametrize(
    ("engine", "says"),
    [
        # With a time limit, an in-process engine is hosted in a child process: the handshake asks describe().
        (
            "tests.fake_engines.broken:DescribeRaises",
            "failed to start: it could not do handshake: the engine could not do handshake: KeyError: 'version'",
        ),
        ("tests.fake_engines.broken:DescribesBadly", "the engine's answer to handshake breaks handshake.schema.json"),
        (hostile("exit-at-once"), "the engine exited (status 1) before answering handshake; it wrote nothing"),
        (
            hostile("missing-library"),
            "(status 127) before answering handshake; its stderr ended: hostile-engine: "
            "error while loading shared libraries",
        ),
        (hostile("old-protocol"), "it speaks protocol 0.9; this runner speaks 1.1"),
        (hostile("handshake-exit"), "(status 3) before answering handshake; its stderr ended: hostile engine: cannot"),
        (hostile("silent"), "no answer to the handshake request within 3 s"),
        (hostile("handshake-garbage"), "its answer to handshake is not a protocol message: it is not JSON"),
        (hostile("handshake-schema"), "its handshake breaks handshake.schema.json"),
        (hostile("handshake-nested"), "it is nested deeper than 64 levels"),
    ],
)
@pytest.mark.parametrize("command", ["run", "certify"])
def test_an_engine_that_fails_its_handshake_stops_everything_before_any_scenario(
    command: str, engine: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "reports"
    argv = [command, "--engine", engine, "--engine-timeout", "3"] + (
        ["--out", str(out)] if command == "certify" else []
    )
    one_line(capsys, argv, says)
    assert not out.exists() or not any(out.iterdir())  # no report, not even junit.xml


def test_expectations_files_that_are_malformed_or_not_ours(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head = 'suite_version = "0.1.0"\nengine = "oracle"\n'
    cases = {
        "five.toml": (head + "expected = 5\n", "expected must be an array of tables"),
        "list.toml": (head + "expected = [1, 2]\n", "[[expected]] number 1 needs scenario"),
        "outcome.toml": (head + '[[expected]]\nscenario = "x"\noutcome = "PASS"\n', "needs an outcome among FAIL"),
        "binary.toml": (b"\xff\xfe\x00garbage".decode("latin-1"), "not UTF-8 text"),
        "other.toml": (
            'suite_version = "0.1.0"\nengine = "phase"\n',
            "written for engine 'phase', but the engine of this run (--engine 'reference') says it is 'oracle'",
        ),
        "unnamed.toml": (
            'suite_version = "0.1.0"\n',
            'needs engine = "<the engine\'s name, as its handshake gives it>"',
        ),
        "unknown.toml": (
            head + '[[expected]]\nscenario = "mana/nothing.feature::No such scenario"\noutcome = "FAIL"\n',
            "names no scenario of the suite: 'mana/nothing.feature::No such scenario'",
        ),
        "twice.toml": (
            head + 2 * '[[expected]]\nscenario = "costs/tap_symbol.feature::{name}"\noutcome = "FAIL"\n',
            "a second time",
        ),
    }
    for name, (text, says) in cases.items():
        path = tmp_path / name
        if name == "binary.toml":
            path.write_bytes(b"\xff\xfe\x00garbage")
        else:
            path.write_text(text.replace("{name}", first_scenario_of("costs/tap_symbol.feature")), encoding="utf-8")
        one_line(capsys, ["run", "--expectations", str(path)], str(path), says)


def first_scenario_of(feature: str) -> str:
    from oracle.suite.catalog import scenario_ids

    return sorted(i for i in scenario_ids(ROOT / "features") if i.startswith(feature + "::"))[0].split("::")[1]


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("[1, 2]", "not a report.json: it is not a JSON object"),
        ('{"engine": {}, "scenarios": 5}', "not a report.json: it has no format_version"),
        ('{"format_version": "2.0", "engine": {}, "scenarios": 5}', "not a valid report.json: data must contain"),
        ('{"format_version": "1.0", "totals": {"PASS": "many"}}', "report format '1.0' is not one this version reads"),
        ("this is not JSON", "not a report.json: not UTF-8 JSON"),
        ("[" * 100_000, "not a report.json: not UTF-8 JSON"),
    ],
)
def test_docs_refuses_what_is_not_a_report(
    content: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "report.json"
    report.write_text(content, encoding="utf-8")
    one_line(capsys, ["docs", "--out", str(tmp_path / "docs"), "--report", str(report)], str(report), says)


@pytest.mark.parametrize(
    ("file", "edit", "says"),
    [
        ("rulings.toml", lambda t: t.replace("number = 1\n", 'number = "one"\n', 1), "number must be an integer"),
        ("rulings.toml", lambda t: "ruling = 5\n", "ruling must be an array of tables"),
        ("comprehensive_rules.toml", lambda t: 'edition = "x"\nrules = 5\n', "rules must be a table"),
        (
            "comprehensive_rules.toml",
            lambda t: t.replace('edition = "2026-02-27"', "edition = 2026"),
            "edition, file and sha256 must name the pinned Comprehensive Rules",
        ),
        (
            "comprehensive_rules.toml",
            lambda t: t.replace('edition = "2026-02-27"', 'edition = "2025-11-14"'),
            "edition 2025-11-14 names a text effective 2026-02-27",
        ),
        (
            "comprehensive_rules.toml",
            lambda t: t.replace('[rules."106.7"]', '[rules."106.7"]\ntext = "Some abilities produce mana."', 1),
            "rule 106.7: its text is the pinned edition's own; remove 'text'",
        ),
        (
            "comprehensive_rules.toml",
            lambda t: t + '\n[rules."106.99"]\ntitle = "Made up"\n',
            "rule 106.99 is not in the Comprehensive Rules of 2026-02-27",
        ),
        (CR_FILE, lambda t: t[: len(t) // 2], "not the pinned text of the Comprehensive Rules"),
        (CR_FILE, lambda t: t.replace("106.7.", "106.7 ", 1), "not the pinned text of the Comprehensive Rules"),
        (CR_FILE, None, "cannot read: No such file or directory"),
        ("capabilities.toml", lambda t: "capabilities = 5\n", "[capabilities] must map each capability"),
        ("capabilities.toml", lambda t: "[capabilities]\ncasting = 1\n", "[capabilities] must map each capability"),
        ("capabilities.toml", None, "capabilities.toml: cannot read"),
        ("comprehensive_rules.toml", None, "comprehensive_rules.toml: cannot read"),
    ],
)
@pytest.mark.parametrize("command", ["rulings", "run"])
def test_fixtures_of_the_wrong_type_or_missing(
    command: str, file: str, edit: object, says: str, root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = root / "fixtures" / file
    if edit is None:
        path.unlink()
    else:
        path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")  # type: ignore[operator]
    one_line(capsys, [command], str(path), says)


@pytest.mark.parametrize(
    ("card", "edit", "says"),
    [
        ("forest", lambda t: t + "colors = 5\n", "colors must be a list of strings"),
        ("forest", lambda t: t + "abilities = [1, 2]\n", "abilities must be an array of tables"),
        ("cancel", lambda t: t.replace('targets = [{ zone = "stack" }]', "targets = 5"), "a value has the wrong type"),
    ],
)
def test_card_files_of_the_wrong_type(
    card: str, edit: object, says: str, root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = root / "fixtures" / "cards" / f"{card}.toml"
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")  # type: ignore[operator]
    one_line(capsys, ["run", "--ruling", "symbol.tap"], str(path), says)


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda t: t.replace("@ruling:symbol.tap", "@ruling:symbol.tapp", 1), "@ruling:symbol.tapp is not in"),
        (lambda t: t.replace("@cr:", "@cr:999.1 @cr:", 1), "@cr:999.1 is not in fixtures/comprehensive_rules"),
        (lambda t: "@ruling:symbol.tap\nFeature: idle\n  @cr:107.5\n  Scenario: nothing at all\n", "has no steps"),
    ],
)
def test_feature_files_with_unknown_tags_no_steps_or_not_utf8(
    edit: object, says: str, root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    feature = root / "features" / "costs" / "tap_symbol.feature"
    if says == "has no steps":
        feature = feature.with_name("idle.feature")
        feature.write_text("", encoding="utf-8")
    feature.write_text(edit(feature.read_text(encoding="utf-8")), encoding="utf-8")  # type: ignore[operator]
    one_line(capsys, ["run"], str(feature), says)
    feature.write_bytes(b"Feature: caf\xe9\n")
    one_line(capsys, ["run"], f"{feature}: not UTF-8 text")


def test_a_report_with_a_lone_surrogate_still_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "report.json"
    valid = json.loads((ROOT / "tests" / "hostile_inputs" / "reports" / "valid.json").read_text(encoding="utf-8"))
    valid["engine"]["name"] = "bad \ud800 engine"
    report.write_text(json.dumps(valid), encoding="utf-8")
    assert main(["docs", "--out", str(tmp_path / "docs"), "--report", str(report)]) == 0
    capsys.readouterr()
