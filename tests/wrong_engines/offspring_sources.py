"""Wrong engines about offspring that reproduce defects real engines had, each named with its
repository and issue, pull request or commit, translated into the reference engine's terms and
the card pool: token copies of a permanent (707.2, 707.9b), last known information for a copy
(608.2h), the abilities and "enters" triggers of a copy (603.6a), offspring's trigger (702.175a)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from oracle.engine import casting, effects, triggers, zones

from . import Mutant, patch_everywhere

#: Keywords that only matter as a spell is cast (phase.rs's list in pull request #2801).
CAST_ONLY_KEYWORDS = ("offspring", "kicker", "blitz")


def offspring_token_keeps_its_power(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #748 ("Offspring creates copies not 1/1s": Corruscation Mage's offspring
    made 2/2 copies), #838 (Pawpatch Recruit, "not a 1/1 but a copy instead") and #8065 (Nightmare
    Shepherd's "except it's 1/1" copy kept the creature's power and toughness): the exception of
    the copy is dropped, so the token has the printed power and toughness (707.9b, 702.175a)."""
    mp.setattr(zones.ZoneRules, "copy_face_except", lambda self, face, params: face)


def copy_tokens_drop_cast_keywords(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase pull request #2801 ("strip cast-only copiables from copy tokens", fixing issue
    #924): a token copy loses the keywords that work only as a spell is cast (Offspring, Kicker),
    though they are printed abilities and so copiable values (707.2): the token has offspring."""
    original = zones.ZoneRules.copy_face_except

    def except_(self: Any, face: Any, params: dict[str, Any]) -> Any:
        copied = original(self, face, params)
        kept = tuple(a for a in copied.abilities if a.keyword not in CAST_ONLY_KEYWORDS)
        return replace(copied, abilities=kept)

    mp.setattr(zones.ZoneRules, "copy_face_except", except_)


def copy_tokens_drop_cast_triggers(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase pull request #2801 as first submitted: `is_spell_casting_only_trigger` stripped
    every "whenever you cast" (SpellCast) trigger from token copies, which the review flagged as
    losing real battlefield text (CR 707.2): a Beast Whisperer token then draws nothing."""
    original = zones.ZoneRules.copy_face_except

    def except_(self: Any, face: Any, params: dict[str, Any]) -> Any:
        copied = original(self, face, params)
        kept = tuple(a for a in copied.abilities if a.spec.get("trigger", {}).get("event") != "cast")
        return replace(copied, abilities=kept)

    mp.setattr(zones.ZoneRules, "copy_face_except", except_)


def token_copies_lack_the_cards_abilities(mp: pytest.MonkeyPatch) -> None:
    """magarena/magarena issue #1040 (a Captain of the Watch copied by Seance made no Soldiers;
    "bug is in setting up token that is a copy of a card. It did not get the ability of the card"):
    a token copy has the copied creature's name, types and power but none of its abilities, so its
    own "when this creature enters" never triggers (707.2, 603.6a)."""
    original = zones.ZoneRules.create_token

    def create_token(self: Any, controller: str, card: Any = None, face: Any = None, created_by: Any = None) -> Any:
        if face is not None:
            face = replace(face, abilities=())
        return original(self, controller, card, face, created_by)

    mp.setattr(zones.ZoneRules, "create_token", create_token)


def left_creature_copied_as_its_card(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage pull request #6681 ("Ability fix for when Nacatl has left battlefield"): XMage
    made Nacatl War-Pride's tokens from the card, not from what it was copying when it last existed
    (its own Gatherer ruling). Here: once the creature has left, the token copies the card as it is
    now, so a Clone copying Grizzly Bears makes a Clone token (608.2h, 707.3)."""
    trigger = triggers.TriggerRules.trigger
    copied_face = effects._copied_face
    cards: dict[int, Any] = {}

    def triggering(self: Any, source: Any, *args: Any, **kwargs: Any) -> None:
        cards[source.id] = source.card
        trigger(self, source, *args, **kwargs)

    def copied(g: Any, item: Any, which: str) -> Any:
        result = copied_face(g, item, which)
        source = g.state.objects.get(item.source_id)
        gone = source is None or source.zone != "battlefield"
        if result is None or which != "self" or not gone or item.source_id not in cards:
            return result
        return cards[item.source_id].face(), result[1]

    mp.setattr(triggers.TriggerRules, "trigger", triggering)
    patch_everywhere(mp, effects, "_copied_face", copied)


def copy_of_a_left_object_makes_nothing(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #5904 ("Faerie Artisans doesn't create a copy if the creature left the
    battlefield when the ability resolves"; also #7834, Dance of Many): an effect that makes a token
    copy of a permanent looks for it on the battlefield and, finding nothing, makes nothing, where
    it should use last known information (608.2h)."""
    original = effects.HANDLERS["create_tokens"]

    def create_tokens(g: Any, item: Any, params: dict[str, Any]) -> None:
        which = params.get("copy_of")
        if which is not None:
            event = item.source_info.get("event", {})
            wanted = {"self": [item.source_id], "event": [event.get("object")], "target": item.targets}[which]
            if not any(i in g.state.objects and g.state.objects[i].zone == "battlefield" for i in wanted):
                return
        original(g, item, params)

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)


def offspring_triggers_on_casting(mp: pytest.MonkeyPatch) -> None:
    """magarena/magarena issue #553 (a copy effect that should apply as the creature enters "is
    functioning as a 'when cast' effect instead of an 'enters the battlefield' effect"): the same
    wrong rule for offspring's "when this creature enters": the token is made as the spell is cast,
    so it exists even if the spell is then countered (702.175a, 603.6a)."""
    cast_triggers = casting.CastingRules._cast_triggers
    enters = triggers.TriggerRules.enters_triggers

    def on_cast(self: Any, player: str, spell: Any) -> None:
        cast_triggers(self, player, spell)
        for _ in range(spell.paid.count("offspring")):
            self.create_token(player, face=spell.face().except_power_toughness("1", "1"), created_by=spell.id)

    def enters_triggers(self: Any, entered: Any) -> None:
        paid = entered.paid
        entered.paid = tuple(p for p in paid if p != "offspring")
        try:
            enters(self, entered)
        finally:
            entered.paid = paid

    mp.setattr(casting.CastingRules, "_cast_triggers", on_cast)
    mp.setattr(triggers.TriggerRules, "enters_triggers", enters_triggers)


def copy_tokens_skip_enters_replacements(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #5450 ("Copying artifacts with ETB triggers that enter as a copy of
    something else doesn't activate the copy effect": Mishra's token copy of Sculpting Steel just
    entered as Sculpting Steel): a token copy's own "as this enters" and "enters as a copy"
    replacement effects don't apply to it (614.1c, 614.12), so the token of a Clone that copied
    nothing enters as a 1/1 Clone instead of as a copy of the creature chosen."""
    original = zones.ZoneRules._abilities_on_entering

    def abilities(self: Any, obj: Any, controller: str, face: Any) -> list[Any]:
        found = list(original(self, obj, controller, face))
        if obj.is_token and face is not None:
            return [
                a
                for a in found
                if not (a.kind == "replacement" and a.spec.get("replaces", {}).get("event") == "enters")
            ]
        return found

    mp.setattr(zones.ZoneRules, "_abilities_on_entering", abilities)


def copy_tokens_lose_static_abilities(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #194 (the Elemental tokens of Budoka Gardener: their "This creature gets
    +X/+X for each land you control" did not work for the copies Parallel Lives made): a token copy's
    static abilities don't function, so a Kird Ape token never gets +1/+2 (707.2, 604.1)."""
    original = zones.ZoneRules.create_token

    def create_token(self: Any, controller: str, card: Any = None, face: Any = None, created_by: Any = None) -> Any:
        if face is not None:
            face = replace(face, abilities=tuple(a for a in face.abilities if a.kind != "static"))
        return original(self, controller, card, face, created_by)

    mp.setattr(zones.ZoneRules, "create_token", create_token)


MUTANTS: list[Mutant] = [
    Mutant(
        "offspring-token-keeps-its-power",
        ("offspring.copiable-values",),
        "the offspring token has the creature's printed power and toughness, not 1/1 (707.9b)",
        offspring_token_keeps_its_power,
        ("A pumped creature's offspring token is a plain 1/1",),
        source="phase-rs/phase issue #748: Offspring creates copies not 1/1s",
    ),
    Mutant(
        "copy-tokens-drop-cast-keywords",
        ("offspring.copiable-values",),
        "a token copy loses offspring and kicker, keywords of casting (707.2)",
        copy_tokens_drop_cast_keywords,
        ("The token copies the printed creature, not a Frog it was turned into",),
        source="phase-rs/phase pull request #2801: strip cast-only copiables from copy tokens"
        " and resolve offspring token art",
    ),
    Mutant(
        "copy-tokens-drop-cast-triggers",
        ("offspring.copiable-values",),
        'a token copy loses its "whenever you cast" abilities (707.2)',
        copy_tokens_drop_cast_triggers,
        ('A Beast Whisperer token copy has its "whenever you cast" ability too',),
        source="phase-rs/phase pull request #2801 (review): is_spell_casting_only_trigger strips SpellCast triggers",
    ),
    Mutant(
        "token-copies-lack-the-cards-abilities",
        ("offspring.enters-abilities",),
        "a token copy has none of the copied creature's abilities (707.2, 603.6a)",
        token_copies_lack_the_cards_abilities,
        ("The token's own enters ability triggers when it enters",),
        source="magarena/magarena issue #1040: Captain of the Watch copy made by Seance doesn't create Soldier tokens",
    ),
    Mutant(
        "left-creature-copied-as-its-card",
        ("offspring.source-left", "offspring.copying-something-else"),
        "a creature that has left is copied as its card, not as what it copied (608.2h, 707.3)",
        left_creature_copied_as_its_card,
        ("A Clone copying Grizzly Bears that has left before its offspring ability resolves makes a Bear",),
        source="magefree/mage pull request #6681: Ability fix for when Nacatl has left battlefield",
    ),
    Mutant(
        "copy-of-a-left-object-makes-nothing",
        ("offspring.source-left",),
        "a token copy of a permanent that has left is not made (608.2h)",
        copy_of_a_left_object_makes_nothing,
        ("The token is created even though the creature left the battlefield before the ability resolved",),
        source="magefree/mage issue #5904: Faerie Artisans doesn't create a copy if the creature left the battlefield",
    ),
    Mutant(
        "offspring-triggers-on-casting",
        ("offspring.countered",),
        "offspring's token is made as the spell is cast, not as the creature enters (702.175a, 603.6a)",
        offspring_triggers_on_casting,
        ("A countered creature spell with its offspring cost paid creates no token",),
        source="magarena/magarena issue #553: A copied Ally will not trigger other Ally abilities",
    ),
    Mutant(
        "copy-tokens-skip-enters-replacements",
        ("offspring.enters-abilities",),
        "a token copy's own \"as this enters\" replacement effects don't apply (614.1c, 614.12)",
        copy_tokens_skip_enters_replacements,
        ("The token of a Clone that copied nothing enters as a copy of the creature Alice chooses",),
        source="phase-rs/phase issue #5450: Copying artifacts with ETB triggers that enter as a copy of something else"
        " doesn't activate the copy effect",
    ),
    Mutant(
        "copy-tokens-lose-static-abilities",
        ("offspring.copiable-values",),
        "a token copy's static abilities don't function (707.2, 604.1)",
        copy_tokens_lose_static_abilities,
        ("A Kird Ape token is 1/1 before its own bonus: with a Forest it is a 2/3",),
        source="magefree/mage issue #194: Elemental tokens created by Budoka Gardener are incorrect",
    ),
]
