"""The effect words of the card vocabulary, each implemented once (CR 608.2, 701).

:func:`run` follows the instructions of a resolving ability in order (608.2c).
An ability whose source has left the battlefield uses the source's last known
information (608.2h), which the stack item carries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .cards import Card
from .production import mana_effect_options, produce
from .state import GameObject, StackItem

if TYPE_CHECKING:
    from .game import Game

Handler = Callable[["Game", StackItem, dict[str, Any]], None]


def _source(game: Game, item: StackItem) -> GameObject | None:
    """The source if it is still the same object, else None (400.7)."""
    return game.state.objects.get(item.source_id)


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
    from .mana import parse_mana

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
    """120.3a: damage dealt to a player causes that much life loss."""
    if params["to"] != "triggering-player":
        raise ValueError(f"unknown damage recipient {params['to']!r}")
    player = game.state.player(item.event_player)
    amount = _amount(game, item, params["amount"])
    player.life -= amount
    game.log("damage", source=item.source_info["characteristics"].name, player=player.name, amount=amount)


def _put_counters(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """122.1: put counters on the source, if it is still on the battlefield."""
    source = _source(game, item)
    if source is None or source.zone != "battlefield":
        return
    source.counters[params["counter"]] += _amount(game, item, params["amount"])
    game.log("counters-added", card=source.card.name, counter=params["counter"], amount=params["amount"])


def token_card(spec: dict[str, Any]) -> Card:
    """111.4: a token's characteristics are those the effect that created it defines."""
    from .cards import card_from_table

    return card_from_table({"oracle_text": "", **spec}, "token definition")


def _create_tokens(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """111.1: create tokens under the controller's control."""
    card = token_card(params["token"])
    for _ in range(_amount(game, item, params["amount"])):
        token = GameObject(game.state.new_id(), card, item.controller, item.controller, "nowhere", is_token=True)
        game.state.objects[token.id] = token
        game.enter_battlefield(token, item.controller)
        game.log("token-created", card=card.name, controller=item.controller)


def _return_target(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """Return the target card to the battlefield under its owner's control (110.2)."""
    for target in item.targets:
        card = game.state.objects[target]
        game.enter_battlefield(card, card.owner)


def _sacrifice_self_unless(game: Game, item: StackItem, params: dict[str, Any]) -> None:
    """ "Sacrifice this unless you sacrifice a [filter]" (118.12a: the player chooses whether to pay)."""
    from .characteristics import compute, matches

    source = _source(game, item)
    if source is None or source.zone != "battlefield":
        return
    chars = compute(game.state)
    fodder = [
        o
        for o in game.state.permanents()
        if o.controller == item.controller and matches(game.state, chars, o, params["filter"], source)
    ]
    options = ["sacrifice this", *sorted({o.card.name for o in fodder})]
    answer = game.choose(item.controller, "sacrifice", options, f"Sacrifice a permanent to keep {source.card.name}?")
    if answer == "sacrifice this":
        game.sacrifice(source)
    else:
        game.sacrifice(next(o for o in fodder if o.card.name == answer))


HANDLERS: dict[str, Handler] = {
    "add_mana": _add_mana,
    "add_one_mana": _add_one_mana,
    "deal_damage": _deal_damage,
    "put_counters": _put_counters,
    "create_tokens": _create_tokens,
    "return_target_to_battlefield": _return_target,
    "sacrifice_self_unless": _sacrifice_self_unless,
}


def run(game: Game, item: StackItem) -> None:
    """608.2c: follow the instructions in the order written."""
    assert item.ability is not None
    for effect in item.ability.effects:
        word, params = next(iter(effect.items()))
        HANDLERS[word](game, item, params)


def draw(game: Game, player_name: str) -> None:
    """121.1: draw the top card of the library."""
    player = game.state.player(player_name)
    if not player.library:
        player.drew_from_empty_library = True  # 704.5b
        return
    card = game.state.objects[player.library[0]]
    game.move(card, "hand")
    game.log("card-drawn", player=player_name)
