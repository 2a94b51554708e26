"""Given steps: describe a position the way a judge would set up a table.

Glossary: features/README.md.
"""

from __future__ import annotations

import re
from typing import Any

from pytest_bdd import given, parsers

from oracle.errors import UserError

from ..world import World, count

STEP_NAMES = {
    "untap step": "untap",
    "upkeep": "upkeep",
    "upkeep step": "upkeep",
    "draw step": "draw",
    "precombat main phase": "precombat-main",
    "first main phase": "precombat-main",
    "beginning of combat step": "beginning-of-combat",
    "declare attackers step": "declare-attackers",
    "declare blockers step": "declare-blockers",
    "combat damage step": "combat-damage",
    "end of combat step": "end-of-combat",
    "postcombat main phase": "postcombat-main",
    "second main phase": "postcombat-main",
    "end step": "end",
    "cleanup step": "cleanup",
}
PERMANENT = re.compile(
    r"^(?:(?P<count>a|an|one|two|three|four|five|\d+) )?(?P<tapped>tapped )?(?P<name>.+?)"
    r"(?: with (?P<counters>\w+) \+1/\+1 counters? on (?:it|them))?"
    r"(?: with (?P<color>white|blue|black|red|green) chosen)?"
    r"(?: copying (?P<copied>.+?))?"
    r"(?: attached to (?P<host>.+?))?"
    r"(?P<recent>, which came under (?:her|his|their) control this turn)?$"
)


def step_name(words: str) -> str:
    try:
        return STEP_NAMES[words]
    except KeyError:
        raise UserError(f"unknown step or phase {words!r}; known: {', '.join(STEP_NAMES)}") from None


def card_name(world: World, words: str, plural: bool) -> str:
    """A card name as written, or its plural ("two Forests")."""
    if words in world.cards or not plural:
        return words
    if words.endswith("s") and words[:-1] in world.cards:
        return words[:-1]
    return words


@given(parsers.parse("a game between {first} and {second}"))
def a_game(world: World, first: str, second: str) -> None:
    world.players = [{"name": first, "life": 20}, {"name": second, "life": 20}]
    world.turn = {"number": 3, "active_player": first, "step": "precombat-main"}


@given(parsers.re(r"it is (?P<player>\w+)'s (?P<step>[a-z ]+?)(?: of turn (?P<number>\d+))?$"))
def it_is(world: World, player: str, step: str, number: str | None) -> None:
    world.player(player)
    world.turn = {
        "number": int(number or world.turn.get("number", 3)),
        "active_player": player,
        "step": step_name(step),
    }


@given(parsers.re(r"(?P<player>\w+) controls (?P<spec>(?!no ).+)$"))
def controls(world: World, player: str, spec: str) -> None:
    match = PERMANENT.match(spec)
    assert match is not None
    how_many = count(match["count"]) if match["count"] else 1
    name = card_name(world, match["name"], plural=how_many > 1)
    details: dict[str, object] = {}
    if match["tapped"]:
        details["tapped"] = True
    if match["counters"]:
        details["counters"] = {"+1/+1": count(match["counters"])}
    if match["color"]:
        details["chosen_color"] = match["color"]
    if match["recent"]:
        details["came_under_control_this_turn"] = True
    for key, field in (("copied", "copy_of"), ("host", "attached_to")):
        if match[key]:
            details[field] = world.ref_of(match[key])
    for _ in range(how_many):
        world.add_card(player, "battlefield", name, **details)


@given(parsers.re(r"(?P<player>\w+) controls no (?P<kind>[a-z]+?)s?$"))
def controls_none(world: World, player: str, kind: str) -> None:
    """Documents an empty part of the position, and checks no earlier step contradicts it."""
    for entry in world.player(player).get("battlefield", []):
        card = world.cards[entry["card"]]
        if kind == "permanent" or kind.capitalize() in card.types.types:
            raise UserError(f"{player} was given {entry['card']} earlier, but controls no {kind}s")


@given(parsers.re(r"(?P<player>\w+) has (?P<card>.+) in (?:her|his|their) (?P<zone>hand|graveyard|library)$"))
def has_card(world: World, player: str, card: str, zone: str) -> None:
    world.add_card(player, zone, card)


@given(parsers.re(r"(?P<player>\w+) has (?P<mana>(?:\{[WUBRGC]\})+) in (?:her|his|their) mana pool$"))
def has_mana(world: World, player: str, mana: str) -> None:
    pool = world.player(player).setdefault("mana_pool", {})
    for symbol in re.findall(r"\{([WUBRGC])\}", mana):
        pool[symbol] = pool.get(symbol, 0) + 1


@given(parsers.re(r"(?P<player>\w+)'s life total is (?P<life>-?\d+)$"))
def life_total(world: World, player: str, life: str) -> None:
    world.player(player)["life"] = int(life)


@given(parsers.re(r"(?P<player>\w+)'s library is empty$"))
def library_empty(world: World, player: str) -> None:
    """Documents an empty library (704.5b), and checks no earlier step put a card there."""
    if world.player(player).get("library"):
        raise UserError(f"{player} was given cards in her library earlier, but her library is empty")


# -- a permanent already put on the battlefield: its owner, its -1/-1 counters (110.2, 122.1)


def _entry(world: World, card: str) -> dict[str, Any]:
    """The position's entry of the one permanent called ``card``."""
    ref = world.ref_of(card)
    for player in world.players:
        for entry in player.get("battlefield", []):
            if entry["ref"] == ref:
                return entry
    raise UserError(f"{card!r} must be put on the battlefield by an earlier Given step")


@given(parsers.re(r"(?P<player>\w+) owns (?P<card>.+)$"))
def owns(world: World, player: str, card: str) -> None:
    """The permanent's owner (110.2) is this player, whoever controls it."""
    world.player(player)
    _entry(world, card)["owner"] = player


@given(parsers.re(r"(?P<card>.+) has (?P<amount>a|an|one|two|three|four|\d+) -1/-1 counters? on it$"))
def minus_counters(world: World, card: str, amount: str) -> None:
    """-1/-1 counters on a permanent (122.1), besides any +1/+1 counters it was given."""
    entry = _entry(world, card)
    entry.setdefault("counters", {})["-1/-1"] = count(amount)
