"""Make a shrunk divergence simpler still, by replaying its steps by their words.

Hypothesis shrinks the choices that made an example; a card removed from a hand shifts which
move a later choice picks, so many cards the divergence does not need survive shrinking.
Replaying the same When steps, by their words, on a smaller position does not have that
problem: this module removes steps (half of them at once, then fewer, down to one at a time),
cards, permanents, details and mana symbols, and keeps each change after which the same
divergence (same signature: the same cause) still shows; it goes over all of them again while
one more change helps and replays are left, so that what is written is as short as it can find.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from hypothesis.errors import UnsatisfiedAssumption

from .cards import load_pool
from .divergence import Divergence, Exploring
from .engines import Stop
from .moves import moves
from .positions import PLAYERS, Permanent, Position

#: A simplification: (position, steps, index) to a simpler (position, steps), or None past the end.
Change = Callable[[Position, list[str], int], "tuple[Position, list[str]] | None"]


def replay(run: Exploring, machine: type, position: Position, texts: list[str]) -> Divergence | None:
    """Set up ``position``, take the steps with these words, and return the divergence that shows
    (``None``: none does, or a step is not on offer)."""
    state: Any = machine()
    try:
        state.set_up(position)
        for text in texts:
            if state.over:
                return None
            offered = moves(state.seen, state.rendered.refs, run.scope.pool(), run.scope.offers)
            offered = [m for found in offered.values() for m in found]
            move = next((m for m in offered if m.text == text), None)
            if move is None:
                return None
            state._attempt(move)
    except Divergence as divergence:
        return divergence
    except UnsatisfiedAssumption:
        return None
    return None


@dataclass
class _Simplifier:
    run: Exploring
    machine: type
    best: Divergence
    tries: int

    def texts(self) -> list[str]:
        return [a.move.text for a in self.best.attempts if not a.forced]

    def sweep(self, change: Change) -> bool:
        """Try the change at each index; after a success, the same index names the next element.
        Whether anything changed."""
        index, improved = 0, False
        while self.tries > 0:
            self.run.check_share()
            candidate = change(self.best.position, self.texts(), index)
            if candidate is None:
                break
            self.tries -= 1
            found = replay(self.run, self.machine, *candidate)
            if found is not None and found.signature == self.best.signature and found.size() <= self.best.size():
                found.found_at = self.best.found_at
                improved = improved or found.size() < self.best.size()
                self.best = found
            else:
                index += 1
        return improved


def simplify(run: Exploring, machine: type, divergence: Divergence, tries: int) -> Divergence:
    """The simplest variant found within ``tries`` replays (or until the time budget is spent)."""
    simplifier = _Simplifier(run, machine, divergence, tries)
    run.replaying = True
    try:
        improved = True
        while improved and simplifier.tries > 0:
            improved = False
            length = len(simplifier.texts())
            sizes = sorted({max(1, length // 2**k) for k in range(1, 6)}, reverse=True)
            changes = (
                *map(_drop_steps, sizes),
                _start_later,
                _other_turn,
                _drop_card,
                _drop_permanent,
                _plainer,
                _drop_mana,
                _life,
            )
            for change in changes:
                improved = simplifier.sweep(change) or improved
    except Stop:
        pass
    finally:
        run.replaying = False
    return simplifier.best


def _drop_steps(size: int) -> Change:
    """Dropping ``size`` steps in a row (never the last: it is where the engines part)."""

    def change(position: Position, texts: list[str], index: int) -> tuple[Position, list[str]] | None:
        if index + size > len(texts) - 1:
            return None
        return position, texts[:index] + texts[index + size :]

    return change


#: The steps a position may start in, in the order of a turn (500.1).
TURN_ORDER = ("upkeep", "draw", "precombat-main", "beginning-of-combat", "declare-attackers", "end-of-combat")
TURN_ORDER += ("postcombat-main", "end")


def _start_later(position: Position, texts: list[str], index: int) -> tuple[Position, list[str]] | None:
    """A later step of the same turn, without the rounds of passes that led there (the more
    passes dropped, the sooner it is tried)."""
    passes = next((at for at, text in enumerate(texts) if not text.endswith(" passes priority")), len(texts))
    passes = min(passes, len(texts) - 1) // 2 * 2
    later = TURN_ORDER[TURN_ORDER.index(position.step) + 1 :] if position.step in TURN_ORDER else ()
    candidates = [(step, dropped) for dropped in range(passes, 0, -2) for step in later]
    if index >= len(candidates):
        return None
    step, dropped = candidates[index]
    return replace(position, step=step), texts[dropped:]


def _other_turn(position: Position, texts: list[str], index: int) -> tuple[Position, list[str]] | None:
    """The other player's turn, without the first one or two steps (the passes that gave the
    other player priority, say)."""
    dropped = index + 1
    if index > 1 or dropped > len(texts) - 1:
        return None
    active = next(p for p in PLAYERS if p != position.active)
    return replace(position, active=active), texts[dropped:]


def _drop_card(position: Position, texts: list[str], index: int) -> tuple[Position, list[str]] | None:
    slots = [(z, at) for z, (_, _, cards) in enumerate(position.zones) for at in range(len(cards))]
    if index >= len(slots):
        return None
    z, at = slots[index]
    player, zone, cards = position.zones[z]
    rest = cards[:at] + cards[at + 1 :]
    zones = position.zones[:z] + (((player, zone, rest),) if rest else ()) + position.zones[z + 1 :]
    return replace(position, zones=zones), texts


def _drop_permanent(position: Position, texts: list[str], index: int) -> tuple[Position, list[str]] | None:
    if index >= len(position.battlefield):
        return None
    gone = position.battlefield[index]
    kept = position.battlefield[:index] + position.battlefield[index + 1 :]
    kept = tuple(p for p in kept if gone.card not in (p.copying, p.attached))  # and what depended on it
    return replace(position, battlefield=kept), texts


def _plainer(position: Position, texts: list[str], index: int) -> tuple[Position, list[str]] | None:
    """A permanent untapped, controlled since the turn began, or with one counter less (never
    fewer than a 0/0 creature needs to survive: 704.5f)."""
    pool = load_pool()
    options: list[tuple[int, Permanent]] = []
    for at, p in enumerate(position.battlefield):
        needs = pool[p.copying or p.card].needs_counters
        options += [(at, replace(p, tapped=False))] if p.tapped else []
        options += [(at, replace(p, recent=False))] if p.recent else []
        options += [(at, replace(p, counters=p.counters - 1))] if p.counters > (1 if needs else 0) else []
    if index >= len(options):
        return None
    at, plainer = options[index]
    battlefield = (*position.battlefield[:at], plainer, *position.battlefield[at + 1 :])
    return replace(position, battlefield=battlefield), texts


def _drop_mana(position: Position, texts: list[str], index: int) -> tuple[Position, list[str]] | None:
    slots = [(p, at) for p, pool in enumerate(position.pools) for at in range(pool.count("{"))]
    if index >= len(slots):
        return None
    p, at = slots[index]
    symbols = position.pools[p].replace("}", "}\n").split()
    fewer = "".join(symbols[:at] + symbols[at + 1 :])
    pools = (fewer, position.pools[1]) if p == 0 else (position.pools[0], fewer)
    return replace(position, pools=pools), texts


def _life(position: Position, texts: list[str], index: int) -> tuple[Position, list[str]] | None:
    if index > 0 or position.life == (20, 20):
        return None
    return replace(position, life=(20, 20)), texts
