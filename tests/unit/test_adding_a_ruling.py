"""The guide for adding a ruling (features/ADDING_A_RULING.md) stays true: every file it names
exists, its worked example is in the suite (a ruling from outside the seeds, quoted verbatim from
saved official data, with its scenarios, its misreadings and wrong engines its scenarios kill, each
named in its misreadings), and the commands it shows are the command's own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from oracle.suite.catalog import feature_tags, load_catalog
from oracle.suite.cli import main
from oracle.suite.coverage.intake import read_pending
from tests.mutants import MUTANTS

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "features" / "ADDING_A_RULING.md").read_text(encoding="utf-8")
EXAMPLE = "orchard.no-colorless"


def test_every_file_the_guide_names_exists() -> None:
    named = set(re.findall(r"`((?:features|fixtures|tests|oracle)/[\w./-]+)`", GUIDE))
    assert len(named) >= 10
    for path in named:
        if "<" not in path:
            assert (ROOT / path).exists(), f"ADDING_A_RULING.md names {path}, which is not there"


def test_the_worked_example_is_a_ruling_from_outside_the_seeds_quoted_from_official_data() -> None:
    ruling = load_catalog().rulings[EXAMPLE]
    assert not ruling.seeds and [o.source.split(" ")[0] for o in ruling.official] == ["Scryfall"]
    assert ruling.official[0].date == "2009-02-01" and ruling.official[0].text == ruling.text
    assert ruling.text in GUIDE.replace("\n", " ") or ruling.text[:60] in GUIDE
    assert all(p.text != ruling.text for p in read_pending())


def test_the_worked_example_has_scenarios_and_wrong_engines_each_named_in_its_misreadings() -> None:
    scenarios = [s for s in feature_tags(ROOT / "features") if EXAMPLE in s.rulings]
    assert len(scenarios) >= 5
    wrong = [m for m in MUTANTS.values() if EXAMPLE in m.rulings]
    assert len(wrong) >= 3
    names = {s.name for s in scenarios}
    misreadings = (ROOT / "features" / "mana" / "orchard.misreadings.md").read_text(encoding="utf-8")
    for mutant in wrong:
        assert mutant.scenarios and set(mutant.scenarios) <= names, mutant.name
        assert f"`{mutant.name}`" in misreadings, mutant.name
    # whether each is killed through the command is tests/unit/test_mutants.py's to check


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--engine", "reference", "--ruling", EXAMPLE],
        ["coverage", "--section", "106"],
        ["rulings"],
    ],
)
def test_the_guides_commands_run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert " ".join(argv) in GUIDE.replace("\n", " ").replace("  ", " ") or argv == ["rulings"]
    assert main(argv) == 0
    capsys.readouterr()
