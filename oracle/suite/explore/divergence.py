"""What the explorer finds: the attempts of an example, and where two engines parted.

A :class:`Divergence` carries the position, the attempts up to the one where the engines parted,
what each answered and showed, and the Then steps that hold on the reference engine and not on
the engine under test.  Its signature (its kind, the kind of attempt, what the attempt was
about, and what differed) tells a new divergence from one already reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .cards import Pool
from .engines import Side
from .facts import Fact, distinguishing, facts_of
from .moves import Move
from .positions import Position, Rendered

JSON = dict[str, Any]


@dataclass
class Attempt:
    """One move and what each engine answered (``None``: that engine broke)."""

    move: Move
    reference: JSON | None
    other: JSON | None
    forced: bool = False
    """An answer the explorer gave the engine under test's question with one option, which the
    reference engine did not ask (it made that choice itself)."""


@dataclass(eq=False)
class Divergence(Exception):
    """Where the engines parted: the position, the attempts up to that point, and the Then steps
    that hold on the reference engine and not on the engine under test."""

    kind: str
    position: Position
    rendered: Rendered
    attempts: list[Attempt]
    facts: list[Fact]
    reference: JSON | None = None
    other: JSON | None = None
    message: str = ""
    signature: tuple[str, ...] = field(default=())
    found_at: float = 0.0

    def __post_init__(self) -> None:
        super().__init__(self.kind)
        last = self.attempts[-1].move if self.attempts else None
        what = (last.action["type"], last.subject) if last else ("setup", "")
        aspect = self.facts[0].kind if self.facts and self.kind == "observation" else self._side()
        if aspect == "turn" and self.reference:  # which step the reference engine is in tells causes apart
            aspect = f"turn: {self.reference['turn']['step']}"
        if self.kind in ("crash", "hang", "contract") or self.kind.startswith("reference"):
            what, aspect = (what[0], ""), ""  # a broken engine breaks alike whatever the card
        self.signature = (self.kind, *what, aspect)

    def _side(self) -> str:
        if not self.attempts or self.attempts[-1].reference is None:
            return ""
        outcome = self.attempts[-1].reference
        return "accepted" if outcome["accepted"] else outcome["rejection"]["code"]

    def size(self) -> tuple[int, int, int]:
        """Smaller is simpler: fewer attempts, fewer cards, fewer lines."""
        cards = len(self.position.battlefield) + sum(len(c) for _, _, c in self.position.zones)
        return (len(self.attempts), cards, len(self.rendered.given))


def unsupported(outcome: JSON | None) -> bool:
    return outcome is not None and not outcome["accepted"] and outcome["rejection"]["code"] == "unsupported"


def changed(before: JSON, after: JSON, refs: dict[str, str]) -> list[Fact]:
    """Facts that hold after an action and did not before: what the action did."""
    return distinguishing(after, before, refs) or then_true(after, refs)


def then_true(observation: JSON, refs: dict[str, str]) -> list[Fact]:
    """A Then step that holds on the observation (who must choose, or a life total): a scenario needs
    one, to build its position and to check that its last action was accepted."""
    chosen = [f for f in facts_of(observation, observation, refs) if f.kind in ("choice", "life")]
    return [f for f in chosen if f.holds(observation)][:1]


class Exploring(Protocol):
    """What the state machine and the simplifier need of the exploration that runs them
    (:class:`~.runner.Run`): the card pool, the two engines, the counters, and the budget."""

    pool: Pool
    reference: Side
    other: Side
    unsupported: int
    refused_positions: int
    unwritable: int
    latent: int
    replaying: bool

    def begin_example(self) -> None: ...

    def check_time(self) -> None: ...

    def record(self, divergence: Divergence) -> bool: ...
