"""What every part of the phase adapter shares: its state, the refusal, the names phase uses.

:class:`PhaseBase` is the root of :class:`oracle.adapters.phase.engine.PhaseEngine`, whose work
is split by what it does into mixins: building a position (:mod:`.position`), driving actions
(:mod:`.actions`), reading phase's prompts as pending choices (:mod:`.prompts`) and reading
observations (:mod:`.observe`).  It declares the attributes they share and the methods each
provides to the others; the translation tables here are read by more than one of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from oracle.contract.interface import JSON

#: The suite's step names and phase's.
STEP_TO_PHASE = {
    "untap": "Untap",
    "upkeep": "Upkeep",
    "draw": "Draw",
    "precombat-main": "PreCombatMain",
    "beginning-of-combat": "BeginCombat",
    "declare-attackers": "DeclareAttackers",
    "declare-blockers": "DeclareBlockers",
    "combat-damage": "CombatDamage",
    "end-of-combat": "EndCombat",
    "postcombat-main": "PostCombatMain",
    "end": "End",
    "cleanup": "Cleanup",
}
PHASE_TO_STEP = {value: key for key, value in STEP_TO_PHASE.items()}

#: Mana symbols and phase's mana type names.
SYMBOL_TO_MANA = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
MANA_TO_SYMBOL = {value: key for key, value in SYMBOL_TO_MANA.items()}

#: Counter kinds: the suite's names and phase's.
COUNTER_TO_PHASE = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
PHASE_TO_COUNTER = {value: key for key, value in COUNTER_TO_PHASE.items()}


class Refusal(Exception):
    """An action the adapter refuses before (or instead of) asking phase: carries a contract code."""

    def __init__(self, code: str, reason: str) -> None:
        """A refusal with its contract code and one-line reason."""
        super().__init__(reason)
        self.code = code
        self.reason = reason


# -- small translations ------------------------------------------------------------------


def one_line(message: str) -> str:
    """A message on a single line."""
    return " ".join(message.split())


def pool_of(player: JSON) -> dict[str, int]:
    """A phase player's mana pool as ``{"G": 1, ...}``."""
    pool: dict[str, int] = {}
    for unit in player.get("mana_pool", {}).get("mana", []):
        symbol = MANA_TO_SYMBOL.get(unit.get("color", ""), "C")
        pool[symbol] = pool.get(symbol, 0) + 1
    return pool


class PhaseBase:
    """The phase game and what the adapter remembers about it, shared by the mixins."""

    #: phase's engine with the fixture cards loaded, and the cards it does not understand (name -> why).
    engine: Any
    unsupported: dict[str, str]
    #: The game being played (None before ``setup``) and its players' names, by seat.
    game: Any
    names: list[str]
    #: phase's object id for each ref of the position, and the ref of each such object.
    ids: dict[str, int]
    refs: dict[int, str]
    #: The events the suite reads, since ``setup``.
    events: list[JSON]
    #: Ids of the stack entries already seen, to notice new triggered abilities.
    stacked: set[int]
    #: How many phase actions the action being performed has applied so far.
    applied: int
    #: Cards chosen for a discard to hand size, held until phase's prompt for all of them is answered.
    discarding: list[int]
    #: The game whose whole state was last read, and that state (see :meth:`_state`).
    _read: tuple[Any, JSON] | None = None

    def _state(self) -> JSON:
        """phase's whole state (``Game.state()``), read once per change of the game.

        phase serializes the whole game for each read, most of a certification's time; a game
        changes only by ``apply`` (:meth:`_forget_state`) or by being replaced, so a read is kept
        until then.  What it returns is shared: read it, never change it."""
        if self._read is None or self._read[0] is not self.game:
            self._read = (self.game, self.game.state())
        return self._read[1]

    def _forget_state(self) -> None:
        """The game changed: the next :meth:`_state` reads it again."""
        self._read = None

    if TYPE_CHECKING:  # what each mixin of PhaseEngine provides to the others

        def _seat(self, name: str) -> int: ...
        def _reload(self, saved: JSON) -> Any: ...
        def _pending(self, prompt: JSON) -> JSON | None: ...
        def _prompt_player(self, prompt: JSON) -> str: ...
        def _options(self, prompt: JSON) -> list[tuple[str, Any]]: ...
        def _ref(self, object_id: int) -> str: ...
        def _record(self) -> None: ...
        def _held_discards(self, prompt: JSON | None = None) -> list[int]: ...
