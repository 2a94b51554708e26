"""Wrong engines about tokens and copies: copiable values (707.2, 707.3), offspring (702.175),
Dual Nature's triggers (603.6a, 603.10a) and replacement effects that make more tokens (614.1a)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from oracle.engine import characteristics, effects, triggers, zones
from oracle.engine.cards import Face
from oracle.engine.vocabulary import Ability

from . import changeable, patch_everywhere


def _layered(g: Any, obj: Any, printed: Face) -> Face:
    """The object as the layers leave it now, written as if it were copiable values."""
    ch = g.chars(obj)
    return Face(ch.name, printed.mana_cost, ch.colors, ch.supertypes, ch.types, ch.subtypes,
                tuple(ch.abilities), str(ch.power), str(ch.toughness))  # fmt: skip


def _copied_object(g: Any, item: Any, which: str) -> Any:
    event = item.source_info.get("event", {})
    ids = {"self": [item.source_id], "target": item.targets, "event": [event.get("object")]}
    return next((g.state.objects[i] for i in ids[which] if i in g.state.objects), None)


def copies_see_non_copy_effects(mp: pytest.MonkeyPatch) -> None:
    """A copy takes the creature as it is now (pumps, a Frog's type and color, being animated),
    not its copiable values (707.2)."""
    original = effects._copied_face

    def copied(g: Any, item: Any, which: str) -> Any:
        result = original(g, item, which)
        source = _copied_object(g, item, which)
        if result is None or source is None or source.zone != "battlefield":
            return result
        return _layered(g, source, result[0]), result[1]

    patch_everywhere(mp, effects, "_copied_face", copied)


def token_copies_see_non_copy_effects(mp: pytest.MonkeyPatch) -> None:
    """A copy of a token that copies nothing takes the token as it is now, pumped or turned into a
    Frog, since a token has no printed card (707.2, 111.4: the values its creating effect gave it)."""
    original = effects._copied_face

    def copied(g: Any, item: Any, which: str) -> Any:
        result = original(g, item, which)
        source = _copied_object(g, item, which)
        if result is None or source is None or not source.is_token or source.copy_face is not None:
            return result
        return _layered(g, source, result[0]), result[1]

    patch_everywhere(mp, effects, "_copied_face", copied)


def copies_take_status(counters: bool, kicked: bool) -> Callable[[pytest.MonkeyPatch], None]:
    """A token copy takes the counters, or the kicked status, of the permanent it copies (707.2)."""

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


def base_power_includes_modifiers(mp: pytest.MonkeyPatch) -> None:
    """Base power counts pumps and counters (208.4b)."""
    original = characteristics.compute

    def compute(st: Any) -> dict[int, Any]:
        chars = changeable(original(st))
        for ch in chars.values():
            ch.base_power, ch.base_toughness = ch.power, ch.toughness
        return chars

    patch_everywhere(mp, characteristics, "compute", compute)


def one_offspring_payment_pays_every_instance(mp: pytest.MonkeyPatch) -> None:
    """Each instance of offspring checks only whether "an" offspring cost was paid, so a creature
    spell with two instances, one paid, makes two tokens (702.175b)."""
    original = triggers.TriggerRules.enters_triggers

    def enters_triggers(self: Any, entered: Any) -> None:
        paid = entered.paid
        if "offspring" in paid:
            entered.paid = paid + ("offspring",) * 8
        try:
            original(self, entered)
        finally:
            entered.paid = paid

    mp.setattr(triggers.TriggerRules, "enters_triggers", enters_triggers)


def enters_copy_for_the_trigger_controller(mp: pytest.MonkeyPatch) -> None:
    """Dual Nature's "its controller creates a token" gives the token to Dual Nature's controller,
    not to the entering creature's (so Bob's legendary creature meets no legend rule)."""
    original = effects._copied_face

    def copied(g: Any, item: Any, which: str) -> Any:
        result = original(g, item, which)
        return (result[0], item.controller) if result is not None and which == "event" else result

    patch_everywhere(mp, effects, "_copied_face", copied)


def _exiling(pick: Callable[[Any, Any, Any, dict[str, Any]], bool]) -> Callable[..., None]:
    def exile_tokens(g: Any, item: Any, params: dict[str, Any]) -> None:
        for token in [o for o in g.state.permanents() if o.is_token]:
            if pick(g, item, token, params):
                g.leave_battlefield(token, "exile")

    return exile_tokens


def exile_created_with_takes_every_token(mp: pytest.MonkeyPatch) -> None:
    """ "Exile all tokens created with this enchantment" exiles every token, another card's too (607.2c)."""
    original = effects.HANDLERS["exile_tokens"]
    every_token = _exiling(lambda g, item, token, params: True)

    def exile_tokens(g: Any, item: Any, params: dict[str, Any]) -> None:
        (every_token if params["which"] == "created-by-source" else original)(g, item, params)

    mp.setitem(effects.HANDLERS, "exile_tokens", exile_tokens)


def same_name_exile_takes_only_its_own_tokens(mp: pytest.MonkeyPatch) -> None:
    """ "Exile all tokens with the same name as that creature" exiles only the tokens Dual Nature
    created, not a token with that name from another source."""

    def pick(g: Any, item: Any, token: Any, params: dict[str, Any]) -> bool:
        left = item.source_info.get("event", {}).get("left")
        if params["which"] == "created-by-source":
            return bool(token.created_by == item.source_id)
        return bool(left) and token.created_by == item.source_id and g.name(token) == left["characteristics"].name

    mp.setitem(effects.HANDLERS, "exile_tokens", _exiling(pick))


def leaves_trigger_only_on_dying(mp: pytest.MonkeyPatch) -> None:
    """ "Whenever a nontoken creature leaves the battlefield" triggers only when it dies, not when it
    is returned to a hand or exiled (603.6c, 603.10a)."""
    original = zones.ZoneRules.leave_battlefield
    sees = zones.ZoneRules._sees

    def leave(self: Any, obj: Any, zone: str) -> Any:
        self._mutant_leaving_to = zone
        try:
            return original(self, obj, zone)
        finally:
            self._mutant_leaving_to = None

    def seeing(self: Any, watcher: Any, spec: Any, obj: Any, chars: Any) -> bool:
        if spec != "self" and getattr(self, "_mutant_leaving_to", None) != "graveyard":
            return False
        return bool(sees(self, watcher, spec, obj, chars))

    mp.setattr(zones.ZoneRules, "leave_battlefield", leave)
    mp.setattr(zones.ZoneRules, "_sees", seeing)


def same_multiplier_applies_once(mp: pytest.MonkeyPatch) -> None:
    """Two Doubling Seasons count as one effect (614.5 misread): twice as many tokens, not four times."""

    def multiplier(self: Any, event: str, controller: str) -> int:
        factors: dict[str, int] = {}
        chars = characteristics.compute(self.state)
        for obj in self.state.permanents():
            for ability in chars[obj.id].abilities:
                spec = ability.spec.get("replaces", {})
                if ability.kind == "replacement" and spec.get("event") == event and obj.controller == controller:
                    factors[chars[obj.id].name] = int(spec["multiply"])
        product = 1
        for factor in factors.values():
            product *= factor
        return product

    mp.setattr(zones.ZoneRules, "multiplier", multiplier)


def countered_offspring_still_makes_a_token(mp: pytest.MonkeyPatch) -> None:
    """A countered creature spell whose offspring cost was paid still makes its token, as if
    offspring were part of casting rather than a trigger of the permanent (702.175a, 603.6a)."""
    original = effects.HANDLERS["counter_target_spell"]

    def counter(g: Any, item: Any, params: dict[str, Any]) -> None:
        for spell in effects._targets(g, item):
            if "offspring" in spell.paid:
                g.create_token(spell.controller, face=spell.face().except_power_toughness("1", "1"))
        original(g, item, params)

    mp.setitem(effects.HANDLERS, "counter_target_spell", counter)


def no_offspring_token_once_the_creature_left(mp: pytest.MonkeyPatch) -> None:
    """The offspring trigger makes nothing once its creature has left the battlefield
    (608.2h: it uses last known information)."""
    original = effects.HANDLERS["create_tokens"]

    def create_tokens(g: Any, item: Any, params: dict[str, Any]) -> None:
        source = g.state.objects.get(item.source_id)
        if params.get("copy_of") == "self" and (source is None or source.zone != "battlefield"):
            return
        original(g, item, params)

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)


def offspring_read_from_the_spell(mp: pytest.MonkeyPatch) -> None:
    """A creature whose offspring cost was paid has offspring on the battlefield whatever effects
    say, so Humility doesn't stop the token (702.175a, 603.4)."""
    original = characteristics.compute
    offspring = Ability("keyword", "Offspring", {"keyword": "offspring"})

    def compute(st: Any) -> dict[int, Any]:
        chars = changeable(original(st))
        for obj in st.permanents():
            ch = chars[obj.id]
            if "offspring" in obj.paid and not ch.keyword_abilities("offspring"):
                ch.abilities.append(offspring)
                ch.keywords = sorted({*ch.keywords, "offspring"})
        return chars

    patch_everywhere(mp, characteristics, "compute", compute)


def a_token_misses_its_own_enters_trigger(mp: pytest.MonkeyPatch) -> None:
    """A token copy's own "when this creature enters" doesn't see the token entering, as if the
    token had been put onto the battlefield before it had its abilities (603.6a, 707.2)."""
    enters, matches = triggers.TriggerRules.enters_triggers, characteristics.matches
    entering: list[Any] = []

    def enters_triggers(self: Any, entered: Any) -> None:
        entered_token = entered if entered.is_token else None
        entering.append(entered_token)
        try:
            enters(self, entered)
        finally:
            entering.pop()

    def matching(state: Any, chars: Any, obj: Any, spec: Any, source: Any, controller: Any = None) -> bool:
        if spec == "self" and entering and entering[-1] is obj:
            return False
        return bool(matches(state, chars, obj, spec, source, controller))

    mp.setattr(triggers.TriggerRules, "enters_triggers", enters_triggers)
    patch_everywhere(mp, characteristics, "matches", matching)


def another_means_another_name(mp: pytest.MonkeyPatch) -> None:
    """ "Another creature" is read as a creature with another name, as if "this creature" were the
    card's name: Agate Instigator and its token don't see each other enter (700.7, 201.5)."""
    matches = characteristics.matches

    def matching(state: Any, chars: Any, obj: Any, spec: Any, source: Any, controller: Any = None) -> bool:
        if isinstance(spec, dict) and spec.get("other") and source is not None:
            names = [chars[o.id].name if o.id in chars else o.face().name for o in (obj, source)]
            if names[0] == names[1]:
                return False
        return bool(matches(state, chars, obj, spec, source, controller))

    patch_everywhere(mp, characteristics, "matches", matching)


def copies_ignore_copy_effects(mp: pytest.MonkeyPatch) -> None:
    """A copy copies the printed card, ignoring a copy effect on the copied object: a copy of a Clone
    copying Grizzly Bears is a Clone (707.3)."""
    original = effects._copied_face

    def copied(g: Any, item: Any, which: str) -> Any:
        result = original(g, item, which)
        source = _copied_object(g, item, which)
        if result is None or source is None or source.zone != "battlefield":
            return result
        return source.card.face(), result[1]

    def choose_copy(self: Any, controller: str, obj: Any) -> Any:
        chars = characteristics.compute(self.state)
        creatures = [o for o in self.state.permanents() if "Creature" in chars[o.id].types]
        refs = ["none", *[self.ref(o) for o in creatures]]
        answer = self.choose(controller, "copy", refs, f"Enter {self.name(obj)} as a copy of which creature? (707.5)")
        return None if answer == "none" else creatures[refs.index(answer) - 1].card.face()

    patch_everywhere(mp, effects, "_copied_face", copied)
    mp.setattr(zones.ZoneRules, "_choose_copy", choose_copy)


def creating_a_token_is_casting(mp: pytest.MonkeyPatch) -> None:
    """A token copy counts as a creature spell cast: "whenever you cast a creature spell" triggers
    for the offspring token (601.2i, 111.1)."""
    original = zones.ZoneRules.create_token

    def create_token(self: Any, controller: str, *args: Any, **kwargs: Any) -> Any:
        new = original(self, controller, *args, **kwargs)
        self._cast_triggers(controller, new)
        return new

    mp.setattr(zones.ZoneRules, "create_token", create_token)


def copies_keep_the_x_paid(mp: pytest.MonkeyPatch) -> None:
    """A token copy of a permanent cast with X enters with that X (707.2, 202.3e: X is 0)."""
    original = zones.ZoneRules.enter_battlefield

    def enter(self: Any, obj: Any, controller: str, x: int = 0, face: Any = None, attach_to: Any = None) -> Any:
        if face is not None and obj.is_token and not x:
            paid = [getattr(o, "x_paid", 0) for o in self.state.permanents() if o.face().name == face.name]
            x = max(paid, default=0)
        new = original(self, obj, controller, x, face, attach_to)
        new.x_paid = x
        return new

    mp.setattr(zones.ZoneRules, "enter_battlefield", enter)
