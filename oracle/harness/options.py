"""Every option an engine offers is one the rules allow (contract: "only the legal options are
offered").

Whenever an observation holds a pending question, the world (:class:`~oracle.harness.world.World`)
checks the whole option set against the bounds the rules give its kind, computed from the
observed position and the cards' rules text, never from an engine's answer: the divisions of
combat damage (510.1, 702.19b), targets (115.1), what to sacrifice (701.21a), discard (701.9a),
tap for a cost (118.3) or copy (707.5), the legend rule (704.5j), colors (105.1) and mana
(106.1, 106.7), triggers (603.3b) and replacement effects (616.1).  A question that offers an
option beyond them fails the scenario at the step that observed it, naming the option and the
rule, although the scenario's own steps only look at the option they choose.  A correct engine
may offer fewer options, in any order, and ask or skip a question with a single option: each
bound is an upper one.
"""

from __future__ import annotations

from collections.abc import Callable

from oracle.suite.mismatch import Mismatch, prose

from . import option_abilities, option_rules
from .option_damage import illegal_divisions
from .option_rules import Illegal, Memory, Question

__all__ = ["CHECKERS", "Illegal", "Memory", "Question", "illegal_options", "require_legal_options"]

#: The check of each kind of question of observation.schema.json.
CHECKERS: dict[str, Callable[[Question], list[Illegal]]] = {
    "mana-color": option_abilities.mana,
    "mana-type": option_abilities.mana,
    "color": option_rules.colors,
    "replacement-effect": option_rules.replacement_effects,
    "trigger-order": option_rules.trigger_order,
    "permanent": option_abilities.tapped_for_costs,
    "sacrifice": option_rules.sacrifices,
    "discard": option_rules.discards,
    "target": option_abilities.targets,
    "copy": option_abilities.copies,
    "legend-rule": option_rules.legend_rule,
    "combat-damage": lambda question: illegal_divisions(question.pending, question.observation),
}


def illegal_options(question: Question) -> list[Illegal]:
    """The options of the pending question that the rules exclude (none: every one is legal)."""
    return CHECKERS[question.pending["kind"]](question)


def require_legal_options(question: Question) -> None:
    """Fail (:class:`~oracle.suite.mismatch.Mismatch`, a FAIL) when the question offers an option
    the rules exclude, naming it, why and the rule; the others are counted."""
    found = illegal_options(question)
    if not found:
        return
    first, player, kind = found[0], question.player, question.pending["kind"]
    more = f"; and {len(found) - 1} more: {prose([repr(i.option) for i in found[1:4]])}" if len(found) > 1 else ""
    more += " ..." if len(found) > 4 else ""
    raise Mismatch(
        f"{player} is offered only what the rules allow at the {kind} question",
        f"{player} is offered {first.option!r}: {first.why} ({first.cited}){more}",
    )
