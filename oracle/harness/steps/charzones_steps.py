"""Given steps about a permanent's owner and its -1/-1 counters (CR 110.2, 400.3, 122.1, 613.4c).

Glossary: features/README.md.  Each step changes a permanent an earlier Given step put on the
battlefield, so the phrases never overlap with "Given Alice controls ...".
"""

from __future__ import annotations

from typing import Any

from pytest_bdd import given, parsers

from oracle.errors import UserError

from ..world import World, count


def _entry(world: World, card: str) -> dict[str, Any]:
    """The position's entry of the one permanent called ``card``."""
    ref = world.ref_of(card)
    for player in world.players:
        for entry in player.get("battlefield", []):
            if entry["ref"] == ref:
                return entry
    raise UserError(f"{card!r} must be put on the battlefield by an earlier Given step")


@given(parsers.re(r"(?P<player>\w+) owns (?P<card>.+)$"))
def owns(world: World, player: str, card: str) -> None:
    """The permanent's owner (110.2) is this player, whoever controls it."""
    world.player(player)
    _entry(world, card)["owner"] = player


@given(parsers.re(r"(?P<card>.+) has (?P<amount>a|an|one|two|three|four|\d+) -1/-1 counters? on it$"))
def minus_counters(world: World, card: str, amount: str) -> None:
    """-1/-1 counters on a permanent (122.1), besides any +1/+1 counters it was given."""
    entry = _entry(world, card)
    entry.setdefault("counters", {})["-1/-1"] = count(amount)
