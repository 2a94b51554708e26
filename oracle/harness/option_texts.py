"""What the cards' rules text lets a question offer: the objects a "target ..." or "sacrifice a ..."
describes, the creatures "enter as a copy of any creature" may copy, the mana "one mana of any
color that a land an opponent controls could produce" may be.

Everything here is read from the Oracle text of the cards in the game (the card export every
engine gets) and the observed position, never from an engine's answer.  Each reading is an upper
bound: what the words could allow, whatever else may narrow it (an ability lost to Humility, a
replacement effect of Contamination), so that a correct engine's options always fit within it.
Words this module does not read give no bound (``None``): the question is then held only to the
bounds of its kind (:mod:`oracle.harness.options`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

#: The five colors of mana, and the six types (105.1, 106.1a, 106.1b), as the pool writes them.
COLORS = frozenset("WUBRG")
MANA_TYPES = frozenset("WUBRGC")
#: The mana a land of each basic land type can produce by its intrinsic ability (305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_CARD_TYPES = r"artifact|creature|enchantment|land|planeswalker|battle|permanent"
_TYPES = rf"(?P<types>(?:{_CARD_TYPES})(?:(?:,| or|, or) (?:{_CARD_TYPES}))*)"
_TARGET = re.compile(
    rf"target {_TYPES}(?P<card> cards?)?(?P<control> you control| an opponent controls)?|target (?P<spell>spell)\b"
)
_SACRIFICE = re.compile(rf"sacrifice (?:a|an|another) {_TYPES}(?P<control> you control)?", re.IGNORECASE)
_SACRIFICE_ITSELF = re.compile(r"sacrifice (?:this (?:creature|artifact|enchantment|land|permanent)|~)", re.IGNORECASE)
_COPY = re.compile(rf"enter as a copy of (?:any|a|an) {_TYPES} on the battlefield")
_TAP_COST = re.compile(rf"^tap an untapped {_TYPES} you control$")
_REPLACEMENT = re.compile(
    r"\binstead\b|\bskip\b|\benters? (?:with|as)\b|\bas (?:this|~) \w+ enters\b|\benter as a copy\b", re.I
)
_MANA_CHOICE = re.compile(r"mana of any (?P<what>color|type)(?P<rest>[^.]*)")
_SYMBOL = re.compile(r"\{([WUBRGC])\}")

Texts = Callable[[str], "str | None"]
JSON = dict[str, Any]


@dataclass(frozen=True)
class Description:
    """The objects some words describe: of any of ``types`` (lower case; "permanent" is any), in
    ``zone``, controlled by the player the question asks ("you") or by another ("opponent")."""

    types: frozenset[str]
    zone: str = "battlefield"
    control: str = ""

    def refs(self, observation: JSON, player: str) -> set[str]:
        """The refs of every object of the observation that fits."""
        if self.zone == "stack":
            return {s["ref"] for s in observation["stack"] if s["kind"] == "spell" and s.get("ref")}
        if self.zone == "graveyard":
            return {
                c["ref"]
                for p in observation["players"]
                if self.control != "you" or p["name"] == player
                for c in p["graveyard"]
                if c.get("ref")
            }
        return {p["ref"] for p in observation["battlefield"] if self.fits(p, player)}

    def fits(self, permanent: JSON, player: str) -> bool:
        kinds = {t.lower() for t in permanent["types"]}
        if "permanent" not in self.types and not kinds & self.types:
            return False
        mine = permanent["controller"] == player
        return self.control != ("opponent" if mine else "you")

    def __str__(self) -> str:
        whose = {"you": " the player controls", "opponent": " an opponent controls"}.get(self.control, "")
        where = {"stack": " on the stack", "graveyard": " in a graveyard"}.get(self.zone, "")
        return f"{' or '.join(sorted(self.types))}{whose}{where}"


def _types(words: str) -> frozenset[str]:
    return frozenset(w for w in re.split(r",? or |, ", words.lower()) if w)


def _sentences(text: str) -> list[str]:
    """The text's sentences and lines, reminder text included."""
    return [s.strip() for s in re.split(r"(?<=[.)])\s+|\n", text) if s.strip()]


def known_texts(names: Iterable[str], texts: Texts) -> list[str]:
    """The Oracle text of each of ``names`` the card export knows (a token's made-up name: none)."""
    return [t for t in dict.fromkeys(texts(n) for n in dict.fromkeys(names)) if t]


def target_descriptions(text: str) -> list[Description] | None:
    """Every "target ..." of the text (115.1), read; None when one of them is words this module
    doesn't read ("target player", "any target", a target in a zone it doesn't name)."""
    found: list[Description] = []
    if re.search(r"^Equip\b", text, re.MULTILINE):  # "Attach to target creature you control" (702.6a)
        found.append(Description(frozenset({"creature"}), control="you"))
    for sentence in _sentences(text):
        lowered = sentence.lower()
        for at in (m.start() for m in re.finditer(r"\btarget\b", lowered)):
            match = _TARGET.match(lowered, at)
            if match is None:
                return None
            if match["spell"]:
                found.append(Description(frozenset({"spell"}), zone="stack"))
                continue
            control = {" you control": "you", " an opponent controls": "opponent"}.get(match["control"] or "", "")
            if match["card"]:
                control = "you" if "from your graveyard" in lowered else ""
                if "graveyard" not in lowered:
                    return None
                found.append(Description(_types(match["types"]), zone="graveyard", control=control))
            else:
                found.append(Description(_types(match["types"]), control=control))
    return found


def sacrifice_descriptions(text: str, name: str) -> tuple[list[Description], bool] | None:
    """What a "sacrifice ..." of the text lets its controller choose (701.21a): the permanents
    "sacrifice a creature" describes, and whether "sacrifice this enchantment" lets the source be
    one of them; None for words this module doesn't read ("sacrifice it", "sacrifice X lands")."""
    found: list[Description] = []
    itself = False
    for sentence in _sentences(text.replace(name, "~")):
        for at in (m.start() for m in re.finditer(r"\bsacrifice\b", sentence, re.IGNORECASE)):
            if _SACRIFICE_ITSELF.match(sentence, at):
                itself = True
                continue
            match = _SACRIFICE.match(sentence, at)
            if match is None:
                return None
            found.append(Description(_types(match["types"]), control="you"))
    return found, itself


def copy_descriptions(text: str) -> list[Description] | None:
    """What "enter as a copy of any creature on the battlefield" lets its controller copy (707.5);
    None for another "as a copy of" this module doesn't read; [] for a text with none."""
    found: list[Description] = []
    for sentence in _sentences(text):
        if "as a copy of" not in sentence or "that's a copy of" in sentence:
            continue
        match = _COPY.search(sentence.lower())
        if match is None:
            return None
        found.append(Description(_types(match["types"])))
    return found


def mana_choices(text: str) -> list[str]:
    """The sentences of the text that let a player choose the mana an ability adds ("Add one mana
    of any color", "of any type that a land you control could produce")."""
    return [m.group(0) for m in _MANA_CHOICE.finditer(text)]


def could_produce(lands: Iterable[JSON], battlefield: Iterable[JSON], texts: Texts) -> set[str] | None:
    """An upper bound of the types of mana these lands could produce (106.7): every mana symbol
    their abilities add (a basic land type's intrinsic ability included, 305.6), every type where an
    ability adds mana "of any color" or "of any type", and every type a replacement effect on the
    battlefield makes a land produce instead ("it produces {B} instead", 106.7 takes them into
    account).  None when a land's abilities are unknown (a token not in the card export)."""
    found: set[str] = set()
    for land in lands:
        intrinsic = {BASIC_LAND_MANA[s] for s in land.get("subtypes", []) if s in BASIC_LAND_MANA}
        text = texts(land["name"])
        if text is None and not intrinsic:
            return None
        found |= intrinsic
        for sentence in _sentences(text or ""):
            if "Add " not in sentence and "add " not in sentence:
                continue
            found |= set(_SYMBOL.findall(sentence.partition("dd ")[2]))
            if "of any color" in sentence:
                found |= COLORS
            if "of any type" in sentence:
                found |= MANA_TYPES
    for permanent in battlefield:
        for sentence in _sentences(texts(permanent["name"]) or ""):
            if "produces" in sentence and "instead" in sentence:
                found |= set(_SYMBOL.findall(sentence)) | (MANA_TYPES if "any type" in sentence else set())
    return found


def mana_bound(choice: str, observation: JSON, player: str, texts: Texts) -> set[str] | None:
    """The types of mana a sentence such as "mana of any color that a land an opponent controls
    could produce" lets ``player`` choose (105.1, 106.1, 106.7); None for words not read here."""
    match = _MANA_CHOICE.match(choice)
    if match is None:
        return None
    kinds = COLORS if match["what"] == "color" else MANA_TYPES
    rest = match["rest"].strip()
    if not rest:
        return set(kinds)
    lands = [p for p in observation["battlefield"] if "Land" in p["types"]]
    if rest == "that a land an opponent controls could produce":
        lands = [p for p in lands if p["controller"] != player]
    elif rest in ("that a land you control could produce", "that land produced"):
        lands = [p for p in lands if p["controller"] == player]
    else:
        return None
    produced = could_produce(lands, observation["battlefield"], texts)
    return None if produced is None else produced & kinds


def tap_cost(cost: str) -> Description | None:
    """ "{T}, Tap an untapped creature you control" -> the permanents the second part may tap
    (118.3); None for a cost with no such part, or one this module doesn't read."""
    for part in cost.split(", "):
        match = _TAP_COST.match(part.strip().lower())
        if match:
            return Description(_types(match["types"]), control="you")
    return None


def has_replacement(text: str | None) -> bool:
    """Whether a card's text holds a replacement effect (614.1a-d); a card the export doesn't know
    (a token's made-up name) is taken to."""
    return text is None or bool(_REPLACEMENT.search(text))
