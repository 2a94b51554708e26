"""Then steps: what a judge would check on the table afterwards.

Each step can fail on its own (tests/unit/test_then_steps.py shows each one failing where
its claim is false).  A step about the state reads it once the last action is over: while a
player is still being asked a question, it fails and names the question.  Only the steps about
questions (``must choose``, ``no player is asked``) and ``the action is rejected`` read a
state with a question pending.

A step whose claim does not hold raises :class:`~oracle.suite.mismatch.Mismatch` with what it
expected and what it observed, each a phrase a judge would say; lists read as prose ("{W}, {U}
and {B}"), never as Python's.

Glossary: features/README.md.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from pytest_bdd import parsers, then

from oracle.contract.defaults import in_canonical_order, with_defaults
from oracle.errors import UserError
from oracle.suite.mismatch import Mismatch, prose

from ..world import World, count

REASONS = {
    "summoning sickness": "summoning-sickness",
    "being already tapped": "already-tapped",
    "being already untapped": "already-untapped",
    "an unpayable cost": "cannot-pay",
    "timing": "timing",
    "an illegal additional cost": "not-allowed",
    "an illegal alternative cost": "not-allowed",
    "an illegal cast": "not-allowed",
    "an illegal activation": "not-allowed",
    "a nonexistent ability": "unknown-object",
    "an illegal attacker": "not-allowed",
    "an illegal blocker": "not-allowed",
    "an illegal land play": "not-allowed",
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


def _check(holds: bool, expected: str, observed: str) -> None:
    """A Then step's claim: when it does not hold, what was expected beside what was observed."""
    if not holds:
        raise Mismatch(expected, observed)


def pending_question(observation: dict[str, Any], player: str, kind: str, claim: str) -> dict[str, Any]:
    """The question pending in ``observation``, which must ask ``player`` a choice of ``kind``
    (the contract's kinds: "legend-rule", "sacrifice", "discard", ...); else the claim fails."""
    pending = observation["pending_choice"]
    _check(pending is not None, claim, f"{player} was asked nothing")
    _check(
        (pending["player"], pending["kind"]) == (player, kind),
        claim,
        f"{pending['player']} is asked a {pending['kind']} choice",
    )
    result: dict[str, Any] = pending
    return result


def _many(number: int, thing: str) -> str:
    """``_many(0, "Rogue token")`` -> "no Rogue token"; ``_many(2, "card")`` -> "2 cards"."""
    return f"no {thing}" if number == 0 else f"{number} {thing}" + ("s" if number != 1 else "")


@then(parsers.re(r"(?P<player>\w+)'s mana pool is empty$"))
def pool_empty(world: World, player: str) -> None:
    pool = _pool(world, player)
    _check(not pool, f"{player}'s mana pool is empty", f"{player}'s mana pool holds {_show(pool)}")


@then(parsers.re(r"(?P<player>\w+)'s mana pool contains exactly (?P<mana>(?:\{[WUBRGC]\})+)$"))
def pool_exactly(world: World, player: str, mana: str) -> None:
    pool = _pool(world, player)
    _check(
        pool == _mana(mana), f"{player}'s mana pool holds exactly {mana}", f"{player}'s mana pool holds {_show(pool)}"
    )


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
    _check(pending["player"] == player, f"{player} chooses among {options}", f"{pending['player']} is choosing")
    _check(
        sorted(pending["options"]) == expected,
        f"{player} may choose among {options}",
        f"{player} may choose among {prose(pending['options'])}",
    )


def _forced_mana_choice_made(world: World, player: str, expected: list[str], options: str) -> None:
    if len(expected) != 1 or not re.fullmatch(r"\{[WUBRGC]\}", expected[0]) or world.before is None:
        raise Mismatch(f"{player} is asked to choose among {options}", f"{player} was asked nothing")
    symbol = expected[0][1]
    before, after = _pool_of(world.before, player), _pool_of(world.observe(), player)
    added = after.get(symbol, 0) - before.get(symbol, 0)
    _check(
        added > 0,
        f"{player} is asked to choose among {options}, or the engine chooses it and adds it",
        f"{player} was asked nothing, and the last action added no {expected[0]} to {player}'s mana pool "
        f"(it holds {_show(after)})",
    )


@then(parsers.re(r"(?P<player>\w+) must choose which (?P<card>.+) to keep$"))
def legend_rule_choice(world: World, player: str, card: str) -> None:
    """704.5j: the choice offers every legendary permanent of that name the player controls."""
    claim = f"{player} chooses which {card} to keep"
    pending = pending_question(world.observe(), player, "legend-rule", claim)
    expected = sorted(p["ref"] for p in world.permanents(card, player, exact=True))
    _check(
        sorted(pending["options"]) == expected and len(expected) > 1,
        f"{claim}, among {prose(expected)}",
        f"{player} is asked to choose among {prose(pending['options'])}",
    )


@then("no player is asked to choose anything")
def no_choice(world: World) -> None:
    pending = world.observe()["pending_choice"]
    if pending is not None:
        question = f"{pending.get('prompt') or pending['kind']} ({prose(pending['options'], 'or')})"
        raise Mismatch("no player is asked to choose anything", f"{pending['player']} is asked: {question}")


@then(parsers.re(r"the action is rejected for (?P<reason>.+)$"))
def rejected(world: World, reason: str) -> None:
    """The last action was refused, for that reason, and left the game as it was.  "timing or not
    having priority" accepts either code, where the rules give the refusal both reasons."""
    unknown = [r for r in reason.split(" or ") if r not in REASONS]
    if unknown:
        raise UserError(f"unknown reason {unknown[0]!r} for a rejection; the reasons are: {', '.join(REASONS)}")
    codes = [REASONS[r] for r in reason.split(" or ")]
    code = " or ".join(codes)
    outcome = world.outcome
    claim = f"the action is rejected for {reason}"
    _check(outcome is not None, claim, "no action was taken")
    _check(not outcome["accepted"], claim, "the action was accepted")
    world.outcome_checked = True
    got = outcome["rejection"]["code"]
    _check(got in codes, f"{claim} ({code})", f"it was rejected for {got}: {outcome['rejection']['reason']}")
    assert world.before is not None
    before, after = (in_canonical_order(with_defaults(o)) for o in (world.before, world.observe()))
    changed = _difference(before, after)
    _check(not changed, "the rejected action leaves the game as it was", f"it changed the game: {changed}")


def _difference(before: Any, after: Any, where: str = "") -> str:
    """Where two observations differ (events aside: an engine may note the rejection), or "";
    compared in canonical order (:func:`in_canonical_order`), an order the contract leaves free is
    no difference."""
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
    _check(len(found) == 1, f"exactly one {card} on the battlefield", f"{_many(len(found), card)} on the battlefield")
    return found[0]


@then(parsers.re(r"(?P<card>.+) is (?P<state>tapped|untapped)$"))
def tapped_state(world: World, card: str, state: str) -> None:
    permanent = _one(world, card)
    _check(
        permanent["tapped"] == (state == "tapped"),
        f"{card} is {state}",
        f"{card} is {'tapped' if permanent['tapped'] else 'untapped'}",
    )


@then(parsers.re(r"(?P<player>\w+)'s life total is (?P<life>-?\d+)$"))
def life_is(world: World, player: str, life: str) -> None:
    entry = _player(_settled(world), player)
    _check(entry["life"] == int(life), f"{player}'s life total is {life}", f"{player}'s life total is {entry['life']}")


@then(parsers.re(r"(?P<card>.+) has (?P<n>no|\w+) \+1/\+1 counters? on it$"))
def counters_on(world: World, card: str, n: str) -> None:
    permanent = _one(world, card)
    expected = 0 if n == "no" else count(n)
    got = permanent["counters"].get("+1/+1", 0)
    _check(
        got == expected, f"{card} has {_many(expected, '+1/+1 counter')}", f"{card} has {_many(got, '+1/+1 counter')}"
    )


@then(parsers.re(r"(?P<card>.+) is a (?P<power>-?\d+)/(?P<toughness>-?\d+) creature$"))
def power_toughness(world: World, card: str, power: str, toughness: str) -> None:
    permanent = _one(world, card)
    got = (permanent["power"], permanent["toughness"])
    _check(
        got == (int(power), int(toughness)), f"{card} is a {power}/{toughness} creature", f"{card} is {got[0]}/{got[1]}"
    )


@then(parsers.re(r"(?P<card>.+)'s mana value is (?P<value>\d+)$"))
def mana_value(world: World, card: str, value: str) -> None:
    permanent = _one(world, card)
    _check(
        permanent["mana_value"] == int(value),
        f"{card}'s mana value is {value}",
        f"{card}'s mana value is {permanent['mana_value']}",
    )


def _tokens(world: World, name: str, player: str | None = None) -> list[dict[str, Any]]:
    """Tokens called ``name``, or "``name`` Token" (111.4)."""
    named = world.permanents(name, player, exact=True) + world.permanents(f"{name} Token", player, exact=True)
    return [p for p in named if p["token"]]


@then(parsers.re(r"(?P<card>.+)'s base power and toughness are (?P<power>-?\d+)/(?P<toughness>-?\d+)$"))
def base_power_toughness(world: World, card: str, power: str, toughness: str) -> None:
    """208.4b: after characteristic-defining and setting effects, before modifying effects and counters."""
    permanent = _one(world, card)
    got = (permanent["base_power"], permanent["base_toughness"])
    _check(
        got == (int(power), int(toughness)),
        f"{card}'s base power and toughness are {power}/{toughness}",
        f"{card}'s base power and toughness are {got[0]}/{got[1]}",
    )


#: Keyword abilities a scenario may ask about, as the observation reports them: lower-case, the
#: keyword's own words (observation.schema.json, ``keywords``).
KEYWORDS = (
    r"(?P<keyword>flying|haste|trample|reach|vigilance|offspring"
    r"|first strike|double strike|deathtouch|lifelink|menace)"
)


@then(parsers.re(rf"(?P<card>(?!each ).+?) (?P<negated>has|does not have) {KEYWORDS}$"))
def has_keyword(world: World, card: str, negated: str, keyword: str) -> None:
    permanent = _one(world, card)
    has = keyword in permanent["keywords"]
    _check(
        has == (negated == "has"),
        f"{card} {negated} {keyword}",
        f"{card}'s keywords are {prose(permanent['keywords'], empty='none')}",
    )


@then(parsers.re(rf"each (?P<name>.+) token (?P<negated>has|does not have) {KEYWORDS}$"))
def each_token_keyword(world: World, name: str, negated: str, keyword: str) -> None:
    """Every token of that name, of any controller; there must be at least one."""
    _settled(world)
    found = _tokens(world, name)
    claim = f"each {name} token {negated} {keyword}"
    _check(bool(found), claim, f"there is no {name} token")
    wrong = [p["ref"] for p in found if (keyword in p["keywords"]) != (negated == "has")]
    _check(
        not wrong,
        claim,
        f"{len(wrong)} of the {len(found)} {name} tokens {'lack' if negated == 'has' else 'have'} {keyword}",
    )


@then(
    parsers.re(r"(?P<card>.+) is (?P<colors>(?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))*)$")
)
def colors_are(world: World, card: str, colors: str) -> None:
    permanent = _one(world, card)
    _check(
        sorted(permanent["colors"]) == sorted(colors.split(" and ")),
        f"{card} is {colors}",
        f"{card} is {prose(permanent['colors'], empty='colorless')}",
    )


@then(parsers.re(r"(?P<card>.+)'s creature types are (?P<types>.+)$"))
def creature_types(world: World, card: str, types: str) -> None:
    """205.3: a permanent's subtypes, in any order (their order is the engine's)."""
    permanent = _one(world, card)
    _check(
        sorted(permanent["subtypes"]) == sorted(types.split()),
        f"{card}'s creature types are {types}",
        f"{card}'s subtypes are {' '.join(permanent['subtypes']) or 'none'}",
    )


@then(parsers.re(r"(?P<card>.+) is attached to (?P<host>.+)$"))
def attached(world: World, card: str, host: str) -> None:
    permanent = _one(world, card)
    attached_to = permanent.get("attached_to")
    _check(
        attached_to == _one(world, host)["ref"],
        f"{card} is attached to {host}",
        f"{card} is attached to {world.refs.get(attached_to, attached_to) if attached_to else 'nothing'}",
    )


@then(parsers.re(r"(?P<card>.+) is not a creature$"))
def not_a_creature(world: World, card: str) -> None:
    """208.3: a noncreature permanent has no power or toughness."""
    permanent = _one(world, card)
    claim = f"{card} is not a creature"
    _check("Creature" not in permanent["types"], claim, f"{card}'s types are {prose(permanent['types'])}")
    _check(
        permanent["power"] is None and permanent["toughness"] is None,
        f"{claim}, with no power or toughness",
        f"{card} has power and toughness {permanent['power']}/{permanent['toughness']}",
    )


@then(parsers.re(r"(?P<card>.+) is not attached to anything$"))
def not_attached(world: World, card: str) -> None:
    attached_to = _one(world, card).get("attached_to")
    _check(attached_to is None, f"{card} attached to nothing", f"{card} attached to {attached_to}")
