"""Wrong engines about the mana an ability may add, read off the mana rulings' terms and real
engines' defects: what a permanent "could produce" (106.7), colorless among the colors (105.1), and
mana of an undefined type (106.5).  The production event itself is mana_event_readings.py's.

The analysis each one comes from is features/mana/mana.misreadings.md.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import game, production
from oracle.engine.mana import MANA_TYPES
from oracle.errors import Rejected

from . import Mutant, patch_everywhere


def orchard_takes_the_first_option(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #1556 ("Exotic Orchard does not ask which color mana you want"): the
    engine added the first type an opponent's land could produce instead of asking for one.  Here:
    a "could produce" mana effect never asks, and adds the first of its options (106.7)."""
    original = game.Game._pick_mana

    def pick(self: Any, player: str, options: list[list[str]], params: dict[str, Any]) -> list[str]:
        if options and params.get("among") == "could-produce":
            return options[0]
        return original(self, player, options, params)

    mp.setattr(game.Game, "_pick_mana", pick)


def reflected_mana_for_each_land(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #104 ("Reflecting Pool mana ability gives one mana for each land"): the
    ability added one mana per land it looked at.  Here: "one mana of any color that a land an
    opponent controls could produce" adds the chosen mana once for each such land (106.7)."""
    original_pick, original_resolve = game.Game._pick_mana, game.Game._resolve_mana_ability
    resolving: list[Any] = []

    def pick(self: Any, player: str, options: list[list[str]], params: dict[str, Any]) -> list[str]:
        mana = original_pick(self, player, options, params)
        if not mana or not resolving or params.get("among") != "could-produce":
            return mana
        chars = production.compute(self.state)
        lands = [
            o
            for o in self.state.permanents()
            if production.matches(self.state, chars, o, params["lands"], resolving[-1])
        ]
        return mana * max(1, len(lands))

    def resolve(self: Any, player: str, source: Any, ability: Any) -> None:
        resolving.append(source)
        try:
            original_resolve(self, player, source, ability)
        finally:
            resolving.pop()

    mp.setattr(game.Game, "_pick_mana", pick)
    mp.setattr(game.Game, "_resolve_mana_ability", resolve)


def could_produce_ignores_abilities_with_costs(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #4125 ("Reflecting Pool + Cascading Cataracts"): Reflecting Pool offered only
    colorless beside Cascading Cataracts, whose {5}, {T} ability adds any colors.  Here: what a
    permanent could produce counts only its mana abilities without a mana cost (106.7: "Ignore
    whether any costs of the ability could or could not be paid")."""
    original = production.could_produce

    def could_produce(game_: Any, obj: Any, visiting: frozenset[int] = frozenset()) -> set[str]:
        if obj.id in visiting:
            return set()
        chars = production.compute(game_.state)[obj.id]
        costly = [a for a in chars.abilities if a.cost is not None and a.cost.mana.mana_value()]
        if not costly:
            return original(game_, obj, visiting)
        visiting = visiting | {obj.id}
        types: set[str] = set()
        for ability in chars.abilities:
            if ability.kind != "activated" or not ability.is_mana_ability or ability in costly:
                continue
            replacements = production._replacements(game_, obj, obj.controller) if ability.cost.tap else []
            for mana in production.ability_mana_options(game_, obj, ability, visiting):
                for result in production._every_order(replacements, mana):
                    types |= set(result)
        return types

    patch_everywhere(mp, production, "could_produce", could_produce)


def could_produce_ignores_replacements(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #9351 ("Fellwar Stone produces types of mana it shouldn't"): it ignored
    replacement effects such as Hall of Gemstone's on the opponents' lands.  Here: what a permanent
    could produce is its abilities' printed mana, no replacement effect applied (106.7)."""
    original = production.could_produce

    def could_produce(game_: Any, obj: Any, visiting: frozenset[int] = frozenset()) -> set[str]:
        with pytest.MonkeyPatch.context() as inner:
            inner.setattr(production, "_replacements", lambda *args: [])
            return original(game_, obj, visiting)

    patch_everywhere(mp, production, "could_produce", could_produce)


def colorless_offered_beside_colors(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #9351 ("Fellwar Stone produces types of mana it shouldn't"): Fellwar Stone
    offered colorless among the colors an opponent's lands could produce.  Here: "any color that a
    land could produce" offers {C} too whenever such a land could produce it (105.1, 106.7)."""
    original = production.mana_effect_options

    def options(game_: Any, source: Any, params: dict[str, Any], *args: Any) -> list[list[str]]:
        if params.get("of") != "color" or params.get("among") != "could-produce":
            return original(game_, source, params, *args)
        return original(game_, source, {**params, "of": "type"}, *args)

    patch_everywhere(mp, production, "mana_effect_options", options)


def reflecting_pool_offers_colorless(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #6814 ("Reflecting Pool can tap for colorless when none of my other lands
    can").  Here: "any type that a land you control could produce" always offers {C} once some such
    land is there, whether or not it could produce colorless (106.5, 106.7)."""
    original = production.mana_effect_options

    def options(game_: Any, source: Any, params: dict[str, Any], *args: Any) -> list[list[str]]:
        found = original(game_, source, params, *args)
        if params.get("of") != "type" or params.get("among") != "could-produce" or ["C"] in found:
            return found
        chars = production.compute(game_.state)
        lands = [
            o
            for o in game_.state.permanents()
            if o.id != source.id and production.matches(game_.state, chars, o, params.get("lands", {}), source)
        ]
        return [*found, ["C"]] if lands else found

    patch_everywhere(mp, production, "mana_effect_options", options)


def refuses_an_ability_that_would_produce_nothing(mp: pytest.MonkeyPatch) -> None:
    """A mana ability that would produce mana of an undefined type can't be activated at all:
    Exotic Orchard facing no lands stays untapped (106.5: it is activated, and produces no mana)."""
    original = game.Game._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        if ability.is_mana_ability and not production.ability_mana_options(self, source, ability):
            raise Rejected("not-allowed", f"{self.name(source)} would produce no mana")
        original(self, player, source, ability, mana)

    mp.setattr(game.Game, "_pay_ability_cost", pay)


def replacement_makes_mana_from_nothing(mp: pytest.MonkeyPatch) -> None:
    """ "Produces {B} instead of any other type and amount" applies to a land that produced no mana,
    so Contamination gives {B} for Exotic Orchard facing no lands (106.5: no mana, no event to modify)."""
    original = production.produce

    def produce(g: Any, source: Any, player: str, mana: list[str], tapped_for_mana: bool) -> list[str]:
        if not mana and tapped_for_mana:
            for _obj, ability in production._replacements(g, source, player):
                if "produce" in ability.spec["replaces"]:
                    mana = production._apply_replacement(ability, mana)
        return original(g, source, player, mana, tapped_for_mana)

    patch_everywhere(mp, production, "produce", produce)


def self_reference_could_produce_anything(mp: pytest.MonkeyPatch) -> None:
    """A permanent whose mana depends on itself, or on another that depends on it, could produce any
    type: two Reflecting Pools offer all six types (106.7: "no type of mana can be defined this way",
    so none, 106.5)."""
    original = production.could_produce

    def could_produce(game_: Any, obj: Any, visiting: frozenset[int] = frozenset()) -> set[str]:
        return set(MANA_TYPES) if obj.id in visiting else original(game_, obj, visiting)

    patch_everywhere(mp, production, "could_produce", could_produce)


def could_produce_skips_tapped_permanents(mp: pytest.MonkeyPatch) -> None:
    """A tapped land could produce nothing, since its {T} cost can't be paid (106.7: "Ignore whether
    any costs of the ability could or could not be paid")."""
    original = production.could_produce

    def could_produce(game_: Any, obj: Any, visiting: frozenset[int] = frozenset()) -> set[str]:
        return set() if obj.tapped else original(game_, obj, visiting)

    patch_everywhere(mp, production, "could_produce", could_produce)


def could_produce_as_if_the_asker_tapped_it(mp: pytest.MonkeyPatch) -> None:
    """What another player's land could produce is worked out as if the player asking tapped it: Alice's
    Mana Reflection ("If you tap") applies to Bob's Forest for Alice's Fellwar Stone (106.7: the ability
    of that permanent resolving, which only its controller activates, 602.2)."""
    original_options = production.mana_effect_options
    asking: list[str] = []

    def options(game_: Any, source: Any, params: dict[str, Any], *args: Any) -> list[list[str]]:
        asking.append(source.controller)
        try:
            return original_options(game_, source, params, *args)
        finally:
            asking.pop()

    def could_produce(game_: Any, obj: Any, visiting: frozenset[int] = frozenset()) -> set[str]:
        if obj.id in visiting:
            return set()
        visiting = visiting | {obj.id}
        player = asking[-1] if asking else obj.controller
        types: set[str] = set()
        for ability in production.compute(game_.state)[obj.id].abilities:
            if ability.kind != "activated" or not ability.is_mana_ability:
                continue
            replacements = production._replacements(game_, obj, player) if ability.cost.tap else []
            for mana in production.ability_mana_options(game_, obj, ability, visiting):
                for result in production._every_order(replacements, mana):
                    types |= set(result)
        return types

    patch_everywhere(mp, production, "mana_effect_options", options)
    patch_everywhere(mp, production, "could_produce", could_produce)


MUTANTS: list[Mutant] = [
    Mutant(
        "could-produce-takes-the-first-option",
        ("mana.could-produce",),
        "'one mana of any color a land could produce' adds the first such color, unasked (106.7)",
        orchard_takes_the_first_option,
        ("A tapped land still counts, because costs are ignored",),
        source="phase-rs/phase issue #1556: Exotic Orchard does not ask which color mana you want",
    ),
    Mutant(
        "could-produce-mana-for-each-land",
        ("mana.could-produce",),
        "'one mana ... that a land could produce' adds one for each such land (106.7)",
        reflected_mana_for_each_land,
        ("Exotic Orchard adds one mana however many lands the opponent controls",),
        source="magefree/mage issue #104: Reflecting Pool mana ability gives one mana for each land",
    ),
    Mutant(
        "could-produce-ignores-abilities-with-costs",
        ("mana.could-produce",),
        "'could produce' skips mana abilities with a mana cost (106.7: costs are ignored)",
        could_produce_ignores_abilities_with_costs,
        ("A land's mana ability with a mana cost counts even when nobody could pay it",),
        source="magefree/mage issue #4125: Reflecting Pool + Cascading Cataracts",
    ),
    Mutant(
        "could-produce-ignores-replacements",
        ("mana.could-produce",),
        "'could produce' applies no replacement effect (106.7)",
        could_produce_ignores_replacements,
        ("Contamination changes what an opponent's Forest could produce",),
        source="magefree/mage issue #9351: Fellwar Stone produces types of mana it shouldn't",
    ),
    Mutant(
        "colorless-offered-beside-colors",
        ("mana.could-produce", "mana.undefined-type", "orchard.no-colorless"),
        "'any color a land could produce' offers {C} beside the colors (105.1, 106.7)",
        colorless_offered_beside_colors,
        ("Fellwar Stone facing a Forest and Wastes offers green only",),
        source="magefree/mage issue #9351: Fellwar Stone produces types of mana it shouldn't",
    ),
    Mutant(
        "reflecting-pool-offers-colorless",
        ("mana.could-produce", "mana.undefined-type"),
        "'any type a land you control could produce' always offers {C} (106.5, 106.7)",
        reflecting_pool_offers_colorless,
        ("Reflecting Pool beside a Forest offers green only",),
        source="magefree/mage issue #6814: Reflecting Pool can tap for colorless when none of my other lands can",
    ),
    Mutant(
        "refuses-an-ability-that-would-produce-nothing",
        ("mana.undefined-type",),
        "a mana ability that would produce no mana can't be activated (106.5)",
        refuses_an_ability_that_would_produce_nothing,
        ("Exotic Orchard with no opposing lands adds no mana",),
    ),
    Mutant(
        "replacement-makes-mana-from-nothing",
        ("mana.undefined-type", "mana.tapped-for-mana-replacement"),
        "Contamination turns no mana into {B} (106.5, 106.12b)",
        replacement_makes_mana_from_nothing,
        ("Contamination has no mana to turn into black when Exotic Orchard produces none",),
    ),
    Mutant(
        "self-reference-could-produce-anything",
        ("mana.undefined-type",),
        "a permanent whose mana depends on itself could produce any type (106.5, 106.7)",
        self_reference_could_produce_anything,
        ("Two Reflecting Pools define no type of mana for each other",),
    ),
    Mutant(
        "could-produce-skips-tapped-permanents",
        ("mana.could-produce",),
        "a tapped land could produce nothing (106.7: costs are ignored)",
        could_produce_skips_tapped_permanents,
        ("A tapped land still counts, because costs are ignored",),
    ),
    Mutant(
        "could-produce-as-if-the-asker-tapped-it",
        ("mana.could-produce",),
        "another player's land could produce what it would if the asking player tapped it (106.7)",
        could_produce_as_if_the_asker_tapped_it,
        ("Alice's Mana Reflection doesn't change what Bob's Forest could produce",),
    ),
]
