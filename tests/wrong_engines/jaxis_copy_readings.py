"""Wrong engines about the copiable values of Jaxis, the Troublemaker's token copies (707.2): a copy
of a copy (707.3), a copy of a token (111.3), what the copy doesn't take (110.5, 208.3, 613) and
copies of the token, which don't take what it gained (707.2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from oracle.engine import characteristics, zones
from oracle.engine.cards import Face
from oracle.engine.vocabulary import Ability

from . import Mutant
from .copies import _layered
from .jaxis_readings import Handler, around_copied_face, around_create_tokens, copying_target, created_tokens

# -- a copy of a copy (707.3) ------------------------------------------------------------------


def copy_of_a_copier_copies_the_copier(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #15715 ("Irma can't copy a Clone that's copying something else"): XMage's
    copy became a copy of the Clone itself instead of what the Clone copied.  Here Jaxis's token of
    a Clone copying Grizzly Bears is a 0/0 Clone, which copies nothing (707.3)."""
    choose_copy = zones.ZoneRules._choose_copy
    around_copied_face(mp, lambda g, target, face: target.card.face() if target.copy_face is not None else None)

    def choosing(self: Any, controller: str, obj: Any) -> Any:
        return None if obj.is_token else choose_copy(self, controller, obj)

    mp.setattr(zones.ZoneRules, "_choose_copy", choosing)


def copy_of_a_copy_follows_the_chain(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #6852 ("Token copy of Clone copying Volrath"): XMage's token copy of a
    Clone followed the Clone's copy link to the creature it copied (the copies-of-copies loop of
    CreateTokenCopyTargetEffect) and took that creature as it was, not the Clone's copiable values.
    Here a copy of a Clone copying a pumped Grizzly Bears is a pumped Grizzly Bears (707.3, 707.2)."""

    def change(g: Any, target: Any, face: Face) -> Face | None:
        if target.copy_face is None:
            return None
        copied = [o for o in g.state.permanents() if o.id != target.id and o.card.face() == target.copy_face]
        return _layered(g, copied[0], face) if copied else None

    around_copied_face(mp, change)


# -- a copy of a token (111.3) and what a copy doesn't take (707.2) ----------------------------


def a_token_has_nothing_to_copy(mp: pytest.MonkeyPatch) -> None:
    """A token that copies nothing has no printed card, so a copy of it copies nothing: a nameless
    object with no types (111.3, 707.2: its copiable values are those its creating effect gave it)."""
    blank = Face("Token", None, (), (), (), (), (), None, None)
    around_copied_face(mp, lambda g, target, face: blank if target.is_token and target.copy_face is None else None)


def token_copy_loses_its_color(mp: pytest.MonkeyPatch) -> None:
    """The color a token's creating effect gave it isn't copiable, as if it were an effect on the
    token: a copy of the black Rogue token is colorless (111.3, 707.2)."""
    around_copied_face(
        mp, lambda g, target, face: replace(face, colors=()) if target.is_token and target.copy_face is None else None
    )


def _copies_status(status: Callable[[Any, Any, list[Any]], None]) -> Callable[[pytest.MonkeyPatch], None]:
    """After a token copy is created, ``status(game, copied, tokens)`` gives them something of the
    copied permanent that isn't a copiable value."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        def wrap(create: Handler, g: Any, item: Any, params: dict[str, Any]) -> None:
            target = copying_target(g, item, params)
            before = {o.id for o in g.state.permanents()}
            create(g, item, params)
            if target is not None:
                status(g, target, created_tokens(g, before))

        around_create_tokens(mp, wrap)

    return apply


def _tapped_like(g: Any, copied: Any, tokens: list[Any]) -> None:
    """The token copy is tapped if the permanent it copies is (110.5: status isn't copied)."""
    for token in tokens:
        token.tapped = token.tapped or copied.tapped


def _effects_of_layer(layer: str, key: str) -> Callable[[Any, Any, list[Any]], None]:
    """The resolved effects of ``layer`` on the copied permanent apply to the token copy too."""

    def status(g: Any, copied: Any, tokens: list[Any]) -> None:
        for effect in g.state.effects:
            if effect.layer == layer and key in effect.change and copied.id in effect.affected:
                effect.affected = [*effect.affected, *(t.id for t in tokens)]

    return status


def token_copy_created_as_its_creator_said(mp: pytest.MonkeyPatch) -> None:
    """A copy of a token made tapped ("create a tapped 2/2 ... token") is made tapped too, as if
    the creating effect's "tapped" were part of the token's definition (110.5, 111.3)."""

    def wrap(create: Handler, g: Any, item: Any, params: dict[str, Any]) -> None:
        born = getattr(g.state, "_born_tapped", frozenset())
        target = copying_target(g, item, params)
        tapped_copy = target is not None and target.id in born
        before = {o.id for o in g.state.permanents()}
        create(g, item, {**params, "tapped": True} if tapped_copy else params)
        if params.get("tapped") or tapped_copy:
            g.state._born_tapped = born | {o.id for o in created_tokens(g, before)}

    around_create_tokens(mp, wrap)


# -- copies of the token (707.2: what it gained is not copiable) -------------------------------


def _copy_takes_gained(keyword: bool) -> Callable[[pytest.MonkeyPatch], None]:
    """A Clone of Jaxis's token takes what the token gained, haste (keyword) or "When this token
    dies, draw a card", as if gained abilities were copiable (707.2).

    Card-Forge/forge issue #1159 ("Jaxis, the Troublemaker, the Gained Abilities shouldn't be
    copyable") and pull request #1160 ("Fix Jaxis", which closed it): Forge's script gave the token
    haste and the draw trigger with AddKeywords and AddTriggers, which made them part of the
    token's copiable values, so a copy of the token had them too; the fix gives haste with
    PumpKeywords and the trigger with an Animate effect."""

    def gained(g: Any, obj: Any) -> list[Ability]:
        found: list[Ability] = []
        for effect in g.state.effects:
            if effect.layer == "6" and obj.id in effect.affected:
                if keyword:
                    found += [Ability("keyword", k, {"keyword": k.lower()}) for k in effect.change.get("keywords", [])]
                else:
                    found += list(effect.change.get("abilities", []))
        return found

    def apply(mp: pytest.MonkeyPatch) -> None:
        _choosing_a_copy(
            mp, lambda g, obj, chosen, face: replace(face, abilities=face.abilities + tuple(gained(g, chosen)))
        )

    return apply


def _choosing_a_copy(mp: pytest.MonkeyPatch, change: Callable[[Any, Any, Any, Face], Face]) -> None:
    """Clone's "enter as a copy of any creature" (707.5), with ``change(game, entering, chosen,
    face)`` applied to the copied values."""

    def choose_copy(self: Any, controller: str, obj: Any) -> Any:
        chars = characteristics.compute(self.state)
        creatures = [o for o in self.state.permanents() if "Creature" in chars[o.id].types]
        refs = ["none", *[self.ref(o) for o in creatures]]
        answer = self.choose(controller, "copy", refs, f"Enter {self.name(obj)} as a copy of which creature? (707.5)")
        if answer == "none":
            return None
        chosen = creatures[refs.index(answer) - 1]
        return change(self, obj, chosen, chosen.face())

    mp.setattr(zones.ZoneRules, "_choose_copy", choose_copy)


def copy_of_a_token_is_a_token(mp: pytest.MonkeyPatch) -> None:
    """Being a token is copied: a Clone entering as a copy of a token is a token (111.1, 707.2: a
    copy takes copiable values only)."""

    def change(g: Any, obj: Any, chosen: Any, face: Face) -> Face:
        obj.is_token = obj.is_token or chosen.is_token
        return face

    _choosing_a_copy(mp, change)


MUTANTS: list[Mutant] = [
    Mutant(
        "copy-of-a-copier-copies-the-copier",
        ("jaxis.copy-of-a-copy",),
        "a copy of a Clone copying something is a Clone as printed (707.3)",
        copy_of_a_copier_copies_the_copier,
        ("Copying a Clone that copies Grizzly Bears makes a Grizzly Bears",),
        source="magefree/mage issue #15715: Irma can't copy a Clone that's copying something else",
    ),
    Mutant(
        "copy-of-a-copy-follows-the-chain",
        ("jaxis.copy-of-a-copy",),
        "a copy of a Clone takes the creature the Clone copied as it is now (707.3, 707.2)",
        copy_of_a_copy_follows_the_chain,
        ("Copying a Clone that copies a pumped Grizzly Bears makes a 2/2 Grizzly Bears",),
        source="magefree/mage issue #6852: Token copy of Clone copying Volrath (who is a Bear)",
    ),
    Mutant(
        "token-copy-created-as-its-creator-said",
        ("jaxis.copy-of-a-token",),
        "a copy of a token made tapped is made tapped (110.5, 111.3)",
        token_copy_created_as_its_creator_said,
        ("A copy of a token that copies nothing has the values its creating effect gave it",),
    ),
    Mutant(
        "a-token-has-nothing-to-copy",
        ("jaxis.copy-of-a-token",),
        "a copy of a token that copies nothing copies no values (111.3, 707.2)",
        a_token_has_nothing_to_copy,
        ("A copy of a token that copies nothing has the values its creating effect gave it",),
    ),
    Mutant(
        "token-copy-loses-its-color",
        ("jaxis.copy-of-a-token",),
        "a token's color, given by its creating effect, isn't copied (111.3, 707.2)",
        token_copy_loses_its_color,
        ("A copy of a token turned into a Frog is a black Rogue",),
    ),
    Mutant(
        "token-copy-is-tapped-like-the-original",
        ("jaxis.copiable-values",),
        "a token copy of a tapped creature is tapped (110.5, 707.2)",
        _copies_status(_tapped_like),
        ("The token doesn't copy counters, an Aura, a pump or the tapped state",),
    ),
    Mutant(
        "token-copy-takes-the-pumps",
        ("jaxis.copiable-values",),
        "the power/toughness effects on the copied creature apply to its copy (707.2, 613.4c)",
        _copies_status(_effects_of_layer("7c", "modify")),
        ("The token doesn't copy counters, an Aura, a pump or the tapped state",),
    ),
    Mutant(
        "copy-of-an-animated-land-is-a-creature",
        ("jaxis.copiable-values",),
        "the type-changing effects on the copied permanent apply to its copy (707.2, 208.3)",
        _copies_status(_effects_of_layer("4", "add_types")),
        ("A copy of a land animated into a creature is a land, not a creature",),
    ),
    Mutant(
        "gained-draw-is-copiable",
        ("jaxis.copy-of-the-token",),
        "a copy of Jaxis's token gets the 'When this token dies, draw a card' it gained (707.2)",
        _copy_takes_gained(keyword=False),
        ("A Clone of the token draws nothing when it dies",),
        source="Card-Forge/forge issue #1159: Jaxis, the Troublemaker, the Gained Abilities shouldn't be copyable",
    ),
    Mutant(
        "gained-haste-is-copiable",
        ("jaxis.copy-of-the-token",),
        "a copy of Jaxis's token gets the haste it gained (707.2)",
        _copy_takes_gained(keyword=True),
        ("A Clone of the token copies Grizzly Bears, without haste, and is not sacrificed",),
        source="Card-Forge/forge pull request #1160: Fix Jaxis",
    ),
    Mutant(
        "copy-of-a-token-is-a-token",
        ("jaxis.copy-of-the-token",),
        "a Clone entering as a copy of a token is a token (111.1, 707.2)",
        copy_of_a_token_is_a_token,
        ("A Clone of the token copies Grizzly Bears, without haste, and is not sacrificed",),
    ),
]
