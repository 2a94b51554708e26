"""A player's free choices: decisions the rules leave to a player that an action need not state.

The rules engine asks a player every question whose options the contract can tell apart (a
color of mana, the order of different triggered abilities or replacement effects, a target,
the legend rule).  A few decisions it takes on the player's behalf instead, because the
action did not state them and the options can't be told apart by their labels:

* ``mana-payment``: which mana in the pool pays the generic part of a cost, when the action
  does not name the mana to spend (601.2h, 602.2b).  Colored and {C} symbols take mana of
  their own type; only the generic part is free.  The first option is colorless mana first,
  then colors in WUBRG order.
* ``trigger-order``: which of several triggered abilities with the same source name and the
  same text goes on the stack first (603.3b).
* ``replacement-effect``: which of several replacement effects from permanents with the same
  name applies first (616.1).

A :class:`PlayerPolicy` takes those decisions.  Each decision lists its options with the
engine's customary choice first; the default policy always takes it.  A decision with a
single option is no decision and never reaches the policy.  Another policy (the suite's
lint tries every one) shows whether an outcome rests on such a choice.

A question with a single option (the only legal target of a triggered ability, the only
creature that can be tapped or card that can be discarded for a cost) is made without asking,
unless the policy ``asks_single_options``: the rules have the player make it (601.2c, 603.3d),
and the lint shows that no scenario rests on whether an engine asks it.
"""

from __future__ import annotations

from collections.abc import Sequence

#: The kinds of decision a policy takes.
DECISIONS: tuple[str, ...] = ("mana-payment", "trigger-order", "replacement-effect")


class PlayerPolicy:
    """Takes a player's free decisions; this one always takes the first option."""

    #: Whether a question with a single option is asked all the same.
    asks_single_options: bool = False

    def decide(self, player: str, kind: str, options: Sequence[str]) -> int:
        """The index in ``options`` (two or more, written for a reader) of what ``player`` decides."""
        return 0
