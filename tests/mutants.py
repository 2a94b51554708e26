"""Deliberately wrong engines: each breaks one rule, and the scenarios of the ruling
that rests on that rule must fail against it.

Each mutant is the mistake a plausible engine makes, written as a small patch of the
reference engine.  It is applied when the environment variable ``MTG_CONFORMANCE_MUTANT``
names it, however the suite is started (``pytest``, ``mtg-conformance run``, ``certify``):
tests/conftest.py applies it as pytest configures, and :func:`patch_everywhere` replaces a
function in every module that bound it with ``from x import y``, including modules imported
before the patch (the command imports the engine before pytest starts).
tests/unit/test_mutants.py runs ``mtg-conformance run --ruling ...`` against each one.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from oracle.engine import activation, characteristics, effects, game, production, triggers, zones
from oracle.engine.cards import Face


@dataclass(frozen=True)
class Mutant:
    """A wrong rule, the rulings whose scenarios must catch it, and the scenarios that do.

    ``scenarios`` names scenarios that must fail against it (each written to catch it); when
    empty, any scenario of the rulings may.
    """

    name: str
    rulings: tuple[str, ...]
    wrong: str
    apply: Callable[[pytest.MonkeyPatch], None]
    scenarios: tuple[str, ...] = ()


def patch_everywhere(mp: pytest.MonkeyPatch, owner: Any, name: str, new: Any) -> None:
    """Replace ``owner.name`` by ``new``, and every other binding of the same object in the
    loaded modules: a module that ran ``from owner import name`` before the patch holds the
    original in its own namespace.  Modules imported later read the patched attribute."""
    original = getattr(owner, name)
    mp.setattr(owner, name, new)
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None)
        if module is owner or not isinstance(namespace, dict):
            continue
        for attribute, value in list(namespace.items()):
            if value is original:
                mp.setattr(module, attribute, new)


def apply_mutant(name: str, mp: pytest.MonkeyPatch) -> None:
    """Apply the mutant called ``name``; an unknown name is a one-line error."""
    if name not in MUTANTS:
        raise KeyError(f"unknown mutant {name!r}; known: {', '.join(sorted(MUTANTS))}")
    MUTANTS[name].apply(mp)


def _no_summoning_sickness(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(game.Game, "_free_of_summoning_sickness", lambda self, obj: True)


def _undefined_type_makes_colorless(mp: pytest.MonkeyPatch) -> None:
    original = production.mana_effect_options

    def options(*args: Any, **kwargs: Any) -> list[list[str]]:
        return original(*args, **kwargs) or [["C"]]

    patch_everywhere(mp, production, "mana_effect_options", options)


def _replacements_in_fixed_order(mp: pytest.MonkeyPatch) -> None:
    original = game.Game.choose

    def choose(self: game.Game, player: str, kind: str, options: list[str], prompt: str) -> str:
        return options[0] if kind == "replacement-effect" else original(self, player, kind, options, prompt)

    mp.setattr(game.Game, "choose", choose)


def _could_produce_one_order(mp: pytest.MonkeyPatch) -> None:
    def first_order(candidates: list[Any], mana: list[str]) -> list[list[str]]:
        for _source, ability in candidates:
            if production._applies(ability, mana):
                mana = production._apply_replacement(ability, mana)
        return [mana]

    patch_everywhere(mp, production, "_every_order", first_order)


def _triggers_on_tap_without_mana(mp: pytest.MonkeyPatch) -> None:
    # Only activated mana abilities go wrong: the binding in activation is the one patched.
    original = production.produce

    def produce(g: Any, source: Any, player: str, mana: list[str], tapped_for_mana: bool) -> list[str]:
        if not mana and tapped_for_mana:
            production._tapped_for_mana_triggers(g, source, player, ["C"])
            return []
        return original(g, source, player, mana, tapped_for_mana)

    mp.setattr(activation, "produce", produce)


def _every_mana_ability_is_tapping(mp: pytest.MonkeyPatch) -> None:
    original = production.produce

    def produce(g: Any, source: Any, player: str, mana: list[str], tapped_for_mana: bool) -> list[str]:
        still_there = source.id in g.state.objects and source.zone == "battlefield"  # not a sacrificed source
        return original(g, source, player, mana, tapped_for_mana or still_there)

    mp.setattr(activation, "produce", produce)


def _x_forgotten_on_entering(mp: pytest.MonkeyPatch) -> None:
    original = game.Game.enter_battlefield

    def enter(self: Any, obj: Any, controller: str, x: int = 0, *args: Any, **kwargs: Any) -> Any:
        return original(self, obj, controller, 0, *args, **kwargs)

    mp.setattr(game.Game, "enter_battlefield", enter)


def _replacement_conditions_ignored(mp: pytest.MonkeyPatch) -> None:
    patch_everywhere(mp, production, "_applies", lambda ability, mana: bool(mana))


def _copies_see_non_copy_effects(mp: pytest.MonkeyPatch) -> None:
    """A copy takes the creature as it is now (pumps, a Frog's type and color, being animated),
    not its copiable values."""
    original = effects._copied_face

    def copied(g: Any, item: Any, which: str) -> Any:
        result = original(g, item, which)
        event = item.source_info.get("event", {})
        ids = {"self": [item.source_id], "target": item.targets, "event": [event.get("object")]}
        source = next((g.state.objects[i] for i in ids[which] if i in g.state.objects), None)
        if result is None or source is None or source.zone != "battlefield":
            return result
        ch, printed = g.chars(source), result[0]
        layered = Face(ch.name, printed.mana_cost, ch.colors, ch.supertypes, ch.types, ch.subtypes,
                       tuple(ch.abilities), str(ch.power), str(ch.toughness))  # fmt: skip
        return layered, result[1]

    patch_everywhere(mp, effects, "_copied_face", copied)


def _blitz_follows_copies(mp: pytest.MonkeyPatch) -> None:
    """Any permanent with blitz has haste and the draw trigger, paid or not (ignores 702.152a's condition)."""
    original = characteristics.compute

    def compute(st: Any) -> dict[int, Any]:
        chars = original(st)
        for obj in st.permanents():
            ch = chars[obj.id]
            if ch.keyword_abilities("blitz") and "haste" not in ch.keywords:
                ch.abilities.append(characteristics.BLITZ_DRAW)
                ch.keywords = sorted({*ch.keywords, "haste"})
        return chars

    patch_everywhere(mp, characteristics, "compute", compute)


def _delayed_sacrifice_follows_the_card(mp: pytest.MonkeyPatch) -> None:
    """ "Sacrifice it" follows the physical card to another zone (ignores 400.7 and 603.7)."""
    refs: dict[int, str] = {}
    original = triggers.TriggerRules.delay_sacrifice

    def delay(self: Any, obj: Any, controller: str) -> None:
        refs[obj.id] = obj.ref
        original(self, obj, controller)

    def sacrifice_it(g: Any, item: Any, params: dict[str, Any]) -> None:
        ref = refs.get(item.source_info["event"]["object"])
        for obj in list(g.state.objects.values()):
            if ref and obj.ref == ref and obj.zone == "hand":
                g.move(obj, "graveyard")
        effects._sacrifice_it(g, item, params)

    mp.setattr(triggers.TriggerRules, "delay_sacrifice", delay)
    mp.setitem(effects.HANDLERS, "sacrifice_it", sacrifice_it)


def _copies_take_status(counters: bool, kicked: bool) -> Callable[[pytest.MonkeyPatch], None]:
    """A token copy takes the counters, or the kicked status, of the permanent it copies."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        original = zones.ZoneRules.enter_battlefield

        def enter(self: Any, obj: Any, controller: str, x: int = 0, face: Any = None, attach_to: Any = None) -> Any:
            copied = next(
                (
                    o
                    for o in self.state.permanents()
                    if face is not None and not o.is_token and o.face().name == face.name
                ),
                None,
            )
            if copied is not None and kicked:
                obj.paid = copied.paid
            new = original(self, obj, controller, x, face, attach_to)
            if copied is not None and counters:
                new.counters.update(copied.counters)
            return new

        mp.setattr(zones.ZoneRules, "enter_battlefield", enter)

    return apply


def _base_power_includes_modifiers(mp: pytest.MonkeyPatch) -> None:
    original = characteristics.compute

    def compute(st: Any) -> dict[int, Any]:
        chars = original(st)
        for ch in chars.values():
            ch.base_power, ch.base_toughness = ch.power, ch.toughness
        return chars

    patch_everywhere(mp, characteristics, "compute", compute)


MUTANTS = {
    m.name: m
    for m in [
        Mutant(
            "no-summoning-sickness",
            ("symbol.tap", "symbol.untap"),
            "{T}/{Q} abilities ignore 302.6",
            _no_summoning_sickness,
        ),
        Mutant(
            "undefined-type-makes-colorless",
            ("mana.undefined-type",),
            "an undefined type gives {C}",
            _undefined_type_makes_colorless,
        ),
        Mutant(
            "replacements-in-fixed-order",
            ("mana.tapped-for-mana-replacement",),
            "616.1 order not offered",
            _replacements_in_fixed_order,
        ),
        Mutant(
            "could-produce-one-order", ("mana.could-produce",), "106.7 uses one order only", _could_produce_one_order
        ),
        Mutant(
            "triggers-on-tap-without-mana",
            ("mana.tapped-for-mana-trigger",),
            "triggers although no mana was produced",
            _triggers_on_tap_without_mana,
        ),
        Mutant(
            "every-mana-ability-is-tapping",
            ("mana.tap-for-mana",),
            "any mana ability counts as tapping for mana",
            _every_mana_ability_is_tapping,
        ),
        Mutant(
            "x-forgotten-on-entering",
            ("x.enters-uses-spell-x",),
            "enters-with-X uses the permanent's X of 0",
            _x_forgotten_on_entering,
        ),
        Mutant(
            "replacement-conditions-ignored",
            ("mana.tapped-for-mana-replacement",),
            "'two or more mana' not checked",
            _replacement_conditions_ignored,
        ),
        Mutant(
            "copies-see-non-copy-effects",
            ("offspring.copiable-values", "jaxis.copiable-values"),
            "a copy takes pumps and type changes (707.2)",
            _copies_see_non_copy_effects,
        ),
        Mutant(
            "copies-take-counters",
            ("offspring.copiable-values",),
            "a copy takes counters (707.2)",
            _copies_take_status(counters=True, kicked=False),
        ),
        Mutant(
            "copies-take-kicked",
            ("dual-nature.not-kicked",),
            "a copy of a kicked creature is kicked (707.2)",
            _copies_take_status(counters=False, kicked=True),
        ),
        Mutant(
            "base-power-includes-modifiers",
            ("base-power.definition", "base-power.bonus-not-cda"),
            "base power counts pumps and counters (208.4b)",
            _base_power_includes_modifiers,
        ),
        Mutant(
            "blitz-follows-copies",
            ("blitz.copy-not-blitzed",),
            "a copy of a blitzed creature has haste and draws (702.152a)",
            _blitz_follows_copies,
        ),
        Mutant(
            "delayed-sacrifice-follows-the-card",
            ("blitz.sacrifice-only-if-present",),
            "the end-step sacrifice chases the card to another zone (400.7, 603.7)",
            _delayed_sacrifice_follows_the_card,
        ),
    ]
}
