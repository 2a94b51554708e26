"""Drawing the positions of :mod:`.positions` with Hypothesis: what each is made of, and how often
(a module of its own, which imports Hypothesis: :mod:`.positions` is read by more than the explorer)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from hypothesis import strategies as st

from .cards import Pool
from .positions import COLORS, MANA, PLAYERS, STEPS, Permanent, Position

#: The steps positions start in, drawn with these weights (the first is still where shrinking goes).
DRAWN_STEPS = [*STEPS, "beginning-of-combat", "beginning-of-combat", "precombat-main"]

# The strategies every position draws from, built once: building one checks its arguments and
# costs about as much as drawing from it.
_ACTIVE = st.sampled_from(PLAYERS)
_STEP = st.sampled_from(DRAWN_STEPS)
_TURN = st.integers(2, 6)
_LIFE = st.one_of(st.just(20), st.integers(1, 20))
_POOL = st.lists(st.sampled_from(MANA), max_size=6)
_BOOLEAN = st.booleans()
_MOSTLY_NOT = st.sampled_from((False, False, True))
_COLOR = st.sampled_from(COLORS)
_COUNTERS = (st.integers(0, 3), st.integers(1, 3))


@cache
def _some(names: tuple[str, ...], least: int, most: int) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(names), min_size=least, max_size=most)


@cache
def _one(names: tuple[str, ...]) -> st.SearchStrategy[str]:
    return st.sampled_from(names)


def _mana(draw: Any) -> str:
    symbols = draw(_POOL)
    return "".join("{" + s + "}" for s in sorted(symbols, key=MANA.index))


@st.composite
def drawn_positions(draw: Any, pool: Pool, came_under_control: bool = True) -> Position:
    """A legal position (:mod:`.positions`), shrinking towards a small, plain one; without
    ``came_under_control``, no permanent came under its controller's control this turn."""
    active = draw(_ACTIVE)
    step = draw(_STEP)
    number = draw(_TURN)
    life = tuple(draw(_LIFE) for _ in PLAYERS)
    pools = tuple(_mana(draw) for _ in PLAYERS)
    drafted: list[Permanent] = []
    for player in PLAYERS:
        for card in _cards(draw, pool.permanents(), 1, 6):
            drafted.append(_permanent(draw, pool, card, player, came_under_control))
    battlefield = _legal(draw, pool, drafted)
    everything = pool.names()
    lands = tuple(n for n in everything if "Land" in pool[n].types)
    zones: list[tuple[str, str, tuple[str, ...]]] = []
    for player in PLAYERS:
        for zone, least, most in (("hand", 0, 3), ("graveyard", 0, 2), ("library", 2, 3)):
            cards = _cards(draw, everything, least, most)
            if zone == "hand" and lands and draw(_BOOLEAN):
                cards.append(draw(_one(lands)))
            if cards:
                zones.append((player, zone, tuple(cards)))
    return Position(active, step, number, (life[0], life[1]), (pools[0], pools[1]), tuple(battlefield), tuple(zones))


def _cards(draw: Any, names: list[str], least: int, most: int) -> list[str]:
    """Some of ``names`` (none when there are none: an engine may refuse every card of a kind)."""
    return draw(_some(tuple(names), least, most)) if names else []


def _permanent(draw: Any, pool: Pool, card: str, player: str, came_under_control: bool) -> Permanent:
    printed = pool[card]
    counters = draw(_COUNTERS[printed.needs_counters]) if printed.creature else 0
    return Permanent(
        card,
        player,
        tapped=draw(_MOSTLY_NOT) if printed.creature else draw(_BOOLEAN),
        counters=counters,
        recent=draw(_MOSTLY_NOT if printed.creature else _BOOLEAN) if came_under_control else False,
        color=draw(_COLOR) if printed.chooses_color else None,
    )


def _legal(draw: Any, pool: Pool, drafted: list[Permanent]) -> list[Permanent]:
    """Give each Clone a creature to copy and each Aura or Equipment a creature to be attached to,
    dropping what can't have one, and keep one legendary permanent of a name per player."""
    plain = [p for p in drafted if not (pool[p.card].enters_as_copy or pool[p.card].aura or pool[p.card].equipment)]
    legal: list[Permanent] = []
    legends: set[tuple[str, str]] = set()
    for permanent in plain:
        key = (permanent.controller, permanent.card)
        if pool[permanent.card].legendary and key in legends:
            continue
        legends.add(key)
        legal.append(permanent)
    creatures = list(dict.fromkeys(p.card for p in legal if pool[p.card].creature))
    for permanent in drafted:
        printed = pool[permanent.card]
        if printed.enters_as_copy and creatures:
            copied = draw(st.sampled_from(creatures))
            if not (pool[copied].legendary and (permanent.controller, copied) in legends):
                legends.add((permanent.controller, copied))
                counters = max(permanent.counters, 1 if pool[copied].needs_counters else 0)
                legal.append(_with(permanent, copying=copied, counters=counters))
    first = {c: next(p.controller for p in legal if p.card == c) for c in creatures}
    for permanent in drafted:
        printed = pool[permanent.card]
        own = [c for c in creatures if first[c] == permanent.controller]
        if printed.aura and creatures:
            legal.append(_with(permanent, attached=draw(st.sampled_from(creatures))))
        elif printed.equipment:
            host = draw(st.sampled_from([None, *own]))
            legal.append(_with(permanent, attached=host))
    return legal


def _with(permanent: Permanent, **changes: Any) -> Permanent:
    return replace(permanent, **changes)


def positions(pool: Pool, came_under_control: bool = True) -> st.SearchStrategy[Position]:
    """A legal position (see :mod:`.positions`), shrinking towards a small, plain one; without
    ``came_under_control``, no permanent came under its controller's control this turn."""
    key = (id(pool), came_under_control)
    known = _DRAWN.get(key)
    if known is None or known[0] is not pool:  # a pool is kept until the engine refuses a card
        known = _DRAWN[key] = (pool, drawn_positions(pool, came_under_control))
    return known[1]


#: The strategy of each pool, built once (building one costs about as much as drawing from it).
_DRAWN: dict[tuple[int, bool], tuple[Pool, st.SearchStrategy[Position]]] = {}
