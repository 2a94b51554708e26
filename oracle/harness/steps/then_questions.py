"""Then steps about the questions a player is asked while the game goes on: which permanent to
sacrifice (CR 118.12a, 701.21a), which cards to discard down to the maximum hand size (514.1), in
which order to put their triggered abilities on the stack (603.3b).

They check what a judge would, as the steps of :mod:`.then` do: the question is read while it is
pending, and, when the claim does not hold, :class:`~oracle.suite.mismatch.Mismatch` says what was
expected beside what was observed.  Glossary: features/README.md.
"""

from __future__ import annotations

import re

from pytest_bdd import parsers, then

from oracle.suite.mismatch import Mismatch, prose

from ..world import World
from .then import _check, _player, pending_question


@then(parsers.re(r"(?P<player>\w+) must choose which permanent to sacrifice among (?P<cards>.+)$"))
def must_choose_sacrifice(world: World, player: str, cards: str) -> None:
    """The pending question asks the player to sacrifice one of exactly these permanents.  A
    permanent is named by its name if that player controls it, else as "Bob's Grizzly Bears"."""
    observation = world.observe()
    claim = f"{player} chooses which permanent to sacrifice among {cards}"
    pending = pending_question(observation, player, "sacrifice", claim)
    by_ref = {p["ref"]: p for p in observation["battlefield"]}
    offered = []
    for ref in pending["options"]:
        permanent = by_ref.get(ref)
        if permanent is None:
            offered.append(f"{ref} (not a permanent)")
        elif permanent["controller"] == player:
            offered.append(permanent["name"])
        else:
            offered.append(f"{permanent['controller']}'s {permanent['name']}")
    expected = re.split(r", | and ", cards)
    _check(sorted(offered) == sorted(expected), claim, f"{player} may sacrifice {prose(offered, 'or')}")


@then(parsers.re(r"(?P<player>\w+) may sacrifice (?P<cards>.+), or nothing$"))
def may_sacrifice(world: World, player: str, cards: str) -> None:
    """118.12, 118.12a: the player may pay an "unless" cost by sacrificing one of exactly these
    permanents, or decline.  The option that declines is "none", or the ability's source that has
    left the battlefield, offered still as "sacrifice this" (it can't be sacrificed, 701.21a)."""
    observation = world.observe()
    claim = f"{player} may sacrifice {cards}, or nothing"
    pending = pending_question(observation, player, "sacrifice", claim)
    by_ref = {p["ref"]: p for p in observation["battlefield"]}
    offered = [by_ref[ref] for ref in pending["options"] if ref in by_ref]
    declines = [ref for ref in pending["options"] if ref not in by_ref]
    names = [p["name"] if p["controller"] == player else f"{p['controller']}'s {p['name']}" for p in offered]
    expected = re.split(r", | or ", cards)
    _check(
        sorted(names) == sorted(expected) and len(declines) == 1,
        claim,
        f"{player} may sacrifice {prose(names, 'or') or 'no permanent'}; other options: {prose(declines) or 'none'}",
    )


@then(parsers.re(r"(?P<player>\w+) must choose a card in (?:her|his|their) hand to discard$"))
def discard_choice(world: World, player: str) -> None:
    """514.1, 118.3: the player chooses which card to discard, among every card in their hand.
    Discarding down to the maximum hand size is one action (514.1): the contract asks for one card
    at a time, and an engine may keep the cards chosen so far in the hand until the last answer, so
    those may be left out of the options."""
    observation = world.observe()
    claim = f"{player} chooses a card in {player}'s hand to discard"
    pending = pending_question(observation, player, "discard", claim)
    hand = [c["ref"] for c in _player(observation, player)["hand"]]
    still = [ref for ref in hand if ref not in world.answers]
    if sorted(pending["options"]) not in (sorted(hand), sorted(still)) or not still:
        raise Mismatch(
            f"{claim}, among {prose(hand)}", f"{player} is asked to choose among {prose(pending['options'])}"
        )


@then(parsers.re(r"(?P<player>\w+) must choose which triggered ability of (?P<card>.+) goes on the stack first$"))
def trigger_order_choice(world: World, player: str, card: str) -> None:
    """603.3b: a player puts their triggered abilities on the stack in the order they choose; the
    options are those abilities, here two or more of that card's (contract: "source: ability text")."""
    claim = f"{player} chooses which triggered ability of {card} goes on the stack first"
    pending = pending_question(world.observe(), player, "trigger-order", claim)
    options = pending["options"]
    if len(options) < 2 or not all(o.startswith(f"{card}: ") for o in options):
        raise Mismatch(claim, f"{player} is asked to choose among {prose(options)}")
