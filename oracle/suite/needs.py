"""What each scenario needs from an engine, derived from what it uses rather than written by hand.

A scenario needs the capabilities (``fixtures/capabilities.toml``) of

* every card its steps name: the words of the card's abilities (their kind, costs, keywords,
  effects, replacements and statics, :mod:`oracle.engine.vocabulary`), looked up in the
  ``[card_words]`` table;
* every step it takes: the step's phrase, looked up in the ``[steps]`` table of regular
  expressions;
* and the ``@needs:<capability>`` tags written on the scenario itself, for what no card or step
  implies (the state-based actions that end it, say).

The derivation is also the lint (:func:`needs_problems`): a card word or a step with no row in
the tables, a ``@needs:`` tag on a ``Feature:`` or ``Rule:`` line (a whole file sharing needs is
how scenarios came to claim too much or too little), a tag that names an unknown capability or
repeats one that is already derived, a scenario without steps of its own or without a Then step
(it can't pass: nothing it does would be checked): each is one line naming the scenario.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from oracle.engine.cards import Card, CardDatabase, basic_land_mana, shared_database
from oracle.engine.vocabulary import Ability
from oracle.errors import CatalogError
from oracle.kept import kept
from oracle.paths import suite_root
from oracle.toml import read_toml

from .scenarios import FeatureError, read_feature

_COST_WORDS = {
    "tap": "cost:{T}",
    "untap": "cost:{Q}",
    "sacrifice_self": "cost:sacrifice-self",
    "tap_untapped_creature": "cost:tap-untapped-creature",
    "discard_card": "cost:discard",
}


@dataclass(frozen=True)
class NeedsTable:
    """The capabilities, what each card word needs and what each step phrase needs."""

    capabilities: dict[str, str]
    card_words: dict[str, tuple[str, ...]]
    steps: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]
    #: The rows of [steps] for each kind of step, as :meth:`steps_for` sorts them out once.
    _by_kind: dict[str, tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def steps_for(self, kind: str) -> tuple[tuple[re.Pattern[str], tuple[str, ...]], ...]:
        """The rows of [steps] a step of this kind may match, in the table's order: a row whose
        pattern starts with another kind's word (``^given ``) can't match it, and is not tried."""
        rows = self._by_kind.get(kind)
        if rows is None:
            others = tuple(f"^{other} " for other in ("given", "when", "then") if other != kind)
            rows = self._by_kind[kind] = tuple(row for row in self.steps if not row[0].pattern.startswith(others))
        return rows


@dataclass
class Derived:
    """A scenario's needs, each with why, and the lint's problems with it."""

    needs: dict[str, list[str]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def add(self, capabilities: Sequence[str], why: str) -> None:
        for capability in capabilities:
            reasons = self.needs.setdefault(capability, [])
            if why not in reasons:
                reasons.append(why)


def load_needs_table(root: Path | None = None) -> NeedsTable:
    """Read and check ``fixtures/capabilities.toml``; a row naming an unknown capability or a bad
    regular expression is a one-line :class:`CatalogError`."""
    path = (root or suite_root()) / "fixtures" / "capabilities.toml"
    data = read_toml(path, CatalogError)
    capabilities = data.get("capabilities", {})
    tables: dict[str, dict[str, tuple[str, ...]]] = {}
    for section in ("card_words", "steps"):
        tables[section] = {}
        for key, value in data.get(section, {}).items():
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise CatalogError(f"{path}: [{section}] {key!r} must be a list of capabilities")
            unknown = [v for v in value if v not in capabilities]
            if unknown:
                raise CatalogError(f"{path}: [{section}] {key!r}: {unknown[0]!r} is not in [capabilities]")
            tables[section][key] = tuple(value)
    steps = []
    for pattern, needs in tables["steps"].items():
        try:
            steps.append((re.compile(pattern), needs))
        except re.error as exc:
            raise CatalogError(f"{path}: [steps] {pattern!r} is not a regular expression: {exc}") from None
    return NeedsTable(dict(capabilities), tables["card_words"], tuple(steps))


# -- cards -----------------------------------------------------------------------------


def _ability_words(ability: Ability, creature: bool) -> Iterator[str]:
    """The words of one ability; a qualified word is "<word> <key>" or "<word> <key>=<value>"."""
    if ability.kind == "keyword":
        yield f"keyword:{ability.keyword}"
        return
    if ability.kind in ("activated", "triggered"):
        yield f"{ability.kind}-mana" if ability.is_mana_ability else ability.kind
    elif ability.kind == "spell":
        yield "spell"
    elif ability.kind == "static":
        yield "static"
    if ability.cost is not None:
        if ability.cost.mana.mana_value() or ability.cost.mana.x_count:
            yield "cost:mana"
        for attribute, word in _COST_WORDS.items():
            if getattr(ability.cost, attribute):
                yield word
                if creature and word in ("cost:{T}", "cost:{Q}"):
                    yield f"{word} creature"
    if ability.kind == "replacement":
        yield from _qualified(f"replacement:{ability.spec['replaces']['event']}", ability.spec["replaces"])
    prefix = "static" if ability.kind == "static" else "effect"
    for effect in ability.effects:
        word, params = next(iter(effect.items()))
        yield from _qualified(f"{prefix}:{word}", params)
        for gained in params.get("gains_abilities", []):
            yield from _ability_words(_table_ability(gained), creature)


def _qualified(word: str, params: dict[str, Any]) -> Iterator[str]:
    yield word
    for key, value in params.items():
        yield f"{word} {key}"
        if isinstance(value, (str, int, bool)):
            yield f"{word} {key}={value}"


def _table_ability(table: dict[str, Any]) -> Ability:
    from oracle.engine.vocabulary import parse_ability

    return parse_ability("gained ability", table)


def card_words(card: Card) -> list[str]:
    """Every word of the card: its abilities' words, an intrinsic mana ability (305.6), X in its cost."""
    parsed = card.types
    words: list[str] = []
    if "Land" in parsed.types and any(s in basic_land_mana() for s in parsed.subtypes):
        words.append("intrinsic-mana-ability")
    if card.mana_cost is not None and card.mana_cost.x_count:
        words.append("mana-cost:X")
    for ability in card.abilities:
        words += _ability_words(ability, "Creature" in parsed.types)
    return list(dict.fromkeys(words))


def _derive_card(card: Card, table: NeedsTable, derived: Derived, words: dict[str, list[str]]) -> None:
    if card.name not in words:
        words[card.name] = card_words(card)
    for word in words[card.name]:
        if word in table.card_words:
            derived.add(table.card_words[word], f"{card.name} ({word})")
        elif " " not in word:  # a qualified word adds to its word's row only where it has one
            derived.problems.append(f"card {card.name} uses {word!r}, which has no row in [card_words]")


@cache
def _longest_first(names: tuple[str, ...]) -> list[str]:
    return sorted(names, key=len, reverse=True)


def cards_named(text: str, cards: CardDatabase) -> list[str]:
    """The cards a step names, longest names first so "Forest" is not found inside another name;
    a plural ("two Forests") and a possessive ("Pili-Pala's ability") name the card."""
    found: list[str] = []
    for name in _longest_first(tuple(cards.cards)):
        if name not in text:  # the pattern needs the name itself: a quick test first
            continue
        pattern = rf"(?<![\w'-]){re.escape(name)}(?:s|'s)?(?![\w'-])"
        if re.search(pattern, text):
            found.append(name)
            text = re.sub(pattern, " ", text)
    return found


# -- scenarios -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioSteps:
    """One scenario as the derivation reads it: its steps (Background first) and its own tags."""

    id: str
    where: str
    steps: tuple[tuple[str, str], ...]  # ("given" | "when" | "then", text)
    tags: tuple[str, ...]
    outer_tags: tuple[str, ...]  # the tags of its Feature and Rule
    #: Why it can't pass (no steps of its own, no Then step), or "" (:attr:`Scenario.unrunnable`).
    unrunnable: str = ""


def read_scenarios(features: Path, unreadable: list[str] | None = None) -> list[ScenarioSteps]:
    """Every scenario of every feature file, as the harness reads it
    (:func:`oracle.suite.scenarios.read_feature`).  A file the harness can't run (it does not
    parse, or holds a Scenario Outline) is a :class:`CatalogError`, or, given ``unreadable``, a
    line added there (the run reports it as a failing test of its own)."""
    found: list[ScenarioSteps] = []
    for path in sorted(features.rglob("*.feature")):
        relative = path.relative_to(features).as_posix()
        try:
            scenarios = read_feature(path)
        except FeatureError as exc:
            problem = f"{path}: {exc.message[:200]}"
            if unreadable is None:
                raise CatalogError(problem) from None
            unreadable.append(problem)
            continue
        found += [
            ScenarioSteps(
                id=f"{relative}::{s.name}",
                where=s.where,
                steps=tuple(dict.fromkeys((step.kind, step.text) for step in s.steps)),
                tags=s.own_tags,
                outer_tags=s.outer_tags,
                unrunnable=s.unrunnable,
            )
            for s in scenarios
        ]
    return found


#: What one step says, for :func:`derive`: the needs of each row of [steps] it matches, and the cards it names.
StepReading = tuple[list[Sequence[str]], list[str]]


def _read_step(kind: str, text: str, cards: CardDatabase, table: NeedsTable) -> StepReading:
    phrase = f"{kind} {text}"
    return [needs for pattern, needs in table.steps_for(kind) if pattern.search(phrase)], cards_named(text, cards)


def derive(
    scenario: ScenarioSteps,
    cards: CardDatabase,
    table: NeedsTable,
    readings: dict[tuple[str, str], StepReading] | None = None,
    words: dict[str, list[str]] | None = None,
) -> Derived:
    """The scenario's needs (each with why) and the lint's problems with it.  ``readings``
    keeps what each step says, and ``words`` each card's words, across calls with the same cards
    and table (steps and cards repeat)."""
    derived = Derived()
    if scenario.unrunnable:
        derived.problems.append(f"the scenario {scenario.unrunnable}")
    seen_cards: set[str] = set()
    readings = {} if readings is None else readings
    words = {} if words is None else words
    for kind, text in scenario.steps:
        if (kind, text) not in readings:
            readings[kind, text] = _read_step(kind, text, cards, table)
        matches, names = readings[kind, text]
        for needs in matches:
            derived.add(needs, f"step {kind.capitalize()} {text!r}")
        if not matches:
            derived.problems.append(f"step {kind.capitalize()} {text!r} matches no row of [steps]")
        for name in names:
            if name not in seen_cards:
                seen_cards.add(name)
                _derive_card(cards[name], table, derived, words)
    for tag in scenario.outer_tags:
        if tag.startswith("needs:"):
            derived.problems.append(f"@{tag} is on the Feature or Rule line: write needs on each scenario")
    for tag in scenario.tags:
        if not tag.startswith("needs:"):
            continue
        capability = tag.split(":", 1)[1]
        if capability not in table.capabilities:
            derived.problems.append(f"@{tag} is not in fixtures/capabilities.toml")
        elif capability in derived.needs:
            why = derived.needs[capability][0]
            derived.problems.append(f"@{tag} is derived already, from {why}: drop the tag")
        else:
            derived.add([capability], f"@{tag}")
    derived.needs = dict(sorted(derived.needs.items()))
    return derived


def derive_all(root: Path | None = None) -> dict[str, Derived]:
    """Every scenario's derivation, by scenario id (``<file under features/>::<name>``), made once
    per suite root; a feature file that doesn't parse has none (the run refuses it)."""
    return _derive_all(root or suite_root())


@cache
def _derive_all(root: Path) -> dict[str, Derived]:
    from .gherkin_cache import parser_version

    return kept("needs", _inputs(root), lambda: _derive_all_anew(root), parser_version())


def _inputs(root: Path) -> list[Path]:
    """Every file the needs are derived from, found the way the derivation finds them: the
    feature files, the cards, the capabilities and the basic land types (of the suite root that
    ``MTG_CONFORMANCE_ROOT`` names too: :func:`~oracle.engine.cards.basic_land_mana` reads it)."""
    fixtures = root / "fixtures"
    found = sorted((root / "features").rglob("*.feature")) + sorted((fixtures / "cards").glob("*.toml"))
    found += [fixtures / "capabilities.toml", fixtures / "basic_land_types.toml"]
    override = os.environ.get("MTG_CONFORMANCE_ROOT")
    return [*found, Path(override) / "fixtures" / "basic_land_types.toml"] if override else found


def _derive_all_anew(root: Path) -> dict[str, Derived]:
    cards = shared_database(root / "fixtures" / "cards")
    table = load_needs_table(root)
    readings: dict[tuple[str, str], StepReading] = {}
    words: dict[str, list[str]] = {}
    return {s.id: derive(s, cards, table, readings, words) for s in read_scenarios(root / "features", [])}


def needs_problems(root: Path | None = None) -> list[str]:
    """The lint: one line per problem, naming the scenario."""
    root = root or suite_root()
    cards = shared_database(root / "fixtures" / "cards")
    table = load_needs_table(root)
    problems: list[str] = []
    readings: dict[tuple[str, str], StepReading] = {}
    for scenario in read_scenarios(root / "features", problems):
        problems += [
            f"{scenario.where}: {scenario.id.split('::')[1]!r}: {p}"
            for p in derive(scenario, cards, table, readings).problems
        ]
    return problems
