"""An adapter that lets the suite certify phase.rs through its Python bindings (``phase-python``).

phase.rs is an open-source Magic rules engine written in Rust; ``pip install phase-python``
gives the ``phase`` module.  This adapter speaks the contract of :mod:`oracle.contract`:

* the card database is built offline from the suite's own fixtures, each card parsed by
  ``phase.build_oracle_face`` from an MTGJSON-shaped dict; a card phase does not understand
  (an unimplemented effect, an unknown trigger mode, a parse warning) is *unsupported*;
* ``setup`` starts a game with decks holding the position's cards (plus basic lands as
  filler), keeps both hands, then edits phase's state dict into the position (the filler
  removed) and reloads it;
* ``perform`` turns each contract action into phase ``GameAction`` dicts, answering the
  prompts phase asks while an action is being taken from the action's own fields, and
  restores the saved state whenever phase refuses;
* ``observe`` translates phase's state dict into the observation schema.

phase's state dict is an internal, unversioned format (as seen with the phase-python release pinned in
pyproject.toml's "phase" extra).

The adapter's work is split by what it does: :mod:`.position` builds a position,
:mod:`.actions` drives actions, :mod:`.prompts` reads phase's prompts as pending choices,
:mod:`.observe` reads observations, and :mod:`.base` holds what they share; :class:`PhaseEngine`
composes them.
"""

from __future__ import annotations

from typing import Any

from oracle.contract.interface import CONTRACT_VERSION, JSON, Engine, accepted, rejected
from oracle.paths import cards_dir

from .actions import ActionDriver
from .base import Refusal, one_line
from .cards import load_library, phase_version
from .observe import ObservationReader
from .position import PositionBuilder
from .prompts import PromptReader

#: Capabilities this adapter maps (names from ``fixtures/capabilities.toml``).
CAPABILITIES = [
    "activated-abilities",
    "additional-costs",
    "alternative-costs",
    "auras-and-equipment",
    "blocking",
    "casting",
    "combat",
    "combat-keywords",
    "copy-effects",
    "counterspells",
    "delayed-triggers",
    "first-strike-damage",
    "flash",
    "land-play",
    "layers",
    "legend-rule",
    "replacement-effects",
    "state-based-actions",
    "tokens",
    "x-costs",
    "could-produce",
    "mana-abilities",
    "mana-abilities-while-paying",
    "one-shot-effects",
    "summoning-sickness",
    "triggered-abilities",
    "untap-symbol",
]


#: Words in phase's refusal messages, and the contract's rejection code they mean.
REFUSAL_CODES = [
    ("exceeds the maximum legal value", "cannot-pay"),  # phase bounds X by the mana available
    ("summoning sick", "summoning-sickness"),
    ("unknown object", "unknown-object"),
    ("is tapped", "already-tapped"),
    ("already tapped", "already-tapped"),
    ("is untapped", "already-untapped"),
    ("not tapped", "already-untapped"),
    ("already untapped", "already-untapped"),
    ("priority", "no-priority"),
    ("wrong player", "no-priority"),
    ("sorcery", "timing"),
    ("during main phases", "timing"),  # "Can only play lands during main phases" (305.1)
    ("while the stack is empty", "timing"),  # "Can only play lands while the stack is empty" (305.1)
    ("timing", "timing"),
    ("target", "illegal-target"),
    ("pay", "cannot-pay"),
    ("mana", "cannot-pay"),
    ("afford", "cannot-pay"),
]


def refusal_code(message: str) -> str:
    """The contract's rejection code for one of phase's refusal messages (best effort)."""
    lowered = message.lower()
    for words, code in REFUSAL_CODES:
        if words in lowered:
            return code
    return "not-allowed"


# -- the engine ------------------------------------------------------------------------------


class PhaseEngine(PositionBuilder, ActionDriver, PromptReader, ObservationReader, Engine):
    """phase.rs, driven through phase-python, speaking the adapter contract."""

    def __init__(self) -> None:
        """Load the fixture cards into phase (once per process); no game until ``setup``."""
        self.engine, self.unsupported = load_library(cards_dir())
        self.game: Any = None
        self.names: list[str] = []
        self.ids: dict[str, int] = {}
        self.refs: dict[int, str] = {}
        self.events: list[JSON] = []
        #: Ids of the stack entries already seen, to notice new triggered abilities.
        self.stacked: set[int] = set()
        #: How many phase actions the action being performed has applied so far.
        self.applied = 0
        self.discarding: list[int] = []

    def describe(self) -> JSON:
        """Name, phase-python version, contract version and the capabilities mapped."""
        return {
            "name": "phase.rs",
            "version": phase_version(),
            "contract": CONTRACT_VERSION,
            "capabilities": list(CAPABILITIES),
        }

    # -- setup -----------------------------------------------------------------------------

    def setup(self, position: JSON) -> JSON:
        """Build ``position`` in a new phase game; unsupported cards and unbuildable positions are rejected."""
        self.game = None
        problem = self._unsupported_card(position)
        if problem:
            return rejected("unsupported", problem)
        try:
            self.game = self._build(position)
        except Refusal as refusal:
            return rejected(refusal.code, refusal.reason)
        except ValueError as exc:  # phase refused the edited state
            return rejected("not-allowed", one_line(f"phase could not load the position: {exc}"))
        self.events = []
        self.stacked = set()
        self.discarding = []
        return accepted()

    # -- actions -----------------------------------------------------------------------------

    def perform(self, action: JSON) -> JSON:
        """Take one action; a rejected action leaves the game as it was."""
        if self.game is None:
            return rejected("not-allowed", "no game: setup must come first")
        saved = self._state()
        seen = (len(self.events), set(self.stacked))
        held = list(self.discarding)
        self.applied = 0
        try:
            self._dispatch(action)
        except Refusal as refusal:
            self._restore(saved, seen)
            self.discarding = held
            return rejected(refusal.code, refusal.reason)
        except ValueError as exc:  # phase refuses an illegal action with a ValueError
            self._restore(saved, seen)
            self.discarding = held
            message = one_line(str(exc))
            return rejected(refusal_code(message), message[:300])
        return accepted()
