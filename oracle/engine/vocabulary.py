"""The small vocabulary that card fixtures are written in.

A card's abilities are data: each is a table in the card's TOML file, built
from the words below.  The engine implements each word once; a word that is
not listed here is a :class:`~oracle.errors.CardDataError` when the card is
loaded, never a silent no-op.

* Costs are read from the ability's own text, the part before the colon
  (602.1a): mana symbols, ``{T}`` (107.5), ``{Q}`` (107.6), ``Sacrifice this
  <type>``, ``Tap an untapped creature you control``.
* Effects, triggers, replacements and static abilities are tables whose keys
  are checked against :data:`EFFECTS`, :data:`TRIGGERS`, :data:`REPLACEMENTS`
  and :data:`STATICS`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from oracle.errors import CardDataError

from .mana import ManaCost, parse_mana, parse_symbols

#: Effect words and the keys each takes (required keys first, then optional ones).
EFFECTS: dict[str, tuple[set[str], set[str]]] = {
    # Add fixed mana: {mana = "{G}"}.
    "add_mana": ({"mana"}, set()),
    # Add one mana of a chosen color or type among a set (106.7, 106.5):
    #   of = "color" | "type"; among = "any" | "could-produce" | "produced" | "chosen-color".
    "add_one_mana": ({"of", "among"}, {"lands"}),
    # Deal damage (120.3): to = "triggering-player" | "each-opponent" | "target".
    "deal_damage": ({"amount", "to"}, set()),
    # Put counters on this permanent (122.1).
    "put_counters": ({"counter", "amount"}, set()),
    # Create tokens (111.1): amount is a number or "counters:<kind>" of this permanent;
    #   token = a definition (111.3, 111.4), or copy_of = "self" | "event" | "target" (707.2),
    #   with except_power / except_toughness as part of the copy (707.9b).
    "create_tokens": (
        {"amount"},
        {
            "token",
            "copy_of",
            "except_power",
            "except_toughness",
            "tapped",
            # "It gains haste and 'When this creature dies, draw a card.'" (613.1f); "Sacrifice it at the
            # beginning of the next end step" (603.7).
            "gains_keywords",
            "gains_abilities",
            "sacrifice_at_next_end_step",
        },
    ),
    # Sacrifice the object a delayed trigger refers to, if it is still that object (603.7c, 400.7).
    "sacrifice_it": (set(), set()),
    # Move the target card or permanent: to the battlefield under its owner's control, or its owner's hand.
    "return_target_to_battlefield": (set(), set()),
    "return_target_to_hand": (set(), set()),
    # Destroy the target permanent (701.8a).
    "destroy_target": (set(), set()),
    # Counter the target spell (701.6a).
    "counter_target_spell": (set(), set()),
    # Draw cards (121.1).
    "draw_cards": ({"amount"}, set()),
    # Sacrifice this permanent unless its controller sacrifices a permanent matching `filter` (118.12a).
    "sacrifice_self_unless": ({"filter"}, set()),
    # Until end of turn, the target: gets +P/+T (layer 7c), has base P/T (7b), loses all
    # abilities or gains keywords (6), becomes creature types (4) and colors (5) (611.2, 613).
    "target_until_end_of_turn": (
        set(),
        {
            "power",
            "toughness",
            "base_power",
            "base_toughness",
            "lose_all_abilities",
            "gains_keywords",
            "creature_types",
            "colors",
            "add_types",
        },
    ),
    # Exile tokens: with the same name as the creature of the event, or created by this object.
    "exile_tokens": ({"which"}, set()),
    # Attach this Equipment to the target (701.3a).
    "attach_to_target": (set(), set()),
}

#: Trigger events (603.2) and their keys.
TRIGGERS: dict[str, tuple[set[str], set[str]]] = {
    # "Whenever [a permanent] is tapped for mana [of the chosen color]" (106.12a).
    "tapped-for-mana": ({"source"}, {"mana"}),
    # "When this creature dies" (700.4, 603.10a).
    "dies": (set(), set()),
    # "At the beginning of your upkeep" (503.1): player = "you" (your step) or "each" (each player's).
    "beginning-of-step": ({"step", "player"}, set()),
    # "When this creature enters" / "Whenever a nontoken creature enters" (603.6a);
    #   condition = "offspring-paid" is an intervening "if" clause (603.4).
    "enters": ({"source"}, {"condition"}),
    # "Whenever a nontoken creature leaves the battlefield" / "When this ... leaves" (603.6c, 603.10a).
    "leaves-battlefield": ({"source"}, set()),
    # "Whenever you cast a creature spell" (601.2i, 603.2).
    "cast": ({"spell"}, set()),
}

#: Replacement effects (614) and their keys.
REPLACEMENTS: dict[str, tuple[set[str], set[str]]] = {
    # "If [a permanent] is tapped for mana, it produces ... instead" (106.12b).
    #   produce = "{B}" (instead of any other type and amount) or multiply = 2;
    #   by = "you" ("if you tap"); min_amount = 2 ("tapped for two or more mana").
    "mana-production": ({"source"}, {"produce", "multiply", "by", "min_amount"}),
    # "This creature enters with N counters [and with trample]" (614.1c), "As this enters, choose
    # a color" (614.12), "You may have this creature enter as a copy of" (707.5); condition = "kicked".
    "enters": (set(), {"counters", "amount", "choose", "condition", "keywords"}),
    # "If an effect would create one or more tokens under your control, it creates twice that many" (614.1a).
    "token-creation": ({"multiply"}, set()),
    # "If an effect would put one or more counters on a permanent you control, it puts twice that many" (614.1a).
    "counters": ({"multiply"}, set()),
}

#: Static abilities (604): each is a list of effects, with these words and keys.
STATICS: dict[str, tuple[set[str], set[str]]] = {
    # "Creatures you control have haste" (613.1f, layer 6).
    "grant_keywords": ({"affects", "keywords"}, set()),
    # "All creatures lose all abilities" (613.1f, layer 6).
    "lose_all_abilities": ({"affects"}, set()),
    # "... have base power and toughness 1/1" (613.4b, layer 7b).
    "set_base_power_toughness": ({"affects", "power", "toughness"}, set()),
    # "Creatures of the chosen color get +1/+1" (613.4c, layer 7c); condition = a permanent you must control.
    "modify_power_toughness": ({"affects", "power", "toughness"}, {"condition"}),
    # "[This] gets +X/+0, where X is the number of [filter]" (613.4c, layer 7c).
    "modify_power_per_count": ({"affects", "power", "count"}, set()),
    # "[This]'s power and toughness are each equal to the number of [filter]" (604.3, 613.4a).
    "define_power_toughness": ({"count"}, set()),
    # "Each spell a player casts costs {1} more for each other spell that player has cast this turn" (601.2f).
    "spell_cost_increase_per_other_spell": ({"amount"}, set()),
    # "Creature spells you cast have offspring {2}" (611.3d, 109.5, 601.2a, 400.7b).
    "spells_gain_keyword": ({"spells", "keyword", "cost"}, set()),
}

#: Keyword abilities with a cost (702): the cost key is required for these.
KEYWORDS_WITH_COST = {"offspring", "kicker", "blitz", "equip"}

#: Keys of a permanent filter (see :func:`oracle.characteristics.matches`).
FILTER_KEYS = {
    "types", "subtypes", "supertypes", "controller", "color", "other", "owner", "mana_value", "max_mana_value",
    "zone", "token", "base_power",
}  # fmt: skip


@dataclass(frozen=True)
class Cost:
    """The cost of an activated ability, read from its text (602.1a, 118)."""

    mana: ManaCost = field(default_factory=ManaCost)
    tap: bool = False  # {T} (107.5)
    untap: bool = False  # {Q} (107.6)
    sacrifice_self: bool = False
    tap_untapped_creature: bool = False
    discard_card: bool = False

    @classmethod
    def parse(cls, text: str, card_name: str = "") -> Cost:
        """``"{1}{W}{W}, {Q}"`` -> mana {1}{W}{W} and the untap symbol.

        ``card_name`` lets older wording ("Sacrifice Blood Pet") name the card itself.
        """
        mana: list[str] = []
        flags: dict[str, bool] = {}
        for part in (p.strip() for p in text.split(",")):
            if part == "{T}":
                flags["tap"] = True
            elif part == "{Q}":
                flags["untap"] = True
            elif re.fullmatch(r"Sacrifice this \w+", part) or (card_name and part == f"Sacrifice {card_name}"):
                flags["sacrifice_self"] = True
            elif part == "Tap an untapped creature you control":
                flags["tap_untapped_creature"] = True
            elif part == "Discard a card":
                flags["discard_card"] = True
            else:
                try:
                    mana.extend(parse_symbols(part))
                except ValueError:
                    raise ValueError(f"unknown cost {part!r}") from None
        return cls(mana=ManaCost.parse("".join(f"{{{m}}}" for m in mana)), **flags)


@dataclass(frozen=True)
class Ability:
    """One ability of a card, as data.

    ``kind`` is ``"keyword"``, ``"activated"``, ``"triggered"``, ``"static"``, ``"spell"`` or
    ``"replacement"``; ``spec`` holds the vocabulary table of that kind.
    """

    kind: str
    text: str
    spec: dict[str, Any]
    cost: Cost | None = None

    @property
    def effects(self) -> list[dict[str, Any]]:
        return list(self.spec.get("effects", []))

    def static_effects(self, word: str) -> list[dict[str, Any]]:
        """The parameters of each effect ``word`` of a static ability."""
        if self.kind != "static":
            return []
        return [params for effect in self.effects for w, params in effect.items() if w == word]

    @cached_property
    def keyword(self) -> str:
        """The keyword of a keyword ability (702), else "" (read once: abilities never change)."""
        return str(self.spec.get("keyword", "")) if self.kind == "keyword" else ""

    def __deepcopy__(self, memo: dict[int, object]) -> Ability:
        return self  # abilities are never changed once loaded

    def adds_mana(self) -> bool:
        """Whether the ability could add mana (605.1a, 605.1b)."""
        return any(next(iter(e)) in ("add_mana", "add_one_mana") for e in self.effects)

    @property
    def is_mana_ability(self) -> bool:
        """605.1a: an activated ability with no target that could add mana;
        605.1b: a triggered ability with no target that triggers from a mana
        ability and could add mana.  Such abilities don't use the stack."""
        if self.spec.get("targets"):
            return False
        if self.kind == "activated":
            return self.adds_mana()
        if self.kind == "triggered":
            return self.spec["trigger"]["event"] == "tapped-for-mana" and self.adds_mana()
        return False


def _check_keys(where: str, table: dict[str, Any], words: dict[str, tuple[set[str], set[str]]], word: str) -> None:
    required, optional = words[word]
    missing = required - table.keys()
    extra = table.keys() - required - optional - {"event", "kind"}
    if missing:
        raise CardDataError(f"{where}: {word!r} needs {', '.join(sorted(missing))}")
    if extra:
        raise CardDataError(f"{where}: {word!r} does not take {', '.join(sorted(extra))}")


def check_filter(where: str, value: Any) -> None:
    """A filter is ``"self"``, ``"attached"`` (what this is attached to) or a table of :data:`FILTER_KEYS`."""
    if value in ("self", "attached"):
        return
    if not isinstance(value, dict):
        raise CardDataError(f'{where}: a filter is "self" or a table, not {value!r}')
    unknown = value.keys() - FILTER_KEYS
    if unknown:
        raise CardDataError(f"{where}: unknown filter key(s) {', '.join(sorted(unknown))}")


def _check_effects(where: str, effects: Any, words: dict[str, tuple[set[str], set[str]]] = EFFECTS) -> None:
    if not isinstance(effects, list) or not effects:
        raise CardDataError(f"{where}: effects must be a non-empty list of tables")
    for effect in effects:
        if not isinstance(effect, dict) or len(effect) != 1:
            raise CardDataError(f"{where}: each effect is a table with exactly one effect word")
        word, params = next(iter(effect.items()))
        if word not in words:
            raise CardDataError(f"{where}: unknown effect {word!r} (known: {', '.join(sorted(words))})")
        if not isinstance(params, dict):
            raise CardDataError(f"{where}: effect {word!r} takes a table")
        _check_keys(where, params, words, word)
        for key in ("affects", "count", "spells", "condition"):
            if key in params:
                check_filter(where, params[key])
        if word == "add_mana":
            try:
                parse_mana(params["mana"])
            except ValueError as exc:
                raise CardDataError(f"{where}: {exc}") from None
        if "lands" in params:
            check_filter(where, params["lands"])
        if "filter" in params:
            check_filter(where, params["filter"])
        for index, table in enumerate(params.get("gains_abilities", []), start=1):
            parse_ability(f"{where}: gained ability {index}", table)


def parse_ability(where: str, table: dict[str, Any], card_name: str = "") -> Ability:
    """Validate one ``[[abilities]]`` table and return it as an :class:`Ability`."""
    kind = table.get("kind")
    text = table.get("text", "")
    if not isinstance(text, str):
        raise CardDataError(f"{where}: text must be a string")
    if kind == "keyword":
        if not isinstance(table.get("keyword"), str):
            raise CardDataError(f'{where}: a keyword ability needs keyword = "..."')
        keyword = table["keyword"].lower()
        spec: dict[str, Any] = {"keyword": keyword}
        if keyword in KEYWORDS_WITH_COST:
            try:
                spec["cost"] = ManaCost.parse(str(table.get("cost", "")))
            except ValueError as exc:
                raise CardDataError(f"{where}: {exc}") from None
            if not table.get("cost"):
                raise CardDataError(f'{where}: {keyword} needs cost = "{{...}}" (702)')
        if "enchant" in table:
            check_filter(where, table["enchant"])
            spec["enchant"] = table["enchant"]
        return Ability("keyword", text, spec)
    if kind == "spell":
        _check_effects(where, table.get("effects"))
        for target in table.get("targets", []):
            check_filter(where, target)
        return Ability("spell", text, dict(table))
    if kind == "activated":
        if ":" not in text:
            raise CardDataError(f'{where}: an activated ability\'s text is "[Cost]: [Effect]" (602.1a)')
        try:
            cost = Cost.parse(text.split(":", 1)[0], card_name)
        except ValueError as exc:
            raise CardDataError(f"{where}: {exc}") from None
        _check_effects(where, table.get("effects"))
        if table.get("timing", "instant") not in ("instant", "sorcery"):
            raise CardDataError(f'{where}: timing is "instant" or "sorcery"')
        for target in table.get("targets", []):
            check_filter(where, target)
        return Ability("activated", text, dict(table), cost)
    if kind == "triggered":
        trigger = table.get("trigger")
        if not isinstance(trigger, dict) or trigger.get("event") not in TRIGGERS:
            raise CardDataError(f"{where}: trigger.event must be one of {', '.join(sorted(TRIGGERS))}")
        _check_keys(where, trigger, TRIGGERS, trigger["event"])
        for key in ("source", "spell"):
            if key in trigger:
                check_filter(where, trigger[key])
        for target in table.get("targets", []):
            check_filter(where, target)
        _check_effects(where, table.get("effects"))
        return Ability("triggered", text, dict(table))
    if kind == "replacement":
        replaces = table.get("replaces")
        if not isinstance(replaces, dict) or replaces.get("event") not in REPLACEMENTS:
            raise CardDataError(f"{where}: replaces.event must be one of {', '.join(sorted(REPLACEMENTS))}")
        _check_keys(where, replaces, REPLACEMENTS, replaces["event"])
        if "source" in replaces:
            check_filter(where, replaces["source"])
        if "produce" in replaces:
            try:
                parse_mana(replaces["produce"])
            except ValueError as exc:
                raise CardDataError(f"{where}: {exc}") from None
        if "choose" in replaces and replaces["choose"] not in ("color", "copy"):
            raise CardDataError(f'{where}: choose is "color" or "copy"')
        return Ability("replacement", text, dict(table))
    if kind == "static":
        _check_effects(where, table.get("effects"), STATICS)
        return Ability("static", text, dict(table))
    raise CardDataError(
        f"{where}: kind must be keyword, activated, triggered, static, replacement or spell, not {kind!r}"
    )
