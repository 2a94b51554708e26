"""What a judge can check on the table, as the suite's Then steps, evaluated on an observation.

Each :class:`Fact` is the text of a Then step and a predicate that holds exactly when that step
passes on an observation (the step definitions of ``tests/conformance/steps/then.py``, read the
same way).  :func:`distinguishing` lists the facts that hold on the reference engine's
observation and not on the other engine's: the Then steps of a scenario that passes on the
first and fails on the second.  A difference no Then step can see is not among them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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


def _player(observation: JSON, name: str) -> JSON | None:
    return next((p for p in observation["players"] if p["name"] == name), None)


def _pool(observation: JSON, name: str) -> dict[str, int]:
    player = _player(observation, name)
    return {k: v for k, v in player["mana_pool"].items() if v} if player else {}


def mana_text(pool: dict[str, int]) -> str:
    return "".join("{" + t + "}" * 1 for t in "WUBRGC" for _ in range(pool.get(t, 0)))


def _one(observation: JSON, refs: dict[str, str], words: str) -> JSON | None:
    found = permanents(observation, refs, words)
    return found[0] if len(found) == 1 else None


def player_facts(reference: JSON) -> list[Fact]:
    """Life, mana pool, hand size, and the cards in each player's hand, graveyard and library."""
    facts = []
    for entry in reference["players"]:
        name, her = entry["name"], pronoun(entry["name"])
        life = entry["life"]
        facts.append(Fact(f"{name}'s life total is {life}", "life", lambda o, n=name, v=life: _life(o, n) == v))
        pool = _pool(reference, name)
        text = f"{name}'s mana pool contains exactly {mana_text(pool)}" if pool else f"{name}'s mana pool is empty"
        facts.append(Fact(text, "mana pool", lambda o, n=name, v=pool: _pool(o, n) == v))
        size = len(entry["hand"])
        plural = "" if size == 1 else "s"
        facts.append(
            Fact(
                f"{name} has {count_word(size)} card{plural} in {her} hand",
                "hand",
                lambda o, n=name, v=size: len(_zone(o, n, "hand")) == v,
            )
        )
        for zone in ("hand", "graveyard", "library"):
            for card in dict.fromkeys(c["name"] for c in entry[zone]):
                facts.append(
                    Fact(f"{card} is in {name}'s {zone}", zone, lambda o, n=name, z=zone, c=card: c in _zone(o, n, z))
                )
    return facts


def _life(observation: JSON, name: str) -> int | None:
    player = _player(observation, name)
    return player["life"] if player else None


def _zone(observation: JSON, name: str, zone: str) -> list[str]:
    player = _player(observation, name)
    return [c["name"] for c in player[zone]] if player else []


def permanent_facts(reference: JSON, refs: dict[str, str]) -> list[Fact]:
    """Facts about each permanent a Then step can point at unambiguously."""
    facts = []
    for permanent in reference["battlefield"]:
        words = unique_phrase(reference, refs, permanent)
        if words is None:
            continue

        def about(kind: str, text: str, check: Callable[[JSON], bool], w: str = words) -> None:
            facts.append(Fact(text, kind, lambda o: (p := _one(o, refs, w)) is not None and check(p)))

        state = "tapped" if permanent["tapped"] else "untapped"
        about("tapped", f"{words} is {state}", lambda p, v=permanent["tapped"]: p["tapped"] == v)
        counters = permanent["counters"].get("+1/+1", 0)
        plural = "" if counters == 1 else "s"
        about(
            "counters",
            f"{words} has {count_word(counters)} +1/+1 counter{plural} on it",
            lambda p, v=counters: p["counters"].get("+1/+1", 0) == v,
        )
        power, toughness = permanent["power"], permanent["toughness"]
        if power is not None and toughness is not None:
            about(
                "power and toughness",
                f"{words} is a {power}/{toughness} creature",
                lambda p, v=(power, toughness): (p["power"], p["toughness"]) == v,
            )
        elif "Creature" not in permanent["types"]:
            about(
                "not a creature",
                f"{words} is not a creature",
                lambda p: "Creature" not in p["types"] and p["power"] is None and p["toughness"] is None,
            )
        base = (permanent["base_power"], permanent["base_toughness"])
        if None not in base:
            about(
                "base power and toughness",
                f"{words}'s base power and toughness are {base[0]}/{base[1]}",
                lambda p, v=base: (p["base_power"], p["base_toughness"]) == v,
            )
        about("mana value", f"{words}'s mana value is {permanent['mana_value']}", lambda p, v=permanent["mana_value"]: p["mana_value"] == v)
        for keyword in KEYWORDS:
            has = keyword in permanent["keywords"]
            verb = "has" if has else "does not have"
            about("keywords", f"{words} {verb} {keyword}", lambda p, k=keyword, v=has: (k in p["keywords"]) == v)
        if permanent["colors"]:
            colors = sorted(permanent["colors"])
            about("colors", f"{words} is {' and '.join(colors)}", lambda p, v=colors: sorted(p["colors"]) == v)
        subtypes = permanent.get("subtypes") or []
        if subtypes and all(re.fullmatch(r"[A-Z][\w'-]*", s) for s in subtypes):
            about(
                "creature types",
                f"{words}'s creature types are {' '.join(subtypes)}",
                lambda p, v=sorted(subtypes): sorted(p.get("subtypes") or []) == v,  # the order is left free
            )
        host = next((h for h in reference["battlefield"] if h["ref"] == permanent.get("attached_to")), None)
        host_words = unique_phrase(reference, refs, host) if host else None
        if host_words:
            facts.append(Fact(f"{words} is attached to {host_words}", "attachment", _attached(refs, words, host_words)))
    return facts


def _attached(refs: dict[str, str], words: str, host_words: str) -> Callable[[JSON], bool]:
    def holds(observation: JSON) -> bool:
        permanent, host = _one(observation, refs, words), _one(observation, refs, host_words)
        return permanent is not None and host is not None and permanent.get("attached_to") == host["ref"]

    return holds


def presence_facts(reference: JSON, other: JSON, refs: dict[str, str]) -> list[Fact]:
    """How many permanents of each name each player controls (tapped, untapped, tokens), and
    whether a name is on the battlefield at all, over the names either engine shows."""
    facts = []
    names = list(dict.fromkeys(p["name"] for o in (reference, other) for p in o["battlefield"]))
    for name in names:
        present = bool(permanents(reference, refs, name))
        text = f"{name} is on the battlefield" if present else f"{name} is not on the battlefield"
        facts.append(Fact(text, "battlefield", lambda o, n=name, v=present: bool(permanents(o, refs, n)) == v))
        for player in (p["name"] for p in reference["players"]):
            for state in (None, True, False):
                count = len(_controlled(reference, refs, name, player, state))
                adjective = {None: "", True: "tapped ", False: "untapped "}[state]
                facts.append(
                    Fact(
                        f"{player} controls {count_word(count)} {adjective}{name}",
                        "battlefield",
                        lambda o, n=name, pl=player, s=state, v=count: len(_controlled(o, refs, n, pl, s)) == v,
                    )
                )
            if not name.endswith(" Token"):
                tokens = _tokens(reference, refs, name, player)
                facts.append(
                    Fact(
                        f"{player} controls {count_word(tokens)} {name} token{'' if tokens == 1 else 's'}",
                        "tokens",
                        lambda o, n=name, pl=player, v=tokens: _tokens(o, refs, n, pl) == v,
                    )
                )
    return facts


def _controlled(observation: JSON, refs: dict[str, str], name: str, player: str, tapped: bool | None) -> list[JSON]:
    found = permanents(observation, refs, name, player, exact=True)
    return [p for p in found if tapped is None or p["tapped"] == tapped]


def _tokens(observation: JSON, refs: dict[str, str], name: str, player: str) -> int:
    named = permanents(observation, refs, name, player, exact=True)
    named += permanents(observation, refs, f"{name} Token", player, exact=True)
    return sum(1 for p in named if p["token"])


def stack_and_choice_facts(reference: JSON, refs: dict[str, str]) -> list[Fact]:
    """The stack's abilities, and who must choose among what."""
    facts = []
    if not reference["stack"]:
        facts.append(Fact("the stack is empty", "stack", lambda o: not o["stack"]))
    for item in reference["stack"]:
        if item["kind"] in ("triggered", "activated") and "\n" not in item["name"]:
            key = (item["kind"], item["name"])
            text = f"{item['name']}'s {item['kind']} ability is on the stack"
            facts.append(Fact(text, "stack", lambda o, k=key: k in [(s["kind"], s["name"]) for s in o["stack"]]))
    pending = reference["pending_choice"]
    if pending is None:
        facts.append(Fact("no player is asked to choose anything", "choice", lambda o: o["pending_choice"] is None))
    elif pending["kind"] in WORDED_CHOICES:
        options = sorted(pending["options"])
        listed = options[0] if len(options) == 1 else ", ".join(options[:-1]) + " and " + options[-1]
        if sorted(re.split(r", | and | or ", listed)) == options:
            facts.append(Fact(f"{pending['player']} must choose among {listed}", "choice", _offers(pending["player"], options)))
    elif pending["kind"] == "legend-rule":
        named = {p["name"] for p in reference["battlefield"] if p["ref"] in pending["options"]}
        if len(named) == 1:
            name, player = named.pop(), pending["player"]
            facts.append(Fact(f"{player} must choose which {name} to keep", "choice", _keeps(refs, player, name)))
    return facts


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
    """Every fact the Then steps can state about ``reference``, most telling first."""
    return [
        *stack_and_choice_facts(reference, refs),
        *permanent_facts(reference, refs),
        *player_facts(reference),
        *presence_facts(reference, other, refs),
    ]


def distinguishing(reference: JSON, other: JSON, refs: dict[str, str]) -> list[Fact]:
    """The facts that hold on ``reference`` and not on ``other``."""
    return [f for f in facts_of(reference, other, refs) if _safe(f, reference) and not _safe(f, other)]


def _safe(fact: Fact, observation: JSON) -> bool:
    try:
        return bool(fact.holds(observation))
    except (KeyError, TypeError, AttributeError):  # an observation missing an optional field
        return False
