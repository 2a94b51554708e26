"""Wrong engines about Dual Nature's rulings: its token copies (707.2, 603.6a), kicker (702.33d), its
leaves-the-battlefield triggers (603.6c, 603.10a, 607.2c).  Each is a misreading of
features/copies/dual-nature.misreadings.md; those with a ``source`` reproduce a defect a real engine
had.  The legend rule's (704.5j) are in copy_readings_legend.py."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from oracle.engine import effects, zones
from oracle.engine.characteristics import compute, matches, snapshot
from oracle.engine.vocabulary import Ability

from . import Mutant, patch_everywhere


def enters_copy_needs_its_source(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #7834 (Removing Dance of Many before ETB resolves results in no token
    being created): once the enchantment had left, its enters trigger created nothing.  Here: Dual
    Nature's "creates a token that's a copy of that creature" does nothing if Dual Nature has left
    the battlefield (603.6c, 608.2h: the ability resolves, using last known information)."""
    original = effects.HANDLERS["create_tokens"]

    def create_tokens(g: Any, item: Any, params: dict[str, Any]) -> None:
        source = g.state.objects.get(item.source_id)
        if params.get("copy_of") == "event" and (source is None or source.zone != "battlefield"):
            return
        original(g, item, params)

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)


def leaves_trigger_reads_the_new_object(mp: pytest.MonkeyPatch) -> None:
    """Card-Forge/forge issue #4335 (The Skullspore Nexus trigger uses wrong power): the trigger read
    the dying creature as it is in the graveyard, not its last known information on the battlefield.
    Here: "tokens with the same name as that creature" takes the name the card has in its new zone,
    so a Clone that copied Grizzly Bears is "Clone" again (603.10a, 707.5)."""
    original = zones.ZoneRules.leave_battlefield

    def leave(self: Any, obj: Any, zone: str) -> Any:
        before = len(self.state.pending_triggers)
        new = original(self, obj, zone)
        if new.id in self.state.objects:
            for item in self.state.pending_triggers[before:]:
                if "left" in item.source_info.get("event", {}):
                    item.source_info["event"]["left"] = snapshot(self.state, new)
        return new

    mp.setattr(zones.ZoneRules, "leave_battlefield", leave)


def leaves_trigger_from_any_zone(mp: pytest.MonkeyPatch) -> None:
    """Card-Forge/forge pull request #3157 (Update glissas_retriever.txt): its "dies" trigger was
    written with ``Origin$ Any`` and fired when the card went to a graveyard from anywhere.  Here:
    "whenever a nontoken creature leaves the battlefield" fires when a creature card leaves any zone,
    so casting a second Grizzly Bears (hand to stack) exiles the token of the first (603.6c)."""
    original = zones.ZoneRules.move

    def move(self: Any, obj: Any, zone: str, controller: str | None = None) -> Any:
        origin = obj.zone
        if origin in ("battlefield", "nowhere", "stack") or obj.is_token:
            return original(self, obj, zone, controller)
        lki = snapshot(self.state, obj)
        chars = compute(self.state)
        watchers = [
            (watcher, ability)
            for watcher in self.state.permanents()
            for ability in chars[watcher.id].abilities
            if ability.kind == "triggered"
            and ability.spec["trigger"].get("event") == "leaves-battlefield"
            and ability.spec["trigger"].get("source") != "self"
            and matches(self.state, chars, obj, ability.spec["trigger"]["source"], watcher)
        ]
        new = original(self, obj, zone, controller)
        for watcher, ability in watchers:
            self.trigger(watcher, ability, event_player=obj.owner, event={"left": lki})
        return new

    mp.setattr(zones.ZoneRules, "move", move)


def leaves_triggers_without_look_back(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #874 (Nadier's Nightblade doesn't trigger off creature tokens leaving the
    battlefield), fixed by pull request #2838: leaves-the-battlefield triggers were matched against
    the live object after the zone change, not the record of what left (603.10a).  Here: they are
    looked for on the permanents after the move, so Dual Nature's own "when this enchantment leaves
    the battlefield" never sees itself leave."""

    def leave(self: Any, obj: Any, zone: str) -> Any:
        before = compute(self.state)
        lki = snapshot(self.state, obj)
        dies = [a for a in before[obj.id].abilities if a.kind == "triggered" and a.spec["trigger"]["event"] == "dies"]
        new = self.move(obj, zone)
        self.state.effects = [e for e in self.state.effects if e.affected != [obj.id]]
        if zone == "graveyard" and "Creature" in before[obj.id].types:
            for ability in dies:
                self.trigger(obj, ability, event_player=obj.controller, lki=lki)
        after = compute(self.state)
        for watcher in self.state.permanents():
            for ability in after[watcher.id].abilities:
                trigger = ability.spec.get("trigger", {})
                if ability.kind != "triggered" or trigger.get("event") != "leaves-battlefield":
                    continue
                if new.id in self.state.objects and matches(self.state, after, new, trigger["source"], watcher):
                    self.trigger(watcher, ability, event_player=obj.controller, event={"left": lki})
        return new

    mp.setattr(zones.ZoneRules, "leave_battlefield", leave)


def leaves_trigger_counts_tokens(mp: pytest.MonkeyPatch) -> None:
    """ "Whenever a nontoken creature leaves the battlefield" fires for a token too, as if
    "nontoken" were only a reminder: a Grizzly Bears token sacrificed exiles every other Grizzly Bears
    token (603.6c, 603.10a, 111.1)."""
    sees = zones.ZoneRules._sees

    def seeing(self: Any, watcher: Any, spec: Any, obj: Any, chars: Any) -> bool:
        if isinstance(spec, dict) and spec.get("token") is False:
            spec = {key: value for key, value in spec.items() if key != "token"}
        return bool(sees(self, watcher, spec, obj, chars))

    mp.setattr(zones.ZoneRules, "_sees", seeing)


def _exiling_same_name(mp: pytest.MonkeyPatch, keep: Any) -> None:
    """ "Exile all tokens with the same name as that creature", narrowed: a token with that name is
    exiled only if ``keep(token, left_id, item, copied_from)``.  ``copied_from`` maps each token
    copy to the object it copied; ``left_id`` is the object that left."""
    copied_from: dict[int, int] = {}
    original_create, original_leave = effects.HANDLERS["create_tokens"], zones.ZoneRules.leave_battlefield
    original_exile = effects.HANDLERS["exile_tokens"]

    def create_tokens(g: Any, item: Any, params: dict[str, Any]) -> None:
        before = set(g.state.objects)
        original_create(g, item, params)
        which = params.get("copy_of")
        ids = {"self": item.source_id, "event": item.source_info.get("event", {}).get("object")}
        of = ids.get(which) if which != "target" else (item.targets or [None])[0]
        for new in set(g.state.objects) - before:
            if of is not None and g.state.objects[new].is_token:
                copied_from[new] = of

    def leave(self: Any, obj: Any, zone: str) -> Any:
        before = len(self.state.pending_triggers)
        new = original_leave(self, obj, zone)
        for item in self.state.pending_triggers[before:]:
            if "left" in item.source_info.get("event", {}):
                item.source_info["event"]["left_id"] = obj.id
        return new

    def exile_tokens(g: Any, item: Any, params: dict[str, Any]) -> None:
        event = item.source_info.get("event", {})
        if params["which"] != "same-name-as-event" or not event.get("left"):
            original_exile(g, item, params)
            return
        name = event["left"]["characteristics"].name
        for token in [o for o in g.state.permanents() if o.is_token and g.name(o) == name]:
            if keep(token, event.get("left_id"), item, copied_from):
                g.leave_battlefield(token, "exile")

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)
    mp.setitem(effects.HANDLERS, "exile_tokens", exile_tokens)
    mp.setattr(zones.ZoneRules, "leave_battlefield", leave)


def same_name_read_as_same_card(mp: pytest.MonkeyPatch) -> None:
    """ "Tokens with the same name as that creature" read as the tokens that are copies of that very
    creature: Bob's Grizzly Bears leaving spares the token copy of Alice's (603.10a; a name is a
    characteristic, 109.3, not an object)."""
    _exiling_same_name(mp, lambda token, left, item, copied_from: copied_from.get(token.id) == left)


def same_name_exile_only_its_controllers_tokens(mp: pytest.MonkeyPatch) -> None:
    """ "Exile all tokens with the same name as that creature" read as the tokens its controller
    controls: Bob's Grizzly Bears leaving spares Alice's Grizzly Bears token (603.10a)."""
    _exiling_same_name(mp, lambda token, left, item, copied_from: token.controller == item.event_player)


def token_copy_without_abilities(mp: pytest.MonkeyPatch) -> None:
    """magarena/magarena issue #1040 (Captain of the Watch copy made by Seance doesn't create Soldier
    tokens): "bug is in setting up token that is a copy of a card. It did not get the ability of the
    card."  Here: a token copy takes the copied name, types and power, but none of its abilities, so
    its "when this creature enters" never triggers (707.2, 603.6a)."""
    original = effects._copied_face

    def copied(g: Any, item: Any, which: str) -> Any:
        face, controller = original(g, item, which)
        return replace(face, abilities=()), controller

    patch_everywhere(mp, effects, "_copied_face", copied)


def token_copy_skips_as_enters(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #5450 (Copying artifacts with ETB triggers that enter as a copy of
    something else doesn't activate the copy effect): a token copy of Sculpting Steel was just a
    copy, without its "enter as a copy" choice.  Here: a token copy never applies the copied
    object's "as this enters" and "enters with" abilities (614.12, 707.5), so the token copy of a
    Clone that copied nothing is a 0/0 Clone."""
    original = zones.ZoneRules._abilities_on_entering

    def on_entering(self: Any, obj: Any, controller: str, face: Any) -> list[Any]:
        abilities = original(self, obj, controller, face)
        if obj.is_token and face is not None:
            return [a for a in abilities if a.kind != "replacement"]
        return abilities

    mp.setattr(zones.ZoneRules, "_abilities_on_entering", on_entering)


def _copying(mp: pytest.MonkeyPatch) -> dict[str, Any]:
    """While a "copy of that creature" resolves, ``state["copied"]`` is the object the trigger saw
    enter, or its last known information: what :func:`kicked_status_from_the_copied_object` and
    :func:`kicked_trample_is_copiable` read.  ``state["paid"]`` remembers what left objects paid."""
    state: dict[str, Any] = {"copied": None, "paid": {}, "keywords": {}}
    original_create, original_leave = effects.HANDLERS["create_tokens"], zones.ZoneRules.leave_battlefield

    def create_tokens(g: Any, item: Any, params: dict[str, Any]) -> None:
        if params.get("copy_of") == "event":
            state["copied"] = item.source_info["event"].get("object")
        try:
            original_create(g, item, params)
        finally:
            state["copied"] = None

    def leave(self: Any, obj: Any, zone: str) -> Any:
        state["paid"][obj.id] = obj.paid
        state["keywords"][obj.id] = [
            k for e in self.state.effects if e.affected == [obj.id] for k in e.change.get("keywords", [])
        ]
        return original_leave(self, obj, zone)

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)
    mp.setattr(zones.ZoneRules, "leave_battlefield", leave)
    return state


def kicked_status_from_the_copied_object(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #9777 (Kicked/Spectacle is working incorrectly with Clones/Copy permanent
    on stack): a Clone of a kicked Kavu Titan "does use the copied permanent kicked status".  Here:
    Dual Nature's token takes the kicked status of the creature it copies, read from that creature,
    or from its last known information once it has left (702.33d, 707.2)."""
    state = _copying(mp)
    original = zones.ZoneRules.enter_battlefield

    def enter(self: Any, obj: Any, controller: str, x: int = 0, face: Any = None, attach_to: Any = None) -> Any:
        copied = state["copied"]
        if obj.is_token and copied is not None:
            there = self.state.objects.get(copied)
            obj.paid = there.paid if there is not None else state["paid"].get(copied, ())
        return original(self, obj, controller, x, face, attach_to)

    mp.setattr(zones.ZoneRules, "enter_battlefield", enter)


def kicked_trample_is_copiable(mp: pytest.MonkeyPatch) -> None:
    """The trample a kicked Kavu Titan entered with is taken as one of its copiable values, so
    Dual Nature's token has it too (707.2: effects that gave an object abilities are not copied)."""
    state = _copying(mp)
    original = effects._copied_face

    def copied(g: Any, item: Any, which: str) -> Any:
        face, controller = original(g, item, which)
        obj = state["copied"]
        granted = [k for e in g.state.effects if e.affected == [obj] for k in e.change.get("keywords", [])]
        granted += state["keywords"].get(obj, [])
        extra = tuple(Ability("keyword", k, {"keyword": k.lower()}) for k in granted)
        return replace(face, abilities=face.abilities + extra), controller

    patch_everywhere(mp, effects, "_copied_face", copied)


MUTANTS: list[Mutant] = [
    Mutant(
        "enters-copy-needs-its-source",
        ("dual-nature.left-before-token",),
        "Dual Nature's enters trigger makes no token once Dual Nature has left (603.6c, 608.2h)",
        enters_copy_needs_its_source,
        ("A token made after Dual Nature has left stays on the battlefield",),
        "magefree/mage issue #7834: Removing Dance of Many before ETB resolves results in no token being created",
    ),
    Mutant(
        "leaves-trigger-reads-the-new-object",
        (),
        "'the same name as that creature' read from the card in its new zone, not as it last existed (603.10a)",
        leaves_trigger_reads_the_new_object,
        ("The token is exiled when a Clone copying Grizzly Bears dies: the name is the one it had on the battlefield",),
        "Card-Forge/forge issue #4335: The Skullspore Nexus trigger uses wrong power",
    ),
    Mutant(
        "leaves-trigger-from-any-zone",
        (),
        "'leaves the battlefield' fires when a creature card leaves any zone, such as a hand as it is cast (603.6c)",
        leaves_trigger_from_any_zone,
        (
            "Casting a second Grizzly Bears moves a card from a hand, not a creature from the battlefield, "
            "and exiles no token",
        ),
        "Card-Forge/forge pull request #3157: Update glissas_retriever.txt",
    ),
    Mutant(
        "leaves-triggers-without-look-back",
        ("dual-nature.left-before-token",),
        "leaves-the-battlefield triggers are looked for after the move, so a leaving permanent's own never fire (603.10a)",
        leaves_triggers_without_look_back,
        ("A token made while Dual Nature was there is exiled when Dual Nature leaves",),
        "phase-rs/phase issue #874: Nadier's Nightblade doesn't trigger off creature tokens leaving the battlefield",
    ),
    Mutant(
        "leaves-trigger-counts-tokens",
        (),
        "'whenever a nontoken creature leaves the battlefield' fires for a token too (603.6c)",
        leaves_trigger_counts_tokens,
        (
            "A Grizzly Bears token sacrificed at the end step exiles no other token: "
            "only a nontoken creature leaving does",
        ),
    ),
    Mutant(
        "same-name-read-as-same-card",
        (),
        "'tokens with the same name as that creature' read as the tokens that copy that very creature",
        same_name_read_as_same_card,
        ("Bob's Grizzly Bears leaving exiles Alice's token copy of her own Grizzly Bears: only the name counts",),
    ),
    Mutant(
        "same-name-exile-only-its-controllers-tokens",
        (),
        "'tokens with the same name as that creature' read as the tokens its controller controls",
        same_name_exile_only_its_controllers_tokens,
        ("Bob's Grizzly Bears leaving exiles Alice's token copy of her own Grizzly Bears: only the name counts",),
    ),
    Mutant(
        "token-copy-without-abilities",
        ("dual-nature.enters-abilities",),
        "a token copy takes the copied name, types and power but not its abilities (707.2)",
        token_copy_without_abilities,
        ("The token copy of Intrepid Rabbit has its enters ability, which triggers",),
        "magarena/magarena issue #1040: Captain of the Watch copy made by Seance doesn't create Soldier tokens",
    ),
    Mutant(
        "token-copy-skips-as-enters",
        ("dual-nature.enters-abilities",),
        "a token copy doesn't apply the copied 'as this enters' abilities, such as Clone's (614.12, 707.5)",
        token_copy_skips_as_enters,
        ('The token copy of a Clone that copied nothing has its "enter as a copy" ability, and uses it',),
        "phase-rs/phase issue #5450: Copying artifacts with ETB triggers that enter as a copy of something else "
        "doesn't activate the copy effect",
    ),
    Mutant(
        "kicked-status-from-the-copied-object",
        ("dual-nature.not-kicked",),
        "the token takes the kicked status of the creature it copies, or of its last known information (702.33d)",
        kicked_status_from_the_copied_object,
        (
            "The kicked Kavu Titan is returned to its owner's hand before its token is made, "
            "and the token is still not kicked",
        ),
        "magefree/mage issue #9777: Kicked/Spectacle is working incorrectly with Clones/Copy permanent on stack",
    ),
    Mutant(
        "kicked-trample-is-copiable",
        ("dual-nature.not-kicked",),
        "the trample a kicked creature entered with is copied with it (707.2: effects are not copiable values)",
        kicked_trample_is_copiable,
        ("The token copy of a kicked Kavu Titan is not kicked",),
    ),
]
