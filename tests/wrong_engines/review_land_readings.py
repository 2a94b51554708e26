"""Wrong engines found by independent review (2026-12-04) of land play, priority, mana abilities
and copies: an engine that checks a land play's turn, phase and stack but not priority (305.1,
116.2a), one that reads "when the stack is empty" as "when no spell is on the stack" (305.1, 405.1),
one that lets a mana ability be activated by a player who neither holds priority nor is asked to
pay (605.3a, 117.1d), and one that keeps offspring's "except it's 1/1" through the token's own copy
effect (707.5, 707.9b); and a legend rule that asks which one to keep but ignores the answer
(704.5j).  Those of rules no seed ruling is about name the ``@rules`` scenario written to catch
them; the offspring one names its offspring scenario."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import activation, lands, sba, zones

from . import Mutant
from . import mana as first_mana


def land_played_without_priority(mp: pytest.MonkeyPatch) -> None:
    """A land is played whenever it is the player's main phase and the stack is empty, whoever holds
    priority: the player who passed it may still play one (305.1, 116.2a)."""
    original = lands.LandRules.play_land

    def play_land(self: Any, player: str, object_id: int) -> None:
        if self.state.priority is not None and self.state.active == player:
            self.state.priority = player
        original(self, player, object_id)

    mp.setattr(lands.LandRules, "play_land", play_land)


def land_played_over_an_ability(mp: pytest.MonkeyPatch) -> None:
    """ "When the stack is empty" read as "when no spell is on the stack": a land is played while an
    activated or triggered ability waits on the stack (305.1, 405.1)."""
    original = lands.LandRules.play_land

    def play_land(self: Any, player: str, object_id: int) -> None:
        stack = self.state.stack
        hidden = [(n, item) for n, item in enumerate(stack) if item.kind != "spell"]
        stack[:] = [item for item in stack if item.kind == "spell"]
        try:
            original(self, player, object_id)
        finally:
            for n, item in hidden:
                stack.insert(n, item)

    mp.setattr(lands.LandRules, "play_land", play_land)


def mana_ability_without_priority(mp: pytest.MonkeyPatch) -> None:
    """A mana ability is activated at any time, by a player who doesn't hold priority and isn't asked
    to pay anything; priority stays where it was (605.3a, 117.1d)."""
    original = activation.ActivationRules.activate

    def activate(self: Any, player: str, object_id: int, index: int = 1, *args: Any, **kwargs: Any) -> None:
        holder, passes = self.state.priority, self.state.passes
        source = self.obj(object_id)
        found = self.activated_abilities(source) if source.zone == "battlefield" else []
        borrowed = holder not in (None, player) and 1 <= index <= len(found) and found[index - 1].is_mana_ability
        if borrowed:
            self.state.priority = player
        original(self, player, object_id, index, *args, **kwargs)
        if borrowed:
            self.state.priority, self.state.passes = holder, passes

    mp.setattr(activation.ActivationRules, "activate", activate)


def offspring_one_one_outlives_a_new_copy(mp: pytest.MonkeyPatch) -> None:
    """ "Except it's 1/1" kept when the token enters as a copy of something else: the token of a
    Clone that copies Grizzly Bears is a 1/1 Grizzly Bears, as if the exception were an effect of
    its own rather than part of the replaced copy effect (707.5, 707.9b)."""
    except_, enter = zones.ZoneRules.copy_face_except, zones.ZoneRules.enter_battlefield
    excepted: dict[int, tuple[str, str]] = {}

    def copy_face_except(self: Any, face: Any, params: dict[str, Any]) -> Any:
        result = except_(self, face, params)
        if "except_power" in params:
            excepted[id(result)] = (str(params["except_power"]), str(params["except_toughness"]))
        return result

    def enter_battlefield(self: Any, obj: Any, controller: str, *args: Any, **kwargs: Any) -> Any:
        face = kwargs.get("face", args[1] if len(args) > 1 else None)
        kept = excepted.get(id(face)) if face is not None else None
        if kept is None:
            return enter(self, obj, controller, *args, **kwargs)
        choose = zones.ZoneRules._choose_copy

        def choose_copy(game: Any, who: str, entering: Any) -> Any:
            chosen = choose(game, who, entering)
            return chosen.except_power_toughness(*kept) if chosen is not None else None

        mp.setattr(zones.ZoneRules, "_choose_copy", choose_copy)
        try:
            return enter(self, obj, controller, *args, **kwargs)
        finally:
            mp.setattr(zones.ZoneRules, "_choose_copy", choose)

    mp.setattr(zones.ZoneRules, "copy_face_except", copy_face_except)
    mp.setattr(zones.ZoneRules, "enter_battlefield", enter_battlefield)


def legend_rule_ignores_the_answer(mp: pytest.MonkeyPatch) -> None:
    """The legend rule asks which one to keep but keeps the one that was there first, whatever the
    answer (704.5j: the player chooses)."""

    def legend_rule(self: Any, chars: dict[int, Any]) -> list[tuple[Any, str]]:
        groups: dict[tuple[str, str], list[Any]] = {}
        for obj in self.state.permanents():
            if "Legendary" in chars[obj.id].supertypes:
                groups.setdefault((obj.controller, chars[obj.id].name), []).append(obj)
        doomed = []
        for (controller, name), group in groups.items():
            if len(group) > 1:
                self.choose_object(controller, "legend-rule", group, f"Which {name} do you keep? (704.5j)")
                doomed += [(o, "the legend rule (704.5j)") for o in group[1:]]
        return doomed

    mp.setattr(sba.StateBasedActions, "_legend_rule", legend_rule)


MUTANTS: list[Mutant] = [
    Mutant(
        "land-played-without-priority",
        (),
        "a land is played in the player's own main phase with an empty stack, priority or not (305.1, 116.2a)",
        land_played_without_priority,
        ("A land can't be played in the player's own main phase once they have passed priority",),
    ),
    Mutant(
        "land-played-over-an-ability",
        (),
        "'when the stack is empty' read as 'when no spell is on the stack' (305.1, 405.1)",
        land_played_over_an_ability,
        ("A land can't be played while an activated ability is on the stack",),
    ),
    Mutant(
        "mana-ability-without-priority",
        (),
        "a mana ability is activated by a player who neither holds priority nor is asked to pay (605.3a, 117.1d)",
        mana_ability_without_priority,
        ("A player who has passed priority can't activate a mana ability",),
    ),
    Mutant(
        "offspring-one-one-outlives-a-new-copy",
        ("offspring.enters-abilities",),
        "offspring's 'except it's 1/1' kept through the token's own 'enter as a copy' (707.5, 707.9b)",
        offspring_one_one_outlives_a_new_copy,
        ("The token of a Clone that copied nothing enters as a copy of the creature Alice chooses",),
    ),
    Mutant(
        "legend-rule-ignores-the-answer",
        (),
        "the legend rule asks which one to keep, then keeps the one that was there first (704.5j)",
        legend_rule_ignores_the_answer,
        (
            "Two legendary permanents with the same name and nothing else on the battlefield: "
            "their controller keeps the one she chooses",
        ),
    ),
    Mutant(
        "orchard-reads-any-land",
        ("orchard.no-colorless",),
        "Exotic Orchard's 'a land an opponent controls' read as any land, its controller's too (106.7)",
        first_mana.could_produce_ignores_whose_lands,
        ("Exotic Orchard facing only Wastes adds no mana, whatever its controller's own lands could produce",),
    ),
]
