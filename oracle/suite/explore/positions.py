"""Random legal positions built from the card pool, and the Given steps that set each one up.

A position is something a game can reach (the explorer must not report what no game can show):

* two players, each with a life total above 0 (704.5a), cards in hand (a land among them as
  often as not, to play: 305.1), graveyard and library (two or three library cards, so the few
  draws of an example never empty it), mana in the pool (106.4);
* only permanent cards on the battlefield (110.1), each tapped or not, with +1/+1 counters on
  creatures (122.1), having come under its controller's control this turn or not (302.6);
* nothing a state-based action would change (704.3): a creature printed 0/0 has counters, no
  player controls two legendary permanents with one name (704.5j), an Aura enchants a creature
  (704.5m), an Equipment is attached to a creature its controller controls or to nothing
  (704.5n), and a Clone has copied a creature (707.5);
* a permanent that chose a color as it entered has one (614.12);
* a step of the turn in which players receive priority and that a turn with no attacking
  creature goes through (500.1, 508.8): no untap, declare blockers, combat damage or cleanup step;
  the beginning of combat step more often than the others, so that more examples go on to declare
  attackers and blockers and deal combat damage (508-510), and creatures untapped and controlled
  since the turn began more often than not (so that they can attack and block, 302.6, 508.1a,
  509.1a).

:func:`render` writes the position as the suite's Given steps and builds the position exactly as
the scenario's world will from those steps (the same refs, in the same order), so the
explorer sends the engines what a replay of the written scenario sends.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .naming import pronoun

PLAYERS = ("Alice", "Bob")
#: Steps a position may start in, and their words in the Given step; the first is where shrinking goes.
STEPS = {
    "precombat-main": "precombat main phase",
    "beginning-of-combat": "beginning of combat step",
    "declare-attackers": "declare attackers step",
    "end-of-combat": "end of combat step",
    "postcombat-main": "postcombat main phase",
    "end": "end step",
    "upkeep": "upkeep",
    "draw": "draw step",
}
COLORS = ("white", "blue", "black", "red", "green")
MANA = "WUBRGC"
COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")

JSON = dict[str, Any]


def count_word(n: int) -> str:
    return COUNT_WORDS[n] if 0 <= n < len(COUNT_WORDS) else str(n)


@dataclass(frozen=True)
class Permanent:
    card: str
    controller: str
    tapped: bool = False
    counters: int = 0
    recent: bool = False
    color: str | None = None
    copying: str | None = None
    """The card name of the creature it copies (the first of that name in the position)."""
    attached: str | None = None
    """The card name of the permanent it is attached to (the first of that name)."""


@dataclass(frozen=True)
class Position:
    active: str
    step: str
    number: int
    life: tuple[int, int]
    pools: tuple[str, str]
    battlefield: tuple[Permanent, ...]
    zones: tuple[tuple[str, str, tuple[str, ...]], ...]
    """(player, zone, card names): hands, graveyards and libraries (top card first)."""


@dataclass
class Rendered:
    """A position as Given steps, as the contract's position, and the refs the steps gave."""

    given: list[str]
    position: JSON
    refs: dict[str, str] = field(default_factory=dict)


def render(position: Position) -> Rendered:
    """The Given steps for ``position``, and what the scenario's world builds from them."""
    lines = [
        "a game between Alice and Bob",
        f"it is {position.active}'s {STEPS[position.step]} of turn {position.number}",
    ]
    players: dict[str, JSON] = {name: {"name": name, "life": 20} for name in PLAYERS}
    turn = {"number": position.number, "active_player": position.active, "step": position.step}
    rendered = Rendered(lines, {"players": list(players.values()), "turn": turn})
    for name, life, mana in zip(PLAYERS, position.life, position.pools, strict=True):
        if life != 20:
            lines.append(f"{name}'s life total is {life}")
            players[name]["life"] = life
        if mana:
            lines.append(f"{name} has {mana} in {pronoun(name)} mana pool")
            pool: dict[str, int] = {}
            for symbol in re.findall(r"\{([WUBRGC])\}", mana):
                pool[symbol] = pool.get(symbol, 0) + 1
            players[name]["mana_pool"] = pool
    first_of: dict[str, str] = {}
    for permanent in sorted(position.battlefield, key=lambda p: bool(p.copying or p.attached)):
        details: JSON = {}
        words = ["a", "tapped"] if permanent.tapped else []
        words.append(permanent.card)
        if permanent.tapped:
            details["tapped"] = True
        if permanent.counters:
            plural = "s" if permanent.counters > 1 else ""
            words.append(f"with {count_word(permanent.counters)} +1/+1 counter{plural} on it")
            details["counters"] = {"+1/+1": permanent.counters}
        if permanent.color:
            words.append(f"with {permanent.color} chosen")
            details["chosen_color"] = permanent.color
        if permanent.recent:
            details["came_under_control_this_turn"] = True
        for host, key, phrase in (
            (permanent.copying, "copy_of", "copying"),
            (permanent.attached, "attached_to", "attached to"),
        ):
            if host:
                words.append(f"{phrase} {host}")
                details[key] = first_of[host]
        text = " ".join(words)
        if permanent.recent:
            text += f", which came under {pronoun(permanent.controller)} control this turn"
        lines.append(f"{permanent.controller} controls {text}")
        ref = _add(rendered, players[permanent.controller], "battlefield", permanent.card, details)
        first_of.setdefault(permanent.card, ref)
    for player, zone, cards in position.zones:
        for card in cards:
            lines.append(f"{player} has {card} in {pronoun(player)} {zone}")
            _add(rendered, players[player], zone, card, {})
    return rendered


def _add(rendered: Rendered, player: JSON, zone: str, card: str, details: JSON) -> str:
    """The ref the scenario's world gives the card (``World.add_card``)."""
    number = sum(1 for name in rendered.refs.values() if name == card) + 1
    ref = f"{player['name'].lower()}-{re.sub(r'[^a-z0-9]+', '-', card.lower()).strip('-')}-{number}"
    rendered.refs[ref] = card
    player.setdefault(zone, []).append({"card": card, "ref": ref, **details})
    return ref
