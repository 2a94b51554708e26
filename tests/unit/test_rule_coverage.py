"""The whole Comprehensive Rules, pinned (oracle/suite/comprehensive_rules.py), rule coverage
(``mtg-conformance coverage``, coverage.html), a new edition's changes (``cr-changes``) and the
intake of official rulings (``rulings import``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.errors import CatalogError
from oracle.suite.catalog import load_catalog
from oracle.suite.cli import main
from oracle.suite.comprehensive_rules import changed, parse, sort_key
from oracle.suite.coverage.command import rule_coverage
from oracle.suite.coverage.intake import propose_id, read_pending
from oracle.suite.coverage.rules import ENGINE_ONLY, EXEMPT, TESTED, UNCOVERED, read_exemptions

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parents[2] / "fixtures" / "official_rulings"
PINNED = ROOT / "fixtures" / "comprehensive_rules" / "MagicCompRules-20260227.txt"

SMALL = """\ufeffMagic: The Gathering Comprehensive Rules

These rules are effective as of February 27, 2026.

Contents

1. Game Concepts
100. General

Glossary

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game.

100.1a A two-player game is a game that begins with only two players.

Example: An example is not part of its paragraph.

     A second paragraph of the same subrule.

Glossary

Active Player
"""


def test_the_cr_text_is_read_into_numbered_rules_with_their_headings() -> None:
    edition = parse(SMALL)
    assert edition.date == "2026-02-27"
    assert list(edition.paragraphs) == ["100.1", "100.1a"]
    assert edition.paragraphs["100.1a"].text == (
        "A two-player game is a game that begins with only two players.\nA second paragraph of the same subrule."
    )
    assert edition.paragraphs["100.1a"].examples == ("Example: An example is not part of its paragraph.",)
    assert edition.sections == {"1": "Game Concepts"} and edition.subsections == {"100": "General"}


@pytest.mark.parametrize("text", ["", "Magic rules effective as of February 27, 2026.\n100.1. x\n"])
def test_a_text_that_is_not_the_cr_is_one_error(text: str) -> None:
    with pytest.raises(CatalogError):
        parse(text, "x.txt")


def test_the_pinned_edition_is_whole_and_every_cited_rule_is_in_it() -> None:
    catalog = load_catalog()
    assert catalog.cr.date == catalog.edition == "2026-02-27"
    assert len(catalog.cr.paragraphs) == 3120 and len(catalog.cr.sections) == 9 and len(catalog.cr.subsections) == 146
    for number, rule in catalog.rules.items():
        assert rule.text == catalog.cr.paragraphs[number].text, number
    assert "\n" in catalog.cr.paragraphs["509.1b"].text  # a rule of two paragraphs is whole


def test_rule_numbers_sort_in_the_crs_order() -> None:
    numbers = ["702.19", "106.12a", "702.9", "106.7", "106.12"]
    assert sorted(numbers, key=sort_key) == ["106.7", "106.12", "106.12a", "702.9", "702.19"]


def test_a_new_edition_lists_the_cited_rules_it_changed_or_renumbered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = PINNED.read_text(encoding="utf-8")
    old = load_catalog().cr
    edited = text.replace(old.paragraphs["106.7"].text, "Some abilities produce mana. (Changed.)", 1)
    edited = edited.replace("\n702.152a ", "\n702.152z ", 1).replace("February 27, 2026", "April 17, 2026", 1)
    new = parse(edited)
    assert changed(old, new, ["106.7", "702.152a", "106.5"]) == [
        "106.7: text changed in the 2026-04-17 edition",
        "702.152a: gone in the 2026-04-17 edition (renumbered or removed)",
    ]
    other = tmp_path / "new.txt"
    other.write_text(edited, encoding="utf-8")
    assert main(["cr-changes", str(other)]) == 1
    out = capsys.readouterr().out
    assert "106.7: text changed" in out and "702.152a: gone" in out
    other.write_text(text, encoding="utf-8")
    assert main(["cr-changes", str(other)]) == 0
    assert "0 of the rules the suite cites differ" in capsys.readouterr().out
    other.write_text("not the rules\n", encoding="utf-8")
    assert main(["cr-changes", str(other)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_every_rule_has_one_state_and_a_scenarios_citation_makes_it_tested() -> None:
    found = rule_coverage()
    catalog = load_catalog()
    assert len(found.rules) == len(catalog.cr.paragraphs)
    tagged = {n for rule in found.rules if rule.state == TESTED for n in [rule.paragraph.number]}
    assert "106.7" in tagged and "702.152a" in tagged
    assert all(r.paragraph.number[0] in "89" for r in found.in_state(EXEMPT) if r.paragraph.number[0] in "89")
    assert not [r for r in found.rules if r.paragraph.number[0] == "8" and r.state != EXEMPT]
    assert all(r.engine and not r.scenarios for r in found.in_state(ENGINE_ONLY))
    totals = found.totals()
    assert sum(totals.values()) == len(found.rules) and totals[UNCOVERED] > 0
    assert found.rate() == totals[TESTED] / (len(found.rules) - totals[EXEMPT])


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ('[[exempt]]\nrules = ["8"]\n', "give its reason"),
        ('[[exempt]]\nrules = []\nreason = "x"\n', "rules must be a non-empty list"),
        ('[[exempt]]\nrules = ["999.1"]\nreason = "x"\n', "999.1 is no rule of the 2026-02-27 edition"),
        ("exempt = 3\n", "exempt must be an array of tables"),
    ],
)
def test_a_malformed_exemption_is_one_error(tmp_path: Path, content: str, says: str) -> None:
    path = tmp_path / "coverage-exemptions.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CatalogError, match=says):
        read_exemptions(path, load_catalog().cr)


def test_the_coverage_command_prints_sections_totals_and_the_engines_uncited_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    badge = tmp_path / "cr.svg"
    assert main(["coverage", "--badge", str(badge)]) == 0
    out = capsys.readouterr().out
    found = rule_coverage()
    totals = found.totals()
    assert f"{totals[TESTED]} tested, {totals[ENGINE_ONLY]} cited only by the reference engine" in out
    assert "8. Multiplayer Rules" in out and "rules implemented by the reference engine, cited by no scenario" in out
    assert badge.read_text(encoding="utf-8").startswith("<svg") and "CR tested" in badge.read_text(encoding="utf-8")
    assert main(["coverage", "--section", "702", "--list", "tested"]) == 0
    assert "702.152a" in capsys.readouterr().out
    assert main(["coverage", "--section", "999"]) == 2
    assert "no rule of the 2026-02-27 edition" in capsys.readouterr().err


def test_rulings_import_takes_new_rulings_in_as_pending_and_knows_the_encoded_ones(
    suite_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # From an empty intake (the project's own pending file is the result of these very imports).
    (suite_copy / "fixtures" / "pending_rulings.toml").unlink(missing_ok=True)
    # MTGJSON's cards: Jaxis's three rulings are encoded, Exotic Orchard's two are not.
    assert main(["rulings", "import", str(DATA / "mtgjson-cards.json")]) == 0
    out = capsys.readouterr().out
    pending = read_pending(suite_copy)
    assert [p.card for p in pending] == ["Exotic Orchard", "Exotic Orchard"], out
    assert all(p.date == "2009-02-01" and p.source == "MTGJSON" for p in pending)
    assert main(["rulings", "import", str(DATA / "mtgjson-cards.json")]) == 0
    assert "no new ruling: every one is known" in capsys.readouterr().out  # a second import adds nothing
    # Scryfall's: the first is encoded (orchard.no-colorless), the second (Vivid Crag) is new.
    orchard = DATA / "scryfall-exotic-orchard.json"
    assert main(["rulings", "import", str(orchard), "--card", "Exotic Orchard"]) == 0
    capsys.readouterr()
    pending = read_pending(suite_copy)
    assert len(pending) == 3 and pending[-1].text == json.loads(orchard.read_text(encoding="utf-8"))[1]["comment"]
    assert main(["rulings", "import", str(orchard), "--card", "Exotic Orchard"]) == 0
    assert "no new ruling: every one is known" in capsys.readouterr().out
    assert (
        main(
            [
                "rulings",
                "import",
                str(suite_copy / "fixtures" / "seeds" / "003_8442e5391c27e6b0.txt"),
                "--card",
                "Jaxis, the Troublemaker",
            ]
        )
        == 0
    )
    assert "no new ruling: every one is known" in capsys.readouterr().out  # every seed ruling is encoded
    assert main(["rulings", "import", str(DATA / "scryfall-static-orb.json"), "--card", "Static Orb"]) == 0
    out = capsys.readouterr().out
    pending = read_pending(suite_copy)
    assert [p.card for p in pending][-1] == "Static Orb" and pending[-1].date == "2004-10-04"
    assert pending[-1].text == json.loads((DATA / "scryfall-static-orb.json").read_text(encoding="utf-8"))[0]["comment"]
    assert pending[-1].id in out and "oracle id 0004ebd0" in pending[-1].source
    assert main(["rulings", "import", str(DATA / "scryfall-static-orb.json"), "--card", "Static Orb"]) == 0
    assert "no new ruling" in capsys.readouterr().out  # stable: nothing is taken in twice
    assert main(["rulings"]) == 0
    assert f"{pending[-1].id:<40} Static Orb (2004-10-04" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("file", "argv", "says"),
    [
        ("scryfall-static-orb.json", [], "give --card NAME"),
        ("page.txt", [], "does not name its card: give --card NAME"),
        ("bad.json", [], "not JSON"),
        ("other.json", [], "neither Scryfall ruling objects nor MTGJSON cards"),
    ],
)
def test_a_ruling_file_it_cannot_read_is_one_line(
    suite_copy: Path, tmp_path: Path, file: str, argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = DATA / file if (DATA / file).exists() else tmp_path / file
    if not path.exists():
        path.write_text({"page.txt": "Search\n\nA ruling.\n", "bad.json": "{nope", "other.json": '{"a": 1}'}[file])
    assert main(["rulings", "import", str(path), *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_a_proposed_id_is_stable_and_unique() -> None:
    text = "If there are two of these on the battlefield, they do not add together."
    first = propose_id("Static Orb", text, set())
    assert first == "static.two-battlefield-not-add" and propose_id("Static Orb", text, set()) == first
    assert propose_id("Static Orb", text, {first}) == f"{first}-2"


def test_the_docs_show_every_rule_and_each_cards_rulings(tmp_path: Path) -> None:
    from oracle.suite.docs import render_docs

    render_docs(tmp_path)
    page = (tmp_path / "coverage.html").read_text(encoding="utf-8")
    assert (
        'id="rule-702.152a"' in page and 'id="rule-905.1"' in page and "Implemented, but no scenario pins them" in page
    )
    assert 'href="scenarios.html#' in page
    cards = (tmp_path / "by-card.html").read_text(encoding="utf-8")
    assert "Rulings by card: encoded and pending" in cards and "<strong>Jaxis, the Troublemaker</strong>" in cards
    # A card's own page shows each of its official rulings with its state, pending ones verbatim.
    orchard = (tmp_path / "card-exotic-orchard.html").read_text(encoding="utf-8")
    pending = [p for p in read_pending() if p.card == "Exotic Orchard"]
    assert pending, "the shipped intake holds Exotic Orchard's rulings not yet encoded"
    assert f"Its official rulings: 1 of {1 + len(pending)} encoded" in orchard
    assert "<code>orchard.no-colorless</code>" in orchard
    assert all(f'id="pending-{p.id}"' in orchard for p in pending)


def test_a_pending_ruling_that_is_encoded_is_an_error(suite_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Encoding a pending ruling (features/ADDING_A_RULING.md) ends with taking it out of the pending file."""
    text = load_catalog(suite_copy).rulings["orchard.no-colorless"].text
    pending = suite_copy / "fixtures" / "pending_rulings.toml"
    pending.write_text(
        pending.read_text(encoding="utf-8")
        + f'\n[[pending]]\nid = "exotic.colors-white-blue-black"\ncard = "Exotic Orchard"\ndate = ""\nsource = "x"\ntext = "{text}"\n',
        encoding="utf-8",
    )
    assert main(["rulings"]) == 1
    err = capsys.readouterr().err
    assert "exotic.colors-white-blue-black is encoded as orchard.no-colorless: take it out of the pending file" in err


def test_the_totals_of_a_section_or_heading_are_those_of_its_rules() -> None:
    """``totals`` answers a section or a heading from counts made once: they must be the counts
    of the rules ``_within`` it, as for any other prefix."""
    from oracle.suite.coverage.command import rule_coverage
    from oracle.suite.coverage.rules import STATES, _within

    found = rule_coverage()
    numbers = [rule.paragraph.number for rule in found.rules]
    prefixes = {"", "999", "106.7", *(n[0] for n in numbers), *(n.split(".")[0] for n in numbers)}
    for prefix in sorted(prefixes):
        expected = dict.fromkeys(STATES, 0)
        for rule in found.rules:
            if not prefix or _within(rule.paragraph.number, prefix):
                expected[rule.state] += 1
        assert found.totals(prefix) == expected, prefix


def test_an_edition_numbering_a_rule_twice_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second 106.7 with other words would be missed if either were kept quietly."""
    text = PINNED.read_text(encoding="utf-8")
    edited = text.replace("\n106.8. ", "\n106.7. Some abilities produce mana. (Changed.)\n\n106.8. ", 1)
    other = tmp_path / "twice.txt"
    other.write_text(edited, encoding="utf-8")
    assert main(["cr-changes", str(other)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "rule 106.7 is numbered twice" in err
