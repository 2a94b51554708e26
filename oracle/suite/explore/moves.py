"""The actions a player may attempt from an observed state, each as a When step and the contract
action that step sends.

Actions come from what the engine shows: the player with priority passes, casts a card from
hand (announcing X, blitz, kicker or offspring, and a target, as the card allows, and offspring
on any creature spell, since an effect may grant it), or activates an ability of a permanent
she controls (targeting anything the steps can name); the active player declares attackers as
the declare attackers step begins (508.1); a player asked a question answers it with any of its
options.  Attempts may be illegal: the engines must then agree that they are.  Only actions a
step can say are offered, with words that find the same object on replay (:mod:`.naming`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Pool
from .naming import (
    answer_phrase,
    controlled_phrase,
    first_in_hand,
    target_phrase,
    untapped_first_phrase,
)

JSON = dict[str, Any]
ORDINALS = ("first", "second", "third")
#: Kinds of move, in the order shrinking prefers (the first is the simplest).  A "round" is every
#: player passing once in turn, so the top of the stack resolves or the step ends (117.4): one
#: pass after the other, each an attempt of its own.
KINDS = ("pass", "round", "choose", "declare", "activate", "cast")


@dataclass(frozen=True)
class Move:
    """One attempt: the When step (without "When"), the action, what it is about, and for an answer
    to a question, the words that name the option."""

    text: str
    action: JSON
    subject: str
    words: str = ""
    rounds: bool = False
    """After this pass, the other players pass in turn too."""


def moves(observation: JSON, refs: dict[str, str], pool: Pool) -> dict[str, list[Move]]:
    """Every move on offer, by kind; kinds with none are left out."""
    found: dict[str, list[Move]] = {kind: [] for kind in KINDS}
    pending = observation["pending_choice"]
    turn = observation["turn"]
    if pending is not None:
        found["choose"] = _answers(observation, refs, pending)
    elif not turn["priority_player"] and turn["step"] == "declare-attackers":
        found["declare"] = _attacks(observation, refs, turn["active_player"])
    elif turn["priority_player"]:
        player = turn["priority_player"]
        subject = observation["stack"][-1]["name"] if observation["stack"] else "an empty stack"
        found["pass"] = [Move(f"{player} passes priority", {"type": "pass", "player": player}, subject)]
        found["round"] = [Move(f"{player} passes priority", {"type": "pass", "player": player}, subject, rounds=True)]
        found["activate"] = _activations(observation, refs, pool, player)
        found["cast"] = _casts(observation, refs, pool, player)
    return {kind: found[kind] for kind in KINDS if found[kind]}


def _answers(observation: JSON, refs: dict[str, str], pending: JSON) -> list[Move]:
    player = pending["player"]
    found = []
    for option in pending["options"]:
        words = answer_phrase(observation, refs, option)
        if words is not None:
            action = {"type": "choose", "player": player, "choice": option}
            found.append(Move(f"{player} chooses {words}", action, f"a {pending['kind']} choice", words))
    return found


def _attacks(observation: JSON, refs: dict[str, str], player: str) -> list[Move]:
    none = {"type": "declare-attackers", "player": player, "attackers": []}
    found = [Move(f"{player} declares no attackers", none, "attackers")]
    for permanent in observation["battlefield"]:
        if permanent["controller"] == player and "Creature" in permanent["types"]:
            words = controlled_phrase(observation, refs, permanent, player)
            if words is not None:
                action = {"type": "declare-attackers", "player": player, "attackers": [permanent["ref"]]}
                found.append(Move(f"{player} declares {words} as an attacker", action, permanent["name"]))
    return found


def _targets(observation: JSON, refs: dict[str, str]) -> list[tuple[str, str]]:
    """(ref, words) of every object a step can name as a target."""
    refs_seen = [p["ref"] for p in observation["battlefield"]]
    refs_seen += [c["ref"] for p in observation["players"] for c in p["graveyard"]]
    refs_seen += [s["ref"] for s in observation["stack"] if s["kind"] == "spell" and s.get("ref")]
    found = []
    for ref in dict.fromkeys(refs_seen):
        words = target_phrase(observation, refs, ref)
        if words is not None:
            found.append((ref, words))
    return found


def _activations(observation: JSON, refs: dict[str, str], pool: Pool, player: str) -> list[Move]:
    found = []
    targets = _targets(observation, refs)
    for permanent in observation["battlefield"]:
        if permanent["controller"] != player or permanent["name"] not in pool:
            continue
        card = pool[permanent["name"]]
        words = controlled_phrase(observation, refs, permanent, player)
        base = {"type": "activate", "player": player, "source": permanent["ref"]}
        if words is not None:
            for index, _ in enumerate(card.abilities[: len(ORDINALS)], start=1):
                text = f"{player} activates the {ORDINALS[index - 1]} ability of {words}"
                found.append(Move(text, {**base, "ability": index}, card.name))
        mana = card.lands_for_mana()
        tapping = untapped_first_phrase(observation, refs, permanent, player)
        if mana is not None and tapping is not None:
            found.append(Move(f"{player} taps {tapping} for mana", {**base, "ability": mana}, card.name))
        first = card.abilities[0] if card.abilities else None
        if first is not None and first.targets and not first.text.startswith("Equip") and words == card.name:
            for ref, target in targets:
                text = f"{player} activates {words}'s ability targeting {target}"
                found.append(Move(text, {**base, "ability": 1, "targets": [ref]}, card.name))
    return found


def _casts(observation: JSON, refs: dict[str, str], pool: Pool, player: str) -> list[Move]:
    found = []
    targets = _targets(observation, refs)
    for entry in first_in_hand(observation, player):
        if entry["name"] not in pool:
            continue
        card = pool[entry["name"]]
        xs: list[int | None] = [0, 1, 2, 3] if card.has_x else [None]
        alternatives: list[str | None] = [None, "blitz"] if card.keyword("Blitz") else [None]
        additional: list[str | None] = [None]
        additional += ["kicker"] if card.keyword("Kicker") else []
        additional += ["offspring"] if card.creature else []
        aims: list[tuple[str, str] | None] = list(targets) if card.spell_targets else [None]
        for x in xs:
            for alternative in alternatives:
                for cost in additional:
                    for aim in aims:
                        found.append(_cast(player, entry, card.name, x, alternative, cost, aim))
    return found


def _cast(
    player: str,
    entry: JSON,
    name: str,
    x: int | None,
    alternative: str | None,
    cost: str | None,
    aim: tuple[str, str] | None,
) -> Move:
    """The cast step's words, in its order: X, blitz, an additional cost, a target."""
    text = f"{player} casts {name}"
    action: JSON = {"type": "cast", "player": player, "card": entry["ref"]}
    if x is not None:
        text += f" with X = {x}"
        action["x"] = x
    if alternative:
        text += f" for its {alternative} cost"
        action["alternative_cost"] = alternative
    if cost:
        text += f" paying its {cost} cost"
        action["additional_costs"] = [cost]
    if aim is not None:
        text += f" targeting {aim[1]}"
        action["targets"] = [aim[0]]
    return Move(text, action, name)
