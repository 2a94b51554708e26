"""What a judge can check on the table, as the suite's Then steps, evaluated on an observation.

Each :class:`Fact` is the text of a Then step and a predicate that holds exactly when that step
passes on an observation (the step definitions of ``oracle/harness/steps/then.py``, read the
same way).  :func:`distinguishing` lists the facts that hold on the reference engine's
observation and not on the other engine's: the Then steps of a scenario that passes on the
first and fails on the second.  A difference no Then step can see is not among them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from .combat import combat_claims, division_claims
from .naming import permanents, pronoun, unique_phrase
from .positions import count_word

JSON = dict[str, Any]
#: Rejection codes a Then step can name, and its words (``REASONS`` of the Then steps).
REASONS = {
    "summoning-sickness": "summoning sickness",
    "already-tapped": "being already tapped",
    "already-untapped": "being already untapped",
    "cannot-pay": "an unpayable cost",
    "timing": "timing",
    "not-allowed": "an illegal additional cost",
    "illegal-target": "an illegal target",
    "no-priority": "not having priority",
    "unknown-object": "a nonexistent ability",
}
#: The phrase for ``not-allowed`` that fits each kind of action (the step checks only the code).
NOT_ALLOWED = {
    "play": "an illegal land play",
    "declare-blockers": "an illegal blocker",
    "declare-attackers": "an illegal attacker",
    "activate": "an illegal activation",
    "cast": "an illegal cast",
}


def rejection_words(action: JSON, code: str) -> str | None:
    """The words of ``Then the action is rejected for …`` that name ``code`` for this action
    (``None``: no phrase names it)."""
    if code != "not-allowed":
        return REASONS.get(code)
    if action.get("additional_costs"):
        return "an illegal additional cost"
    if action.get("alternative_cost"):
        return "an illegal alternative cost"
    return NOT_ALLOWED.get(str(action.get("type")))


#: The words of each step of the turn in the steps ("it is Alice's end step").
STEP_WORDS = {
    "untap": "untap step",
    "upkeep": "upkeep",
    "draw": "draw step",
    "precombat-main": "precombat main phase",
    "beginning-of-combat": "beginning of combat step",
    "declare-attackers": "declare attackers step",
    "declare-blockers": "declare blockers step",
    "combat-damage": "combat damage step",
    "end-of-combat": "end of combat step",
    "postcombat-main": "postcombat main phase",
    "end": "end step",
    "cleanup": "cleanup step",
}
KEYWORDS = ("flying", "haste", "trample", "reach", "vigilance", "offspring")
#: Kinds of choice whose options are words, not refs: "must choose among" can list them.
WORDED_CHOICES = ("mana-color", "mana-type", "color", "replacement-effect")


@dataclass(frozen=True)
class Fact:
    """A Then step, what it is about (for grouping divergences), and when it holds."""

    text: str
    kind: str
    holds: Callable[[JSON], bool]


def _is(measure: Callable[[JSON], Any], expected: Any) -> Callable[[JSON], bool]:
    """A predicate: the measure of the observation is ``expected``."""

    def holds(observation: JSON) -> bool:
        return bool(measure(observation) == expected)

    return holds


def _player(observation: JSON, name: str) -> JSON | None:
    return next((p for p in observation["players"] if p["name"] == name), None)


def _pool(name: str, observation: JSON) -> dict[str, int]:
    player = _player(observation, name)
    return {k: v for k, v in player["mana_pool"].items() if v} if player else {}


def _life(name: str, observation: JSON) -> int | None:
    player = _player(observation, name)
    return player["life"] if player else None


def _zone(name: str, zone: str, observation: JSON) -> list[str]:
    player = _player(observation, name)
    return [c["name"] for c in player[zone]] if player else []


def _hand_size(name: str, observation: JSON) -> int:
    return len(_zone(name, "hand", observation))


def _in_zone(name: str, zone: str, card: str, observation: JSON) -> bool:
    return card in _zone(name, zone, observation)


def mana_text(pool: dict[str, int]) -> str:
    return "".join("{" + t + "}" for t in "WUBRGC" for _ in range(pool.get(t, 0)))


def player_facts(reference: JSON) -> list[Fact]:
    """Life, mana pool, hand size, and the cards in each player's hand, graveyard and library."""
    facts = []
    for entry in reference["players"]:
        name, her = entry["name"], pronoun(entry["name"])
        facts.append(Fact(f"{name}'s life total is {entry['life']}", "life", _is(partial(_life, name), entry["life"])))
        pool = _pool(name, reference)
        text = f"{name}'s mana pool contains exactly {mana_text(pool)}" if pool else f"{name}'s mana pool is empty"
        facts.append(Fact(text, "mana pool", _is(partial(_pool, name), pool)))
        size = len(entry["hand"])
        text = f"{name} has {count_word(size)} card{'' if size == 1 else 's'} in {her} hand"
        facts.append(Fact(text, "hand", _is(partial(_hand_size, name), size)))
        for zone in ("hand", "graveyard", "library"):
            for card in dict.fromkeys(c["name"] for c in entry[zone]):
                facts.append(Fact(f"{card} is in {name}'s {zone}", zone, partial(_in_zone, name, zone, card)))
    return facts


#: What a Then step about one permanent finds when there is not exactly one (``_one`` fails).
NOT_ONE = object()


def _one(observation: JSON, refs: dict[str, str], words: str) -> JSON | None:
    found = permanents(observation, refs, words)
    return found[0] if len(found) == 1 else None


def _of_one(refs: dict[str, str], words: str, part: Callable[[JSON], Any], observation: JSON) -> Any:
    permanent = _one(observation, refs, words)
    return NOT_ONE if permanent is None else part(permanent)


def _field(name: str, permanent: JSON) -> Any:
    return permanent.get(name)


def _plus_counters(permanent: JSON) -> int:
    return int(permanent["counters"].get("+1/+1", 0))


def _pt(permanent: JSON) -> tuple[Any, Any]:
    return permanent["power"], permanent["toughness"]


def _base(permanent: JSON) -> tuple[Any, Any]:
    return permanent["base_power"], permanent["base_toughness"]


def _noncreature(permanent: JSON) -> bool:
    return "Creature" not in permanent["types"] and permanent["power"] is None and permanent["toughness"] is None


def _has(keyword: str, permanent: JSON) -> bool:
    return keyword in permanent["keywords"]


def _sorted(name: str, permanent: JSON) -> list[str]:
    return sorted(permanent.get(name) or [])


def permanent_facts(reference: JSON, refs: dict[str, str]) -> list[Fact]:
    """Facts about each permanent a Then step can point at unambiguously."""
    facts = []
    for permanent in reference["battlefield"]:
        words = unique_phrase(reference, refs, permanent)
        if words is None:
            continue

        def about(kind: str, text: str, part: Callable[[JSON], Any], w: str = words, p: JSON = permanent) -> None:
            facts.append(Fact(text, kind, _is(partial(_of_one, refs, w, part), part(p))))

        about("tapped", f"{words} is {'tapped' if permanent['tapped'] else 'untapped'}", partial(_field, "tapped"))
        counters = _plus_counters(permanent)
        text = f"{words} has {count_word(counters)} +1/+1 counter{'' if counters == 1 else 's'} on it"
        about("counters", text, _plus_counters)
        power, toughness = _pt(permanent)
        if power is not None and toughness is not None:
            about("power and toughness", f"{words} is a {power}/{toughness} creature", _pt)
        elif _noncreature(permanent):
            about("not a creature", f"{words} is not a creature", _noncreature)
        base = _base(permanent)
        if None not in base:
            about("base power and toughness", f"{words}'s base power and toughness are {base[0]}/{base[1]}", _base)
        about("mana value", f"{words}'s mana value is {permanent['mana_value']}", partial(_field, "mana_value"))
        for keyword in KEYWORDS:
            verb = "has" if _has(keyword, permanent) else "does not have"
            about("keywords", f"{words} {verb} {keyword}", partial(_has, keyword))
        if permanent["colors"]:
            about("colors", f"{words} is {' and '.join(_sorted('colors', permanent))}", partial(_sorted, "colors"))
        subtypes = permanent.get("subtypes") or []
        if subtypes and all(re.fullmatch(r"[A-Z][\w'-]*", s) for s in subtypes):
            # the step compares the list as given; sorted here, since the contract leaves the order free
            about("creature types", f"{words}'s creature types are {' '.join(subtypes)}", partial(_sorted, "subtypes"))
        host = next((h for h in reference["battlefield"] if h["ref"] == permanent.get("attached_to")), None)
        host_words = unique_phrase(reference, refs, host) if host else None
        if host_words:
            facts.append(
                Fact(f"{words} is attached to {host_words}", "attachment", partial(_attached, refs, words, host_words))
            )
    return facts


def _attached(refs: dict[str, str], words: str, host_words: str, observation: JSON) -> bool:
    permanent, host = _one(observation, refs, words), _one(observation, refs, host_words)
    return permanent is not None and host is not None and permanent.get("attached_to") == host["ref"]


def _present(refs: dict[str, str], name: str, observation: JSON) -> bool:
    return bool(permanents(observation, refs, name))


def presence_facts(reference: JSON, other: JSON, refs: dict[str, str]) -> list[Fact]:
    """How many permanents of each name each player controls (tapped, untapped, tokens), and
    whether a name is on the battlefield at all, over the names either engine shows."""
    facts = []
    names = list(dict.fromkeys(p["name"] for o in (reference, other) for p in o["battlefield"]))
    for name in names:
        present = _present(refs, name, reference)
        text = f"{name} is on the battlefield" if present else f"{name} is not on the battlefield"
        facts.append(Fact(text, "battlefield", _is(partial(_present, refs, name), present)))
        for player in (p["name"] for p in reference["players"]):
            for state in (None, True, False):
                count = _controlled(refs, name, player, state, reference)
                adjective = {None: "", True: "tapped ", False: "untapped "}[state]
                text = f"{player} controls {count_word(count)} {adjective}{name}"
                facts.append(Fact(text, "battlefield", _is(partial(_controlled, refs, name, player, state), count)))
            if not name.endswith(" Token"):
                tokens = _tokens(refs, name, player, reference)
                text = f"{player} controls {count_word(tokens)} {name} token{'' if tokens == 1 else 's'}"
                facts.append(Fact(text, "tokens", _is(partial(_tokens, refs, name, player), tokens)))
    return facts


def _controlled(refs: dict[str, str], name: str, player: str, tapped: bool | None, observation: JSON) -> int:
    found = permanents(observation, refs, name, player, exact=True)
    return sum(1 for p in found if tapped is None or p["tapped"] == tapped)


def _tokens(refs: dict[str, str], name: str, player: str, observation: JSON) -> int:
    named = permanents(observation, refs, name, player, exact=True)
    named += permanents(observation, refs, f"{name} Token", player, exact=True)
    return sum(1 for p in named if p["token"])


def turn_and_stack_facts(reference: JSON) -> list[Fact]:
    """Whose turn and which step, who has priority, and what is on the stack."""
    turn = reference["turn"]
    words = STEP_WORDS[turn["step"]]
    facts = [
        Fact(
            f"it is {turn['active_player']}'s {words} of turn {turn['number']}",
            "turn",
            _is(_turn, (turn["active_player"], turn["step"], turn["number"])),
        )
    ]
    if turn["priority_player"]:
        text = f"{turn['priority_player']} has priority"
        facts.append(Fact(text, "priority", _is(_priority, turn["priority_player"])))
    if not reference["stack"]:
        facts.append(Fact("the stack is empty", "stack", _stack_empty))
    for item in reference["stack"]:
        if "\n" in item["name"]:
            continue
        if item["kind"] in ("triggered", "activated"):
            text = f"{item['name']}'s {item['kind']} ability is on the stack"
            facts.append(Fact(text, "stack", partial(_on_stack, item["kind"], item["name"])))
        elif item["kind"] == "spell":
            facts.append(Fact(f"{item['name']} is on the stack", "stack", partial(_on_stack, "spell", item["name"])))
    return facts


def _turn(observation: JSON) -> tuple[str, str, int]:
    turn = observation["turn"]
    return turn["active_player"], turn["step"], turn["number"]


def _priority(observation: JSON) -> str:
    return str(observation["turn"]["priority_player"])


def choice_facts(reference: JSON, refs: dict[str, str]) -> list[Fact]:
    """Who must choose among what, or that nobody is asked anything."""
    facts = []
    pending = reference["pending_choice"]
    if pending is None:
        facts.append(Fact("no player is asked to choose anything", "choice", _nothing_asked))
    elif pending["kind"] in WORDED_CHOICES and len(pending["options"]) > 1:
        # one option: the step would accept the engine making the choice itself, judged by its mana
        options = sorted(pending["options"])
        listed = options[0] if len(options) == 1 else ", ".join(options[:-1]) + " and " + options[-1]
        if sorted(re.split(r", | and | or ", listed)) == options:
            facts.append(
                Fact(f"{pending['player']} must choose among {listed}", "choice", _offers(pending["player"], options))
            )
    elif pending["kind"] == "legend-rule":
        named = {p["name"] for p in reference["battlefield"] if p["ref"] in pending["options"]}
        if len(named) == 1:
            name, player = named.pop(), pending["player"]
            facts.append(Fact(f"{player} must choose which {name} to keep", "choice", _keeps(refs, player, name)))
    return facts


def _stack_empty(observation: JSON) -> bool:
    return not observation["stack"]


def _on_stack(kind: str, name: str, observation: JSON) -> bool:
    return (kind, name) in [(s["kind"], s["name"]) for s in observation["stack"]]


def _nothing_asked(observation: JSON) -> bool:
    return observation["pending_choice"] is None


def _offers(player: str, expected: list[str]) -> Callable[[JSON], bool]:
    def holds(observation: JSON) -> bool:
        pending = observation["pending_choice"]
        if pending is None:
            return len(expected) == 1
        return bool(pending["player"] == player and sorted(pending["options"]) == expected)

    return holds


def _keeps(refs: dict[str, str], player: str, name: str) -> Callable[[JSON], bool]:
    def holds(observation: JSON) -> bool:
        pending = observation["pending_choice"]
        if pending is None:
            return False
        expected = sorted(p["ref"] for p in permanents(observation, refs, name, player, exact=True))
        same = (pending["player"], pending["kind"]) == (player, "legend-rule")
        return bool(same and sorted(pending["options"]) == expected and len(expected) > 1)

    return holds


def facts_of(reference: JSON, other: JSON, refs: dict[str, str]) -> list[Fact]:
    """Every fact the Then steps can state about ``reference``, most telling first.  Only the steps
    about questions read a state while a question is pending; the others need it settled."""
    settled = [
        *turn_and_stack_facts(reference),
        *permanent_facts(reference, refs),
        *player_facts(reference),
        *presence_facts(reference, other, refs),
        *(Fact(*claim) for claim in combat_claims(reference, refs) if claim[1] != "damage" or _damage_shown(other)),
    ]
    if reference["pending_choice"] is not None:
        settled = []
    questions = [*choice_facts(reference, refs), *(Fact(*claim) for claim in division_claims(reference, refs))]
    return [*questions, *(Fact(f.text, f.kind, partial(_settled, f.holds)) for f in settled)]


def _damage_shown(observation: JSON) -> bool:
    """Whether an engine reports the damage marked on its permanents (an optional field): a step
    about damage says nothing of an engine that doesn't."""
    return all("damage" in p for p in observation["battlefield"])


def _settled(holds: Callable[[JSON], bool], observation: JSON) -> bool:
    """A state step fails while a player is still being asked a question."""
    return observation["pending_choice"] is None and holds(observation)


def distinguishing(reference: JSON, other: JSON, refs: dict[str, str]) -> list[Fact]:
    """The facts that hold on ``reference`` and not on ``other``."""
    return [f for f in facts_of(reference, other, refs) if _safe(f, reference) and not _safe(f, other)]


def _safe(fact: Fact, observation: JSON) -> bool:
    try:
        return bool(fact.holds(observation))
    except (KeyError, TypeError, AttributeError):  # an observation missing an optional field
        return False
