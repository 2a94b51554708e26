"""Then steps about the cleanup step (CR 514): damage marked on a permanent, and the choice of
the cards a player discards down to their maximum hand size.

Glossary: features/README.md.
"""

from __future__ import annotations

from pytest_bdd import parsers, then

from oracle.suite.mismatch import Mismatch, prose

from ..world import World, count
from .then import _one, _player


@then(parsers.re(r"(?P<card>.+) has (?P<amount>no|\w+) damage marked on it$"))
def damage_marked(world: World, card: str, amount: str) -> None:
    """120.3e: damage dealt to a creature is marked on it, until the cleanup step (514.2)."""
    expected = 0 if amount == "no" else count(amount)
    permanent = _one(world, card)
    if "damage" not in permanent:
        raise Mismatch(f"{card} has {amount} damage marked on it", f"the damage marked on {card} is not reported")
    marked = permanent["damage"]
    if marked != expected:
        raise Mismatch(f"{card} has {amount} damage marked on it", f"{card} has {marked or 'no'} damage marked on it")


@then(parsers.re(r"(?P<player>\w+) must choose a card in (?:her|his|their) hand to discard$"))
def discard_choice(world: World, player: str) -> None:
    """514.1: the player chooses which card to discard, among every card in their hand."""
    observation = world.observe()
    pending = observation["pending_choice"]
    claim = f"{player} chooses a card in {player}'s hand to discard"
    if pending is None:
        raise Mismatch(claim, f"{player} was asked nothing")
    if (pending["player"], pending["kind"]) != (player, "discard"):
        raise Mismatch(claim, f"{pending['player']} is asked a {pending['kind']} choice")
    hand = [c["ref"] for c in _player(observation, player)["hand"]]
    if sorted(pending["options"]) != sorted(hand) or not hand:
        raise Mismatch(
            f"{claim}, among {prose(hand)}", f"{player} is asked to choose among {prose(pending['options'])}"
        )


@then(parsers.re(r"(?P<player>\w+) must choose which triggered ability of (?P<card>.+) goes on the stack first$"))
def trigger_order_choice(world: World, player: str, card: str) -> None:
    """603.3b: a player puts their triggered abilities on the stack in the order they choose; the
    options are those abilities, here two or more of that card's (contract: "source: ability text")."""
    pending = world.observe()["pending_choice"]
    claim = f"{player} chooses which triggered ability of {card} goes on the stack first"
    if pending is None:
        raise Mismatch(claim, f"{player} was asked nothing")
    if (pending["player"], pending["kind"]) != (player, "trigger-order"):
        raise Mismatch(claim, f"{pending['player']} is asked a {pending['kind']} choice")
    options = pending["options"]
    if len(options) < 2 or not all(o.startswith(f"{card}: ") for o in options):
        raise Mismatch(claim, f"{player} is asked to choose among {prose(options)}")
