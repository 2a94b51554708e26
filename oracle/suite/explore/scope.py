"""What an exploration may ask of the engine under test: the cards and steps within what it plays.

An engine declares its capabilities (``fixtures/capabilities.toml``) in its handshake; a scenario
that needs one it does not declare is SKIPPED by the run, so exploring it there only collects
refusals.  The explorer derives what a card, or a step, needs exactly as the run derives a
scenario's needs (:mod:`oracle.suite.needs`: the words of a card's abilities, the phrase of a step)
and keeps to what both engines declare:

* the card pool holds only cards whose needs are declared;
* a Given, When or Then step is used only if its needs are declared;
* a card the engine under test refuses as ``unsupported`` is tried alone, and, refused again, is
  not dealt to it any more in this run (an engine may play less than it declares);
* a kind of attempt it refuses as ``unsupported`` (its action type, its card and the optional
  fields it names, such as the mana to spend) is not attempted again in this run.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from oracle.engine.cards import shared_database
from oracle.paths import cards_dir

from ..needs import NeedsTable, card_words, cards_named, load_needs_table
from .cards import Pool
from .moves import Move

JSON = dict[str, Any]
#: Fields of an action that only say who acts and on what: the rest is the attempt's shape.
_PLAIN_FIELDS = frozenset({"type", "player", "card", "source", "targets", "choice", "attackers"})


def move_shape(move: Move) -> tuple[str, ...]:
    """What an engine may refuse to play in an attempt: the action type, what it is about, and
    the optional fields it names (X, a cost, the mana to spend...)."""
    action = move.action
    extras = sorted(k for k in action if k not in _PLAIN_FIELDS)
    return (action["type"], move.subject, *extras)


@dataclass
class Scope:
    """The cards, steps and attempts an exploration keeps to, and what it learnt the engine refuses."""

    declared: frozenset[str]
    everything: Pool
    table: NeedsTable = field(default_factory=load_needs_table)
    refused_cards: dict[str, str] = field(default_factory=dict)
    """Card name: the engine's reason for refusing it, alone."""
    accepted_cards: set[str] = field(default_factory=set)
    refused_moves: set[tuple[str, ...]] = field(default_factory=set)
    _steps: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    _cards: dict[str, frozenset[str]] = field(default_factory=dict)
    #: Whether a step is within what is declared, by (kind, text): asked of every move offered.
    _allowed: dict[tuple[str, str], bool] = field(default_factory=dict)
    _pool: Pool | None = None

    def card_needs(self, name: str) -> set[str]:
        """The capabilities a card needs (:func:`oracle.suite.needs.card_words`)."""
        if name not in self._cards:
            database = shared_database(cards_dir())
            words = card_words(database[name]) if name in database.cards else ()
            self._cards[name] = frozenset(need for word in words for need in self.table.card_words.get(word, ()))
        return set(self._cards[name])

    def step_needs(self, kind: str, text: str) -> tuple[str, ...]:
        """What a step needs: its phrase's rows of ``[steps]`` and the cards it names."""
        key = (kind, text)
        if key not in self._steps:
            phrase = f"{kind} {text}"
            needs = {n for pattern, row in self.table.steps if pattern.search(phrase) for n in row}
            for name in cards_named(text, shared_database(cards_dir())):
                needs |= self.card_needs(name)
            self._steps[key] = tuple(sorted(needs))
        return self._steps[key]

    def missing(self, steps: Iterable[tuple[str, str]]) -> list[str]:
        """The capabilities steps ``(kind, text)`` need that the engines do not both declare."""
        return sorted({n for kind, text in steps for n in self.step_needs(kind, text)} - self.declared)

    def allows(self, kind: str, text: str) -> bool:
        key = (kind, text)
        allowed = self._allowed.get(key)
        if allowed is None:
            allowed = self._allowed[key] = not self.missing([key])
        return allowed

    def offers(self, move: Move) -> bool:
        """Whether to attempt this move: its step is declared and its kind was never refused."""
        return move_shape(move) not in self.refused_moves and self.allows("when", move.text)

    @property
    def came_under_control(self) -> bool:
        """Whether a position may have permanents that came under control this turn (302.6)."""
        return self.allows("given", "Alice controls Forest, which came under her control this turn")

    def pool(self) -> Pool:
        """The cards to deal now: within what is declared, less those the engine refused."""
        if self._pool is None:
            kept = {
                name: card
                for name, card in self.everything.cards.items()
                if name not in self.refused_cards and self.card_needs(name) <= self.declared
            }
            self._pool = Pool(kept)
        return self._pool

    def refuse_card(self, name: str, reason: str) -> None:
        self.refused_cards[name] = reason
        self._pool = None

    def unproven(self, names: Iterable[str]) -> list[str]:
        """Cards of a refused position not yet seen in a position the engine accepted."""
        return [n for n in dict.fromkeys(names) if n not in self.accepted_cards and n not in self.refused_cards]


def cards_of(position: JSON) -> list[tuple[str, str]]:
    """(zone, card name) of every card of a contract position."""
    found = []
    for player in position["players"]:
        for zone in ("battlefield", "hand", "graveyard", "library", "exile"):
            found += [(zone, entry["card"]) for entry in player.get(zone, [])]
    return found


def alone(zone: str, card: str) -> JSON:
    """The smallest position with ``card`` in ``zone``: what :meth:`Scope.refuse_card` tries it in."""
    slug = re.sub(r"[^a-z0-9]+", "-", card.lower()).strip("-")
    alice: JSON = {"name": "Alice", "life": 20, zone: [{"card": card, "ref": f"alice-{slug}-1"}]}
    turn = {"number": 2, "active_player": "Alice", "step": "precombat-main"}
    return {"players": [alice, {"name": "Bob", "life": 20}], "turn": turn}
