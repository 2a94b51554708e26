"""What every part of the rules engine shares: the state, the players' choices, the event log.

:class:`GameBase` is the root of :class:`oracle.game.Game`, whose rules are
split by subject into mixins (activation, casting, zones, triggers,
state-based actions, combat).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from oracle.errors import Rejected

from .characteristics import Characteristics, characteristics
from .mana import format_mana
from .policy import PlayerPolicy
from .state import GameObject, GameState

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from .cards import Card, Face
    from .mana import ManaCost
    from .vocabulary import Ability


@dataclass
class PendingChoice:
    """A question the rules put to a player (e.g. 616.1, 106.7, 614.12)."""

    player: str
    kind: str
    options: list[str]
    prompt: str
    #: The object the question is about, by its ref, where the kind needs one (combat-damage).
    source: str = ""


class NeedChoice(Exception):
    """Raised when an action needs an answer that was not given yet."""

    def __init__(self, choice: PendingChoice) -> None:
        super().__init__(choice.prompt)
        self.choice = choice


class GameBase:
    """The state, the answers prepared for the players' choices, their free decisions, and lookups."""

    def __init__(self, state: GameState, answers: Iterable[str] = (), policy: PlayerPolicy | None = None) -> None:
        self.state = state
        self.answers: deque[str] = deque(answers)
        self.policy = policy or PlayerPolicy()

    def choose(self, player: str, kind: str, options: list[str], prompt: str, source: str = "") -> str:
        """A player's choice among ``options``: the next prepared answer, or :class:`NeedChoice`."""
        if not self.answers:
            raise NeedChoice(PendingChoice(player, kind, list(options), prompt, source))
        answer = self.answers.popleft()
        if answer not in options:
            raise Rejected("invalid-choice", f"{answer!r} is not one of {', '.join(options)}")
        return answer

    def decide(self, player: str, kind: str, options: list[str]) -> int:
        """A decision the rules leave to the player that the action did not state and no question
        can tell apart (see :mod:`oracle.engine.policy`): the player policy takes it."""
        if len(options) < 2:
            return 0
        index = self.policy.decide(player, kind, options)
        if not 0 <= index < len(options):
            raise ValueError(f"the player policy chose option {index} of {len(options)} for {kind}")
        return index

    def pay_mana(self, player: str, cost: ManaCost, using: list[str] | None) -> None:
        """601.2h, 602.2b: pay a mana cost from the pool with the mana the player named, or, if the
        action named none, with one of the ways the pool can pay it, as the player decides."""
        pool = self.state.player(player).pool
        if using is None:
            ways = pool.payments(cost)
            using = ways[self.decide(player, "mana-payment", [format_mana(way) for way in ways])]
        pool.pay(cost, using)

    def choose_object(self, player: str, kind: str, candidates: list[GameObject], prompt: str) -> GameObject:
        """A choice among objects; the options are their refs (the contract's handles)."""
        refs = [self.ref(o) for o in candidates]
        return candidates[refs.index(self.choose(player, kind, refs, prompt))]

    def choose_one_of(self, player: str, kind: str, candidates: list[GameObject], prompt: str) -> GameObject:
        """:meth:`choose_object`, except that a single candidate is taken without asking unless the
        player policy asks single-option questions (601.2c, 603.3d: the player makes the choice)."""
        if len(candidates) == 1 and not self.policy.asks_single_options:
            return candidates[0]
        return self.choose_object(player, kind, candidates, prompt)

    def log(self, kind: str, **details: Any) -> None:
        """Record an event: a JSON object whose values (lists and dicts included) are made for it
        by the caller and never changed after, so clones of the state share it and an observation
        hands out copies of it."""
        self.state.events.append({"type": kind, **details})

    def obj(self, object_id: int) -> GameObject:
        try:
            return self.state.objects[object_id]
        except KeyError:
            raise Rejected("unknown-object", f"no object {object_id}") from None

    def chars(self, obj: GameObject) -> Characteristics:
        return characteristics(self.state, obj)

    def name(self, obj: GameObject) -> str:
        """The object's name now, as copy effects leave it (707.2)."""
        return obj.face().name

    @staticmethod
    def ref(obj: GameObject) -> str:
        """The contract's handle of an object: the scenario's ref, or one made from its id."""
        return obj.ref or f"#{obj.id}"

    def _require_game_on(self) -> None:
        """104.2a: once a player's opponents have all left the game, that player has won; nothing more happens."""
        if self.state.winner:
            raise Rejected("not-allowed", f"the game is over: {self.state.winner} won (104.2a)")

    def _require_priority(self, player: str) -> None:
        """117.1: a player may cast spells and activate abilities only while holding priority."""
        self._require_game_on()
        if self.state.priority != player:
            raise Rejected("no-priority", f"{player} does not have priority; {self.state.priority or 'nobody'} has")

    def _sorcery_timing(self, player: str) -> bool:
        """117.1a (creatures 302.1, sorceries 307.1), 602.5d: own main phase, empty stack, holding priority."""
        return (
            self.state.active == player
            and self.state.step in ("precombat-main", "postcombat-main")
            and not self.state.stack
            and self.state.priority == player
        )

    if TYPE_CHECKING:  # the rules each mixin of Game provides to the others

        def move(self, obj: GameObject, zone: str, controller: str | None = None) -> GameObject: ...
        def enter_battlefield(
            self, obj: GameObject, controller: str, x: int = 0, face: Face | None = None, attach_to: int | None = None
        ) -> GameObject: ...
        def leave_battlefield(self, obj: GameObject, zone: str) -> GameObject: ...
        def sacrifice(self, obj: GameObject) -> None: ...
        def destroy(self, obj: GameObject) -> None: ...
        def create_token(
            self, controller: str, card: Card | None = None, face: Face | None = None, created_by: int | None = None
        ) -> GameObject: ...
        def copy_face_except(self, face: Face, params: dict[str, Any]) -> Face: ...
        def multiplier(self, event: str, controller: str) -> int: ...
        def trigger(
            self,
            source: GameObject,
            ability: Ability,
            event_player: str,
            event: dict[str, Any] | None = None,
            lki: dict[str, Any] | None = None,
        ) -> None: ...
        def enters_triggers(self, entered: GameObject) -> None: ...
        def entering_together(self) -> AbstractContextManager[None]: ...
        def delay_sacrifice(self, obj: GameObject, controller: str) -> None: ...
        def _free_of_summoning_sickness(self, obj: GameObject) -> bool: ...
        def _pick_mana(self, player: str, options: list[list[str]], params: dict[str, Any]) -> list[str]: ...
        def _choose_targets(
            self, player: str, source: GameObject, specs: list[dict[str, Any]], given: list[int]
        ) -> list[int]: ...
        def _legal_target(
            self, source: GameObject | None, spec: dict[str, Any], target: int, controller: str
        ) -> bool: ...
        def _player_acted(self, player: str) -> None: ...
        def activate_while_paying(self, player: str, abilities: Sequence[tuple[int, int]]) -> None: ...
