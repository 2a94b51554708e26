"""The actions a player may attempt from an observed state, each as a When step and the contract
action that step sends.

Actions come from what the engine shows: the player with priority passes, casts a card from
hand (announcing X, blitz, kicker or offspring, and a target, as the card allows, and offspring
on any creature spell, since an effect may grant it), or activates an ability of a permanent
she controls (targeting anything the steps can name), paying by tapping her lands and creatures
for mana as she does (601.2g, 602.2b), or plays a land from her hand (305.1); the active player
declares attackers as the declare attackers step begins (508.1), the defending player blockers
as the declare blockers step begins (509.1, :mod:`.combat`); a player asked a question answers
it with any of its options, and how an attacking creature divides its combat damage with any of
the divisions offered (510.1c).  Attempts may be illegal: the engines must then agree that they
are.  Only actions a step can say are offered, with words that find the same object on replay
(:mod:`.naming`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .cards import Card, Pool, is_mana_ability
from .combat import blocks, divisions, listable
from .naming import (
    answer_phrase,
    controlled_phrase,
    first_in_hand,
    target_phrase,
    untapped_first_phrase,
)
from .paying import cost_amount, listed, tappings

JSON = dict[str, Any]
ORDINALS = ("first", "second", "third")


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
    divides: str = ""
    """For an answer to a ``combat-damage`` question: the words naming the attacking creature (the
    division's are ``words``)."""


def moves(
    observation: JSON, refs: dict[str, str], pool: Pool, offers: Callable[[Move], bool] | None = None
) -> dict[str, list[Move]]:
    """Every move on offer, by kind (kinds with none are left out); with ``offers``, only the moves
    it keeps (:meth:`~.scope.Scope.offers`: within what the engine under test plays)."""
    found: dict[str, list[Move]] = {}
    _SHARED.clear()
    _SHARED["observation"] = observation
    try:
        for kind, generate in GENERATORS.items():
            offered = [m for m in generate(observation, refs, pool) if offers is None or offers(m)]
            if offered:
                found[kind] = offered
    finally:
        _SHARED.clear()
    return found


#: What the generators of one call of :func:`moves` work out once and share (the targets).
_SHARED: dict[str, Any] = {}


def _priority(observation: JSON) -> str:
    """The player who may act now: who holds priority, with no question pending (117.1)."""
    if observation["pending_choice"] is not None:
        return ""
    return str(observation["turn"]["priority_player"] or "")


def _subject(observation: JSON) -> str:
    """What a pass is about: the kind of object on top of the stack that it may resolve, or the
    empty stack (the step may end, 117.4)."""
    if not observation["stack"]:
        return "an empty stack"
    kind = observation["stack"][-1]["kind"]
    return {"spell": "a spell", "activated": "an activated ability", "triggered": "a triggered ability"}.get(kind, kind)


def offer_pass(observation: JSON, refs: dict[str, str], pool: Pool) -> list[Move]:
    player = _priority(observation)
    if not player:
        return []
    return [Move(f"{player} passes priority", {"type": "pass", "player": player}, _subject(observation))]


def offer_round(observation: JSON, refs: dict[str, str], pool: Pool) -> list[Move]:
    return [replace(move, rounds=True) for move in offer_pass(observation, refs, pool)]


def offer_choose(observation: JSON, refs: dict[str, str], pool: Pool) -> list[Move]:
    pending = observation["pending_choice"]
    if pending is None or pending["kind"] == "combat-damage":  # a division is named by its own step
        return []
    return _answers(observation, refs, pending)


def offer_divide(observation: JSON, refs: dict[str, str], pool: Pool) -> list[Move]:
    """How an attacking creature divides its combat damage (510.1c, 702.19b): any division offered."""
    return [
        division_move(player, attacker, words, option)
        for player, attacker, words, option in divisions(observation, refs)
    ]


def division_move(player: str, attacker: str, words: str, option: str) -> Move:
    action = {"type": "choose", "player": player, "choice": option}
    text = f"{player} divides {attacker}'s combat damage as {words}"
    return Move(text, action, "a combat-damage choice", words, divides=attacker)


def offer_declare(observation: JSON, refs: dict[str, str], pool: Pool) -> list[Move]:
    """The active player declares attackers as the declare attackers step begins (508.1)."""
    turn = observation["turn"]
    if observation["pending_choice"] is not None or turn["priority_player"] or turn["step"] != "declare-attackers":
        return []
    return _attacks(observation, refs, turn["active_player"])


def offer_block(observation: JSON, refs: dict[str, str], pool: Pool, several: bool = False) -> list[Move]:
    """The defending player declares blockers as the declare blockers step begins (509.1): one
    creature blocking one attacker, or none."""
    active = observation["turn"]["active_player"]
    defender = next((p["name"] for p in observation["players"] if p["name"] != active), "")
    found = []
    for words, declared in blocks(observation, refs, several):
        action = {"type": "declare-blockers", "player": defender, "blockers": declared}
        found.append(Move(f"{defender} declares {words}", action, "blockers"))
    return found


def offer_blocks(observation: JSON, refs: dict[str, str], pool: Pool) -> list[Move]:
    """Several blockers at once: two on one attacker (509.1a, then its damage is divided among
    them, 510.1c), one on each of two attackers, or one on two (illegal)."""
    return offer_block(observation, refs, pool, several=True)


def offer_play(observation: JSON, refs: dict[str, str], pool: Pool) -> list[Move]:
    """The player with priority plays a land from her hand (305.1): legal only in her own main
    phase with an empty stack, once a turn (305.2, 505.6b)."""
    player = _priority(observation)
    found = []
    for entry in first_in_hand(observation, player) if player else []:
        if entry["name"] in pool and "Land" in pool[entry["name"]].types:
            action = {"type": "play", "player": player, "card": entry["ref"]}
            found.append(Move(f"{player} plays {entry['name']}", action, entry["name"]))
    return found


def offer_activate(observation: JSON, refs: dict[str, str], pool: Pool) -> list[Move]:
    player = _priority(observation)
    return _activations(observation, refs, pool, player) if player else []


def offer_cast(observation: JSON, refs: dict[str, str], pool: Pool) -> list[Move]:
    player = _priority(observation)
    return _casts(observation, refs, pool, player) if player else []


#: Each kind of move and what offers it, in the order shrinking prefers (the first is the
#: simplest).  A "round" is every player passing once in turn, so the top of the stack resolves
#: or the step ends (117.4): one pass after the other, each an attempt of its own.  A new kind of
#: action is one more small function here.
GENERATORS: dict[str, Callable[[JSON, dict[str, str], Pool], list[Move]]] = {
    "pass": offer_pass,
    "round": offer_round,
    "choose": offer_choose,
    "declare": offer_declare,
    "block": offer_block,
    "blocks": offer_blocks,
    "divide": offer_divide,
    "play": offer_play,
    "activate": offer_activate,
    "cast": offer_cast,
}
KINDS = tuple(GENERATORS)


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
    """Each creature alone, every untapped one at once, then none (508.1): what shrinking tries
    first is an attack, so that more examples go on to blocks and combat damage."""
    found = []
    for permanent in observation["battlefield"]:
        if permanent["controller"] == player and "Creature" in permanent["types"]:
            words = listable(controlled_phrase(observation, refs, permanent, player))
            if words is not None:  # the step splits names at ", " and " and ": "Zinnia, Valley's Voice" can't
                action = {"type": "declare-attackers", "player": player, "attackers": [permanent["ref"]]}
                found.append(Move(f"{player} declares {words} as an attacker", action, permanent["name"]))
    able = [
        (p["ref"], w)
        for p in observation["battlefield"]
        if p["controller"] == player and "Creature" in p["types"] and not p["tapped"]
        if (w := listable(controlled_phrase(observation, refs, p, player)))
    ]
    if len(able) > 1:  # every untapped creature at once, so that several may be blocked
        action = {"type": "declare-attackers", "player": player, "attackers": [ref for ref, _ in able]}
        found.append(Move(f"{player} declares {listed([w for _, w in able])} as attackers", action, "attackers"))
    none = {"type": "declare-attackers", "player": player, "attackers": []}
    return [*found, Move(f"{player} declares no attackers", none, "attackers")]


def _targets(observation: JSON, refs: dict[str, str]) -> list[tuple[str, str]]:
    """(ref, words) of every object a step can name as a target."""
    shared = _SHARED.get("observation") is observation
    if shared and "targets" in _SHARED:
        known: list[tuple[str, str]] = _SHARED["targets"]
        return known
    refs_seen = [p["ref"] for p in observation["battlefield"]]
    refs_seen += [c["ref"] for p in observation["players"] for c in p["graveyard"]]
    refs_seen += [s["ref"] for s in observation["stack"] if s["kind"] == "spell" and s.get("ref")]
    found = []
    for ref in dict.fromkeys(refs_seen):
        words = target_phrase(observation, refs, ref)
        if words is not None:
            found.append((ref, words))
    if shared:
        _SHARED["targets"] = found
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
            for index, ability in enumerate(card.abilities[: len(ORDINALS)], start=1):
                text = f"{player} activates the {ORDINALS[index - 1]} ability of {words}"
                subject = mana_ability_of(card) if is_mana_ability(ability) else card.name
                found.append(Move(text, {**base, "ability": index}, subject))
        mana = card.lands_for_mana()
        tapping = untapped_first_phrase(observation, refs, permanent, player)
        if mana is not None and tapping is not None:
            found.append(Move(f"{player} taps {tapping} for mana", {**base, "ability": mana}, mana_ability_of(card)))
        first = card.abilities[0] if card.abilities else None
        if first is not None and first.targets and not first.text.startswith("Equip") and words == card.name:
            for ref, target in targets:
                text = f"{player} activates {words}'s ability targeting {target}"
                found.append(Move(text, {**base, "ability": 1, "targets": [ref]}, card.name))
        if first is not None and not first.text.startswith("Equip") and words == card.name:
            found += _activations_tapping(observation, refs, pool, permanent, targets)
    return found


def _activations_tapping(
    observation: JSON, refs: dict[str, str], pool: Pool, permanent: JSON, targets: list[tuple[str, str]]
) -> list[Move]:
    """ "Alice activates X's ability tapping Forest for mana": its first ability, paid by tapping
    permanents for mana while paying its cost (602.2b, 601.2g); a mana ability is left out."""
    card, player = pool[permanent["name"]], permanent["controller"]
    first = card.abilities[0]
    amount = cost_amount(first.text.partition(": ")[0])
    if is_mana_ability(first) or amount == 0:
        return []
    found = []
    aims: list[tuple[str, str] | None] = list(targets) if first.targets else [None]
    for words, abilities in tappings(observation, refs, pool, player, amount, permanent["ref"]):
        for aim in aims:
            text = f"{player} activates {card.name}'s ability tapping {words} for mana"
            action = {"type": "activate", "player": player, "source": permanent["ref"], "ability": 1}
            action["mana_abilities"] = abilities
            if aim is not None:
                text += f" targeting {aim[1]}"
                action["targets"] = [aim[0]]
            found.append(Move(text, action, card.name))
    return found


def mana_ability_of(card: Card) -> str:
    """What activating a mana ability is about, to tell causes apart: the kind of permanent, not
    its name (what a land's mana does is as often another permanent's doing, 106.12a, 605.1)."""
    kind = next((t for t in ("Land", "Creature", "Artifact", "Enchantment") if t in card.types), "permanent")
    article = "an" if kind[0] in "AEIOU" else "a"
    return f"{article} {kind.lower()}'s mana ability"


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
            for tapping in tappings(observation, refs, pool, player, cost_amount(card.mana_cost, x)):
                found += [_cast(player, entry, card.name, x, None, None, aim, tapping) for aim in aims]
    return found


def _cast(
    player: str,
    entry: JSON,
    name: str,
    x: int | None,
    alternative: str | None,
    cost: str | None,
    aim: tuple[str, str] | None,
    tapping: tuple[str, list[JSON]] | None = None,
) -> Move:
    """The cast step's words, in its order: X, blitz, an additional cost, the permanents tapped
    for mana while paying (601.2g), a target."""
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
    if tapping is not None:
        text += f" tapping {tapping[0]} for mana"
        action["mana_abilities"] = tapping[1]
    if aim is not None:
        text += f" targeting {aim[1]}"
        action["targets"] = [aim[0]]
    return Move(text, action, name)
