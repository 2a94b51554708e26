"""Cards as data: one TOML file per card in ``fixtures/cards/``.

A card file carries the card's current Oracle text, mana cost, type line and
power/toughness exactly, and a structured description of each ability in the
vocabulary of :mod:`oracle.vocabulary`: a ``name``, ``mana_cost``, ``type_line``,
``oracle_text``, ``power`` and ``toughness``, then one ``[[abilities]]`` table per
ability, whose ``text`` must be quoted from the oracle text.  Any file in
``fixtures/cards/`` is an example.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from oracle.errors import CardDataError
from oracle.kept import kept
from oracle.toml import read_toml

from .mana import ManaCost
from .vocabulary import Ability, parse_ability

#: Card types (300.1) and supertypes (205.4a) the type line may use.
CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery")
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")


def basic_land_mana() -> dict[str, str]:
    """305.6: the basic land types and their mana symbols, from ``fixtures/basic_land_types.toml``
    (read once per suite root); a file missing or malformed is one :class:`CardDataError` line."""
    return _basic_land_mana_under(os.environ.get("MTG_CONFORMANCE_ROOT"))


@cache
def _basic_land_mana_under(override: str | None) -> dict[str, str]:
    """The table under the suite root that ``MTG_CONFORMANCE_ROOT`` (``override``) names, or the
    installation's; looked up once per root, as the layers ask for it with every land."""
    from oracle.paths import suite_root

    return _basic_land_types(suite_root() / "fixtures" / "basic_land_types.toml")


@cache
def _basic_land_types(path: Path) -> dict[str, str]:
    table = read_toml(path, CardDataError).get("basic_land_types")
    if not isinstance(table, dict) or not table or not all(isinstance(v, str) for v in table.values()):
        raise CardDataError(f"{path}: [basic_land_types] must map each basic land type to its mana symbol")
    return {str(k): v for k, v in table.items()}


@dataclass(frozen=True)
class TypeLine:
    """A parsed type line (205): supertypes, card types and subtypes."""

    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> TypeLine:
        """``"Legendary Creature — Elf Druid"`` -> (Legendary,), (Creature,), (Elf, Druid)."""
        left, _, right = text.partition("—")
        supertypes, types = [], []
        for word in left.split():
            if word in SUPERTYPES:
                supertypes.append(word)
            elif word in CARD_TYPES:
                types.append(word)
            else:
                raise ValueError(f"{word!r} is neither a card type nor a supertype")
        if not types:
            raise ValueError(f"type line {text!r} has no card type")
        return cls(tuple(supertypes), tuple(types), tuple(right.split()))


@dataclass(frozen=True)
class Card:
    """A card's printed characteristics and abilities (109.3, 208)."""

    name: str
    mana_cost: ManaCost | None
    type_line: str
    oracle_text: str
    power: str | None
    toughness: str | None
    abilities: tuple[Ability, ...] = ()
    colors: tuple[str, ...] = ()
    path: str = ""

    @cached_property
    def types(self) -> TypeLine:
        return TypeLine.parse(self.type_line)

    def face(self) -> Face:
        """The card's printed copiable values (707.2)."""
        return self._face

    @cached_property
    def _face(self) -> Face:
        """Worked out once: a card never changes, and a :class:`Face` is immutable."""
        parsed = self.types
        return Face(
            self.name,
            self.mana_cost,
            self.colors,
            parsed.supertypes,
            parsed.types,
            parsed.subtypes,
            self.abilities,
            self.power,
            self.toughness,
        )

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self  # immutable


@dataclass(frozen=True)
class Face:
    """Copiable values (707.2): what a copy of an object takes, as printed or as a copy effect left them."""

    name: str
    mana_cost: ManaCost | None
    colors: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    abilities: tuple[Ability, ...]
    power: str | None
    toughness: str | None

    def except_power_toughness(self, power: str, toughness: str) -> Face:
        """707.9b: "except it's 1/1" becomes part of the copiable values; 707.9d: a
        characteristic-defining ability for power and toughness is then not copied."""
        kept = tuple(a for a in self.abilities if not a.static_effects("define_power_toughness"))
        return Face(
            self.name, self.mana_cost, self.colors, self.supertypes, self.types, self.subtypes, kept, power, toughness
        )

    def __deepcopy__(self, memo: dict[int, object]) -> Face:
        return self  # immutable


@dataclass
class CardDatabase:
    """Every card fixture, by exact card name."""

    cards: dict[str, Card] = field(default_factory=dict)

    @classmethod
    def load(cls, folder: Path) -> CardDatabase:
        database = cls()
        for path in sorted(folder.glob("*.toml")):
            card = load_card(path)
            if card.name in database.cards:
                raise CardDataError(f"{path}: {card.name!r} is also defined in {database.cards[card.name].path}")
            database.cards[card.name] = card
        return database

    def __getitem__(self, name: str) -> Card:
        try:
            return self.cards[name]
        except KeyError:
            raise CardDataError(f"unknown card {name!r}: no fixture in fixtures/cards/ has that name") from None

    def __contains__(self, name: object) -> bool:
        return name in self.cards


@cache
def shared_database(folder: Path) -> CardDatabase:
    """The cards of ``folder``, read once per process and shared by every reader; the package's
    own are kept between runs too (:mod:`oracle.kept`).

    Cards are immutable; the database must be treated as read-only (use
    :meth:`CardDatabase.load` for one to add cards to)."""
    return kept("cards", sorted(folder.glob("*.toml")), lambda: CardDatabase.load(folder))


def _text(path: Path, data: dict[str, Any], key: str, required: bool = True) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise CardDataError(f"{path}: {key} must be a string")
    return value


def card_from_table(data: dict[str, Any], where: str) -> Card:
    """Build and validate a :class:`Card` from a parsed TOML table."""
    path = Path(where)
    name = _text(path, data, "name")
    type_line = _text(path, data, "type_line")
    oracle_text = _text(path, data, "oracle_text")
    cost_text = _text(path, data, "mana_cost", required=False)
    power = _text(path, data, "power", required=False)
    toughness = _text(path, data, "toughness", required=False)
    assert name is not None and type_line is not None and oracle_text is not None
    try:
        parsed = TypeLine.parse(type_line)
        mana_cost = ManaCost.parse(cost_text) if cost_text else None
    except ValueError as exc:
        raise CardDataError(f"{where}: {exc}") from None
    if ("Creature" in parsed.types) != (power is not None and toughness is not None):
        raise CardDataError(f"{where}: a creature card has power and toughness, other cards none (208.1)")
    colors = data.get("colors")
    if colors is None:
        colors = list(mana_cost.colors()) if mana_cost else []
    if not isinstance(colors, list) or not all(isinstance(c, str) for c in colors):
        raise CardDataError(f"{where}: colors must be a list of strings")
    tables = data.get("abilities", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise CardDataError(f"{where}: abilities must be an array of tables ([[abilities]])")
    abilities = []
    for index, table in enumerate(tables, start=1):
        ability = parse_ability(f"{where}: ability {index}", table, name)
        if ability.text and ability.text not in oracle_text:
            raise CardDataError(f"{where}: ability {index} text {ability.text!r} is not in the oracle text")
        abilities.append(ability)
    return Card(name, mana_cost, type_line, oracle_text, power, toughness, tuple(abilities), tuple(colors), where)


def load_card(path: Path) -> Card:
    """Load one card fixture, or raise :class:`CardDataError` naming the file and the reason."""
    data = read_toml(path, CardDataError)
    try:
        return card_from_table(data, str(path))
    except (AttributeError, KeyError, TypeError, ValueError) as exc:  # a value of the wrong type somewhere
        raise CardDataError(f"{path}: a value has the wrong type ({type(exc).__name__}: {exc})") from None
