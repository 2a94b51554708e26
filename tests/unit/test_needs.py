"""Each scenario's needs follow from what it uses: its cards' ability words and its step phrases
(oracle/suite/needs.py, with the tables in fixtures/capabilities.toml), and the lint says where a
scenario uses something the tables don't classify."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from oracle.engine.cards import CardDatabase
from oracle.errors import CatalogError
from oracle.paths import cards_dir, suite_root
from oracle.suite.needs import (
    NeedsTable,
    ScenarioSteps,
    card_words,
    cards_named,
    derive,
    derive_all,
    load_needs_table,
    needs_problems,
)
from tests.unit.test_glossary import _examples

CARDS = CardDatabase.load(cards_dir())


def _scenario(*steps: tuple[str, str], tags: tuple[str, ...] = (), outer: tuple[str, ...] = ()) -> ScenarioSteps:
    return ScenarioSteps("x.feature::s", "x.feature:3", steps, tags, outer)


def test_the_suite_passes_the_lint() -> None:
    assert needs_problems() == []


def test_every_glossary_example_has_a_row_in_the_steps_table() -> None:
    table = load_needs_table()
    for kind, text in _examples():
        assert any(p.search(f"{kind} {text}") for p, _ in table.steps), f"{kind} {text!r} matches no [steps] row"


@pytest.mark.parametrize(
    ("scenario", "needs"),
    [
        # The Fellwar Stone scenario needs "could produce" although no tag says so.
        (
            "costs/tap_symbol.feature::A noncreature artifact can use its {T} ability the turn it came under "
            "Alice's control",
            ["could-produce", "mana-abilities", "summoning-sickness"],
        ),
        # Vernal Bloom's is a triggered mana ability (605.1b): no replacement effect, no {Q}.
        (
            "mana/tapping_for_mana.feature::Vernal Bloom adds green whenever a Forest is tapped for mana",
            ["mana-abilities", "triggered-abilities"],
        ),
        (
            "costs/tap_symbol.feature::A tapped Llanowar Elves can't be tapped again",
            ["mana-abilities", "summoning-sickness"],
        ),
        # A need no card or step implies is written on the scenario.
        (
            "costs/x_on_entering.feature::Endless One cast with X = 0 enters with no counters and dies as a 0/0",
            ["casting", "replacement-effects", "state-based-actions", "x-costs"],
        ),
    ],
)
def test_needs_are_derived_from_cards_and_steps(scenario: str, needs: list[str]) -> None:
    assert list(derive_all(suite_root())[scenario].needs) == needs


def test_each_need_says_why() -> None:
    derived = derive(
        _scenario(("given", "Alice controls Fellwar Stone"), ("when", "Alice casts Grizzly Bears")),
        CARDS,
        load_needs_table(),
    )
    assert derived.needs["could-produce"] == ["Fellwar Stone (effect:add_one_mana among=could-produce)"]
    assert derived.needs["casting"] == ["step When 'Alice casts Grizzly Bears'"]


def test_card_words_name_kinds_costs_keywords_and_effects() -> None:
    assert card_words(CARDS["Forest"]) == ["intrinsic-mana-ability"]
    assert card_words(CARDS["Grizzly Bears"]) == []
    assert {"activated-mana", "cost:{T}", "cost:{T} creature", "effect:add_mana"} <= set(
        card_words(CARDS["Llanowar Elves"])
    )
    assert {"cost:mana", "cost:{Q}", "cost:{Q} creature", "keyword:flying"} <= set(card_words(CARDS["Pili-Pala"]))
    jaxis = set(card_words(CARDS["Jaxis, the Troublemaker"]))
    assert {"activated", "effect:create_tokens copy_of", "keyword:blitz", "triggered", "effect:draw_cards"} <= jaxis
    assert "mana-cost:X" in card_words(CARDS["Endless One"])


def test_cards_are_found_by_name_and_plural_and_not_inside_other_names() -> None:
    assert cards_named("Alice controls two Forests", CARDS) == ["Forest"]
    assert cards_named("the token Isamaru, Hound of Konda is a 2/2 creature", CARDS) == ["Isamaru, Hound of Konda"]
    assert cards_named("Alice activates Jaxis, the Troublemaker's ability targeting Clone", CARDS) == [
        "Jaxis, the Troublemaker",
        "Clone",
    ]
    assert cards_named("Alice controls one untapped Rogue Token", CARDS) == []


def test_the_lint_names_what_the_tables_do_not_classify() -> None:
    table = load_needs_table()
    bare = NeedsTable(table.capabilities, {}, ((re.compile("^given "), ()),))
    problems = derive(
        _scenario(("given", "Alice controls Llanowar Elves"), ("when", "Alice dances")), CARDS, bare
    ).problems
    assert "step When 'Alice dances' matches no row of [steps]" in problems
    assert "card Llanowar Elves uses 'activated-mana', which has no row in [card_words]" in problems
    assert not any("cost:{T} creature" in p for p in problems)  # a qualified word is optional


@pytest.mark.parametrize(
    ("tags", "outer", "problem"),
    [
        ((), ("needs:combat",), "@needs:combat is on the Feature or Rule line: write needs on each scenario"),
        (("needs:flying",), (), "@needs:flying is not in fixtures/capabilities.toml"),
        (("needs:casting",), (), "@needs:casting is derived already, from step When 'Alice casts Grizzly Bears'"),
    ],
)
def test_the_lint_on_needs_tags(tags: tuple[str, ...], outer: tuple[str, ...], problem: str) -> None:
    scenario = _scenario(("when", "Alice casts Grizzly Bears"), tags=tags, outer=outer)
    assert any(p.startswith(problem) for p in derive(scenario, CARDS, load_needs_table()).problems)


def _root_with(tmp_path: Path, capabilities: str) -> Path:
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "fixtures" / "capabilities.toml").write_text(capabilities, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('[capabilities]\ncasting = "x"\n[steps]\n"^when" = ["combat"]\n', "'combat' is not in [capabilities]"),
        ('[capabilities]\ncasting = "x"\n[steps]\n"(" = []\n', "is not a regular expression"),
        ('[capabilities]\ncasting = "x"\n[card_words]\nspell = "casting"\n', "must be a list of capabilities"),
    ],
)
def test_a_bad_table_is_one_line(tmp_path: Path, text: str, problem: str) -> None:
    with pytest.raises(CatalogError, match=re.escape(problem)):
        load_needs_table(_root_with(tmp_path, text))


def test_an_outline_and_a_feature_that_does_not_parse_are_named(tmp_path: Path) -> None:
    """The derivation reads what the harness runs: a Scenario Outline is refused as the run refuses it."""
    from oracle.suite.needs import read_scenarios

    (tmp_path / "a.feature").write_text(
        "Feature: F\n  Scenario Outline: O\n    When Alice casts <card>\n"
        "    Examples:\n      | card |\n      | Grizzly Bears |\n      | Murder |\n",
        encoding="utf-8",
    )
    (tmp_path / "b.feature").write_text("Feature: F\n  Scenario: S\n    Given x\n  Nonsense here\n", encoding="utf-8")
    (tmp_path / "c.feature").write_text("Feature: F\n  Scenario: S\n    Given x\n    And y\n", encoding="utf-8")
    with pytest.raises(CatalogError, match=r"a\.feature: a Scenario Outline is not run"):
        read_scenarios(tmp_path)
    unreadable: list[str] = []
    (scenario,) = read_scenarios(tmp_path, unreadable)
    assert scenario.id == "c.feature::S" and scenario.steps == (("given", "x"), ("given", "y"))
    assert "a.feature: a Scenario Outline is not run" in unreadable[0]
    assert "b.feature: feature file does not parse" in unreadable[1]
