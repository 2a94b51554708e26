"""Deliberately wrong engines: each breaks one rule, and the scenarios of the ruling
that rests on that rule must fail against it.

Each mutant is the mistake a plausible engine makes, written as a small patch of the
reference engine (tests/wrong_engines/).  It is applied when the environment variable
``MTG_CONFORMANCE_MUTANT`` names it, however the suite is started (``pytest``,
``mtg-conformance run``, ``certify``, with ``PYTEST_PLUGINS=tests.mutant_plugin``):
tests/mutant_plugin.py applies it as pytest configures,
and a patched function is replaced in every module that bound it with ``from x import y``,
including modules imported before the patch (the command imports the engine before pytest
starts).  tests/unit/test_mutants.py runs ``mtg-conformance run --ruling ...`` against each one.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import tests.wrong_engines
from tests.wrong_engines import Mutant as Mutant
from tests.wrong_engines import copies, mana, turns
from tests.wrong_engines import patch_everywhere as patch_everywhere


def apply_mutant(name: str, mp: pytest.MonkeyPatch) -> None:
    """Apply the mutant called ``name``; an unknown name is a one-line error."""
    if name not in MUTANTS:
        raise KeyError(f"unknown mutant {name!r}; known: {', '.join(sorted(MUTANTS))}")
    MUTANTS[name].apply(mp)


#: The first wrong engines, written with the rulings' first scenarios.
FIRST: list[Mutant] = [
    # -- mana ------------------------------------------------------------------------
    Mutant(
        "undefined-type-makes-colorless",
        ("mana.undefined-type",),
        "an undefined type gives {C} (106.5)",
        mana.undefined_type_makes_colorless,
    ),
    Mutant(
        "colorless-offered-as-a-color",
        ("mana.undefined-type",),
        "'any color' offers {C} when the lands could produce only colorless (105.1, 106.5)",
        mana.colorless_offered_as_a_color,
        ("Exotic Orchard facing only Wastes asks nothing, adds nothing and triggers nothing",),
    ),
    Mutant(
        "could-produce-ignores-whose-lands",
        ("mana.undefined-type", "mana.could-produce"),
        "'a land you control' / 'an opponent controls' read as any land (106.7)",
        mana.could_produce_ignores_whose_lands,
        ("Exotic Orchard ignores its controller's own lands",),
    ),
    Mutant(
        "could-produce-sees-only-its-controllers-replacements",
        ("mana.could-produce",),
        "'could produce' ignores replacement effects another player controls (106.7)",
        mana.could_produce_sees_only_its_controllers_replacements,
        ("Alice's Contamination changes what Bob's Forest could produce",),
    ),
    Mutant(
        "could-produce-one-order",
        ("mana.could-produce",),
        "106.7 uses one order only",
        mana.could_produce_one_order,
    ),
    Mutant(
        "every-mana-ability-is-tapping",
        ("mana.tap-for-mana",),
        "any mana ability counts as tapping for mana (106.12)",
        mana.every_mana_ability_is_tapping,
    ),
    Mutant(
        "triggers-on-tap-without-mana",
        ("mana.tapped-for-mana-trigger",),
        "triggers although no mana was produced (106.12a)",
        mana.triggers_on_tap_without_mana,
    ),
    Mutant(
        "damage-to-the-controller",
        ("mana.tapped-for-mana-trigger",),
        "'that player' of Manabarbs is its controller, not the player who tapped (106.12a)",
        mana.damage_to_the_controller,
        ("Bob's Manabarbs damages Alice, who tapped the land",),
    ),
    Mutant(
        "triggered-mana-to-the-controller",
        ("mana.tapped-for-mana-trigger",),
        "'that player adds' gives the mana to Mana Flare's controller (106.12a, 605.1b)",
        mana.triggered_mana_to_the_controller,
        ("Bob's Mana Flare gives the extra mana to Alice, who tapped the land",),
    ),
    Mutant(
        "replacements-in-fixed-order",
        ("mana.tapped-for-mana-replacement",),
        "616.1 order not offered",
        mana.replacements_in_fixed_order,
    ),
    Mutant(
        "replacement-conditions-ignored",
        ("mana.tapped-for-mana-replacement",),
        "'two or more mana' not checked (106.12b)",
        mana.replacement_conditions_ignored,
    ),
    Mutant(
        "replacements-only-for-their-controller",
        ("mana.tapped-for-mana-replacement",),
        "'if a land is tapped for mana' read as 'if you tap' (106.12b)",
        mana.replacements_only_for_their_controller,
        ("Bob's Contamination makes Alice's Forest produce black",),
    ),
    Mutant(
        "same-replacement-applies-once",
        ("mana.tapped-for-mana-replacement",),
        "two Mana Reflections double the mana once (614.5 misread)",
        mana.same_replacement_applies_once,
        ("Two Mana Reflections each double the mana",),
    ),
    # -- costs, time and objects ------------------------------------------------------
    Mutant(
        "no-summoning-sickness",
        ("symbol.tap", "symbol.untap"),
        "{T}/{Q} abilities ignore 302.6",
        turns.no_summoning_sickness,
    ),
    Mutant(
        "sickness-ends-at-any-untap-step",
        ("symbol.tap", "symbol.untap"),
        "summoning sickness ends at the opponent's untap step (302.6)",
        turns.sickness_ends_at_any_untap_step,
        ("Llanowar Elves that came under Alice's control this turn still can't tap during Bob's turn",),
    ),
    Mutant(
        "sickness-never-wears-off",
        ("symbol.tap", "symbol.untap"),
        "the controller's next untap step leaves a creature summoning sick (302.6)",
        turns.sickness_never_wears_off,
        ("Llanowar Elves that came under Alice's control this turn can tap once her next turn begins",),
    ),
    Mutant(
        "sickness-follows-the-card",
        ("symbol.tap", "symbol.untap"),
        "a creature that left and came back this turn is not summoning sick (302.6, 400.7)",
        turns.sickness_follows_the_card,
        ("Llanowar Elves that left and came back this turn can't tap for mana",),
    ),
    Mutant(
        "x-follows-the-card",
        ("x.enters-uses-spell-x",),
        "the X of an earlier spell stays with the card (107.3m, 400.7)",
        turns.x_follows_the_card,
        ("Hangarback Walker returned from the graveyard by an ability enters with X of 0 and dies",),
    ),
    Mutant(
        "x-forgotten-on-entering",
        ("x.enters-uses-spell-x",),
        "enters-with-X uses the permanent's X of 0 (107.3m)",
        turns.x_forgotten_on_entering,
    ),
    Mutant(
        "blitz-follows-copies",
        ("blitz.copy-not-blitzed",),
        "a copy of a blitzed creature has haste and draws (702.152a)",
        turns.blitz_follows_copies,
    ),
    Mutant(
        "blitz-draws-on-leaving",
        ("blitz.draw-on-any-death",),
        "a blitzed creature draws a card when it leaves to any zone, not only when it dies (702.152a)",
        turns.blitz_draws_on_leaving,
        ("A blitzed creature returned to its owner's hand draws nothing",),
    ),
    Mutant(
        "delayed-sacrifice-follows-the-card",
        ("blitz.sacrifice-only-if-present",),
        "the end-step sacrifice chases the card to another zone (400.7, 603.7)",
        turns.delayed_sacrifice_follows_the_card,
    ),
    Mutant(
        "delayed-sacrifice-finds-the-card-again",
        ("blitz.sacrifice-only-if-present",),
        "the end-step sacrifice finds the card back on the battlefield as a new object (400.7, 603.7)",
        turns.delayed_sacrifice_finds_the_card_again,
        ("A blitzed creature that left and was cast again is a new object: not sacrificed, no haste",),
    ),
    Mutant(
        "paid-costs-follow-the-card",
        ("blitz.sacrifice-only-if-present",),
        "a card cast again keeps the blitz cost paid for it before (400.7)",
        turns.paid_costs_follow_the_card,
        ("A blitzed creature that left and was cast again is a new object: not sacrificed, no haste",),
    ),
    # -- tokens and copies ------------------------------------------------------------
    Mutant(
        "copies-see-non-copy-effects",
        ("offspring.copiable-values", "jaxis.copiable-values"),
        "a copy takes pumps and type changes (707.2)",
        copies.copies_see_non_copy_effects,
    ),
    Mutant(
        "token-copies-see-non-copy-effects",
        ("jaxis.copy-of-a-token",),
        "a copy of a token takes the token as it is now, pumped or a Frog (707.2, 111.4)",
        copies.token_copies_see_non_copy_effects,
        (
            "A copy of a pumped token has the values its creating effect gave it",
            "A copy of a token turned into a Frog is a black Rogue",
        ),
    ),
    Mutant(
        "copies-take-counters",
        ("offspring.copiable-values",),
        "a copy takes counters (707.2)",
        copies.copies_take_status(counters=True, kicked=False),
    ),
    Mutant(
        "copies-take-kicked",
        ("dual-nature.not-kicked",),
        "a copy of a kicked creature is kicked (707.2)",
        copies.copies_take_status(counters=False, kicked=True),
    ),
    Mutant(
        "base-power-includes-modifiers",
        ("base-power.definition", "base-power.bonus-not-cda"),
        "base power counts pumps and counters (208.4b)",
        copies.base_power_includes_modifiers,
    ),
    Mutant(
        "one-offspring-payment-pays-every-instance",
        ("offspring.pay-once",),
        "with two instances of offspring, paying one makes two tokens (702.175b)",
        copies.one_offspring_payment_pays_every_instance,
        ("Two instances of offspring, one paid, make one token",),
    ),
    Mutant(
        "enters-copy-for-the-trigger-controller",
        ("dual-nature.legend-rule",),
        "Dual Nature's token goes to Dual Nature's controller, not the creature's (the legend rule never meets it)",
        copies.enters_copy_for_the_trigger_controller,
        ("Dual Nature copies Bob's legendary creature for Bob, and the legend rule asks Bob",),
    ),
    Mutant(
        "exile-created-with-takes-every-token",
        ("dual-nature.left-before-token",),
        "'tokens created with this enchantment' read as every token (607.2c)",
        copies.exile_created_with_takes_every_token,
        ("When Dual Nature leaves, another card's token stays",),
    ),
    Mutant(
        "same-name-exile-takes-only-its-own-tokens",
        ("dual-nature.left-before-token",),
        "'tokens with the same name' read as Dual Nature's own tokens only",
        copies.same_name_exile_takes_only_its_own_tokens,
        ("Another card's token with the creature's name is exiled when the creature leaves",),
    ),
    Mutant(
        "leaves-trigger-only-on-dying",
        ("dual-nature.left-before-token",),
        "'leaves the battlefield' triggers only on dying (603.6c, 603.10a)",
        copies.leaves_trigger_only_on_dying,
        ("The token is exiled when the original is returned to its owner's hand while Dual Nature is there",),
    ),
    Mutant(
        "same-multiplier-applies-once",
        ("jaxis.multiple-tokens",),
        "two Doubling Seasons double the tokens once (614.5 misread)",
        copies.same_multiplier_applies_once,
        ("With two Doubling Seasons, four tokens gain haste and all four are sacrificed",),
    ),
    Mutant(
        "countered-offspring-still-makes-a-token",
        ("offspring.countered",),
        "a countered spell with offspring paid still makes its token (702.175a)",
        copies.countered_offspring_still_makes_a_token,
    ),
    Mutant(
        "no-offspring-token-once-the-creature-left",
        ("offspring.source-left",),
        "the offspring trigger makes nothing once its creature has left (608.2h)",
        copies.no_offspring_token_once_the_creature_left,
    ),
    Mutant(
        "offspring-read-from-the-spell",
        ("offspring.missing-on-entry",),
        "offspring paid for means offspring on the battlefield, Humility or not (603.4)",
        copies.offspring_read_from_the_spell,
    ),
    Mutant(
        "a-token-misses-its-own-enters-trigger",
        ("offspring.enters-abilities", "dual-nature.enters-abilities", "jaxis.enters-abilities"),
        "a token copy's own 'when this creature enters' doesn't trigger (603.6a)",
        copies.a_token_misses_its_own_enters_trigger,
    ),
    Mutant(
        "another-means-another-name",
        ("offspring.this-creature-wording",),
        "'another creature' compared by name, as if 'this creature' were the card's name (700.7)",
        copies.another_means_another_name,
    ),
    Mutant(
        "copies-ignore-copy-effects",
        ("offspring.copying-something-else", "jaxis.copy-of-a-copy", "jaxis.copy-of-the-token"),
        "a copy copies the printed card, not a copy effect on it (707.3)",
        copies.copies_ignore_copy_effects,
    ),
    Mutant(
        "creating-a-token-is-casting",
        ("offspring.token-not-cast",),
        "a token copy counts as a creature spell cast (601.2i)",
        copies.creating_a_token_is_casting,
    ),
    Mutant(
        "copies-keep-the-x-paid",
        ("jaxis.x-is-zero", "dual-nature.enters-abilities", "offspring.copiable-values"),
        "a token copy of a creature cast with X enters with that X (202.3e, 707.2)",
        copies.copies_keep_the_x_paid,
    ),
    Mutant(
        "cda-outside-base-power",
        ("base-power.cda",),
        "a characteristic-defining ability is not part of base power (208.4b, 604.3)",
        turns.cda_outside_base_power,
    ),
    Mutant(
        "blitzed-creature-must-attack",
        ("blitz.no-attack-requirement",),
        "a blitzed creature must attack (702.152a gives haste, no requirement)",
        turns.blitzed_creature_must_attack,
    ),
    Mutant(
        "blitz-is-not-casting",
        ("blitz.is-casting",),
        "paying the blitz cost is not casting: no 'whenever you cast' trigger (118.9, 601.2i)",
        turns.blitz_is_not_casting,
    ),
]


def _gathered() -> dict[str, Mutant]:
    """FIRST, then the ``MUTANTS`` list of every other module of tests/wrong_engines, by name;
    a name given twice is an error (a mutant must be runnable by its name alone)."""
    found: dict[str, Mutant] = {}
    modules = sorted(info.name for info in pkgutil.iter_modules(tests.wrong_engines.__path__))
    lists = [FIRST] + [
        getattr(importlib.import_module(f"tests.wrong_engines.{name}"), "MUTANTS", []) for name in modules
    ]
    for listed in lists:
        for mutant in listed:
            if mutant.name in found:
                raise ValueError(f"two wrong engines are named {mutant.name!r}")
            found[mutant.name] = mutant
    return found


MUTANTS: dict[str, Mutant] = _gathered()


if __name__ == "__main__":
    import argparse
    import sys

    from tests import mutant_summary

    parser = argparse.ArgumentParser(
        prog="python -m tests.mutants", description=mutant_summary.__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--summary", action="store_true", required=True, help="run every wrong engine and count the kills"
    )
    parser.add_argument("--out", help="also write the summary to this Markdown file")
    args = parser.parse_args()
    sys.exit(mutant_summary.main(list(MUTANTS.values()), {m.name for m in FIRST}, args.out))
