"""What the explorer finds: the attempts of an example, and where two engines parted.

A :class:`Divergence` carries the position, the attempts up to the one where the engines parted,
what each answered and showed, and the Then steps that hold on the reference engine and not on
the engine under test.

Its signature is its cause, as far as the explorer can tell one from another, and a cause is
written once:

* an observation: the same kind of attempt (its action type and the optional fields it names,
  such as X or a cost; for the answer to a question, the attempt that raised it) about the same thing (the card cast or activated; for a mana ability, the
  kind of permanent, since what it adds is as often another permanent's doing, 106.12a; for a
  pass, whether it resolves a spell or an ability or ends a step), with the same first difference
  (what the first Then step that fails is about: the mana pool, the stack, a permanent being
  tapped...; when the engines are in different steps of the turn after the attempt, that is the
  first difference whatever the Then step states, and it is which engine moved on, not in which
  step: an engine that skips a step shows it through whatever that step would have done);
* an acceptance: the same kind of attempt, and the same two answers (the reference engine's
  rejection code and the other's acceptance, or the other way round), whatever the card: whether
  an action is allowed follows from rules every card shares (costs, timing, priority, 302.6);
* a crash, a hang, an answer out of the contract: the same action type.

So the same mistake in another step of the turn, or with other cards around, is not written
again; the same wrong effect of two different cards cast is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .cards import Pool
from .engines import Side
from .facts import Fact, distinguishing, facts_of
from .moves import Move
from .positions import Position, Rendered
from .scope import Scope, move_shape

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
    before: JSON | None = None
    """The reference engine's observation before the last attempt."""
    signature: tuple[str, ...] = field(default=())
    found_at: float = 0.0

    def __post_init__(self) -> None:
        super().__init__(self.kind)
        # an answer to a question is part of the attempt that raised it (a mana ability's choice
        # of mana is made as it resolves, 605.3b): the cause is that attempt's
        asking = [a.move for a in self.attempts if a.move.action["type"] != "choose"]
        last = asking[-1] if asking else self.attempts[-1].move if self.attempts else None
        shape = move_shape(last) if last else ("setup", "")
        what = (" ".join((shape[0], *shape[2:])), shape[1])
        aspect = self.facts[0].kind if self.facts and self.kind == "observation" else self._side()
        if aspect == "turn" or (self.kind == "observation" and self._steps_part()):
            aspect = self._turn()  # the engines in different steps: that is the cause, whatever else shows it
        if self.kind == "acceptance":  # whether an action is allowed follows from rules of every card
            what, aspect = (what[0], ""), f"{aspect}, not {self._side(other=True)}"
        if self.kind in ("crash", "hang", "contract") or self.kind.startswith("reference"):
            what, aspect = (what[0], ""), ""  # a broken engine breaks alike whatever the card
        self.signature = (self.kind, *what, aspect)

    def _steps_part(self) -> bool:
        """Whether the two engines are in different steps of the turn after the last attempt."""
        if not (self.reference and self.other):
            return False
        return bool(
            (self.reference["turn"]["number"], self.reference["turn"]["step"])
            != (self.other["turn"]["number"], self.other["turn"]["step"])
        )

    def _turn(self) -> str:
        """Which engine moved on to another step of the turn (not which step it was in)."""
        if not (self.before and self.reference and self.other):
            return "turn"
        where = [(o["turn"]["number"], o["turn"]["step"]) for o in (self.before, self.reference, self.other)]
        mine, theirs = where[1] != where[0], where[2] != where[0]
        if mine and theirs:
            return f"turn: both move on, the reference engine to {where[1][1]}"
        return f"turn: {'only the reference engine' if mine else 'only the engine under test'} moves on"

    def _side(self, other: bool = False) -> str:
        """What one engine answered the last attempt: "accepted", or its rejection code."""
        if not self.attempts:
            return ""
        outcome = self.attempts[-1].other if other else self.attempts[-1].reference
        if outcome is None:
            return ""
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
    scope: Scope
    reference: Side
    other: Side
    unsupported: int
    refused_positions: int
    unwritable: int
    latent: int
    free_choices: int
    replaying: bool

    def begin_example(self) -> bool: ...

    def check_share(self) -> None: ...

    def end_example(self, verdict: bool, blocked: bool = False, fought: bool = False) -> None: ...

    def check_time(self) -> None: ...

    def record(self, divergence: Divergence) -> bool: ...
