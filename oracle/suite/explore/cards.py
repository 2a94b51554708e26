"""The card pool the explorer draws from, read from ``fixtures/cards/`` as a judge reads a card.

Only what is printed is used: the name, the type line, the mana cost, power and toughness, and
the lines of the Oracle text.  From those come what exploring needs to know: which cards are
permanents, which activated abilities a permanent has and in what order (602.1), which spells
and abilities target (115.1), which costs a spell may add (kicker, offspring) or replace
(blitz), and which permanents made a choice as they entered.  The engine's own reading of the
cards (its ability vocabulary) is never consulted: the explorer treats every engine alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from oracle.errors import CardDataError
from oracle.paths import cards_dir
from oracle.toml import read_toml

PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")
SUPERTYPES = ("Basic", "Legendary", "Snow", "World")
_COST_PART = re.compile(r"^(\{[^}]+\})+$|^Sacrifice .+$|^Tap an untapped .+$|^Discard a card$")
_KEYWORD_ABILITY = re.compile(r"^Equip (\{[^}]+\})+$")  # 702.6a: an activated ability written as a keyword


@dataclass(frozen=True)
class Ability:
    """One activated ability, in the order of the rules text."""

    text: str
    targets: bool
    mana: bool
    """``{T}`` in its cost and "Add" in its effect: what "taps X for mana" activates (106.12)."""


@dataclass(frozen=True)
class Card:
    """What the explorer reads from one card file."""

    name: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    mana_cost: str
    oracle_text: str
    power: str | None
    toughness: str | None
    abilities: tuple[Ability, ...]

    @property
    def permanent(self) -> bool:
        return any(t in PERMANENT_TYPES for t in self.types)

    @property
    def creature(self) -> bool:
        return "Creature" in self.types

    @property
    def legendary(self) -> bool:
        return "Legendary" in self.supertypes

    @property
    def aura(self) -> bool:
        return "Aura" in self.subtypes

    @property
    def equipment(self) -> bool:
        return "Equipment" in self.subtypes

    @property
    def has_x(self) -> bool:
        return "{X}" in self.mana_cost

    @property
    def spell_targets(self) -> bool:
        """An Aura spell targets what it will enchant (303.4a); other spells say "target"."""
        if self.aura:
            return True
        return not self.permanent and _targets(self.oracle_text)

    @property
    def chooses_color(self) -> bool:
        """A permanent that chose a color as it entered (614.12) is set up with that choice."""
        return "choose a color" in self.oracle_text

    @property
    def enters_as_copy(self) -> bool:
        """A Clone: 0/0 on its own, so on the battlefield it has always copied something (707.5)."""
        return "enter as a copy of" in self.oracle_text

    @property
    def needs_counters(self) -> bool:
        """A creature printed with toughness 0 survives only with +1/+1 counters (704.5f)."""
        return self.creature and self.toughness == "0" and not self.enters_as_copy

    def keyword(self, word: str) -> bool:
        """A keyword line of the Oracle text, such as "Kicker {2}{G}" or "Blitz {3}{B}"."""
        return any(line.startswith(f"{word} ") for line in self.oracle_text.split("\n"))

    def lands_for_mana(self) -> int | None:
        """Which activated ability "taps X for mana" uses: the first with {T} that adds mana."""
        for index, ability in enumerate(self.abilities, start=1):
            if ability.mana:
                return index
        return None


def _targets(text: str) -> bool:
    """Whether rules text says "target" (115.1), at the start of a sentence ("Target creature
    gets +3/+3") as well as inside one."""
    return re.search(r"\btarget\b", text, re.IGNORECASE) is not None


def is_mana_ability(ability: Ability) -> bool:
    """An activated ability that adds mana and has no target (605.1a), whatever its cost."""
    effect = ability.text.partition(": ")[2]
    return effect.startswith("Add") and not ability.targets


def activated_abilities(oracle_text: str) -> tuple[Ability, ...]:
    """Lines "[Cost]: [Effect]" (602.1a), a basic land's reminder "({T}: Add {G}.)" (305.6), and
    Equip (702.6a), in the order of the rules text."""
    found = []
    for raw in oracle_text.split("\n"):
        line = raw.strip()
        if line.startswith("(") and line.endswith(")"):
            line = line[1:-1]
        if _KEYWORD_ABILITY.match(line):
            found.append(Ability(line, targets=True, mana=False))
            continue
        cost, sep, effect = line.partition(": ")
        if sep and all(_COST_PART.match(part.strip()) for part in cost.split(",")):
            found.append(Ability(line, _targets(effect), "{T}" in cost and effect.startswith("Add")))
    return tuple(found)


def _card(path: Path) -> Card:
    data = read_toml(path, CardDataError)
    try:
        left, _, right = str(data["type_line"]).partition("—")
        words = left.split()
        power, toughness = data.get("power"), data.get("toughness")
        return Card(
            name=str(data["name"]),
            supertypes=tuple(w for w in words if w in SUPERTYPES),
            types=tuple(w for w in words if w not in SUPERTYPES),
            subtypes=tuple(right.split()),
            mana_cost=str(data.get("mana_cost") or ""),
            oracle_text=str(data.get("oracle_text", "")),
            power=None if power is None else str(power),
            toughness=None if toughness is None else str(toughness),
            abilities=activated_abilities(str(data.get("oracle_text", ""))),
        )
    except KeyError as exc:
        raise CardDataError(f"{path}: missing {exc.args[0]!r}") from None


@dataclass(frozen=True)
class Pool:
    """Every card of the fixtures, by name, in a fixed order (so generation is reproducible)."""

    cards: dict[str, Card]

    def __getitem__(self, name: str) -> Card:
        return self.cards[name]

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def names(self) -> list[str]:
        return sorted(self.cards)

    def permanents(self) -> list[str]:
        return [n for n in self.names() if self.cards[n].permanent]


@cache
def load_pool(folder: Path | None = None) -> Pool:
    """The pool of ``fixtures/cards/`` (or another folder of card files)."""
    folder = folder or cards_dir()
    cards = {card.name: card for card in map(_card, sorted(folder.glob("*.toml")))}
    if not cards:
        raise CardDataError(f"{folder}: no card files")
    return Pool(cards)
