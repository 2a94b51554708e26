"""Wrong engines derived from the offspring rulings and the rules they cite (features/copies/
offspring.misreadings.md), about when offspring's trigger exists and what a payment is: countered
spells and new objects (702.175a, 603.6a, 400.7), last known information (608.2h), instances and
payments (702.175b, 118.8, 601.2b), and the ability on the permanent as it enters (603.4, 613.1f,
400.7b).  offspring_copies.py holds the readings about what the token is."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest

from oracle.engine import casting, characteristics, effects, triggers, zones
from oracle.engine.vocabulary import Ability
from oracle.errors import Rejected

from . import Mutant, changeable, patch_everywhere


def _copy_source(g: Any, item: Any) -> tuple[Any, Any]:
    """The offspring trigger's source now (None once it left) and its last known copiable values."""
    source = g.state.objects.get(item.source_id)
    if source is not None and source.zone == "battlefield":
        return source, source.face()
    return None, item.source_info.get("face")


@contextmanager
def _computing(chars_for: Callable[[Any, dict[int, Any]], None]) -> Iterator[None]:
    """Within the block, the trigger module's ``compute`` lets ``chars_for`` rewrite the result."""
    original = triggers.compute

    def compute(st: Any) -> dict[int, Any]:
        chars = changeable(original(st))
        chars_for(st, chars)
        return chars

    triggers.compute = compute  # type: ignore[assignment]
    try:
        yield
    finally:
        triggers.compute = original  # type: ignore[assignment]


def _offspring_instances(entered: Any, how_many: Callable[[Any, Any], list[Any]]) -> Callable[..., None]:
    def rewrite(st: Any, chars: dict[int, Any]) -> None:
        ch = chars.get(entered.id)
        if ch is not None:
            kept = [a for a in ch.abilities if a.keyword != "offspring"]
            ch.abilities = kept + how_many(entered, ch)

    return rewrite


# -- offspring.countered --------------------------------------------------------------


def countered_offspring_cost_refunded(mp: pytest.MonkeyPatch) -> None:
    """A countered spell gives back what was paid for offspring, as if the additional cost were
    spent only on the token (601.2h, 702.175a: it was paid as the spell was cast)."""
    original = effects.HANDLERS["counter_target_spell"]

    def counter(g: Any, item: Any, params: dict[str, Any]) -> None:
        refunds = []
        for spell in effects._targets(g, item):
            instances = g.chars(spell).keyword_abilities("offspring")
            for ability in instances[: spell.paid.count("offspring")]:
                cost = ability.spec["cost"]
                refunds.append((spell.controller, [*cost.symbols, *["C"] * cost.generic]))
        original(g, item, params)
        for player, mana in refunds:
            g.state.player(player).pool.add(mana)

    mp.setitem(effects.HANDLERS, "counter_target_spell", counter)


def countered_card_keeps_its_offspring_payment(mp: pytest.MonkeyPatch) -> None:
    """A countered spell's offspring payment waits with the card in the graveyard, so the card makes
    its token when it enters later (400.7: the card is a new object; 603.6a: no trigger on countering)."""
    original = zones.ZoneRules.move

    def move(self: Any, obj: Any, zone: str, controller: str | None = None) -> Any:
        new = original(self, obj, zone, controller)
        if obj.zone == "stack" and zone == "graveyard" and "offspring" in obj.paid:
            new.paid = obj.paid
        return new

    mp.setattr(zones.ZoneRules, "move", move)


# -- offspring.source-left -----------------------------------------------------------


def left_creature_copied_with_its_effects(mp: pytest.MonkeyPatch) -> None:
    """Once the creature has left, the token copies its last known information whole, non-copy
    effects included (608.2h read as all its characteristics, not its copiable values, 707.2)."""
    original, leave = effects._copied_face, zones.ZoneRules.leave_battlefield
    last: dict[int, Any] = {}

    def leaving(self: Any, obj: Any, zone: str) -> Any:
        last[obj.id] = characteristics.snapshot(self.state, obj)["characteristics"]
        return leave(self, obj, zone)

    def copied(g: Any, item: Any, which: str) -> Any:
        result = original(g, item, which)
        source, _ = _copy_source(g, item)
        lki = last.get(item.source_id)
        if result is None or which != "self" or source is not None or lki is None:
            return result
        face = result[0]
        layered = replace(
            face, colors=tuple(lki.colors), types=tuple(lki.types), subtypes=tuple(lki.subtypes),
            abilities=tuple(lki.abilities), power=str(lki.power), toughness=str(lki.toughness),
        )  # fmt: skip
        return layered, result[1]

    mp.setattr(zones.ZoneRules, "leave_battlefield", leaving)
    patch_everywhere(mp, effects, "_copied_face", copied)


# -- offspring.pay-once ----------------------------------------------------------------


def offspring_instance_paid_again(mp: pytest.MonkeyPatch) -> None:
    """One instance of offspring may be paid as often as the player likes, one token each (118.8)."""

    def announce(self: Any, spell: Any, wanted: Any) -> list[Any]:
        costs = []
        for keyword in wanted:
            instances = self.chars(spell).keyword_abilities(keyword)
            if not instances:
                raise Rejected("not-allowed", f"{self.name(spell)} has no {keyword} cost (118.8)")
            costs.append(instances[0].spec["cost"])
            spell.paid += (keyword,)
        return costs

    mp.setattr(casting.CastingRules, "_announce_additional_costs", announce)


def offspring_instances_merge(mp: pytest.MonkeyPatch) -> None:
    """Keywords are a set: a creature with offspring twice has it once, so only one offspring cost
    can be paid and only one token made (702.175b)."""
    original = characteristics.compute

    def compute(st: Any) -> dict[int, Any]:
        chars = changeable(original(st))
        for ch in chars.values():
            first = next((a for a in ch.abilities if a.keyword == "offspring"), None)
            ch.abilities = [a for a in ch.abilities if a.keyword != "offspring" or a is first]
        return chars

    def characteristics_of(state: Any, obj: Any) -> Any:
        ch = characteristics_original(state, obj).copy()
        first = next((a for a in ch.abilities if a.keyword == "offspring"), None)
        ch.abilities = [a for a in ch.abilities if a.keyword != "offspring" or a is first]
        return ch

    characteristics_original = characteristics.characteristics
    patch_everywhere(mp, characteristics, "compute", compute)
    patch_everywhere(mp, characteristics, "characteristics", characteristics_of)


def one_offspring_trigger_per_spell(mp: pytest.MonkeyPatch) -> None:
    """However many offspring costs were paid, the creature's offspring triggers once (702.175b)."""
    original = triggers.TriggerRules.enters_triggers

    def enters_triggers(self: Any, entered: Any) -> None:
        paid = entered.paid
        if paid.count("offspring") > 1:
            entered.paid = (*[p for p in paid if p != "offspring"], "offspring")
        try:
            original(self, entered)
        finally:
            entered.paid = paid

    mp.setattr(triggers.TriggerRules, "enters_triggers", enters_triggers)


def offspring_once_per_turn(mp: pytest.MonkeyPatch) -> None:
    """ "Only once" is read as once a turn: a player who paid an offspring cost this turn can't pay
    one for another spell (118.8 and 702.175a limit one spell's instance, not the player)."""
    original = casting.CastingRules._announce_additional_costs

    def announce(self: Any, spell: Any, wanted: Any) -> list[Any]:
        if "offspring" in wanted:
            earlier = [
                o for o in self.state.objects.values()
                if o.id != spell.id and o.controller == spell.controller and "offspring" in o.paid
                and o.zone in ("stack", "battlefield") and not o.controlled_since_turn_start
            ]  # fmt: skip
            if earlier:
                raise Rejected("not-allowed", "an offspring cost was already paid this turn")
        return list(original(self, spell, wanted))

    mp.setattr(casting.CastingRules, "_announce_additional_costs", announce)


# -- offspring.missing-on-entry --------------------------------------------------------


def offspring_trigger_from_the_payment(mp: pytest.MonkeyPatch) -> None:
    """The trigger is counted from the payments, one per offspring cost paid, whether or not the
    permanent has offspring as it enters (702.175a, 603.6a)."""
    original = triggers.TriggerRules.enters_triggers
    keyword = Ability("keyword", "Offspring", {"keyword": "offspring"})

    def enters_triggers(self: Any, entered: Any) -> None:
        with _computing(_offspring_instances(entered, lambda obj, ch: [keyword] * obj.paid.count("offspring"))):
            original(self, entered)

    mp.setattr(triggers.TriggerRules, "enters_triggers", enters_triggers)


def offspring_read_from_the_printed_card(mp: pytest.MonkeyPatch) -> None:
    """Whether the entering creature has offspring is read from its copiable values, not from the
    permanent as effects leave it: Humility doesn't stop it, Zinnia's gift doesn't count (613.1f, 400.7b)."""
    original = triggers.TriggerRules.enters_triggers

    def printed(obj: Any, ch: Any) -> list[Any]:
        return [a for a in obj.face().abilities if a.keyword == "offspring"]

    def enters_triggers(self: Any, entered: Any) -> None:
        with _computing(_offspring_instances(entered, printed)):
            original(self, entered)

    mp.setattr(triggers.TriggerRules, "enters_triggers", enters_triggers)


def gained_offspring_ends_with_the_spell(mp: pytest.MonkeyPatch) -> None:
    """What the spell gained as it was cast ends when it becomes a permanent, a new object (400.7,
    misread without 400.7b): a creature given offspring by Zinnia enters without it."""
    original = zones.ZoneRules.move

    def move(self: Any, obj: Any, zone: str, controller: str | None = None) -> Any:
        if obj.zone == "stack" and zone == "battlefield":
            self.state.effects = [e for e in self.state.effects if e.affected != [obj.id]]
        return original(self, obj, zone, controller)

    mp.setattr(zones.ZoneRules, "move", move)


def _mutant(name: str, ruling: str, wrong: str, apply: Callable[[pytest.MonkeyPatch], None], *scenarios: str) -> Mutant:
    return Mutant(name, (ruling,), wrong, apply, tuple(scenarios))


MUTANTS: list[Mutant] = [
    _mutant(
        "countered-offspring-cost-refunded",
        "offspring.countered",
        "a countered spell gives back its offspring cost (601.2h, 702.175a)",
        countered_offspring_cost_refunded,
        "A countered creature spell with its offspring cost paid creates no token",
    ),
    _mutant(
        "countered-card-keeps-its-offspring-payment",
        "offspring.countered",
        "a countered card keeps its offspring payment in the graveyard (400.7)",
        countered_card_keeps_its_offspring_payment,
        "A countered Agate Instigator put onto the battlefield later makes no token",
    ),
    Mutant(
        "left-creature-copied-with-its-effects",
        ("offspring.source-left", "offspring.copiable-values"),
        "a creature that has left is copied with its non-copy effects (608.2h, 707.2)",
        left_creature_copied_with_its_effects,
        ("The token of a creature turned into a Frog and then returned to its owner's hand is a Lizard Rogue",),
    ),
    _mutant(
        "offspring-instance-paid-again",
        "offspring.pay-once",
        "one offspring instance is paid twice for two tokens (118.8)",
        offspring_instance_paid_again,
        "An offspring cost can't be paid twice to get two tokens",
    ),
    _mutant(
        "offspring-instances-merge",
        "offspring.pay-once",
        "two instances of offspring count as one (702.175b)",
        offspring_instances_merge,
        "Two instances of offspring are paid separately and make two tokens",
    ),
    _mutant(
        "one-offspring-trigger-per-spell",
        "offspring.pay-once",
        "two offspring costs paid make one token (702.175b)",
        one_offspring_trigger_per_spell,
        "Two instances of offspring are paid separately and make two tokens",
    ),
    _mutant(
        "offspring-once-per-turn",
        "offspring.pay-once",
        "an offspring cost may be paid once a turn, not once a spell (118.8)",
        offspring_once_per_turn,
        "Each creature spell's offspring cost can be paid, twice in a turn",
    ),
    _mutant(
        "offspring-trigger-from-the-payment",
        "offspring.missing-on-entry",
        "offspring triggers for each payment, with or without the ability (702.175a, 603.6a)",
        offspring_trigger_from_the_payment,
        "A creature that has lost offspring as it enters makes no token though the cost was paid",
    ),
    _mutant(
        "offspring-read-from-the-printed-card",
        "offspring.missing-on-entry",
        "offspring on entering is read from the printed card, not the permanent (613.1f, 400.7b)",
        offspring_read_from_the_printed_card,
    ),
    _mutant(
        "gained-offspring-ends-with-the-spell",
        "offspring.missing-on-entry",
        "offspring gained as the spell was cast is gone from the permanent (400.7b)",
        gained_offspring_ends_with_the_spell,
        "Offspring gained from Zinnia as the spell was cast is still there as the creature enters",
    ),
]
