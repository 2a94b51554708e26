"""Wrong engines of mana, costs and casting that a third independent rules review found passing the
whole suite (review of 2026-12-04, round 1 of mana/, costs/ and rules/{mana_payment,
paying_while_casting, triggered_mana, land_play, activation, casting}): mana abilities activated
while paying that skip the mana production event (605.3b, 106.12b), or whose triggers go on the stack
below the spell (117.2a); "could produce" that gives nothing for a reflecting land (106.7), counts
another permanent's triggered mana (106.7, 106.3), or reads "a land" as any permanent; Mana Flare's
"type that land produced" read before replacement effects (106.12a-b); "activate only as a sorcery"
and a noninstant spell's timing checked without the turn or the whole stack (602.5d, 117.1a); a
"tap an untapped creature you control" cost paid with an opponent's creature (118.3); X counted as 0
in a spell's mana value on the stack (202.3e); Vernal Bloom's "its controller" read as Vernal
Bloom's controller, and Fervor's "creatures you control" as every creature.

A wrong reading of a rule a seed ruling is about names that ruling and is caught by its scenarios;
one of a ``@rules`` scenario's rule names no ruling (``-m rules``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from oracle.engine import activation, casting, characteristics, effects, mana, production
from oracle.engine.mana import parse_mana

from . import Mutant, patch_everywhere

WHILE_PAYING = activation.ActivationRules.activate_while_paying


def paying_skips_the_mana_event(mp: pytest.MonkeyPatch) -> None:
    """A mana ability activated while paying a cost adds its mana straight to the pool: no mana
    production event, so no replacement effect modifies it and nothing "tapped for mana" triggers
    (605.3a-b: activated while paying, it resolves as any mana ability does; 106.12, 106.12a-b)."""
    produce = activation.produce

    def activate_while_paying(self: Any, player: str, abilities: Sequence[tuple[int, int]]) -> None:
        self.__dict__["paying_directly"] = True
        try:
            WHILE_PAYING(self, player, abilities)
        finally:
            self.__dict__.pop("paying_directly", None)

    def direct(game: Any, source: Any, player: str, added: list[str], tapped_for_mana: bool) -> list[str]:
        if not game.__dict__.get("paying_directly"):
            return list(produce(game, source, player, added, tapped_for_mana))
        game.state.player(player).pool.add(added)
        return added

    mp.setattr(activation.ActivationRules, "activate_while_paying", activate_while_paying)
    mp.setattr(activation, "produce", direct)


def paying_triggers_stacked_at_once(mp: pytest.MonkeyPatch) -> None:
    """An ability that triggers on a mana ability activated while paying goes on the stack at once,
    below the spell already there since 601.2a, not when the player next receives priority
    (117.2a, 603.3: it becomes the topmost object)."""

    def activate_while_paying(self: Any, player: str, abilities: Sequence[tuple[int, int]]) -> None:
        WHILE_PAYING(self, player, abilities)
        self._stack_pending_triggers()

    mp.setattr(activation.ActivationRules, "activate_while_paying", activate_while_paying)


def _reflects(game: Any, obj: Any) -> bool:
    """Whether one of the permanent's mana abilities adds mana some permanents "could produce"."""
    return any(
        effect.get("add_one_mana", {}).get("among") == "could-produce"
        for ability in game.chars(obj).abilities
        if ability.kind == "activated"
        for effect in ability.effects
    )


def reflecting_lands_produce_nothing(mp: pytest.MonkeyPatch) -> None:
    """To keep two reflecting lands from asking each other forever, a permanent whose mana ability
    reflects what others "could produce" is taken to produce no type at all, even when a land
    outside the circle defines one (106.7: what its ability would produce if it resolved now)."""
    original = production.could_produce

    def could_produce(game: Any, obj: Any, visiting: frozenset[int] = frozenset()) -> set[str]:
        if _reflects(game, obj):
            return set()
        return set(original(game, obj, visiting))

    patch_everywhere(mp, production, "could_produce", could_produce)


def could_produce_counts_triggered_mana(mp: pytest.MonkeyPatch) -> None:
    """What a land "could produce" worked out by simulating a whole tap of it: the mana that
    "tapped for mana" triggered abilities of other permanents would add (Vernal Bloom's {G}) counts
    as the land's (106.7: an ability of that permanent; 106.3: that mana's source is the trigger's)."""
    original = production.could_produce

    def could_produce(game: Any, obj: Any, visiting: frozenset[int] = frozenset()) -> set[str]:
        types = set(original(game, obj, visiting))
        if not types:
            return types
        chars = characteristics.compute(game.state)
        for other in game.state.permanents():
            for ability in chars[other.id].abilities:
                trigger = ability.spec.get("trigger", {})
                if ability.kind != "triggered" or trigger.get("event") != "tapped-for-mana":
                    continue
                if not characteristics.matches(game.state, chars, obj, trigger["source"], other):
                    continue
                for effect in ability.effects:
                    if "add_mana" in effect:
                        types |= set(parse_mana(effect["add_mana"]["mana"]))
        return types

    patch_everywhere(mp, production, "could_produce", could_produce)


def could_produce_reads_any_permanent(mp: pytest.MonkeyPatch) -> None:
    """ "A land an opponent controls" / "a land you control" read as any permanent that player
    controls: only the controller is checked, so a mana creature is reflected too (106.7; the card
    names lands)."""
    original = production.mana_effect_options

    def options(
        game: Any, source: Any, params: dict[str, Any], event: Any, visiting: frozenset[int] = frozenset()
    ) -> list[list[str]]:
        if params.get("among") == "could-produce":
            params = {**params, "lands": {k: v for k, v in params.get("lands", {}).items() if k != "types"}}
        return list(original(game, source, params, event, visiting))

    patch_everywhere(mp, production, "mana_effect_options", options)


def flare_reads_the_unreplaced_mana(mp: pytest.MonkeyPatch) -> None:
    """Mana Flare's "any type that land produced" read from what the land's ability would have
    produced before replacement effects, so a Forest under Contamination gives {G} more (106.12a:
    the ability triggers as it produces mana; 106.12b: the replacement modifies that event)."""
    produce = production.produce
    triggers = production._tapped_for_mana_triggers

    def produce_remembering(game: Any, source: Any, player: str, added: list[str], tapped_for_mana: bool) -> list[str]:
        if tapped_for_mana:
            game.__dict__["unreplaced_mana"] = list(added)
        return list(produce(game, source, player, added, tapped_for_mana))

    def tapped_for_mana_triggers(game: Any, tapped: Any, player: str, added: list[str]) -> None:
        unreplaced = game.__dict__.pop("unreplaced_mana", added)
        original_trigger = game.trigger

        def trigger(source: Any, ability: Any, event_player: str, event: Any = None, lki: Any = None) -> None:
            if event is not None and "produced" in event:
                event = {**event, "produced": sorted(set(unreplaced))}
            original_trigger(source, ability, event_player=event_player, event=event, lki=lki)

        game.trigger = trigger
        try:
            triggers(game, tapped, player, added)
        finally:
            del game.trigger

    patch_everywhere(mp, production, "produce", produce_remembering)
    mp.setattr(production, "_tapped_for_mana_triggers", tapped_for_mana_triggers)


def _main_phase_only(self: Any, player: str) -> bool:
    """Sorcery timing read as "during a main phase": whose turn it is and the stack are not checked."""
    return self.state.step in ("precombat-main", "postcombat-main") and self.state.priority == player


def sorcery_activation_in_any_main_phase(mp: pytest.MonkeyPatch) -> None:
    """ "Activate only as a sorcery" (equip) checked as "during a main phase": any player's, with
    anything on the stack (602.5d, 307.1: their own main phase, the stack empty; 702.6a)."""
    original = activation.ActivationRules.activate

    def activate(self: Any, *args: Any, **kwargs: Any) -> None:
        self._sorcery_timing = lambda player: _main_phase_only(self, player)
        try:
            original(self, *args, **kwargs)
        finally:
            del self._sorcery_timing

    mp.setattr(activation.ActivationRules, "activate", activate)


def sorcery_speed_ignores_abilities_on_the_stack(mp: pytest.MonkeyPatch) -> None:
    """A noninstant spell may be cast in its caster's main phase while only abilities are on the
    stack: "the stack is empty" read as "no spell is on the stack" (117.1a, 405.1)."""
    original = casting.CastingRules.cast

    def no_spell(self: Any, player: str) -> bool:
        return (
            self.state.active == player
            and self.state.step in ("precombat-main", "postcombat-main")
            and not any(item.kind == "spell" for item in self.state.stack)
            and self.state.priority == player
        )

    def cast(self: Any, *args: Any, **kwargs: Any) -> None:
        self._sorcery_timing = lambda player: no_spell(self, player)
        try:
            original(self, *args, **kwargs)
        finally:
            del self._sorcery_timing

    mp.setattr(casting.CastingRules, "cast", cast)


def cost_taps_any_creature(mp: pytest.MonkeyPatch) -> None:
    """ "Tap an untapped creature you control" paid with any player's untapped creature (118.3: the
    cost names the resources that pay it; only a permanent's controller acts with it)."""
    original = activation.ActivationRules._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, *args: Any, **kwargs: Any) -> None:
        if ability.cost is None or not ability.cost.tap_untapped_creature:
            original(self, player, source, ability, *args, **kwargs)
            return
        borrowed = {o.id: o.controller for o in self.state.permanents() if o.controller != player}
        for object_id in borrowed:
            self.state.objects[object_id].controller = player
        try:
            original(self, player, source, ability, *args, **kwargs)
        finally:
            for object_id, controller in borrowed.items():
                self.state.objects[object_id].controller = controller

    mp.setattr(activation.ActivationRules, "_pay_ability_cost", pay)


def x_is_zero_on_the_stack(mp: pytest.MonkeyPatch) -> None:
    """X counted as 0 in a mana value everywhere, on the stack too (202.3e: there it is the number
    chosen for it)."""
    original = mana.ManaCost.mana_value

    def mana_value(self: Any, x: int = 0) -> int:
        return int(original(self, 0))

    mp.setattr(mana.ManaCost, "mana_value", mana_value)


def triggered_mana_to_the_triggers_controller(mp: pytest.MonkeyPatch) -> None:
    """Vernal Bloom's "its controller adds an additional {G}" read as Vernal Bloom's controller,
    not the Forest's (106.12a, 605.4a: "its" is the Forest)."""

    def add_mana(game: Any, item: Any, params: dict[str, Any]) -> None:
        source = effects._source(game, item)
        assert source is not None
        production.produce(game, source, item.controller, parse_mana(params["mana"]), tapped_for_mana=False)

    mp.setitem(effects.HANDLERS, "add_mana", add_mana)


def granted_keywords_for_every_creature(mp: pytest.MonkeyPatch) -> None:
    """Fervor's "creatures you control have haste" given to every creature, its controller's or not
    (613.1f: the effect applies to the objects it names; 109.5: "you" is its controller)."""
    original = characteristics._affected

    def affected(state: Any, chars: Any, source: Any, what: Any) -> list[Any]:
        filter_ = what.get("affects") if source is not None and "keywords" in what else None
        if isinstance(filter_, dict) and filter_.get("controller") == "you":
            what = {**what, "affects": {k: v for k, v in what["affects"].items() if k != "controller"}}
        return list(original(state, chars, source, what))

    mp.setattr(characteristics, "_affected", affected)


MUTANTS = [
    Mutant(
        "paying-skips-the-mana-event",
        (),
        "a mana ability activated while paying adds its mana with no mana production event: no replacement"
        " effect, no 'tapped for mana' trigger (605.3b, 106.12a-b)",
        paying_skips_the_mana_event,
        (
            "Mana Reflection doubles the mana of a Forest tapped for mana while casting",
            "Manabarbs triggered while casting goes on the stack above the spell",
        ),
    ),
    Mutant(
        "paying-triggers-stacked-at-once",
        (),
        "an ability triggered while paying goes on the stack at once, below the spell (117.2a, 603.3)",
        paying_triggers_stacked_at_once,
        ("Manabarbs triggered while casting goes on the stack above the spell",),
    ),
    Mutant(
        "reflecting-lands-produce-nothing",
        ("mana.could-produce",),
        "a permanent that reflects what others could produce is taken to produce no type, even when a"
        " land outside the circle defines one (106.7)",
        reflecting_lands_produce_nothing,
        (
            "Reflecting Pool reflects what its controller's Exotic Orchard could produce",
            "Exotic Orchard reflects an opponent's Exotic Orchard, which reflects Alice's Forest",
        ),
    ),
    Mutant(
        "could-produce-counts-triggered-mana",
        ("mana.could-produce",),
        "what a land could produce includes the mana other permanents' 'tapped for mana' triggers would"
        " add (106.7, 106.3)",
        could_produce_counts_triggered_mana,
        ("Vernal Bloom's additional green is not mana an opponent's Forest could produce",),
    ),
    Mutant(
        "could-produce-reads-any-permanent",
        ("mana.undefined-type", "mana.could-produce"),
        "'a land an opponent controls' / 'a land you control' read as any permanent that player controls (106.7)",
        could_produce_reads_any_permanent,
        (
            "An opponent's mana creature is not a land Exotic Orchard reflects",
            "Reflecting Pool doesn't reflect its controller's mana creature",
        ),
    ),
    Mutant(
        "flare-reads-the-unreplaced-mana",
        ("mana.tapped-for-mana-trigger", "mana.tapped-for-mana-replacement"),
        "Mana Flare's 'any type that land produced' read from the land's mana before replacement effects"
        " (106.12a, 106.12b)",
        flare_reads_the_unreplaced_mana,
        ("Mana Flare adds the black a Forest produced under Contamination",),
    ),
    Mutant(
        "sorcery-activation-in-any-main-phase",
        (),
        "'activate only as a sorcery' checked as 'during a main phase', any player's, the stack empty or not"
        " (602.5d, 307.1)",
        sorcery_activation_in_any_main_phase,
        (
            "Equip can't be activated while a spell is on the stack",
            "Equip can't be activated in another player's main phase",
        ),
    ),
    Mutant(
        "sorcery-speed-ignores-abilities-on-the-stack",
        (),
        "a noninstant spell may be cast while only abilities are on the stack (117.1a, 405.1)",
        sorcery_speed_ignores_abilities_on_the_stack,
        ("A creature spell can't be cast while a triggered ability is on the stack",),
    ),
    Mutant(
        "cost-taps-any-creature",
        (),
        "'tap an untapped creature you control' paid with another player's creature (118.3)",
        cost_taps_any_creature,
        ("A cost that taps an untapped creature you control can't be paid with an opponent's creature",),
    ),
    Mutant(
        "triggered-mana-to-the-triggers-controller",
        ("mana.tapped-for-mana-trigger",),
        "Vernal Bloom's 'its controller adds' gives the mana to Vernal Bloom's controller, not the Forest's"
        " (106.12a, 605.4a)",
        triggered_mana_to_the_triggers_controller,
        ("Bob's Vernal Bloom gives the additional green to Alice, who controls the Forest",),
    ),
    Mutant(
        "granted-keywords-for-every-creature",
        ("symbol.tap",),
        "Fervor's 'creatures you control have haste' gives haste to every creature (109.5, 702.10c)",
        granted_keywords_for_every_creature,
        ("Bob's Fervor doesn't give haste to Alice's creature",),
    ),
    Mutant(
        "x-is-zero-on-the-stack",
        ("x.enters-uses-spell-x",),
        "X counted as 0 in a spell's mana value on the stack (202.3e)",
        x_is_zero_on_the_stack,
        ("Endless One on the stack has the mana value of the X chosen for it",),
    ),
]
