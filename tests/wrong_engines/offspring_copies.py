"""Wrong engines derived from the offspring rulings about what the token is (features/copies/
offspring.misreadings.md): its own and others' "enters" abilities (603.6a, 707.2), what its "this
creature" means (700.7, 201.5), a copy of a copy (707.3, 707.9b), that creating it is not casting
it (601.2i, 111.1), and what it doesn't copy (707.2, 110.5)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from oracle.engine import characteristics, effects, triggers, zones

from . import Mutant, changeable, patch_everywhere
from .offspring_readings import _copy_source, _mutant

#: The object whose ability is creating a token copy right now (innermost last), for the
#: readings that tie a token to the permanent it was made from.
CREATING: list[int | None] = []


# -- offspring.enters-abilities ----------------------------------------------------------


def created_tokens_do_not_enter(mp: pytest.MonkeyPatch) -> None:
    """A created token is put onto the battlefield without "entering" it: no enters ability sees
    it, its own or another permanent's (111.1, 603.6a)."""
    original = triggers.TriggerRules.enters_triggers

    def enters_triggers(self: Any, entered: Any) -> None:
        if not entered.is_token:
            original(self, entered)

    mp.setattr(triggers.TriggerRules, "enters_triggers", enters_triggers)


def _creating(mp: pytest.MonkeyPatch) -> None:
    """Keep :data:`CREATING` up to date while a token is being created."""
    original = zones.ZoneRules.create_token

    def create_token(self: Any, controller: str, *args: Any, **kwargs: Any) -> Any:
        CREATING.append(kwargs.get("created_by"))
        try:
            return original(self, controller, *args, **kwargs)
        finally:
            CREATING.pop()

    mp.setattr(zones.ZoneRules, "create_token", create_token)


def _creator(obj: Any) -> int | None:
    if not obj.is_token or obj.copy_face is None:
        return None
    if obj.created_by is not None:
        return int(obj.created_by)
    return CREATING[-1] if CREATING else None


def token_abilities_borrowed_from_the_original(mp: pytest.MonkeyPatch) -> None:
    """A token copy uses the abilities of the permanent it was made from, so they work only while
    that permanent is on the battlefield (707.2: the copy takes the values, it doesn't refer to them)."""
    _creating(mp)
    original = triggers.TriggerRules.trigger

    def trigger(self: Any, source: Any, ability: Any, *args: Any, **kwargs: Any) -> None:
        creator = _creator(source)
        if creator is not None and ability.spec.get("trigger", {}).get("condition") != "offspring-paid":
            made_from = self.state.objects.get(creator)
            if made_from is None or made_from.zone != "battlefield":
                return
        original(self, source, ability, *args, **kwargs)

    mp.setattr(triggers.TriggerRules, "trigger", trigger)


# -- offspring.this-creature-wording ------------------------------------------------------


def this_creature_is_the_original(mp: pytest.MonkeyPatch) -> None:
    """In a token copy, "this creature" (and so "another creature") means the creature it was
    copied from, as if the text named that card (700.7, 201.5)."""
    _creating(mp)
    matches = characteristics.matches

    def matching(state: Any, chars: Any, obj: Any, spec: Any, source: Any, controller: Any = None) -> bool:
        creator = _creator(source) if source is not None else None
        if isinstance(spec, dict) and spec.get("other") and creator is not None:
            rest = {k: v for k, v in spec.items() if k != "other"}
            return obj.id != creator and bool(matches(state, chars, obj, rest, source, controller))
        return bool(matches(state, chars, obj, spec, source, controller))

    patch_everywhere(mp, characteristics, "matches", matching)


def same_named_triggers_resolve_once(mp: pytest.MonkeyPatch) -> None:
    """Two permanents with the same name and the same triggered ability trigger once for one event,
    as if the ability belonged to the name (603.2: each permanent's ability triggers)."""
    original = triggers.TriggerRules.trigger

    def trigger(self: Any, source: Any, ability: Any, *args: Any, **kwargs: Any) -> None:
        before = len(self.state.pending_triggers)
        original(self, source, ability, *args, **kwargs)
        if len(self.state.pending_triggers) <= before:
            return
        new = self.state.pending_triggers[-1]
        for other in self.state.pending_triggers[:-1]:
            same = other.source_info["characteristics"].name == new.source_info["characteristics"].name
            if same and other.source_id != new.source_id and other.ability == new.ability:
                if other.source_info.get("event") == new.source_info.get("event"):
                    self.state.pending_triggers.pop()
                    return

    mp.setattr(triggers.TriggerRules, "trigger", trigger)


# -- offspring.copying-something-else -------------------------------------------------------


def copy_of_a_copy_keeps_its_own_types(mp: pytest.MonkeyPatch) -> None:
    """A token copy of a creature that copies another has the copied creature's types and the card's
    own as well, as if the copy effects were added together (707.3: the copied values replace)."""
    original = effects._copied_face

    def copied(g: Any, item: Any, which: str) -> Any:
        result = original(g, item, which)
        source = g.state.objects.get(item.source_id)
        if result is None or which != "self" or source is None or source.copy_face is None:
            return result
        own = [t for t in source.card.face().subtypes if t not in result[0].subtypes]
        return replace(result[0], subtypes=(*result[0].subtypes, *own)), result[1]

    patch_everywhere(mp, effects, "_copied_face", copied)


def copy_exception_lost_on_a_copy_of_a_copy(mp: pytest.MonkeyPatch) -> None:
    """When the creature is itself copying something, the token takes what it copied as it is, and
    the exception "except it's 1/1" is dropped (707.9b: the exception is part of the new copy)."""
    original = effects.HANDLERS["create_tokens"]

    def create_tokens(g: Any, item: Any, params: dict[str, Any]) -> None:
        source = g.state.objects.get(item.source_id)
        copying = source is not None and source.zone == "battlefield" and source.copy_face is not None
        if params.get("copy_of") == "self" and copying:
            params = {k: v for k, v in params.items() if k not in ("except_power", "except_toughness")}
        original(g, item, params)

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)


# -- offspring.token-not-cast -----------------------------------------------------------------


def offspring_token_counts_as_a_spell_cast(mp: pytest.MonkeyPatch) -> None:
    """The token copy counts as a spell its controller cast this turn, for effects that count
    spells cast (601.2i, 111.1: a created token was never a spell)."""
    original = zones.ZoneRules.create_token

    def create_token(self: Any, controller: str, *args: Any, **kwargs: Any) -> Any:
        new = original(self, controller, *args, **kwargs)
        if kwargs.get("face") is not None:
            self.state.player(controller).spells_cast_this_turn += 1
        return new

    mp.setattr(zones.ZoneRules, "create_token", create_token)


def cast_triggers_see_entering_creatures(mp: pytest.MonkeyPatch) -> None:
    """ "Whenever you cast a creature spell" triggers whenever a creature enters under your control,
    the token copy included, as if casting and entering were one event (601.2i, 603.6a)."""
    original = triggers.TriggerRules.enters_triggers

    def enters_triggers(self: Any, entered: Any) -> None:
        original(self, entered)
        self._cast_triggers(entered.controller, entered)

    mp.setattr(triggers.TriggerRules, "enters_triggers", enters_triggers)


# -- offspring.copiable-values ---------------------------------------------------------------


def token_copies_tapped_status(mp: pytest.MonkeyPatch) -> None:
    """The token copy enters tapped when the creature it copies is tapped (707.2, 110.5: being
    tapped is a status, not a copiable value)."""
    original = effects.HANDLERS["create_tokens"]

    def create_tokens(g: Any, item: Any, params: dict[str, Any]) -> None:
        before = set(g.state.battlefield)
        source, _ = _copy_source(g, item)
        original(g, item, params)
        if params.get("copy_of") == "self" and source is not None and source.tapped:
            for object_id in [i for i in g.state.battlefield if i not in before]:
                g.state.objects[object_id].tapped = True

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)


def one_one_set_after_the_layers(mp: pytest.MonkeyPatch) -> None:
    """ "Except it's 1/1" is applied last, over every effect and counter, instead of as the token's
    copiable power and toughness in layer 1 (707.9b, 613.4): a Kird Ape token with a Forest stays 1/1."""
    original, except_ = characteristics.compute, zones.ZoneRules.copy_face_except
    excepted: list[Any] = []

    def copy_face_except(self: Any, face: Any, params: dict[str, Any]) -> Any:
        result = except_(self, face, params)
        if "except_power" in params:
            excepted.append(result)
        return result

    def compute(st: Any) -> dict[int, Any]:
        chars = changeable(original(st))
        for obj in st.permanents():
            ch = chars[obj.id]
            if obj.is_token and any(obj.copy_face is face for face in excepted) and ch.power is not None:
                ch.power, ch.toughness = int(obj.copy_face.power), int(obj.copy_face.toughness)
        return chars

    mp.setattr(zones.ZoneRules, "copy_face_except", copy_face_except)
    patch_everywhere(mp, characteristics, "compute", compute)


def token_copies_the_offspring_payment(mp: pytest.MonkeyPatch) -> None:
    """The token copy of a creature whose offspring cost was paid counts as paid too, so its copied
    offspring makes a token of its own (707.2: costs paid are not copiable values of a permanent;
    702.175a: the token was never cast)."""
    original = effects.HANDLERS["create_tokens"]

    def create_tokens(g: Any, item: Any, params: dict[str, Any]) -> None:
        source = g.state.objects.get(item.source_id)
        paid = source.paid if source is not None and not source.is_token else ()
        before = set(g.state.battlefield)
        original(g, item, params)
        if params.get("copy_of") == "self" and "offspring" in paid:
            for object_id in [i for i in g.state.battlefield if i not in before]:
                token = g.state.objects[object_id]
                token.paid = paid
                event = {"object": token.id, "face": token.face(), "controller": token.controller}
                for _ in g.chars(token).keyword_abilities("offspring")[: paid.count("offspring")]:
                    g.trigger(token, triggers.OFFSPRING_TRIGGER, event_player=token.controller, event=event)

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)


MUTANTS: list[Mutant] = [
    _mutant(
        "created-tokens-do-not-enter",
        "offspring.enters-abilities",
        "a created token triggers no enters ability (111.1, 603.6a)",
        created_tokens_do_not_enter,
    ),
    Mutant(
        "token-abilities-borrowed-from-the-original",
        ("offspring.enters-abilities", "offspring.this-creature-wording"),
        "a token copy's abilities work only while the original is on the battlefield (707.2)",
        token_abilities_borrowed_from_the_original,
        (
            "The token of a creature that has left still has its enters ability, which triggers",
            'The token\'s "this creature" ability works after the original has left',
        ),
    ),
    _mutant(
        "this-creature-is-the-original",
        "offspring.this-creature-wording",
        'a token copy\'s "this creature" is the creature it was copied from (700.7, 201.5)',
        this_creature_is_the_original,
        'The token\'s "this creature" is the token: each Agate Instigator deals its own damage',
    ),
    _mutant(
        "same-named-triggers-resolve-once",
        "offspring.this-creature-wording",
        "a creature and its token copy trigger once between them for one event (603.2)",
        same_named_triggers_resolve_once,
        'The token\'s "this creature" is the token: each Agate Instigator deals its own damage',
    ),
    _mutant(
        "copy-of-a-copy-keeps-its-own-types",
        "offspring.copying-something-else",
        "the token of a Clone copying Grizzly Bears is a Bear Shapeshifter (707.3)",
        copy_of_a_copy_keeps_its_own_types,
        "A Clone copying Grizzly Bears makes a 1/1 Grizzly Bears token, not a Clone",
    ),
    _mutant(
        "copy-exception-lost-on-a-copy-of-a-copy",
        "offspring.copying-something-else",
        "the token of a creature copying another isn't 1/1 (707.9b)",
        copy_exception_lost_on_a_copy_of_a_copy,
        "A Clone copying Grizzly Bears makes a 1/1 Grizzly Bears token, not a Clone",
    ),
    _mutant(
        "offspring-token-counts-as-a-spell-cast",
        "offspring.token-not-cast",
        "the token copy counts as a spell cast this turn (601.2i, 111.1)",
        offspring_token_counts_as_a_spell_cast,
        "Damping Sphere counts the creature spell, not its offspring token",
    ),
    _mutant(
        "cast-triggers-see-entering-creatures",
        "offspring.token-not-cast",
        '"whenever you cast a creature spell" triggers for each creature entering (601.2i)',
        cast_triggers_see_entering_creatures,
        "Beast Whisperer draws for the creature spell, not for its offspring token",
    ),
    _mutant(
        "token-copies-tapped-status",
        "offspring.copiable-values",
        "the token of a tapped creature enters tapped (707.2, 110.5)",
        token_copies_tapped_status,
        "The token of a tapped creature enters untapped",
    ),
    _mutant(
        "one-one-set-after-the-layers",
        "offspring.copiable-values",
        "the token's 1/1 overrides its own bonuses, as if applied after the layers (707.9b, 613.4)",
        one_one_set_after_the_layers,
        "A Kird Ape token is 1/1 before its own bonus: with a Forest it is a 2/3",
    ),
    _mutant(
        "token-copies-the-offspring-payment",
        "offspring.copiable-values",
        "the token of a creature whose offspring was paid counts as paid and makes a token too (707.2)",
        token_copies_the_offspring_payment,
        "A pumped creature's offspring token is a plain 1/1",
    ),
]
