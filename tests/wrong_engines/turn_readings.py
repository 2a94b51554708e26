"""Wrong engines of the turn a player plays: playing a land (305.1-305.3, 116.2a), declaring
attackers and blockers (508.1, 509.1, 702.9b, 702.17b).  No seed ruling is about these rules: each
wrong engine names the ``@rules`` scenarios (features/rules/land_play.feature, blocking.feature,
combat_damage.feature) written to catch it, the way an engine commonly gets the rule wrong."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import game, lands
from oracle.engine.characteristics import compute
from oracle.errors import Rejected

from . import Mutant


def lands_any_number_per_turn(mp: pytest.MonkeyPatch) -> None:
    """305.2 ignored: any number of lands a turn."""
    mp.setattr(lands, "LANDS_PER_TURN", 99)


def land_limit_per_main_phase(mp: pytest.MonkeyPatch) -> None:
    """One land per main phase, not per turn: the postcombat main phase allows another (305.2)."""
    original = game.Game.begin_step

    def begin_step(self: Any, step: str) -> None:
        if step == "postcombat-main":
            for player in self.state.players:
                player.lands_played_this_turn = 0
        original(self, step)

    mp.setattr(game.Game, "begin_step", begin_step)


def land_limit_never_resets(mp: pytest.MonkeyPatch) -> None:
    """The count of lands played is kept from turn to turn (305.2a counts "this turn")."""
    original = game.Game.end_step

    def end_step(self: Any) -> None:
        kept = {p.name: p.lands_played_this_turn for p in self.state.players}
        original(self)
        for player in self.state.players:
            player.lands_played_this_turn = max(player.lands_played_this_turn, kept[player.name])

    mp.setattr(game.Game, "end_step", end_step)


def _playing(mp: pytest.MonkeyPatch, allowed: Any) -> None:
    """Play a land with only the checks of ``allowed(game, player)`` on timing."""

    def play_land(self: Any, player: str, object_id: int) -> None:
        self._require_priority(player)
        card = self.obj(object_id)
        if card.zone != "hand" or "Land" not in card.face().types:
            raise Rejected("not-allowed", "not a land card in hand")
        if not allowed(self, player):
            raise Rejected("timing", "not now")
        played = self.state.player(player)
        if played.lands_played_this_turn >= lands.LANDS_PER_TURN:
            raise Rejected("not-allowed", "a land was played this turn")
        played.lands_played_this_turn += 1
        self.enter_battlefield(card, player)
        self._player_acted(player)

    mp.setattr(game.Game, "play_land", play_land)


def land_play_ignores_the_stack(mp: pytest.MonkeyPatch) -> None:
    """A land may be played while a spell is on the stack (305.1: "when the stack is empty")."""
    _playing(mp, lambda g, p: g.state.active == p and g.state.step in ("precombat-main", "postcombat-main"))


def land_play_in_any_turn(mp: pytest.MonkeyPatch) -> None:
    """A player holding priority may play a land in another player's main phase (305.3)."""
    _playing(mp, lambda g, p: g.state.step in ("precombat-main", "postcombat-main") and not g.state.stack)


def land_play_in_any_step(mp: pytest.MonkeyPatch) -> None:
    """A land may be played in any step of the player's turn, not only a main phase (305.1, 505.6b)."""
    _playing(mp, lambda g, p: g.state.active == p and not g.state.stack)


def land_play_is_casting(mp: pytest.MonkeyPatch) -> None:
    """Playing a land counts as casting a spell (305.1: "it is never a spell"), for effects that count spells."""
    original = game.Game.play_land

    def play_land(self: Any, player: str, object_id: int) -> None:
        original(self, player, object_id)
        self.state.player(player).spells_cast_this_turn += 1

    mp.setattr(game.Game, "play_land", play_land)


def land_play_passes_priority(mp: pytest.MonkeyPatch) -> None:
    """After playing a land, priority passes to the next player, as if it had resolved (117.3c)."""
    original = game.Game.play_land

    def play_land(self: Any, player: str, object_id: int) -> None:
        original(self, player, object_id)
        self.state.priority = self.state.opponents(player)[0]

    mp.setattr(game.Game, "play_land", play_land)


def _blocking(mp: pytest.MonkeyPatch, legal: Any) -> None:
    """Declare blockers whose legality is ``legal(game, player, blocker, attacker, chars)`` alone."""

    def declare_blockers(self: Any, player: str, blocks: list[tuple[int, int]]) -> None:
        if not self.state.awaiting_blockers or player == self.state.active:
            raise Rejected("timing", "not now")
        chars = compute(self.state)
        for blocker_id, attacker_id in blocks:
            blocker, attacker = self.obj(blocker_id), self.obj(attacker_id)
            if not legal(self, player, blocker, attacker, chars):
                raise Rejected("not-allowed", "illegal block")
        for blocker_id, attacker_id in blocks:
            self.obj(blocker_id).blocking.append(attacker_id)
        for attacker in [o for o in self.state.permanents() if o.attacking]:
            attacker.blocked = any(a == attacker.id for _, a in blocks)
        self.state.awaiting_blockers = False
        self.give_priority(self.state.active)

    mp.setattr(game.Game, "declare_blockers", declare_blockers)


def _controls_creature(player: str, blocker: Any, attacker: Any, chars: Any) -> bool:
    return blocker.controller == player and "Creature" in chars[blocker.id].types and attacker.attacking


def _evades(blocker: Any, attacker: Any, chars: Any) -> bool:
    return "flying" in chars[attacker.id].keywords and not {"flying", "reach"} & set(chars[blocker.id].keywords)


def tapped_creatures_block(mp: pytest.MonkeyPatch) -> None:
    """A tapped creature may block (509.1a: "The chosen creatures must be untapped")."""
    _blocking(mp, lambda g, p, b, a, ch: _controls_creature(p, b, a, ch) and not _evades(b, a, ch))


def flying_ignored_when_blocking(mp: pytest.MonkeyPatch) -> None:
    """Any creature may block a creature with flying (702.9b)."""
    _blocking(mp, lambda g, p, b, a, ch: _controls_creature(p, b, a, ch) and not b.tapped)


def reach_ignored(mp: pytest.MonkeyPatch) -> None:
    """Only creatures with flying may block a creature with flying; reach is forgotten (702.17b)."""

    def legal(g: Any, p: str, b: Any, a: Any, ch: Any) -> bool:
        evades = "flying" in ch[a.id].keywords and "flying" not in ch[b.id].keywords
        return _controls_creature(p, b, a, ch) and not b.tapped and not evades

    _blocking(mp, legal)


def fliers_block_only_fliers(mp: pytest.MonkeyPatch) -> None:
    """A creature with flying may block only creatures with flying (702.9b: "can block a creature
    with or without flying")."""

    def legal(g: Any, p: str, b: Any, a: Any, ch: Any) -> bool:
        grounded = "flying" in ch[b.id].keywords and "flying" not in ch[a.id].keywords
        return _controls_creature(p, b, a, ch) and not b.tapped and not _evades(b, a, ch) and not grounded

    _blocking(mp, legal)


def one_blocker_per_attacker(mp: pytest.MonkeyPatch) -> None:
    """An attacking creature may be blocked by one creature only (509.1a allows several)."""
    original = game.Game.declare_blockers

    def declare_blockers(self: Any, player: str, blocks: list[tuple[int, int]]) -> None:
        attackers = [a for _, a in blocks]
        if len(attackers) != len(set(attackers)):
            raise Rejected("not-allowed", "an attacker can be blocked by one creature")
        original(self, player, blocks)

    mp.setattr(game.Game, "declare_blockers", declare_blockers)


def blocker_blocks_many(mp: pytest.MonkeyPatch) -> None:
    """A creature may block several attackers (509.1a: one, unless an effect says otherwise)."""
    _blocking(mp, lambda g, p, b, a, ch: _controls_creature(p, b, a, ch) and not b.tapped and not _evades(b, a, ch))


def blocking_taps(mp: pytest.MonkeyPatch) -> None:
    """Blocking taps the blocking creature, as attacking does (509.1 has no such step)."""
    original = game.Game.declare_blockers

    def declare_blockers(self: Any, player: str, blocks: list[tuple[int, int]]) -> None:
        original(self, player, blocks)
        for blocker_id, _ in blocks:
            self.obj(blocker_id).tapped = True

    mp.setattr(game.Game, "declare_blockers", declare_blockers)


def sick_creatures_cant_block(mp: pytest.MonkeyPatch) -> None:
    """Summoning sickness read as keeping a creature from blocking (302.6 is about attacking and {T})."""
    original = game.Game.declare_blockers

    def declare_blockers(self: Any, player: str, blocks: list[tuple[int, int]]) -> None:
        if any(not self.obj(b).controlled_since_turn_start for b, _ in blocks):
            raise Rejected("summoning-sickness", "it came under its controller's control this turn")
        original(self, player, blocks)

    mp.setattr(game.Game, "declare_blockers", declare_blockers)


def legal_blocks_of_an_illegal_declaration_stand(mp: pytest.MonkeyPatch) -> None:
    """An illegal block is dropped and the others stand, instead of the declaration being illegal (509.1)."""
    original = game.Game.declare_blockers

    def declare_blockers(self: Any, player: str, blocks: list[tuple[int, int]]) -> None:
        kept = []
        for block in blocks:
            trial = self.state.clone()
            try:
                original(self, player, [block])
                kept.append(block)
            except Rejected:
                pass
            self.state = trial
        original(self, player, kept)

    mp.setattr(game.Game, "declare_blockers", declare_blockers)


def legal_attackers_of_an_illegal_declaration_attack(mp: pytest.MonkeyPatch) -> None:
    """An illegal attacker is dropped and the others attack, instead of the declaration being illegal (508.1)."""
    original = game.Game.declare_attackers

    def declare_attackers(self: Any, player: str, attacker_ids: list[int]) -> None:
        legal = [i for i in attacker_ids if not self.obj(i).tapped]
        original(self, player, legal)

    mp.setattr(game.Game, "declare_attackers", declare_attackers)


def owners_attack(mp: pytest.MonkeyPatch) -> None:
    """A creature attacks for its owner: a player can't attack with a creature she controls but
    doesn't own (508.1a: "creatures that they control")."""
    original = game.Game.declare_attackers

    def declare_attackers(self: Any, player: str, attacker_ids: list[int]) -> None:
        if any(self.obj(i).owner != player for i in attacker_ids):
            raise Rejected("not-allowed", "not her creature")
        original(self, player, attacker_ids)

    mp.setattr(game.Game, "declare_attackers", declare_attackers)


MUTANTS = [
    Mutant(
        "lands-any-number-per-turn",
        (),
        "any number of lands a turn (305.2)",
        lands_any_number_per_turn,
        ("A second land can't be played the same turn",),
    ),
    Mutant(
        "land-limit-per-main-phase",
        (),
        "one land per main phase, not per turn (305.2)",
        land_limit_per_main_phase,
        ("A land played in the precombat main phase uses up the postcombat main phase's play too",),
    ),
    Mutant(
        "land-limit-never-resets",
        (),
        "the lands played are counted over the game, not the turn (305.2a)",
        land_limit_never_resets,
        ("A land can be played again in the player's next turn",),
    ),
    Mutant(
        "land-play-ignores-the-stack",
        (),
        "a land may be played with a spell on the stack (305.1, 116.2a)",
        land_play_ignores_the_stack,
        ("A land can't be played while a spell is on the stack",),
    ),
    Mutant(
        "land-play-in-any-turn",
        (),
        "a land may be played in another player's turn (305.3)",
        land_play_in_any_turn,
        ("A player can't play a land during another player's turn, even holding priority",),
    ),
    Mutant(
        "land-play-in-any-step",
        (),
        "a land may be played outside a main phase (305.1, 505.6b)",
        land_play_in_any_step,
        ("A land can't be played in the beginning of combat step", "A land can't be played in the upkeep"),
    ),
    Mutant(
        "land-play-is-casting",
        (),
        "playing a land counts as casting a spell (305.1)",
        land_play_is_casting,
        ("A land played is not a spell cast: a cost increase per spell cast this turn ignores it",),
    ),
    Mutant(
        "land-play-passes-priority",
        (),
        "after playing a land the player loses priority (117.3c)",
        land_play_passes_priority,
        ("Playing a land doesn't use the stack and the player keeps priority",),
    ),
    Mutant(
        "tapped-creatures-block",
        (),
        "a tapped creature may block (509.1a)",
        tapped_creatures_block,
        ("A tapped creature can't block",),
    ),
    Mutant(
        "flying-ignored-when-blocking",
        (),
        "any creature may block a creature with flying (702.9b)",
        flying_ignored_when_blocking,
        ("A creature without flying or reach can't block a creature with flying",),
    ),
    Mutant(
        "reach-ignored",
        (),
        "reach doesn't let a creature block a creature with flying (702.17b)",
        reach_ignored,
        ("A creature with reach can block a creature with flying",),
    ),
    Mutant(
        "fliers-block-only-fliers",
        (),
        "a creature with flying can block only creatures with flying (702.9b)",
        fliers_block_only_fliers,
        ("A creature with flying can block a creature without flying",),
    ),
    Mutant(
        "one-blocker-per-attacker",
        (),
        "an attacking creature may be blocked by one creature only (509.1a)",
        one_blocker_per_attacker,
        ("Two creatures can block the same attacking creature",),
    ),
    Mutant(
        "blocker-blocks-many",
        (),
        "a creature may block several attacking creatures (509.1a)",
        blocker_blocks_many,
        ("One creature can't block two attacking creatures",),
    ),
    Mutant(
        "blocking-taps",
        (),
        "blocking taps the blocking creature (509.1)",
        blocking_taps,
        ("Blocking doesn't tap the blocking creature",),
    ),
    Mutant(
        "sick-creatures-cant-block",
        (),
        "a creature that came under its controller's control this turn can't block (302.6, 509.1a)",
        sick_creatures_cant_block,
        ("A creature that came under its controller's control this turn can block",),
    ),
    Mutant(
        "legal-blocks-of-an-illegal-declaration-stand",
        (),
        "an illegal block is dropped and the rest of the declaration stands (509.1)",
        legal_blocks_of_an_illegal_declaration_stand,
        ("A declaration of blockers with one illegal block is illegal as a whole",),
    ),
    Mutant(
        "legal-attackers-of-an-illegal-declaration-attack",
        (),
        "an illegal attacker is dropped and the rest of the declaration stands (508.1)",
        legal_attackers_of_an_illegal_declaration_attack,
        ("A declaration of attackers with one illegal attacker is illegal as a whole",),
    ),
    Mutant(
        "owners-attack",
        (),
        "a creature attacks for its owner, not its controller (508.1a)",
        owners_attack,
        ("A creature a player controls but doesn't own can attack",),
    ),
]
