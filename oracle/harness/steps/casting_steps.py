"""When steps for casting a card from a zone the cast step does not name (another player's hand,
a graveyard: 601.2, 302.1) and for activating an ability of a permanent another player controls
(602.2), which the rules forbid.

Glossary: features/README.md.
"""

from __future__ import annotations

import pytest
from pytest_bdd import parsers, when

from ..world import World


@when(
    parsers.re(
        r"(?P<player>\w+) tries to cast (?P<card>.+?) from (?P<whose>her|his|their|\w+'s) (?P<zone>hand|graveyard)$"
    )
)
def try_to_cast(world: World, player: str, card: str, whose: str, zone: str) -> None:
    """Cast a card found where the step says it is, in the player's own or another player's zone."""
    owner = player if whose in ("her", "his", "their") else whose.removesuffix("'s")
    refs = [c["ref"] for p in world.observe()["players"] if p["name"] == owner for c in p[zone] if c["name"] == card]
    if not refs:
        pytest.fail(f"{card} is not in {owner}'s {zone}")
    world.act({"type": "cast", "player": player, "card": refs[0]})


@when(parsers.re(r"(?P<player>\w+) tries to activate (?P<controller>\w+)'s (?P<card>.+?)'s ability$"))
def try_to_activate(world: World, player: str, controller: str, card: str) -> None:
    """Activate the first activated ability of a permanent another player controls (602.2)."""
    found = world.permanents(card, controller)
    if not found:
        pytest.fail(f"{controller} controls no {card}")
    world.act({"type": "activate", "player": player, "source": found[0]["ref"], "ability": world.ability_index(card, "any")})
