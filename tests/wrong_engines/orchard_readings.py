"""Wrong engines read off the words of Exotic Orchard's ruling of 2009-02-01 (orchard.no-colorless),
the worked example of features/ADDING_A_RULING.md: "The colors of mana are white, blue, black, red,
and green. Exotic Orchard can't be tapped for colorless mana, even if a land an opponent controls
could produce colorless mana."

Each reading takes one term the wrong way: "can't be tapped for colorless" as "can't be tapped" (A),
or as "not while a color is there" (E), "a land ... could produce colorless" as a land to leave out
(B), "could produce" as the colors the land's text shows (C), and "the colors of mana" as the types
every such ability may add (D).  The
analysis is features/mana/orchard.misreadings.md.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from oracle.engine import production
from oracle.engine.mana import COLORS

from . import Mutant, patch_everywhere

RULING = ("orchard.no-colorless",)


def _lands(game_: Any, source: Any, params: dict[str, Any]) -> list[Any]:
    """The permanents a "could produce" effect looks at (those its ``lands`` filter matches)."""
    chars = production.compute(game_.state)
    return [o for o in game_.state.permanents() if production.matches(game_.state, chars, o, params["lands"], source)]


def _could_produce_effect(params: dict[str, Any], of: str) -> bool:
    return params.get("of") == of and params.get("among") == "could-produce"


def shut_off_by_a_colorless_land(mp: pytest.MonkeyPatch) -> None:
    """ "Can't be tapped for colorless mana, even if a land could produce colorless" read as "adds
    nothing once such a land is there": one opponent's land that could produce {C} leaves "any
    color" with no option, whatever colors the other lands could produce (105.1, 106.7)."""
    original = production.mana_effect_options

    def options(game_: Any, source: Any, params: dict[str, Any], *args: Any) -> list[list[str]]:
        found = original(game_, source, params, *args)
        if _could_produce_effect(params, "color") and any(
            "C" in production.could_produce(game_, land, frozenset({source.id}))
            for land in _lands(game_, source, params)
        ):
            return []
        return found

    patch_everywhere(mp, production, "mana_effect_options", options)


def colorless_when_no_color(mp: pytest.MonkeyPatch) -> None:
    """ "Can't be tapped for colorless mana" read as "not while it could add a color": when the
    opponents' lands could produce {C} and no color, "any color" adds {C} (105.1; 106.5: no color
    can be defined, so the ability produces no mana)."""
    original = production.mana_effect_options

    def options(game_: Any, source: Any, params: dict[str, Any], *args: Any) -> list[list[str]]:
        found = original(game_, source, params, *args)
        if found or not _could_produce_effect(params, "color"):
            return found
        lands = _lands(game_, source, params)
        colorless = any("C" in production.could_produce(game_, land, frozenset({source.id})) for land in lands)
        return [["C"]] if colorless else found

    patch_everywhere(mp, production, "mana_effect_options", options)


def colorless_lands_left_out(mp: pytest.MonkeyPatch) -> None:
    """ "A land an opponent controls could produce colorless mana" read as a land the ability
    ignores: a land that could produce {C} gives no color either, so Shimmering Grotto, which could
    produce {C} and every color, gives Exotic Orchard nothing (106.7)."""
    original_options, original_could = production.mana_effect_options, production.could_produce
    asking: list[bool] = []

    def options(game_: Any, source: Any, params: dict[str, Any], *args: Any) -> list[list[str]]:
        asking.append(_could_produce_effect(params, "color"))
        try:
            return original_options(game_, source, params, *args)
        finally:
            asking.pop()

    def could_produce(game_: Any, obj: Any, visiting: frozenset[int] = frozenset()) -> set[str]:
        types = original_could(game_, obj, visiting)
        return set() if asking and asking[-1] and "C" in types else types

    patch_everywhere(mp, production, "mana_effect_options", options)
    patch_everywhere(mp, production, "could_produce", could_produce)


def colors_the_land_shows(mp: pytest.MonkeyPatch) -> None:
    """ "Any color that a land could produce" read as the colored mana symbols in the land's rules
    text (as a color identity is found, 903.4): Wastes shows only {C}, so Contamination's {B} is not
    seen, and Shimmering Grotto's "one mana of any color" shows no symbol at all (106.7 asks what its
    abilities would produce, with replacement effects)."""
    original = production.mana_effect_options

    def options(game_: Any, source: Any, params: dict[str, Any], *args: Any) -> list[list[str]]:
        if not _could_produce_effect(params, "color"):
            return original(game_, source, params, *args)
        chars = production.compute(game_.state)
        shown = {
            symbol
            for land in _lands(game_, source, params)
            for ability in chars[land.id].abilities
            for symbol in re.findall(r"\{([WUBRG])\}", ability.text)
        }
        return [[c] for c in COLORS if c in shown]

    patch_everywhere(mp, production, "mana_effect_options", options)


def no_colorless_for_any_type(mp: pytest.MonkeyPatch) -> None:
    """The ruling's "the colors of mana are white, blue, black, red, and green" applied to every
    "could produce" ability, "any type" included: Reflecting Pool beside Wastes adds nothing
    (106.1b: colorless is a type of mana; only "any color" leaves it out)."""
    original = production.mana_effect_options

    def options(game_: Any, source: Any, params: dict[str, Any], *args: Any) -> list[list[str]]:
        found = original(game_, source, params, *args)
        return [o for o in found if o != ["C"]] if params.get("among") == "could-produce" else found

    patch_everywhere(mp, production, "mana_effect_options", options)


MUTANTS: list[Mutant] = [
    Mutant(
        "orchard-shut-off-by-colorless",
        RULING,
        "'any color' adds nothing once an opponent's land could produce {C} (105.1, 106.7)",
        shut_off_by_a_colorless_land,
        ("A land that could produce colorless doesn't stop the colors of another",),
    ),
    Mutant(
        "orchard-colorless-when-no-color",
        RULING,
        "'any color' adds {C} when the opponents' lands could produce {C} and no color (105.1, 106.5)",
        colorless_when_no_color,
        ("Exotic Orchard facing only Wastes adds no mana",),
    ),
    Mutant(
        "orchard-leaves-out-colorless-lands",
        RULING,
        "a land that could produce {C} gives 'any color' none of its colors (106.7)",
        colorless_lands_left_out,
        ("A land that could produce colorless and every color offers the five colors only",),
    ),
    Mutant(
        "orchard-reads-the-lands-symbols",
        RULING,
        "'any color a land could produce' is the colored symbols of the land's text (106.7)",
        colors_the_land_shows,
        ("Wastes that Contamination makes produce black gives Exotic Orchard black",),
    ),
    Mutant(
        "no-colorless-for-any-type",
        RULING,
        "'any type a land could produce' leaves {C} out too (106.1b, 106.7)",
        no_colorless_for_any_type,
        ("Reflecting Pool, which reflects types rather than colors, adds the colorless of Wastes",),
    ),
]
