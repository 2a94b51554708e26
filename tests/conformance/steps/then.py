"""Then steps: what a judge would check on the table afterwards.

Each step can fail on its own (tests/unit/test_then_steps.py shows each one failing where
its claim is false).  A step about the state reads it once the last action is over: while a
player is still being asked a question, it fails and names the question.  Only the steps about
questions (``must choose``, ``no player is asked``) and ``the action is rejected`` read a
state with a question pending.

Glossary: features/README.md.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from pytest_bdd import parsers, then

from tests.conformance.steps.given import step_name
from tests.conformance.world import World, count

REASONS = {
    "summoning sickness": "summoning-sickness",
    "being already tapped": "already-tapped",
    "being already untapped": "already-untapped",
    "an unpayable cost": "cannot-pay",
    "timing": "timing",
    "an illegal additional cost": "not-allowed",
    "an illegal target": "illegal-target",
    "not having priority": "no-priority",
}


def _settled(world: World) -> dict[str, Any]:
    """The state, once nobody is being asked anything: the last action is over."""
    observation = world.observe()
    pending = observation["pending_choice"]
    if pending is not None:
        pytest.fail(
            f"{pending['player']} is still being asked ({pending['kind']}: {', '.join(pending['options'])}); "
            "the state is read once the last action is over"
        )
    return observation


def _player(observation: dict[str, Any], player: str) -> dict[str, Any]:
    for entry in observation["players"]:
        if entry["name"] == player:
            return dict(entry)
    pytest.fail(f"no player {player}")


def _pool_of(observation: dict[str, Any], player: str) -> dict[str, int]:
    return {k: v for k, v in _player(observation, player)["mana_pool"].items() if v}


def _pool(world: World, player: str) -> dict[str, int]:
    return _pool_of(_settled(world), player)


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
    """The pending choice offers exactly these options.  A choice of mana with a single option
    may be made by the engine without asking (the contract allows it): then the step checks
    its consequence, that the last action added that mana to the player's pool."""
    pending = world.observe()["pending_choice"]
    expected = sorted(re.split(r", | and | or ", options))
    if pending is None:
        _forced_mana_choice_made(world, player, expected, options)
        return
    assert pending["player"] == player, f"{pending['player']} is choosing, not {player}"
    assert sorted(pending["options"]) == expected, (
        f"{player} may choose among {pending['options']}, expected {expected}"
    )


def _forced_mana_choice_made(world: World, player: str, expected: list[str], options: str) -> None:
    if len(expected) != 1 or not re.fullmatch(r"\{[WUBRGC]\}", expected[0]) or world.before is None:
        pytest.fail(f"{player} was asked nothing; expected a choice among {options}")
    symbol = expected[0][1]
    before, after = _pool_of(world.before, player), _pool_of(world.observe(), player)
    added = after.get(symbol, 0) - before.get(symbol, 0)
    assert added > 0, (
        f"{player} was asked nothing, and the last action added no {expected[0]} to {player}'s pool "
        f"(it holds {_show(after)}); expected a choice among {options}"
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
    """The last action was refused, for that reason, and left the game as it was."""
    code = REASONS[reason]
    outcome = world.outcome
    assert outcome is not None, "no action was taken"
    assert not outcome["accepted"], f"the action was accepted; expected a rejection for {reason}"
    world.outcome_checked = True
    got = outcome["rejection"]["code"]
    assert got == code, f"rejected for {got} ({outcome['rejection']['reason']}), expected {code}"
    assert world.before is not None
    changed = _difference(world.before, world.observe())
    assert not changed, f"the rejected action changed the game: {changed}"


def _difference(before: Any, after: Any, where: str = "") -> str:
    """Where two observations differ (events aside: an engine may note the rejection), or ""."""
    if isinstance(before, dict) and isinstance(after, dict):
        for key in sorted((set(before) | set(after)) - {"events"}):
            if found := _difference(before.get(key), after.get(key), f"{where}.{key}"):
                return found
        return ""
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for index, (old, new) in enumerate(zip(before, after, strict=True)):
            if found := _difference(old, new, f"{where}[{index}]"):
                return found
        return ""
    return "" if before == after else f"{where.lstrip('.')} was {before!r}, is {after!r}"


def _one(world: World, card: str) -> dict[str, Any]:
    _settled(world)
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
    entry = _player(_settled(world), player)
    assert entry["life"] == int(life), f"{player}'s life total is {entry['life']}, expected {life}"


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
    names = [c["name"] for c in _player(_settled(world), player)[zone]]
    assert card in names, f"{player}'s {zone} holds {names or 'nothing'}, expected {card} there"


@then(parsers.re(r"(?P<card>.+) is on the battlefield$"))
def on_battlefield(world: World, card: str) -> None:
    _settled(world)
    assert world.permanents(card), f"{card} is not on the battlefield"


def _tokens(world: World, name: str, player: str | None = None) -> list[dict[str, Any]]:
    """Tokens called ``name``, or "``name`` Token" (111.4)."""
    named = world.permanents(name, player, exact=True) + world.permanents(f"{name} Token", player, exact=True)
    return [p for p in named if p["token"]]


@then(parsers.re(r"(?P<player>\w+) controls (?P<n>no|\w+) (?P<name>.+?) tokens?$"))
def tokens(world: World, player: str, n: str, name: str) -> None:
    _settled(world)
    found = _tokens(world, name, player)
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


KEYWORDS = r"(?P<keyword>flying|haste|trample|reach|vigilance|offspring)"


@then(parsers.re(rf"(?P<card>(?!each ).+?) (?P<negated>has|does not have) {KEYWORDS}$"))
def has_keyword(world: World, card: str, negated: str, keyword: str) -> None:
    permanent = _one(world, card)
    has = keyword in permanent["keywords"]
    assert has == (negated == "has"), (
        f"{card}'s keywords are {permanent['keywords'] or 'none'}, expected it {negated} {keyword}"
    )


@then(parsers.re(rf"each (?P<name>.+) token (?P<negated>has|does not have) {KEYWORDS}$"))
def each_token_keyword(world: World, name: str, negated: str, keyword: str) -> None:
    """Every token of that name, of any controller; there must be at least one."""
    _settled(world)
    found = _tokens(world, name)
    assert found, f"there is no {name} token"
    wrong = [p["ref"] for p in found if (keyword in p["keywords"]) != (negated == "has")]
    assert not wrong, (
        f"{len(wrong)} of the {len(found)} {name} tokens {'lack' if negated == 'has' else 'have'} {keyword}"
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
    entry = _player(_settled(world), player)
    expected = 0 if n == "no" else count(n)
    assert len(entry["hand"]) == expected, (
        f"{player}'s hand holds {[c['name'] for c in entry['hand']]}, expected {expected} card(s)"
    )


@then(parsers.re(r"(?P<card>.+) is not a creature$"))
def not_a_creature(world: World, card: str) -> None:
    """208.3: a noncreature permanent has no power or toughness."""
    permanent = _one(world, card)
    assert "Creature" not in permanent["types"], f"{card}'s types are {permanent['types']}"
    assert permanent["power"] is None and permanent["toughness"] is None, f"{card} has power and toughness"


@then(parsers.re(r"(?P<card>.+) is not on the battlefield$"))
def not_on_battlefield(world: World, card: str) -> None:
    _settled(world)
    assert not world.permanents(card), f"{card} is on the battlefield, expected it gone"


@then(parsers.re(r"(?P<player>\w+) controls (?P<n>no|\w+) (?P<state>tapped |untapped )?(?P<name>(?!.* tokens?$).+)$"))
def controls_count(world: World, player: str, n: str, state: str | None, name: str) -> None:
    """Every permanent of that name the player controls, tokens and copies included."""
    _settled(world)
    found = [p for p in world.permanents(name, player, exact=True) if not state or p["tapped"] == (state == "tapped ")]
    expected = 0 if n == "no" else count(n)
    assert len(found) == expected, f"{player} controls {len(found)} permanent(s) named {name}, expected {expected}"


@then("the stack is empty")
def stack_empty(world: World) -> None:
    stack = _settled(world)["stack"]
    assert not stack, f"the stack holds {[s['name'] for s in stack]}, expected nothing"


@then(parsers.re(r"(?P<card>.+)'s (?P<kind>triggered|activated) ability is on the stack$"))
def ability_on_stack(world: World, card: str, kind: str) -> None:
    stack = _settled(world)["stack"]
    held = [(s["kind"], s["name"]) for s in stack]
    assert (kind, card) in held, f"the stack holds {held or 'nothing'}"


@then(parsers.re(r"(?P<card>(?!.*'s (?:triggered|activated) ability is on the stack$).+) is on the stack$"))
def spell_on_stack(world: World, card: str) -> None:
    """A spell cast and not yet resolved (601.2a, 405.1)."""
    held = [s["name"] for s in _settled(world)["stack"] if s["kind"] == "spell"]
    assert card in held, f"the stack holds {held or 'no spell'}, expected {card}"


@then(parsers.re(r"it is (?P<player>\w+)'s (?P<step>[a-z ]+?)(?: of turn (?P<number>\d+))?$"))
def it_is_now(world: World, player: str, step: str, number: str | None) -> None:
    """Whose turn it is and which step (500.1), and the turn's number when given."""
    turn = _settled(world)["turn"]
    now = f"{turn['active_player']}'s {turn['step']} of turn {turn['number']}"
    assert (turn["active_player"], turn["step"]) == (player, step_name(step)), (
        f"it is {now}, expected {player}'s {step}"
    )
    assert number is None or turn["number"] == int(number), f"it is {now}, expected turn {number}"


@then(parsers.re(r"(?P<player>\w+) has priority$"))
def has_priority(world: World, player: str) -> None:
    """117.1: the player who may act now."""
    holder = _settled(world)["turn"]["priority_player"]
    assert holder == player, f"{holder or 'no player'} has priority, expected {player}"
