"""Producing mana (CR 106): what an ability adds, "could produce", replacements and triggers.

* :func:`mana_effect_options` — the mana an ``add_mana`` / ``add_one_mana`` effect
  may add, as a list of alternatives (106.5: no alternative means no mana).
* :func:`could_produce` — 106.7: the types of mana a permanent could produce.
* :func:`produce` — a mana production event: replacement effects (106.12b, 616),
  the mana pool (106.4), then "is tapped for mana" triggers (106.12a, 605.1b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .characteristics import Characteristics, compute, matches
from .mana import COLORS, MANA_TYPES, format_mana, parse_mana
from .state import GameObject
from .vocabulary import Ability

if TYPE_CHECKING:
    from .base import GameBase as Game


def mana_effect_options(
    game: Game,
    source: GameObject,
    params: dict[str, Any],
    event: dict[str, Any] | None,
    visiting: frozenset[int] = frozenset(),
) -> list[list[str]]:
    """The alternative amounts of mana an ``add_one_mana`` effect may add (106.7).

    ``among`` names where the types come from: ``any`` type or color; types
    permanents matching ``lands`` ``could-produce``; types the triggering event
    ``produced`` (106.12a); or the source's ``chosen-color`` (614.12).
    """
    allowed = COLORS if params["of"] == "color" else MANA_TYPES
    among = params["among"]
    if among == "any":
        types: set[str] = set(allowed)
    elif among == "could-produce":
        chars = compute(game.state)
        types = set()
        for other in game.state.permanents():
            if matches(game.state, chars, other, params.get("lands", {}), source):
                types |= could_produce(game, other, visiting | {source.id})
    elif among == "produced":
        types = set((event or {}).get("produced", []))
    elif among == "chosen-color":
        types = {source.chosen["color"]} if "color" in source.chosen else set()
    else:
        raise ValueError(f"unknown add_one_mana among={among!r}")
    return [[t] for t in MANA_TYPES if t in types and t in allowed]


def ability_mana_options(
    game: Game, source: GameObject, ability: Ability, visiting: frozenset[int] = frozenset()
) -> list[list[str]]:
    """Every amount of mana the ability could add if it resolved now, costs ignored (106.7)."""
    alternatives: list[list[str]] = [[]]
    for effect in ability.effects:
        word, params = next(iter(effect.items()))
        if word == "add_mana":
            options = [parse_mana(params["mana"])]
        elif word == "add_one_mana":
            options = mana_effect_options(game, source, params, None, visiting)
        else:
            continue
        alternatives = [a + o for a in alternatives for o in options] if options else alternatives
    return [a for a in alternatives if a]


def _replacements(game: Game, source: GameObject, player: str) -> list[tuple[GameObject, Ability]]:
    """Mana production replacement effects that could apply when ``player`` taps ``source`` (106.12b)."""
    chars = compute(game.state)
    found = []
    for obj in game.state.permanents():
        for ability in chars[obj.id].abilities:
            spec = ability.spec.get("replaces", {})
            if ability.kind != "replacement" or spec.get("event") != "mana-production":
                continue
            if spec.get("by") == "you" and player != obj.controller:
                continue
            if matches(game.state, chars, source, spec["source"], obj, controller=obj.controller):
                found.append((obj, ability))
    return found


def _applies(ability: Ability, mana: list[str]) -> bool:
    """Whether a replacement applies to this much mana ("tapped for two or more mana")."""
    return len(mana) >= int(ability.spec["replaces"].get("min_amount", 1))


def _apply_replacement(ability: Ability, mana: list[str]) -> list[str]:
    """Modify a mana production event (614.1a): "produces {B} instead of any other
    type and amount", or "twice as much of that mana"."""
    spec = ability.spec["replaces"]
    if "produce" in spec:
        return parse_mana(spec["produce"])
    return [m for m in mana for _ in range(int(spec.get("multiply", 1)))]


def _every_order(candidates: list[tuple[GameObject, Ability]], mana: list[str]) -> list[list[str]]:
    """The results of applying the replacements in every possible order (106.7, 616.1).

    Each one applies at most once (614.5), and only while it applies to the event
    as modified so far (616.1f): one may become applicable only once another has
    modified the event (616.2).
    """
    applicable = [i for i, (_, ability) in enumerate(candidates) if _applies(ability, mana)]
    if not applicable:
        return [mana]
    results: list[list[str]] = []
    for i in applicable:
        rest = candidates[:i] + candidates[i + 1 :]
        results += _every_order(rest, _apply_replacement(candidates[i][1], mana))
    return results


def could_produce(game: Game, obj: GameObject, visiting: frozenset[int] = frozenset()) -> set[str]:
    """106.7: the types of mana ``obj`` could produce now.

    Every mana ability of the permanent is considered as if it resolved now,
    ignoring whether its costs could be paid, with the applicable replacement
    effects applied in every possible order.  A permanent already being asked
    about (``visiting``) adds nothing, so two lands that only copy each other
    produce no type at all (106.5).
    """
    if obj.id in visiting:
        return set()
    visiting = visiting | {obj.id}
    chars: Characteristics = compute(game.state)[obj.id]
    types: set[str] = set()
    for ability in chars.abilities:
        if ability.kind != "activated" or not ability.is_mana_ability:
            continue
        tapped = bool(ability.cost and ability.cost.tap)  # 106.12: "tapped for mana"
        replacements = _replacements(game, obj, obj.controller) if tapped else []
        for mana in ability_mana_options(game, obj, ability, visiting):
            for result in _every_order(replacements, mana):
                types |= set(result)
    return types


def produce(
    game: Game,
    source: GameObject,
    player: str,
    mana: list[str],
    tapped_for_mana: bool,
) -> list[str]:
    """A mana production event while a mana ability resolves; returns the mana added.

    106.5: no mana means no event, so nothing replaces it and nothing triggers.
    106.12b and 616.1: each applicable replacement effect is applied once, the
    affected player choosing any one of them (616.1e), then again among those
    that now apply (616.1f), which may include one the last made applicable (616.2).
    """
    if not mana:
        return []
    if tapped_for_mana:
        candidates = _replacements(game, source, player)
        while True:
            applicable = [r for r in candidates if _applies(r[1], mana)]  # 616.1f, 616.2
            if not applicable:
                break
            names = [game.name(obj) for obj, _ in applicable]
            name = names[0]
            if len(set(names)) > 1:
                prompt = "Which replacement effect applies first? (616.1)"
                name = game.choose(player, "replacement-effect", sorted(set(names)), prompt)
            alike = [r for r, other in zip(applicable, names, strict=True) if other == name]  # a free decision
            chosen = alike[game.decide(player, "replacement-effect", [f"{name} ({game.ref(o)})" for o, _ in alike])]
            candidates.remove(chosen)
            mana = _apply_replacement(chosen[1], mana)
            game.log("replacement-applied", source=game.name(chosen[0]), to=game.name(source))
    game.state.player(player).pool.add(mana)
    game.log("mana-added", player=player, mana=format_mana(mana), source=game.name(source))
    if tapped_for_mana and mana:
        _tapped_for_mana_triggers(game, source, player, mana)
    return mana


def _tapped_for_mana_triggers(game: Game, tapped: GameObject, player: str, mana: list[str]) -> None:
    """106.12a: "whenever ... is tapped for mana [of a type]" triggers when such an ability
    resolves and produced that mana.  Triggered mana abilities resolve at once (605.4a);
    others wait to be put on the stack (603.3)."""
    chars = compute(game.state)
    for obj in game.state.permanents():
        for ability in chars[obj.id].abilities:
            trigger = ability.spec.get("trigger", {})
            if ability.kind != "triggered" or trigger.get("event") != "tapped-for-mana":
                continue
            if not matches(game.state, chars, tapped, trigger["source"], obj):
                continue
            if trigger.get("mana") == "chosen-color" and obj.chosen.get("color") not in mana:
                continue
            # What the ability's effect may read of the event: the mana produced ("add one
            # mana of any type that land produced", 106.7); who tapped it is the event's player.
            game.trigger(obj, ability, event_player=player, event={"produced": sorted(set(mana))})


def describe_mana_choice(options: list[list[str]]) -> list[str]:
    """Options of a mana choice as mana symbols, e.g. ``["{B}", "{G}"]``."""
    return [format_mana(o) for o in options]
