"""Wrong engines that offer, at a question, options the rules exclude beside the legal ones (issue
42, "a false certificate"): the scenarios' own steps choose a legal option and look at no other,
so each of these passed every scenario until the harness held the whole option set to the rules
(oracle/harness/options.py).  One for each kind of question the scenarios reach with a real choice
(two options or more; a question with a single option is left as it is, so that whether it is
asked does not change): each names the scenarios, with no step about the whole option set, that
catch it at the question itself.  Where a scenario's step pins the option set (``must choose
among``), it caught the kind before; the named scenarios are the ones that did not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from oracle.engine import base

from . import Mutant

#: What each wrong engine adds to a question of its kind: ``extra(game, player, options)``.
Extra = Callable[[Any, str, list[str]], list[str]]


def _offering(mp: pytest.MonkeyPatch, kind: str | tuple[str, ...], extra: Extra) -> None:
    """Questions of ``kind`` with two options or more also offer what ``extra`` gives."""
    original = base.GameBase.choose
    kinds = (kind,) if isinstance(kind, str) else kind

    def choose(self: Any, player: str, asked: str, options: list[str], prompt: str, source: str = "") -> str:
        if asked in kinds and len(options) > 1:
            options = [*options, *(o for o in extra(self, player, list(options)) if o not in options)]
        return original(self, player, asked, options, prompt, source)

    mp.setattr(base.GameBase, "choose", choose)


def _permanents(game: Any, keep: Callable[[Any], bool]) -> list[str]:
    return [game.ref(o) for o in game.state.permanents() if keep(o)]


def divisions_beyond_the_power(mp: pytest.MonkeyPatch) -> None:
    """A division of combat damage giving 99 to each recipient, whatever the creature's power
    (510.1a: it assigns combat damage equal to its power)."""

    def extra(game: Any, player: str, options: list[str]) -> list[str]:
        recipients = [part.partition(" to ")[2] for part in options[0].split("; ")]
        return ["; ".join(f"99 to {who}" for who in recipients)]

    _offering(mp, "combat-damage", extra)


def clone_copies_any_permanent(mp: pytest.MonkeyPatch) -> None:
    """ "Enter as a copy of any creature on the battlefield" offers every permanent, noncreature
    ones included (707.5, and the Clone's words)."""
    _offering(mp, "copy", lambda game, player, options: _permanents(game, lambda o: True))


def targets_any_permanent(mp: pytest.MonkeyPatch) -> None:
    """ "Target creature you control" offers every permanent on the battlefield (115.1, 601.2c)."""
    _offering(mp, "target", lambda game, player, options: _permanents(game, lambda o: True))


def tap_cost_taps_any_permanent(mp: pytest.MonkeyPatch) -> None:
    """ "Tap an untapped creature you control" offers every permanent its controller controls,
    noncreature ones and tapped ones included (118.3, 701.26a)."""
    _offering(mp, "permanent", lambda game, player, options: _permanents(game, lambda o: o.controller == player))


def discards_from_any_hand(mp: pytest.MonkeyPatch) -> None:
    """A discard offers the cards of every player's hand, not only the discarding player's own
    (701.9a: a card is discarded from its owner's hand)."""

    def extra(game: Any, player: str, options: list[str]) -> list[str]:
        return [game.ref(game.obj(i)) for p in game.state.players if p.name != player for i in p.hand]

    _offering(mp, "discard", extra)


def unless_cost_offers_nothing(mp: pytest.MonkeyPatch) -> None:
    """An "unless" sacrifice always offers "none", as if declining sacrificed nothing while the
    ability's source is still on the battlefield (118.12a: declining sacrifices it)."""
    _offering(mp, "sacrifice", lambda game, player, options: ["none"])


def legend_rule_offers_every_permanent(mp: pytest.MonkeyPatch) -> None:
    """The legend rule lets its player keep any of their permanents, not only one of the
    legendary permanents of that name (704.5j)."""
    _offering(mp, "legend-rule", lambda game, player, options: _permanents(game, lambda o: o.controller == player))


def triggers_of_every_player(mp: pytest.MonkeyPatch) -> None:
    """The player ordering triggers is offered abilities of objects another player owns: every
    card of the other players' hands and graveyards (603.3b: each player puts their own)."""

    def extra(game: Any, player: str, options: list[str]) -> list[str]:
        others = [p for p in game.state.players if p.name != player]
        cards = [game.obj(i) for p in others for i in (*p.hand, *p.graveyard)]
        return [f"{game.name(o)}: When this triggers, draw a card." for o in cards]

    _offering(mp, "trigger-order", extra)


def every_permanent_replaces(mp: pytest.MonkeyPatch) -> None:
    """The order of replacement effects offers every permanent's name, with a replacement effect
    or not (614.1, 616.1)."""
    _offering(mp, "replacement-effect", lambda game, player, options: [game.name(o) for o in game.state.permanents()])


def colorless_is_a_color(mp: pytest.MonkeyPatch) -> None:
    """ "Choose a color" offers colorless too (105.1: five colors; 105.2c: colorless is no color)."""
    _offering(mp, "color", lambda game, player, options: ["colorless"])


def any_mana_is_every_type(mp: pytest.MonkeyPatch) -> None:
    """A choice of mana offers every type of mana, whatever the ability's words ("one mana of any
    color": not {C}, 105.1; "of any type that a land you control could produce", 106.7)."""
    _offering(mp, ("mana-color", "mana-type"), lambda game, player, options: [f"{{{t}}}" for t in "WUBRGC"])


MUTANTS = [
    Mutant(
        "divisions-beyond-the-power",
        (),
        "a combat damage division assigns 99 to each recipient, whatever the creature's power (510.1a)",
        divisions_beyond_the_power,
        (
            "Damage divided to be lethal to each of two blockers destroys both",
            "An attacker with trample assigns lethal damage to its blocker and the rest to the player",
            "A double striker divides its damage again in the second combat damage step among the blockers left",
        ),
    ),
    Mutant(
        "clone-copies-any-permanent",
        (),
        "'enter as a copy of any creature' offers noncreature permanents too (707.5)",
        clone_copies_any_permanent,
        (
            "A token copy of a Clone may itself enter as a copy of a creature",
            "The token is exiled when a Clone copying Grizzly Bears dies: the name is the one it had on the battlefield",
        ),
    ),
    Mutant(
        "targets-any-permanent",
        ("dual-nature.enters-abilities",),
        "'target creature you control' offers any permanent (115.1, 601.2c)",
        targets_any_permanent,
        ("The token copy of Intrepid Rabbit has its enters ability, which triggers",),
    ),
    Mutant(
        "tap-cost-taps-any-permanent",
        (),
        "'tap an untapped creature you control' offers any permanent its controller controls (118.3)",
        tap_cost_taps_any_permanent,
        ("A player with two untapped creatures chooses which one to tap for a cost",),
    ),
    Mutant(
        "discards-from-any-hand",
        ("jaxis.copy-of-the-token",),
        "a discard offers the cards in another player's hand (701.9a)",
        discards_from_any_hand,
        ("A Clone of the token draws nothing when it dies",),
    ),
    Mutant(
        "unless-cost-offers-nothing",
        (),
        "an 'unless' sacrifice offers 'none' while its source is on the battlefield (118.12a)",
        unless_cost_offers_nothing,
        ("Sacrificing a creature for Contamination's upkeep ability keeps Contamination",),
    ),
    Mutant(
        "legend-rule-offers-every-permanent",
        ("dual-nature.legend-rule",),
        "the legend rule lets its player keep any of their permanents (704.5j)",
        legend_rule_offers_every_permanent,
        ("Keeping the token puts the original in the graveyard, and Dual Nature then exiles the token",),
    ),
    Mutant(
        "triggers-of-every-player",
        ("blitz.draw-on-any-death",),
        "a player orders triggered abilities of cards another player owns (603.3b)",
        triggers_of_every_player,
        ("A blitzed creature destroyed before the end step draws a card and is not sacrificed later",),
    ),
    Mutant(
        "every-permanent-replaces",
        ("mana.tapped-for-mana-replacement",),
        "the order of replacement effects offers permanents with none (614.1, 616.1)",
        every_permanent_replaces,
        ("Applying Mana Reflection before Contamination gives one black",),
    ),
    Mutant(
        "colorless-is-a-color",
        (),
        "'choose a color' offers colorless (105.1)",
        colorless_is_a_color,
    ),
    Mutant(
        "any-mana-is-every-type",
        ("mana.tap-for-mana",),
        "a choice of mana offers every type, {C} for 'any color' included (105.1, 106.7)",
        any_mana_is_every_type,
        (
            "Springleaf Drum is tapped for mana; the creature tapped to pay its cost is not",
            "Untapping Pili-Pala for mana is not tapping it for mana",
        ),
    ),
]
