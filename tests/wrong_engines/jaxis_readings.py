"""Wrong engines about Jaxis, the Troublemaker's token copies: several tokens made by one
replacement effect (614.1a) and their sacrifice at the next end step (603.7c), the token's
enters abilities (603.6a) and X of a copy (202.3e, 107.3m).  Its copiable values (707.2, 707.3,
111.3) are jaxis_copy_readings.py's.

What a wrong engine remembers it keeps on the game state, which the engine copies and restores
with everything else when it replays an action to ask a question.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest

from oracle.engine import characteristics, effects, triggers, zones
from oracle.engine.cards import Face

from . import Mutant, patch_everywhere

Handler = Callable[[Any, Any, dict[str, Any]], None]


def copying_target(g: Any, item: Any, params: dict[str, Any]) -> Any:
    """The permanent a "token that's a copy of target creature" copies, if it is still there."""
    if params.get("copy_of") != "target":
        return None
    return next((g.state.objects[t] for t in item.targets if t in g.state.objects), None)


def around_create_tokens(mp: pytest.MonkeyPatch, wrap: Callable[[Handler, Any, Any, dict[str, Any]], None]) -> None:
    original = effects.HANDLERS["create_tokens"]
    mp.setitem(effects.HANDLERS, "create_tokens", lambda g, item, params: wrap(original, g, item, params))


def created_tokens(g: Any, before: set[int]) -> list[Any]:
    """The tokens on the battlefield that were not there ``before``, in the order they were made."""
    return sorted((o for o in g.state.permanents() if o.is_token and o.id not in before), key=lambda o: o.id)


@contextmanager
def overriding(g: Any, name: str, new: Any) -> Iterator[None]:
    """The game's method ``name`` is ``new`` for the time of the block."""
    setattr(g, name, new)
    try:
        yield
    finally:
        delattr(g, name)


def around_copied_face(mp: pytest.MonkeyPatch, change: Callable[[Any, Any, Face], Face | None]) -> None:
    """Patch the copiable values of "a token that's a copy of target ...": ``change(game, target,
    face)`` returns other values, or None to keep them."""
    original = effects._copied_face

    def copied(g: Any, item: Any, which: str) -> Any:
        result = original(g, item, which)
        target = copying_target(g, item, {"copy_of": which})
        if result is None or target is None:
            return result
        return (change(g, target, result[0]) or result[0]), result[1]

    patch_everywhere(mp, effects, "_copied_face", copied)


# -- several tokens and their sacrifice (614.1a, 603.7c) ---------------------------------------


def copy_tokens_are_not_doubled(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase pull request #2169 (closing issue #1511, "apply token-count doublers to
    copy-token creation"): phase.rs created "a token that's a copy of" by a path that skipped the
    token-creation replacement effects, so Doubling Season made one copy.  Here too (614.1a)."""
    multiplier = zones.ZoneRules.multiplier

    def wrap(create: Handler, g: Any, item: Any, params: dict[str, Any]) -> None:
        if "copy_of" not in params:
            create(g, item, params)
            return
        once = lambda event, controller: 1 if event == "token-creation" else multiplier(g, event, controller)  # noqa: E731
        with overriding(g, "multiplier", once):
            create(g, item, params)

    around_create_tokens(mp, wrap)


def every_players_doubler_applies(mp: pytest.MonkeyPatch) -> None:
    """Doubling Season doubles every player's tokens, not only those created under its controller's
    control (614.1a: "under your control"), so Bob's Doubling Season doubles Jaxis's token."""

    def multiplier(self: Any, event: str, controller: str) -> int:
        factor = 1
        chars = characteristics.compute(self.state)
        for obj in self.state.permanents():
            for ability in chars[obj.id].abilities:
                spec = ability.spec.get("replaces", {})
                if ability.kind == "replacement" and spec.get("event") == event:
                    factor *= int(spec["multiply"])
        return factor

    mp.setattr(zones.ZoneRules, "multiplier", multiplier)


def end_step_sacrifices_the_source(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #4601 ("Mishra, Eminent One sacrifices itself at the end step instead of
    the token it created"): the delayed "sacrifice it" was bound to the ability's source.  Here
    Jaxis is sacrificed at the end step and its token stays (603.7c: "it" is the token)."""
    delay = triggers.TriggerRules.delay_sacrifice

    def wrap(create: Handler, g: Any, item: Any, params: dict[str, Any]) -> None:
        source = g.state.objects.get(item.source_id)
        if source is None or not params.get("sacrifice_at_next_end_step"):
            create(g, item, params)
            return
        with overriding(g, "delay_sacrifice", lambda obj, controller: delay(g, source, controller)):
            create(g, item, params)

    around_create_tokens(mp, wrap)


def only_one_token_is_sacrificed(mp: pytest.MonkeyPatch) -> None:
    """ "Sacrifice it" refers to one token: of the tokens Doubling Season makes, only the first is
    sacrificed at the end step (603.7c, 614.1a: each of them is "it")."""
    delay = triggers.TriggerRules.delay_sacrifice

    def wrap(create: Handler, g: Any, item: Any, params: dict[str, Any]) -> None:
        delayed: list[int] = []

        def first_only(obj: Any, controller: str) -> None:
            if not delayed:
                delayed.append(obj.id)
                delay(g, obj, controller)

        with overriding(g, "delay_sacrifice", first_only):
            create(g, item, params)

    around_create_tokens(mp, wrap)


def added_tokens_gain_nothing(mp: pytest.MonkeyPatch) -> None:
    """The tokens a replacement effect adds are bare copies: only the first gains haste and "When
    this token dies, draw a card" (614.1a: "it gains" applies to each token the effect creates)."""

    def wrap(create: Handler, g: Any, item: Any, params: dict[str, Any]) -> None:
        before = {o.id for o in g.state.permanents()}
        create(g, item, params)
        extra = {o.id for o in created_tokens(g, before)[1:]}
        g.state.effects = [
            e for e in g.state.effects if not (e.layer == "6" and len(e.affected) == 1 and e.affected[0] in extra)
        ]

    around_create_tokens(mp, wrap)


def end_step_sacrifices_every_token_made_this_turn(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #8473 ("Determined iteration — Sacs other tokens you made during the
    turn not the one you populated"): the end-step sacrifice took the player's tokens made that
    turn.  Here the Rogue token Girder Goons left is sacrificed with Jaxis's token (603.7c)."""
    create_token = zones.ZoneRules.create_token
    sacrifice_it = effects.HANDLERS["sacrifice_it"]

    def creating(self: Any, controller: str, *args: Any, **kwargs: Any) -> Any:
        new = create_token(self, controller, *args, **kwargs)
        made = getattr(self.state, "_tokens_made", {})
        self.state._tokens_made = {**made, new.id: self.state.turn}
        return new

    def sacrificing(g: Any, item: Any, params: dict[str, Any]) -> None:
        sacrifice_it(g, item, params)
        made = getattr(g.state, "_tokens_made", {})
        for token in [o for o in g.state.permanents() if made.get(o.id) == g.state.turn]:
            if token.controller == item.controller:
                g.sacrifice(token)

    mp.setattr(zones.ZoneRules, "create_token", creating)
    mp.setitem(effects.HANDLERS, "sacrifice_it", sacrificing)


def tokens_of_one_event_enter_one_by_one(mp: pytest.MonkeyPatch) -> None:
    """The tokens one effect creates enter one after the other, each checked for enters abilities
    before the next exists, so two Agate Instigator tokens don't see each other (603.6a)."""

    @contextmanager
    def apart(self: Any) -> Iterator[None]:
        yield

    mp.setattr(zones.ZoneRules, "entering_together", apart)


# -- the token's enters abilities (603.6a) -----------------------------------------------------


def token_copy_lacks_the_triggered_abilities(mp: pytest.MonkeyPatch) -> None:
    """magarena/magarena issue #1040 ("Captain of the Watch copy made by Seance doesn't create Soldier
    tokens"; "bug is in setting up token that is a copy of a card. It did not get the ability of the
    card"): the token copy lacked the copied card's triggered abilities.  Here Jaxis's token of
    Intrepid Rabbit has no enters ability (707.2, 603.6a)."""
    around_copied_face(
        mp, lambda g, target, face: replace(face, abilities=tuple(a for a in face.abilities if a.kind != "triggered"))
    )


def only_cast_permanents_enter(mp: pytest.MonkeyPatch) -> None:
    """ "Enters" is read as "resolves": a token an effect puts onto the battlefield triggers no
    enters ability, its own or another permanent's (603.6a, 111.1)."""
    enters = triggers.TriggerRules.enters_triggers

    def entering(self: Any, entered: Any) -> None:
        if not entered.is_token:
            enters(self, entered)

    mp.setattr(triggers.TriggerRules, "enters_triggers", entering)


# -- X of a copy (202.3e, 107.3m) --------------------------------------------------------------


def _x_of_the_copy(x: Callable[[Any, Any, Any], int]) -> Callable[[pytest.MonkeyPatch], None]:
    """The token copy enters with X = ``x(game, item, copied)`` instead of 0."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        enter = zones.ZoneRules.enter_battlefield

        def wrap(create: Handler, g: Any, item: Any, params: dict[str, Any]) -> None:
            target = copying_target(g, item, params)
            if target is None:
                create(g, item, params)
                return
            value = x(g, item, target)

            def entering(obj: Any, controller: str, x: int = 0, *args: Any, **kwargs: Any) -> Any:
                return enter(g, obj, controller, x or (value if obj.is_token else 0), *args, **kwargs)

            with overriding(g, "enter_battlefield", entering):
                create(g, item, params)

        around_create_tokens(mp, wrap)

    return apply


MUTANTS: list[Mutant] = [
    Mutant(
        "copy-tokens-are-not-doubled",
        ("jaxis.multiple-tokens",),
        "Doubling Season doesn't double tokens that are copies (614.1a)",
        copy_tokens_are_not_doubled,
        ("With Doubling Season, both tokens gain haste and both are sacrificed at the end step",),
        source="phase-rs/phase pull request #2169: fix(engine): apply token-count doublers to copy-token creation",
    ),
    Mutant(
        "every-players-doubler-applies",
        ("jaxis.multiple-tokens",),
        "Doubling Season doubles tokens created under another player's control (614.1a)",
        every_players_doubler_applies,
        ("Bob's Doubling Season doesn't double the token Alice's Jaxis creates",),
    ),
    Mutant(
        "end-step-sacrifices-the-source",
        ("jaxis.multiple-tokens",),
        "the end-step sacrifice takes the ability's source, not the token (603.7c)",
        end_step_sacrifices_the_source,
        ("Without a replacement effect there is one token, sacrificed at the end step",),
        source="phase-rs/phase issue #4601: Mishra, Eminent One sacrifices itself at the end step instead of the "
        "token it created",
    ),
    Mutant(
        "only-one-token-is-sacrificed",
        ("jaxis.multiple-tokens",),
        "of the tokens a replacement effect makes, only the first is sacrificed (603.7c, 614.1a)",
        only_one_token_is_sacrificed,
        ("With Doubling Season, both tokens gain haste and both are sacrificed at the end step",),
    ),
    Mutant(
        "added-tokens-gain-nothing",
        ("jaxis.multiple-tokens",),
        "the tokens a replacement effect adds don't gain haste or the draw (614.1a)",
        added_tokens_gain_nothing,
        ("With Doubling Season, both tokens gain haste and both are sacrificed at the end step",),
    ),
    Mutant(
        "end-step-sacrifices-every-token-made-this-turn",
        ("jaxis.multiple-tokens",),
        "the end-step sacrifice takes every token its controller made that turn (603.7c)",
        end_step_sacrifices_every_token_made_this_turn,
        ("Only the token Jaxis created is sacrificed: another token created that turn stays",),
        source="phase-rs/phase issue #8473: Determined iteration — Sacs other tokens you made during the turn "
        "not the one you populated",
    ),
    Mutant(
        "tokens-of-one-event-enter-one-by-one",
        ("jaxis.enters-abilities", "jaxis.multiple-tokens"),
        "the tokens one effect creates enter one at a time and don't see each other (603.6a)",
        tokens_of_one_event_enter_one_by_one,
        ("With Doubling Season, the two Agate Instigator tokens enter together and each sees the other",),
    ),
    Mutant(
        "token-copy-lacks-the-triggered-abilities",
        ("jaxis.enters-abilities",),
        "a token copy doesn't get the copied card's triggered abilities (707.2, 603.6a)",
        token_copy_lacks_the_triggered_abilities,
        ("The token's enters ability triggers",),
        source="magarena/magarena issue #1040: Captain of the Watch copy made by Seance doesn't create Soldier tokens",
    ),
    Mutant(
        "only-cast-permanents-enter",
        ("jaxis.enters-abilities", "jaxis.copy-of-a-copy"),
        "a token an effect creates triggers no enters ability (603.6a read as 'resolves')",
        only_cast_permanents_enter,
        ("The token's enters ability triggers",),
    ),
    Mutant(
        "copy-x-from-the-originals-counters",
        ("jaxis.x-is-zero",),
        "X of a token copy is the number of +1/+1 counters on the copied creature (202.3e, 107.3m)",
        _x_of_the_copy(lambda g, item, copied: int(copied.counters.get("+1/+1", 0))),
        ("Copies of a creature with X in its mana cost enter with X of 0, even under Doubling Season",),
    ),
    Mutant(
        "copy-x-from-the-ability-cost",
        ("jaxis.x-is-zero",),
        "X of a token copy is the mana paid for the ability that made it (202.3e, 107.3m)",
        _x_of_the_copy(lambda g, item, copied: item.ability.cost.mana.mana_value() if item.ability.cost else 0),
        ("Copies of a creature with X in its mana cost enter with X of 0, even under Doubling Season",),
    ),
]
