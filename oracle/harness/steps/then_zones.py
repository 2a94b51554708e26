"""Then steps about where things are: a card's zone, what is on the battlefield and how many,
tokens, damage marked on a permanent (120.3e), a player's hand, the stack, whose turn and step it
is, and who has lost or won.

They check what a judge would, as the steps of :mod:`.then` do, with the same helpers: each
reads the state once the last action is over and, when its claim does not hold, raises
:class:`~oracle.suite.mismatch.Mismatch` with what it expected beside what it observed.

Glossary: features/README.md.
"""

from __future__ import annotations

from typing import Any

from pytest_bdd import parsers, then

from oracle.suite.mismatch import Mismatch, prose

from ..world import World, count
from .given import step_name
from .then import _check, _many, _one, _player, _settled, _tokens


def _lost(entry: dict[str, Any]) -> bool:
    """``lost``, false where the engine leaves it out (its default, observation.schema.json)."""
    return bool(entry.get("lost"))


@then(parsers.re(r"(?P<card>.+) is in (?P<player>\w+)'s (?P<zone>graveyard|hand|library)$"))
def in_zone(world: World, card: str, player: str, zone: str) -> None:
    names = [c["name"] for c in _player(_settled(world), player)[zone]]
    _check(card in names, f"{card} is in {player}'s {zone}", f"{player}'s {zone} holds {prose(names)}")


@then(parsers.re(r"(?P<card>.+) is on the battlefield$"))
def on_battlefield(world: World, card: str) -> None:
    _settled(world)
    _check(bool(world.permanents(card)), f"{card} is on the battlefield", f"{card} is not on the battlefield")


@then(parsers.re(r"(?P<player>\w+) controls (?P<n>no|\w+) (?P<name>.+?) tokens?$"))
def tokens(world: World, player: str, n: str, name: str) -> None:
    _settled(world)
    found = _tokens(world, name, player)
    expected = 0 if n == "no" else count(n)
    _check(
        len(found) == expected,
        f"{player} controls {_many(expected, name + ' token')}",
        f"{player} controls {_many(len(found), name + ' token')}",
    )


@then(parsers.re(r"(?P<player>\w+) has (?P<n>no|\w+) cards? in (?:her|his|their) hand$"))
def hand_size(world: World, player: str, n: str) -> None:
    entry = _player(_settled(world), player)
    expected = 0 if n == "no" else count(n)
    _check(
        len(entry["hand"]) == expected,
        f"{player} has {_many(expected, 'card')} in hand",
        f"{player}'s hand holds {prose([c['name'] for c in entry['hand']])}",
    )


@then(parsers.re(r"(?P<card>.+) is not on the battlefield$"))
def not_on_battlefield(world: World, card: str) -> None:
    _settled(world)
    _check(not world.permanents(card), f"{card} is not on the battlefield", f"{card} is on the battlefield")


@then(parsers.re(r"(?P<player>\w+) controls (?P<n>no|\w+) (?P<state>tapped |untapped )?(?P<name>(?!.* tokens?$).+)$"))
def controls_count(world: World, player: str, n: str, state: str | None, name: str) -> None:
    """Every permanent of that name the player controls, tokens and copies included."""
    _settled(world)
    found = [p for p in world.permanents(name, player, exact=True) if not state or p["tapped"] == (state == "tapped ")]
    expected = 0 if n == "no" else count(n)
    kind = f"{state or ''}permanent"
    _check(
        len(found) == expected,
        f"{player} controls {_many(expected, kind)} named {name}",
        f"{player} controls {_many(len(found), kind)} named {name}",
    )


@then("the stack is empty")
def stack_empty(world: World) -> None:
    stack = _settled(world)["stack"]
    _check(not stack, "the stack is empty", f"the stack holds {prose([s['name'] for s in stack])}")


@then(parsers.re(r"(?P<card>.+)'s (?P<kind>triggered|activated) ability is on the stack$"))
def ability_on_stack(world: World, card: str, kind: str) -> None:
    stack = _settled(world)["stack"]
    held = [(s["kind"], s["name"]) for s in stack]
    _check(
        (kind, card) in held,
        f"{card}'s {kind} ability is on the stack",
        f"the stack holds {prose([f'{name} ({what})' for what, name in held])}",
    )


@then(parsers.re(r"(?P<card>(?!.*'s (?:triggered|activated) ability is on the stack$).+) is on the stack$"))
def spell_on_stack(world: World, card: str) -> None:
    """A spell cast and not yet resolved (601.2a, 405.1)."""
    held = [s["name"] for s in _settled(world)["stack"] if s["kind"] == "spell"]
    _check(card in held, f"{card} is on the stack", f"the stack holds {prose(held, empty='no spell')}")


@then(parsers.re(r"it is (?P<player>\w+)'s (?P<step>[a-z ]+?)(?: of turn (?P<number>\d+))?$"))
def it_is_now(world: World, player: str, step: str, number: str | None) -> None:
    """Whose turn it is and which step (500.1), and the turn's number when given."""
    turn = _settled(world)["turn"]
    now = f"{turn['active_player']}'s {turn['step']} of turn {turn['number']}"
    claim = f"it is {player}'s {step}" + (f" of turn {number}" if number else "")
    _check((turn["active_player"], turn["step"]) == (player, step_name(step)), claim, f"it is {now}")
    _check(number is None or turn["number"] == int(number), claim, f"it is {now}")


@then(parsers.re(r"(?P<player>\w+) has priority$"))
def has_priority(world: World, player: str) -> None:
    """117.1: the player who may act now."""
    holder = _settled(world)["turn"]["priority_player"]
    _check(holder == player, f"{player} has priority", f"{holder or 'no player'} has priority")


@then(parsers.re(r"(?P<player>\w+) has (?P<negated>not )?lost the game$"))
def lost_game(world: World, player: str, negated: str | None) -> None:
    """704.5a, 704.5b: a player who loses the game; the contract reports it as `lost`."""
    lost = _lost(_player(_settled(world), player))
    _check(
        lost != bool(negated),
        f"{player} has {negated or ''}lost the game",
        f"{player} has {'' if lost else 'not '}lost",
    )


@then(parsers.re(r"(?P<player>\w+) has won the game$"))
def won_game(world: World, player: str) -> None:
    """104.2a: a player still in the game wins once all opponents have left it; the game is over,
    so no player receives priority any more."""
    observation = _settled(world)
    for entry in observation["players"]:
        lost = _lost(entry)
        _check(
            lost == (entry["name"] != player),
            f"{player} has won: every other player has lost",
            f"{entry['name']} has {'' if lost else 'not '}lost the game",
        )
    holder = observation["turn"]["priority_player"]
    _check(not holder, "the game over, no player with priority", f"{holder} has priority")


@then(parsers.re(r"(?P<card>.+) has (?P<amount>no|\w+) damage marked on it$"))
def damage_marked(world: World, card: str, amount: str) -> None:
    """120.3e: damage dealt to a creature is marked on it, until the cleanup step (514.2)."""
    expected = 0 if amount == "no" else count(amount)
    permanent = _one(world, card)
    marked = permanent["damage"]  # 0 where the engine leaves it out (its default)
    if marked != expected:
        raise Mismatch(f"{card} has {amount} damage marked on it", f"{card} has {marked or 'no'} damage marked on it")
