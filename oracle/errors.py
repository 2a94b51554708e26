"""Errors a user can cause, each rendered as one line that says where and why.

Two families:

* :class:`UserError` and its subclasses: bad input (an unknown card, a malformed
  fixture, an unknown engine).  The CLI and the test harness print ``str(error)``
  and nothing else; never a traceback.
* :class:`Rejected`: a game action that the rules forbid.  It carries a
  machine-readable ``code`` from :data:`REJECTION_CODES` so that any engine
  can say *why* in the same words (see ``oracle/contract/schemas/outcome.schema.json``).
"""

from __future__ import annotations

#: Why an action may be refused.  The contract schema lists the same codes.
REJECTION_CODES: dict[str, str] = {
    "no-priority": "the player does not have priority (117.1)",
    "timing": "the action is not allowed at this time (117.1a, 302.1, 307.1, 602.5d)",
    "summoning-sickness": "a creature's {T} or {Q} ability needs continuous control "
    "since its controller's most recent turn began (302.6), and so does a creature without haste "
    "to be declared as an attacker (508.1a)",
    "already-tapped": "a tapped permanent can't be tapped to pay a cost (107.5), and a tapped creature "
    "can't be declared as an attacker (508.1a)",
    "already-untapped": "an untapped permanent can't be untapped to pay a cost (107.6)",
    "cannot-pay": "the total cost can't be paid (601.2h, 602.2b)",
    "illegal-target": "a chosen target is not legal (601.2c, 115)",
    "invalid-choice": "the answer is not one of the offered options",
    "no-pending-choice": "there is no choice to answer",
    "pending-choice": "a choice must be answered first",
    "unknown-object": "no such card, permanent or ability",
    "not-allowed": "the rules do not allow this action here",
    "unsupported": "the engine can't do this, although the rules allow it (the scenario is UNSUPPORTED)",
}


class UserError(Exception):
    """A mistake in the input: its message is a complete one-line explanation."""


class CardDataError(UserError):
    """A card fixture is missing, malformed, or uses an unknown vocabulary word."""


class CatalogError(UserError):
    """The ruling catalog or the rules index is malformed or inconsistent."""


class EngineLoadError(UserError):
    """An ``--engine`` spec does not name a loadable engine."""


class Rejected(Exception):
    """An illegal action: the state is left exactly as it was.

    >>> Rejected("summoning-sickness", "Llanowar Elves came under Alice's control this turn").code
    'summoning-sickness'
    """

    def __init__(self, code: str, reason: str, also: tuple[str, ...] = ()) -> None:
        for each in (code, *also):
            if each not in REJECTION_CODES:
                raise ValueError(f"unknown rejection code {each!r}")
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason
        #: Other codes the rules equally support for this refusal, where the CR forbids the action
        #: for more than one reason (features/REJECTIONS.md): an engine may answer any of them.
        self.also = also

    def widened(self, *codes: str) -> Rejected:
        """The same refusal, with ``codes`` among the codes the rules support for it."""
        return Rejected(self.code, self.reason, (*self.also, *(c for c in codes if c not in (self.code, *self.also))))
