"""The effect words of the card vocabulary, each implemented once (CR 608.2, 701).

:func:`run` follows the instructions of a resolving spell or ability in order
(608.2c).  An ability whose source has left the battlefield uses the source's
last known information (608.2h), which the stack item carries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .cards import Card, Face
from .characteristics import compute, matches
from .mana import COLOR_BY_NAME, parse_mana
from .production import mana_effect_options, produce
from .state import ContinuousEffect, GameObject, StackItem
from .vocabulary import parse_ability

if TYPE_CHECKING:
    from .base import GameBase as Game

Handler = Callable[["Game", StackItem, dict[str, Any]], None]

#: The option of a question of what to sacrifice that sacrifices nothing (the contract's "none").
NO_SACRIFICE = "none"


def _source(game: Game, item: StackItem) -> GameObject | None:
    """The source if it is still the same object, else None (400.7)."""
    return game.state.objects.get(item.source_id)


def _targets(game: Game, item: StackItem) -> list[GameObject]:
    """The targets still legal as the spell or ability resolves (608.2b)."""
    return [game.state.objects[t] for t in item.targets if t in game.state.objects]


def _amount(game: Game, item: StackItem, value: Any) -> int:
    """A number, or "counters:<kind>" read from the source, or its last known information (608.2h)."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.startswith("counters:"):
        kind = value.split(":", 1)[1]
        source = _source(game, item)
        if source is not None and source.zone == "battlefield":
            return source.counters.get(kind, 0)
        return int(item.source_info.get("counters", {}).get(kind, 0))
    raise ValueError(f"unknown amount {value!r}")


def _add_mana(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """A triggered mana ability adds mana (605.1b): "adds an additional {G}"."""
    source = _source(game, item)
    assert source is not None
    produce(game, source, item.event_player, parse_mana(params["mana"]), tapped_for_mana=False)


def _add_one_mana(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """Add one mana of a type chosen among those the effect allows (106.7); none means none (106.5)."""
    source = _source(game, item)
    assert source is not None
    options = mana_effect_options(game, source, params, item.source_info.get("event"))
    mana = game._pick_mana(item.event_player, options, params)
    produce(game, source, item.event_player, mana, tapped_for_mana=False)


def _deal_damage(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """120.3a: damage dealt to a player causes that much life loss; 120.3e: to a creature, it is marked."""
    amount = _amount(game, item, params["amount"])
    source = item.source_info["characteristics"].name if item.source_info else game.name(game.obj(item.source_id))
    recipients: list[str | GameObject]
    if params["to"] == "triggering-player":
        recipients = [item.event_player]
    elif params["to"] == "each-opponent":
        recipients = list(game.state.opponents(item.controller))
    else:
        recipients = list(_targets(game, item))
    for recipient in recipients:
        if isinstance(recipient, str):
            game.state.player(recipient).life -= amount
            game.log("damage", source=source, player=recipient, amount=amount)
        else:
            recipient.damage += amount
            game.log("damage", source=source, permanent=game.name(recipient), amount=amount)


def _put_counters(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """122.1: put counters on the source, if it is still on the battlefield."""
    source = _source(game, item)
    if source is None or source.zone != "battlefield":
        return
    source.counters[params["counter"]] += _amount(game, item, params["amount"]) * game.multiplier(
        "counters", source.controller
    )
    game.log("counters-added", card=game.name(source), counter=params["counter"], amount=params["amount"])


def token_card(spec: dict[str, Any]) -> Card:
    """111.3: a token's characteristics are those the effect that created it defines; 111.4: unless
    the effect names it, its name is its subtypes plus the word "Token"."""
    from .cards import TypeLine, card_from_table

    name = spec.get("name") or " ".join([*TypeLine.parse(spec["type_line"]).subtypes, "Token"])
    return card_from_table({"oracle_text": "", **spec, "name": name}, "token definition")


def _copied_face(game: Game, item: StackItem, which: str) -> tuple[Face, str]:
    """The copiable values (707.2) to copy, and who creates the token.

    "self": the source, or its last known information if it has left (608.2h);
    "event": the creature the trigger saw enter, as it is now or as it last existed (608.2h);
    "target": the target, which is still legal: an ability whose only target is illegal doesn't
    resolve at all (608.2b), so it never gets here without one.
    """
    if which == "self":
        source = _source(game, item)
        face = source.face() if source is not None and source.zone == "battlefield" else item.source_info["face"]
        return face, item.controller
    if which == "event":
        event = item.source_info["event"]
        entered = game.state.objects.get(event["object"])
        if entered is None or entered.zone != "battlefield":
            return event["face"], event["controller"]
        return entered.face(), entered.controller
    return _targets(game, item)[0].face(), item.controller


def _create_tokens(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """111.1: create tokens; "a token that's a copy of" takes copiable values only (707.2), with
    any exception part of them (707.9b).  Creating a token is not casting it.  A replacement effect
    may double the number (614.1a); "it gains ..." and "sacrifice it ..." then apply to each, and
    the tokens enter together (603.6a)."""
    copied = _copied_face(game, item, params["copy_of"]) if "copy_of" in params else None
    controller = copied[1] if copied else item.controller
    amount = _amount(game, item, params["amount"]) * game.multiplier("token-creation", controller)
    with game.entering_together():  # 603.6a: one event, however many tokens
        for _ in range(amount):
            if copied:
                token = game.create_token(
                    controller, face=game.copy_face_except(copied[0], params), created_by=item.source_id
                )
            else:
                token = game.create_token(controller, card=token_card(params["token"]), created_by=item.source_id)
            token.tapped = bool(params.get("tapped"))
            gained = [parse_ability("a gained ability", table) for table in params.get("gains_abilities", [])]
            if gained or params.get("gains_keywords"):
                change = {"keywords": list(params.get("gains_keywords", [])), "abilities": gained}
                game.state.effects.append(ContinuousEffect("6", [token.id], change, game.state.new_timestamp(), False))
            if params.get("sacrifice_at_next_end_step"):
                game.delay_sacrifice(token, controller)


def _sacrifice_it(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """603.7c: sacrifice the object the delayed ability refers to, only if it is still that object
    on the battlefield (400.7); otherwise it stays where it is."""
    obj = game.state.objects.get(item.source_info["event"]["object"])
    if obj is not None and obj.zone == "battlefield":
        game.sacrifice(obj)


def _return_to_battlefield(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """Return the target card to the battlefield under its owner's control (110.2)."""
    for card in _targets(game, item):
        game.enter_battlefield(card, card.owner)


def _return_to_hand(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """Return the target permanent to its owner's hand (a token ceases to exist, 111.7)."""
    for permanent in _targets(game, item):
        game.leave_battlefield(permanent, "hand")


def _destroy(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    for permanent in _targets(game, item):
        game.destroy(permanent)


def _counter(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """701.6a: a countered spell is removed from the stack and put into its owner's graveyard."""
    for spell in _targets(game, item):
        game.log("countered", card=game.name(spell))
        game.move(spell, "graveyard")


def _draw(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    for _ in range(_amount(game, item, params["amount"])):
        draw(game, item.controller)


def _sacrifice_self_unless(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """ "Sacrifice this unless you sacrifice a [filter]" means "you may sacrifice a [filter]; if you
    don't, sacrifice this" (118.12a): the player chooses whether to pay as the ability resolves.
    With the source gone (400.7) there is nothing to keep or to sacrifice, but the player may still
    pay (118.12), so the question offers the permanents that can pay and "none"."""
    source = _source(game, item)
    present = source is not None and source.zone == "battlefield"
    chars = compute(game.state)
    fodder = [
        o
        for o in game.state.permanents()
        if o.controller == item.controller and matches(game.state, chars, o, params["filter"], source, item.controller)
    ]
    if present:
        assert source is not None
        prompt = f"Sacrifice a permanent to keep {game.name(source)}, or choose it to sacrifice it"
        game.sacrifice(game.choose_object(item.controller, "sacrifice", [source, *fodder], prompt))
        return
    if not fodder:
        return
    refs = [game.ref(o) for o in fodder]
    name = item.source_info["characteristics"].name
    prompt = f"{name} has left the battlefield: you may still sacrifice a permanent, or none (118.12a)"
    answer = game.choose(item.controller, "sacrifice", [*refs, NO_SACRIFICE], prompt)
    if answer != NO_SACRIFICE:
        game.sacrifice(fodder[refs.index(answer)])


def _until_end_of_turn(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """611.2: a continuous effect from a resolving spell or ability, its objects fixed now (611.2c),
    applied in its layers (613.1d-f, 613.4b-c) until the cleanup step (514.2); keywords it gains
    in layer 6 (613.1f)."""
    affected = [t.id for t in _targets(game, item) if t.zone == "battlefield"]
    changes: list[tuple[str, dict[str, Any], bool]] = [
        ("4", {"creature_types": params.get("creature_types")}, "creature_types" in params),
        ("4", {"add_types": params.get("add_types")}, "add_types" in params),
        ("5", {"colors": [COLOR_BY_NAME[c] for c in params.get("colors", [])]}, "colors" in params),
        ("6", {"lose_all_abilities": True}, bool(params.get("lose_all_abilities"))),
        ("6", {"keywords": list(params.get("gains_keywords", [])), "abilities": []}, "gains_keywords" in params),
        ("7b", {"base": (params.get("base_power"), params.get("base_toughness"))}, "base_power" in params),
        ("7c", {"modify": (params.get("power", 0), params.get("toughness", 0))}, "power" in params),
    ]
    timestamp = game.state.new_timestamp()
    for layer, change, present in changes:
        if present and affected:
            game.state.effects.append(ContinuousEffect(layer, list(affected), change, timestamp))


def _exile_tokens(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """Exile tokens "with the same name as that creature" or "created with [this]"."""
    left = item.source_info.get("event", {}).get("left")
    for token in [o for o in game.state.permanents() if o.is_token]:
        if params["which"] == "created-by-source" and token.created_by == item.source_id:
            game.leave_battlefield(token, "exile")
        elif params["which"] == "same-name-as-event" and left and game.name(token) == left["characteristics"].name:
            game.leave_battlefield(token, "exile")


def _attach(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """701.3a: attach the Equipment to the target creature, if both are still there."""
    source = _source(game, item)
    for target in _targets(game, item):
        if source is not None and source.zone == "battlefield":
            source.attached_to = target.id
            game.log("attached", card=game.name(source), to=game.name(target))


HANDLERS: dict[str, Handler] = {
    "add_mana": _add_mana,
    "add_one_mana": _add_one_mana,
    "deal_damage": _deal_damage,
    "put_counters": _put_counters,
    "create_tokens": _create_tokens,
    "return_target_to_battlefield": _return_to_battlefield,
    "return_target_to_hand": _return_to_hand,
    "destroy_target": _destroy,
    "counter_target_spell": _counter,
    "draw_cards": _draw,
    "sacrifice_self_unless": _sacrifice_self_unless,
    "target_until_end_of_turn": _until_end_of_turn,
    "exile_tokens": _exile_tokens,
    "attach_to_target": _attach,
    "sacrifice_it": _sacrifice_it,
}


def run(game: Game, item: StackItem) -> None:
    """608.2c: follow the instructions in the order written."""
    assert item.ability is not None
    for effect in item.ability.effects:
        word, params = next(iter(effect.items()))
        HANDLERS[word](game, item, params)


def draw(game: Game, player_name: str) -> None:
    """121.1: draw the top card of the library; from an empty library, lose at the next check (704.5b)."""
    player = game.state.player(player_name)
    if not player.library:
        player.drew_from_empty_library = True
        return
    card = game.state.objects[player.library[0]]
    game.move(card, "hand")
    game.log("card-drawn", player=player_name)
