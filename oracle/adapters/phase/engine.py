"""An adapter that lets the suite certify phase.rs through its Python bindings (``phase-python``).

phase.rs is an open-source Magic rules engine written in Rust; ``pip install phase-python``
gives the ``phase`` module.  This adapter speaks the contract of :mod:`oracle.contract`:

* the card database is built offline from the suite's own fixtures, each card parsed by
  ``phase.build_oracle_face`` from an MTGJSON-shaped dict; a card phase does not understand
  (an unimplemented effect, an unknown trigger mode, a parse warning) is *unsupported*;
* ``setup`` starts a game with decks holding the position's cards (plus basic lands as
  filler), keeps both hands, then edits phase's state dict into the position and reloads it;
* ``perform`` turns each contract action into phase ``GameAction`` dicts, answering the
  prompts phase asks while an action is being taken from the action's own fields, and
  restores the saved state whenever phase refuses;
* ``observe`` translates phase's state dict into the observation schema.

phase's state dict is an internal, unversioned format (as seen with the phase-python release pinned in
pyproject.toml's "phase" extra).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from oracle.contract.interface import CONTRACT_VERSION, JSON, Engine, accepted, rejected
from oracle.paths import cards_dir

from .cards import filler_land, load_library, phase_version

#: Capabilities this adapter maps (names from ``fixtures/capabilities.toml``).
CAPABILITIES = [
    "activated-abilities",
    "additional-costs",
    "alternative-costs",
    "auras-and-equipment",
    "casting",
    "combat",
    "copy-effects",
    "counterspells",
    "delayed-triggers",
    "layers",
    "legend-rule",
    "replacement-effects",
    "state-based-actions",
    "tokens",
    "x-costs",
    "could-produce",
    "mana-abilities",
    "summoning-sickness",
    "triggered-abilities",
    "untap-symbol",
]

#: The suite's step names and phase's.
STEP_TO_PHASE = {
    "untap": "Untap",
    "upkeep": "Upkeep",
    "draw": "Draw",
    "precombat-main": "PreCombatMain",
    "beginning-of-combat": "BeginCombat",
    "declare-attackers": "DeclareAttackers",
    "declare-blockers": "DeclareBlockers",
    "combat-damage": "CombatDamage",
    "end-of-combat": "EndCombat",
    "postcombat-main": "PostCombatMain",
    "end": "End",
    "cleanup": "Cleanup",
}
PHASE_TO_STEP = {value: key for key, value in STEP_TO_PHASE.items()}

#: Mana symbols and phase's mana type names.
SYMBOL_TO_MANA = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
MANA_TO_SYMBOL = {value: key for key, value in SYMBOL_TO_MANA.items()}

#: Counter kinds: the suite's names and phase's.
COUNTER_TO_PHASE = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
PHASE_TO_COUNTER = {value: key for key, value in COUNTER_TO_PHASE.items()}

#: Zones of a player's own cards: the position's key, phase's zone name.
PLAYER_ZONES = {"library": "Library", "hand": "Hand", "graveyard": "Graveyard"}

#: How many filler basic lands (:func:`oracle.adapters.phase.cards.filler_land`) each deck gets, so that a
#: game can start and players can draw.
FILLER_COUNT = 10

#: phase prompts answered with a contract ``choose`` action: phase's prompt type -> contract kind.
PROMPT_KINDS = {
    "ChooseManaColor": "mana-color",
    "TargetSelection": "target",
    "TriggerTargetSelection": "target",
    "ChooseLegend": "legend-rule",
    "OrderTriggers": "trigger-order",
    "ReplacementChoice": "replacement-effect",
    "PayCost": "permanent",
    "CopyTargetChoice": "copy",
}

#: Words in phase's refusal messages, and the contract's rejection code they mean.
REFUSAL_CODES = [
    ("exceeds the maximum legal value", "cannot-pay"),  # phase bounds X by the mana available
    ("summoning sick", "summoning-sickness"),
    ("unknown object", "unknown-object"),
    ("is tapped", "already-tapped"),
    ("already tapped", "already-tapped"),
    ("is untapped", "already-untapped"),
    ("not tapped", "already-untapped"),
    ("already untapped", "already-untapped"),
    ("priority", "no-priority"),
    ("wrong player", "no-priority"),
    ("sorcery", "timing"),
    ("timing", "timing"),
    ("target", "illegal-target"),
    ("pay", "cannot-pay"),
    ("mana", "cannot-pay"),
    ("afford", "cannot-pay"),
]


class Refusal(Exception):
    """An action the adapter refuses before (or instead of) asking phase: carries a contract code."""

    def __init__(self, code: str, reason: str) -> None:
        """A refusal with its contract code and one-line reason."""
        super().__init__(reason)
        self.code = code
        self.reason = reason


# -- small translations ------------------------------------------------------------------


def mana_value(cost: JSON | None) -> int:
    """The mana value of a phase mana cost (X counts 0 off the stack, CR 202.3e)."""
    if not cost or cost.get("type") != "Cost":
        return 0
    shards = [s for s in cost.get("shards", []) if s != "X"]
    return int(cost.get("generic", 0)) + len(shards)


def pool_of(player: JSON) -> dict[str, int]:
    """A phase player's mana pool as ``{"G": 1, ...}``."""
    pool: dict[str, int] = {}
    for unit in player.get("mana_pool", {}).get("mana", []):
        symbol = MANA_TO_SYMBOL.get(unit.get("color", ""), "C")
        pool[symbol] = pool.get(symbol, 0) + 1
    return pool


def keyword_name(keyword: Any) -> str:
    """A phase keyword ("Flying" or {"Offspring": ...}) as a lower-case word."""
    if isinstance(keyword, dict):
        keyword = next(iter(keyword), "")
    return re.sub(r"(?<!^)(?=[A-Z])", " ", str(keyword)).lower()


def refusal_code(message: str) -> str:
    """The contract's rejection code for one of phase's refusal messages (best effort)."""
    lowered = message.lower()
    for words, code in REFUSAL_CODES:
        if words in lowered:
            return code
    return "not-allowed"


def one_line(message: str) -> str:
    """A message on a single line."""
    return " ".join(message.split())


# -- the engine ------------------------------------------------------------------------------


class PhaseEngine(Engine):
    """phase.rs, driven through phase-python, speaking the adapter contract."""

    def __init__(self) -> None:
        """Load the fixture cards into phase (once per process); no game until ``setup``."""
        self.engine, self.unsupported = load_library(cards_dir())
        self.game: Any = None
        self.names: list[str] = []
        self.ids: dict[str, int] = {}
        self.refs: dict[int, str] = {}
        self.events: list[JSON] = []
        #: Ids of the stack entries already seen, to notice new triggered abilities.
        self.stacked: set[int] = set()
        #: How many phase actions the action being performed has applied so far.
        self.applied = 0

    def describe(self) -> JSON:
        """Name, phase-python version, contract version and the capabilities mapped."""
        return {
            "name": "phase.rs",
            "version": phase_version(),
            "contract": CONTRACT_VERSION,
            "capabilities": list(CAPABILITIES),
        }

    # -- setup -----------------------------------------------------------------------------

    def setup(self, position: JSON) -> JSON:
        """Build ``position`` in a new phase game; unsupported cards and unbuildable positions are rejected."""
        self.game = None
        problem = self._unsupported_card(position)
        if problem:
            return rejected("unsupported", problem)
        try:
            self.game = self._build(position)
        except Refusal as refusal:
            return rejected(refusal.code, refusal.reason)
        except ValueError as exc:  # phase refused the edited state
            return rejected("not-allowed", one_line(f"phase could not load the position: {exc}"))
        self.events = []
        self.stacked = set()
        return accepted()

    def _unsupported_card(self, position: JSON) -> str | None:
        """A one-line reason if the position uses a card phase does not understand."""
        for _, _, entry in _entries(position):
            name = entry["card"]
            if name in self.unsupported:
                return f"phase does not understand {name}: {one_line(self.unsupported[name])}"[:300]
        return None

    def _build(self, position: JSON) -> Any:
        """Start a game with the needed cards, then edit its state into the position."""
        self.names = [p["name"] for p in position["players"]]
        turn = position["turn"]
        active = self._seat(turn["active_player"])
        game = self.engine.new_game(
            player=self._deck(position, 0),
            opponent=self._deck(position, 1),
            seed=7,
            first_player=active,
            format="Limited",
        )
        self._keep_hands(game)
        snapshot = game.state()
        state = snapshot["state"]
        self._place_cards(state, position)
        self._set_turn(state, turn)
        for seat, spec in enumerate(position["players"]):
            player = state["players"][seat]
            player["life"] = spec.get("life", 20)
            player["mana_pool"] = {"mana": self._pool_units(state, spec.get("mana_pool", {}))}
        return self.engine.load_game(snapshot)

    def _seat(self, name: str) -> int:
        """A player's seat (0 or 1) from their name."""
        if name not in self.names:
            raise Refusal("not-allowed", f"unknown player {name!r}")
        return self.names.index(name)

    def _deck(self, position: JSON, seat: int) -> list[str]:
        """The cards seat ``seat`` owns in the position, plus filler basic lands."""
        owned = [entry["card"] for owner, _, entry in _entries(position) if self._owner(owner, entry) == seat]
        return owned + [filler_land(cards_dir())] * FILLER_COUNT

    def _owner(self, controller: str, entry: JSON) -> int:
        """The seat of a card's owner (its controller unless the position says otherwise)."""
        return self._seat(entry.get("owner", controller))

    @staticmethod
    def _keep_hands(game: Any) -> None:
        """Answer both opening-hand questions with "Keep"."""
        for _ in range(4):
            prompt = game.waiting_for()
            if prompt["type"] != "MulliganDecision":
                return
            for pending in prompt["data"]["pending"]:
                game.apply(pending["player"], {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
        raise Refusal("not-allowed", "phase kept asking about mulligans")

    def _place_cards(self, state: JSON, position: JSON) -> None:
        """Move phase's objects into the position's zones and remember each ref's object."""
        spare = _objects_by_owner_and_name(state)
        for player in state["players"]:
            for zone in PLAYER_ZONES:
                player[zone] = []
        state["battlefield"], state["exile"], state["stack"] = [], [], []
        self.ids, self.refs = {}, {}
        placed: list[tuple[JSON, JSON]] = []
        for controller, zone, entry in _entries(position):
            owner = self._owner(controller, entry)
            candidates = spare.get((owner, entry["card"]))
            if not candidates:
                raise Refusal("not-allowed", f"phase's game holds no {entry['card']} for {self.names[owner]}")
            object_id = candidates.pop(0)
            obj = state["objects"][str(object_id)]
            self.ids[entry["ref"]] = object_id
            self.refs[object_id] = entry["ref"]
            self._put(state, obj, zone, owner, self._seat(controller))
            if zone == "battlefield":
                placed.append((obj, entry))
        for (owner, _), rest in spare.items():  # filler goes to the bottom of its owner's library
            for object_id in rest:
                self._put(state, state["objects"][str(object_id)], "library", owner, owner)
        turn = position["turn"]["number"]
        for obj, entry in placed:
            self._set_permanent(state, obj, entry, turn)

    @staticmethod
    def _put(state: JSON, obj: JSON, zone: str, owner: int, controller: int) -> None:
        """Put one of phase's objects into a zone of the edited state."""
        obj["controller"] = controller
        obj["base_controller"] = controller
        if zone in PLAYER_ZONES:
            obj["zone"] = PLAYER_ZONES[zone]
            state["players"][owner][zone].append(obj["id"])
        elif zone == "exile":
            obj["zone"] = "Exile"
            state["exile"].append(obj["id"])
        else:
            obj["zone"] = "Battlefield"
            state["battlefield"].append(obj["id"])

    def _set_permanent(self, state: JSON, obj: JSON, entry: JSON, turn: int) -> None:
        """Tapped state, counters, summoning sickness, chosen color and attachment of a permanent."""
        if "copy_of" in entry:
            raise Refusal("not-allowed", f"the adapter cannot make {entry['card']} a copy in phase's state")
        recent = entry.get("came_under_control_this_turn", False)
        obj["tapped"] = entry.get("tapped", False)
        obj["summoning_sick"] = recent
        obj["entered_battlefield_turn"] = turn if recent else max(turn - 1, 0)
        obj["counters"] = {COUNTER_TO_PHASE.get(kind, kind): n for kind, n in entry.get("counters", {}).items() if n}
        obj["timestamp"] = state["next_timestamp"]
        state["next_timestamp"] += 1
        if "chosen_color" in entry:
            obj["chosen_attributes"] = [{"type": "Color", "value": entry["chosen_color"].capitalize()}]
        if "attached_to" in entry:
            host_id = self.ids.get(entry["attached_to"])
            if host_id is None:
                raise Refusal(
                    "not-allowed", f"{entry['card']} is attached to {entry['attached_to']!r}, not a permanent"
                )
            obj["attached_to"] = {"type": "Object", "data": host_id}
            state["objects"][str(host_id)].setdefault("attachments", []).append(obj["id"])

    def _set_turn(self, state: JSON, turn: JSON) -> None:
        """Turn number, active player, step, and priority to the active player."""
        active = self._seat(turn["active_player"])
        state["turn_number"] = turn["number"]
        state["active_player"] = active
        state["current_starting_player"] = active
        state["phase"] = STEP_TO_PHASE[turn["step"]]
        state["priority_player"] = active
        state["priority_pass_count"] = 0
        state["priority_passes"] = []
        state["waiting_for"] = {"type": "Priority", "data": {"player": active}}
        state["steps_started_this_turn"] = {state["phase"]: 1}

    @staticmethod
    def _pool_units(state: JSON, pool: dict[str, int]) -> list[JSON]:
        """Mana pool entries in phase's shape for ``{"G": 1, ...}``."""
        units = []
        for symbol, amount in pool.items():
            for _ in range(amount):
                units.append(
                    {
                        "color": SYMBOL_TO_MANA[symbol],
                        "source_id": 0,
                        "pip_id": state["next_pip_id"],
                        "snow": False,
                        "restrictions": [],
                    }
                )
                state["next_pip_id"] += 1
        return units

    # -- actions -----------------------------------------------------------------------------

    def perform(self, action: JSON) -> JSON:
        """Take one action; a rejected action leaves the game as it was."""
        if self.game is None:
            return rejected("not-allowed", "no game: setup must come first")
        saved = self.game.state()
        seen = (len(self.events), set(self.stacked))
        self.applied = 0
        try:
            self._dispatch(action)
        except Refusal as refusal:
            self._restore(saved, seen)
            return rejected(refusal.code, refusal.reason)
        except ValueError as exc:  # phase refuses an illegal action with a ValueError
            self._restore(saved, seen)
            message = one_line(str(exc))
            return rejected(refusal_code(message), message[:300])
        return accepted()

    def _restore(self, saved: JSON, seen: tuple[int, set[int]]) -> None:
        """Put the game back as it was before a refused action.

        A refused phase action changes nothing, so the saved state is reloaded only when part
        of the action (a cast whose payment then failed, say) had already been applied."""
        del self.events[seen[0] :]
        self.stacked = seen[1]
        if self.applied:
            self.game = self._reload(saved)

    def _reload(self, saved: JSON) -> Any:
        """Load a saved state; if phase can't, say so rather than pretend nothing changed."""
        try:
            return self.engine.load_game(saved)
        except ValueError as exc:
            raise RuntimeError(f"phase could not reload its own saved state: {one_line(str(exc))}") from None

    def _dispatch(self, action: JSON) -> None:
        """Carry out one contract action in phase, or raise :class:`Refusal`."""
        kind = action["type"]
        seat = self._seat(action["player"])
        prompt = self.game.waiting_for()
        if kind == "choose":
            self._choose(seat, action["choice"], prompt)
            return
        if self._pending(prompt) is not None:
            raise Refusal("pending-choice", f"{self._prompt_player(prompt)} must first answer {prompt['type']}")
        if kind == "pass":
            self._require_priority(seat, prompt)
            self._apply(seat, {"type": "PassPriority"})
        elif kind == "activate":
            self._activate(seat, action)
        elif kind == "cast":
            self._cast(seat, action)
        elif kind == "declare-attackers":
            self._declare_attackers(seat, action)
        else:
            raise Refusal("unsupported", f"the adapter does not map {kind!r} actions to phase")

    def _apply(self, seat: int, action: Any) -> Any:
        """Apply one phase action and keep the events the suite reads."""
        result = self.game.apply(seat, action)
        self.applied += 1
        self._record()
        return result

    def _require_priority(self, seat: int, prompt: JSON) -> None:
        """Refuse unless phase is waiting for this seat's priority action."""
        if prompt.get("type") != "Priority" or prompt.get("data", {}).get("player") != seat:
            holder = self._prompt_player(prompt) or "nobody"
            raise Refusal("no-priority", f"{self.names[seat]} does not have priority ({holder} does)")

    def _prompt_player(self, prompt: JSON) -> str:
        """The name of the player a phase prompt waits for, or "" if none."""
        data = prompt.get("data") or {}
        seat = data.get("player") if isinstance(data, dict) else None
        return self.names[seat] if isinstance(seat, int) and seat < len(self.names) else ""

    def _object_id(self, ref: str) -> int:
        """phase's object id for a ref (the position's, or "#<id>" for an object the adapter named)."""
        if ref in self.ids:
            return self.ids[ref]
        if ref.startswith("#") and ref[1:].isdigit():
            return int(ref[1:])
        raise Refusal("unknown-object", f"no card or permanent {ref!r}")

    # activating

    def _activate(self, seat: int, action: JSON) -> None:
        """Activate the numbered ability and answer what phase asks about it."""
        source = self._object_id(action["source"])
        obj = self.game.object(source)
        if not obj:
            raise Refusal("unknown-object", f"no object {action['source']!r}")
        if action.get("mana"):
            raise Refusal("unsupported", "the adapter does not map naming the mana to spend to phase")
        index = self._ability_index(obj, action["ability"])
        self._apply(seat, {"type": "ActivateAbility", "data": {"source_id": source, "ability_index": index}})
        self._answer_casting_prompts(seat, action)
        self._check_targets(source, action)

    @staticmethod
    def _ability_index(obj: JSON, wanted: int) -> int:
        """phase's index of the object's ``wanted``-th activated ability (1-based, in text order)."""
        activated = [i for i, ability in enumerate(obj.get("abilities", [])) if _is_cost_colon_effect(ability)]
        if wanted > len(activated):
            raise Refusal("not-allowed", f"{obj.get('name')} has no activated ability number {wanted} in phase")
        return activated[wanted - 1]

    # casting

    def _cast(self, seat: int, action: JSON) -> None:
        """Cast a card with the costs, X, targets and mana the action names."""
        card = self._object_id(action["card"])
        data = {"object_id": card, "card_id": card, "targets": [], "payment_mode": {"type": "Manual"}}
        self._apply(seat, {"type": "CastSpell", "data": data})
        costs = list(action.get("additional_costs", []))
        self._answer_casting_prompts(seat, {**action, "additional_costs": costs})
        if costs:
            raise Refusal("not-allowed", f"phase offered no {costs[0]} cost for this spell")
        self._check_variant(card, action.get("alternative_cost"))
        self._check_targets(card, action)

    def _check_targets(self, source: int, action: JSON) -> None:
        """Refuse when phase chose targets by itself (it does when only one is legal) and they are
        not the ones the action named."""
        wanted = {self._object_id(ref) for ref in action.get("targets", [])}
        if not wanted:
            return
        for item in reversed(self.game.stack()):
            if item.get("source_id") == source:
                ability = (item.get("kind", {}).get("data") or {}).get("ability") or {}
                chosen = {_object_in(target) for target in ability.get("targets", [])}
                if chosen != wanted:
                    names = ", ".join(sorted(self._ref(t) for t in wanted))
                    raise Refusal("illegal-target", f"phase did not accept {names} as the target(s)")
                return

    def _answer_casting_prompts(self, seat: int, action: JSON) -> None:
        """Answer what phase asks while an action is taken, from the action's own fields.

        ``additional_costs`` is consumed as each optional cost is decided."""
        targets = [self._object_id(ref) for ref in action.get("targets", [])]
        for _ in range(20):
            prompt = self.game.waiting_for()
            kind = prompt.get("type")
            if kind == "ManaPayment":
                self._pay_from_pool(seat, action.get("mana"))
            elif kind == "TargetSelection" and targets:
                self._apply(seat, self._target_action(targets.pop(0)))
            elif kind == "ChooseXValue":
                self._apply(seat, {"type": "ChooseX", "data": {"value": int(action.get("x", 0))}})
            elif kind == "OptionalCostChoice":
                self._decide_optional_cost(seat, prompt, action.get("additional_costs", []))
            elif kind == "AlternativeCastChoice":
                self._apply(seat, self._alternative_action(prompt, action.get("alternative_cost")))
            elif kind == "PayCost" and self._forced_cost(prompt):
                self._apply(seat, {"type": "SelectCards", "data": {"cards": list(prompt["data"]["choices"])}})
            else:
                return

    @staticmethod
    def _forced_cost(prompt: JSON) -> bool:
        """Whether a cost to pay with objects leaves no choice (as many candidates as needed)."""
        data = prompt.get("data", {})
        return len(data.get("choices", [])) == data.get("count", -1)

    def _decide_optional_cost(self, seat: int, prompt: JSON, wanted: list[str]) -> None:
        """Pay kicker or offspring when the action names it (one entry per payment)."""
        data = prompt.get("data", {})
        name = "offspring" if data.get("origin") == "Offspring" else str(data.get("cost", {}).get("type", "")).lower()
        pay = name in wanted
        if pay:
            wanted.remove(name)
        self._apply(seat, {"type": "DecideOptionalCost", "data": {"pay": pay}})

    def _alternative_action(self, prompt: JSON, wanted: str | None) -> JSON:
        """phase's answer for casting with the named alternative cost, or for the mana cost."""
        offered = str(prompt.get("data", {}).get("keyword", {}).get("type", "")).lower()
        if wanted is not None and wanted != offered:
            raise Refusal("not-allowed", f"phase offers {offered or 'no'} alternative cost, not {wanted}")
        choice = "Alternative" if wanted else "Normal"
        return {"type": "ChooseAlternativeCast", "data": {"choice": {"type": choice}}}

    def _check_variant(self, card: int, wanted: str | None) -> None:
        """Refuse a cast that phase made for another cost than the one asked (it picks one itself
        when only one is affordable)."""
        state = self.game.state()["state"]
        for item in state.get("stack", []):
            if item.get("source_id") == card and item.get("kind", {}).get("type") == "Spell":
                variant = str(item["kind"].get("data", {}).get("casting_variant", "Normal")).lower()
                if wanted and wanted not in variant:
                    raise Refusal("cannot-pay", f"phase cast it as {variant}, not for its {wanted} cost")
                if not wanted and "blitz" in variant:
                    raise Refusal("cannot-pay", f"phase cast it as {variant}: its mana cost is not paid")

    def _pay_from_pool(self, seat: int, named: str | None) -> None:
        """Finish a manual payment with the mana already in the pool; ``named`` ("{G}{G}") is the
        mana the player chose to spend (CR 601.2h), picked unit by unit before phase pays."""
        pool_before = pool_of(self.game.player(seat))
        wanted = re.findall(r"\{([WUBRGC])\}", named or "")
        for pip in self._pips(seat, wanted):
            self._apply(seat, {"type": "SpendPoolMana", "data": {"pip_id": pip}})
        self._apply(seat, {"type": "PassPriority"})
        if self.game.waiting_for().get("type") == "ManaPayment":
            raise Refusal("cannot-pay", "the mana in the pool does not pay the cost")
        if wanted:
            spent = _difference(pool_before, pool_of(self.game.player(seat)))
            if spent != {symbol: wanted.count(symbol) for symbol in set(wanted)}:
                raise Refusal("cannot-pay", f"phase spent {_symbols(spent)}, not {named}")

    def _pips(self, seat: int, wanted: list[str]) -> list[int]:
        """The ids of pool units of the wanted types, one per symbol."""
        free = list(self.game.player(seat).get("mana_pool", {}).get("mana", []))
        pips = []
        for symbol in wanted:
            unit = next((u for u in free if u.get("color") == SYMBOL_TO_MANA[symbol]), None)
            if unit is None:
                raise Refusal("cannot-pay", f"there is no {{{symbol}}} in the pool to spend")
            free.remove(unit)
            pips.append(int(unit["pip_id"]))
        return pips

    def _target_action(self, target: int) -> Any:
        """phase's legal answer choosing ``target``, or a refusal."""
        for option in self.game.actions():
            if _object_in(option.to_dict().get("data")) == target:
                return option
        raise Refusal("illegal-target", f"{self._ref(target)} is not a legal target in phase")

    # combat

    def _declare_attackers(self, seat: int, action: JSON) -> None:
        """Declare the attackers, each attacking the other player."""
        prompt = self.game.waiting_for()
        if prompt.get("type") != "DeclareAttackers":
            raise Refusal("timing", f"phase is not asking for attackers (it waits for {prompt.get('type')})")
        attackers = [self._object_id(ref) for ref in action["attackers"]]
        defender = {"type": "Player", "data": 1 - seat}
        pairs = [[attacker, defender] for attacker in attackers]
        self._apply(seat, {"type": "DeclareAttackers", "data": {"attacks": pairs, "bands": []}})

    # answering a pending choice

    def _choose(self, seat: int, choice: str, prompt: JSON) -> None:
        """Answer the pending choice with the option labelled ``choice``."""
        pending = self._pending(prompt)
        if pending is None:
            raise Refusal("no-pending-choice", "there is no pending choice to answer")
        if pending["player"] != self.names[seat]:
            raise Refusal("invalid-choice", f"{pending['player']} must answer, not {self.names[seat]}")
        for label, answer in self._options(prompt):
            if label == choice:
                for step in answer if isinstance(answer, list) else [answer]:
                    self._apply(seat, step)
                return
        raise Refusal("invalid-choice", f"choose one of: {', '.join(pending['options'])}")

    def _pending(self, prompt: JSON) -> JSON | None:
        """phase's prompt as the contract's pending choice, or None when no choice is asked."""
        kind = self._choice_kind(prompt)
        if kind is None:
            return None
        options = [label for label, _ in self._options(prompt)]
        if not options:
            return None
        return {"player": self._prompt_player(prompt), "kind": kind, "options": options, "prompt": prompt["type"]}

    @staticmethod
    def _choice_kind(prompt: JSON) -> str | None:
        """The contract's kind of choice for a phase prompt, or None if it is not one."""
        kind = prompt.get("type", "")
        data = prompt.get("data") or {}
        if kind == "NamedChoice" and data.get("choice_type") == "Color":
            return "color"
        if kind == "ReplacementChoice":
            return "copy" if _is_copy_choice(prompt) else "replacement-effect"
        if kind == "PayCost":
            cost = str(data.get("kind", {}).get("type", ""))
            return "sacrifice" if "Sacrifice" in cost else "discard" if "Discard" in cost else "permanent"
        return PROMPT_KINDS.get(kind)

    def _options(self, prompt: JSON) -> list[tuple[str, Any]]:
        """Each legal answer to the prompt, labelled as the contract names it."""
        if prompt.get("type") == "OrderTriggers":
            return self._trigger_order_options(prompt)
        if prompt.get("type") == "ReplacementChoice":
            return self._copy_options(prompt) if _is_copy_choice(prompt) else self._replacement_options(prompt)
        labelled = []
        for option in self.game.actions():
            label = self._label(option.to_dict())
            if label is not None:
                labelled.append((label, option))
        return labelled

    @staticmethod
    def _replacement_options(prompt: JSON) -> list[tuple[str, Any]]:
        """Which replacement effect applies first (CR 616.1): one option per source name."""
        candidates = prompt.get("data", {}).get("candidates", [])
        return [
            (str(c.get("source_name", "?")), {"type": "ChooseReplacement", "data": {"index": i}})
            for i, c in enumerate(candidates)
        ]

    def _copy_options(self, prompt: JSON) -> list[tuple[str, Any]]:
        """phase asks "enter as a copy?" then "of what?": offered as one choice of a ref or "none".

        The objects that could be copied are read by answering the first question in a copy of the game."""
        candidates = prompt.get("data", {}).get("candidates", [])
        accept = next(i for i, c in enumerate(candidates) if c.get("description") != "Decline")
        decline = [i for i, c in enumerate(candidates) if c.get("description") == "Decline"]
        probe = self._reload(self.game.state())  # a throwaway game: the real one is not touched
        probe.apply(prompt["data"]["player"], {"type": "ChooseReplacement", "data": {"index": accept}})
        following = probe.waiting_for()
        options: list[tuple[str, Any]] = []
        if following.get("type") == "CopyTargetChoice":
            for target in following["data"].get("valid_targets", []):
                answer = [
                    {"type": "ChooseReplacement", "data": {"index": accept}},
                    {"type": "ChooseTarget", "data": {"target": {"Object": target}}},
                ]
                options.append((self._ref(target), answer))
        if decline:
            options.append(("none", {"type": "ChooseReplacement", "data": {"index": decline[0]}}))
        return options

    @staticmethod
    def _trigger_order_options(prompt: JSON) -> list[tuple[str, Any]]:
        """One option per distinct trigger, "source: text": the one chosen goes on the stack first
        (CR 603.3b) and the others follow in the order phase listed them, all in one answer."""
        triggers = prompt.get("data", {}).get("triggers", [])
        options: list[tuple[str, Any]] = []
        for index, trigger in enumerate(triggers):
            name = trigger.get("source_name", "?")
            text = str(trigger.get("description") or "").replace("~", name)
            order = [index] + [i for i in range(len(triggers)) if i != index]
            label = f"{name}: {text}"
            if label not in (known for known, _ in options):
                options.append((label, {"type": "OrderTriggers", "data": {"order": order}}))
        return options

    def _label(self, option: JSON) -> str | None:
        """A contract option for one of phase's answers: a mana symbol, a color word or a ref."""
        kind, data = option.get("type"), option.get("data")
        if kind in ("PassPriority", "CancelCast") or data is None:
            return None
        if kind == "ChooseManaColor":
            color = data.get("choice", {}).get("data")
            return "{" + MANA_TO_SYMBOL[color] + "}" if color in MANA_TO_SYMBOL else None
        if kind == "ChooseOption":
            return str(data.get("choice", "")).lower()
        target = _object_in(data)
        return self._ref(target) if target is not None else None

    def _name_of(self, object_id: Any) -> str:
        """An object's current name, or "?" when phase no longer knows the object."""
        try:
            found = self.game.object(object_id)
        except ValueError:
            return "?"
        return str((found or {}).get("name", "?"))

    def _ref(self, object_id: int) -> str:
        """The ref of a phase object: the position's, or "#<id>"."""
        return self.refs.get(object_id, f"#{object_id}")

    # events

    def _record(self) -> None:
        """Note each triggered ability newly on the stack as an "ability-triggered" event.

        phase does not always report a trigger put on the stack as an event of the action that
        did it (ordering triggers, for one), so the stack itself is compared with what was seen."""
        for item in self.game.stack():
            if item.get("id") in self.stacked:
                continue
            self.stacked.add(item.get("id"))
            if item.get("kind", {}).get("type") == "TriggeredAbility":
                name = _remembered_name(item) or self._name_of(item.get("source_id"))
                self.events.append({"type": "ability-triggered", "source": name})

    # -- observation -----------------------------------------------------------------------

    def observe(self) -> JSON:
        """phase's state as the contract's observation."""
        state = self.game.state()["state"]
        prompt = state.get("waiting_for") or {}
        priority = prompt.get("data", {}).get("player") if prompt.get("type") == "Priority" else None
        return {
            "contract": CONTRACT_VERSION,
            "turn": {
                "number": state.get("turn_number", 1),
                "active_player": self.names[state.get("active_player", 0)],
                "step": PHASE_TO_STEP.get(state.get("phase", ""), "precombat-main"),
                "priority_player": self.names[priority] if isinstance(priority, int) else "",
            },
            "players": [self._player(state, seat) for seat in range(len(self.names))],
            "battlefield": [self._permanent(state, i) for i in state.get("battlefield", [])],
            "stack": [self._stack_item(state, item) for item in state.get("stack", [])],
            "pending_choice": self._pending(self.game.waiting_for()),
            "events": [dict(event) for event in self.events],
        }

    def _card(self, state: JSON, object_id: int) -> JSON:
        """A card in a zone: name and ref."""
        return {"name": state["objects"][str(object_id)]["name"], "ref": self._ref(object_id)}

    def _player(self, state: JSON, seat: int) -> JSON:
        """One player: life, mana pool and the cards in their zones."""
        player = state["players"][seat]
        return {
            "name": self.names[seat],
            "life": player.get("life", 0),
            "lost": player.get("status", {}).get("type", "Active") != "Active",
            "mana_pool": pool_of(player),
            "library": [self._card(state, i) for i in player.get("library", [])],
            "hand": [self._card(state, i) for i in player.get("hand", [])],
            "graveyard": [self._card(state, i) for i in player.get("graveyard", [])],
            "exile": [
                self._card(state, i) for i in state.get("exile", []) if state["objects"][str(i)].get("owner") == seat
            ],
        }

    def _permanent(self, state: JSON, object_id: int) -> JSON:
        """One permanent with its characteristics as phase computed them."""
        obj = state["objects"][str(object_id)]
        types = obj.get("card_types", {})
        entry: JSON = {
            "ref": self._ref(object_id),
            "name": obj.get("name", ""),
            "owner": self.names[obj.get("owner", 0)],
            "controller": self.names[obj.get("controller", 0)],
            "token": bool(obj.get("is_token", False)),
            "tapped": bool(obj.get("tapped", False)),
            "types": list(types.get("core_types", [])),
            "subtypes": list(types.get("subtypes", [])),
            "supertypes": list(types.get("supertypes", [])),
            "colors": [c.lower() for c in obj.get("color", []) if c in MANA_TO_SYMBOL and c != "Colorless"],
            "power": obj.get("power"),
            "toughness": obj.get("toughness"),
            "base_power": obj.get("layer_base_power", obj.get("base_power")),
            "base_toughness": obj.get("layer_base_toughness", obj.get("base_toughness")),
            "keywords": [keyword_name(k) for k in obj.get("keywords", [])],
            "counters": {PHASE_TO_COUNTER.get(k, k.lower()): n for k, n in obj.get("counters", {}).items() if n},
            "mana_value": mana_value(obj.get("mana_cost")),
            "damage": int(obj.get("damage_marked", 0)),
        }
        chosen = [a.get("value") for a in obj.get("chosen_attributes", []) if a.get("type") == "Color"]
        if chosen and str(chosen[0]).lower() in ("white", "blue", "black", "red", "green"):
            entry["chosen_color"] = str(chosen[0]).lower()
        host = obj.get("attached_to")
        if isinstance(host, dict) and host.get("type") == "Object":
            host = host.get("data")
        if isinstance(host, int):
            entry["attached_to"] = self._ref(host)
        return entry

    def _stack_item(self, state: JSON, item: JSON) -> JSON:
        """One stack entry: a spell, or an activated or triggered ability and its source."""
        kind = item.get("kind", {}).get("type", "")
        source = item.get("source_id")
        obj = state["objects"].get(str(source), {})
        ability = item.get("kind", {}).get("data", {}).get("ability") or {}
        return {
            "kind": {"Spell": "spell", "ActivatedAbility": "activated"}.get(kind, "triggered"),
            "name": _remembered_name(item) or obj.get("name", "?"),
            "controller": self.names[item.get("controller", 0)],
            "text": ability.get("description") if kind != "Spell" else None,
            "x": None,
            "ref": self._ref(source) if isinstance(source, int) else None,
        }


def _difference(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    """The mana that left a pool: ``before`` minus ``after``, without zero entries."""
    return {s: before[s] - after.get(s, 0) for s in before if before[s] - after.get(s, 0) > 0}


def _symbols(pool: dict[str, int]) -> str:
    """``{"G": 2}`` -> ``"{G}{G}"``."""
    return "".join("{" + symbol + "}" for symbol, n in pool.items() for _ in range(n)) or "nothing"


def _entries(position: JSON) -> Iterator[tuple[str, str, JSON]]:
    """Every card of the position: (the player whose part it is in, zone, entry)."""
    for player in position["players"]:
        for zone in ("library", "hand", "graveyard", "exile", "battlefield"):
            for entry in player.get(zone, []):
                yield player["name"], zone, entry


def _objects_by_owner_and_name(state: JSON) -> dict[tuple[int, str], list[int]]:
    """phase's objects by (owner, name), in id order."""
    found: dict[tuple[int, str], list[int]] = {}
    for key in sorted(state["objects"], key=int):
        obj = state["objects"][key]
        found.setdefault((obj["owner"], obj["name"]), []).append(int(key))
    return found


def _is_cost_colon_effect(ability: JSON) -> bool:
    """Whether one of phase's abilities is written "[Cost]: [Effect]", as the suite counts them
    (CR 602.1a); a keyword such as Equip is activated but not counted."""
    description = ability.get("description")
    return ability.get("kind") == "Activated" and (description is None or ": " in description)


def _remembered_name(item: JSON) -> str | None:
    """The name a triggered ability's source had when it triggered (last known information)."""
    ability = (item.get("kind", {}).get("data") or {}).get("ability") or {}
    lki = (ability.get("trigger_source") or {}).get("lki") or {}
    name = lki.get("name")
    return str(name) if name else None


def _is_copy_choice(prompt: JSON) -> bool:
    """Whether a replacement choice is phase's "you may have this enter as a copy" question."""
    data = prompt.get("data", {})
    if data.get("kind", {}).get("type") != "OptionalBranch":
        return False
    return any("copy" in str(c.get("description", "")) for c in data.get("candidates", []))


def _object_in(data: Any) -> int | None:
    """The object id an answer of phase names (a target or a chosen object), if any."""
    if isinstance(data, dict):
        for key in ("object_id", "target", "targets", "cards", "keep", "choice", "object", "Object", "id"):
            if key in data:
                found = _object_in(data[key])
                if found is not None:
                    return found
        if data.get("type") == "Object":
            return _object_in(data.get("data"))
    if isinstance(data, list) and len(data) == 1:
        return _object_in(data[0])
    if isinstance(data, int) and not isinstance(data, bool):
        return data
    return None
