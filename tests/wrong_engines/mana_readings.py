"""Wrong engines about producing mana, read off the mana rulings' terms and real engines' defects:
what a permanent "could produce" (106.7) and its undefined types (106.5), tapping for mana
(106.12), its triggers (106.12a, 605.1b, 605.4a) and its replacement effects (106.12b, 616.1).

The analysis each one comes from is features/mana/mana.misreadings.md.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import activation, effects, game, production

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
    """magefree/mage issue #4125 ("Reflecting Pool + Cascading Cataracts": only colorless was offered,
    the {5}, {T} ability of Cataracts ignored; #993 likewise for Cavern of Souls).  Here: what a
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


def one_mana_multiplier_only(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #3654 ("Nyxbloom Ancient and Mana Reflection interaction": 2x instead of
    6x).  Here: of the replacement effects that multiply mana, only one applies to an event; the
    others are dropped (106.12b, 616.1: each applies in turn)."""
    original = production._replacements

    def replacements(game_: Any, source: Any, player: str) -> list[Any]:
        found, multiplied = [], False
        for obj, ability in original(game_, source, player):
            if "multiply" in ability.spec["replaces"]:
                if multiplied:
                    continue
                multiplied = True
            found.append((obj, ability))
        return found

    patch_everywhere(mp, production, "_replacements", replacements)


def chosen_color_mana_to_the_triggers_controller(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #8154 ("BAD BUG with Gauntlet of Power"): the extra mana went to the
    Gauntlet's controller, not to the tapped land's.  Here: "its controller adds an additional one
    mana of that color" gives it to the controller of the triggered ability (106.12a, 605.1b)."""
    handler = effects.HANDLERS["add_one_mana"]

    def run(g: Any, item: Any, params: dict[str, Any]) -> None:
        if params.get("among") == "chosen-color":
            item.event_player = item.controller
        handler(g, item, params)

    mp.setitem(effects.HANDLERS, "add_one_mana", run)


def tapped_for_mana_type_before_replacement(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #1122 ("Change to 'tapped for mana' rule"): the engine looked at the mana
    ability's own mana, not at what it produced (106.12a since 2015: a Mountain that produces {U}
    because of a replacement effect triggers Gauntlet of Power set to blue).  Here: "is tapped for
    mana of the chosen color" and "a type that land produced" read the mana before replacement."""
    original_produce, original_triggers = production.produce, production._tapped_for_mana_triggers
    printed: list[list[str]] = []

    def produce(g: Any, source: Any, player: str, mana: list[str], tapped_for_mana: bool) -> list[str]:
        printed.append(list(mana))
        try:
            return original_produce(g, source, player, mana, tapped_for_mana)
        finally:
            printed.pop()

    def triggers(g: Any, tapped: Any, player: str, mana: list[str]) -> None:
        original_triggers(g, tapped, player, printed[-1] if printed and printed[-1] else mana)

    patch_everywhere(mp, production, "_tapped_for_mana_triggers", triggers)
    patch_everywhere(mp, production, "produce", produce)


def triggered_mana_abilities_add_nothing(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #129 ("Mana Flare - Tapping mana did not add an additional to mana pool"):
    "tapped for mana" triggers were recognised but added no mana when they resolved.  Here: a
    triggered mana ability triggers and is logged, and adds nothing (106.12a, 605.1b, 605.4a)."""
    original = game.Game.trigger

    def trigger(self: Any, source: Any, ability: Any, event_player: str, *args: Any, **kwargs: Any) -> None:
        if ability.kind == "triggered" and ability.is_mana_ability:
            self.log("ability-triggered", source=self.name(source), ability=ability.text)
            return
        original(self, source, ability, event_player, *args, **kwargs)

    mp.setattr(game.Game, "trigger", trigger)


def triggered_mana_abilities_use_the_stack(mp: pytest.MonkeyPatch) -> None:
    """Every triggered ability waits for the stack, mana abilities too: Mana Flare's extra mana
    comes only once the trigger resolves (against 605.1b, 605.4a: it resolves at once)."""
    original = game.Game.trigger

    def trigger(self: Any, source: Any, ability: Any, event_player: str, *args: Any, **kwargs: Any) -> None:
        if ability.kind != "triggered" or not ability.is_mana_ability:
            original(self, source, ability, event_player, *args, **kwargs)
            return
        queued = len(self.state.pending_triggers)
        with pytest.MonkeyPatch.context() as inner:
            inner.setattr(type(ability), "is_mana_ability", property(lambda _self: False))
            original(self, source, ability, event_player, *args, **kwargs)
        assert len(self.state.pending_triggers) == queued + 1

    mp.setattr(game.Game, "trigger", trigger)


def only_lands_are_tapped_for_mana(mp: pytest.MonkeyPatch) -> None:
    """ "Tapped for mana" is read as a land's word: a creature or artifact whose {T} mana ability
    resolves is not tapped for mana, so Mana Reflection leaves Llanowar Elves's mana alone (106.12:
    any permanent)."""
    original = activation.produce

    def produce(g: Any, source: Any, player: str, mana: list[str], tapped_for_mana: bool) -> list[str]:
        # Only an ability with {T} in its cost is asked about: its source is still on the battlefield.
        return original(g, source, player, mana, tapped_for_mana and "Land" in g.chars(source).types)

    mp.setattr(activation, "produce", produce)


def cost_tapped_creature_is_tapped_for_mana(mp: pytest.MonkeyPatch) -> None:
    """Every permanent tapped to pay a mana ability's cost is tapped for mana: the creature Springleaf
    Drum taps is tapped for mana too, so Mana Reflection applies once more for it (106.12: only the
    permanent whose ability has {T} in its cost)."""
    original_pay, original_resolve = game.Game._pay_ability_cost, game.Game._resolve_mana_ability
    tapped_for_cost: list[Any] = []

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        untapped = {o.id for o in self.state.permanents() if not o.tapped and o.id != source.id}
        original_pay(self, player, source, ability, mana)
        tapped_for_cost[:] = [o for o in self.state.permanents() if o.id in untapped and o.tapped]

    def resolve(self: Any, player: str, source: Any, ability: Any) -> None:
        others, tapped_for_cost[:] = list(tapped_for_cost), []
        original_produce = activation.produce

        def produce(g: Any, src: Any, who: str, mana: list[str], tapped_for_mana: bool) -> list[str]:
            for other in others:
                for _obj, replacement in production._replacements(g, other, who):
                    if production._applies(replacement, mana):
                        mana = production._apply_replacement(replacement, mana)
            return original_produce(g, src, who, mana, tapped_for_mana)

        with pytest.MonkeyPatch.context() as inner:
            inner.setattr(activation, "produce", produce)
            original_resolve(self, player, source, ability)

    mp.setattr(game.Game, "_pay_ability_cost", pay)
    mp.setattr(game.Game, "_resolve_mana_ability", resolve)


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
        ("mana.could-produce", "mana.undefined-type"),
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
        "one-mana-multiplier-only",
        ("mana.tapped-for-mana-replacement",),
        "only one 'produces twice as much' effect applies to an event (106.12b, 616.1)",
        one_mana_multiplier_only,
        ("Two Mana Reflections each double the mana",),
        source="phase-rs/phase issue #3654: Nyxbloom Ancient and Mana Reflection interaction",
    ),
    Mutant(
        "chosen-color-mana-to-the-triggers-controller",
        ("mana.tapped-for-mana-trigger",),
        "Gauntlet of Power's extra mana goes to its controller, not the land's (106.12a, 605.1b)",
        chosen_color_mana_to_the_triggers_controller,
        ("Bob's Gauntlet of Power gives the extra mana to Alice, who controls the Forest",),
        source="magefree/mage issue #8154: BAD BUG with Gauntlet of Power",
    ),
    Mutant(
        "tapped-for-mana-type-before-replacement",
        ("mana.tapped-for-mana-trigger", "mana.tapped-for-mana-replacement"),
        "'tapped for mana of a type' reads the ability's mana before replacement effects (106.12a)",
        tapped_for_mana_type_before_replacement,
        ("Gauntlet of Power does not trigger when Contamination makes the Forest produce black",),
        source='magefree/mage issue #1122: Change to "tapped for mana" rule',
    ),
    Mutant(
        "triggered-mana-abilities-add-nothing",
        ("mana.tapped-for-mana-trigger",),
        "a 'tapped for mana' triggered mana ability triggers but adds no mana (106.12a, 605.1b)",
        triggered_mana_abilities_add_nothing,
        ("Mana Flare adds one more mana of a type the land produced, at once",),
        source="phase-rs/phase issue #129: Mana Flare - Tapping mana did not add an additional to mana pool",
    ),
    Mutant(
        "triggered-mana-abilities-use-the-stack",
        ("mana.tapped-for-mana-trigger",),
        "a triggered mana ability waits on the stack (605.1b, 605.4a)",
        triggered_mana_abilities_use_the_stack,
        ("Mana Flare adds one more mana of a type the land produced, at once",),
    ),
    Mutant(
        "only-lands-are-tapped-for-mana",
        ("mana.tap-for-mana",),
        "only a land is 'tapped for mana' (106.12: any permanent)",
        only_lands_are_tapped_for_mana,
        ("Mana Reflection doubles the mana of a creature tapped for mana",),
    ),
    Mutant(
        "cost-tapped-creature-is-tapped-for-mana",
        ("mana.tap-for-mana",),
        "a permanent tapped to pay a mana ability's cost is tapped for mana too (106.12)",
        cost_tapped_creature_is_tapped_for_mana,
        ("Springleaf Drum is tapped for mana; the creature tapped to pay its cost is not",),
    ),
]
