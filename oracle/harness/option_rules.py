"""The options each kind of question may offer, by the rules: a color is one of five (105.1), a
card discarded comes from its owner's hand (701.9a), a player sacrifices only a permanent they
control (701.21a), the legend rule chooses among one player's legendary permanents of one name
(704.5j), the order of triggers and replacement effects is the player's own (603.3b, 616.1).

Each checker takes a :class:`Question` (the question, the observation it came in, the cards' rules
text, what the scenario has seen so far and the abilities the last action activated) and returns
the options that are out of bounds, each as an :class:`Illegal` naming why and the rule.  The
bounds are computed from the rules and the observed position alone, never from an engine's answer;
where the rules leave an engine a choice of encoding (``"none"`` or the departed source for
declining an "unless" sacrifice, the cards already chosen left in the hand while a discard to hand
size goes on, 514.1), every legal encoding fits.  Combat damage: :mod:`.option_damage`; targets,
copies, costs and mana: :mod:`.option_abilities`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import option_texts as words
from .option_texts import Texts

JSON = dict[str, Any]
#: The color words of a ``color`` question (105.1), as common.schema.json spells them.
COLOR_WORDS = ("white", "blue", "black", "red", "green")


@dataclass(frozen=True)
class Illegal:
    """An option the rules exclude: why, in words, and the rule (a CR number, or the schema)."""

    option: str
    why: str
    rule: str

    @property
    def cited(self) -> str:
        """ "CR 510.1a", or the schema that excludes it."""
        return f"CR {self.rule}" if self.rule[:1].isdigit() else self.rule


@dataclass
class Memory:
    """What a scenario has seen of the game so far, for the objects a question may name after
    they left (the source of a trigger that died, 603.10; an "unless" cost's source, 118.12a)."""

    names: set[str] = field(default_factory=set)
    ref_names: dict[str, str] = field(default_factory=dict)
    controlled: dict[str, set[str]] = field(default_factory=dict)
    on_battlefield: set[str] = field(default_factory=set)

    def remember(self, observation: JSON) -> None:
        for permanent in observation["battlefield"]:
            self._saw(permanent["name"], permanent.get("ref"), permanent["controller"])
            if permanent.get("ref"):
                self.on_battlefield.add(permanent["ref"])
        for item in observation["stack"]:
            self._saw(item["name"], item.get("ref"), item["controller"])
        for player in observation["players"]:
            for zone in ("hand", "graveyard", "exile", "library"):
                for card in player[zone]:
                    self._saw(card["name"], card.get("ref"), player["name"] if zone != "library" else None)

    def remember_position(self, players: list[JSON]) -> None:
        """The cards the scenario's position gives each player, in every zone."""
        for player in players:
            for zone, cards in player.items():
                for card in cards if isinstance(cards, list) else []:
                    if isinstance(card, dict) and "card" in card:
                        self._saw(card["card"], card.get("ref"), player["name"])
                        if zone == "battlefield" and card.get("ref"):
                            self.on_battlefield.add(card["ref"])

    def _saw(self, name: str, ref: str | None, player: str | None) -> None:
        self.names.add(name)
        if ref:
            self.ref_names.setdefault(ref, name)
        if player:
            self.controlled.setdefault(player, set()).add(name)


@dataclass(frozen=True)
class Question:
    """A pending question and what it is judged by."""

    pending: JSON
    observation: JSON
    texts: Texts
    memory: Memory
    #: The text of each ability the last action (not an answer) activated, its own and those it
    #: activated while paying (601.2g): the abilities that may be asking.
    asking: tuple[str, ...] = ()

    @property
    def player(self) -> str:
        return str(self.pending["player"])

    def permanents(self) -> dict[str, JSON]:
        return {p["ref"]: p for p in self.observation["battlefield"] if p.get("ref")}

    def zone(self, zone: str) -> dict[str, JSON]:
        """The asked player's cards in ``zone``, by ref."""
        return {c["ref"]: c for p in self.observation["players"] if p["name"] == self.player for c in p[zone]}

    def texts_in_game(self) -> list[str]:
        """The rules text of every card the scenario has seen, anywhere: the upper bound of the
        abilities that could be asking."""
        return words.known_texts(sorted(self.memory.names), self.texts)


Checker = Callable[[Question], list[Illegal]]


def outside(question: Question, allowed: set[str], why: Callable[[str], str], rule: str) -> list[Illegal]:
    return [Illegal(o, why(o), rule) for o in question.pending["options"] if o not in allowed]


def named(question: Question, ref: str) -> str:
    permanent = question.permanents().get(ref)
    name = permanent["name"] if permanent else question.memory.ref_names.get(ref)
    return f"{name} ({ref})" if name else repr(ref)


def colors(question: Question) -> list[Illegal]:
    """105.1: "choose a color" offers the five colors, no other word."""
    return outside(question, set(COLOR_WORDS), lambda o: f"{o!r} is not a color", "105.1")


def discards(question: Question) -> list[Illegal]:
    """701.9a: a card is discarded from its owner's hand; 514.1 and costs ("Discard a card") choose
    among the cards in the player's own hand."""
    hand = set(question.zone("hand"))
    why = f"{{}} is not a card in {question.player}'s hand"
    return outside(question, hand, lambda o: why.format(named(question, o)), "701.9a")


def legend_rule(question: Question) -> list[Illegal]:
    """704.5j: the player chooses one of two or more legendary permanents with the same name that
    they control."""
    mine = [
        p
        for p in question.permanents().values()
        if p["controller"] == question.player and "Legendary" in p["supertypes"]
    ]
    names = [p["name"] for p in mine]
    allowed = {p["ref"] for p in mine if names.count(p["name"]) > 1}
    why = f"{{}} is not one of two or more legendary permanents of one name that {question.player} controls"
    return outside(question, allowed, lambda o: why.format(named(question, o)), "704.5j")


def sacrifices(question: Question) -> list[Illegal]:
    """701.21a: a player sacrifices only a permanent they control, of the kind the ability names
    ("unless you sacrifice a creature", or the ability's source itself, 118.12a).  An option that
    sacrifices nothing ("none", or the "unless" cost's source once it has left the battlefield,
    contract) is legal only where the player may sacrifice nothing: an "unless" cost whose source
    has left, a "may sacrifice" (with the source still there, declining sacrifices it, 118.12a)."""
    permanents, player = question.permanents(), question.player
    mine = {ref for ref, p in permanents.items() if p["controller"] == player}
    bound, declines = _sacrifice_bound(question, mine)
    found = []
    for option in question.pending["options"]:
        nothing = option == "none" or (option in question.memory.on_battlefield and option not in permanents)
        if (nothing and declines) or (option in mine and (bound is None or option in bound)):
            continue
        if nothing:
            why = "the player may not sacrifice nothing: the 'unless' cost's source is still on the battlefield"
            found.append(Illegal(option, why, "118.12a"))
        elif option in permanents and option not in mine:
            found.append(
                Illegal(option, f"{named(question, option)} is a permanent {player} doesn't control", "701.21a")
            )
        elif option in mine:
            why = f"no ability in the game lets {player} sacrifice {named(question, option)}"
            found.append(Illegal(option, why, "701.21a"))
        else:
            found.append(Illegal(option, f"{named(question, option)} is not a permanent", "701.21a"))
    return found


def _sacrifice_bound(question: Question, mine: set[str]) -> tuple[set[str] | None, bool]:
    """The player's permanents some "sacrifice ..." of the game's texts could let them choose (None:
    a text is not read, :func:`~.option_texts.sacrifice_descriptions`, or none asks), and whether
    one of them could let the player sacrifice nothing."""
    bound: set[str] = set()
    declines = False
    permanents, memory = question.permanents(), question.memory
    departed = {memory.ref_names.get(ref) for ref in memory.on_battlefield - set(permanents)}
    for name in sorted(memory.names):
        text = question.texts(name)
        if not text or "acrifice" not in text:
            continue
        read = words.sacrifice_descriptions(text, name)
        if read is None:
            return None, True
        descriptions, itself = read
        for description in descriptions:
            bound |= description.refs(question.observation, question.player) & mine
        sources = {ref for ref in mine if permanents[ref]["name"] == name}
        if descriptions and itself:
            bound |= sources
            declines |= name in departed or not sources
        declines |= "may sacrifice" in text.lower()
    return (bound, declines) if bound else (None, True)


def replacement_effects(question: Question) -> list[Illegal]:
    """616.1: the player orders the replacement effects that apply; each option names an effect's
    source, an object of the game with a replacement effect (614.1a-d: "instead", "skip", "enters
    with", "as this enters"; a token not in the card export is taken at its word)."""
    allowed = {n for n in question.memory.names if words.has_replacement(question.texts(n))}
    why = "{!r} names no object of the game with a replacement effect"
    return outside(question, allowed, why.format, "614.1, 616.1")


def trigger_order(question: Question) -> list[Illegal]:
    """603.3b: a player puts on the stack the triggered abilities they control; each option is
    "source: ability text" (the wording is the engine's), its source an object that player has
    controlled or owned during the scenario (a source that left is remembered, 603.10)."""
    player = question.player
    names = question.memory.controlled.get(player, set())
    found = []
    for option in question.pending["options"]:
        if ": " not in option:
            found.append(Illegal(option, "it is not 'source: ability text'", "observation.schema.json"))
        elif not any(option.startswith(f"{name}: ") for name in names):
            source = option.partition(": ")[0]
            found.append(Illegal(option, f"{player} has controlled no object called {source}", "603.3b"))
    return found
