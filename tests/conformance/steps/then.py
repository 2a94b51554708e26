"""Then steps: what a judge would check on the table afterwards.

Glossary: features/README.md.
"""

from __future__ import annotations

import re

import pytest
from pytest_bdd import parsers, then

from tests.conformance.world import World, count

REASONS = {
    "summoning sickness": "summoning-sickness",
    "being already tapped": "already-tapped",
    "being already untapped": "already-untapped",
    "an unpayable cost": "cannot-pay",
    "timing": "timing",
    "an illegal additional cost": "not-allowed",
    "an illegal target": "illegal-target",
}


def _pool(world: World, player: str) -> dict[str, int]:
    for entry in world.observe()["players"]:
        if entry["name"] == player:
            return {k: v for k, v in entry["mana_pool"].items() if v}
    pytest.fail(f"no player {player}")


def _mana(text: str) -> dict[str, int]:
    pool: dict[str, int] = {}
    for symbol in re.findall(r"\{([WUBRGC])\}", text):
        pool[symbol] = pool.get(symbol, 0) + 1
    return pool


def _show(pool: dict[str, int]) -> str:
    return "".join("{" + t + "}" * 1 for t in "WUBRGC" for _ in range(pool.get(t, 0))) or "nothing"


@then(parsers.re(r"(?P<player>\w+)'s mana pool is empty$"))
def pool_empty(world: World, player: str) -> None:
    pool = _pool(world, player)
    assert not pool, f"{player}'s mana pool holds {_show(pool)}, expected nothing"


@then(parsers.re(r"(?P<player>\w+)'s mana pool contains exactly (?P<mana>(?:\{[WUBRGC]\})+)$"))
def pool_exactly(world: World, player: str, mana: str) -> None:
    pool = _pool(world, player)
    assert pool == _mana(mana), f"{player}'s mana pool holds {_show(pool)}, expected {mana}"


@then(parsers.re(r"(?P<player>\w+) must choose among (?P<options>.+)$"))
def must_choose(world: World, player: str, options: str) -> None:
    """The pending choice offers exactly these options; a choice with a single option may be made
    by the engine itself without asking (the contract allows it; later steps check the result)."""
    pending = world.observe()["pending_choice"]
    expected = sorted(re.split(r", | and | or ", options))
    if pending is None and len(expected) == 1:
        return
    assert pending is not None, f"{player} was asked nothing; expected a choice among {options}"
    assert pending["player"] == player, f"{pending['player']} is choosing, not {player}"
    assert sorted(pending["options"]) == expected, (
        f"{player} may choose among {pending['options']}, expected {expected}"
    )


@then(parsers.re(r"(?P<player>\w+) must choose which (?P<card>.+) to keep$"))
def legend_rule_choice(world: World, player: str, card: str) -> None:
    """704.5j: the choice offers every legendary permanent of that name the player controls."""
    pending = world.observe()["pending_choice"]
    assert pending is not None, f"{player} was asked nothing; expected the legend rule's choice"
    expected = sorted(p["ref"] for p in world.permanents(card, player, exact=True))
    assert (pending["player"], pending["kind"]) == (player, "legend-rule"), pending
    assert sorted(pending["options"]) == expected and len(expected) > 1, f"options {pending['options']}"


@then("no player is asked to choose anything")
def no_choice(world: World) -> None:
    pending = world.observe()["pending_choice"]
    assert pending is None, f"{pending['player']} is asked: {pending.get('prompt', '')} {pending['options']}"


@then(parsers.re(r"the action is rejected for (?P<reason>.+)$"))
def rejected(world: World, reason: str) -> None:
    code = REASONS[reason]
    outcome = world.outcome
    assert outcome is not None, "no action was taken"
    assert not outcome["accepted"], f"the action was accepted; expected a rejection for {reason}"
    world.outcome_checked = True
    got = outcome["rejection"]["code"]
    assert got == code, f"rejected for {got} ({outcome['rejection']['reason']}), expected {code}"


def _one(world: World, card: str) -> dict[str, object]:
    found = world.permanents(card)
    if len(found) != 1:
        pytest.fail(f"expected exactly one {card} on the battlefield, found {len(found)}")
    return found[0]


@then(parsers.re(r"(?P<card>.+) is (?P<state>tapped|untapped)$"))
def tapped_state(world: World, card: str, state: str) -> None:
    permanent = _one(world, card)
    assert permanent["tapped"] == (state == "tapped"), (
        f"{card} is {'tapped' if permanent['tapped'] else 'untapped'}, expected {state}"
    )


@then(parsers.re(r"(?P<player>\w+)'s life total is (?P<life>-?\d+)$"))
def life_is(world: World, player: str, life: str) -> None:
    for entry in world.observe()["players"]:
        if entry["name"] == player:
            assert entry["life"] == int(life), f"{player}'s life total is {entry['life']}, expected {life}"
            return
    pytest.fail(f"no player {player}")


@then(parsers.re(r"(?P<card>.+) has (?P<n>no|\w+) \+1/\+1 counters? on it$"))
def counters_on(world: World, card: str, n: str) -> None:
    permanent = _one(world, card)
    expected = 0 if n == "no" else count(n)
    got = permanent["counters"].get("+1/+1", 0)
    assert got == expected, f"{card} has {got} +1/+1 counter(s), expected {expected}"


@then(parsers.re(r"(?P<card>.+) is a (?P<power>-?\d+)/(?P<toughness>-?\d+) creature$"))
def power_toughness(world: World, card: str, power: str, toughness: str) -> None:
    permanent = _one(world, card)
    got = (permanent["power"], permanent["toughness"])
    assert got == (int(power), int(toughness)), f"{card} is {got[0]}/{got[1]}, expected {power}/{toughness}"


@then(parsers.re(r"(?P<card>.+)'s mana value is (?P<value>\d+)$"))
def mana_value(world: World, card: str, value: str) -> None:
    permanent = _one(world, card)
    assert permanent["mana_value"] == int(value), f"{card}'s mana value is {permanent['mana_value']}, expected {value}"


@then(parsers.re(r"(?P<card>.+) is in (?P<player>\w+)'s (?P<zone>graveyard|hand|library)$"))
def in_zone(world: World, card: str, player: str, zone: str) -> None:
    for entry in world.observe()["players"]:
        if entry["name"] == player:
            names = [c["name"] for c in entry[zone]]
            assert card in names, f"{player}'s {zone} holds {names or 'nothing'}, expected {card} there"
            return
    pytest.fail(f"no player {player}")


@then(parsers.re(r"(?P<card>.+) is on the battlefield$"))
def on_battlefield(world: World, card: str) -> None:
    assert world.permanents(card), f"{card} is not on the battlefield"


@then(parsers.re(r"(?P<player>\w+) controls (?P<n>no|\w+) (?P<name>.+?) tokens?$"))
def tokens(world: World, player: str, n: str, name: str) -> None:
    named = world.permanents(name, player, exact=True) + world.permanents(f"{name} Token", player, exact=True)
    found = [p for p in named if p["token"]]
    expected = 0 if n == "no" else count(n)
    assert len(found) == expected, f"{player} controls {len(found)} {name} token(s), expected {expected}"


@then(parsers.re(r"(?P<card>.+)'s base power and toughness are (?P<power>-?\d+)/(?P<toughness>-?\d+)$"))
def base_power_toughness(world: World, card: str, power: str, toughness: str) -> None:
    """208.4b: after characteristic-defining and setting effects, before modifying effects and counters."""
    permanent = _one(world, card)
    got = (permanent["base_power"], permanent["base_toughness"])
    assert got == (int(power), int(toughness)), (
        f"{card}'s base power and toughness are {got[0]}/{got[1]}, expected {power}/{toughness}"
    )


@then(
    parsers.re(
        r"(?P<card>.+?) (?P<negated>has|does not have) (?P<keyword>flying|haste|trample|reach|vigilance|offspring)$"
    )
)
def has_keyword(world: World, card: str, negated: str, keyword: str) -> None:
    permanent = _one(world, card)
    has = keyword in permanent["keywords"]
    assert has == (negated == "has"), (
        f"{card}'s keywords are {permanent['keywords'] or 'none'}, expected it {negated} {keyword}"
    )


@then(
    parsers.re(r"(?P<card>.+) is (?P<colors>(?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))*)$")
)
def colors_are(world: World, card: str, colors: str) -> None:
    permanent = _one(world, card)
    assert sorted(permanent["colors"]) == sorted(colors.split(" and ")), (
        f"{card} is {permanent['colors'] or 'colorless'}"
    )


@then(parsers.re(r"(?P<card>.+)'s creature types are (?P<types>.+)$"))
def creature_types(world: World, card: str, types: str) -> None:
    permanent = _one(world, card)
    assert permanent["subtypes"] == types.split(), (
        f"{card}'s subtypes are {permanent['subtypes']}, expected {types.split()}"
    )


@then(parsers.re(r"(?P<card>.+) is attached to (?P<host>.+)$"))
def attached(world: World, card: str, host: str) -> None:
    permanent = _one(world, card)
    assert permanent.get("attached_to") == _one(world, host)["ref"], (
        f"{card} is attached to {permanent.get('attached_to')}"
    )


@then(parsers.re(r"(?P<player>\w+) has (?P<n>no|\w+) cards? in (?:her|his|their) hand$"))
def hand_size(world: World, player: str, n: str) -> None:
    for entry in world.observe()["players"]:
        if entry["name"] == player:
            expected = 0 if n == "no" else count(n)
            assert len(entry["hand"]) == expected, (
                f"{player}'s hand holds {[c['name'] for c in entry['hand']]}, expected {expected} card(s)"
            )
            return
    pytest.fail(f"no player {player}")


@then(parsers.re(r"(?P<card>.+) is not a creature$"))
def not_a_creature(world: World, card: str) -> None:
    """208.3: a noncreature permanent has no power or toughness."""
    permanent = _one(world, card)
    assert "Creature" not in permanent["types"], f"{card}'s types are {permanent['types']}"
    assert permanent["power"] is None and permanent["toughness"] is None, f"{card} has power and toughness"


@then(parsers.re(r"(?P<card>.+) is not on the battlefield$"))
def not_on_battlefield(world: World, card: str) -> None:
    assert not world.permanents(card), f"{card} is on the battlefield, expected it gone"


@then(parsers.re(r"(?P<player>\w+) controls (?P<n>no|\w+) (?P<state>tapped |untapped )?(?P<name>(?!.* tokens?$).+)$"))
def controls_count(world: World, player: str, n: str, state: str | None, name: str) -> None:
    """Every permanent of that name the player controls, tokens and copies included."""
    found = [p for p in world.permanents(name, player, exact=True) if not state or p["tapped"] == (state == "tapped ")]
    expected = 0 if n == "no" else count(n)
    assert len(found) == expected, f"{player} controls {len(found)} permanent(s) named {name}, expected {expected}"


@then("the stack is empty")
def stack_empty(world: World) -> None:
    stack = world.observe()["stack"]
    assert not stack, f"the stack holds {[s['name'] for s in stack]}, expected nothing"


@then(parsers.re(r"(?P<card>.+)'s (?P<kind>triggered|activated) ability is on the stack$"))
def ability_on_stack(world: World, card: str, kind: str) -> None:
    stack = world.observe()["stack"]
    held = [(s["kind"], s["name"]) for s in stack]
    assert (kind, card) in held, f"the stack holds {held or 'nothing'}"
