"""Wrong engines of copies, tokens and blitz that a third independent rules review found passing the
whole suite (review of 2026-12-04, round 1 of copies/, blitz/ and the token, characteristics,
counters and leaves-the-battlefield scenarios of rules/): blitz's haste and draw gained as the
spell resolves rather than had through the permanent's own static ability (702.152a, 613.8), a
token that leaves the battlefield other than to a graveyard treated as dying (700.4, 111.7), Jaxis's
printed "Activate only as a sorcery" and "you control" ignored (602.5d, 115.1, 109.5), "tokens
created with this enchantment" read by name or copied with the token (607.2c, 707.2), Doubling
Season read from the effect's controller, not the token's (111.2, 614.1a), offspring's "except it's
1/1" as a setting effect instead of a copiable value (707.9b, 707.3), a name in an ability read as
every object with that name and the legend rule's loser not dying (201.5, 704.5j, 700.4), "you
control" dropped from Zinnia's and Crusader of Odric's counts (109.5) and from Agate Instigator's
trigger (603.2, 109.5).  Each names the scenarios written to catch it: ``@rules`` ones (no ruling)
or those of the ruling whose file they are in."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import activation, characteristics, effects, sba, triggers, zones
from oracle.engine.state import ContinuousEffect
from oracle.engine.vocabulary import Ability

from . import Mutant


def blitz_gained_on_resolution(mp: pytest.MonkeyPatch) -> None:
    """The reminder text's "it gains haste and 'When this creature dies, draw a card'" read as an
    effect that begins as the blitzed spell resolves, with its own timestamp, as Jaxis's "It gains"
    is: so Humility, older, doesn't take it away (702.152a: a static ability of the permanent, which
    Humility removes, 613.1f, 613.8)."""
    enter = zones.ZoneRules.enter_battlefield
    layer_6 = characteristics._layer_6

    def enter_battlefield(self: Any, obj: Any, controller: str, *args: Any, **kwargs: Any) -> Any:
        new = enter(self, obj, controller, *args, **kwargs)
        if "blitz" in new.paid and self.state.objects.get(new.id) is new:
            change = {"keywords": ["haste"], "abilities": [characteristics.BLITZ_DRAW]}
            self.state.effects.append(ContinuousEffect("6", [new.id], change, self.state.new_timestamp(), False))
        return new

    def without_the_static(state: Any, chars: dict[int, Any]) -> None:
        paid = {o.id: o.paid for o in state.permanents()}
        for obj in state.permanents():  # the static ability's part is done by the effect instead
            obj.paid = tuple(p for p in obj.paid if p != "blitz")
        try:
            layer_6(state, chars)
        finally:
            for obj in state.permanents():
                obj.paid = paid[obj.id]

    mp.setattr(zones.ZoneRules, "enter_battlefield", enter_battlefield)
    mp.setattr(characteristics, "_layer_6", without_the_static)


def token_leaving_dies(mp: pytest.MonkeyPatch) -> None:
    """A token that leaves the battlefield for any zone "dies", since it then ceases to exist: its
    "when this creature dies" abilities trigger when it is exiled or returned to a hand (700.4:
    "dies" is put into a graveyard from the battlefield; 111.7)."""
    original = zones.ZoneRules.leave_battlefield

    def leave_battlefield(self: Any, obj: Any, zone: str) -> Any:
        if not obj.is_token or zone == "graveyard":
            return original(self, obj, zone)
        chars = characteristics.compute(self.state)[obj.id].copy()
        lki = characteristics.snapshot(self.state, obj)
        new = original(self, obj, zone)
        if "Creature" in chars.types:
            for ability in chars.abilities:
                if ability.kind == "triggered" and ability.spec["trigger"]["event"] == "dies":
                    self.trigger(obj, ability, event_player=obj.controller, lki=lki)
        return new

    mp.setattr(zones.ZoneRules, "leave_battlefield", leave_battlefield)


def tokens_exiled_into_the_graveyard(mp: pytest.MonkeyPatch) -> None:
    """Dual Nature's "exile all tokens" puts them into their owners' graveyards, where they cease
    to exist all the same, so they die (701.13a: exile moves to the exile zone; 700.4, 111.7)."""
    original = effects.HANDLERS["exile_tokens"]

    def exile_tokens(game: Any, item: Any, params: dict[str, Any]) -> None:
        leave = game.leave_battlefield
        game.leave_battlefield = lambda obj, zone: leave(obj, "graveyard" if zone == "exile" else zone)
        try:
            original(game, item, params)
        finally:
            del game.leave_battlefield

    mp.setitem(effects.HANDLERS, "exile_tokens", exile_tokens)


def _printed_activated_abilities(change: Any) -> Any:
    """``activated_abilities`` with each ability printed on the permanent (not one a keyword stands
    for, 702.6a) changed by ``change`` (its spec -> the spec to use)."""

    def activated_abilities(self: Any, obj: Any) -> list[Ability]:
        found = []
        for ability in self.chars(obj).abilities:
            if ability.kind == "activated":
                found.append(Ability(ability.kind, ability.text, change(dict(ability.spec)), ability.cost))
            found += activation.keyword_abilities([ability])
        return found

    return activated_abilities


def printed_sorcery_timing_ignored(mp: pytest.MonkeyPatch) -> None:
    """ "Activate only as a sorcery" honored where a keyword stands for it (equip, 702.6a) but not
    where it is printed in an ability's own text: Jaxis's ability is activated in the upkeep or with
    a spell on the stack (602.5d, 307.1)."""

    def change(spec: dict[str, Any]) -> dict[str, Any]:
        spec.pop("timing", None)
        return spec

    mp.setattr(activation.ActivationRules, "activated_abilities", _printed_activated_abilities(change))


def printed_target_controller_ignored(mp: pytest.MonkeyPatch) -> None:
    """ "Another target creature you control" checked for "another" but not "you control" when the
    words are printed in the ability (equip's, from its keyword, keeps it): Jaxis copies another
    player's creature (115.1, 601.2c, 109.5: "you" is the player who activated the ability)."""

    def change(spec: dict[str, Any]) -> dict[str, Any]:
        spec["targets"] = [
            {k: v for k, v in target.items() if k != "controller"} if isinstance(target, dict) else target
            for target in spec.get("targets", [])
        ]
        return spec

    mp.setattr(activation.ActivationRules, "activated_abilities", _printed_activated_abilities(change))


def created_with_read_as_by_name(mp: pytest.MonkeyPatch) -> None:
    """ "Tokens created with this enchantment" read as the tokens any object with this one's name
    created: when one Dual Nature leaves, the tokens another Dual Nature made are exiled too (607.2c:
    the linked ability refers only to the objects its own object's ability put onto the battlefield)."""
    create = effects.HANDLERS["create_tokens"]
    exile = effects.HANDLERS["exile_tokens"]

    def create_tokens(game: Any, item: Any, params: dict[str, Any]) -> None:
        before = set(game.state.objects)
        create(game, item, params)
        for new in set(game.state.objects) - before:
            game.state.objects[new].__dict__["creator_name"] = item.source_info["characteristics"].name

    def exile_tokens(game: Any, item: Any, params: dict[str, Any]) -> None:
        if params["which"] != "created-by-source":
            exile(game, item, params)
            return
        name = item.source_info["characteristics"].name
        for token in [o for o in game.state.permanents() if o.is_token]:
            if token.__dict__.get("creator_name") == name:
                game.leave_battlefield(token, "exile")

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)
    mp.setitem(effects.HANDLERS, "exile_tokens", exile_tokens)


def created_with_copied_from_the_token(mp: pytest.MonkeyPatch) -> None:
    """A token copy of a token is marked as created by whatever created the copied token, so Jaxis's
    copy of a Dual Nature token is exiled when Dual Nature leaves (707.2: which object created a
    token is not a copiable value; 607.2c)."""
    create = effects.HANDLERS["create_tokens"]

    def create_tokens(game: Any, item: Any, params: dict[str, Any]) -> None:
        copied = None
        if params.get("copy_of") == "target":
            targets = [game.state.objects[t] for t in item.targets if t in game.state.objects]
            copied = targets[0] if targets else None
        elif params.get("copy_of") == "event":
            copied = game.state.objects.get(item.source_info["event"]["object"])
        before = set(game.state.objects)
        create(game, item, params)
        if copied is not None and copied.is_token:
            for new in set(game.state.objects) - before:
                if game.state.objects[new].is_token:
                    game.state.objects[new].created_by = copied.created_by

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)


def token_doubling_by_the_effects_controller(mp: pytest.MonkeyPatch) -> None:
    """Doubling Season's "create one or more tokens under your control" read as "an effect you
    control would create tokens": the token Alice's Dual Nature makes Bob create is doubled by
    Alice's Doubling Season, not by Bob's (111.2: the token enters under its creator's control;
    614.1a)."""
    create = effects.HANDLERS["create_tokens"]

    def create_tokens(game: Any, item: Any, params: dict[str, Any]) -> None:
        multiplier = game.multiplier

        def by_the_effects_controller(event: str, controller: str) -> int:
            return multiplier(event, item.controller if event == "token-creation" else controller)

        game.multiplier = by_the_effects_controller
        try:
            create(game, item, params)
        finally:
            del game.multiplier

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)


def offspring_one_one_as_a_setting_effect(mp: pytest.MonkeyPatch) -> None:
    """ "Except it's 1/1" applied as an effect that sets the token's base power and toughness (layer
    7b) after a plain copy, not as part of its copiable values: a copy of the token is then the
    printed size (707.9b: the modified values become the copiable values; 707.3)."""
    create = effects.HANDLERS["create_tokens"]

    def create_tokens(game: Any, item: Any, params: dict[str, Any]) -> None:
        if "except_power" not in params:
            create(game, item, params)
            return
        plain = {k: v for k, v in params.items() if k not in ("except_power", "except_toughness")}
        before = set(game.state.objects)
        create(game, item, plain)
        size = (int(params["except_power"]), int(params["except_toughness"]))
        for new in sorted(set(game.state.objects) - before):
            if game.state.objects[new].is_token:
                effect = ContinuousEffect("7b", [new], {"base": size}, game.state.new_timestamp(), False)
                game.state.effects.append(effect)

    mp.setitem(effects.HANDLERS, "create_tokens", create_tokens)


def own_name_read_as_any_object_named_so(mp: pytest.MonkeyPatch) -> None:
    """ "When Tuktuk the Explorer dies" read as "when an object named Tuktuk the Explorer dies": a
    permanent with that ability triggers when another object with its name dies, as Jaxis's copy of
    it does (201.5: the name means just that object)."""
    original = zones.ZoneRules.leave_battlefield

    def leave_battlefield(self: Any, obj: Any, zone: str) -> Any:
        before = characteristics.compute(self.state)
        name = before[obj.id].name
        namesakes = [
            (other, ability)
            for other in self.state.permanents()
            if other.id != obj.id and "Creature" in before[obj.id].types
            for ability in before[other.id].abilities
            if ability.kind == "triggered"
            and ability.spec["trigger"]["event"] == "dies"
            and ability.text.startswith(f"When {name} dies")
        ]
        new = original(self, obj, zone)
        if zone == "graveyard":
            for other, ability in namesakes:
                if self.state.objects.get(other.id) is other:
                    self.trigger(other, ability, event_player=obj.controller)
        return new

    mp.setattr(zones.ZoneRules, "leave_battlefield", leave_battlefield)


def legend_rule_is_not_dying(mp: pytest.MonkeyPatch) -> None:
    """The permanents the legend rule puts into their owners' graveyards don't "die": their
    leaves-the-battlefield abilities trigger, their "when this dies" ones don't (704.5j: "put into
    their owners' graveyards"; 700.4)."""
    legend_rule = sba.StateBasedActions._legend_rule
    leave = zones.ZoneRules.leave_battlefield

    def marked(self: Any, chars: dict[int, Any]) -> list[tuple[Any, str]]:
        doomed = legend_rule(self, chars)
        for obj, _ in doomed:
            obj.__dict__["put_away_by_legend_rule"] = True
        return doomed

    def leave_battlefield(self: Any, obj: Any, zone: str) -> Any:
        if not obj.__dict__.pop("put_away_by_legend_rule", False):
            return leave(self, obj, zone)
        trigger = self.trigger

        def no_dies(source: Any, ability: Any, *args: Any, **kwargs: Any) -> None:
            if ability.spec.get("trigger", {}).get("event") != "dies":
                trigger(source, ability, *args, **kwargs)

        self.trigger = no_dies
        try:
            return leave(self, obj, zone)
        finally:
            del self.trigger

    mp.setattr(sba.StateBasedActions, "_legend_rule", marked)
    mp.setattr(zones.ZoneRules, "leave_battlefield", leave_battlefield)


def _count_without_you_control(mp: pytest.MonkeyPatch, which: Any) -> None:
    """The layers' count of permanents with "controller" dropped from the filters ``which`` picks."""
    count = characteristics._count

    def counted(state: Any, chars: Any, spec: Any, source: Any) -> int:
        if isinstance(spec, dict) and "controller" in spec and which(spec):
            spec = {k: v for k, v in spec.items() if k != "controller"}
        return int(count(state, chars, spec, source))

    mp.setattr(characteristics, "_count", counted)


def zinnia_counts_every_players_creatures(mp: pytest.MonkeyPatch) -> None:
    """Zinnia's "other creatures you control with base power 1" counts every player's creatures
    with base power 1 (109.5: "you" is Zinnia's controller)."""
    _count_without_you_control(mp, lambda spec: "base_power" in spec)


def crusader_counts_every_players_creatures(mp: pytest.MonkeyPatch) -> None:
    """Crusader of Odric's "the number of creatures you control" counts every player's creatures
    (109.5, 604.3)."""
    _count_without_you_control(mp, lambda spec: spec.get("types") == ["Creature"] and "base_power" not in spec)


def enters_trigger_ignores_you_control(mp: pytest.MonkeyPatch) -> None:
    """ "Whenever another creature you control enters" triggers for a creature entering under any
    player's control: Alice's Agate Instigator deals damage when Bob's creature enters (603.2, 109.5)."""
    matches = triggers.matches

    def matching(state: Any, chars: Any, obj: Any, spec: Any, source: Any, controller: str | None = None) -> bool:
        if isinstance(spec, dict):
            spec = {k: v for k, v in spec.items() if k != "controller"}
        return bool(matches(state, chars, obj, spec, source, controller))

    mp.setattr(triggers, "matches", matching)


MUTANTS = [
    Mutant(
        "blitz-gained-on-resolution",
        ("blitz.draw-on-any-death",),
        "blitz's haste and draw begin as an effect when the spell resolves, so Humility leaves them (702.152a, 613.8)",
        blitz_gained_on_resolution,
        ("Under Humility a blitzed creature has no haste and draws nothing, but is still sacrificed",),
    ),
    Mutant(
        "offspring-one-one-as-a-setting-effect",
        ("offspring.enters-abilities",),
        "offspring's 'except it's 1/1' sets base power and toughness in layer 7b, not the copiable values (707.9b, 707.3)",
        offspring_one_one_as_a_setting_effect,
        # Already caught before the review: the setting effect outlasts the token's own "enter as a
        # copy", so the token of a Clone that copied nothing is a 1/1 Grizzly Bears.
        ("The token of a Clone that copied nothing enters as a copy of the creature Alice chooses",),
    ),
    Mutant(
        "token-leaving-dies",
        (),
        "a token exiled or returned to a hand dies, since it ceases to exist (700.4, 111.7)",
        token_leaving_dies,
        ("A token copy exiled when its original dies does not die: one Rogue, from the original only",),
    ),
    Mutant(
        "tokens-exiled-into-the-graveyard",
        (),
        "Dual Nature's 'exile all tokens' puts them into the graveyard, so they die (700.4)",
        tokens_exiled_into_the_graveyard,
        ("A token copy exiled when its original dies does not die: one Rogue, from the original only",),
    ),
    Mutant(
        "printed-sorcery-timing-ignored",
        (),
        "an ability's printed 'Activate only as a sorcery' is ignored; equip's is kept (602.5d, 307.1)",
        printed_sorcery_timing_ignored,
        (
            "Jaxis's ability can't be activated in the upkeep",
            "Jaxis's ability can't be activated while a spell is on the stack",
        ),
    ),
    Mutant(
        "printed-target-controller-ignored",
        (),
        "'another target creature you control' printed in an ability accepts another player's creature (115.1, 109.5)",
        printed_target_controller_ignored,
        ("Jaxis can't copy a creature another player controls",),
    ),
    Mutant(
        "created-with-read-as-by-name",
        ("dual-nature.left-before-token",),
        "'tokens created with this enchantment' are those any object of its name created (607.2c)",
        created_with_read_as_by_name,
        ("A second Dual Nature leaving exiles only the token it created",),
    ),
    Mutant(
        "created-with-copied-from-the-token",
        ("dual-nature.left-before-token",),
        "a token copy of a token is marked as created by the copied token's creator (707.2, 607.2c)",
        created_with_copied_from_the_token,
        ("Jaxis's copy of a Dual Nature token was not created with Dual Nature and stays",),
    ),
    Mutant(
        "token-doubling-by-the-effects-controller",
        (),
        "Doubling Season doubles the tokens an effect its controller controls creates, under anyone's control (111.2, 614.1a)",
        token_doubling_by_the_effects_controller,
        (
            "Bob's Doubling Season doubles the token Alice's Dual Nature makes Bob create",
            "Alice's Doubling Season doesn't double the token her Dual Nature makes Bob create",
        ),
    ),
    Mutant(
        "own-name-read-as-any-object-named-so",
        (),
        "'When Tuktuk the Explorer dies' triggers when any object with that name dies (201.5)",
        own_name_read_as_any_object_named_so,
        ("Jaxis's copy of Tuktuk loses to the legend rule, dies, and only its own abilities trigger",),
    ),
    Mutant(
        "legend-rule-is-not-dying",
        (),
        "a permanent the legend rule puts into the graveyard doesn't die: no dies trigger (704.5j, 700.4)",
        legend_rule_is_not_dying,
        ("Jaxis's copy of Tuktuk loses to the legend rule, dies, and only its own abilities trigger",),
    ),
    Mutant(
        "zinnia-counts-every-players-creatures",
        ("base-power.definition",),
        "Zinnia's 'other creatures you control with base power 1' counts every player's (109.5)",
        zinnia_counts_every_players_creatures,
        ("Zinnia and Crusader of Odric count only their controller's creatures",),
    ),
    Mutant(
        "crusader-counts-every-players-creatures",
        ("base-power.cda",),
        "Crusader of Odric's 'the number of creatures you control' counts every player's (109.5, 604.3)",
        crusader_counts_every_players_creatures,
        ("Zinnia and Crusader of Odric count only their controller's creatures",),
    ),
    Mutant(
        "enters-trigger-ignores-you-control",
        (),
        "'whenever another creature you control enters' triggers for another player's creature (603.2, 109.5)",
        enters_trigger_ignores_you_control,
        ("Agate Instigator doesn't trigger when a creature enters under an opponent's control",),
    ),
]
