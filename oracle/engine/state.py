"""The game state: players, zones, objects, the turn and the stack (CR 100-122, 400-500).

Everything here is plain data; the rules that change it live in
:mod:`oracle.game` and the modules it calls.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, TypeVar

from .cards import Card, Face
from .mana import ManaPool
from .vocabulary import Ability

#: The steps of a turn in order (500.1, 501.1, 505.1, 506.1, 513.1).
STEPS: tuple[str, ...] = (
    "untap",
    "upkeep",
    "draw",
    "precombat-main",
    "beginning-of-combat",
    "declare-attackers",
    "declare-blockers",
    "combat-damage",
    "end-of-combat",
    "postcombat-main",
    "end",
    "cleanup",
)

#: Zones a player owns (400.1); the battlefield, the stack and exile are shared.
PLAYER_ZONES = ("library", "hand", "graveyard")
ZONES = ("library", "hand", "graveyard", "battlefield", "stack", "exile")

T = TypeVar("T")
_TIMESTAMP = attrgetter("timestamp")
_ATOMS = (str, int, float, bool, type(None))


def _shallow(obj: T) -> T:
    """A new instance of the same class with the same attribute values (nothing copied yet)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def copied(value: Any) -> Any:
    """A deep copy of the state's data, quicker than :func:`copy.deepcopy`: atoms and frozen
    dataclasses (cards, faces, abilities, mana costs) are immutable and kept; dicts, lists,
    tuples, counters and other dataclasses are copied item by item; anything else goes
    through :func:`copy.deepcopy`."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {key: copied(item) for key, item in value.items()}
    if kind is list:
        return [copied(item) for item in value]
    if kind is tuple:
        return tuple(copied(item) for item in value)
    if kind is Counter:
        return Counter(value)
    params = getattr(kind, "__dataclass_params__", None)
    if params is not None and params.frozen:
        return value
    if params is not None and hasattr(value, "__dict__"):
        new = object.__new__(kind)
        new.__dict__.update({key: copied(item) for key, item in value.__dict__.items()})
        return new
    return copy.deepcopy(value)


@dataclass
class GameObject:
    """A card or token in a zone, or a spell on the stack (109.1).

    ``ref`` is the handle a scenario gave the card; it follows the physical
    card across zones even though each zone change makes a new object (400.7).
    """

    id: int
    card: Card
    owner: str
    controller: str
    zone: str
    ref: str = ""
    tapped: bool = False
    counters: Counter[str] = field(default_factory=Counter)
    damage: int = 0
    is_token: bool = False
    #: 302.6: controlled continuously since its controller's most recent turn began.
    controlled_since_turn_start: bool = True
    timestamp: int = 0
    #: Choices made as it entered (614.12), e.g. {"color": "G"}.
    chosen: dict[str, str] = field(default_factory=dict)
    #: X chosen for the spell this object was (107.3m); only for the spell and its ETB.
    x: int = 0
    targets: list[int] = field(default_factory=list)
    #: 508.1k: an attacking creature (it attacks the defending player, 506.2).
    attacking: bool = False
    #: 509.1h: None until blockers are declared for this attacker, then whether it is blocked.
    blocked: bool | None = None
    #: 509.1g: the attacking creatures this creature blocks (object ids).
    blocking: list[int] = field(default_factory=list)
    #: 702.2b: dealt damage by a source with deathtouch since state-based actions were last checked.
    deathtouch_damage: bool = False
    #: Layer 1: the copiable values a copy effect gave this object (707.2, 707.3), locked in as it began.
    copy_face: Face | None = None
    #: The permanent this Aura or Equipment is attached to (301.5, 303.4).
    attached_to: int | None = None
    #: Additional and alternative costs paid for the spell this object is or was (601.2b, 400.7c).
    paid: tuple[str, ...] = ()
    #: The object whose ability created this token (111.1), e.g. for "tokens created with [this]".
    created_by: int | None = None

    def face(self) -> Face:
        """Copiable values (707.2): a copy effect's, else the card's or the token's definition (111.3)."""
        return self.copy_face or self.card.face()

    def clone(self) -> GameObject:
        """A copy sharing nothing that can change (the card and faces are immutable)."""
        new = _shallow(self)
        new.counters = Counter(self.counters)
        new.chosen = dict(self.chosen)
        new.targets = list(self.targets)
        new.blocking = list(self.blocking)
        return new


@dataclass
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (611.2), applied in its layer (613).

    ``affected`` is fixed when the effect begins (611.2c).  ``change`` holds the
    vocabulary of :mod:`oracle.characteristics`: ``grant_keywords``,
    ``grant_abilities``, ``lose_all_abilities``, ``creature_types``, ``colors``,
    ``base`` (7b) or ``modify`` (7c).
    """

    layer: str
    affected: list[int]
    change: dict[str, Any]
    timestamp: int
    until_end_of_turn: bool = True

    def clone(self) -> ContinuousEffect:
        new = _shallow(self)
        new.affected = list(self.affected)
        new.change = copied(self.change)
        return new


@dataclass
class StackItem:
    """A spell (the object itself) or an activated or triggered ability on the stack (405.1, 113.3)."""

    id: int
    kind: str  # "spell", "activated" or "triggered"
    controller: str
    source_id: int
    ability: Ability | None = None
    #: Last known information of the source (608.2h) and what the trigger saw (603.10).
    source_info: dict[str, Any] = field(default_factory=dict)
    targets: list[int] = field(default_factory=list)
    #: The player an ability refers to as "that player" (e.g. who tapped the land).
    event_player: str = ""

    def clone(self) -> StackItem:
        new = _shallow(self)
        new.source_info = copied(self.source_info)
        new.targets = list(self.targets)
        return new


@dataclass
class Player:
    """A player (102.1): life (119), mana pool (106.4) and owned zones."""

    name: str
    life: int = 20
    pool: ManaPool = field(default_factory=ManaPool)
    library: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)
    spells_cast_this_turn: int = 0
    #: 305.2a: lands played this turn (as special actions or during the resolution of effects).
    lands_played_this_turn: int = 0
    drew_from_empty_library: bool = False
    has_lost: bool = False

    def clone(self) -> Player:
        new = _shallow(self)
        new.pool = ManaPool(Counter(self.pool.mana))
        new.library, new.hand, new.graveyard = list(self.library), list(self.hand), list(self.graveyard)
        return new


@dataclass
class GameState:
    """The whole game, copyable as one value (a checkpoint from which a rejected action is undone)."""

    players: list[Player]
    objects: dict[int, GameObject] = field(default_factory=dict)
    battlefield: list[int] = field(default_factory=list)
    exile: list[int] = field(default_factory=list)
    stack: list[StackItem] = field(default_factory=list)
    turn: int = 1
    active: str = ""
    step: str = "precombat-main"
    priority: str = ""
    passes: int = 0
    next_id: int = 1
    next_timestamp: int = 1
    #: What happened, in order: each record a JSON object, written once and never changed (so
    #: clones share the records, and an observation hands out copies of them).
    events: list[dict[str, Any]] = field(default_factory=list)
    #: 104.2a: the player who won, once the other has left the game.
    winner: str = ""
    #: 508.1: the declare attackers step has begun and attackers are not declared yet.
    awaiting_attackers: bool = False
    #: 509.1: the declare blockers step has begun and blockers are not declared yet.
    awaiting_blockers: bool = False
    #: 508.8: a creature was declared as an attacker in this combat, whether or not it is still
    #: attacking (one removed from combat was declared all the same).
    attackers_declared: bool = False
    #: 510.4: during a combat with first or double strike, the attacking and blocking creatures that
    #: had first strike or double strike as the first combat damage step began; None otherwise.
    first_strikers: list[int] | None = None
    #: 510.4: the second combat damage step of a combat with first or double strike has begun.
    second_damage_step: bool = False
    #: 514.3a: players received priority in this cleanup step, so another one begins as it ends.
    cleanup_again: bool = False
    #: Continuous effects from resolved spells and abilities (611.2).
    effects: list[ContinuousEffect] = field(default_factory=list)
    #: Delayed triggered abilities (603.7): (step at whose beginning it triggers, controller, object
    #: id, the object's characteristics when the ability was created).
    delayed: list[tuple[str, str, int, Any]] = field(default_factory=list)
    #: Triggered abilities waiting to be put on the stack (603.3).
    pending_triggers: list[StackItem] = field(default_factory=list)

    def clone(self) -> GameState:
        """The state as one independent value: the reference engine's checkpoint, from which it
        undoes an action it rejects by replaying the actions accepted since.  Many times quicker
        than :func:`copy.deepcopy`: only what can change is copied (the layers' cached answer,
        read-only and checked against what it was computed from, is shared)."""
        new = _shallow(self)
        new.players = [player.clone() for player in self.players]
        new.objects = {key: obj.clone() for key, obj in self.objects.items()}
        new.battlefield, new.exile = list(self.battlefield), list(self.exile)
        new.stack = [item.clone() for item in self.stack]
        new.events = list(self.events)
        new.effects = [effect.clone() for effect in self.effects]
        new.delayed = list(self.delayed)
        new.first_strikers = None if self.first_strikers is None else list(self.first_strikers)
        new.pending_triggers = [item.clone() for item in self.pending_triggers]
        return new

    def player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def opponents(self, name: str) -> list[str]:
        return [p.name for p in self.players if p.name != name]

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def new_timestamp(self) -> int:
        """Timestamps order objects and effects (613.7)."""
        self.next_timestamp += 1
        return self.next_timestamp - 1

    def zone_list(self, zone: str, owner: str) -> list[int]:
        if zone in PLAYER_ZONES:
            return getattr(self.player(owner), zone)
        if zone == "battlefield":
            return self.battlefield
        if zone == "exile":
            return self.exile
        raise ValueError(zone)

    def permanents(self) -> list[GameObject]:
        """Objects on the battlefield in timestamp order."""
        found = list(map(self.objects.__getitem__, self.battlefield))
        found.sort(key=_TIMESTAMP)
        return found

    def apnap(self) -> list[str]:
        """Players in active-player, nonactive-player order (101.4)."""
        names = [p.name for p in self.players]
        index = names.index(self.active)
        return names[index:] + names[:index]
