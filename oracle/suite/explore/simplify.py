"""Make a shrunk divergence simpler still, by replaying its steps by their words.

Hypothesis shrinks the choices that made an example; a card removed from a hand shifts which
move a later choice picks, so many cards the divergence does not need survive shrinking.
Replaying the same When steps, by their words, on a smaller position does not have that
problem: this module removes one card, permanent, mana symbol or detail at a time, and one step
at a time, and keeps each change after which the same divergence (same signature) still shows.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from hypothesis.errors import UnsatisfiedAssumption

from .cards import Pool
from .divergence import Divergence
from .engines import Stop
from .moves import moves
from .positions import Permanent, Position

if TYPE_CHECKING:
    from .runner import Run


def replay(run: Run, machine: type, position: Position, texts: list[str]) -> Divergence | None:
    """Set up ``position``, take the steps with these words, and return the divergence that shows
    (``None``: none does, or a step is not on offer)."""
    state: Any = machine()
    try:
        state.build(position)
        for text in texts:
            if state.over:
                return None
            offered = [m for found in moves(state.seen, state.rendered.refs, run.pool).values() for m in found]
            move = next((m for m in offered if m.text == text), None)
            if move is None:
                return None
            state._attempt(move)
    except Divergence as divergence:
        return divergence
    except UnsatisfiedAssumption:
        return None
    return None


def simplify(run: Run, machine: type, divergence: Divergence, tries: int) -> Divergence:
    """The simplest variant found within ``tries`` replays (or until the time budget is spent)."""
    best = divergence
    run.replaying = True
    try:
        improved = True
        while improved and tries > 0:
            improved = False
            texts = [a.move.text for a in best.attempts if not a.forced]
            for position, steps in _variants(best.position, texts, run.pool):
                if tries <= 0:
                    break
                tries -= 1
                found = replay(run, machine, position, steps)
                if found is not None and found.signature == best.signature and found.size() < best.size():
                    found.found_at = divergence.found_at
                    best, improved = found, True
                    break
    except Stop:
        pass
    finally:
        run.replaying = False
    return best


def _variants(position: Position, texts: list[str], pool: Pool) -> Iterator[tuple[Position, list[str]]]:
    """Simpler positions and step lists, the biggest simplifications first."""
    for index in range(len(texts) - 1):  # the last step is where the engines part
        yield position, texts[:index] + texts[index + 1 :]
    for index, (player, zone, cards) in enumerate(position.zones):
        for at in range(len(cards)):
            rest = cards[:at] + cards[at + 1 :]
            zones = position.zones[:index] + (((player, zone, rest),) if rest else ()) + position.zones[index + 1 :]
            yield replace(position, zones=zones), texts
    for index, permanent in enumerate(position.battlefield):
        kept = position.battlefield[:index] + position.battlefield[index + 1 :]
        kept = tuple(p for p in kept if permanent.card not in (p.copying, p.attached))  # and what depended on it
        yield replace(position, battlefield=kept), texts
    for index, permanent in enumerate(position.battlefield):
        for plainer in _plainer(permanent, pool):
            battlefield = position.battlefield[:index] + (plainer,) + position.battlefield[index + 1 :]
            yield replace(position, battlefield=battlefield), texts
    for index, pool in enumerate(position.pools):
        symbols = pool.split("}")[:-1]
        for at in range(len(symbols)):
            fewer = "}".join(symbols[:at] + symbols[at + 1 :]) + ("}" if len(symbols) > 1 else "")
            pools = position.pools[:index] + (fewer,) + position.pools[index + 1 :]
            yield replace(position, pools=(pools[0], pools[1])), texts
    if position.life != (20, 20):
        yield replace(position, life=(20, 20)), texts


def _plainer(permanent: Permanent, pool: Pool) -> Iterator[Permanent]:
    """The permanent untapped, controlled since the turn began, or with a counter less (never
    fewer than a 0/0 creature needs: 704.5f)."""
    if permanent.tapped:
        yield replace(permanent, tapped=False)
    if permanent.recent:
        yield replace(permanent, recent=False)
    needs = pool[permanent.copying or permanent.card].needs_counters
    if permanent.counters > (1 if needs else 0):
        yield replace(permanent, counters=permanent.counters - 1)
