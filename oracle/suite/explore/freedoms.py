"""What the contract leaves to each engine, so that no divergence rests on it.

* **The mana spent** (601.2h): a cost paid without naming the mana (the action's ``mana``) from
  a pool holding more than one type, or from mana that abilities activated while paying added
  to it (601.2g), leaves to each engine which mana paid it; what is left in the pool is then
  its choice, until the pools are empty again.
* **Targets not named**: the reference engine rejects an action that names no target for it;
  another engine may accept it and ask for the target (the contract's ``target`` question).
* **How combat damage is divided** (510.1c, 702.19b): the player chooses; an engine that divides
  it itself, where the reference engine asks, made a choice the scenario did not state.
* **A declaration with one option**: an engine that declares no blockers itself where the
  defending player has no creature that could block (509.1a, 702.9b) made the only declaration
  there is.
* **What follows a loss** (104.2a): once a player has lost, only who lost is compared.
"""

from __future__ import annotations

from typing import Any

from .compare import agree
from .divergence import Attempt
from .facts import Fact

JSON = dict[str, Any]


def pools(observation: JSON) -> list[int]:
    return [sum(p["mana_pool"].values()) for p in observation["players"]]


def _pool(observation: JSON, player: str) -> dict[str, int]:
    return next((p["mana_pool"] for p in observation["players"] if p["name"] == player), {})


def _spent(before: JSON, after: JSON, player: str) -> bool:
    """Whether some mana left the player's pool: a cost was paid from it."""
    was, now = _pool(before, player), _pool(after, player)
    return any(amount > now.get(kind, 0) for kind, amount in was.items())


def free_mana_choice(action: JSON, before: JSON, after: JSON) -> bool:
    """Whether a cost was just paid from a pool without naming the mana (the contract's "mana"
    field) where the mana left could depend on which mana paid it: the engine chose (601.2h),
    and another engine may rightly choose otherwise.  Mana added by abilities activated while
    paying (601.2g) joins the pool first: any mana left then may be of the engine's choosing."""
    if action["type"] not in ("cast", "activate") or "mana" in action:
        return False
    player = action["player"]
    if action.get("mana_abilities"):
        return any(_pool(after, player).values())
    if not _spent(before, after, player):
        return False
    return sum(1 for v in _pool(before, player).values() if v) > 1 and any(_pool(after, player).values())


def only_the_mana_differs(mine: JSON, theirs: JSON, combat: bool) -> bool:
    """Pools of the same sizes, of other types, and nothing else different."""
    if pools(mine) != pools(theirs):
        return False
    without = [{**o, "players": [{**p, "mana_pool": {}} for p in o["players"]]} for o in (mine, theirs)]
    return agree(without[0], without[1], combat)


def codes(attempt: Attempt) -> set[str]:
    """The rejection codes the two engines gave an attempt."""
    outcomes = (attempt.reference, attempt.other)
    return {o["rejection"]["code"] for o in outcomes if o is not None and not o["accepted"]}


def targets_left_open(attempt: Attempt) -> bool:
    """The action named no target, and the reference engine rejected it for that: the contract
    takes targets with the action but also lets an engine ask for them (its "target" question),
    so accepting it is no divergence."""
    assert attempt.reference is not None
    return "targets" not in attempt.move.action and codes(attempt) == {"illegal-target"}


def division_left_to_the_engine(mine: JSON, theirs: JSON) -> bool:
    """The reference engine asks how an attacking creature divides its combat damage among
    several divisions (510.1c), and the engine under test, in the same step of the same turn,
    asks nothing: it divided the damage itself, a choice no step of the scenario stated."""
    pending = mine["pending_choice"]
    if pending is None or pending["kind"] != "combat-damage" or len(pending["options"]) < 2:
        return False
    same_step = [(o["turn"]["number"], o["turn"]["step"]) for o in (mine, theirs)]
    return theirs["pending_choice"] is None and same_step[0] == same_step[1]


def no_blockers_declared_by_the_engine(mine: JSON, theirs: JSON) -> bool:
    """The reference engine waits for the defending player to declare blockers (509.1), who
    controls no creature that could block (untapped, 509.1a; with flying or reach to block a
    creature with flying, 702.9b, 702.17b): declaring none is the only declaration, and the
    engine under test, in the same step, made it itself and gave priority (509.2), as an engine
    may make a choice with a single option.  The steps can't follow both (the declaration is
    an action of its own, which such an engine refuses), so the example ends."""
    turn = mine["turn"]
    if mine["pending_choice"] is not None or turn["priority_player"] or turn["step"] != "declare-blockers":
        return False
    same_step = [(o["turn"]["number"], o["turn"]["step"]) for o in (mine, theirs)]
    if same_step[0] != same_step[1] or not theirs["turn"]["priority_player"]:
        return False
    defender = next((p["name"] for p in mine["players"] if p["name"] != turn["active_player"]), "")
    attackers = [p for p in mine["battlefield"] if p.get("attacking")]
    able = [
        p
        for p in mine["battlefield"]
        if p["controller"] == defender and "Creature" in p["types"] and not p["tapped"]
        if any(_can_block(p, attacker) for attacker in attackers)
    ]
    return not able and not any(p.get("blocking") for p in theirs["battlefield"])


def _can_block(blocker: JSON, attacker: JSON) -> bool:
    """An untapped creature can block an attacker unless it has flying and the blocker has
    neither flying nor reach (702.9b, 702.17b): the only restriction the cards dealt have."""
    keywords = {k.lower() for k in blocker["keywords"]}
    return "flying" not in {k.lower() for k in attacker["keywords"]} or bool(keywords & {"flying", "reach"})


def lost(observation: JSON) -> set[str]:
    """The players who have lost the game."""
    return {p["name"] for p in observation["players"] if p.get("lost")}


def lost_fact(player: str, has_lost: bool) -> Fact:
    def holds(observation: JSON) -> bool:
        return (player in lost(observation)) == has_lost

    return Fact(f"{player} has {'' if has_lost else 'not '}lost the game", "lost", holds)


def pools_empty(observation: JSON) -> bool:
    return not any(pools(observation))


def single(observation: JSON) -> bool:
    pending = observation["pending_choice"]
    return pending is not None and len(pending["options"]) == 1
