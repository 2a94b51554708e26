"""The reference engine behind the adapter contract (:mod:`oracle.contract`).

It translates positions, actions and observations between the contract's
plain data and :class:`~oracle.game.Game`.  Each action changes the state in place; the engine
keeps a checkpoint (a :meth:`~oracle.engine.state.GameState.clone`) and the actions accepted
since, so a rejected action, or one that stops at a player's choice, is undone by replaying
those actions on a copy of the checkpoint (the rules are deterministic: the same state, the
same answers and the same free decisions give the same game).  Accepted actions, nearly all of
them, so cost no copy.  The state changes only through the engine's own calls: a change made to
``state`` from outside between calls is lost with the next action that is not completed.  An action that needs a player's choice is replayed from the same state
once the choice is answered, so the rules code can ask questions as plain function calls.

A :class:`~oracle.engine.policy.PlayerPolicy` takes the players' free decisions (the mana
that pays a generic cost when the action names none, and the like); the default one the
engine's customary choices.  A replayed action takes again the decisions it took before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from oracle.contract.interface import CONTRACT_VERSION, JSON, Engine, accepted, rejected
from oracle.engine.cards import CardDatabase, shared_database
from oracle.engine.characteristics import compute
from oracle.engine.game import Game, NeedChoice, PendingChoice
from oracle.engine.mana import COLOR_BY_NAME, COLOR_NAMES, MANA_TYPES, parse_mana
from oracle.engine.policy import PlayerPolicy
from oracle.engine.state import PLAYER_ZONES, STEPS, GameObject, GameState, Player
from oracle.errors import Rejected, UserError
from oracle.paths import cards_dir
from oracle.version import __version__

#: What this engine supports; scenarios declare what they need from the same words.
CAPABILITIES = [
    "activated-abilities",
    "additional-costs",
    "alternative-costs",
    "auras-and-equipment",
    "blocking",
    "casting",
    "combat",
    "combat-keywords",
    "copy-effects",
    "delayed-triggers",
    "first-strike-damage",
    "flash",
    "could-produce",
    "counterspells",
    "land-play",
    "layers",
    "legend-rule",
    "mana-abilities",
    "mana-abilities-while-paying",
    "one-shot-effects",
    "replacement-effects",
    "state-based-actions",
    "summoning-sickness",
    "tokens",
    "triggered-abilities",
    "untap-symbol",
    "x-costs",
]


class _Replayed(PlayerPolicy):
    """The free decisions of one action: those it took before, again in the same order when the
    action is replayed from its start, then new ones from the policy (remembered)."""

    def __init__(self, policy: PlayerPolicy, decided: list[int]) -> None:
        self.policy, self.decided, self.taken = policy, decided, 0
        self.asks_single_options = policy.asks_single_options

    def decide(self, player: str, kind: str, options: Sequence[str]) -> int:
        if self.taken == len(self.decided):
            self.decided.append(self.policy.decide(player, kind, options))
        self.taken += 1
        return self.decided[self.taken - 1]


_ATOMS = (str, int, float, bool, type(None))


def _copied(value: Any) -> Any:
    """A copy of a JSON value (dicts and lists copied, the rest immutable)."""
    if type(value) is dict:
        return {key: item if type(item) in _ATOMS else _copied(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return value


class ReferenceEngine(Engine):
    """The suite's own engine: follows the Comprehensive Rules, knows cards only as fixtures."""

    def __init__(self, cards: CardDatabase | None = None, policy: PlayerPolicy | None = None) -> None:
        self.cards = cards or shared_database(cards_dir())
        self.policy = policy or PlayerPolicy()
        self.state = GameState(players=[])
        #: The state as it stood before the actions of ``_since`` (accepted since, with the
        #: answers and free decisions each took): together they are the state before the
        #: next action, for undoing it (see :meth:`_undo`).
        self._checkpoint = self.state
        self._since: list[tuple[JSON, list[str], list[int]]] = []
        #: While a choice is pending: the action, the answers so far, the question, and the
        #: free decisions the action took (a replay takes them again).
        self._pending: tuple[JSON, list[str], PendingChoice, list[int]] | None = None
        #: While a choice is pending: the game as it stands at the question, for observation only.
        self._view: GameState | None = None

    def refusal_code(self, rejection: Rejected) -> str:
        """The code of a refusal: the first of those the rules support for it (``also``, the rest)."""
        return rejection.code

    def describe(self) -> JSON:
        return {
            "name": "oracle",
            "version": __version__,
            "contract": CONTRACT_VERSION,
            "capabilities": list(CAPABILITIES),
        }

    # -- setup ------------------------------------------------------------------

    def setup(self, position: JSON) -> JSON:
        try:
            self.state = self._build(position)
        except UserError as exc:
            return rejected("not-allowed", str(exc))
        self._checkpoint, self._since = self.state.clone(), []
        self._pending = None
        return accepted()

    def _build(self, position: JSON) -> GameState:
        turn = position.get("turn", {})
        state = GameState(players=[Player(p["name"], life=p.get("life", 20)) for p in position["players"]])
        names = [p.name for p in state.players]
        state.active = turn.get("active_player", names[0])
        state.turn = turn.get("number", 1)
        state.step = turn.get("step", "precombat-main")
        if state.active not in names or state.step not in STEPS:
            raise UserError(f"turn names an unknown player or step: {turn}")
        if state.step in ("untap", "cleanup"):
            raise UserError(
                f"a position starts in a step where players receive priority, not the {state.step} step (502.4, 514.3)"
            )
        links: list[tuple[GameObject, JSON]] = []
        for spec in position["players"]:
            player = state.player(spec["name"])
            for symbol, amount in spec.get("mana_pool", {}).items():
                player.pool.mana[symbol] += amount
            for zone in (*PLAYER_ZONES, "exile", "battlefield"):
                for entry in spec.get(zone, []):
                    links.append((self._place(state, player.name, zone, entry), entry))
        for obj, entry in links:  # references to other permanents, once all are placed
            if "copy_of" in entry:
                obj.copy_face = state.objects[self._setup_ref(state, entry["copy_of"])].face()  # 707.2
            if "attached_to" in entry:
                obj.attached_to = self._setup_ref(state, entry["attached_to"])
        state.priority = state.active
        return state

    def _setup_ref(self, state: GameState, ref: str) -> int:
        for obj in state.objects.values():
            if obj.ref == ref and obj.zone == "battlefield":
                return obj.id
        raise UserError(f"the position names {ref!r}, which is not a permanent in it")

    def _place(self, state: GameState, player: str, zone: str, entry: JSON) -> GameObject:
        obj = GameObject(
            id=state.new_id(),
            card=self.cards[entry["card"]],
            owner=entry.get("owner", player),
            controller=player,
            zone=zone,
            ref=entry.get("ref", ""),
            tapped=entry.get("tapped", False),
            counters=Counter(entry.get("counters", {})),
            controlled_since_turn_start=not entry.get("came_under_control_this_turn", False),
            timestamp=state.new_timestamp(),
        )
        if "chosen_color" in entry:
            obj.chosen["color"] = COLOR_BY_NAME[entry["chosen_color"]]
        state.objects[obj.id] = obj
        owner_zone = obj.owner if zone in PLAYER_ZONES else player
        state.zone_list(zone, owner_zone).append(obj.id)
        return obj

    # -- actions ------------------------------------------------------------------

    def perform(self, action: JSON) -> JSON:
        if action.get("type") == "choose":
            if self._pending is None:
                return rejected("no-pending-choice", "there is no pending choice to answer")
            base, answers, choice, decided = self._pending
            if action.get("choice") not in choice.options or action.get("player") != choice.player:
                return rejected("invalid-choice", f"{choice.player} must choose one of: {', '.join(choice.options)}")
            return self._run(base, [*answers, action["choice"]], decided)
        if self._pending is not None:
            return rejected("pending-choice", f"{self._pending[2].player} must first answer: {self._pending[2].prompt}")
        return self._run(action, [], [])

    def _run(self, action: JSON, answers: list[str], decided: list[int]) -> JSON:
        action = _copied(action)  # kept for replays: the caller may reuse its dict
        game = Game(self.state, answers, _Replayed(self.policy, decided))
        try:
            self._dispatch(game, action)
        except NeedChoice as need:
            self._pending = (action, answers, need.choice, decided)
            self._view = self._undo()
            return accepted()
        except Rejected as rejection:
            self._undo()
            return rejected(self.refusal_code(rejection), rejection.reason)
        except BaseException:
            self._undo()
            raise
        self._pending = None
        self._since.append((action, answers, decided))
        return accepted()

    def _undo(self) -> GameState:
        """Put back the state as it was before the action that is running, and return the
        state the action left (a question's view).  The checkpoint's copy replays the actions
        accepted since, taking again their answers and decisions; it becomes the new checkpoint."""
        left, state = self.state, self._checkpoint.clone()
        for action, answers, decided in self._since:
            self._dispatch(Game(state, answers, _Replayed(self.policy, decided)), action)
        self.state, self._checkpoint, self._since = state, state.clone(), []
        return left

    def _ref(self, state: GameState, ref: Any) -> int:
        for obj in state.objects.values():
            if obj.ref and obj.ref == ref:
                return obj.id
        if isinstance(ref, str) and ref.startswith("#") and ref[1:].isdigit() and int(ref[1:]) in state.objects:
            return int(ref[1:])
        raise Rejected("unknown-object", f"no card or permanent {ref!r}")

    @staticmethod
    def _mana(action: JSON) -> list[str] | None:
        """The mana the player chose to spend (601.2h), if the action names it."""
        return parse_mana(action["mana"]) if "mana" in action else None

    def _dispatch(self, game: Game, action: JSON) -> None:
        kind = action.get("type")
        player = action.get("player", "")
        if player not in [p.name for p in game.state.players]:
            raise Rejected("not-allowed", f"unknown player {player!r}")
        if kind == "pass":
            game.pass_priority(player)
            return
        targets = [self._ref(game.state, t) for t in action.get("targets", [])]
        paying = [(self._ref(game.state, m["source"]), m.get("ability", 1)) for m in action.get("mana_abilities", [])]
        if kind == "activate":
            game.activate(
                player,
                self._ref(game.state, action["source"]),
                action.get("ability", 1),
                targets,
                self._mana(action),
                paying,
            )
        elif kind == "cast":
            game.cast(
                player,
                self._ref(game.state, action["card"]),
                action.get("x", 0),
                targets,
                action.get("additional_costs", []),
                action.get("alternative_cost"),
                self._mana(action),
                paying,
            )
        elif kind == "declare-attackers":
            game.declare_attackers(player, [self._ref(game.state, a) for a in action.get("attackers", [])])
        elif kind == "play":
            game.play_land(player, self._ref(game.state, action["card"]))
        elif kind == "declare-blockers":
            blocks = [
                (self._ref(game.state, b["blocker"]), self._ref(game.state, b["attacker"])) for b in action["blockers"]
            ]
            game.declare_blockers(player, blocks)
        else:
            raise Rejected("unsupported", f"unknown action type {kind!r}")

    # -- observation -----------------------------------------------------------

    @staticmethod
    def _combat(state: GameState, obj: GameObject) -> JSON:
        """508.1k, 509.1g-h: whom an attacking creature attacks and whether it is blocked, and which
        attacking creatures a blocking creature blocks (since contract 1.3.0)."""
        found: JSON = {}
        if obj.attacking:
            found["attacking"] = state.opponents(obj.controller)[0]
            if obj.blocked is not None:
                found["blocked"] = obj.blocked
        blocked = [state.objects[i] for i in obj.blocking if i in state.objects and state.objects[i].attacking]
        if blocked:
            found["blocking"] = [o.ref or f"#{o.id}" for o in blocked]
        return found

    def observe(self) -> JSON:
        """The state; while a choice is pending, the game as it stands at that question (the
        action is replayed from its start once answered, deterministically, so ids agree)."""
        state = self._view if self._pending is not None and self._view is not None else self.state
        chars = compute(state)

        def card(obj_id: int) -> JSON:
            obj = state.objects[obj_id]
            return {"name": obj.face().name, "ref": obj.ref or f"#{obj.id}"}

        players = []
        for player in state.players:
            players.append(
                {
                    "name": player.name,
                    "life": player.life,
                    "lost": player.has_lost,
                    "mana_pool": {t: player.pool.mana[t] for t in MANA_TYPES if player.pool.mana[t]},
                    "library": [card(i) for i in player.library],
                    "hand": [card(i) for i in player.hand],
                    "graveyard": [card(i) for i in player.graveyard],
                    "exile": [card(i) for i in state.exile if state.objects[i].owner == player.name],
                }
            )
        battlefield = []
        for obj in state.permanents():
            ch = chars[obj.id]
            entry = {
                "ref": obj.ref or f"#{obj.id}",
                "name": ch.name,
                "owner": obj.owner,
                "controller": obj.controller,
                "token": obj.is_token,
                "tapped": obj.tapped,
                "types": list(ch.types),
                "subtypes": list(ch.subtypes),
                "supertypes": list(ch.supertypes),
                "colors": [COLOR_NAMES[c] for c in ch.colors],
                "power": ch.power,
                "toughness": ch.toughness,
                "base_power": ch.base_power,
                "base_toughness": ch.base_toughness,
                "keywords": ch.keywords,
                "counters": {k: v for k, v in obj.counters.items() if v},
                "mana_value": ch.mana_value,
                "damage": obj.damage,
            }
            if "color" in obj.chosen:
                entry["chosen_color"] = COLOR_NAMES[obj.chosen["color"]]
            if obj.attached_to is not None and obj.attached_to in state.objects:
                host = state.objects[obj.attached_to]
                entry["attached_to"] = host.ref or f"#{host.id}"
            entry.update(self._combat(state, obj))
            battlefield.append(entry)
        stack = []
        for item in state.stack:
            info = item.source_info.get("characteristics")
            source = state.objects.get(item.source_id)
            name = info.name if info else source.face().name if source else "?"
            stack.append(
                {
                    "kind": item.kind,
                    "name": name,
                    "ref": (source.ref or f"#{source.id}") if source else None,
                    "controller": item.controller,
                    "text": item.ability.text if item.ability else None,
                    "x": source.x if item.kind == "spell" and source else None,
                }
            )
        pending = None
        if self._pending is not None:
            choice = self._pending[2]
            pending = {"player": choice.player, "kind": choice.kind, "options": choice.options, "prompt": choice.prompt}
            if choice.source:
                pending["source"] = choice.source
        return {
            "contract": CONTRACT_VERSION,
            "turn": {
                "number": state.turn,
                "active_player": state.active,
                "step": state.step,
                "priority_player": state.priority,
            },
            "players": players,
            "battlefield": battlefield,
            "stack": stack,
            "pending_choice": pending,
            "events": [_copied(event) for event in state.events],
        }
