"""What an engine's author meets first: the command says what it is and which version, names every
engine it knows (the aliases included) wherever it lists them, says how to install phase.rs from
an installed suite, and lists the capabilities an engine may declare with the scenarios that need
each (``mtg-conformance capabilities``)."""

from __future__ import annotations

import json
import re
import sys

import pytest

from oracle.errors import EngineLoadError
from oracle.registry import ALIASES, BRIDGED, PHASE_REQUIREMENT, SHIPPED, load_engine
from oracle.suite.cli import main
from oracle.suite.needs import derive_all
from oracle.toml import read_toml
from oracle.version import __version__
from tests.unit.test_user_mistakes import one_line

from .test_refused_actions import ROOT

#: The aliases a user may give --engine ("oracle" is the reference engine's other name).
NAMED = ("reference", "phase", "argentum", "forge", "example-js", "example-py")


def _out(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str]:
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _out(capsys, ["--version"])
    assert status == 0 and out.strip() == f"mtg-conformance {__version__}"


def test_help_says_what_the_command_is(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _out(capsys, ["--help"])
    assert status == 0
    assert "``" not in out and "The mtg-conformance command" not in out.replace("`", "")
    assert "conformance suite for the rules of Magic: The Gathering" in " ".join(out.split())


@pytest.mark.parametrize("command", ["run", "certify", "expectations", "smoke", "replay"])
def test_engine_help_names_every_alias(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out = _out(capsys, [command, "--help"])
    assert status == 0
    text = " ".join(out.split())
    assert all(f"'{alias}'" in text for alias in NAMED), text


def test_an_unknown_engine_names_every_alias(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line(capsys, ["run", "--engine", "nope"], "engine 'nope'")
    assert all(f"'{alias}'" in err for alias in NAMED), err
    assert set(NAMED) <= set(ALIASES) | set(BRIDGED) | set(SHIPPED)


def test_the_phase_hint_works_outside_a_checkout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "phase", None)  # as if phase-python were not installed
    with pytest.raises(EngineLoadError) as raised:
        load_engine("phase")
    assert f"pip install {PHASE_REQUIREMENT}" in str(raised.value) and "-e" not in str(raised.value)


def test_the_phase_requirement_is_the_one_pyproject_pins() -> None:
    pinned = read_toml(ROOT / "pyproject.toml")["project"]["optional-dependencies"]["phase"]
    assert pinned == [PHASE_REQUIREMENT]


def test_capabilities_lists_each_with_its_meaning_and_how_many_scenarios_need_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out = _out(capsys, ["capabilities"])
    assert status == 0
    table = read_toml(ROOT / "fixtures" / "capabilities.toml")["capabilities"]
    derived = derive_all()
    for name, meaning in table.items():
        count = sum(1 for d in derived.values() if name in d.needs)
        line = next(line for line in out.splitlines() if line.startswith(f"{name} "))
        assert meaning in " ".join(out.split()), name
        assert re.search(rf"\b{count} scenarios?\b", line), line


def test_capabilities_name_lists_the_scenarios_that_need_it(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _out(capsys, ["capabilities", "x-costs"])
    assert status == 0
    needing = sorted(i for i, d in derive_all().items() if "x-costs" in d.needs)
    assert needing and all(scenario in out for scenario in needing)
    one_line(capsys, ["capabilities", "flying"], "unknown capability 'flying'")


def test_capabilities_verbose_lists_the_scenarios_under_each(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _out(capsys, ["capabilities", "-v"])
    assert status == 0
    derived = derive_all()
    lines = out[out.index("\nflash ") + 1 :].splitlines()
    end = next(n for n, line in enumerate(lines[1:], 1) if line and not line[0].isspace())  # the next capability
    assert sorted(line.strip() for line in lines[1:end] if line.strip()) == sorted(
        i for i, d in derived.items() if "flash" in d.needs
    )


def test_capabilities_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _out(capsys, ["capabilities", "--json"])
    assert status == 0
    data = json.loads(out)
    table = read_toml(ROOT / "fixtures" / "capabilities.toml")["capabilities"]
    assert [c["name"] for c in data["capabilities"]] == sorted(table)
    derived = derive_all()
    for entry in data["capabilities"]:
        assert entry["meaning"] == table[entry["name"]]
        assert entry["scenarios"] == sorted(i for i, d in derived.items() if entry["name"] in d.needs)


def test_casting_does_not_claim_x() -> None:
    """X in mana costs is x-costs' (CR 107.3); casting is casting (CR 601)."""
    table = read_toml(ROOT / "fixtures" / "capabilities.toml")["capabilities"]
    assert " X" not in table["casting"] and "X in mana costs" in table["x-costs"]


def test_an_undeclared_capability_points_at_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line(
        capsys, ["run", "--engine", "tests.fake_engines.broken:UnknownCapability"], "'mtg-conformance capabilities'"
    )
    assert "fixtures/capabilities.toml" not in err
