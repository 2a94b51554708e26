"""Wrong engines about base power and toughness (208.4b, 604.3, 613.4a-c): where the base ends and
what is part of it.  Each is a misreading of a ruling of features/copies/base-power.misreadings.md;
those with a ``source`` reproduce a defect a real engine had.  Dual Nature's are in
copy_readings_dual.py and copy_readings_legend.py."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import characteristics

from . import Mutant, changeable, patch_everywhere


def _patch_compute(mp: pytest.MonkeyPatch, after: Any) -> None:
    """Run ``after(state, chars)`` on what the layer system computed, for every permanent."""
    original = characteristics.compute

    def compute(st: Any) -> dict[int, Any]:
        chars = changeable(original(st))
        after(st, chars)
        return chars

    patch_everywhere(mp, characteristics, "compute", compute)


def base_power_is_the_printed_value(mp: pytest.MonkeyPatch) -> None:
    """Card-Forge/forge pull request #327 (Bess, Soul Nourisher and support): the first version read
    "base power" as the power printed on the card; the review pointed to 208.4b, under which a
    characteristic-defining ability (Awakened Amalgam's) and effects that set power count.  Here: base
    power is the printed number ("*" is 0), whatever sets it (208.4b, 604.3, 613.4a-b)."""

    def after(st: Any, chars: dict[int, Any]) -> None:
        for obj in st.permanents():
            ch = chars[obj.id]
            if ch.base_power is not None:
                face = obj.face()
                ch.base_power = characteristics._number(face.power) or 0
                ch.base_toughness = characteristics._number(face.toughness) or 0

    _patch_compute(mp, after)


def setting_effect_applied_last(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage pull request #14612 (Shadow Puppeteers modify base P/T only at sublayer 7b,
    fixing issue #14326, where a Faerie made a 4/4 Dragon lost the bonus of an anthem and creatures
    with +1/+1 counters lost their counters' bonus): the effect that set a creature's base power and
    toughness applied outside sublayer 7b and "blew away" the modifications of the other sublayers.
    Here: an effect that sets power and toughness overwrites every modifying effect and counter
    (613.4b-c)."""

    def after(st: Any, chars: dict[int, Any]) -> None:
        operations = [
            *characteristics._static(chars, st, "set_base_power_toughness"),
            *characteristics._resolved(st, "7b", "base"),
        ]
        for source, what in characteristics._ordered(operations):
            power, toughness = what.change["base"] if source is None else (what["power"], what["toughness"])
            for obj in characteristics._affected(st, chars, source, what):
                if chars[obj.id].power is not None:
                    chars[obj.id].power, chars[obj.id].toughness = int(power), int(toughness)

    _patch_compute(mp, after)


def setting_effects_oldest_wins(mp: pytest.MonkeyPatch) -> None:
    """Of two effects that set power and toughness, the older one is the last word, as if the
    timestamp order ran backwards in sublayer 7b (613.7): a Forest made a 3/3 by Animate Land stays
    3/3 when Turn to Frog then makes it a 1/1 Frog."""

    def after(st: Any, chars: dict[int, Any]) -> None:
        operations = [
            *characteristics._static(chars, st, "set_base_power_toughness"),
            *characteristics._resolved(st, "7b", "base"),
        ]
        oldest: dict[int, tuple[int, int]] = {}
        for source, what in reversed(characteristics._ordered(operations)):
            power, toughness = what.change["base"] if source is None else (what["power"], what["toughness"])
            for obj in characteristics._affected(st, chars, source, what):
                if chars[obj.id].power is not None:
                    oldest[obj.id] = int(power), int(toughness)
        for obj_id, (power, toughness) in oldest.items():
            ch = chars[obj_id]
            ch.power += power - ch.base_power
            ch.toughness += toughness - ch.base_toughness
            ch.base_power, ch.base_toughness = power, toughness

    _patch_compute(mp, after)


def token_base_power_from_the_copied_card(mp: pytest.MonkeyPatch) -> None:
    """A token copy's base power is read from the card it copies, not from the values the effect
    that created it set ("except it's 1/1" ignored for base power: 208.4b, 111.3, 707.9b)."""

    def after(st: Any, chars: dict[int, Any]) -> None:
        cards = {o.card.name: o.card.face() for o in st.objects.values() if not o.is_token}
        for obj in st.permanents():
            ch = chars[obj.id]
            printed = cards.get(obj.face().name)
            if obj.is_token and obj.copy_face is not None and printed is not None and ch.base_power is not None:
                ch.base_power = characteristics._number(printed.power) or 0
                ch.base_toughness = characteristics._number(printed.toughness) or 0

    _patch_compute(mp, after)


def cda_applied_after_setting_effects(mp: pytest.MonkeyPatch) -> None:
    """A characteristic-defining ability is applied after the effects that set power and toughness,
    as the last word on the base (613.4a read after 613.4b): Diminish can't shrink Crusader of Odric."""

    def after(st: Any, chars: dict[int, Any]) -> None:
        for obj in st.permanents():
            ch = chars[obj.id]
            for ability in ch.abilities:
                for params in ability.static_effects("define_power_toughness"):
                    value = characteristics._count(st, chars, params["count"], obj)
                    bonus = (ch.power or 0) - (ch.base_power or 0), (ch.toughness or 0) - (ch.base_toughness or 0)
                    ch.base_power = ch.base_toughness = value
                    ch.power, ch.toughness = value + bonus[0], value + bonus[1]

    _patch_compute(mp, after)


def self_bonus_read_as_cda(mp: pytest.MonkeyPatch) -> None:
    """A creature's own fixed bonus ("this creature gets +1/+2 as long as you control a Forest") is
    read as a characteristic-defining ability, part of its base power (604.3, 613.4a, 208.4b)."""

    def after(st: Any, chars: dict[int, Any]) -> None:
        for obj in st.permanents():
            ch = chars[obj.id]
            if ch.base_power is None:
                continue
            for ability in ch.abilities:
                for params in ability.static_effects("modify_power_toughness"):
                    condition = params.get("condition")
                    if params["affects"] != "self":
                        continue
                    if condition and not characteristics._count(st, chars, {**condition, "controller": "you"}, obj):
                        continue
                    ch.base_power += int(params["power"])
                    ch.base_toughness += int(params["toughness"])

    _patch_compute(mp, after)


def counters_define_a_zero_base(mp: pytest.MonkeyPatch) -> None:
    """A creature printed 0/0 takes its base power from its +1/+1 counters, as if the ability that
    puts them there defined its power (208.4b, 122.1, 604.3)."""

    def after(st: Any, chars: dict[int, Any]) -> None:
        for obj in st.permanents():
            ch = chars[obj.id]
            face = obj.face()
            if ch.base_power is not None and face.power == "0" and face.toughness == "0":
                plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
                ch.base_power += plus
                ch.base_toughness += plus

    _patch_compute(mp, after)


def base_power_filter_ignored(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #1174 (Zinnia, Valley's Voice bug): Zinnia's X was the number of other
    creatures its controller controls, "rather than the number of other creatures you control with
    base power 1".  Here: a filter's "with base power N" is dropped, so every other creature counts
    (208.4b)."""
    original = characteristics.matches

    def matches(state: Any, chars: Any, obj: Any, spec: Any, source: Any, controller: Any = None) -> bool:
        if isinstance(spec, dict) and "base_power" in spec:
            spec = {key: value for key, value in spec.items() if key != "base_power"}
        return bool(original(state, chars, obj, spec, source, controller))

    patch_everywhere(mp, characteristics, "matches", matches)


MUTANTS: list[Mutant] = [
    Mutant(
        "base-power-is-the-printed-value",
        ("base-power.definition", "base-power.cda"),
        "base power is the printed number; setting effects and characteristic-defining abilities don't count (208.4b)",
        base_power_is_the_printed_value,
        (
            "An effect that sets power and toughness sets the base",
            "A characteristic-defining ability is part of base power",
        ),
        "Card-Forge/forge pull request #327: NCC: Bess, Soul Nourisher and support",
    ),
    Mutant(
        "setting-effect-applied-last",
        ("base-power.definition",),
        "an effect that sets power and toughness overwrites modifying effects and counters (613.4b-c)",
        setting_effect_applied_last,
        ("A setting effect sets the base and leaves the counters counting on top of it",),
        "magefree/mage pull request #14612: Shadow Puppeteers modify base P/T only at sublayer 7b",
    ),
    Mutant(
        "setting-effects-oldest-wins",
        ("base-power.definition",),
        "of two effects that set power and toughness the older one wins (613.7: timestamp order)",
        setting_effects_oldest_wins,
        ("Of two effects that set power and toughness, the later one sets the base",),
    ),
    Mutant(
        "token-base-power-from-the-copied-card",
        ("base-power.definition",),
        "a token copy's base power is the copied card's, not the one its creating effect set (208.4b, 707.9b)",
        token_base_power_from_the_copied_card,
        ("A token's base power is the power the effect that created it set",),
    ),
    Mutant(
        "base-power-filter-ignored",
        ("base-power.definition", "base-power.bonus-not-cda"),
        "'creatures with base power 1' counts every creature, whatever its base power (208.4b)",
        base_power_filter_ignored,
        (
            "Zinnia does not count a creature pumped up to power 1",
            "Counters on a 0/0 creature don't give it base power 1",
        ),
        "phase-rs/phase issue #1174: Zinnia, Valley's Voice bug",
    ),
    Mutant(
        "cda-applied-after-setting-effects",
        ("base-power.cda",),
        "a characteristic-defining ability applies after setting effects (613.4a before 613.4b)",
        cda_applied_after_setting_effects,
        ("A setting effect that leaves the characteristic-defining ability in place still wins over it",),
    ),
    Mutant(
        "self-bonus-read-as-cda",
        ("base-power.bonus-not-cda",),
        "a creature's own conditional bonus is read as a characteristic-defining ability (604.3, 208.4b)",
        self_bonus_read_as_cda,
        ("A bonus ability is not characteristic-defining and leaves base power alone",),
    ),
    Mutant(
        "counters-define-a-zero-base",
        ("base-power.bonus-not-cda",),
        "a 0/0 creature's +1/+1 counters are its base power (208.4b, 122.1)",
        counters_define_a_zero_base,
        ("Counters on a 0/0 creature don't give it base power 1",),
    ),
]
