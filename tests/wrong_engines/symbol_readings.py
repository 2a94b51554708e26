"""Wrong engines about the tap and untap symbols, read off the rulings' terms and real engines'
defects: paying {T} and {Q} (107.5, 107.6) and summoning sickness (302.6, 602.5a, 702.10c).

The analysis each one comes from is features/costs/symbol.misreadings.md.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import game
from oracle.errors import Rejected

from . import Mutant


def _sick(g: Any, obj: Any) -> bool:
    return "Creature" in g.chars(obj).types and not g._free_of_summoning_sickness(obj)


def sickness_stops_every_creature_ability(mp: pytest.MonkeyPatch) -> None:
    """MatagTheGame/matag-the-game issue #32 ("Summoning sickness should only affect activated
    abilities with tap/untap symbol"): the engine applied the rule to every activated ability of a
    creature (the card to reproduce it: Dread Shade, whose ability costs {B}).  Here: a creature that came under its controller's control this turn can activate none of its
    abilities (302.6: only those with {T} or {Q} in their cost)."""
    original = game.Game._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        if _sick(self, source):
            raise Rejected("summoning-sickness", f"{self.name(source)} came under {player}'s control this turn")
        original(self, player, source, ability, mana)

    mp.setattr(game.Game, "_pay_ability_cost", pay)


def haste_lifts_only_tap_sickness(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #2349 ("Thousand year elixir does not enable Q: abilities to be used"):
    the effect that lets creatures use {T} abilities as though they had haste left {Q} abilities
    refused.  Here: haste lifts summoning sickness for {T} abilities, not for {Q} ones (702.10c)."""
    original = game.Game._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        cost = ability.cost
        creature = "Creature" in self.chars(source).types
        if cost is not None and cost.untap and creature and not source.controlled_since_turn_start:
            raise Rejected("summoning-sickness", f"{self.name(source)} came under {player}'s control this turn")
        original(self, player, source, ability, mana)

    mp.setattr(game.Game, "_pay_ability_cost", pay)


def sickness_only_for_creature_cards(mp: pytest.MonkeyPatch) -> None:
    """wingedsheep/argentum-engine pull request #65 ("Fix summoning sickness on control change"): its
    remaining problem, a permanent marked summoning sick on entering only if its type line was a
    creature's, so a land that entered this turn and then became a creature could attack.  Here: a
    permanent whose card is not a creature is never summoning sick, even while it is a creature
    (302.6: any creature, since it came under its controller's control)."""
    original = game.Game._free_of_summoning_sickness

    def free(self: Any, obj: Any) -> bool:
        return "Creature" not in obj.face().types or original(self, obj)

    mp.setattr(game.Game, "_free_of_summoning_sickness", free)


def tapped_permanent_taps_again(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase issue #1130 ("Krenko Mob Boss - can activate ability when already tapped"): a
    tapped Krenko, held tapped by Mesmerizing Doze, still activated its {T} ability.  Here: {T} is paid
    by a permanent already tapped, so a tapped Llanowar Elves adds {G} (107.5: "A permanent that's
    already tapped can't be tapped again to pay the cost")."""
    original = game.Game._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        if ability.cost is not None and ability.cost.tap:
            source.tapped = False
        original(self, player, source, ability, mana)

    mp.setattr(game.Game, "_pay_ability_cost", pay)


def untapped_permanent_untaps_again(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase pull request #3467 ("pay untap-symbol activation costs for equipment grants"):
    the fix made paying {Q} untap the source when tapped and do nothing when it is already untapped.
    Here: {Q} is paid by a permanent already untapped, so an untapped Pili-Pala adds mana (107.6: "A
    permanent that's already untapped can't be untapped again to pay the cost")."""
    original = game.Game._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        if ability.cost is not None and ability.cost.untap:
            source.tapped = True
        original(self, player, source, ability, mana)

    mp.setattr(game.Game, "_pay_ability_cost", pay)


def sickness_for_every_permanent(mp: pytest.MonkeyPatch) -> None:
    """Every permanent that came under its controller's control this turn is summoning sick, a
    noncreature artifact too: Fellwar Stone can't tap the turn it arrived (302.6: "A creature's")."""
    original = game.Game._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        cost = ability.cost
        if cost is not None and (cost.tap or cost.untap) and not self._free_of_summoning_sickness(source):
            raise Rejected("summoning-sickness", f"{self.name(source)} came under {player}'s control this turn")
        original(self, player, source, ability, mana)

    mp.setattr(game.Game, "_pay_ability_cost", pay)


def sickness_for_creatures_tapped_for_a_cost(mp: pytest.MonkeyPatch) -> None:
    """A summoning-sick creature can't be tapped for any cost: Springleaf Drum can't tap Llanowar Elves
    that came under Alice's control this turn (302.6: only the creature's own {T} abilities)."""
    original = game.Game._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        if ability.cost is not None and ability.cost.tap_untapped_creature:
            able = [
                o
                for o in self.state.permanents()
                if o.controller == player and o.id != source.id and not o.tapped and not _sick(self, o)
            ]
            if not able:
                raise Rejected("summoning-sickness", "no creature free of summoning sickness to tap")
        original(self, player, source, ability, mana)

    mp.setattr(game.Game, "_pay_ability_cost", pay)


def sickness_checked_on_resolution(mp: pytest.MonkeyPatch) -> None:
    """ "Can't be activated" read as "does nothing": a summoning-sick creature's {T} or {Q} ability is
    activated and its cost paid, and it does nothing as it resolves (302.6, 602.5a: it can't be
    activated at all, so nothing is paid)."""
    original_pay, original_mana, original_ability = (
        game.Game._pay_ability_cost,
        game.Game._resolve_mana_ability,
        game.Game._resolve_ability,
    )
    sick: set[int] = set()

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        cost = ability.cost
        if cost is not None and (cost.tap or cost.untap) and _sick(self, source):
            sick.add(source.id)
            with pytest.MonkeyPatch.context() as inner:
                inner.setattr(type(self), "_free_of_summoning_sickness", lambda _self, _obj: True)
                original_pay(self, player, source, ability, mana)
            return
        original_pay(self, player, source, ability, mana)

    def resolve_mana(self: Any, player: str, source: Any, ability: Any) -> None:
        if source.id in sick:
            sick.discard(source.id)
            return
        original_mana(self, player, source, ability)

    def resolve_ability(self: Any, item: Any) -> None:
        if item.source_id in sick:
            sick.discard(item.source_id)
            return
        original_ability(self, item)

    mp.setattr(game.Game, "_pay_ability_cost", pay)
    mp.setattr(game.Game, "_resolve_mana_ability", resolve_mana)
    mp.setattr(game.Game, "_resolve_ability", resolve_ability)


def untap_symbol_read_as_tap(mp: pytest.MonkeyPatch) -> None:
    """{Q} is paid like {T}: the permanent must be untapped and becomes tapped, so a tapped Pili-Pala
    is refused and an untapped one pays (107.6: "Untap this permanent")."""
    original = game.Game._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        if ability.cost is None or not ability.cost.untap:
            original(self, player, source, ability, mana)
            return
        if source.tapped:
            raise Rejected("already-tapped", f"{self.name(source)} is already tapped")
        source.tapped = True
        original(self, player, source, ability, mana)
        source.tapped = True

    mp.setattr(game.Game, "_pay_ability_cost", pay)


def tap_symbol_not_paid(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #2661 ("Trench wurm doesn't tap with its ability"): its {2}{R}, {T} ability
    could be activated without tapping it.  Here: {T} is checked but not paid, so Llanowar Elves stays
    untapped after adding {G} (107.5: "Tap this permanent")."""
    original = game.Game._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        was = source.tapped
        original(self, player, source, ability, mana)
        if ability.cost is not None and ability.cost.tap:
            source.tapped = was

    mp.setattr(game.Game, "_pay_ability_cost", pay)


def untap_symbol_not_paid(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase pull request #3467 ("pay untap-symbol activation costs for equipment grants"):
    before it, paying {Q} was a silent no-op, and the creature stayed tapped while the ability
    resolved.  Here: {Q} is checked but not paid, so Pili-Pala stays tapped (107.6: "Untap this
    permanent")."""
    original = game.Game._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        original(self, player, source, ability, mana)
        if ability.cost is not None and ability.cost.untap and source.id in self.state.objects:
            source.tapped = True

    mp.setattr(game.Game, "_pay_ability_cost", pay)


def tapped_permanent_activates_nothing(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #5959 ("Can't activate Underrealm Lich's ability if it's already tapped"):
    an ability without {T} in its cost was refused because its permanent was tapped.  Here: a tapped
    permanent can activate no ability but a {Q} one, so a tapped Blood Pet can't be sacrificed for
    mana (107.5: only {T} needs the permanent untapped)."""
    original = game.Game._pay_ability_cost

    def pay(self: Any, player: str, source: Any, ability: Any, mana: list[str] | None = None) -> None:
        if source.tapped and not (ability.cost is not None and ability.cost.untap):
            raise Rejected("already-tapped", f"{self.name(source)} is tapped")
        original(self, player, source, ability, mana)

    mp.setattr(game.Game, "_pay_ability_cost", pay)


MUTANTS: list[Mutant] = [
    Mutant(
        "sickness-stops-every-creature-ability",
        ("symbol.tap",),
        "summoning sickness stops a creature's abilities without {T} or {Q} too (302.6)",
        sickness_stops_every_creature_ability,
        ("A creature's ability without {T} or {Q} can be activated the turn it came under Alice's control",),
        source=(
            "MatagTheGame/matag-the-game issue #32: "
            "Summoning sickness should only affect activated abilities with tap/untap symbol"
        ),
    ),
    Mutant(
        "haste-lifts-only-tap-sickness",
        ("symbol.untap",),
        "haste lets a creature use {T} abilities at once, not {Q} ones (702.10c, 302.6)",
        haste_lifts_only_tap_sickness,
        ("Haste lets a Pili-Pala that just came under Alice's control use its {Q} ability",),
        source="magefree/mage issue #2349: Thousand year elixir does not enable Q: abilities to be used",
    ),
    Mutant(
        "sickness-only-for-creature-cards",
        ("symbol.tap",),
        "a noncreature card that became a creature is never summoning sick (302.6)",
        sickness_only_for_creature_cards,
        ("A land that came under Alice's control this turn and became a creature can't tap for mana",),
        source="wingedsheep/argentum-engine pull request #65: Fix summoning sickness on control change (Rule 302.6)",
    ),
    Mutant(
        "tapped-permanent-taps-again",
        ("symbol.tap",),
        "a tapped permanent pays {T} (107.5)",
        tapped_permanent_taps_again,
        ("A tapped Llanowar Elves can't be tapped again",),
        source="phase-rs/phase issue #1130: Krenko Mob Boss - can activate ability when already tapped",
    ),
    Mutant(
        "untapped-permanent-untaps-again",
        ("symbol.untap",),
        "an untapped permanent pays {Q} (107.6)",
        untapped_permanent_untaps_again,
        ("An untapped Pili-Pala can't pay its {Q} cost",),
        source="phase-rs/phase pull request #3467: fix(engine): pay untap-symbol activation costs for equipment grants",
    ),
    Mutant(
        "sickness-for-every-permanent",
        ("symbol.tap",),
        "a noncreature permanent is summoning sick too (302.6)",
        sickness_for_every_permanent,
        ("A noncreature artifact can use its {T} ability the turn it came under Alice's control",),
    ),
    Mutant(
        "sickness-for-creatures-tapped-for-a-cost",
        ("symbol.tap",),
        "a summoning-sick creature can't be tapped to pay another permanent's cost (302.6)",
        sickness_for_creatures_tapped_for_a_cost,
        ("Tapping a creature to pay a cost without {T} ignores summoning sickness",),
    ),
    Mutant(
        "sickness-checked-on-resolution",
        ("symbol.tap", "symbol.untap"),
        "a summoning-sick creature's {T}/{Q} ability is activated and does nothing (302.6, 602.5a)",
        sickness_checked_on_resolution,
        (
            "Llanowar Elves that came under Alice's control this turn can't tap for mana",
            "A Pili-Pala that came under Alice's control this turn can't use its {Q} ability",
        ),
    ),
    Mutant(
        "untap-symbol-read-as-tap",
        ("symbol.untap",),
        "{Q} is paid by tapping an untapped permanent (107.6)",
        untap_symbol_read_as_tap,
        ("A tapped Pili-Pala untaps to add mana", "An untapped Pili-Pala can't pay its {Q} cost"),
    ),
    Mutant(
        "tap-symbol-not-paid",
        ("symbol.tap",),
        "{T} is checked but the permanent is not tapped (107.5)",
        tap_symbol_not_paid,
        ("Llanowar Elves controlled since the turn began taps for mana",),
        source="magefree/mage issue #2661: Trench wurm doesn't tap with its ability",
    ),
    Mutant(
        "untap-symbol-not-paid",
        ("symbol.untap",),
        "{Q} is checked but the permanent is not untapped (107.6)",
        untap_symbol_not_paid,
        ("A tapped Pili-Pala untaps to add mana",),
        source="phase-rs/phase pull request #3467: fix(engine): pay untap-symbol activation costs for equipment grants",
    ),
    Mutant(
        "tapped-permanent-activates-nothing",
        ("symbol.tap",),
        "a tapped permanent can't activate abilities without {T} either (107.5)",
        tapped_permanent_activates_nothing,
        ("A tapped Blood Pet can still be sacrificed for mana",),
        source="magefree/mage issue #5959: Can't activate Underrealm Lich's ability if it's already tapped",
    ),
]
