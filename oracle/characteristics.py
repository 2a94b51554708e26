"""Characteristics of objects through the layer system (CR 613) and permanent filters.

:func:`characteristics` is the one place that answers "what is this object
now?"; every rule asks it instead of reading the printed card.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .cards import BASIC_LAND_MANA, TypeLine
from .state import GameObject, GameState
from .vocabulary import Ability


@dataclass
class Characteristics:
    """The values rule 109.3 lists, as the layer system leaves them."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    abilities: list[Ability]
    power: int | None = None
    toughness: int | None = None
    #: 208.4b: power and toughness after layers 7a and 7b, before modifying effects and counters.
    base_power: int | None = None
    base_toughness: int | None = None
    mana_value: int = 0
    keywords: list[str] = field(default_factory=list)

    def is_(self, card_type: str) -> bool:
        return card_type in self.types


def _intrinsic_mana_abilities(subtypes: tuple[str, ...]) -> list[Ability]:
    """305.6: each basic land type gives the land "{T}: Add [its mana symbol]"."""
    from .vocabulary import Cost

    abilities = []
    for land_type, symbol in BASIC_LAND_MANA.items():
        if land_type in subtypes:
            text = f"{{T}}: Add {symbol}."
            spec = {"kind": "activated", "text": text, "effects": [{"add_mana": {"mana": symbol}}]}
            abilities.append(Ability("activated", text, spec, Cost.parse("{T}")))
    return abilities


def _printed(obj: GameObject) -> Characteristics:
    """The object's copiable values before any effect (layer 1 starts here, 613.2)."""
    card = obj.card
    parsed = TypeLine.parse(card.type_line)
    base_p = _number(card.power)
    base_t = _number(card.toughness)
    # 202.3e: X is 0 everywhere but on the stack.
    on_stack = obj.zone == "stack"
    mana_value = card.mana_cost.mana_value(obj.x if on_stack else 0) if card.mana_cost else 0
    return Characteristics(
        name=card.name,
        types=parsed.types,
        subtypes=parsed.subtypes,
        supertypes=parsed.supertypes,
        colors=card.colors,
        abilities=list(card.abilities),
        power=base_p,
        toughness=base_t,
        base_power=base_p,
        base_toughness=base_t,
        mana_value=mana_value,
    )


def _number(value: str | None) -> int | None:
    if value is None:
        return None
    return int(value) if value.lstrip("-").isdigit() else 0


def _statics(chars: dict[int, Characteristics], state: GameState, effect: str) -> list[tuple[GameObject, Ability]]:
    """Static abilities with the given effect word, in timestamp order (613.7)."""
    found = []
    for obj in state.permanents():
        for ability in chars[obj.id].abilities:
            if ability.kind == "static" and ability.spec["effect"] == effect:
                found.append((obj, ability))
    return found


def compute(state: GameState) -> dict[int, Characteristics]:
    """Characteristics of every permanent, applying the layers in order (613.1, 613.4).

    Within a layer, the set of objects an effect affects is fixed when that
    layer begins (613.6 simplified: no effect here changes what another
    effect in the same layer applies to).
    """
    chars = {obj.id: _printed(obj) for obj in state.permanents()}
    # Layers 1-5 (copy, control, text, type, color): no effect of the current card pool uses them yet.
    for ch in chars.values():
        if "Land" in ch.types:
            ch.abilities = [*ch.abilities, *_intrinsic_mana_abilities(ch.subtypes)]
    # Layer 6: ability-adding effects (613.1f).
    for source, ability in _statics(chars, state, "grant_keywords"):
        affected = [o for o in state.permanents() if matches(state, chars, o, ability.spec["affects"], source)]
        for obj in affected:
            for keyword in ability.spec["keywords"]:
                kw = keyword.lower()
                chars[obj.id].abilities.append(Ability("keyword", kw, {"keyword": kw}))
    for ch in chars.values():
        ch.keywords = sorted({a.spec["keyword"] for a in ch.abilities if a.kind == "keyword"})
    # Layers 7a (characteristic-defining) and 7b (setting): none yet, so base values are printed ones (208.4b).
    # Layer 7c: modifying effects and counters (613.4c).
    for source, ability in _statics(chars, state, "modify_power_toughness"):
        for obj in state.permanents():
            ch = chars[obj.id]
            if ch.power is not None and matches(state, chars, obj, ability.spec["affects"], source):
                ch.power += int(ability.spec["power"])
                ch.toughness = (ch.toughness or 0) + int(ability.spec["toughness"])
    for obj in state.permanents():
        ch = chars[obj.id]
        if ch.power is not None:
            net = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
            ch.power += net
            ch.toughness = (ch.toughness or 0) + net
    return chars


def characteristics(state: GameState, obj: GameObject) -> Characteristics:
    """What ``obj`` is now: layered on the battlefield, printed elsewhere (613, 109.3)."""
    if obj.zone == "battlefield":
        return compute(state)[obj.id]
    return _printed(obj)


def matches(
    state: GameState,
    chars: dict[int, Characteristics],
    obj: GameObject,
    spec: Any,
    source: GameObject | None,
    controller: str | None = None,
) -> bool:
    """Whether ``obj`` fits a fixture filter, judged from the source's point of view.

    ``controller`` is "you" for the filter; by default the source's controller.
    """
    if spec == "self":
        return source is not None and obj.id == source.id
    you = controller or (source.controller if source else "")
    ch = chars.get(obj.id) or characteristics(state, obj)
    if "types" in spec and not any(t in ch.types for t in spec["types"]):
        return False
    if "subtypes" in spec and not any(t in ch.subtypes for t in spec["subtypes"]):
        return False
    if "supertypes" in spec and not all(t in ch.supertypes for t in spec["supertypes"]):
        return False
    if spec.get("controller") == "you" and obj.controller != you:
        return False
    if spec.get("controller") == "opponent" and obj.controller == you:
        return False
    if spec.get("owner") == "you" and obj.owner != you:
        return False
    if spec.get("other") and source is not None and obj.id == source.id:
        return False
    if "max_mana_value" in spec and ch.mana_value > spec["max_mana_value"]:
        return False
    if "color" in spec:
        wanted = source.chosen.get("color") if spec["color"] == "chosen" and source else spec["color"]
        if wanted not in ch.colors:
            return False
    return True


def snapshot(state: GameState, obj: GameObject) -> dict[str, Any]:
    """Last known information of an object (608.2h, 603.10): its characteristics and counters."""
    ch = replace(characteristics(state, obj))
    return {"characteristics": ch, "counters": dict(obj.counters), "controller": obj.controller, "id": obj.id}
