"""Steps of the whole turn that contract 1.3.0 made possible: playing a land (305.1), declaring
blockers (509.1), dividing combat damage (510.1c, 702.19b), and what a judge sees of combat (who
attacks whom, who blocks what, 508.1k, 509.1g-h).

Glossary: features/README.md.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from pytest_bdd import parsers, then, when

from oracle.errors import UserError
from oracle.suite.mismatch import prose

from ..world import World
from .then import _check, _settled
from .when import _card_ref

_BLOCK = re.compile(
    r"(?P<blockers>.+?) as (?:a blocker|blockers) of (?P<attacker>.+?)(?= and .+? as (?:a blocker|blockers) of |$)"
)
_PART = re.compile(r"^(?P<amount>\d+) to (?P<who>.+)$")


def _named(world: World, words: str, controller: str | None = None) -> dict[str, Any]:
    """The permanent called ``words``; "Bob's Grizzly Bears" names the one Bob controls."""
    owner, _, rest = words.partition("'s ")
    if rest and owner in {p["name"] for p in world.players}:
        words, controller = rest, owner
    return world.permanent(words, controller)


@when(parsers.re(r"(?P<player>\w+) plays (?P<card>.+)$"))
def play_land(world: World, player: str, card: str) -> None:
    """305.1, 116.2a: the player plays that card from her hand as her land for the turn."""
    world.act({"type": "play", "player": player, "card": _card_ref(world, player, card, "hand")})


@when(parsers.re(r"(?P<player>\w+) declares (?P<blocks>no blockers|.+ as (?:a blocker|blockers) of .+)$"))
def declare_blockers(world: World, player: str, blocks: str) -> None:
    """509.1: the defending player declares which of her creatures block which attacking creature:
    "Grizzly Bears as a blocker of Hill Giant", "Grizzly Bears and Llanowar Elves as blockers of
    Hill Giant", several such joined by "and"; each blocker among her creatures, each attacker among
    the active player's."""
    declared: list[dict[str, str]] = []
    if blocks != "no blockers":
        active = world.observe()["turn"]["active_player"]
        for match in _BLOCK.finditer(blocks):
            attacker = _named(world, match["attacker"], active)["ref"]
            for blocker in re.split(r", | and ", match["blockers"].strip().removeprefix("and ")):
                declared.append({"blocker": _named(world, blocker, player)["ref"], "attacker": attacker})
    world.act({"type": "declare-blockers", "player": player, "blockers": declared})


def _division(world: World, words: str) -> dict[str, int]:
    """ "2 to Grizzly Bears and 4 to Bob" -> each recipient's ref (or player name) and amount."""
    division: dict[str, int] = {}
    players = {p["name"] for p in world.players}
    for part in re.split(r", | and ", words):
        match = _PART.match(part.strip())
        if match is None:
            raise UserError(f"{part!r} is not '<amount> to <creature or player>'")
        who = match["who"]
        ref = who if who in players else _named(world, who)["ref"]
        division[ref] = division.get(ref, 0) + int(match["amount"])
    return division


def _parsed_option(option: str) -> dict[str, int]:
    """A ``combat-damage`` option, "2 to g1; 0 to g2; 4 to Bob", as its nonzero amounts."""
    parsed: dict[str, int] = {}
    for part in option.split("; "):
        match = _PART.match(part.strip())
        if match is None:
            pytest.fail(f"the engine offers {option!r}, not '<amount> to <ref or player>; ...'")
        if int(match["amount"]):
            parsed[match["who"]] = parsed.get(match["who"], 0) + int(match["amount"])
    return parsed


def _damage_question(world: World, player: str, card: str) -> tuple[dict[str, Any], list[dict[str, int]]]:
    """The pending question of how ``card`` divides its combat damage, and its options parsed."""
    pending = world.observe()["pending_choice"]
    ref = _named(world, card)["ref"]
    if pending is None or pending["kind"] != "combat-damage" or pending.get("source") != ref:
        asked = "nothing" if pending is None else f"{pending['kind']} ({pending.get('source')})"
        pytest.fail(f"{player} is not asked how {card} divides its combat damage (510.1c); asked: {asked}")
    if pending["player"] != player:
        pytest.fail(f"{pending['player']}, not {player}, is asked how {card} divides its combat damage")
    return pending, [_parsed_option(option) for option in pending["options"]]


@when(parsers.re(r"(?P<player>\w+) divides (?P<card>.+?)'s combat damage as (?P<division>.+)$"))
def divide_damage(world: World, player: str, card: str, division: str) -> None:
    """510.1c, 702.19b: answer how an attacking creature divides its combat damage."""
    pending, options = _damage_question(world, player, card)
    wanted = {k: v for k, v in _division(world, division).items() if v}
    if wanted not in options:
        pytest.fail(f"{division} is not among the divisions offered: {prose(pending['options'], 'or')}")
    world.act({"type": "choose", "player": player, "choice": pending["options"][options.index(wanted)]})


@then(parsers.re(r"(?P<player>\w+) (?P<may>may|can't) divide (?P<card>.+?)'s combat damage as (?P<division>.+)$"))
def may_divide(world: World, player: str, may: str, card: str, division: str) -> None:
    """The pending question of how the creature divides its damage offers (or doesn't) that division."""
    pending, options = _damage_question(world, player, card)
    wanted = {k: v for k, v in _division(world, division).items() if v}
    offered = wanted in options
    _check(
        offered == (may == "may"),
        f"{player} {may} divide {card}'s combat damage as {division}",
        f"{player} is offered {prose(pending['options'], 'or')}",
    )


@then(parsers.re(r"(?P<card>.+?) is (?P<negated>not )?attacking(?: (?P<player>\w+))?$"))
def attacking(world: World, card: str, negated: str | None, player: str | None) -> None:
    """508.1k: an attacking creature, and the player it attacks; "is not attacking": removed from
    combat (506.4) or never declared."""
    _settled(world)
    entry = _named_if_there(world, card)
    whom = entry.get("attacking") if entry else None
    if negated:
        _check(whom is None, f"{card} is not attacking", f"{card} is attacking {whom}")
    else:
        expected = f"{card} is attacking" + (f" {player}" if player else "")
        _check(
            whom is not None and (player is None or whom == player), expected, f"{card} is attacking {whom or 'nobody'}"
        )


def _named_if_there(world: World, card: str) -> dict[str, Any] | None:
    owner, _, rest = card.partition("'s ")
    controller = owner if rest and owner in {p["name"] for p in world.players} else None
    found = world.permanents(rest if controller else card, controller)
    return found[0] if found else None


@then(parsers.re(r"(?P<card>.+?) is (?P<negated>not )?blocking(?: (?P<attacker>.+))?$"))
def blocking(world: World, card: str, negated: str | None, attacker: str | None) -> None:
    """509.1g: a blocking creature and the attacking creature it blocks."""
    _settled(world)
    entry = _named_if_there(world, card)
    blocked = list(entry.get("blocking") or []) if entry else []
    if negated:
        _check(not blocked, f"{card} is not blocking", f"{card} is blocking {prose(blocked)}")
        return
    wanted = _named(world, attacker)["ref"] if attacker else None
    holds = bool(blocked) and (wanted is None or wanted in blocked)
    _check(
        holds,
        f"{card} is blocking {attacker or 'a creature'}",
        f"{card} is blocking {prose(blocked) if blocked else 'nothing'}",
    )


@then(parsers.re(r"(?P<card>.+?) is (?P<state>blocked|unblocked)$"))
def blocked_or_not(world: World, card: str, state: str) -> None:
    """509.1h: once blockers are declared, each attacking creature is blocked or unblocked; it stays
    blocked when its blockers leave combat."""
    _settled(world)
    entry = _named(world, card)
    if entry.get("attacking") is None:
        _check(False, f"{card} is an attacking creature, {state}", f"{card} is not attacking")
    seen = entry.get("blocked")
    observed = "neither blocked nor unblocked yet" if seen is None else ("blocked" if seen else "unblocked")
    _check(seen is (state == "blocked"), f"{card} is {state}", f"{card} is {observed}")
