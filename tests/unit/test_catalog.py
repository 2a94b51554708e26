"""The ruling catalog, the rules index and the scenario tags stay consistent (the suite's own lint)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from oracle.errors import CatalogError
from oracle.suite.catalog import feature_tags, load_catalog, tag_problems

ROOT = Path(__file__).resolve().parents[2]

#: The ruling ids, in order, exactly as the project's table gives them.
RULING_IDS = """mana.undefined-type mana.could-produce mana.tap-for-mana mana.tapped-for-mana-trigger
mana.tapped-for-mana-replacement x.enters-uses-spell-x symbol.tap symbol.untap offspring.countered
offspring.source-left base-power.definition base-power.cda offspring.pay-once offspring.missing-on-entry
offspring.enters-abilities offspring.this-creature-wording base-power.bonus-not-cda
offspring.copying-something-else offspring.token-not-cast offspring.copiable-values
dual-nature.left-before-token dual-nature.enters-abilities dual-nature.not-kicked dual-nature.legend-rule
blitz.no-attack-requirement jaxis.multiple-tokens jaxis.copy-of-a-copy blitz.copy-not-blitzed
jaxis.copy-of-a-token blitz.draw-on-any-death blitz.is-casting jaxis.enters-abilities
jaxis.copiable-values jaxis.copy-of-the-token jaxis.x-is-zero blitz.sacrifice-only-if-present""".split()


@pytest.fixture
def copy_root(tmp_path: Path) -> Path:
    """A writable copy of fixtures/ and features/ to break on purpose."""
    shutil.copytree(ROOT / "fixtures", tmp_path / "fixtures")
    shutil.copytree(ROOT / "features", tmp_path / "features")
    return tmp_path


def test_catalog_has_every_ruling_in_order() -> None:
    catalog = load_catalog(ROOT)
    ordered = sorted(catalog.rulings.values(), key=lambda r: r.number)
    seeded = [r for r in ordered if r.seeds]
    assert [r.id for r in seeded] == RULING_IDS  # the seeds' 36, in the seeds' order
    assert [r.number for r in ordered] == list(range(1, len(ordered) + 1))
    # and after them the rulings from outside the seeds, each quoted from its saved official source
    assert all(r.official and not r.seeds for r in ordered[len(seeded) :])
    assert [r.id for r in ordered[len(seeded) :]] == ["orchard.no-colorless"]


def test_shared_rulings_appear_in_all_three_seeds() -> None:
    catalog = load_catalog(ROOT)
    for ruling in RULING_IDS[:8]:
        assert len(catalog.rulings[ruling].seeds) == 3


def test_seed_copies_match_the_shared_seeds() -> None:
    shared = ROOT.parent / "shared" / "seeds"
    if not shared.is_dir():
        pytest.skip("no ../shared/seeds beside this checkout")
    for seed in (ROOT / "fixtures" / "seeds").glob("*.txt"):
        assert seed.read_bytes() == (shared / seed.name).read_bytes(), seed.name


def test_every_scenario_tag_names_a_known_ruling_and_rule() -> None:
    catalog = load_catalog(ROOT)
    assert tag_problems(catalog, feature_tags(ROOT / "features")) == []


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("it produces no mana instead", "it produces {C}", r"mana.undefined-type: text is not found verbatim in 000_"),
        ('rules = ["106.5"]', 'rules = ["106.99"]', r"rule 106.99 is not in comprehensive_rules.toml"),
    ],
    ids=["text-not-in-seed", "unknown-rule-number"],
)
def test_an_inconsistent_catalog_is_an_error(copy_root: Path, old: str, new: str, message: str) -> None:
    path = copy_root / "fixtures" / "rulings.toml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    with pytest.raises(CatalogError, match=message):
        load_catalog(copy_root)


def test_malformed_catalog_toml_names_the_file_and_line(copy_root: Path) -> None:
    path = copy_root / "fixtures" / "rulings.toml"
    path.write_text("[[ruling]\nid = 1\n", encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_catalog(copy_root)
    assert str(info.value).startswith(f"{path}: malformed TOML")
    assert "line 1" in str(info.value) and "\n" not in str(info.value)


def test_unknown_tags_and_duplicate_names_are_reported(copy_root: Path) -> None:
    feature = copy_root / "features" / "extra.feature"
    feature.write_text(
        "@ruling:no.such-ruling\nFeature: x\n\n  @cr:999.1\n  Scenario: Exotic Orchard with no opposing lands adds no mana\n"
        "    Given a game between Alice and Bob\n\n  Scenario: untagged\n    Given a game between Alice and Bob\n",
        encoding="utf-8",
    )
    problems = tag_problems(load_catalog(copy_root), feature_tags(copy_root / "features"))
    text = "\n".join(problems)
    assert "@ruling:no.such-ruling is not in fixtures/rulings.toml" in text
    assert "@cr:999.1 is not in fixtures/comprehensive_rules.toml" in text
    assert "is also used at" in text
    assert "scenario 'untagged' has no @cr: tag" in text


def test_every_rule_the_engine_cites_exists() -> None:
    """Like cr!("208.4b") in mtg-sim: a cited rule number that is not in the rules index is a defect."""
    rules = load_catalog(ROOT).rules
    cited = set()
    for path in (ROOT / "oracle").rglob("*.py"):
        # a rule number, not part of a version such as phase-python==0.103.0
        cited |= set(re.findall(r"(?<![\d.=])\b[1-9]\d{2}\.\d+[a-z]?\b", path.read_text(encoding="utf-8")))
    assert sorted(cited - rules.keys()) == []


def test_every_ruling_has_a_rule_and_a_page() -> None:
    for ruling in load_catalog(ROOT).rulings.values():
        assert ruling.rules and ruling.pages and ruling.text.strip() == ruling.text


def test_unknown_capability_tags_are_reported(copy_root: Path) -> None:
    feature = copy_root / "features" / "needs.feature"
    feature.write_text(
        "@ruling:symbol.tap @needs:telepathy\nFeature: x\n\n  @cr:107.5\n  Scenario: needs something unknown\n"
        "    Given a game between Alice and Bob\n",
        encoding="utf-8",
    )
    problems = tag_problems(load_catalog(copy_root), feature_tags(copy_root / "features"))
    assert any("@needs:telepathy is not in fixtures/capabilities.toml" in p for p in problems)


def test_the_reference_engine_declares_every_capability() -> None:
    """Scenarios' needs are derived (tests/unit/test_needs.py); the reference engine has them all."""
    from oracle.adapters.reference import CAPABILITIES

    assert sorted(CAPABILITIES) == sorted(load_catalog(ROOT).capabilities)


def test_the_catalog_is_read_once_until_one_of_its_files_changes(copy_root: Path) -> None:
    first = load_catalog(copy_root)
    assert load_catalog(copy_root) is first
    path = copy_root / "fixtures" / "rulings.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('rules = ["106.5"]', 'rules = ["106.99"]'), "utf-8")
    with pytest.raises(CatalogError, match=r"rule 106\.99"):
        load_catalog(copy_root)
