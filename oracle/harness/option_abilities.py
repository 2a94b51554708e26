"""The options a question may offer where the words of an ability bound them: what a "target
..." describes (115.1), what "enter as a copy of any creature" may copy (707.5), what "Tap an
untapped creature you control" may tap (118.3), the mana "one mana of any color that a land an
opponent controls could produce" may be (106.7).

The abilities that may be asking are read from the cards' Oracle text (:mod:`.option_texts`):
those the last action activated, or every card the scenario has seen, an upper bound.  Where a
text is not read, the question is held to the bounds of its kind alone.
"""

from __future__ import annotations

from collections.abc import Callable

from . import option_texts as words
from .option_rules import Illegal, Question, named, outside
from .option_texts import COLORS, MANA_TYPES, Description


def tapped_for_costs(question: Question) -> list[Illegal]:
    """A ``permanent`` question: a permanent on the battlefield; for a cost "Tap an untapped
    creature you control" of the ability the last action activated, an untapped one of that kind
    the player controls (118.3: a tapped permanent can't be tapped to pay a cost; 701.26a)."""
    permanents, player = question.permanents(), question.player
    costs = [text.partition(": ")[0] for text in question.asking]
    kinds = [words.tap_cost(cost) for cost in costs if "Tap an untapped" in cost]
    if not kinds or None in kinds:
        return outside(question, set(permanents), lambda o: f"{named(question, o)} is not a permanent", "110.1")
    allowed = {
        ref
        for kind in kinds
        if kind is not None
        for ref in kind.refs(question.observation, player)
        if not permanents[ref]["tapped"]
    }
    named_kinds = " or ".join(sorted({t for k in kinds if k is not None for t in k.types}))
    why = f"{{}} is not an untapped {named_kinds} {player} controls, as the cost asks"
    return outside(question, allowed, lambda o: why.format(named(question, o)), "118.3, 701.26a")


def _anything(question: Question) -> set[str]:
    """Every object of the game a question could name, and every player."""
    observation = question.observation
    found = set(question.permanents()) | {p["name"] for p in observation["players"]}
    found |= {s["ref"] for s in observation["stack"] if s.get("ref")}
    zones = ("graveyard", "exile")
    return found | {c["ref"] for p in observation["players"] for z in zones for c in p[z] if c.get("ref")}


def _bound(question: Question, read: Callable[[str], list[Description] | None]) -> set[str] | None:
    """The refs the descriptions ``read`` finds in the texts of the game fit; None when a text is
    not read, or none describes anything."""
    bound: set[str] = set()
    described = False
    for text in question.texts_in_game():
        descriptions = read(text)
        if descriptions is None:
            return None
        for description in descriptions:
            described = True
            bound |= description.refs(question.observation, question.player)
    return bound if described else None


def targets(question: Question) -> list[Illegal]:
    """115.1, 601.2c, 603.3d: a target is what a "target ..." of an ability in the game describes
    ("target creature you control": a creature the player who chooses controls), an upper bound
    over every card the scenario has seen; where a text is not read, an object of the game (115.2)."""
    bound = _bound(question, words.target_descriptions)
    if bound is None:
        why = "{} is not an object or player of the game"
        return outside(question, _anything(question), lambda o: why.format(named(question, o)), "115.2")
    why = "{} is not what any target of an ability in the game may be"
    return outside(question, bound, lambda o: why.format(named(question, o)), "115.1, 601.2c, 603.3d")


def copies(question: Question) -> list[Illegal]:
    """707.5: "enter as a copy of any creature on the battlefield" offers the creatures on the
    battlefield, and "none" for the player who chooses not to copy (contract); where a text is not
    read, "none" or an object of the game."""
    bound = _bound(question, words.copy_descriptions)
    if bound is None:
        why = "{} is not an object of the game"
        return outside(question, _anything(question) | {"none"}, lambda o: why.format(named(question, o)), "707.5")
    why = "{} is not a creature on the battlefield"
    return outside(question, bound | {"none"}, lambda o: why.format(named(question, o)), "707.2, 707.5")


def mana(question: Question) -> list[Illegal]:
    """106.1: a mana symbol of the five colors ("mana-color", 105.1) or the six types ("mana-type");
    narrowed by the words of the abilities that may be asking ("one mana of any color that a land
    an opponent controls could produce", 106.7): those the last action activated and the triggered
    mana abilities on the battlefield (Mana Flare's, 605.1b), or, when the last action activated
    none that lets a player choose mana, every card the scenario has seen."""
    observation, player, kind = question.observation, question.player, question.pending["kind"]
    choices = [c for text in question.asking for c in words.mana_choices(text)]
    if not choices:
        choices = [c for text in question.texts_in_game() for c in words.mana_choices(text)]
    for permanent in observation["battlefield"]:
        lines = (question.texts(permanent["name"]) or "").split("\n")
        choices += [c for line in lines if line.startswith("Whenever") for c in words.mana_choices(line)]
    bound: set[str] | None = set() if choices else None
    for choice in dict.fromkeys(choices):
        read = words.mana_bound(choice, observation, player, question.texts)
        bound = None if read is None or bound is None else bound | read
    if bound is None:
        types, rule = (COLORS, "105.1, 106.1a") if kind == "mana-color" else (MANA_TYPES, "106.1b")
        why = f"{{}} is not a {kind.removeprefix('mana-')} of mana"
        return outside(question, {f"{{{t}}}" for t in types}, why.format, rule)
    said = "; ".join(f"'{c.strip()}'" for c in dict.fromkeys(choices))
    why = f"{{}} is not mana that {said} may add"
    return outside(question, {f"{{{t}}}" for t in bound}, why.format, "105.1, 106.1, 106.7")
