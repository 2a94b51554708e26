"""Wrong engines about the mana production event, read off the mana rulings' terms and real
engines' defects: tapping a permanent for mana (106.12, 605.1a), the abilities that trigger when it
is (106.12a, 605.1b, 605.4a) and the replacement effects that modify it (106.12b, 614.1a, 616.1).

The analysis each one comes from is features/mana/mana.misreadings.md.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import activation, effects, game, production

from . import Mutant, patch_everywhere


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
    """magefree/mage issue #1122 ("Change to 'tapped for mana' rule"), filed when 106.12a changed in
    2015: the engine decided such triggers from the mana ability, where the rule now looks at the
    mana it actually produced (a Mountain that produces {U} because of a replacement effect triggers
    Gauntlet of Power set to blue).  Here: "is tapped for mana of the chosen color" and "a type that
    land produced" read the ability's mana before the replacement effects."""
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


def untap_symbol_counts_as_tapping(mp: pytest.MonkeyPatch) -> None:
    """A mana ability with {Q} in its cost taps its permanent for mana as well as {T} would: Mana
    Reflection doubles Pili-Pala's mana (106.12: {T} in the cost; 107.6: {Q} means "Untap")."""
    original_resolve, original_produce = game.Game._resolve_mana_ability, activation.produce

    def resolve(self: Any, player: str, source: Any, ability: Any) -> None:
        if not (ability.cost and ability.cost.untap):
            original_resolve(self, player, source, ability)
            return

        def produce(g: Any, src: Any, who: str, mana: list[str], tapped_for_mana: bool) -> list[str]:
            return original_produce(g, src, who, mana, True)

        with pytest.MonkeyPatch.context() as inner:
            inner.setattr(activation, "produce", produce)
            original_resolve(self, player, source, ability)

    mp.setattr(game.Game, "_resolve_mana_ability", resolve)


def produced_read_as_could_produce(mp: pytest.MonkeyPatch) -> None:
    """ "One mana of any type that land produced" offers every type the land could produce: Shimmering
    Grotto tapped for {C} lets Mana Flare add any color (106.12a: the mana the ability produced; 106.7
    is for "could produce")."""
    original = production._tapped_for_mana_triggers

    def triggers(g: Any, tapped: Any, player: str, mana: list[str]) -> None:
        could = sorted(production.could_produce(g, tapped))
        original_trigger = type(g).trigger

        def trigger(self: Any, source: Any, ability: Any, event_player: str, event: Any = None, **kw: Any) -> None:
            original_trigger(self, source, ability, event_player, {**(event or {}), "produced": could}, **kw)

        with pytest.MonkeyPatch.context() as inner:
            inner.setattr(type(g), "trigger", trigger)
            original(g, tapped, player, mana)

    patch_everywhere(mp, production, "_tapped_for_mana_triggers", triggers)


def replacement_conditions_read_the_original_event(mp: pytest.MonkeyPatch) -> None:
    """ "If a land is tapped for two or more mana" is checked against the mana the ability made, not
    the event as other replacement effects modified it: Damping Sphere ignores a Forest that Mana
    Reflection made produce {G}{G} (616.1f, 616.2)."""
    original_produce, original_applies = production.produce, production._applies
    events: list[list[str]] = []

    def produce(g: Any, source: Any, player: str, mana: list[str], tapped_for_mana: bool) -> list[str]:
        events.append(list(mana))
        try:
            return original_produce(g, source, player, mana, tapped_for_mana)
        finally:
            events.pop()

    def applies(ability: Any, mana: list[str]) -> bool:
        return original_applies(ability, events[-1] if events and events[-1] else mana)

    patch_everywhere(mp, production, "_applies", applies)
    patch_everywhere(mp, production, "produce", produce)


def triggered_mana_joins_the_lands_event(mp: pytest.MonkeyPatch) -> None:
    """The mana a "tapped for mana" trigger adds is part of the land's mana production event, so the
    replacement effects that modify it modify that mana too: Contamination turns Vernal Bloom's {G}
    into {B} (106.12b: the event of the mana ability resolving; the trigger's mana is its own, 605.4a)."""
    original_triggers, original_produce = production._tapped_for_mana_triggers, effects.produce
    lands: list[tuple[Any, str]] = []

    def triggers(g: Any, tapped: Any, player: str, mana: list[str]) -> None:
        lands.append((tapped, player))
        try:
            original_triggers(g, tapped, player, mana)
        finally:
            lands.pop()

    def produce(g: Any, source: Any, player: str, mana: list[str], tapped_for_mana: bool) -> list[str]:
        if lands and mana:
            land, tapper = lands[-1]
            for _obj, ability in production._replacements(g, land, tapper):
                if production._applies(ability, mana):
                    mana = production._apply_replacement(ability, mana)
        return original_produce(g, source, player, mana, tapped_for_mana)

    patch_everywhere(mp, production, "_tapped_for_mana_triggers", triggers)
    mp.setattr(effects, "produce", produce)


def replacement_order_asked_of_their_controller(mp: pytest.MonkeyPatch) -> None:
    """The order of replacement effects is asked of the controller of one of them, not of the player
    whose mana is produced: Bob, who controls Contamination, orders it with Alice's Mana Reflection
    when Alice taps her Forest (616.1: the affected player chooses)."""
    original = game.Game.choose

    def choose(self: Any, player: str, kind: str, options: list[str], prompt: str) -> str:
        if kind == "replacement-effect":
            owners = [o.controller for o in self.state.permanents() if self.name(o) == options[0]]
            player = owners[0] if owners else player
        return original(self, player, kind, options, prompt)

    mp.setattr(game.Game, "choose", choose)


MUTANTS: list[Mutant] = [
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
    Mutant(
        "untap-symbol-counts-as-tapping",
        ("mana.tap-for-mana", "symbol.untap"),
        "a {Q} mana ability taps its permanent for mana (106.12, 107.6)",
        untap_symbol_counts_as_tapping,
        ("Untapping Pili-Pala for mana is not tapping it for mana",),
    ),
    Mutant(
        "produced-read-as-could-produce",
        ("mana.tapped-for-mana-trigger",),
        "'a type that land produced' offers every type it could produce (106.12a, 106.7)",
        produced_read_as_could_produce,
        ("Mana Flare adds only the type the land produced, not every type it could produce",),
    ),
    Mutant(
        "replacement-conditions-read-the-original-event",
        ("mana.tapped-for-mana-replacement",),
        "'tapped for two or more mana' reads the unmodified event (616.1f, 616.2)",
        replacement_conditions_read_the_original_event,
        ("Damping Sphere applies once Mana Reflection has made it two mana",),
    ),
    Mutant(
        "triggered-mana-joins-the-lands-event",
        ("mana.tapped-for-mana-replacement",),
        "replacement effects of the tapped land modify a trigger's extra mana (106.12b, 605.4a)",
        triggered_mana_joins_the_lands_event,
        ("Vernal Bloom triggers on a Forest tapped for mana of any type",),
    ),
    Mutant(
        "replacement-order-asked-of-their-controller",
        ("mana.tapped-for-mana-replacement",),
        "the order of replacement effects is asked of one effect's controller (616.1)",
        replacement_order_asked_of_their_controller,
        ("Alice, whose Forest is tapped, orders Bob's Contamination and her Mana Reflection",),
    ),
]
