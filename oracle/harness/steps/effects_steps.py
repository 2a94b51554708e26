"""Then steps about the choices an effect asks for as it resolves, such as which permanent to
sacrifice (CR 118.12a, 701.21a).

They check what a judge would, as the steps of :mod:`.then` do: the question is read while it
is pending, and, when the claim does not hold, :class:`~oracle.suite.mismatch.Mismatch` says
what was expected beside what was observed.

Glossary: features/README.md.
"""

from __future__ import annotations

import re

from pytest_bdd import parsers, then

from oracle.suite.mismatch import Mismatch, prose

from ..world import World
from .then import _check


@then(parsers.re(r"(?P<player>\w+) must choose which permanent to sacrifice among (?P<cards>.+)$"))
def must_choose_sacrifice(world: World, player: str, cards: str) -> None:
    """The pending question asks the player to sacrifice one of exactly these permanents.  A
    permanent is named by its name if that player controls it, else as "Bob's Grizzly Bears"."""
    pending = world.observe()["pending_choice"]
    claim = f"{player} chooses which permanent to sacrifice among {cards}"
    if pending is None:
        raise Mismatch(claim, f"{player} was asked nothing")
    _check(
        (pending["player"], pending["kind"]) == (player, "sacrifice"),
        claim,
        f"{pending['player']} is asked a {pending['kind']} choice",
    )
    by_ref = {p["ref"]: p for p in world.observe()["battlefield"]}
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
