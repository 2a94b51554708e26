"""Characteristics of objects through the layer system (CR 613) and permanent filters.

:func:`compute` is the one place that answers "what is this permanent now?";
every rule asks it instead of reading the printed card.  It starts from each
object's copiable values (layer 1: the card, the token's definition, or what a
copy effect copied, 707.2) and applies, in order, type (layer 4), color (5),
ability (6) and power/toughness (7a-7c) effects, each layer in timestamp
order (613.7).  Control (2) and text (3) effects don't occur in the card pool.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from operator import attrgetter
from typing import Any

from .cards import Face, basic_land_mana
from .state import GameObject, GameState, copied
from .vocabulary import Ability, Cost


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

    def copy(self) -> Characteristics:
        """A copy sharing nothing that can change (its lists are copied)."""
        new = object.__new__(Characteristics)
        new.__dict__ = self.__dict__.copy()
        new.abilities, new.keywords = list(self.abilities), list(self.keywords)
        return new

    def keyword_abilities(self, keyword: str) -> list[Ability]:
        return [a for a in self.abilities if a.keyword == keyword]


#: 702.152a: a permanent whose blitz cost was paid has "When this permanent is put into a graveyard
#: from the battlefield, draw a card."
BLITZ_DRAW = Ability(
    "triggered",
    "When this permanent is put into a graveyard from the battlefield, draw a card.",
    {"kind": "triggered", "trigger": {"event": "dies"}, "effects": [{"draw_cards": {"amount": 1}}]},
)


def _intrinsic_mana_abilities(subtypes: tuple[str, ...]) -> list[Ability]:
    """305.6: each basic land type gives the land "{T}: Add [its mana symbol]"."""
    return list(_mana_abilities_of(subtypes, tuple(basic_land_mana().items())))


@cache
def _mana_abilities_of(subtypes: tuple[str, ...], symbols: tuple[tuple[str, str], ...]) -> tuple[Ability, ...]:
    """:func:`_intrinsic_mana_abilities`, made once for each type line (abilities are immutable)."""
    abilities = []
    for land_type, symbol in symbols:
        if land_type in subtypes:
            text = f"{{T}}: Add {symbol}."
            spec = {"effects": [{"add_mana": {"mana": symbol}}]}
            abilities.append(Ability("activated", text, spec, Cost.parse("{T}")))
    return tuple(abilities)


def _number(value: str | None) -> int | None:
    if value is None:
        return None
    return int(value) if value.lstrip("-").isdigit() else 0  # "*" is 0 until a CDA defines it (604.3)


def _from_face(obj: GameObject, face: Face) -> Characteristics:
    """Layer 1 result: the copiable values (707.2).  202.3e: X is 0 except on the stack.
    Base power and toughness (208.4b) are set by the layer system, on the battlefield only."""
    mana_value = face.mana_cost.mana_value(obj.x if obj.zone == "stack" else 0) if face.mana_cost else 0
    power, toughness = _number(face.power), _number(face.toughness)
    return Characteristics(
        name=face.name,
        types=face.types,
        subtypes=face.subtypes,
        supertypes=face.supertypes,
        colors=face.colors,
        abilities=list(face.abilities),
        power=power,
        toughness=toughness,
        mana_value=mana_value,
    )


def _ordered(operations: Iterable[tuple[int, Any]]) -> list[Any]:
    """613.7: within a layer, effects apply in timestamp order."""
    return [op for _, op in sorted(operations, key=lambda pair: pair[0])]


def _static(
    chars: dict[int, Characteristics], state: GameState, word: str
) -> list[tuple[int, tuple[GameObject, dict[str, Any]]]]:
    """(timestamp, (source, parameters)) of every static effect ``word`` on the battlefield."""
    found = []
    for obj in _in_order(state, chars):
        for ability in chars[obj.id].abilities:
            for params in ability.static_effects(word):
                found.append((obj.timestamp, (obj, params)))
    return found


def _in_order(state: GameState, chars: dict[int, Characteristics]) -> list[GameObject]:
    """The permanents being layered, in timestamp order: ``chars`` was filled in that order."""
    return [state.objects[i] for i in chars]


def _resolved(state: GameState, layer: str, key: str) -> list[tuple[int, tuple[None, Any]]]:
    return [(e.timestamp, (None, e)) for e in state.effects if e.layer == layer and key in e.change]


def _affected(
    state: GameState, chars: dict[int, Characteristics], source: GameObject | None, what: Any
) -> list[GameObject]:
    """The permanents a static effect (a filter) or a resolved effect (its locked set, 611.2c) applies to."""
    if source is None:
        return [state.objects[i] for i in what.affected if i in chars]
    return [o for o in _in_order(state, chars) if matches(state, chars, o, what["affects"], source)]


def compute(state: GameState) -> dict[int, Characteristics]:
    """Characteristics of every permanent, applying the layers in order (613.1, 613.4).

    The layers are applied once for each state of what they read (:func:`_inputs`): until that
    changes, every caller is given the same dict of characteristics, to read and never to change
    (:meth:`Characteristics.copy` gives one to change; a change of the state makes a new dict, so
    one kept from before still says what was, as last known information needs, 608.2h)."""
    inputs = _inputs(state)
    known = state.__dict__.get("_layered")
    if known is None or known[0] != inputs:
        known = (inputs, _layered(state))
        state.__dict__["_layered"] = known
    return known[1]


def _inputs(state: GameState) -> tuple[Any, ...]:
    """Everything of the state the layers read: each permanent's copiable values (its card or what
    a copy effect left), timestamp, zone, X, controller, owner, tokenness, attachment, paid costs,
    counters and choices; and the effects from resolved spells and abilities (their changes as
    values, so a change made in place is seen).  Cards and faces are immutable, compared by identity
    first."""
    snapshot = dict.copy  # a plain dict of the counters' or the choices' values as they are now
    inputs: list[Any] = [
        (
            _UNCHANGEABLE(o),
            snapshot(o.counters) if o.counters else None,
            snapshot(o.chosen) if o.chosen else None,
        )
        for o in map(state.objects.__getitem__, state.battlefield)
    ]
    if state.effects:
        inputs.append(tuple((e.layer, e.timestamp, tuple(e.affected), copied(e.change)) for e in state.effects))
    return tuple(inputs)


#: What :func:`_inputs` reads of a permanent besides its counters and choices (values that are
#: replaced, never changed in place).
_UNCHANGEABLE = attrgetter(
    "id", "timestamp", "card", "copy_face", "zone", "x", "controller", "owner", "is_token", "attached_to", "paid"
)


def _layered(state: GameState) -> dict[int, Characteristics]:
    """:func:`compute`'s work: the layers applied to every permanent."""
    permanents = state.permanents()
    chars = {obj.id: _from_face(obj, obj.face()) for obj in permanents}
    # Layer 4: type-changing effects ("becomes a blue Frog", "becomes a creature that's still a land").
    for _, effect in _ordered(_resolved(state, "4", "creature_types") + _resolved(state, "4", "add_types")):
        for obj in _affected(state, chars, None, effect):
            ch = chars[obj.id]
            if "creature_types" in effect.change:
                ch.subtypes = tuple(effect.change["creature_types"])
            ch.types = (*ch.types, *(t for t in effect.change.get("add_types", []) if t not in ch.types))
    for ch in chars.values():
        if "Land" in ch.types:
            ch.abilities = [*ch.abilities, *_intrinsic_mana_abilities(ch.subtypes)]
    # Layer 5: color-changing effects.
    for _, effect in _ordered(_resolved(state, "5", "colors")):
        for obj in _affected(state, chars, None, effect):
            chars[obj.id].colors = tuple(effect.change["colors"])
    _layer_6(state, chars)
    _layer_7(state, chars)
    return chars


def _layer_6(state: GameState, chars: dict[int, Characteristics]) -> None:
    """613.1f: ability-adding and ability-removing effects, in timestamp order."""
    operations = [
        *[(t, (src, {"keywords": p["keywords"]}, p)) for t, (src, p) in _static(chars, state, "grant_keywords")],
        *[(t, (src, {"lose_all_abilities": True}, p)) for t, (src, p) in _static(chars, state, "lose_all_abilities")],
        *[(e.timestamp, (None, e.change, e)) for e in state.effects if e.layer == "6"],
    ]
    for source, change, what in _ordered(operations):
        for obj in _affected(state, chars, source, what):
            ch = chars[obj.id]
            if change.get("lose_all_abilities"):
                ch.abilities = []
            ch.abilities += [Ability("keyword", k, {"keyword": k.lower()}) for k in change.get("keywords", [])]
            ch.abilities += list(change.get("abilities", []))
    for obj in _in_order(state, chars):  # 702.152a: "as long as this permanent's blitz cost was paid"
        ch = chars[obj.id]
        if "blitz" in obj.paid and ch.keyword_abilities("blitz"):
            ch.abilities += [Ability("keyword", "haste", {"keyword": "haste"}), BLITZ_DRAW]
    for ch in chars.values():
        ch.keywords = sorted({a.keyword for a in ch.abilities if a.kind == "keyword"})


def _count(state: GameState, chars: dict[int, Characteristics], spec: Any, source: GameObject) -> int:
    return sum(1 for o in _in_order(state, chars) if matches(state, chars, o, spec, source))


def _layer_7(state: GameState, chars: dict[int, Characteristics]) -> None:
    """613.4: power and toughness; 208.3: a noncreature permanent has none."""
    for obj in _in_order(state, chars):
        ch = chars[obj.id]
        if "Creature" not in ch.types:
            ch.power = ch.toughness = ch.base_power = ch.base_toughness = None
            continue
        if ch.power is None:  # a permanent that became a creature with no printed power and toughness
            ch.power = ch.toughness = 0
        for ability in ch.abilities:  # 7a: characteristic-defining abilities (604.3)
            for params in ability.static_effects("define_power_toughness"):
                ch.power = ch.toughness = _count(state, chars, params["count"], obj)
    operations = [
        *_static(chars, state, "set_base_power_toughness"),
        *_resolved(state, "7b", "base"),
    ]
    for source, what in _ordered(operations):  # 7b: setting effects
        power, toughness = what.change["base"] if source is None else (what["power"], what["toughness"])
        for obj in _affected(state, chars, source, what):
            if chars[obj.id].power is not None:
                chars[obj.id].power, chars[obj.id].toughness = int(power), int(toughness)
    for ch in chars.values():  # 208.4b: base power and toughness
        ch.base_power, ch.base_toughness = ch.power, ch.toughness
    deltas: dict[int, list[int]] = {i: [0, 0] for i in chars}
    for _, (source, params) in _static(chars, state, "modify_power_toughness"):  # 7c
        if "condition" in params and not _count(state, chars, {**params["condition"], "controller": "you"}, source):
            continue
        for obj in _affected(state, chars, source, params):
            deltas[obj.id][0] += int(params["power"])
            deltas[obj.id][1] += int(params["toughness"])
    for _, (source, params) in _static(chars, state, "modify_power_per_count"):
        for obj in _affected(state, chars, source, params):
            deltas[obj.id][0] += int(params["power"]) * _count(state, chars, params["count"], source)
    for effect in state.effects:
        if effect.layer == "7c":
            for obj_id in (i for i in effect.affected if i in chars):
                deltas[obj_id][0] += effect.change["modify"][0]
                deltas[obj_id][1] += effect.change["modify"][1]
    for obj in _in_order(state, chars):
        ch = chars[obj.id]
        if ch.power is None or ch.toughness is None:
            continue
        counters = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
        ch.power += deltas[obj.id][0] + counters
        ch.toughness += deltas[obj.id][1] + counters


def characteristics(state: GameState, obj: GameObject) -> Characteristics:
    """What ``obj`` is now: layered on the battlefield; elsewhere its copiable values plus
    the abilities effects gave it (e.g. a spell that gained offspring as it was cast).  The
    ``keywords`` summary is made by layer 6, for permanents: only permanents attack or have haste."""
    if obj.zone == "battlefield":
        return compute(state)[obj.id]
    ch = _from_face(obj, obj.face())
    for effect in state.effects:
        if effect.layer == "6" and obj.id in effect.affected:
            ch.abilities += list(effect.change.get("abilities", []))
    return ch


def matches(
    state: GameState,
    chars: dict[int, Characteristics],
    obj: GameObject,
    spec: Any,
    source: GameObject | None,
    controller: str | None = None,
) -> bool:
    """Whether ``obj`` fits a fixture filter, judged from the source's point of view.

    ``controller`` is "you" for the filter; by default the source's controller.  ``mana_value`` and
    ``max_mana_value`` read the object's mana value, in which X is the number chosen for it while
    the object is on the stack and 0 elsewhere (202.3e).
    """
    if spec == "self":
        return source is not None and obj.id == source.id
    if spec == "attached":
        return source is not None and source.attached_to == obj.id
    you = controller or (source.controller if source else "")
    ch = chars.get(obj.id) or characteristics(state, obj)
    checks = (
        ("types", lambda v: any(t in ch.types for t in v)),
        ("subtypes", lambda v: any(t in ch.subtypes for t in v)),
        ("supertypes", lambda v: all(t in ch.supertypes for t in v)),
        ("controller", lambda v: (obj.controller == you) == (v == "you")),
        ("owner", lambda v: obj.owner == you),
        ("other", lambda v: source is None or (obj.id != source.id) == bool(v)),
        ("mana_value", lambda v: ch.mana_value == v),
        ("max_mana_value", lambda v: ch.mana_value <= v),
        ("token", lambda v: obj.is_token == v),
        ("base_power", lambda v: ch.base_power == v),
        ("color", lambda v: (source.chosen.get("color") if v == "chosen" and source else v) in ch.colors),
    )
    return all(test(spec[key]) for key, test in checks if key in spec)


def snapshot(state: GameState, obj: GameObject) -> dict[str, Any]:
    """Last known information of an object (608.2h, 603.10): its characteristics, counters and copiable values.
    Who controlled it is the controller of the object as it last existed, which the rules pass along with it."""
    ch = characteristics(state, obj).copy()
    return {
        "characteristics": ch,
        "counters": dict(obj.counters),
        "face": obj.face(),
    }
