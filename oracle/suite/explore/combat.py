"""Combat in the suite's words: the blocks a defending player may attempt (509.1), the divisions
of an attacking creature's combat damage (510.1c, 702.19b), and what a judge sees of combat.

Each block is written as the ``declares … as a blocker of …`` step, each division as the
``divides …'s combat damage as …`` step (``oracle/harness/steps/combat_steps.py``), with words
that find the same creatures on replay: the steps split a list of names at ", " and " and ", so
a creature whose name holds either is never named in them.  A division is matched against an
engine's own question by those words, never by the reference engine's refs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

from .naming import controlled_phrase, permanents, unique_phrase

JSON = dict[str, Any]
_PART = re.compile(r"^(?P<amount>\d+) to (?P<who>.+)$")
#: Blocks offered at most in one declare blockers step (the simplest first).
MOST_BLOCKS = 40


def listable(words: str | None) -> str | None:
    """Words a step that splits names at ", " and " and " reads back as one name."""
    if words is None or ", " in words or " and " in words or " as " in words or " to " in words:
        return None
    return words


def _creatures(observation: JSON, player: str) -> list[JSON]:
    return [p for p in observation["battlefield"] if p["controller"] == player and "Creature" in p["types"]]


def blocks(observation: JSON, refs: dict[str, str], several: bool) -> list[tuple[str, list[JSON]]]:
    """The blocks the defending player may attempt as the declare blockers step begins (509.1):
    one creature blocking one attacker, or none; with ``several``, two creatures blocking one
    attacker (509.1a), one blocking each of two attackers, and one creature blocking two
    attackers (illegal without an effect that allows it, 509.1a).  The creatures may be tapped,
    fly or not (509.1b, 702.9b): illegal attempts are welcome.  Each is (the words after
    "declares", the contract's blockers)."""
    turn = observation["turn"]
    if observation["pending_choice"] is not None or turn["priority_player"] or turn["step"] != "declare-blockers":
        return []
    active = turn["active_player"]
    defender = next((p["name"] for p in observation["players"] if p["name"] != active), "")
    attackers = [
        (a["ref"], w)
        for a in observation["battlefield"]
        if a.get("attacking") and (w := listable(controlled_phrase(observation, refs, a, active)))
    ]
    blockers = [
        (b["ref"], w)
        for b in _creatures(observation, defender)
        if (w := listable(controlled_phrase(observation, refs, b, defender)))
    ]
    found: list[tuple[str, list[JSON]]] = []
    if not several:
        for attacker, a_words in attackers:
            for blocker, b_words in blockers:
                found.append((f"{b_words} as a blocker of {a_words}", [{"blocker": blocker, "attacker": attacker}]))
        return [*found[:MOST_BLOCKS], ("no blockers", [])]  # after the blocks: shrinking tries a block first
    for attacker, a_words in attackers:
        for (first, f_words), (second, s_words) in combinations(blockers, 2):
            pair = [{"blocker": first, "attacker": attacker}, {"blocker": second, "attacker": attacker}]
            found.append((f"{f_words} and {s_words} as blockers of {a_words}", pair))
    for (one, o_words), (other, t_words) in combinations(attackers, 2):
        for (first, f_words), (second, s_words) in combinations(blockers, 2):
            pair = [{"blocker": first, "attacker": one}, {"blocker": second, "attacker": other}]
            found.append((f"{f_words} as a blocker of {o_words} and {s_words} as a blocker of {t_words}", pair))
        for blocker, b_words in blockers[:1]:
            twice = [{"blocker": blocker, "attacker": one}, {"blocker": blocker, "attacker": other}]
            found.append((f"{b_words} as a blocker of {o_words} and {b_words} as a blocker of {t_words}", twice))
    return found[:MOST_BLOCKS]


def find(observation: JSON, refs: dict[str, str], words: str) -> list[JSON]:
    """The permanents the combat steps mean by ``words``: "Bob's Grizzly Bears" is the one Bob
    controls (``_named`` of the combat steps)."""
    owner, _, rest = words.partition("'s ")
    if rest and owner in _players(observation):
        return permanents(observation, refs, rest, owner)
    return permanents(observation, refs, words)


def named(observation: JSON, refs: dict[str, str], permanent: JSON) -> str | None:
    """Words the combat steps read back as this permanent: its name, or "Bob's" name when another
    player's permanent shares it."""
    words = controlled_phrase(observation, refs, permanent, None)
    if words is None:
        own = controlled_phrase(observation, refs, permanent, permanent["controller"])
        words = None if own is None else f"{permanent['controller']}'s {own}"
    return words if words is not None and find(observation, refs, words)[:1] == [permanent] else None


def parse_option(option: str) -> dict[str, int] | None:
    """A ``combat-damage`` option, "2 to g1; 0 to g2; 4 to Bob", as its nonzero amounts."""
    parsed: dict[str, int] = {}
    for part in option.split("; "):
        match = _PART.match(part.strip())
        if match is None:
            return None
        if int(match["amount"]):
            parsed[match["who"]] = parsed.get(match["who"], 0) + int(match["amount"])
    return parsed


def _players(observation: JSON) -> set[str]:
    return {p["name"] for p in observation["players"]}


def division_words(observation: JSON, refs: dict[str, str], option: str) -> str | None:
    """Words for the division ``option`` that the ``divides`` step reads back as that option:
    each recipient with damage, by the name that finds it first, or the player's name."""
    parsed = parse_option(option)
    if not parsed:
        return None
    by_ref = {p["ref"]: p for p in observation["battlefield"]}
    parts = []
    for who, amount in parsed.items():
        if who in _players(observation):
            words: str | None = who
        elif who in by_ref:
            words = listable(named(observation, refs, by_ref[who]))
        else:
            words = None
        if words is None:
            return None
        parts.append(f"{amount} to {words}")
    return " and ".join(parts)


def parse_division(observation: JSON, refs: dict[str, str], words: str) -> dict[str, int] | None:
    """What the ``divides`` step makes of ``words`` on this observation: each recipient's ref (or
    player name) and its amount; ``None`` when a name finds nothing."""
    division: dict[str, int] = {}
    for part in re.split(r", | and ", words):
        match = _PART.match(part.strip())
        if match is None:
            return None
        who = match["who"]
        if who not in _players(observation):
            found = find(observation, refs, who)
            if not found:
                return None
            who = found[0]["ref"]
        division[who] = division.get(who, 0) + int(match["amount"])
    return {k: v for k, v in division.items() if v}


def attacker_words(observation: JSON, refs: dict[str, str]) -> str | None:
    """The name that finds the creature whose combat damage the pending question divides."""
    pending = observation["pending_choice"]
    source = next((p for p in observation["battlefield"] if p["ref"] == pending.get("source")), None)
    return None if source is None else named(observation, refs, source)


def matching_option(observation: JSON, refs: dict[str, str], attacker: str, words: str) -> str | None:
    """The option of this engine's pending ``combat-damage`` question that "divides <attacker>'s
    combat damage as <words>" answers (``None``: none, or no such question)."""
    pending = observation["pending_choice"]
    found = find(observation, refs, attacker)
    if pending is None or pending["kind"] != "combat-damage" or not found or pending.get("source") != found[0]["ref"]:
        return None
    wanted = parse_division(observation, refs, words)
    for option in pending["options"]:
        if wanted is not None and parse_option(option) == wanted:
            return str(option)
    return None


def divisions(observation: JSON, refs: dict[str, str]) -> Iterator[tuple[str, str, str, str]]:
    """(player, attacker's words, division's words, option) for each option of the pending
    ``combat-damage`` question that the steps can name."""
    pending = observation["pending_choice"]
    if pending is None or pending["kind"] != "combat-damage":
        return
    attacker = attacker_words(observation, refs)
    if attacker is None:
        return
    for option in pending["options"]:
        words = division_words(observation, refs, option)
        if words is not None:
            yield pending["player"], attacker, words, option


# -- what a judge sees -----------------------------------------------------------------------------

#: A Then step: its text, what it is about, and when it holds on an observation.
Claim = tuple[str, str, Callable[[JSON], bool]]


def _first(observation: JSON, refs: dict[str, str], words: str) -> JSON | None:
    found = permanents(observation, refs, words)
    return found[0] if found else None


def _attacking(refs: dict[str, str], words: str, whom: str | None, observation: JSON) -> bool:
    """``Then X is attacking Bob`` (``whom``) or ``Then X is not attacking`` (``None``)."""
    found = _first(observation, refs, words)
    return (found.get("attacking") if found else None) == whom


def _blocking(refs: dict[str, str], words: str, attacker: str | None, observation: JSON) -> bool:
    """``Then X is blocking Y`` or ``Then X is not blocking`` (``None``)."""
    found = _first(observation, refs, words)
    blocked = list(found.get("blocking", [])) if found else []
    if attacker is None:
        return not blocked
    target = _first(observation, refs, attacker)
    return target is not None and target["ref"] in blocked


def _blocked(refs: dict[str, str], words: str, state: bool, observation: JSON) -> bool:
    found = _first(observation, refs, words)
    return found is not None and "attacking" in found and found.get("blocked") is state


def _damage(refs: dict[str, str], words: str, amount: int, observation: JSON) -> bool:
    found = permanents(observation, refs, words)
    return len(found) == 1 and found[0].get("damage") == amount


def combat_claims(observation: JSON, refs: dict[str, str]) -> list[Claim]:
    """Who attacks whom, who blocks what, which attackers are blocked (508.1k, 509.1g-h), and the
    damage marked on each creature (120.3e), for every creature a Then step names unambiguously."""
    claims: list[Claim] = []
    for creature in observation["battlefield"]:
        words = unique_phrase(observation, refs, creature)
        if words is None or "Creature" not in creature["types"]:
            continue
        whom = creature.get("attacking")
        text = f"{words} is attacking {whom}" if whom else f"{words} is not attacking"
        claims.append((text, "combat", _bind(_attacking, refs, words, whom)))
        if whom and creature.get("blocked") is not None:
            state = bool(creature["blocked"])
            text = f"{words} is {'blocked' if state else 'unblocked'}"
            claims.append((text, "combat", _bind(_blocked, refs, words, state)))
        blocked = [p for p in observation["battlefield"] if p["ref"] in creature.get("blocking", [])]
        named = [w for p in blocked if (w := unique_phrase(observation, refs, p))]
        for attacker in named:
            claims.append((f"{words} is blocking {attacker}", "combat", _bind(_blocking, refs, words, attacker)))
        if not blocked:
            claims.append((f"{words} is not blocking", "combat", _bind(_blocking, refs, words, None)))
        if isinstance(creature.get("damage"), int):
            amount = creature["damage"]
            text = f"{words} has {amount or 'no'} damage marked on it"
            claims.append((text, "damage", _bind(_damage, refs, words, amount)))
    return claims


def _may_divide(player: str, attacker: str, words: str, may: bool, refs: dict[str, str], observation: JSON) -> bool:
    """``Then Alice may (can't) divide X's combat damage as …``: the question is pending, and
    offers (or doesn't) that division."""
    pending = observation["pending_choice"]
    found = find(observation, refs, attacker)
    if pending is None or pending["kind"] != "combat-damage" or pending["player"] != player or not found:
        return False
    if pending.get("source") != found[0]["ref"]:
        return False
    wanted = parse_division(observation, refs, words)
    offered = wanted is not None and wanted in [parse_option(o) for o in pending["options"]]
    return offered == may


def division_claims(observation: JSON, refs: dict[str, str]) -> list[Claim]:
    """The divisions the pending ``combat-damage`` question offers (510.1c, 702.19b)."""
    claims: list[Claim] = []
    for player, attacker, words, _ in divisions(observation, refs):
        text = f"{player} may divide {attacker}'s combat damage as {words}"
        claims.append((text, "choice", _bind(_may_divide, player, attacker, words, True, refs)))
    return claims


def _bind(function: Callable[..., bool], *args: Any) -> Callable[[JSON], bool]:
    def holds(observation: JSON) -> bool:
        return function(*args, observation)

    return holds
