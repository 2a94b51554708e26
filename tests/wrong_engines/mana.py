"""Wrong engines about mana: what an ability produces (106.5, 106.7), tapping for mana (106.12),
its triggers (106.12a) and replacement effects (106.12b, 616.1)."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import activation, effects, game, production

from . import patch_everywhere


def undefined_type_makes_colorless(mp: pytest.MonkeyPatch) -> None:
    """An ability that would produce mana of an undefined type produces {C} (against 106.5)."""
    original = production.mana_effect_options

    def options(*args: Any, **kwargs: Any) -> list[list[str]]:
        return original(*args, **kwargs) or [["C"]]

    patch_everywhere(mp, production, "mana_effect_options", options)


def colorless_offered_as_a_color(mp: pytest.MonkeyPatch) -> None:
    """ "One mana of any color" among what lands could produce offers {C} when they could produce
    only colorless (colorless is not a color, 105.1; no type is defined, 106.5)."""
    original = production.mana_effect_options

    def options(game_: Any, source: Any, params: dict[str, Any], *args: Any) -> list[list[str]]:
        found = original(game_, source, params, *args)
        if found or params["of"] != "color":
            return found
        return [o for o in original(game_, source, {**params, "of": "type"}, *args) if o == ["C"]]

    patch_everywhere(mp, production, "mana_effect_options", options)


def could_produce_ignores_whose_lands(mp: pytest.MonkeyPatch) -> None:
    """ "A land you control" / "a land an opponent controls" is read as any land (106.7)."""
    original = production.mana_effect_options

    def options(game_: Any, source: Any, params: dict[str, Any], *args: Any) -> list[list[str]]:
        lands = {k: v for k, v in params.get("lands", {}).items() if k != "controller"}
        return original(game_, source, {**params, "lands": lands} if "lands" in params else params, *args)

    patch_everywhere(mp, production, "mana_effect_options", options)


def replacements_in_fixed_order(mp: pytest.MonkeyPatch) -> None:
    """The affected player is never asked the order of replacement effects (616.1)."""
    original = game.Game.choose

    def choose(self: game.Game, player: str, kind: str, options: list[str], prompt: str) -> str:
        return options[0] if kind == "replacement-effect" else original(self, player, kind, options, prompt)

    mp.setattr(game.Game, "choose", choose)


def same_replacement_applies_once(mp: pytest.MonkeyPatch) -> None:
    """Two permanents with the same mana replacement effect count as one effect (614.5 misread):
    two Mana Reflections double the mana once."""
    original = production._replacements

    def replacements(game_: Any, source: Any, player: str) -> list[Any]:
        found, seen = [], set()
        for obj, ability in original(game_, source, player):
            if game_.name(obj) not in seen:
                seen.add(game_.name(obj))
                found.append((obj, ability))
        return found

    patch_everywhere(mp, production, "_replacements", replacements)


def replacements_only_for_their_controller(mp: pytest.MonkeyPatch) -> None:
    """Every mana replacement effect is read as "if you tap": Bob's Contamination leaves Alice's
    Forest alone (106.12b: "if a land is tapped for mana" means any player's land)."""
    original = production._replacements

    def replacements(game_: Any, source: Any, player: str) -> list[Any]:
        return [(obj, ability) for obj, ability in original(game_, source, player) if obj.controller == player]

    patch_everywhere(mp, production, "_replacements", replacements)


def could_produce_sees_only_its_controllers_replacements(mp: pytest.MonkeyPatch) -> None:
    """What a land "could produce" takes into account only the replacement effects its own
    controller controls: Alice's Contamination is ignored for Bob's Forest (106.7: any applicable)."""

    def could_produce(game_: Any, obj: Any, visiting: frozenset[int] = frozenset()) -> set[str]:
        if obj.id in visiting:
            return set()
        visiting = visiting | {obj.id}
        types: set[str] = set()
        for ability in game_.chars(obj).abilities:
            if ability.kind != "activated" or not ability.is_mana_ability:
                continue
            found = production._replacements(game_, obj, obj.controller) if ability.cost and ability.cost.tap else []
            mine = [(o, a) for o, a in found if o.controller == obj.controller]
            for mana_ in production.ability_mana_options(game_, obj, ability, visiting):
                for result in production._every_order(mine, mana_):
                    types |= set(result)
        return types

    patch_everywhere(mp, production, "could_produce", could_produce)


def could_produce_one_order(mp: pytest.MonkeyPatch) -> None:
    """ "Could produce" applies the replacement effects in one order only (106.7: any possible order)."""

    def first_order(candidates: list[Any], mana: list[str]) -> list[list[str]]:
        for _source, ability in candidates:
            if production._applies(ability, mana):
                mana = production._apply_replacement(ability, mana)
        return [mana]

    patch_everywhere(mp, production, "_every_order", first_order)


def triggers_on_tap_without_mana(mp: pytest.MonkeyPatch) -> None:
    """ "Is tapped for mana" triggers although the ability produced no mana (106.12a)."""
    # Only activated mana abilities go wrong: the binding in activation is the one patched.
    original = production.produce

    def produce(g: Any, source: Any, player: str, mana: list[str], tapped_for_mana: bool) -> list[str]:
        if not mana and tapped_for_mana:
            production._tapped_for_mana_triggers(g, source, player, ["C"])
            return []
        return original(g, source, player, mana, tapped_for_mana)

    mp.setattr(activation, "produce", produce)


def every_mana_ability_is_tapping(mp: pytest.MonkeyPatch) -> None:
    """Any mana ability of a permanent counts as tapping it for mana, {T} in its cost or not (106.12)."""
    original = production.produce

    def produce(g: Any, source: Any, player: str, mana: list[str], tapped_for_mana: bool) -> list[str]:
        still_there = source.id in g.state.objects and source.zone == "battlefield"  # not a sacrificed source
        return original(g, source, player, mana, tapped_for_mana or still_there)

    mp.setattr(activation, "produce", produce)


def replacement_conditions_ignored(mp: pytest.MonkeyPatch) -> None:
    """ "Tapped for two or more mana" is not checked (106.12b, 616.1e)."""
    patch_everywhere(mp, production, "_applies", lambda ability, mana: bool(mana))


def _as_controller(handler: Any) -> Any:
    def run(g: Any, item: Any, params: dict[str, Any]) -> None:
        item.event_player = item.controller
        handler(g, item, params)

    return run


def damage_to_the_controller(mp: pytest.MonkeyPatch) -> None:
    """ "Deals 1 damage to that player" hits the trigger's controller, not the player who tapped
    the land: Bob's Manabarbs damages Bob when Alice taps a Forest (106.12a)."""
    mp.setitem(effects.HANDLERS, "deal_damage", _as_controller(effects.HANDLERS["deal_damage"]))


def triggered_mana_to_the_controller(mp: pytest.MonkeyPatch) -> None:
    """ "That player adds" gives the mana to the trigger's controller: Bob's Mana Flare gives Bob
    the extra mana when Alice taps a Forest (106.12a, 605.1b)."""
    for word in ("add_mana", "add_one_mana"):
        mp.setitem(effects.HANDLERS, word, _as_controller(effects.HANDLERS[word]))
