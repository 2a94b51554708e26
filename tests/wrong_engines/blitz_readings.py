"""Wrong engines about blitz (702.152a): haste without an attack requirement (508.1d), the draw on
any death (603.10a), casting for an alternative cost (118.9, 601.2, 302.1), the sacrifice at the
next end step (603.7, 603.7c) and copies, which are not blitzed (707.2).

What a wrong engine remembers across zone changes it keeps on the game state, which the engine
copies and restores with everything else when it replays an action to ask a question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from oracle.engine import casting, characteristics, effects, game, triggers, zones
from oracle.engine.mana import ManaCost

from . import Mutant, changeable, patch_everywhere

Compute = Callable[[Any], dict[int, Any]]


def _remember(state: Any, key: str, value: Any) -> None:
    """Set ``state.<key>`` to a new value (never mutated in place: a replay restores the old one)."""
    setattr(state, key, value)


def _recalled(state: Any, key: str, default: Any) -> Any:
    return getattr(state, key, default)


def _blitzed(obj: Any) -> bool:
    return "blitz" in obj.paid


def blitz_gives_no_haste(mp: pytest.MonkeyPatch) -> None:
    """Card-Forge/forge issue #2464 ("Henzie Blitz not working again"): a creature cast for its
    blitz cost kept blitz on the battlefield but the static ability never gave it haste.  Here a
    blitzed creature has the draw trigger but not haste, so it can't attack the turn it was cast
    (702.152a, 302.6)."""
    original: Compute = characteristics.compute

    def compute(st: Any) -> dict[int, Any]:
        chars = changeable(original(st))
        for obj in st.permanents():
            ch = chars[obj.id]
            if _blitzed(obj) and ch.keyword_abilities("blitz"):
                ch.abilities = [a for a in ch.abilities if a.keyword != "haste"]
                ch.keywords = [k for k in ch.keywords if k != "haste"]
        return chars

    patch_everywhere(mp, characteristics, "compute", compute)


def blitz_kept_unless_it_attacked(mp: pytest.MonkeyPatch) -> None:
    """The end-step sacrifice is read as the price of attacking: a blitzed creature that didn't
    attack is kept (702.152a sacrifices it whether it attacked or not; 508.1d)."""
    declare = game.Game.declare_attackers
    sacrifice_it = effects.HANDLERS["sacrifice_it"]

    def declaring(self: Any, player: str, attacker_ids: list[int]) -> None:
        declare(self, player, attacker_ids)
        _remember(self.state, "_attacked", _recalled(self.state, "_attacked", frozenset()) | set(attacker_ids))

    def sacrificing(g: Any, item: Any, params: dict[str, Any]) -> None:
        obj = g.state.objects.get(item.source_info["event"]["object"])
        if obj is not None and _blitzed(obj) and obj.id not in _recalled(g.state, "_attacked", frozenset()):
            return
        sacrifice_it(g, item, params)

    mp.setattr(game.Game, "declare_attackers", declaring)
    mp.setitem(effects.HANDLERS, "sacrifice_it", sacrificing)


def next_end_step_means_next_turn(mp: pytest.MonkeyPatch) -> None:
    """ "The next end step" is read as the end step of the next turn: a delayed sacrifice created
    during a turn waits past that turn's end step (603.7: it is the next end step to begin)."""
    delay = triggers.TriggerRules.delay_sacrifice
    step_triggers = triggers.TriggerRules.step_triggers

    def delaying(self: Any, obj: Any, controller: str) -> None:
        delay(self, obj, controller)
        _remember(self.state, "_delayed_on", {**_recalled(self.state, "_delayed_on", {}), obj.id: self.state.turn})

    def stepping(self: Any, step: str) -> None:
        made = _recalled(self.state, "_delayed_on", {})
        held = [d for d in self.state.delayed if d[0] == step and made.get(d[2]) == self.state.turn]
        self.state.delayed = [d for d in self.state.delayed if d not in held]
        step_triggers(self, step)
        self.state.delayed = [*self.state.delayed, *held]

    mp.setattr(triggers.TriggerRules, "delay_sacrifice", delaying)
    mp.setattr(triggers.TriggerRules, "step_triggers", stepping)


def copies_take_the_blitz_payment(mp: pytest.MonkeyPatch) -> None:
    """A copy copies how the original was cast: a Clone entering as a copy of a blitzed creature
    counts as blitzed, with haste, the draw and the sacrifice (707.2: costs paid are not copiable)."""
    choose_copy = zones.ZoneRules._choose_copy

    def choosing(self: Any, controller: str, obj: Any) -> Any:
        face = choose_copy(self, controller, obj)
        copied = next((o for o in self.state.permanents() if face is not None and o.face() == face and o.paid), None)
        if copied is not None:
            obj.paid = tuple(dict.fromkeys(obj.paid + copied.paid))
        return face

    mp.setattr(zones.ZoneRules, "_choose_copy", choosing)


def delayed_sacrifice_by_name(mp: pytest.MonkeyPatch) -> None:
    """ "Sacrifice it" finds its object by name: every permanent its controller controls with that
    name is sacrificed, a Clone of it and the original of a token copy too (603.7c, 400.7)."""

    def sacrificing(g: Any, item: Any, params: dict[str, Any]) -> None:
        name = item.source_info["characteristics"].name
        for obj in [o for o in g.state.permanents() if o.controller == item.controller and g.name(o) == name]:
            if obj.zone == "battlefield":
                g.sacrifice(obj)

    mp.setitem(effects.HANDLERS, "sacrifice_it", sacrificing)


def _blitz_draw_only(while_sacrificing: bool) -> Callable[[pytest.MonkeyPatch], None]:
    """The blitz draw triggers only while the end-step sacrifice resolves, or never then."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        sacrifice_it = effects.HANDLERS["sacrifice_it"]
        trigger = triggers.TriggerRules.trigger
        resolving: list[bool] = []

        def sacrificing(g: Any, item: Any, params: dict[str, Any]) -> None:
            resolving.append(True)
            try:
                sacrifice_it(g, item, params)
            finally:
                resolving.pop()

        def triggering(self: Any, source: Any, ability: Any, *args: Any, **kwargs: Any) -> None:
            if ability is characteristics.BLITZ_DRAW and bool(resolving) != while_sacrificing:
                return
            trigger(self, source, ability, *args, **kwargs)

        mp.setitem(effects.HANDLERS, "sacrifice_it", sacrificing)
        mp.setattr(triggers.TriggerRules, "trigger", triggering)

    return apply


def _blitz_draw_on_the_card(accumulates: bool) -> Callable[[pytest.MonkeyPatch], None]:
    """The draw trigger blitz gives stays with the card after it leaves the battlefield (one per
    blitz cast, if it accumulates), as if it were printed on the card (400.7).

    magefree/mage issue #8885 ("'When this dies, draw a card' ability gained from Blitz persists
    across zones and accumulates"): in XMage the gained ability stayed on the card, so a creature
    returned and cast for its blitz cost again drew two cards when it died, three the next time.
    magefree/mage issue #9592 ("Caldaia Guardian draws card on death when it's not supposed to"):
    a creature blitzed earlier in the game, later put onto the battlefield without blitz, still
    drew a card when it died."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        enter = zones.ZoneRules.enter_battlefield
        original: Compute = characteristics.compute

        def entering(self: Any, obj: Any, *args: Any, **kwargs: Any) -> Any:
            new = enter(self, obj, *args, **kwargs)
            if _blitzed(new) and new.ref and not new.is_token:
                casts = _recalled(self.state, "_blitz_casts", {})
                _remember(self.state, "_blitz_casts", {**casts, new.ref: casts.get(new.ref, 0) + 1})
            return new

        def compute(st: Any) -> dict[int, Any]:
            chars = changeable(original(st))
            casts = _recalled(st, "_blitz_casts", {})
            for obj in st.permanents():
                ch, times = chars[obj.id], casts.get(obj.ref, 0) if obj.ref and not obj.is_token else 0
                has = sum(1 for a in ch.abilities if a is characteristics.BLITZ_DRAW)
                wanted = times if accumulates else min(times, 1)
                ch.abilities += [characteristics.BLITZ_DRAW] * max(wanted - has, 0)
            return chars

        mp.setattr(zones.ZoneRules, "enter_battlefield", entering)
        patch_everywhere(mp, characteristics, "compute", compute)

    return apply


def _around_cast(mp: pytest.MonkeyPatch, wrap: Callable[[Callable[[], None], Any, str, str | None], None]) -> None:
    """Patch casting: ``wrap(cast, game, player, alternative_cost)`` decides when and how ``cast()`` runs."""
    cast = casting.CastingRules.cast

    def casting_it(
        self: Any,
        player: str,
        object_id: int,
        x: int = 0,
        targets: Any = (),
        additional_costs: Any = (),
        alternative_cost: str | None = None,
        mana: list[str] | None = None,
        mana_abilities: Any = (),
    ) -> None:
        def go() -> None:
            cast(self, player, object_id, x, targets, additional_costs, alternative_cost, mana, mana_abilities)

        wrap(go, self, player, alternative_cost)

    mp.setattr(casting.CastingRules, "cast", casting_it)


def copies_have_the_blitz_draw(mp: pytest.MonkeyPatch) -> None:
    """The draw is read as part of the blitz keyword a copy copies (its reminder text: "it gains
    haste and 'When this creature dies, draw a card'"): a Clone of a creature with blitz draws when
    it dies, though its blitz cost was never paid (702.152a, 707.2)."""
    original: Compute = characteristics.compute

    def compute(st: Any) -> dict[int, Any]:
        chars = changeable(original(st))
        for obj in st.permanents():
            ch = chars[obj.id]
            if (
                obj.copy_face is not None
                and ch.keyword_abilities("blitz")
                and characteristics.BLITZ_DRAW not in ch.abilities
            ):
                ch.abilities.append(characteristics.BLITZ_DRAW)
        return chars

    patch_everywhere(mp, characteristics, "compute", compute)


def one_delayed_sacrifice_per_card(mp: pytest.MonkeyPatch) -> None:
    """A card has one end-step sacrifice waiting at most: cast for its blitz cost again after it
    left, the new permanent gets none, since the first one (which can't find it, 400.7) still
    waits (603.7c: each blitz spell's ability refers to the permanent that spell became)."""
    delay = triggers.TriggerRules.delay_sacrifice

    def delaying(self: Any, obj: Any, controller: str) -> None:
        waiting = _recalled(self.state, "_sacrifice_for", frozenset())
        if obj.ref and obj.ref in waiting:
            return
        _remember(self.state, "_sacrifice_for", waiting | {obj.ref} if obj.ref else waiting)
        delay(self, obj, controller)

    mp.setattr(triggers.TriggerRules, "delay_sacrifice", delaying)


def blitz_ignores_timing(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #8905 ("Blitz ability gets around timing restrictions", fixed by pull
    request #8935): XMage let a creature be cast for its blitz cost at instant speed, on the
    opponent's turn.  Here casting for the blitz cost skips the creature spell's timing (302.1,
    118.9: an alternative cost doesn't change when a spell may be cast)."""

    def wrap(cast: Callable[[], None], g: Any, player: str, alternative: str | None) -> None:
        if alternative != "blitz":
            cast()
            return
        g._sorcery_timing = lambda who: True
        try:
            cast()
        finally:
            del g._sorcery_timing

    _around_cast(mp, wrap)


def blitz_skips_the_stack(mp: pytest.MonkeyPatch) -> None:
    """A creature cast for its blitz cost is put straight onto the battlefield, as if blitz were an
    ability that puts it there: nothing can respond to it or counter it (118.9, 601.2i, 608.3)."""

    def wrap(cast: Callable[[], None], g: Any, player: str, alternative: str | None) -> None:
        cast()
        if alternative != "blitz":
            return
        item = next(s for s in reversed(g.state.stack) if s.kind == "spell" and s.controller == player)
        g.state.stack.remove(item)
        spell = g.state.objects[item.source_id]
        g.enter_battlefield(spell, player, x=spell.x)
        g.give_priority(player)

    _around_cast(mp, wrap)


def blitz_not_counted_as_a_spell_cast(mp: pytest.MonkeyPatch) -> None:
    """A spell cast for its blitz cost isn't counted among the spells its controller cast this turn
    (118.9: it is still cast), so the next spell's "for each other spell" increase misses it."""

    def wrap(cast: Callable[[], None], g: Any, player: str, alternative: str | None) -> None:
        cast()
        if alternative == "blitz":
            g.state.player(player).spells_cast_this_turn -= 1

    _around_cast(mp, wrap)


def blitz_paid_on_top_of_the_mana_cost(mp: pytest.MonkeyPatch) -> None:
    """The blitz cost is paid in addition to the mana cost, as an additional cost (118.8), not
    instead of it (118.9: an alternative cost)."""
    alternative = casting.CastingRules._alternative_cost

    def alternative_cost(self: Any, spell: Any, keyword: str) -> ManaCost:
        cost = alternative(self, spell, keyword)
        printed = spell.face().mana_cost or ManaCost()
        return ManaCost(cost.generic + printed.generic, cost.symbols + printed.symbols, 0, cost.text)

    mp.setattr(casting.CastingRules, "_alternative_cost", alternative_cost)


MUTANTS: list[Mutant] = [
    Mutant(
        "blitz-gives-no-haste",
        ("blitz.no-attack-requirement",),
        "a blitzed creature has the draw but not haste (702.152a)",
        blitz_gives_no_haste,
        ("A blitzed creature may attack the turn it was cast",),
        source="Card-Forge/forge issue #2464: Henzie Blitz not working again",
    ),
    Mutant(
        "blitz-kept-unless-it-attacked",
        ("blitz.no-attack-requirement",),
        "a blitzed creature that didn't attack isn't sacrificed (702.152a, 508.1d)",
        blitz_kept_unless_it_attacked,
        ("A blitzed creature need not attack, and is still sacrificed at the end step",),
    ),
    Mutant(
        "next-end-step-means-next-turn",
        ("blitz.no-attack-requirement", "jaxis.multiple-tokens"),
        "'the next end step' waits for the next turn's end step (603.7)",
        next_end_step_means_next_turn,
        ("A blitzed creature need not attack, and is still sacrificed at the end step",),
    ),
    Mutant(
        "copies-take-the-blitz-payment",
        ("blitz.copy-not-blitzed",),
        "a Clone of a blitzed creature counts as blitzed (707.2: costs paid aren't copiable)",
        copies_take_the_blitz_payment,
        ("A Clone of a blitzed creature has no haste and is not sacrificed",),
    ),
    Mutant(
        "delayed-sacrifice-by-name",
        ("blitz.copy-not-blitzed", "jaxis.copy-of-the-token"),
        "'sacrifice it' sacrifices every permanent with its name (603.7c)",
        delayed_sacrifice_by_name,
        (
            "A Clone of a blitzed creature has no haste and is not sacrificed",
            "A Clone of the token copies Grizzly Bears, without haste, and is not sacrificed",
        ),
    ),
    Mutant(
        "copies-have-the-blitz-draw",
        ("blitz.copy-not-blitzed",),
        "a copy of a creature with blitz has the draw, as part of the keyword (702.152a, 707.2)",
        copies_have_the_blitz_draw,
        ("The Clone of a blitzed creature draws nothing when it dies",),
    ),
    Mutant(
        "one-delayed-sacrifice-per-card",
        ("blitz.sacrifice-only-if-present",),
        "a card cast for its blitz cost again gets no sacrifice while the first one waits (603.7c)",
        one_delayed_sacrifice_per_card,
        ("A creature cast for its blitz cost a second time is sacrificed at the end step",),
    ),
    Mutant(
        "blitz-draws-only-when-sacrificed",
        ("blitz.draw-on-any-death",),
        "the blitz draw triggers only on the end-step sacrifice (702.152a, 603.10a)",
        _blitz_draw_only(while_sacrificing=True),
        ("A blitzed creature destroyed before the end step draws a card and is not sacrificed later",),
    ),
    Mutant(
        "blitz-sacrifice-draws-nothing",
        ("blitz.draw-on-any-death",),
        "the end-step sacrifice isn't a death that draws (702.152a, 700.4)",
        _blitz_draw_only(while_sacrificing=False),
        ("A blitzed creature sacrificed at the end step draws a card",),
    ),
    Mutant(
        "blitz-draw-stays-with-the-card",
        ("blitz.draw-on-any-death",),
        "the blitz draw stays with the card, cast again for its mana cost (400.7)",
        _blitz_draw_on_the_card(accumulates=False),
        (
            "A blitzed creature returned to its owner's hand and cast again for its mana cost draws nothing when it dies",
        ),
        source="magefree/mage issue #9592: Caldaia Guardian draws card on death when it's not supposed to",
    ),
    Mutant(
        "blitz-draw-accumulates",
        ("blitz.draw-on-any-death",),
        "each blitz cast adds a draw trigger that stays with the card (400.7)",
        _blitz_draw_on_the_card(accumulates=True),
        ("A creature cast for its blitz cost a second time draws one card when it dies",),
        source='magefree/mage issue #8885: "When this dies, draw a card" ability gained from Blitz persists '
        "across zones and accumulates",
    ),
    Mutant(
        "blitz-ignores-timing",
        ("blitz.is-casting",),
        "casting for the blitz cost ignores the creature spell's timing (302.1, 118.9)",
        blitz_ignores_timing,
        ("Blitz doesn't change when the creature spell may be cast",),
        source="magefree/mage issue #8905: Blitz ability gets around timing restrictions",
    ),
    Mutant(
        "blitz-skips-the-stack",
        ("blitz.is-casting",),
        "a creature cast for its blitz cost goes straight onto the battlefield (601.2i, 608.3)",
        blitz_skips_the_stack,
        ("A blitz spell is cast: it can be countered, and then nothing is sacrificed or drawn",),
    ),
    Mutant(
        "blitz-not-counted-as-a-spell-cast",
        ("blitz.is-casting",),
        "a spell cast for its blitz cost isn't counted as a spell cast this turn (118.9, 601.2i)",
        blitz_not_counted_as_a_spell_cast,
        ("A spell cast for its blitz cost counts for Damping Sphere's cost increase",),
    ),
    Mutant(
        "blitz-paid-on-top-of-the-mana-cost",
        ("blitz.is-casting",),
        "the blitz cost is paid in addition to the mana cost (118.9 read as 118.8)",
        blitz_paid_on_top_of_the_mana_cost,
    ),
]
