"""The divisions of combat damage the rules allow (510.1a, 510.1c, 510.1d, 702.19b, 702.19d, 702.2c),
worked out from the observed combat: who attacks, who blocks what, each creature's power,
toughness, damage and keywords.

A ``combat-damage`` question (contract 1.3.0) asks how its ``source``, an attacking or blocking
creature, assigns its combat damage; each option names recipients with amounts, ``"<amount> to
<ref or player>"`` joined by ``"; "``.  A recipient left out gets none, and recipients may come in
any order (the contract compares them so).  An option is legal when it assigns exactly the
creature's power (510.1a), only to the creatures blocking it or that it blocks (510.1c, 510.1d),
and, for an attacker with trample, to the player it attacks only once every blocker is assigned
lethal damage (702.19b): its toughness less the damage already marked, or 1 from a source with
deathtouch (702.2c).  Since the 2025 rules there is no damage assignment order: among blockers,
the damage is divided as its controller chooses (510.1c).
"""

from __future__ import annotations

import re
from typing import Any

from .option_rules import Illegal

JSON = dict[str, Any]
_PART = re.compile(r"^(?P<amount>\d+) to (?P<who>.+)$")


def parsed(option: str) -> dict[str, int] | None:
    """ "2 to g1; 0 to g2; 4 to Bob" -> each recipient's total; None when it isn't in that form."""
    division: dict[str, int] = {}
    for part in option.split(";"):
        match = _PART.match(part.strip())
        if match is None:
            return None
        division[match["who"]] = division.get(match["who"], 0) + int(match["amount"])
    return division


def _lethal(blocker: JSON, source: JSON) -> int:
    """Lethal damage for 702.19b: the blocker's toughness less its damage, 1 from deathtouch."""
    left = max(0, (blocker["toughness"] or 0) - blocker.get("damage", 0))
    return min(left, 1) if "deathtouch" in source["keywords"] else left


def illegal_divisions(pending: JSON, observation: JSON) -> list[Illegal]:
    """Every option of a ``combat-damage`` question that no legal assignment of its source's
    combat damage matches, each with why and the rule that excludes it."""
    battlefield = {p["ref"]: p for p in observation["battlefield"]}
    source = battlefield.get(pending.get("source") or "")
    options = pending["options"]
    if source is None or (source.get("attacking") is None and not source.get("blocking")):
        named = pending.get("source") or "no creature"
        why = f"the question divides the damage of {named}, which is neither attacking nor blocking"
        return [Illegal(o, why, "510.1") for o in options]
    name, power = source["name"], source["power"] or 0
    if power <= 0:
        return [Illegal(o, f"{name} has power {power} and assigns no combat damage", "510.1a") for o in options]
    attacked = source.get("attacking")
    if attacked is None:  # a blocking creature (510.1d)
        allowed = {ref: 0 for ref in source["blocking"] if ref in battlefield}
        player = None
    else:
        blockers = [p for p in battlefield.values() if source["ref"] in (p.get("blocking") or [])]
        allowed = {b["ref"]: _lethal(b, source) if len(b["blocking"]) == 1 else 0 for b in blockers}
        unblocked = not blockers and source.get("blocked") is not True  # 510.1b
        player = attacked if "trample" in source["keywords"] or unblocked else None
    found = []
    for option in options:
        why = _why_illegal(option, source, allowed, player, battlefield)
        if why is not None:
            found.append(Illegal(option, *why))
    return found


def _why_illegal(
    option: str, source: JSON, allowed: dict[str, int], player: str | None, battlefield: dict[str, JSON]
) -> tuple[str, str] | None:
    """Why one division of ``source``'s damage is illegal, and the rule; None when it is legal.
    ``allowed`` holds the creatures it may be assigned to, each with the damage lethal to it for
    trample; ``player`` the player it may be assigned to (with trample, or unblocked), if any."""
    division = parsed(option)
    name, power = source["name"], source["power"]
    if division is None:
        return "it is not '<amount> to <ref or player>' joined by '; '", "observation.schema.json"
    total = sum(division.values())
    if total != power:
        return f"it assigns {total} damage in all, and {name} assigns its power, {power}", "510.1a"
    for who, amount in division.items():
        if not amount or who in allowed or who == player:
            continue
        if who in battlefield:
            return f"{battlefield[who]['name']} ({who}) is neither blocking {name} nor blocked by it", "510.1c, 510.1d"
        if who == source.get("attacking"):
            return f"{name} is blocked and has no trample: it assigns no damage to {who}", "510.1c, 702.19b"
        return f"{who} is neither a creature in combat with {name} nor the player it attacks", "510.1b, 510.1c"
    if player is not None and division.get(player, 0) and allowed:
        short = [who for who, lethal in allowed.items() if division.get(who, 0) < lethal]
        if short:
            blocker = battlefield[short[0]]
            return (
                f"it assigns damage to {player} before {blocker['name']} ({short[0]}) is assigned lethal damage "
                f"({allowed[short[0]]})",
                "702.19b, 702.2c" if "deathtouch" in source["keywords"] else "702.19b",
            )
    return None
