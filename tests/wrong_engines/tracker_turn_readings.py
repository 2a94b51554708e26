"""Wrong engines of priority and the turn structure that reproduce defects reported in real
engines' public trackers (issue 38), each named with its repository and issue or pull request and
translated into the reference engine's terms: priority in the combat damage step (510.3, 117.3a),
mana pools emptying as each step ends (500.5), the cleanup step's turn-based actions (514.2) and
casting an instant in another player's turn (117.1a, 304.1).  No seed ruling is about these rules:
each names the ``@rules`` scenarios (features/rules/) that catch it."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import casting, game, mana
from oracle.errors import Rejected

from . import Mutant


def no_priority_in_combat_damage_step(mp: pytest.MonkeyPatch) -> None:
    """magarena/magarena issue #978 (Ohran Viper's "destroy that creature at end of combat" never
    happened; the maintainer: "We are missing a player priority after combat damage for the trigger
    to be put on the stack"): once combat damage is dealt, the combat damage step ends with no
    player receiving priority in it (510.3, 117.3a: the active player gets priority)."""
    original = game.Game.give_priority

    def give_priority(self: Any, player: str) -> None:
        original(self, player)
        if self.state.step == "combat-damage" and self.state.priority and not self.state.stack:
            self.state.priority = ""
            self.state.passes = 0
            self.end_step()

    mp.setattr(game.Game, "give_priority", give_priority)


def mana_empties_only_at_end_of_turn(mp: pytest.MonkeyPatch) -> None:
    """wingedsheep/argentum-engine pull request #1218 ("Empty unspent mana at the end of every step
    and phase (CR 500.5)"): the engine emptied mana pools only in the end-of-turn cleanup, so a
    player floated mana across steps and phases, from the main phase into combat or from upkeep
    into the draw step (500.5: it empties as each step and phase ends)."""
    original = game.Game.end_step

    def end_step(self: Any) -> None:
        if self.state.step == "cleanup":
            for player in self.state.players:
                player.pool.mana.clear()
        original(self)

    mp.setattr(mana.ManaPool, "empty", lambda self: None)
    mp.setattr(game.Game, "end_step", end_step)


def discarding_cleanup_keeps_damage(mp: pytest.MonkeyPatch) -> None:
    """wingedsheep/argentum-engine pull request #1014 (engine fixes from self-play, "Cleanup damage
    removal"): the cleanup step's discard to maximum hand size (514.1) returned before the 514.2
    turn-based actions and its continuation finished the step without them, so when the active
    player had discarded, marked damage stayed on the permanents into the next turn (514.2: it is
    removed once the discard is done)."""
    original = game.Game._cleanup

    def cleanup(self: Any, active: str) -> None:
        if len(self.state.player(active).hand) <= 7:
            original(self, active)
            return
        marked = {o.id: o.damage for o in self.state.permanents()}
        original(self, active)
        for object_id, damage in marked.items():
            if object_id in self.state.objects:
                self.state.objects[object_id].damage = damage

    mp.setattr(game.Game, "_cleanup", cleanup)


def spells_only_in_own_turn(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #13099 ("Can't play instants during the turn of opponents like Grand
    Abolisher"): after an update, a player couldn't cast Consider, or any instant, during another
    player's turn, as if a Grand Abolisher were on the battlefield (117.1a, 304.1: an instant is
    cast whenever its player has priority)."""
    original = casting.CastingRules.cast

    def cast(self: Any, player: str, object_id: int, *args: Any, **kwargs: Any) -> None:
        self._require_priority(player)
        if player != self.state.active:
            raise Rejected("not-allowed", f"{player} can't cast spells during {self.state.active}'s turn")
        original(self, player, object_id, *args, **kwargs)

    mp.setattr(casting.CastingRules, "cast", cast)


MUTANTS: list[Mutant] = [
    Mutant(
        "no-priority-in-combat-damage-step",
        (),
        "no player receives priority in the combat damage step (117.3a)",
        no_priority_in_combat_damage_step,
        (
            "First strike adds a second combat damage step",
            "Mana empties from the pool at the end of the first combat damage step",
        ),
        source="magarena/magarena issue #978: Ohran Viper (Not Destroying creature at end of combat step, after the"
        " damage it be given)",
    ),
    Mutant(
        "mana-empties-only-at-end-of-turn",
        (),
        "mana pools empty only as the turn ends, not as each step and phase ends (500.5)",
        mana_empties_only_at_end_of_turn,
        ("Mana empties from the pool at the end of the first combat damage step",),
        source="wingedsheep/argentum-engine pull request #1218: Empty unspent mana at the end of every step and"
        " phase (CR 500.5)",
    ),
    Mutant(
        "discarding-cleanup-keeps-damage",
        (),
        "damage isn't removed in a cleanup step in which the active player discarded to hand size (514.2)",
        discarding_cleanup_keeps_damage,
        ("Damage is removed in the cleanup step even when the active player discards to hand size",),
        source="wingedsheep/argentum-engine pull request #1014: Engine bug fixes from TMT self-play: cleanup damage,"
        " trigger slots, cast-from-library, enters-with-counters",
    ),
    Mutant(
        "spells-only-in-own-turn",
        (),
        "a player can't cast spells, instants included, during another player's turn (117.1a, 304.1)",
        spells_only_in_own_turn,
        (
            "An instant is cast in another player's upkeep",
            "A blocker whose attacker has left combat deals no combat damage",
        ),
        source="magefree/mage issue #13099: Can't play instants during the turn of opponents like Grand Abolisher",
    ),
]
